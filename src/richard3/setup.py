"""4.0 setup: a new game's state from a scenario and a seed (``game.new_game`` builds the
``Game`` with it)."""

from __future__ import annotations

import secrets

from roses import rng

from . import whereabouts
from .ids import DEAD, MINOR, MULLIGAN, NA, NB, NBORDER, OFF, POOL, PRISON, PUBLIC, C
from .scenario import Scenario, load_scenario
from .sequence import begin

_PLACES = {"pool": POOL, "minor": MINOR, "enemy": OFF, "dead": DEAD, "prisoner": PRISON}


def setup(cls, scenario_id: str = "1460", seed: int | None = 0,
          scenario: Scenario | None = None):
    """Return a new game, an instance of ``cls`` (a ``State``), of the scenario with the given
    seed (``seed=None``: 63 secure random bits); ``game.new_game`` says what it holds and
    raises."""
    sc = scenario or load_scenario(scenario_id)
    if seed is None:
        seed = secrets.randbits(63)
    g = cls.__new__(cls)
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
    g.seen_strength = [0] * NB          # deployed at full strength (4.0)
    g._log = None
    g._record = ()                  # the record of actions, empty (Game.record)
    g._legal_cache = None
    g.crowned = [g.senior_heir(0), g.senior_heir(1)]
    g.say(PUBLIC, "setup", sc.id, sc.name, g.king, g.crowned[g.king], g.crowned[1 - g.king])
    begin(g, MULLIGAN)
    return g
