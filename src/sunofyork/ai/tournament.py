"""Tournaments between two Sun of York agents: every historical scenario (9.1; not "random"),
both sides of each seed, a Wilson 95% interval, several processes, resumable.

Game ``i`` (0-based) of a tournament with seed ``S`` over scenarios ``sc`` is played on
scenario ``sc[(i // 2) % len(sc)]`` with game seed ``S * 100003 + i // 2``; agent A is
Lancaster in even games and York in odd ones, so each deal is played from both sides. The
agents' seeds derive from the game seed: with iteration-bounded agents (``registry.TOURNAMENT``)
a tournament repeats exactly.

Results go to a JSON-lines file, one record a game; a run started again with the same file
skips the games already there (a file of another pairing or other code is refused).

Command line::

    python -m sunofyork.ai.tournament easy random --games 40 --workers 2 --out r.jsonl

The interval (``roses.stats.wilson``) and the paired deals with A's winning chance from an
even deal (``roses.stats.paired_deals``): shared with Richard III's tournaments.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

from roses.records import code_fingerprint as fingerprint, json_lines
from roses.stats import paired_deals, wilson

from ..game import new_game
from ..scenario import SCENARIO_IDS
from .registry import tournament_agent

#: a safety net: a game not over after this many decisions is scored a draw
MAX_DECISIONS = 6000
HISTORICAL = tuple(s for s in SCENARIO_IDS if s != "random")
PAIRING_KEYS = ("a", "b", "tournament_seed", "scenarios", "code")


def code_fingerprint() -> str:
    """A short hash of the sunofyork package's sources and data: records of other code differ."""
    return fingerprint(Path(__file__).resolve().parent.parent)


def play_game(a: str, b: str, index: int, seed: int, scenarios: tuple) -> dict:
    """Play game ``index`` of the tournament; a JSON-ready record of it (game, scenario, seed,
    a_side, winner "a"/"b"/None, winner_side, reason, turns, decisions, seconds, and each
    agent's decision count, total and slowest seconds)."""
    scenario = scenarios[(index // 2) % len(scenarios)]
    gseed = seed * 100003 + index // 2
    a_side = index % 2
    g = new_game(scenario, seed=gseed)
    names = {a_side: a, 1 - a_side: b}
    agents = {s: tournament_agent(names[s], gseed * 2 + s) for s in (0, 1)}
    spent = {0: 0.0, 1: 0.0}
    slowest = {0: 0.0, 1: 0.0}
    count = {0: 0, 1: 0}
    t0 = time.perf_counter()
    n = 0
    while not g.is_over and n < MAX_DECISIONS:
        s = g.active_sides()[0]
        t = time.perf_counter()
        act = agents[s].choose(g, s)
        dt = time.perf_counter() - t
        spent[s] += dt
        slowest[s] = max(slowest[s], dt)
        count[s] += 1
        g.apply(s, act)
        n += 1
    winner = None
    if g.is_over and g.winner >= 0:
        winner = "a" if g.winner == a_side else "b"
    b_side = 1 - a_side
    return {"game": index, "scenario": scenario, "seed": gseed,
            "a_side": "Lancaster" if a_side == 0 else "York", "winner": winner,
            "winner_side": ("Lancaster", "York")[g.winner] if g.winner >= 0 else None,
            "reason": g.reason, "turns": g.turn, "decisions": n,
            "seconds": round(time.perf_counter() - t0, 3),
            "a_decisions": count[a_side], "a_seconds": round(spent[a_side], 3),
            "a_ms_max": round(slowest[a_side] * 1000, 1),
            "b_decisions": count[b_side], "b_seconds": round(spent[b_side], 3),
            "b_ms_max": round(slowest[b_side] * 1000, 1)}


def _job(args):
    return play_game(*args)


def pairing(a: str, b: str, seed: int, scenarios: tuple) -> dict:
    return {"a": a, "b": b, "tournament_seed": seed, "scenarios": list(scenarios),
            "code": code_fingerprint()}


def load_results(path, keys: dict) -> list:
    """The records already in ``path`` (JSON lines; [] if absent); ValueError naming the line
    of a record of another pairing or other code."""
    out = []
    for n, rec in json_lines(path):
        if rec.get("summary"):
            continue
        for k in PAIRING_KEYS:
            if rec.get(k) != keys[k]:
                raise ValueError(f"{path}:{n}: {k} is {rec.get(k)!r}, this tournament "
                                 f"{keys[k]!r}: another pairing or other code")
        out.append(rec)
    return out


def summarize(records: list, a: str, b: str) -> dict:
    n = len(records)
    aw = sum(r["winner"] == "a" for r in records)
    bw = sum(r["winner"] == "b" for r in records)
    lo, hi = wilson(aw, n)
    return {"summary": True, "a": a, "b": b, "games": n, "a_wins": aw, "b_wins": bw,
            "draws": n - aw - bw, "a_win_rate": round(aw / n, 4) if n else 0.0,
            "a_win_rate_ci95": [round(lo, 4), round(hi, 4)],
            "a_wins_as_lancaster": sum(r["winner"] == "a" and r["a_side"] == "Lancaster"
                                       for r in records),
            "a_wins_as_york": sum(r["winner"] == "a" and r["a_side"] == "York"
                                  for r in records),
            "paired": paired_deals(records)}


def run_tournament(a: str, b: str, games: int, seed: int = 1, scenarios=HISTORICAL,
                   workers: int = 1, out=None, on_game=None) -> dict:
    """Play ``games`` games of A against B (agent specs, ``roses.agents.parse_spec``), resuming
    from ``out`` (a JSON-lines file) if given; return the summary (``summarize``)."""
    scenarios = tuple(scenarios)
    keys = pairing(a, b, seed, scenarios)
    done = {r["game"]: r for r in (load_results(out, keys) if out else []) if r["game"] < games}
    jobs = [(a, b, i, seed, scenarios) for i in range(games) if i not in done]
    records = list(done.values())
    fh = open(out, "a") if out else None
    try:
        if workers > 1 and len(jobs) > 1:
            with multiprocessing.Pool(workers) as pool:
                results = pool.imap_unordered(_job, jobs)
                for rec in results:
                    _keep(rec, keys, records, fh, on_game)
        else:
            for job in jobs:
                _keep(_job(job), keys, records, fh, on_game)
    finally:
        if fh:
            fh.close()
    records.sort(key=lambda r: r["game"])
    return summarize(records, a, b)


def _keep(rec, keys, records, fh, on_game):
    rec.update(keys)
    records.append(rec)
    if fh:
        fh.write(json.dumps(rec) + "\n")
        fh.flush()
    if on_game:
        on_game(rec)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--scenarios", default="", help="comma-separated ids (default: all 20)")
    ap.add_argument("--out", default=None, help="JSON-lines results file (resumable)")
    args = ap.parse_args(argv)
    scenarios = tuple(args.scenarios.split(",")) if args.scenarios else HISTORICAL

    def show(rec):
        print(f"game {rec['game']:4d} {rec['scenario']:16s} A={rec['a_side']:9s} "
              f"winner={rec['winner']} ({rec['reason']}, {rec['turns']} turns, "
              f"{rec['seconds']}s)", file=sys.stderr, flush=True)
    summary = run_tournament(args.a, args.b, args.games, args.seed, scenarios, args.workers,
                             args.out, show)
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["run_tournament", "play_game", "summarize", "load_results", "wilson",
           "MAX_DECISIONS", "HISTORICAL"]
