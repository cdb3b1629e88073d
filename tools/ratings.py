#!/usr/bin/env python3
"""Ratings of the AI levels (issues 25 and 57): a round robin of the levels (by default random,
easy, normal, hard-v1, hard and expert; hard-v2 on request) on every scenario, from both sides,
and ratings fitted to its results free of the seat: each agent's strength together with each
scenario's advantage of the seat (``tools/seat_ratings.py``: Bradley-Terry with a seat term,
scipy, 95% intervals from the fit's covariance or a bootstrap over the deals), on the Elo
scale, with the paired deals (both games of a game seed, the seats swapped). ``--plain``
prints instead the fit of issue 25 (``choix``, no seat term, bootstrap over the games).

    .venv/bin/python tools/ratings.py [--games 20] [--seed 1] [--workers 2] [--agents ...]
    .venv/bin/python tools/ratings.py --results FILE [FILE ...]   # fit again from saved results
    .pypy/bin/python tools/uninstalled.py tools/ratings.py ... --no-fit   # play under PyPy
    .venv/bin/python tools/ratings.py --agents old new --values old=OLD.json new=NEW.json ...

PyPy plays the same games move for move at about 2.5 times the pace (tools/uninstalled.py
says how to make ``.pypy``); it has no scipy, so ``--no-fit`` plays only and the fit is made
afterwards with ``--results``. Each record names the interpreter that played it (``python``).

Each pairing plays ``--games`` games per scenario (half with each agent as Lancaster; game
seeds as ``python -m richard3 tournament``, agents at their tournament bounds) and each game
result is one JSON line in ``--out`` (default .cache/ai/ratings.jsonl), with the run's seed
and the code's fingerprint, so a run can be resumed (on the same code and seed only) and
refitted. Prints the tables in Markdown for docs/ai-strength.md: each level's rating (the
``--anchor`` at 0, random by default), its interval, games and wins; each scenario's seat
advantage; the paired deals.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tools"))

from richard3.ai.tournament import code_fingerprint, load_results, play_game

import seat_ratings  # noqa: E402  (tools/, beside this file)

AGENTS = ("random", "easy", "normal", "hard-v1", "hard", "expert")
SCENARIOS = ("1460", "1470", "1483")
ELO = 400 / 2.302585092994046      # Bradley-Terry's natural-log strength -> Elo points


def _job(job):
    scenario, a, b, index, seed = job
    rec = play_game(scenario, a, b, index, seed, {})
    return {"scenario": scenario, "a": a, "b": b, "game": index, "a_side": rec["a_side"],
            "winner": rec["winner"],
            "decisions": rec["decisions"], "seconds": rec["seconds"], "seed": seed,
            "code": code_fingerprint(), "game_seed": rec["seed"], "moves": rec["moves"],
            "python": platform.python_implementation()}


def register_values(specs: list[str]) -> list[str]:
    """``--values NAME=FILE ...``: each NAME becomes the hard level (``registry.HARD``, its
    tournament bound) judging by the weights of FILE, a value file as
    ``tools/train_value.py fit`` writes it, so two fits meet on paired deals. Returns the
    names; raises SystemExit naming the spec or file that is not of that form, or whose
    features are not ``features.NAMES``."""
    from functools import partial

    from richard3.ai import registry
    from richard3.ai.features import NAMES
    from richard3.ai.search import SearchAgent
    names = []
    for spec in specs:
        name, eq, path = spec.partition("=")
        if not eq or not name or name in registry.REGISTRY:
            raise SystemExit(f"--values {spec}: expected NAME=FILE with a new agent name")
        try:
            data = json.loads(Path(path).read_text())
            if data.get("features") != list(NAMES):
                raise ValueError("its features are not those of ai/features.py")
            w = tuple(float(data["weights"][n]) for n in NAMES)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise SystemExit(f"--values {spec}: {path} is not a value file ({exc})") from None
        registry.REGISTRY[name] = partial(SearchAgent, **registry.HARD, weights=w)
        registry.TOURNAMENT[name] = registry.TOURNAMENT["hard"]
        names.append(name)
    return names


def played(path: Path, seed: int, code: str) -> set:
    """The (scenario, a, b, game) keys of the games already in ``path``, a results file this
    run resumes (none if it does not exist). Raises SystemExit, naming the file and line, if
    a line is not a game record or a game there was played with another ``--seed`` or by
    other code (``code_fingerprint``): one table must not mix them."""
    try:
        rows = load_results(path, {"seed": seed, "code": code}, keys=("seed", "code"))
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    return {(r["scenario"], r["a"], r["b"], r["game"]) for r in rows}


def fit(results: list[dict], agents: list[str], boot: int, seed: int) -> dict:
    """Ratings (Elo scale, the first agent at 0) and 95% bootstrap intervals."""
    import choix
    import numpy as np
    index = {a: i for i, a in enumerate(agents)}

    def ratings(rows):
        pairs = [(index[r["a"]], index[r["b"]]) if r["winner"] == "a"
                 else (index[r["b"]], index[r["a"]]) for r in rows if r["winner"]]
        params = choix.opt_pairwise(len(agents), pairs, alpha=0.01)
        return (params - params[0]) * ELO

    point = ratings(results)
    rnd = random.Random(seed)
    samples = np.array([ratings([rnd.choice(results) for _ in results]) for _ in range(boot)])
    lo, hi = np.percentile(samples, 2.5, axis=0), np.percentile(samples, 97.5, axis=0)
    table = {}
    for a, i in index.items():
        mine = [r for r in results if a in (r["a"], r["b"])]
        score = sum((r["winner"] == "a") == (r["a"] == a) for r in mine if r["winner"])
        table[a] = {"rating": round(float(point[i])), "low": round(float(lo[i])),
                    "high": round(float(hi[i])), "games": len(mine), "wins": score}
    return table


def schedule(games: int, agents: list[str], seed: int, scenarios, done: set) -> list[tuple]:
    """The games still to play, as ``_job``'s (scenario, a, b, game, seed): ``games`` a pairing
    and scenario of ``scenarios``, the keys in ``done`` (``played``) left out. Deal by deal
    (both games of a deal, then the next scenario), so that a run stopped early has paired
    deals of every scenario in like numbers."""
    return [(sc, a, b, i, seed) for pair in range(0, games, 2)
            for sc in scenarios for a, b in itertools.combinations(agents, 2)
            for i in range(pair, min(pair + 2, games))
            if (sc, a, b, i) not in done]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per pairing and scenario")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--agents", nargs="+", default=list(AGENTS))
    ap.add_argument("--scenarios", nargs="+", default=list(SCENARIOS), choices=SCENARIOS,
                    help="play only these (a lent machine whose calls are shorter than a "
                         "1460 game plays 1470 and 1483; the fit reads every game in --out)")
    ap.add_argument("--out", type=Path, default=ROOT / ".cache" / "ai" / "ratings.jsonl")
    ap.add_argument("--results", type=Path, nargs="+",
                    help="fit these results instead of playing")
    ap.add_argument("--bootstrap", type=int, default=None,
                    help="resamples for the intervals (default: the seat-free fit's "
                         "covariance; --plain: 200 over the games)")
    ap.add_argument("--anchor", default=None, help="the agent at 0 (default: the first of "
                    "--agents that played)")
    ap.add_argument("--plain", action="store_true",
                    help="issue 25's fit: choix, no seat term")
    ap.add_argument("--values", nargs="+", default=[], metavar="NAME=FILE",
                    help="agents NAME: the hard level with the value file FILE (a refit "
                         "against the shipped value, say); name them in --agents")
    ap.add_argument("--no-fit", action="store_true",
                    help="play only, fit nothing (under PyPy, which has no scipy: fit the "
                         "file afterwards with --results)")
    args = ap.parse_args(argv)
    register_values(args.values)     # before the pool forks, so its workers know them
    if args.results:
        results = [json.loads(x) for path in args.results
                   for x in path.read_text().splitlines() if x.strip()]
    else:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        done = played(args.out, args.seed, code_fingerprint())   # none if no file yet
        jobs = schedule(args.games, args.agents, args.seed, args.scenarios, done)
        t0 = time.perf_counter()
        with open(args.out, "a") as f, multiprocessing.Pool(args.workers) as pool:
            for n, rec in enumerate(pool.imap_unordered(_job, jobs), 1):
                f.write(json.dumps(rec) + "\n")
                f.flush()
                print(f"\r{n}/{len(jobs)} games, {time.perf_counter() - t0:.0f} s", end="",
                      file=sys.stderr)
        print(file=sys.stderr)
        if args.no_fit:
            return 0
        results = [json.loads(x) for x in args.out.read_text().splitlines() if x.strip()]
    results = [r for r in results if r["a"] in args.agents and r["b"] in args.agents
               and not r.get("summary")]
    if not args.plain:
        rows = [row for row in map(seat_ratings.game_row, results) if row is not None]
        named = {r["lancaster"] for r in rows} | {r["york"] for r in rows}
        anchor = args.anchor or next(a for a in args.agents if a in named)
        table = seat_ratings.fit(rows, anchor, args.bootstrap or 0, args.seed)
        print(seat_ratings.markdown(table, seat_ratings.paired(rows)))
        return 0
    table = fit(results, args.agents, args.bootstrap or 200, args.seed)
    print("| level | rating (Elo scale, random = 0) | 95% interval | games | wins |")
    print("| --- | ---: | --- | ---: | ---: |")
    for a in args.agents:
        t = table[a]
        print(f"| {a} | {t['rating']} | {t['low']} to {t['high']} | {t['games']} | {t['wins']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
