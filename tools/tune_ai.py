#!/usr/bin/env python3
"""Tune the search agents' constants with CMA-ES (PyPI ``cma``) over tournaments (issue 25).

    .venv/bin/python tools/tune_ai.py [--level hard] [--opponent hard-v1] [--scenario 1483]
        [--games 24] [--generations 6] [--popsize 6] [--seed 1] [--workers 2]

Each candidate setting of ``SearchAgent``'s constants (``candidates``, ``horizon``, ``width``,
``prior``, ``waste``) plays ``--games`` games against the opponent (both sides, the same game
seeds for every candidate: common random numbers), at the level's tournament bound; CMA-ES
minimises the loss rate. Every evaluation is one JSON line in ``--log`` (default
.cache/ai/tune.jsonl); the best setting seen and its score are printed at the end, in the
form of ``registry.HARD`` / ``EXPERT``. The constants are searched in a box (``SPACE``), on a
scale where CMA-ES's steps are even; integers are rounded.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from richard3.ai import registry
from richard3.ai.tournament import play_game

#: name -> (low, high, integer): the box each constant is searched in.
SPACE = {"candidates": (2, 8, True), "horizon": (2, 12, True), "width": (4, 16, True),
         "prior": (0.0, 6.0, False), "waste": (0.0, 0.1, False)}


def setting(x) -> dict:
    """CMA-ES's point in [0, 1]^n -> the agent's constants."""
    out = {}
    for (name, (lo, hi, integer)), v in zip(SPACE.items(), x):
        v = lo + min(1.0, max(0.0, v)) * (hi - lo)
        out[name] = int(round(v)) if integer else round(float(v), 4)
    return out


def spec(level: str, constants: dict) -> str:
    return level + ":" + ",".join(f"{k}={v}" for k, v in constants.items())


def _job(job):
    return play_game(*job)["winner"] == "a"


def score(pool, level: str, constants: dict, args) -> float:
    """The candidate's win rate against the opponent over the tournament's games."""
    jobs = [(args.scenario, spec(level, constants), args.opponent, i, args.seed, {})
            for i in range(args.games)]
    wins = sum(pool.map(_job, jobs))
    return wins / args.games


def main(argv=None) -> int:
    import cma
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="hard", choices=["hard", "expert"])
    ap.add_argument("--opponent", default="hard-v1")
    ap.add_argument("--scenario", default="1483", choices=["1460", "1470", "1483"])
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--generations", type=int, default=6)
    ap.add_argument("--popsize", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--log", type=Path, default=ROOT / ".cache" / "ai" / "tune.jsonl")
    args = ap.parse_args(argv)
    base = dict(registry.HARD if args.level == "hard" else registry.EXPERT)
    start = [(base.get(k, (lo + hi) / 2) - lo) / (hi - lo) for k, (lo, hi, _) in SPACE.items()]
    es = cma.CMAEvolutionStrategy(start, 0.25, {"popsize": args.popsize, "seed": args.seed,
                                                "bounds": [0, 1], "verbose": -9})
    args.log.parent.mkdir(parents=True, exist_ok=True)
    best = (None, -1.0)
    t0 = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool, open(args.log, "a") as log:
        for gen in range(args.generations):
            xs = es.ask()
            losses = []
            for x in xs:
                constants = setting(x)
                rate = score(pool, args.level, constants, args)
                losses.append(1.0 - rate)
                log.write(json.dumps({"generation": gen, "constants": constants,
                                      "win_rate": rate, "games": args.games,
                                      "opponent": args.opponent, "scenario": args.scenario,
                                      "seconds": round(time.perf_counter() - t0)}) + "\n")
                log.flush()
                if rate > best[1]:
                    best = (constants, rate)
            es.tell(xs, losses)
            print(f"generation {gen}: best {1 - min(losses):.2f}, overall best {best[1]:.2f} "
                  f"{best[0]} ({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    print(json.dumps({"best": best[0], "win_rate": best[1], "games": args.games,
                      "opponent": args.opponent, "scenario": args.scenario}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
