"""4.0 setup: a new game from a scenario and a seed."""

from __future__ import annotations

import secrets

from . import rng, whereabouts
from .cards import begin_campaign
from .components import SIDE_NAMES
from .game import (DEAD, MINOR, NA, NB, NBORDER, OFF, POOL, PRISON, Game, C)
from .scenario import Scenario, load_scenario

_PLACES = {"pool": POOL, "minor": MINOR, "enemy": OFF, "dead": DEAD, "prisoner": PRISON}


def new_game(scenario_id: str = "1460", seed: int | None = 0,
             scenario: Scenario | None = None) -> Game:
    """Return a new game of the scenario ("1460", "1470" or "1483") with the given seed.

    The same seed replays the same game. ``seed=None`` draws a 63-bit seed from the system's
    secure generator, which neither side can guess. The seed is kept in the state (saves,
    replays) but shown in no observation and no log line until the game is over: from it
    every card dealt and every die rolled could be rebuilt (Fog-of-War).

    Blocks are deployed as the scenario says (4.1-4.6) at full strength, the cards are dealt
    (1.0) and the game waits for the mulligan offers or the first card play.
    Raises KeyError for an unknown scenario, ScenarioError for a malformed scenario file.
    """
    sc = scenario or load_scenario(scenario_id)
    if seed is None:
        seed = secrets.randbits(63)
    g = Game.__new__(Game)
    g.scenario, g.seed = sc.id, int(seed)
    g.rng = rng.seed_state(int(seed))
    g.loc = [a if isinstance(a, int) else _PLACES[a] for a in sc.placement]
    g.strength = [C.max_str[b] if g.loc[b] < NA or g.loc[b] == PRISON else 0 for b in range(NB)]
    g.king = sc.king
    g.campaign, g.turn = sc.first_campaign, 1
    g.first_campaign, g.last_campaign = sc.first_campaign, sc.last_campaign
    g.phase = g.step = 0
    g.deck, g.hands, g.played = [], [[], []], [-1, -1]
    g.revealed, g.mulligan_used, g.p1 = 0, [0, 0], -1
    g.acting, g.ap, g.event = -1, 0, ""
    g.activated, g.muster, g.port_bonus = [], -1, (-1, -1)
    g.moved, g.border_used = [0] * NB, [0] * (2 * NBORDER)
    g.entry, g.reserve = [-1] * NB, [0] * NB
    g.attacker, g.main_border, g.treason = [-1] * NA, [-1] * NA, -1
    g.battle, g.pending, g.heirs_lost = [], [], [0, 0]
    g.prisoner = sc.prisoner
    # stats: blocks lost by Lancaster, by York; battles fought; campaigns ended as KING by
    # Lancaster, by York.
    g.stats = [0, 0, 0, 0, 0]
    g.winner, g.reason = -1, ""
    g.shown = [0] * NB
    g.whereabouts = whereabouts.initial(g)
    g._log = None
    g._record = ()                  # the record of actions, empty (Game.record)
    g._legal_cache = None
    g.crowned = [g.senior_heir(0), g.senior_heir(1)]
    g.say(f"Scenario {sc.id} ({sc.name}): {SIDE_NAMES[g.king]} is KING "
          f"({C.block_names[g.crowned[g.king]]}), {SIDE_NAMES[1 - g.king]} is PRETENDER "
          f"({C.block_names[g.crowned[1 - g.king]]}) (4.0).")
    begin_campaign(g)
    return g
