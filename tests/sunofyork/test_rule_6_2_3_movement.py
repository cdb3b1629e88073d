"""6.2.3 Movement (A standard moves and the rulebook's example, B flank moves, C charges),
3.2 stacking, 3.4 heat, 5.0 capture and victory, 7.0 stream and bridge."""

from soy_helpers import (
    LANCASTER,
    MOVEMENT,
    YORK,
    battle,
    find,
    mover,
    place,
    position,
    to_hand,
)

from sunofyork.state import DISCARD, LED, ORDERED, OVER
from sunofyork.turn import start_sequence


def test_rule_6_2_3_example_cavalry_from_hand_through_the_rear_for_one_order():
    g = mover(pool=1)
    spears = to_hand(g, YORK, "Spears")
    mid = position(YORK, "right middle")
    assert ("enter", spears, mid) in g.legal_actions(YORK)
    g.apply(YORK, ("enter", spears, mid))
    assert g.loc[YORK][spears] == mid and g.pool == 0


def test_rule_7_0_woods_stop_cavalry_entering_from_the_hand():
    g = mover(pool=1)                              # Blore Heath: woods in York's centre rear
    spears = to_hand(g, YORK, "Spears")
    assert ("enter", spears, position(YORK, "centre rear")) in g.legal_actions(YORK)
    assert ("enter", spears, position(YORK, "centre middle")) not in g.legal_actions(YORK)


def test_rule_6_2_3_example_disengage_costs_two_orders():
    g = mover(pool=1)
    mid = position(YORK, "right middle")
    maa = place(g, YORK, "Men-at-Arms (2/3)", mid)
    place(g, LANCASTER, "Billmen (1/3)", mid)
    back = position(YORK, "right rear")
    assert ("move", maa, back) not in g.legal_actions(YORK)
    g.pool = 2
    g._legal_cache = None
    assert ("move", maa, back) in g.legal_actions(YORK)
    # disengaging units move toward their own rear only
    assert ("move", maa, position(LANCASTER, "left rear")) not in g.legal_actions(YORK)
    g.apply(YORK, ("move", maa, back))
    assert g.pool == 0


def test_rule_6_2_3_example_crossbowmen_back_from_the_middle_for_one_order():
    g = mover(pool=1)
    mid = position(YORK, "right middle")
    xb = place(g, YORK, "Crossbowmen (2:1/3)", mid)
    g.apply(YORK, ("move", xb, position(YORK, "right rear")))
    assert g.pool == 0 and g.flags[YORK][xb] & ORDERED
    # a unit receives orders once a turn
    assert not [a for a in g.legal_actions(YORK) if a[:2] == ("move", xb)]


def test_rule_6_2_3_example_hand_to_flank_costs_two_orders():
    g = mover(pool=2)
    u = to_hand(g, YORK, "Longbowmen (1:2/1)")
    flank = position(YORK, "left flank")
    assert ("enter", u, flank) in g.legal_actions(YORK)
    g.apply(YORK, ("enter", u, flank))
    assert g.pool == 0


def test_rule_6_2_3_units_with_a_leader_move_free():
    # Example step 6: Salisbury orders the units of his position forward, staying behind.
    g = battle(active=YORK, phase=MOVEMENT)
    rear = position(YORK, "right rear")
    units = [place(g, YORK, "Longbowmen (1:2/2)", rear) for _ in range(2)]
    place(g, YORK, "Earl of Salisbury", rear)
    start_sequence(g, YORK, [])
    g.apply(YORK, ("end",))                      # combat step
    assert all(g.flags[YORK][u] & LED for u in units)
    for u in units:
        g.apply(YORK, ("move", u, position(YORK, "right middle")))
    assert g.pool == 0 and g.loc[YORK][find(g, YORK, "salisbury", (rear,))] == rear


def test_rule_6_2_3_orders_cards_fill_the_pool():
    g = mover()
    march = to_hand(g, YORK, "Earl of March")
    g.apply(YORK, ("orders", march))
    assert g.pool == 5 and g.loc[YORK][march] == DISCARD


def test_rule_3_2_no_move_into_a_fully_stacked_position():
    g = mover(pool=4)
    mid = position(YORK, "left middle")
    for _ in range(4):
        place(g, YORK, "Longbowmen (1:2/1)", mid)
    u = place(g, YORK, "Longbowmen (1:2/2)", position(YORK, "left rear"))
    assert ("move", u, mid) not in g.legal_actions(YORK)


