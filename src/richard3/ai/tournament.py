"""Tournaments between two agents: both sides of every seed, with a Wilson 95% interval.

Game ``i`` (0-based) of a tournament with seed ``S`` uses game seed ``S * 100003 + i // 2``;
agent A is Lancaster in even games and York in odd games, so each pairing of seeds is played
from both sides. Agent seeds derive from the game seed, so a tournament is reproducible when
the agents are iteration-bounded.

Paired deals: games ``2k`` and ``2k + 1`` play the same deal (game seed) with the seats
swapped, and each seat's agent is seeded alike in both, so the two agents play the same deal
from the same seat. The summary's ``paired`` counts the deals each agent won from both seats
(swept) and the deals the seat decided (split), with a sign test over the sweeps and A's
winning chance from an even deal (``roses.stats.paired_deals``): where one seat wins most
games (York on 1483 and 1470), the sweeps show a difference between two agents that the win
rate buries in the seat's games (tools/seat_ratings.py fits the seat itself).

A tournament may write its games to a results file (``run_tournament``'s ``done`` and
``load_results``): a run stopped part-way goes on from the games already played, so a
200-game tournament can span several sittings, and the file refuses games of another pairing
or of other code (``code_fingerprint``).
"""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

from roses.records import code_fingerprint as fingerprint, json_lines
from roses.stats import paired_deals, wilson

from ..game import new_game
from ..politics import usurpation_counts
from .registry import tournament_agent

MAX_DECISIONS = 20000     # a safety net: a game this long is scored a draw

#: The record keys that name a pairing: games of a results file must agree on all of them.
PAIRING_KEYS = ("scenario", "a", "b", "tournament_seed", "options", "code")


def code_fingerprint() -> str:
    """A short hash (12 hex digits) of the richard3 package's sources and data
    (``roses.records.code_fingerprint``): a results file cannot mix games of other code."""
    return fingerprint(Path(__file__).resolve().parent.parent)


def load_results(path, pairing: dict, keys=PAIRING_KEYS) -> list[dict]:
    """The game records already in the results file ``path`` (JSON lines; [] if it does not
    exist), checked against ``pairing`` (the values of ``keys``, by default
    ``PAIRING_KEYS``; a round robin of several pairings checks only its seed and code).

    Raises ValueError naming the file and line of a record that is not JSON, lacks a game
    index, or belongs to another pairing or other code: the file is left as it is.
    """
    records = []
    for n, rec in json_lines(path):
        if not isinstance(rec, dict) or not isinstance(rec.get("game"), int):
            # a broken file, not a caller's wrong type: the same error as bad JSON
            raise ValueError(f"{path}:{n}: not a game record (no game index)")  # noqa: TRY004
        for key in keys:
            if rec.get(key) != pairing[key]:
                raise ValueError(f"{path}:{n}: game {rec['game']} has {key} {rec.get(key)!r}, "
                                 f"this tournament {pairing[key]!r}: another pairing or other "
                                 "code; use another results file")
        records.append(rec)
    return records


