"""Sun of York's learned value (``sunofyork.ai.value``): zero-sum features and value, a
finished battle worth exactly the win, the shipped weights' file checked on load, and the
fitted weights agreeing with what a player knows of the clearest terms."""

import json
import math

import pytest

from sunofyork.ai.value import NAMES, WIN, features, learned_value, load_weights
from sunofyork.state import OVER

from test_ai import SCENARIOS, positions


@pytest.mark.parametrize("sid", SCENARIOS)
def test_features_and_value_are_zero_sum(sid):
    for g in positions(sid, seed=5, every=11):
        a, b = features(g, 0), features(g, 1)
        assert len(a) == len(NAMES)
        assert a == pytest.approx([-x for x in b], abs=1e-9)
        assert learned_value(g, 0) == pytest.approx(-learned_value(g, 1), abs=1e-6)
        assert -WIN < learned_value(g, 0) < WIN


def test_a_finished_battle_is_worth_the_win():
    g = positions("heworth_moor", seed=3)[-1].copy()
    g.phase, g.winner = OVER, 1
    assert learned_value(g, 1) == WIN
    assert learned_value(g, 0) == -WIN


def test_the_units_weigh_for_their_side():
    """More strength on the field is better (the fitted weight of ``units`` and of the
    centre's threat are positive)."""
    w = dict(zip(NAMES, load_weights()))
    assert w["units"] > 0
    assert w["threat_centre"] > 0


def shipped():
    from importlib import resources
    return json.loads(resources.files("sunofyork.data").joinpath("value.json").read_text())


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(format="richard3-value"), "not a Sun of York value"),
    (lambda d: d["weights"].pop("units"), "missing ['units']"),
    (lambda d: d["weights"].update(morale=1.0), "unknown ['morale']"),
    (lambda d: d["weights"].update(deck="x"), "'deck' is not a finite number"),
    (lambda d: d["weights"].update(deck=math.inf), "'deck' is not a finite number"),
    (lambda d: d.update(weights=[1, 2]), "'weights' is not an object"),
])
def test_a_broken_value_file_is_refused_by_name(change, words):
    data = shipped()
    change(data)
    with pytest.raises(ValueError) as err:
        load_weights(json.dumps(data))
    assert words in str(err.value)