def test_rule_3_4_heat_adds_one_to_every_orders_cost():
    g = mover(pool=1)
    g.weather = "heat"
    u = place(g, YORK, "Longbowmen (1:2/2)", position(YORK, "right rear"))
    assert ("move", u, position(YORK, "right middle")) not in g.legal_actions(YORK)
    g.pool = 2
    g._legal_cache = None
    assert ("move", u, position(YORK, "right middle")) in g.legal_actions(YORK)


def test_rule_7_0_stream_costs_four_and_a_bridge_two():
    g = mover(side=LANCASTER, pool=1)            # Blore Heath: Lancaster's stream, bridged
    u = to_hand(g, LANCASTER, "Longbowmen (1:2/1)")
    assert g.stream[LANCASTER] and g.bridge[LANCASTER]
    assert not [a for a in g.legal_actions(LANCASTER) if a[:2] == ("enter", u)
                and a[2] == position(LANCASTER, "left rear")]
    g.pool = 2
    g._legal_cache = None
    assert ("enter", u, position(LANCASTER, "left rear")) in g.legal_actions(LANCASTER)
    g.bridge[LANCASTER] = 0
    g.pool = 3
    g._legal_cache = None
    assert ("enter", u, position(LANCASTER, "left rear")) not in g.legal_actions(LANCASTER)


def test_rule_6_2_3_b_flank_roll_success_attacks_at_plus_one():
    g = mover(pool=1)
    flank = position(YORK, "right flank")
    u = place(g, YORK, "Men-at-Arms (2/3)", flank)
    mid = position(YORK, "right middle")
    t = place(g, LANCASTER, "Knights (3/5)", mid)
    assert ("flank", u, mid) in g.legal_actions(YORK)
    g.apply(YORK, ("flank", u, mid))
    assert ("end",) not in g.legal_actions(YORK)      # declared attempts are rolled first
    # roll 2 + 1 (unfriendly position) = 3: in; three dice at Ability 2 + 1 = 3
    g.script = [2, 3, 3, 4]
    g.apply(YORK, ("roll_flanks",))
    assert g.loc[YORK][u] == mid
    assert g.hits[LANCASTER][t] == 2


def test_rule_6_2_3_b_a_roll_above_six_eliminates_the_unit():
    g = mover(pool=1)
    flank = position(YORK, "right flank")
    u = place(g, YORK, "Men-at-Arms (2/3)", flank)
    mid = position(YORK, "right middle")
    place(g, LANCASTER, "Knights (3/5)", mid)
    g.apply(YORK, ("flank", u, mid))
    g.script = [6]                                      # 6 + 1 = 7
    g.apply(YORK, ("roll_flanks",))
    assert g.loc[YORK][u] == DISCARD


def test_rule_6_2_3_b_a_failed_roll_leaves_the_unit_in_its_flank():
    g = mover(pool=1)
    flank = position(YORK, "right flank")
    u = place(g, YORK, "Men-at-Arms (2/3)", flank)
    mid = position(YORK, "right middle")
    place(g, LANCASTER, "Knights (3/5)", mid)
    g.apply(YORK, ("flank", u, mid))
    g.script = [4]
    g.apply(YORK, ("roll_flanks",))
    assert g.loc[YORK][u] == flank


def test_rule_6_2_3_b_no_flanking_past_the_enemy():
    g = mover(pool=2)
    enemy_flank = position(LANCASTER, "left flank")     # on York's right edge
    u = place(g, YORK, "Men-at-Arms (2/3)", enemy_flank)
    mid = position(YORK, "right middle")
    lrear = position(LANCASTER, "left rear")
    assert ("flank", u, lrear) in g.legal_actions(YORK)
    place(g, LANCASTER, "Billmen (1/3)", mid)
    g._legal_cache = None
    # "Units in flank positions may not enter an enemy rear position if enemy units occupy
    # the battle's middle ground"
    assert ("flank", u, lrear) not in g.legal_actions(YORK)
    assert ("flank", u, mid) in g.legal_actions(YORK)


def test_rule_6_2_3_b_moving_between_flanks_costs_two():
    g = mover(pool=2)
    own = position(YORK, "right flank")
    u = place(g, YORK, "Men-at-Arms (2/3)", own)
    other = position(LANCASTER, "left flank")
    g.apply(YORK, ("move", u, other))
    assert g.pool == 0


