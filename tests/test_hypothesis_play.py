"""Property tests: hypothesis draws the scenario, the seed, the first action choices and the
moment of a save; the game is played to its end (choices past the drawn ones come from a
generator seeded by the drawn seed). After every action the invariants of ``invariants.py``
hold; a save taken at the drawn moment and reloaded continues identically to the end; the
hidden information of each side never shows in the other's observation.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invariants import Tracker, hidden_variant

from richard3 import Game, new_game

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _pick(g: Game, choice: int):
    sides = g.active_sides()
    s = sides[choice % len(sides)]
    legal = g.legal_actions(s)
    return s, legal[(choice // len(sides)) % len(legal)]


@SETTINGS
@given(scenario=st.sampled_from(["1460", "1470", "1483"]), seed=st.integers(0, 2**32 - 1),
       choices=st.lists(st.integers(0, 2**20), max_size=300),
       save_at=st.integers(0, 1500))
def test_any_action_sequence_keeps_the_invariants_and_saves_continue_identically(
        scenario, seed, choices, save_at):
    g = new_game(scenario, seed=seed)
    tracker = Tracker(g)
    rest = random.Random(seed)
    saved = None
    played = []
    n = 0
    while not g.is_over:
        if n == save_at:
            saved = Game.from_json(g.to_json())
            assert saved.to_json() == g.to_json()
            start = n
        choice = choices[n] if n < len(choices) else rest.randrange(2**20)
        s, action = _pick(g, choice)
        g.apply(s, action)
        played.append((s, str(action)))
        tracker.check(g)
        n += 1
        assert n < 20_000
    assert g.winner in (0, 1) and g.reason
    if saved is not None:
        for s, text in played[start:]:
            saved.apply(s, text)          # through the notation: parse_action's inverse too
        assert saved.to_json() == g.to_json()


@SETTINGS
@given(scenario=st.sampled_from(["1460", "1470", "1483"]), seed=st.integers(0, 2**32 - 1),
       steps=st.integers(0, 800), pick=st.integers(0, 999))
def test_an_observation_ignores_the_other_sides_hidden_information(scenario, seed, steps, pick):
    g = new_game(scenario, seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        s, action = _pick(g, rnd.randrange(2**20))
        g.apply(s, action)
    for side in (0, 1):
        assert (json.dumps(hidden_variant(g, side, pick).observation(side))
                == json.dumps(g.observation(side)))