def play_game(scenario: str, a: str, b: str, index: int, seed: int, options: dict) -> dict:
    """Play game ``index`` of a tournament between agent specs ``a`` and ``b`` ("hard",
    "hard:samples=8", ``roses.agents.parse_spec``: each level at its tournament bound unless the
    spec says otherwise); returns a JSON-ready record of it.

    ``options``: keyword options for every agent named "hard-v1" (``iterations`` or
    ``budget_ms``), kept for the commands of docs/ai-strength.md.
    Record keys: game, scenario, seed, a_side, winner ("a", "b" or None), winner_side,
    reason, usurpation ([Lancaster, York] counts, 8.2, at the end), decisions, seconds,
    a_ms_max / b_ms_max (slowest decision of each agent), moves (each decision as the index
    of the action among ``legal_actions`` then: the game replays from its scenario and seed,
    as ``tools/train_value.py``'s games do, so a tournament's games are data for the fit).
    """
    gseed = seed * 100003 + index // 2
    a_side = index % 2           # 0: A is Lancaster
    g = new_game(scenario, seed=gseed)
    names = {a_side: a, 1 - a_side: b}
    agents = {s: tournament_agent(names[s] + _options(names[s], options), gseed * 2 + s)
              for s in (0, 1)}
    slowest = {0: 0.0, 1: 0.0}
    t0 = time.perf_counter()
    moves = []
    while not g.is_over and len(moves) < MAX_DECISIONS:
        s = g.active_sides()[0]
        t = time.perf_counter()
        act = agents[s].choose(g, s)
        slowest[s] = max(slowest[s], time.perf_counter() - t)
        moves.append(g.legal_actions(s).index(act))
        g.apply(s, act)
    winner = None
    if g.is_over and g.winner >= 0:
        winner = "a" if g.winner == a_side else "b"
    counts = usurpation_counts(g)
    return {"game": index, "scenario": scenario, "seed": gseed,
            "a_side": "Lancaster" if a_side == 0 else "York", "winner": winner,
            "winner_side": ("Lancaster", "York")[g.winner] if g.winner >= 0 else None,
            "reason": g.reason, "usurpation": counts, "decisions": len(moves),
            "seconds": round(time.perf_counter() - t0, 3),
            "a_ms_max": round(slowest[a_side] * 1000, 1),
            "b_ms_max": round(slowest[1 - a_side] * 1000, 1), "moves": moves}


def _options(spec: str, options: dict) -> str:
    """The old --iterations / --budget-ms options, as spec options of a "hard-v1" agent."""
    if spec != "hard-v1" or not options:
        return ""
    return ":" + ",".join(f"{k}={v}" for k, v in options.items())


def _job(args):
    return play_game(*args)


def pairing(scenario: str, a: str, b: str, seed: int, options: dict) -> dict:
    """The keys (``PAIRING_KEYS``) every game record of this tournament carries."""
    return {"scenario": scenario, "a": a, "b": b, "tournament_seed": seed,
            "options": dict(options), "code": code_fingerprint()}


def run_tournament(scenario: str, a: str, b: str, games: int, seed: int, options: dict,
                   workers: int = 1, on_game=None, done: list[dict] = ()) -> dict:
    """Play ``games`` games of A against B; call ``on_game(record)`` after each (in game order)
    and return the summary: games, a_wins, b_wins, draws, a_win_rate, a_win_rate_ci95,
    a_wins_as_lancaster, a_wins_as_york, paired (``paired_deals``), plus the pairing's
    settings.

    ``done``: records of this tournament's games already played (``load_results``); those
    games are not played again and count in the summary. Each new record carries the
    pairing's keys (``pairing``)."""
    keys = pairing(scenario, a, b, seed, options)
    played = {r["game"]: r for r in done if r["game"] < games}
    jobs = [(scenario, a, b, i, seed, options) for i in range(games) if i not in played]
    records = list(played.values())
    if workers > 1 and games > 1:
        with multiprocessing.Pool(workers) as pool:
            for rec in pool.imap(_job, jobs):
                rec.update(keys)
                records.append(rec)
                if on_game:
                    on_game(rec)
    else:
        for job in jobs:
            rec = _job(job)
            rec.update(keys)
            records.append(rec)
            if on_game:
                on_game(rec)
    a_wins = sum(r["winner"] == "a" for r in records)
    b_wins = sum(r["winner"] == "b" for r in records)
    deals = paired_deals(records)
    lo, hi = wilson(a_wins, games)
    return {"summary": True, "scenario": scenario, "a": a, "b": b, "seed": seed,
            "options": options, "code": keys["code"], "resumed": len(played),
            "games": games, "a_wins": a_wins, "b_wins": b_wins,
            "draws": games - a_wins - b_wins,
            "a_win_rate": round(a_wins / games, 4) if games else 0.0,
            "a_win_rate_ci95": [round(lo, 4), round(hi, 4)],
            "a_wins_as_lancaster": sum(r["winner"] == "a" and r["a_side"] == "Lancaster"
                                       for r in records),
            "a_wins_as_york": sum(r["winner"] == "a" and r["a_side"] == "York" for r in records),
            "paired": deals}