def test_rule_5_0_capturing_the_central_rear_wins():
    g = mover(pool=1)
    mid = position(YORK, "centre middle")
    u = place(g, YORK, "Men-at-Arms (2/3)", mid)
    g.apply(YORK, ("move", u, position(LANCASTER, "centre rear")))
    assert g.phase == OVER and g.winner == YORK and g.reason == "capture"


def test_rule_5_0_one_side_rear_captured_is_not_yet_victory_and_flanks_are_lost():
    g = mover(pool=1)
    mid = position(YORK, "left middle")
    u = place(g, YORK, "Men-at-Arms (2/3)", mid)
    # a Lancastrian unit in the flank beside the battle about to be captured
    edge_flank = position(LANCASTER, "right flank")      # Lancaster's right = York's left
    f = place(g, LANCASTER, "Longbowmen (1:2/1)", edge_flank)
    g.apply(YORK, ("move", u, position(LANCASTER, "right rear")))
    assert g.captured[0] == YORK and g.phase != OVER
    assert g.loc[LANCASTER][f] == DISCARD


def test_rule_5_0_both_side_rears_captured_win():
    g = mover(pool=2)
    for word_y, word_l, col in (("left middle", "right rear", 0), ("right middle", "left rear", 2)):
        u = place(g, YORK, "Men-at-Arms (2/3)", position(YORK, word_y))
        g._legal_cache = None
        g.apply(YORK, ("move", u, position(LANCASTER, word_l)))
    assert g.winner == YORK and g.phase == OVER


def test_rule_5_0_a_battle_is_captured_once():
    # docs/sunofyork-rulings.md "5.0 A battle captured once": York has captured the left battle
    # (Lancaster's rear there); Lancaster then takes York's rear in it, and with York's right
    # rear captured too that is no Lancastrian victory: the battle is York's capture.
    g = mover(side=LANCASTER, pool=1)
    g.captured = [YORK, -1, LANCASTER]
    mid = position(LANCASTER, "right middle")              # York's left: the captured battle
    u = place(g, LANCASTER, "Men-at-Arms (2/4)", mid)
    place(g, LANCASTER, "Lord Audley", mid)                # moves there need a leader
    g.apply(LANCASTER, ("move", u, position(YORK, "left rear")))
    assert g.loc[LANCASTER][u] == position(YORK, "left rear")
    assert g.captured == [YORK, -1, LANCASTER] and g.phase != OVER


def test_rule_8_0_charge_advances_attacks_plus_one_then_checks_morale():
    g = mover()
    rear, mid = position(YORK, "right rear"), position(YORK, "right middle")
    a = place(g, YORK, "Men-at-Arms (2/3)", rear)
    t = place(g, LANCASTER, "Knights (3/5)", mid)
    card = to_hand(g, YORK, "Charge")
    assert ("charge", card, rear, mid) in g.legal_actions(YORK)
    g.script = [3, 3, 4] + [5]       # attack at 2 + 1: two hits; morale 5 > 3: Cohesion hit
    g.apply(YORK, ("charge", card, rear, mid))
    assert g.loc[YORK][a] == mid and g.hits[LANCASTER][t] == 2
    assert g.cohesion(YORK, a) == 2


def test_rule_5_0_captured_battle_moves_need_a_leader_and_go_sideways():
    g = mover(pool=3)
    g.captured[2] = YORK                                # York holds Lancaster's left rear
    mid = position(YORK, "right middle")                # in the captured battle
    u = place(g, YORK, "Men-at-Arms (2/3)", mid)
    lone = place(g, YORK, "Longbowmen (1:2/2)", position(LANCASTER, "left rear"))
    centre = position(YORK, "centre middle")
    place(g, LANCASTER, "Billmen (1/3)", centre)
    hand = to_hand(g, YORK, "Longbowmen (1:2/1)")
    acts = g.legal_actions(YORK)
    # no leader: the units in the captured battle may not move; nothing enters it from the hand
    assert not [a for a in acts if a[0] in ("move", "flank") and a[1] in (u, lone)]
    assert ("enter", hand, position(YORK, "right rear")) not in acts
    lid = place(g, YORK, "salisbury", mid)
    g._legal_cache = None
    acts = g.legal_actions(YORK)
    # with a leader: directly sideways into the enemy-held centre as a flank attack
    assert ("flank", u, centre) in acts
    assert ("flank", u, position(YORK, "left middle")) not in acts
    # the leader may not leave the captured battle
    assert all(a[2] in (position(YORK, "right rear"), position(LANCASTER, "left rear"))
               for a in acts if a[:2] == ("leader", lid))
    from sunofyork.movement import flank_roll_modifier
    g.control[1] = LANCASTER
    # +1 into an unfriendly (and engaged-to-be) position, minus Salisbury's Leadership
    assert flank_roll_modifier(g, YORK, u, centre) == 1 - g.decks[YORK][lid - 1].leadership
    g.apply(YORK, ("flank", u, centre))
    assert g.pool == 3                                  # flank moves from a captured battle are free


