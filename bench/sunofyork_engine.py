#!/usr/bin/env python3
"""Sun of York engine benchmark: prints figures, asserts nothing.

    python3 bench/sunofyork_engine.py [--games N] [--runs R] [--scenario ID ...]
                                      [--json]
    python3 build.py bench-sunofyork      (the same, set up in .venv)

Random whole games (uniform random agents, ``Game.apply`` with its legality check) per second
on one core, for each scenario and overall: R runs (default 3) of N games (default 5) a
scenario, the median run's games per second (overall: all the scenarios' games of a run
together, the median run), and the median milliseconds per game and microseconds per action
(overall: the median of the scenarios' medians), by CPU time (the fair figure when other processes share the cores).
Also ``Game.copy()`` and a save's ``to_json`` / ``from_json`` round trip, medians over states
sampled from the games.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from sunofyork import SCENARIO_IDS, Game, new_game  # noqa: E402


def play(scenario: str, seed: int, samples: list | None = None) -> tuple[int, float]:
    """One random whole game: (actions, CPU seconds); a few states go to ``samples``."""
    r = random.Random(seed)
    t0 = time.process_time()
    g = new_game(scenario, seed=seed)
    n = 0
    while not g.is_over and n < 200_000:
        s = g.active_sides()[0]
        g.apply(s, r.choice(g.legal_actions(s)))
        n += 1
        if samples is not None and n % 97 == 0:
            samples.append(g.copy())
    return n, time.process_time() - t0


def bench_scenario(scenario: str, games: int, runs: int, samples: list, run_secs: list) -> dict:
    """The scenario's figures; each run's CPU seconds are added to ``run_secs[run]``."""
    per_run, per_game, per_action = [], [], []
    for run in range(runs):
        total = 0.0
        for i in range(games):
            n, sec = play(scenario, 1000 * run + i, samples if run == 0 else None)
            total += sec
            per_game.append(sec * 1000)
            per_action.append(sec * 1e6 / max(n, 1))
        run_secs[run] += total
        per_run.append(games / total if total else 0.0)
    return {"scenario": scenario, "games_per_sec": round(statistics.median(per_run), 1),
            "ms_per_game": round(statistics.median(per_game), 2),
            "us_per_action": round(statistics.median(per_action), 1)}


def micro(samples: list) -> dict:
    copy_us, save_us, load_us = [], [], []
    for g in samples[:200]:
        t = time.perf_counter()
        g.copy()
        copy_us.append((time.perf_counter() - t) * 1e6)
        t = time.perf_counter()
        text = g.to_json()
        save_us.append((time.perf_counter() - t) * 1e6)
        t = time.perf_counter()
        Game.from_json(text)
        load_us.append((time.perf_counter() - t) * 1e6)
    med = (lambda xs: round(statistics.median(xs), 1) if xs else None)
    return {"copy_us": med(copy_us), "to_json_us": med(save_us), "from_json_us": med(load_us),
            "states": len(copy_us)}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=5, help="games a scenario a run (default 5)")
    p.add_argument("--runs", type=int, default=3, help="runs (default 3; the median is shown)")
    p.add_argument("--scenario", nargs="*", default=None, metavar="ID",
                   help="scenario ids (default: all of them and the random one)")
    p.add_argument("--json", action="store_true", help="one JSON object of all the figures")
    args = p.parse_args(argv)
    scenarios = args.scenario or list(SCENARIO_IDS)
    samples: list = []
    rows = []
    run_secs = [0.0] * args.runs
    for sid in scenarios:
        row = bench_scenario(sid, args.games, args.runs, samples, run_secs)
        rows.append(row)
        if not args.json:
            print(f"{sid:16} {row['games_per_sec']:8.1f} games/s {row['ms_per_game']:9.2f} "
                  f"ms/game {row['us_per_action']:8.1f} us/action", flush=True)
    n_games = args.games * len(scenarios)
    overall = {"games_per_sec": round(statistics.median(n_games / t for t in run_secs if t), 1),
               "ms_per_game": round(statistics.median(r["ms_per_game"] for r in rows), 2),
               "us_per_action": round(statistics.median(r["us_per_action"] for r in rows), 1)}
    m = micro(samples)
    if args.json:
        print(json.dumps({"scenarios": rows, "overall": overall, **m,
                          "games": args.games, "runs": args.runs}))
    else:
        print(f"{'overall':16} {overall['games_per_sec']:8.1f} games/s "
              f"{overall['ms_per_game']:9.2f} ms/game {overall['us_per_action']:8.1f} us/action")
        print(f"copy() {m['copy_us']} us, to_json {m['to_json_us']} us, from_json "
              f"{m['from_json_us']} us (median of {m['states']} states)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
