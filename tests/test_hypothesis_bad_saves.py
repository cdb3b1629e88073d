"""Property test (issue 19, item 9): a real save with one place in it replaced by anything
(another type, a number out of range or in range, a list) is either refused by
``Game.from_json`` with a ValueError or plays on to the end without error.

hypothesis draws the scenario, the seed, the moment of the save, the place (a field, then
possibly an item of it, then an item of that) and the value; random agents play the loaded game
to its end. ``bench/bad_saves.py`` does the same on a larger scale with crafted mutations.
"""

from __future__ import annotations

import json
import random

from helpers import random_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from richard3 import Game

VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 70), st.integers(-2**70, 2**70),
                   st.floats(allow_nan=False), st.text(max_size=4),
                   st.lists(st.integers(-3, 70), max_size=4), st.dictionaries(st.text(), st.none()))


def _replace(d: dict, picks: list[int], value) -> None:
    """Replace the place that ``picks`` leads to: a field of ``d``, then items of lists."""
    keys = sorted(d)
    holder, key = d, keys[picks[0] % len(keys)]
    for p in picks[1:]:
        inner = holder[key]
        if not isinstance(inner, list) or not inner:
            break
        holder, key = inner, p % len(inner)
    holder[key] = value


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.sampled_from(["1460", "1470", "1483"]), seed=st.integers(0, 2**32 - 1),
       steps=st.integers(0, 600), picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=3),
       value=VALUES)
def test_a_mutated_save_is_refused_or_plays_to_the_end(scenario, seed, steps, picks, value):
    d = json.loads(random_game(scenario, seed, steps, seed).to_json())
    _replace(d, picks, value)
    try:
        g = Game.from_json(json.dumps(d))
    except ValueError:
        return
    r = random.Random(seed + 1)
    for _ in range(20_000):
        if g.is_over:
            break
        s = g.active_sides()[0]
        g.apply(s, r.choice(g.legal_actions(s)))
    assert g.is_over and g.winner in (0, 1)