def test_rule_5_0_charge_card_from_a_captured_battle_needs_a_leader():
    g = mover()
    g.captured[2] = YORK                                # York holds Lancaster's left rear
    rear, mid = position(YORK, "right rear"), position(YORK, "right middle")
    maa = place(g, YORK, "Men-at-Arms (2/3)", rear)
    place(g, LANCASTER, "Billmen (1/3)", mid)
    card = to_hand(g, YORK, "Charge")
    # 6.2.3 B: units in a captured battle "may not move without a leader present"
    assert ("charge", card, rear, mid) not in g.legal_actions(YORK)
    place(g, YORK, "salisbury", rear)
    g._legal_cache = None
    assert ("charge", card, rear, mid) in g.legal_actions(YORK)
    assert g.loc[YORK][maa] == rear


def _two_flankers(g):
    flank = position(YORK, "right flank")
    mid = position(YORK, "right middle")
    place(g, LANCASTER, "Knights (3/5)", mid)
    u1 = place(g, YORK, "Men-at-Arms (2/3)", flank)
    u2 = place(g, YORK, "Men-at-Arms (2/3)", flank)
    return u1, u2, mid


def test_rule_6_2_3_b_all_flank_attempts_are_specified_before_any_dice():
    g = mover(pool=2)
    u1, _, mid = _two_flankers(g)
    to_hand(g, YORK, "Ambush")
    g.apply(YORK, ("flank", u1, mid))
    g.script = [4]                                      # 4 + 1: fails, stays in the flank
    g.apply(YORK, ("roll_flanks",))
    assert g.flank_rolled == 1
    acts = g.legal_actions(YORK)
    # no attempt may be specified once the step's flank dice are rolled, not even by Ambush
    assert not [a for a in acts if a[0] in ("flank", "ambush_flank")]
    assert ("end",) in acts
    # the observation, a copy and a save carry it
    assert g.observation(YORK)["flank_rolled"] == 1 and g.copy().flank_rolled == 1
    from sunofyork.game import Game
    assert Game.from_json(g.to_json()).flank_rolled == 1
    g.apply(YORK, ("end",))
    assert g.flank_rolled == 0                          # the next Movement step may try again


def test_rule_6_2_3_b_ambush_is_not_rolled_apart_from_attempts_declared():
    g = mover(pool=2)
    u1, u2, mid = _two_flankers(g)
    card = to_hand(g, YORK, "Ambush")
    assert ("ambush_flank", card, u2, mid) in g.legal_actions(YORK)
    g.apply(YORK, ("flank", u1, mid))
    # u1's attempt waits for its die: the Ambush's roll may not come before it
    assert not [a for a in g.legal_actions(YORK) if a[0] == "ambush_flank"]
    g.script = [4]
    g.apply(YORK, ("roll_flanks",))
    assert not [a for a in g.legal_actions(YORK) if a[0] == "ambush_flank"]
    # an Ambush rolled first closes the declarations as well
    g = mover(pool=2)
    u1, u2, mid = _two_flankers(g)
    card = to_hand(g, YORK, "Ambush")
    g.script = [6]                                      # 6 + 1 - 2 = 5: stays
    g.apply(YORK, ("ambush_flank", card, u2, mid))
    assert not [a for a in g.legal_actions(YORK) if a[0] == "flank"]


def test_rule_6_2_3_b_flank_roll_marker_in_saves():
    import json

    import pytest

    from sunofyork.game import Game
    g = mover(pool=2)
    d = json.loads(g.to_json())
    assert d["flank_rolled"] == 0
    del d["flank_rolled"]                               # a save from before the field loads
    assert Game.from_json(json.dumps(d)).flank_rolled == 0
    for bad in (2, "1", None):
        with pytest.raises(ValueError, match="field 'flank_rolled'"):
            Game.from_json(json.dumps({**d, "flank_rolled": bad}))
    # set outside the Movement step: refused
    with pytest.raises(ValueError, match="field 'flank_rolled'"):
        Game.from_json(json.dumps({**d, "flank_rolled": 1, "phase": 7}))
