"""Whole games between two agents, for the command line (``python -m richard3 selfplay``),
the conformance tests and the benchmark.

Game ``i`` of a run with seed ``S`` uses game seed ``S + i``; the Lancaster agent gets seed
``2 * game_seed`` and the York agent ``2 * game_seed + 1``, so a run is reproducible.
"""

from __future__ import annotations

import time

from .ai import get_agent
from .components import SIDE_NAMES
from .game import new_game

#: A safety net: a game longer than this many decisions is reported as an error.
MAX_ACTIONS = 200_000


class GameTooLong(RuntimeError):
    """A game did not end within ``max_actions`` decisions."""


def play_game(scenario: str, seed: int, lancaster: str = "random", york: str = "random",
              options: dict | None = None, max_actions: int = MAX_ACTIONS, on_action=None):
    """Play one whole game; return (game, record).

    ``lancaster`` / ``york``: agent names for ``agents.get_agent``; ``options``: keyword
    options passed to both agents. ``on_action(game, side, action)``, if given, is called
    after every action (tests check invariants there). The record is a JSON-ready dict:
    scenario, seed, lancaster, york, winner ("Lancaster"/"York"), reason, actions (decisions
    applied), game_turns (game turns played), campaigns, battles, blocks_lost
    ({side: n}), campaigns_as_king ({side: n}), seconds.
    Raises GameTooLong past ``max_actions``; any engine error propagates.
    """
    t0 = time.perf_counter()
    g = new_game(scenario, seed=seed)
    agents = (get_agent(lancaster, 2 * seed, **(options or {})),
              get_agent(york, 2 * seed + 1, **(options or {})))
    n = 0
    while not g.is_over:
        if n >= max_actions:
            raise GameTooLong(f"scenario {scenario} seed {seed}: no end after {n} actions")
        s = g.active_sides()[0]
        action = agents[s].choose(g, s)
        g.apply(s, action)
        n += 1
        if on_action is not None:
            on_action(g, s, action)
    seconds = time.perf_counter() - t0
    return g, {
        "scenario": scenario, "seed": seed, "lancaster": lancaster, "york": york,
        "winner": SIDE_NAMES[g.winner], "reason": g.reason, "actions": n,
        "game_turns": game_turns(g), "campaigns": g.campaign - g.first_campaign + 1,
        "battles": g.stats[2],
        "blocks_lost": {SIDE_NAMES[0]: g.stats[0], SIDE_NAMES[1]: g.stats[1]},
        "campaigns_as_king": {SIDE_NAMES[0]: g.stats[3], SIDE_NAMES[1]: g.stats[4]},
        "seconds": round(seconds, 4),
    }


def game_turns(g) -> int:
    """Game turns played so far, counting the current one (7 per campaign, 1.0)."""
    return (g.campaign - g.first_campaign) * 7 + g.turn


def summarise(records: list[dict], seconds: float) -> dict:
    """The summary line: games, wins per side, games_per_sec, mean actions and battles, and
    the number of games ending by each kind of victory."""
    n = len(records)
    wins = {SIDE_NAMES[0]: 0, SIDE_NAMES[1]: 0}
    reasons = {"heirs": 0, "usurpation": 0}
    for r in records:
        wins[r["winner"]] += 1
        reasons["heirs" if "heir" in r["reason"] else "usurpation"] += 1
    return {
        "summary": True, "games": n, "wins": wins, "victory_by": reasons,
        "games_per_sec": round(n / seconds, 2) if seconds > 0 else None,
        "mean_actions": round(sum(r["actions"] for r in records) / n, 1) if n else 0,
        "mean_battles": round(sum(r["battles"] for r in records) / n, 2) if n else 0,
        "seconds": round(seconds, 2),
    }
