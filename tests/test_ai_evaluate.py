"""The AI's evaluation (``richard3.ai.evaluate``) on exact positions: the terms that keep a
side's heirs safe (9.0: killing every enemy heir wins at once) and its usurpation count (8.2)."""

from __future__ import annotations

from battle_setup import battle, position

from richard3.actions import Action
from richard3.ai import evaluate as ev
from richard3.ai.hard import HARD_WEIGHTS, HardAgent
from richard3.battle import _allocate
from richard3.ids import DEAD
from richard3.politics import usurpation_counts
from richard3 import new_game

B = ev.C.block_id
YORK = 1
#: York's last heir, Richard of Gloucester, in London (1483: he is York's sole heir).
RICHARD = {"Gloucester": "Middlesex"}
LANCASTER_ARMY = ("Oxford", "Pembroke", "French Mercenary")


def york_score(g, weights):
    """York's evaluation of ``g`` with ``weights``."""
    return ev.evaluate(g, YORK, weights)


def score(blocks, weights):
    g = position(blocks, king=YORK, scenario="1483")
    assert g.heirs_alive(YORK) == [B["Gloucester"]]
    return york_score(g, weights)


def army_in(area):
    return {name: area for name in LANCASTER_ARMY}


def guard_cost(blocks_or_area):
    """How much the guard term lowers York's score with the Lancaster army in an area (or
    with the given blocks), leaving out the small value it gives Richard's steps."""
    blocks = blocks_or_area
    if isinstance(blocks, str):
        blocks = {**RICHARD, **army_in(blocks)}
    steps = ev.GUARD_STEP * HARD_WEIGHTS["guard"] * ev.C.max_str[B["Gloucester"]]
    return score(blocks, dict(HARD_WEIGHTS, guard=0.0)) - score(blocks, HARD_WEIGHTS) + steps


def test_guard_9_0_an_enemy_army_next_to_the_last_heir_costs_more_than_one_two_areas_away():
    next_door = guard_cost("Kent")            # Kent borders Middlesex
    two_away = guard_cost("Wilts")            # Wilts borders Oxford and Sussex
    far = guard_cost("Cumbria")
    assert next_door > two_away > 0
    assert far == 0


def test_guard_9_0_friends_beside_the_last_heir_lower_the_cost():
    alone = guard_cost("Kent")
    guarded = guard_cost({**RICHARD, "Norfolk": "Middlesex", "Suffolk": "Middlesex",
                          **army_in("Kent")})
    assert 0 <= guarded < alone


def test_guard_is_off_for_normal_and_on_for_hard():
    assert ev.W["guard"] == 0 and HARD_WEIGHTS["guard"] > 0


def test_guard_6_4_tied_hits_go_to_another_block_than_the_last_heir():
    burgundians = "Burgundian Mercenary"
    g = battle({"Gloucester": "Leicester", burgundians: "Leicester", "Oxford": "Leicester",
                "Pembroke": "Leicester"}, "Leicester", attacker=0,
               entries={"Oxford": "Derby", "Pembroke": "Derby"}, king=YORK,
               strengths={"Gloucester": 3, burgundians: 3}, extra={"Richmond": "France"},
               scenario="1483")
    # One hit: Richard and the Burgundians tie at strength 3, both firepower 3 (6.4).
    _allocate(g, YORK, 1, B["Oxford"])
    g._legal_cache = None
    assert g.heirs_alive(YORK) == [B["Gloucester"]]
    assert set(g.legal_actions(YORK)) == {Action("hit", B["Gloucester"]),
                                          Action("hit", B[burgundians])}
    for seed in range(3):
        assert HardAgent(seed, iterations=0).choose(g, YORK) == Action("hit", B[burgundians])


def test_8_2_evaluation_counts_the_1470_prisoner_for_lancaster():
    """8.2 and the 1470 rule: Henry VI in the Tower counts as a Lancastrian noble, so the AI's
    count is the engine's and a rescue is worth London only, not a noble more."""
    g = new_game("1470", seed=1)
    assert g.loc[g.prisoner] != ev.C.area_id["Middlesex"]      # in the Tower, not on the map
    # Lancaster: Henry VI only (the rest are in France, Scotland or the pool); York: its ten
    # nobles and heirs on the map and London.
    assert [ev.usurpation_count(g, s) for s in (0, 1)] == [1, 11] == usurpation_counts(g)


def threat_cost(weights, heirs):
    """How much a Lancaster army in Kent, next to King Edward IV (March) in Middlesex, lowers
    York's score in 1470 with the given York heirs alive (the others dead)."""
    def score_1470(blocks):
        g = position(blocks, king=YORK, scenario="1470")
        for h in ("March", "Gloucester"):
            if h not in heirs:
                g.loc[B[h]] = DEAD
        assert len(g.heirs_alive(YORK)) == len(heirs)
        return york_score(g, weights)

    york = {h: {"March": "Middlesex", "Gloucester": "South Yorks"}[h] for h in heirs}
    return score_1470(york) - score_1470({**york, "Oxford": "Kent", "Exeter/L": "Kent",
                                          "French Mercenary": "Kent"})


def test_threat_many_hard_keeps_armies_away_from_heirs_while_it_has_several():
    """With two heirs (where ``guard`` does not act) hard weighs an enemy army next to one of
    them more than normal does; with a last heir ``guard`` does the work and the threat term
    is normal's."""
    both, last = ("March", "Gloucester"), ("March",)
    plain = dict(HARD_WEIGHTS, threat_many=1.0)
    assert threat_cost(HARD_WEIGHTS, both) > threat_cost(plain, both) > 0
    assert HARD_WEIGHTS["threat_many"] > ev.W["threat_many"] == 1.0
    assert threat_cost(dict(HARD_WEIGHTS, guard=0.0), last) == threat_cost(
        dict(plain, guard=0.0), last) > 0
