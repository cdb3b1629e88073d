"""Conformance: seeded random play from every scenario, with the invariants of
``invariants.py`` checked after every action.

- whole games (issue 4): 110 per scenario, 330 in all; every one must end with a winner and a
  reason. Along the way, at sampled moments: each side's observation is unchanged when only
  the other side's hidden information differs; every usurpation count (8.2) equals the recount
  from both sides' observations at that moment; and a save (to_json / from_json) at a random
  point continues identically.
- the first game turn's card and action phases (issue 3): 200 seeds per scenario.
"""

from __future__ import annotations

import json
import random

import pytest
from invariants import Tracker, hidden_variant, recount_usurpation

from richard3 import Game, new_game, politics
from richard3.ai import RandomAgent
from richard3.ids import ACTION, CARDS, MULLIGAN
from richard3.selfplay import play_game

SCENARIOS = ("1460", "1470", "1483")
WHOLE_GAMES = 110                   # per scenario
FIRST_TURN_SEEDS = 200              # per scenario
MAX_ACTIONS = 20_000


@pytest.fixture
def usurpation_recount(monkeypatch):
    """Check every usurpation count against the recount from the two observations."""
    checked = []
    real = politics.usurpation

    def checked_usurpation(g):
        expected = recount_usurpation(g.observation(0), g.observation(1))
        assert politics.usurpation_counts(g) == expected
        checked.append(expected)
        real(g)
        line = [x for x in g.log if x.startswith("Usurpation count (8.2)")][-1]
        assert line == f"Usurpation count (8.2): Lancaster {expected[0]}, York {expected[1]}."

    monkeypatch.setattr(politics, "usurpation", checked_usurpation)
    return checked


def _checker(seed: int, sample_every: int):
    """An on_action hook: invariants always, hidden-information checks at sampled moments."""
    rnd = random.Random(seed)
    state = {}

    def on_action(g, side, action):
        if "tracker" not in state:
            state["tracker"] = Tracker(g)
        state["tracker"].check(g)
        if rnd.randrange(sample_every) == 0 and not g.is_over:
            for s in (0, 1):
                h = hidden_variant(g, s, rnd.randrange(1000))
                assert json.dumps(h.observation(s)) == json.dumps(g.observation(s))
    return on_action


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_whole_games_keep_every_invariant_and_end_with_a_winner(scenario,
                                                                       usurpation_recount):
    ends = {}
    for i in range(WHOLE_GAMES):
        seed = 1000 + i
        g, rec = play_game(scenario, seed, max_actions=MAX_ACTIONS,
                           on_action=_checker(seed, sample_every=25))
        assert g.is_over and g.winner in (0, 1) and g.reason
        assert rec["winner"] in ("Lancaster", "York") and rec["reason"] == g.reason
        ends[g.reason] = ends.get(g.reason, 0) + 1
    assert usurpation_recount, "no game reached a usurpation"
    assert sum(ends.values()) == WHOLE_GAMES


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_save_at_a_random_point_continues_identically(scenario):
    for i in range(8):
        seed = 5000 + i
        g = new_game(scenario, seed=seed)
        agents = (RandomAgent(2 * seed), RandomAgent(2 * seed + 1))
        split = random.Random(seed).randrange(50, 600)
        n = 0
        while not g.is_over and n < split:
            s = g.active_sides()[0]
            g.apply(s, agents[s].choose(g, s))
            n += 1
        h = Game.from_json(g.to_json())
        assert h.to_json() == g.to_json()
        finals = []
        for game in (g, h):
            again = (RandomAgent(seed), RandomAgent(seed + 1))
            while not game.is_over:
                s = game.active_sides()[0]
                game.apply(s, again[s].choose(game, s))
            finals.append(game.to_json())
        assert finals[0] == finals[1]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_first_game_turn_card_and_action_phases_from_200_seeds(scenario):
    for seed in range(FIRST_TURN_SEEDS):
        g = new_game(scenario, seed=seed)
        tracker = Tracker(g)
        agents = (RandomAgent(seed), RandomAgent(seed + 7919))
        rnd = random.Random(seed)
        while g.phase in (MULLIGAN, CARDS, ACTION) and g.turn == 1 and not g.is_over:
            s = g.active_sides()[rnd.randrange(len(g.active_sides()))]
            g.apply(s, agents[s].choose(g, s))
            tracker.check(g)
            if rnd.randrange(10) == 0:
                for side in (0, 1):
                    h = hidden_variant(g, side, rnd.randrange(1000))
                    assert json.dumps(h.observation(side)) == json.dumps(g.observation(side))
        assert g.phase not in (MULLIGAN, CARDS, ACTION) or g.turn == 2 or g.is_over


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_notation_round_trips_for_every_legal_action_of_whole_games(scenario):
    from richard3 import parse_action
    kinds = set()
    for seed in range(6):
        g = new_game(scenario, seed=seed)
        agents = (RandomAgent(seed), RandomAgent(seed + 1))
        while not g.is_over:
            s = g.active_sides()[0]
            for a in g.legal_actions(s):
                assert parse_action(g, s, str(a)) == a
                kinds.add(a.kind)
            g.apply(s, agents[s].choose(g, s))
    assert {"battle", "fire", "pass", "home"} <= kinds or scenario != "1460"
