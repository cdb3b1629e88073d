"""Latency of the AI agents per decision (issue 6): prints p50 / p95 / max in milliseconds.

Usage: ``python bench/ai.py [--games N] [--budget-ms MS] [--iterations N]``. Plays N games
per scenario of each level (normal; hard with a time budget) against ``easy`` and times every
decision of the measured agent that had more than one legal action. Not a timed test: it
prints figures for docs/ai-strength.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from richard3 import new_game  # noqa: E402
from richard3.ai import get_agent  # noqa: E402


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def measure(level: str, games: int, options: dict) -> tuple[list[float], list[float]]:
    """Milliseconds of each non-forced decision of ``level`` over ``games`` games a scenario:
    (wall clock, CPU time)."""
    times, cpu = [], []
    for scenario in ("1460", "1470", "1483"):
        for i in range(games):
            g = new_game(scenario, seed=1000 + i)
            me = i % 2
            agents = {me: get_agent(level, i, **options), 1 - me: get_agent("easy", i)}
            while not g.is_over:
                s = g.active_sides()[0]
                forced = len(g.legal_actions(s)) == 1
                t, c = time.perf_counter(), time.process_time()
                act = agents[s].choose(g, s)
                dt = (time.perf_counter() - t) * 1000
                dc = (time.process_time() - c) * 1000
                if s == me and not forced:
                    times.append(dt)
                    cpu.append(dc)
                g.apply(s, act)
    return times, cpu


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--budget-ms", type=float, default=1000.0)
    args = p.parse_args()
    for level, options in (("easy", {}), ("normal", {}),
                           ("hard", {"budget_ms": args.budget_ms})):
        games = args.games if level != "hard" else max(1, args.games // 2)
        ts, cs = measure(level, games, options)
        print(f"{level:7s} {str(options):24s} decisions={len(ts):5d} p50={pct(ts, .5):8.1f} ms "
              f"p95={pct(ts, .95):8.1f} ms max={max(ts):8.1f} ms | CPU p50={pct(cs, .5):7.1f} "
              f"ms p95={pct(cs, .95):7.1f} ms max={max(cs):7.1f} ms")


if __name__ == "__main__":
    main()
