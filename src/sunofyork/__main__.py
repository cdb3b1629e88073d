"""Command line: ``python -m sunofyork <command>``; ``--help`` on each command explains it.

- ``selfplay``: whole games between two agents, one JSON line per game and a summary, e.g.
  ``python -m sunofyork selfplay --scenario towton --games 20 --seed 1 --lancaster random
  --york random --json``.
- ``tournament``: two agents against each other from both sides of every seed, with the Wilson
  95% interval of A's win rate, e.g. ``python -m sunofyork tournament --scenario towton --a easy
  --b random --games 40 --seed 1 --json``.
- ``replay``: rebuild a game from the record in a save (or a record file) and check that it
  equals the saved state, e.g. ``python -m sunofyork replay my-game.json``.

Agents come from ``sunofyork.ai.get_agent(name, seed)``; while that module is missing the
built-in "random" agent stands in.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from roses.stats import wilson

from roses.selfplay import replay_file, selfplay_loop

from .game import CAMPAIGN, new_game
from .record import ReplayError, check, record_json
from .scenario import SCENARIO_IDS

SIDES = ("Lancaster", "York")
MAX_ACTIONS = 100_000


class RandomAgent:
    """Uniform over the legal actions, from its own generator (the fallback agent)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game, side):
        return self.rng.choice(game.legal_actions(side))


def get_agent(name: str, seed: int):
    """An agent by name: ``sunofyork.ai.get_agent`` when it exists, else the built-in random
    one (any other name is then a ValueError)."""
    try:
        from .ai import get_agent as ai_agent  # the AI sits above the engine: imported on use
    except ImportError:
        ai_agent = None
    if ai_agent is not None:
        return ai_agent(name, seed)
    if name != "random":
        raise ValueError(f"unknown agent {name!r}: only 'random' is available (no sunofyork.ai)")
    return RandomAgent(seed)


def play_game(scenario: str, seed: int, lancaster: str, york: str, options: int = 0,
              max_actions: int = MAX_ACTIONS):
    """Play one game; (game, JSON-ready record of it: scenario, seed, options, lancaster, york,
    winner, reason, actions, turns, battles, seconds). RuntimeError past ``max_actions``."""
    t0 = time.perf_counter()
    g = new_game(scenario, seed=seed, options=options)
    agents = (get_agent(lancaster, seed * 2), get_agent(york, seed * 2 + 1))
    n = 0
    while not g.is_over:
        if n >= max_actions:
            raise RuntimeError(f"not over after {max_actions} actions")
        s = g.active_sides()[0]
        g.apply(s, agents[s].choose(g, s))
        n += 1
    battles = len(g.campaign["results"]) if g.campaign is not None else 1
    return g, {"scenario": scenario, "seed": seed, "options": options, "lancaster": lancaster,
               "york": york, "winner": SIDES[g.winner] if g.winner >= 0 else None,
               "reason": g.reason, "actions": n, "turns": g.turn, "battles": battles,
               "seconds": round(time.perf_counter() - t0, 4)}


def summarise(records: list, seconds: float) -> dict:
    games = len(records)
    return {"summary": True, "games": games,
            "wins": {s: sum(r["winner"] == s for r in records) for s in SIDES},
            "draws": sum(r["winner"] is None for r in records),
            "actions": sum(r["actions"] for r in records),
            "mean_actions": round(sum(r["actions"] for r in records) / games, 1) if games else 0,
            "seconds": round(seconds, 3),
            "games_per_sec": round(games / seconds, 3) if seconds > 0 else 0.0}


def _selfplay(args) -> int:
    return selfplay_loop(
        args,
        lambda seed: play_game(args.scenario, seed, args.lancaster, args.york, args.options,
                               args.max_actions),
        record_json,
        lambda seed, rec: (f"game {seed}: {rec['winner']} wins ({rec['reason']}) in "
                           f"{rec['turns']} turns, {rec['actions']} actions, "
                           f"{rec['seconds']} s"),
        summarise,
        lambda summary, failed: (f"{summary['games']} games of {args.scenario}: Lancaster "
                                 f"{summary['wins']['Lancaster']}, York "
                                 f"{summary['wins']['York']}, {summary['draws']} draws; "
                                 f"{failed} errors; {summary['games_per_sec']} games/s"))


