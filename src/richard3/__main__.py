"""Command line: ``python -m richard3 <command>``; ``--help`` on each command explains it.

- ``selfplay``: whole games between two agents, one JSON line per game and a summary (issue 4),
  e.g. ``python -m richard3 selfplay --scenario 1460 --games 20 --seed 1 --lancaster random
  --york random --json``.
- ``tournament``: play two agents against each other from both sides (issue 6), e.g.
  ``python -m richard3 tournament --scenario 1483 --a hard --b normal --games 100 --seed 1
  --iterations 50 --json``.
- ``replay``: rebuild a game from the record in a save (or a record file) and check that it
  equals the saved state (issue 19), e.g. ``python -m richard3 replay my-game.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from roses.selfplay import replay_file, selfplay_loop

from .ai.tournament import load_results, pairing, run_tournament
from .record import ReplayError, check
from .selfplay import play_game, summarise


def _tournament(args) -> int:
    options = {}
    if args.iterations is not None:
        options["iterations"] = args.iterations
    elif args.budget_ms is not None:
        options["budget_ms"] = args.budget_ms
    progress = sys.stderr.isatty()
    played = []
    if args.results is not None:
        try:
            played = load_results(args.results, pairing(args.scenario, args.a, args.b,
                                                        args.seed, options))
        except ValueError as exc:
            print(f"richard3 tournament: {exc}", file=sys.stderr)
            return 2
    played = [r for r in played if r["game"] < args.games]
    done = [len(played), sum(r["winner"] == "a" for r in played)]

    def on_game(rec):
        done[0] += 1
        done[1] += rec["winner"] == "a"
        if args.results is not None:
            with open(args.results, "a") as out:
                out.write(json.dumps(rec) + "\n")
        if args.json:
            print(json.dumps(rec), flush=True)
        if progress:
            print(f"\r{done[0]}/{args.games} games, {args.a} won {done[1]}", end="",
                  file=sys.stderr, flush=True)
    summary = run_tournament(args.scenario, args.a, args.b, args.games, args.seed, options,
                             workers=args.workers, on_game=on_game, done=played)
    if progress:
        print(file=sys.stderr)
    if args.json:
        print(json.dumps(summary), flush=True)
    else:
        lo, hi = summary["a_win_rate_ci95"]
        print(f"{args.a} vs {args.b} on {args.scenario}: {summary['a_wins']}-{summary['b_wins']} "
              f"of {summary['games']} ({summary['a_win_rate']:.1%}, 95% CI {lo:.1%}-{hi:.1%})")
        d = summary["paired"]
        print(f"paired deals (both seats played): {d['deals']}; {args.a} swept {d['a_swept']}, "
              f"{args.b} swept {d['b_swept']}, split {d['split']} (sign test p = "
              f"{d['sign_p']:.3g})")
    return 0


def _selfplay(args) -> int:
    return selfplay_loop(
        args,
        lambda seed: play_game(args.scenario, seed, args.lancaster, args.york,
                               max_actions=args.max_actions),
        lambda game: game.record_json(),
        lambda seed, rec: (f"game {seed}: {rec['winner']} wins in {rec['game_turns']} game "
                           f"turns, {rec['actions']} actions, {rec['battles']} battles: "
                           f"{rec['reason']}"),
        summarise,
        lambda summary, failed: (f"{summary['games']} games of {args.scenario}: Lancaster "
                                 f"{summary['wins']['Lancaster']}, York "
                                 f"{summary['wins']['York']}; {failed} errors; "
                                 f"{summary['games_per_sec']} games/s"))


def _replay(args) -> int:
    """Exit 0 if the record rebuilds the saved state, 1 on a mismatch, 2 if the file cannot be
    replayed (unreadable, not a save or record, no record, an illegal action)."""
    return replay_file(args.file, check, ReplayError)


def _add_replay(sub) -> None:
    p = sub.add_parser(
        "replay", help="rebuild a saved game from its record and check it",
        description="Rebuild a game from the record (scenario, seed and every action in order) "
                    "held in FILE and check that it equals the saved state. FILE is the page's "
                    "save file, a Game.to_json() save or an exported record (which is only "
                    "replayed). Exit status 0 if it matches, 1 on a mismatch, 2 if FILE cannot "
                    "be replayed (not a save, no record, an action that is not legal).")
    p.add_argument("file", metavar="FILE", help="the save or record file (JSON)")
    p.set_defaults(func=_replay)


def _add_selfplay(sub) -> None:
    p = sub.add_parser(
        "selfplay", help="play whole games between two agents (JSON lines with --json)",
        description="Play whole games of one scenario between two agents and report each "
                    "game and a summary. Game i uses seed SEED+i, so runs are reproducible. "
                    "Exit status 1 if any game raised an error.")
    p.add_argument("--scenario", default="1460", choices=["1460", "1470", "1483"],
                   help="scenario to play (default 1460)")
    p.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    p.add_argument("--lancaster", default="random",
                   help="agent playing Lancaster: random, easy, normal or hard (default random)")
    p.add_argument("--york", default="random", help="agent playing York (default random)")
    p.add_argument("--max-actions", type=int, default=200_000,
                   help="report a game as an error after this many decisions (default 200000)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object per game (scenario, seed, winner, reason, "
                        "actions, game_turns, battles, seconds, ...) and a summary object "
                        "(games, wins, games_per_sec, ...)")
    p.add_argument("--quiet", action="store_true", help="without --json: print the summary only")
    p.add_argument("--records", type=Path, metavar="DIR", default=None,
                   help="write each game's record file (SCENARIO-SEED.json) in DIR: the page "
                        "imports it to replay the game")
    p.set_defaults(func=_selfplay)


def build_parser() -> argparse.ArgumentParser:
    """The argparse parser with one subparser per command."""
    p = argparse.ArgumentParser(prog="richard3", description="Richard III engine and AI")
    sub = p.add_subparsers(dest="command", required=True)
    _add_selfplay(sub)
    _add_replay(sub)
    t = sub.add_parser("tournament", help="play two agents against each other, both sides")
    t.add_argument("--scenario", default="1483", choices=["1460", "1470", "1483"])
    t.add_argument("--a", required=True, help="agent A: random, easy, normal, hard, expert, "
                   "hard-v1 or hard-v2, with options as hard:samples=8")
    t.add_argument("--b", required=True, help="agent B")
    t.add_argument("--games", type=int, default=100)
    t.add_argument("--seed", type=int, default=1)
    g = t.add_mutually_exclusive_group()
    g.add_argument("--budget-ms", type=float, default=None, help="hard-v1: ms per decision")
    g.add_argument("--iterations", type=int, default=None,
                   help="hard-v1: iterations per decision")
    t.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    t.add_argument("--json", action="store_true", help="one JSON line per game, then a summary")
    t.add_argument("--results", type=Path, default=None, metavar="FILE",
                   help="JSON lines of the games, kept as they are played: a run stopped "
                        "part-way goes on from them (same pairing and code only)")
    t.set_defaults(func=_tournament)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
