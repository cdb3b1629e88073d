"""The learned value (issue 25): its features read positions as the rules count them, its
weights file fits the features, and its winning chances behave."""

from __future__ import annotations

import json
import math
import random
from importlib import resources

import pytest

from richard3 import new_game
from richard3.ai import RandomAgent
from richard3.ai.features import DIRECTION, NAMES, WEAKER, features
from richard3.ai.value import logit, win_chance
from richard3.ids import LANCASTER, C
from richard3.politics import usurpation_counts


def _positions(scenario, seeds=range(6), every=9):
    rnd = random.Random(scenario)
    for seed in seeds:
        g = new_game(scenario, seed=seed)
        agent = RandomAgent(seed)
        n = 0
        while not g.is_over:
            s = g.active_sides()[0]
            g.apply(s, agent.choose(g, s))
            n += 1
            if n % every == 0 and not g.is_over and rnd.random() < 0.5:
                yield g


@pytest.mark.parametrize("scenario", ["1460", "1470", "1483"])
def test_8_2_the_usurpation_margin_is_the_engines_count(scenario):
    """The feature counts usurpation itself (for speed): it must agree with politics (8.2)."""
    seen = 0
    for g in _positions(scenario):
        for side in (0, 1):
            u = usurpation_counts(g)
            margin = u[side] - u[1 - side] + (0.5 if g.king == side else -0.5)
            assert features(g, side)[NAMES.index("usurp_margin")] == margin
            seen += 1
    assert seen > 20


def test_features_are_each_sides_view_of_one_position():
    for g in _positions("1460", seeds=range(2)):
        me, them = features(g, 0), features(g, 1)
        for name in NAMES:
            if name.endswith("_me"):
                assert me[NAMES.index(name)] == them[NAMES.index(name[:-3] + "_them")], name
        assert me[NAMES.index("king")] == -them[NAMES.index("king")]


def test_the_weights_file_names_the_features_and_says_how_it_was_fitted():
    data = json.loads(resources.files("richard3.data").joinpath("value.json").read_text())
    assert data["features"] == list(NAMES)
    assert set(data["weights"]) == set(NAMES)
    assert data["fit"]["games"] > 0 and 0 < data["fit"]["held_out_log_loss"] < math.log(2)


def test_winning_chances_are_chances_and_a_finished_game_is_decided():
    for g in _positions("1483", seeds=range(3)):
        for side in (0, 1):
            assert 0.0 < win_chance(g, side) < 1.0
    g = new_game("1483", seed=1)
    agents = (RandomAgent(1), RandomAgent(2))
    while not g.is_over:
        s = g.active_sides()[0]
        g.apply(s, agents[s].choose(g, s))
    assert logit(g, g.winner) > 10 > -10 > logit(g, 1 - g.winner)



def test_the_weights_keep_to_what_a_player_knows_of_each_feature():
    """features.DIRECTION and WEAKER, as tools/train_value.py fits them: a weight of the
    right sign (0 where there is none), a step in exile weighing no more than a step on the
    map and a noble in the pool no more than one counted on the map (so that a recruit is
    never a loss to the value), each in the same direction."""
    w = json.loads(resources.files("richard3.data").joinpath("value.json").read_text())["weights"]
    assert set(DIRECTION) <= set(NAMES) and set(WEAKER) | set(WEAKER.values()) <= set(NAMES)
    for name, sign in DIRECTION.items():
        assert w[name] * sign >= 0 if sign else w[name] == 0, name
    for weak, strong in WEAKER.items():
        assert abs(w[weak]) <= abs(w[strong]) + 1e-12, weak
        assert w[weak] * w[strong] >= 0, weak
    assert sum(1 for name in NAMES if DIRECTION.get(name)) >= 30


def test_5_2_a_block_the_enemy_reaches_with_more_power_is_exposed():
    """1483's start: Earl Rivers, 2 steps alone in Leicester, is a move (5.2) from Richard
    III's London and two from the dukes in East Anglia: his steps and his count are exposed.
    The same position with Rivers gone to France (exile: nobody attacks there) is not, and
    nor is the York block he could reach."""
    g = new_game("1483", seed=1)
    rivers = C.block_id["Rivers/L"]
    assert C.area_names[g.loc[rivers]] == "Leicester"
    f = features(g, LANCASTER)
    steps, counted = f[NAMES.index("exposed_steps_me")], f[NAMES.index("exposed_counted_me")]
    g.loc[rivers] = C.area_id["France"]
    f2 = features(g, LANCASTER)
    assert counted - f2[NAMES.index("exposed_counted_me")] > 0.8       # nearly a sure loss
    assert steps - f2[NAMES.index("exposed_steps_me")] > 1.6           # his 2 steps
    # and York's blocks he alone could reach are no longer exposed either
    assert f2[NAMES.index("exposed_counted_them")] < f[NAMES.index("exposed_counted_them")]


def test_6_9_a_treachery_roll_weighs_in_a_pending_battle():
    """1483: Richmond, the PRETENDER, joining a battle against Lord Stanley (loyalty 1) may
    turn him with one treachery roll (6.9), an even die: half a chance. The battle's estimate
    counts it (half of Stanley's power changes sides, and in the count a counted block
    turned weighs twice), so Richmond's battle is rated better than the same battle fought by
    Pembroke, who may not roll."""
    g = new_game("1483", seed=1)
    lancs = C.area_id["Lancaster"]
    stanley = C.block_id["Stanley/Y"]
    assert g.loc[stanley] == lancs
    richmond, pembroke = C.block_id["Richmond"], C.block_id["Pembroke"]
    assert g.crowned[LANCASTER] == richmond
    g.loc[richmond] = lancs
    with_roll = features(g, LANCASTER)
    g.loc[richmond], g.loc[pembroke] = C.area_id["France"], lancs
    assert g.strength[richmond] == g.strength[pembroke] == 3     # equal power otherwise
    without = features(g, LANCASTER)
    win, counted = NAMES.index("battle_win"), NAMES.index("battle_counted")
    assert with_roll[win] > without[win] + 0.2
    assert with_roll[counted] > without[counted] + 0.9
    # and York, who has no roller there, gains nothing from it
    assert features(g, 1 - LANCASTER)[win] == -without[win]
