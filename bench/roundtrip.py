#!/usr/bin/env python3
"""Every state a save can be made in loads again (issue 28): seeded whole games with a save
round trip after every action (``tests/roundtrip.py``), random games and AI games (normal
against easy: realistic battles), every scenario.

    .venv/bin/python bench/roundtrip.py [--random 300] [--ai 60] [--seed 1] [--jobs 2]

Prints, per scenario and kind, the games played, the states checked and every failure (the
first few in full), then a total. Exits 1 if any state failed to round-trip.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

from roundtrip import RoundTripError, play_round_tripped  # noqa: E402

SCENARIOS = ("1460", "1470", "1483")
KINDS = {"random": ("random", "random"), "ai": ("normal", "easy")}


def _one(job):
    scenario, kind, seed = job
    lancaster, york = KINDS[kind]
    if kind == "ai" and seed % 2:          # the AI plays both sides across the run
        lancaster, york = york, lancaster
    try:
        return job, play_round_tripped(scenario, seed, lancaster, york), None
    except RoundTripError as exc:
        return job, 0, str(exc)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--random", type=int, default=300, help="random games per scenario")
    ap.add_argument("--ai", type=int, default=60, help="normal-vs-easy games per scenario")
    ap.add_argument("--seed", type=int, default=1, help="first game seed")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    jobs = [(sc, kind, args.seed + i) for sc in SCENARIOS
            for kind, n in (("random", args.random), ("ai", args.ai)) for i in range(n)]
    t0 = time.perf_counter()
    states, games, failures = {}, {}, []
    with multiprocessing.Pool(args.jobs) as pool:
        for (sc, kind, seed), n, error in pool.imap_unordered(_one, jobs, chunksize=2):
            key = (sc, kind)
            games[key] = games.get(key, 0) + 1
            states[key] = states.get(key, 0) + n
            if error:
                failures.append(error)
    for key in sorted(games):
        print(f"{key[0]} {key[1]:6s}: {games[key]:4d} games, {states[key]:8d} states round-tripped")
    print(f"total: {sum(games.values())} games, {sum(states.values())} states, "
          f"{len(failures)} failures, {time.perf_counter() - t0:.0f} s")
    for f in failures[:10]:
        print("  FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
