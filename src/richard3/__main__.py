"""Command line: ``python -m richard3 <command>``.

- ``tournament``: play two agents against each other from both sides (issue 6), e.g.
  ``python -m richard3 tournament --scenario 1483 --a hard --b normal --games 100 --seed 1
  --iterations 50 --json``.
"""

from __future__ import annotations

import argparse
import json
import sys


def _tournament(args) -> int:
    from .ai.tournament import run_tournament
    options = {}
    if args.iterations is not None:
        options["iterations"] = args.iterations
    elif args.budget_ms is not None:
        options["budget_ms"] = args.budget_ms
    progress = sys.stderr.isatty()
    done = [0, 0]

    def on_game(rec):
        done[0] += 1
        done[1] += rec["winner"] == "a"
        if args.json:
            print(json.dumps(rec), flush=True)
        if progress:
            print(f"\r{done[0]}/{args.games} games, {args.a} won {done[1]}", end="",
                  file=sys.stderr, flush=True)
    summary = run_tournament(args.scenario, args.a, args.b, args.games, args.seed, options,
                             workers=args.workers, on_game=on_game)
    if progress:
        print(file=sys.stderr)
    if args.json:
        print(json.dumps(summary), flush=True)
    else:
        lo, hi = summary["a_win_rate_ci95"]
        print(f"{args.a} vs {args.b} on {args.scenario}: {summary['a_wins']}-{summary['b_wins']} "
              f"of {summary['games']} ({summary['a_win_rate']:.1%}, 95% CI {lo:.1%}-{hi:.1%})")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argparse parser with one subparser per command."""
    p = argparse.ArgumentParser(prog="richard3", description="Richard III engine and AI")
    sub = p.add_subparsers(dest="command", required=True)
    t = sub.add_parser("tournament", help="play two agents against each other, both sides")
    t.add_argument("--scenario", default="1483", choices=["1460", "1470", "1483"])
    t.add_argument("--a", required=True, help="agent A: random, easy, normal or hard")
    t.add_argument("--b", required=True, help="agent B")
    t.add_argument("--games", type=int, default=100)
    t.add_argument("--seed", type=int, default=1)
    g = t.add_mutually_exclusive_group()
    g.add_argument("--budget-ms", type=float, default=None, help="hard: ms per decision")
    g.add_argument("--iterations", type=int, default=None, help="hard: iterations per decision")
    t.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    t.add_argument("--json", action="store_true", help="one JSON line per game, then a summary")
    t.set_defaults(func=_tournament)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