def _tournament(args) -> int:
    """Game i: seed SEED*100003 + i//2, agent A Lancaster in even games and York in odd ones."""
    records = []
    failed = 0
    t0 = time.perf_counter()
    for i in range(args.games):
        seed = args.seed * 100003 + i // 2
        a_side = i % 2
        names = {a_side: args.a, 1 - a_side: args.b}
        try:
            _, rec = play_game(args.scenario, seed, names[0], names[1], args.options,
                               args.max_actions)
        except Exception as exc:  # noqa: BLE001 -- report any engine error, go on, count it
            failed += 1
            rec = {"game": i, "seed": seed, "error": f"{type(exc).__name__}: {exc}"}
            print(json.dumps(rec) if args.json else f"game {i}: ERROR {rec['error']}",
                  flush=True)
            continue
        side = SIDES.index(rec["winner"]) if rec["winner"] else -1
        rec = {"game": i, "a_side": SIDES[a_side], "a": args.a, "b": args.b, **rec,
               "winner_side": rec["winner"],
               "winner": None if side < 0 else "a" if side == a_side else "b"}
        records.append(rec)
        if args.json:
            print(json.dumps(rec), flush=True)
    games = len(records)
    a_wins = sum(r["winner"] == "a" for r in records)
    b_wins = sum(r["winner"] == "b" for r in records)
    lo, hi = wilson(a_wins, games)
    summary = {"summary": True, "scenario": args.scenario, "a": args.a, "b": args.b,
               "seed": args.seed, "games": games, "errors": failed, "a_wins": a_wins,
               "b_wins": b_wins, "draws": games - a_wins - b_wins,
               "a_win_rate": round(a_wins / games, 4) if games else 0.0,
               "a_win_rate_ci95": [round(lo, 4), round(hi, 4)],
               "a_wins_as_lancaster": sum(r["winner"] == "a" and r["a_side"] == "Lancaster"
                                          for r in records),
               "a_wins_as_york": sum(r["winner"] == "a" and r["a_side"] == "York"
                                     for r in records),
               "seconds": round(time.perf_counter() - t0, 3)}
    if args.json:
        print(json.dumps(summary), flush=True)
    else:
        print(f"{args.a} vs {args.b} on {args.scenario}: {a_wins}-{b_wins} of {games} "
              f"({summary['a_win_rate']:.1%}, 95% CI {lo:.1%}-{hi:.1%}); {failed} errors")
    return 1 if failed else 0


def _replay(args) -> int:
    """Exit 0 if the record rebuilds the saved state, 1 on a mismatch, 2 if the file cannot be
    replayed (unreadable, not a save or record, damaged, an illegal action)."""
    return replay_file(args.file, check, ReplayError)


SCENARIOS = list(SCENARIO_IDS) + [CAMPAIGN]


def _common(p) -> None:
    p.add_argument("--scenario", default="towton", choices=SCENARIOS, metavar="ID",
                   help="scenario id (one of 9.1's battles, 'random' or 'campaign'; default "
                        "towton)")
    p.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    p.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    p.add_argument("--options", type=int, default=0, choices=[0, 1, 2],
                   help="deployment: 0 the rules', 1 or 2 the less random options (4.0)")
    p.add_argument("--max-actions", type=int, default=MAX_ACTIONS,
                   help=f"report a game as an error after this many actions "
                        f"(default {MAX_ACTIONS})")


def build_parser() -> argparse.ArgumentParser:
    """The argparse parser with one subparser per command."""
    p = argparse.ArgumentParser(prog="sunofyork", description="Sun of York engine and AI")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser(
        "selfplay", help="play whole games between two agents (JSON lines with --json)",
        description="Play whole games of one scenario between two agents and report each "
                    "game and a summary. Game i uses seed SEED+i, so runs are reproducible. "
                    "Exit status 1 if any game raised an error.")
    _common(s)
    s.add_argument("--lancaster", default="random", help="agent playing Lancaster (default "
                   "random; easy, normal, hard, expert with sunofyork.ai)")
    s.add_argument("--york", default="random", help="agent playing York (default random)")
    s.add_argument("--json", action="store_true",
                   help="one JSON object per game (scenario, seed, winner, reason, actions, "
                        "turns, battles, seconds) and a summary object")
    s.add_argument("--quiet", action="store_true", help="without --json: the summary only")
    s.add_argument("--records", type=Path, metavar="DIR", default=None,
                   help="write each game's record file (SCENARIO-SEED.json) in DIR")
    s.set_defaults(func=_selfplay)

    t = sub.add_parser(
        "tournament", help="play two agents against each other, both sides",
        description="Agent A against agent B: game i is played on seed SEED*100003 + i//2 "
                    "with A as Lancaster in even games and York in odd ones; the summary gives "
                    "A's win rate with its Wilson 95% interval.")
    _common(t)
    t.add_argument("--a", required=True, help="agent A")
    t.add_argument("--b", required=True, help="agent B")
    t.add_argument("--json", action="store_true", help="one JSON line per game, then a summary")
    t.set_defaults(func=_tournament)

    r = sub.add_parser(
        "replay", help="rebuild a saved game from its record and check it",
        description="Rebuild a game from the record (scenario, seed, options, decks and every "
                    "action in order) held in FILE and check that it equals the saved state. "
                    "FILE is a Game.to_json() save or a record file (which is only replayed). "
                    "Exit status 0 if it matches, 1 on a mismatch, 2 if FILE cannot be "
                    "replayed.")
    r.add_argument("file", metavar="FILE", help="the save or record file (JSON)")
    r.set_defaults(func=_replay)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
