"""8.0 Special cards: Treason!, A Warwick! (before and after 1468), Rally, Artillery, Battle
Confusion, Fatigue, Ambush, Margaret of Anjou, King Henry VI; 2.2.1 royalty and loyalty."""

import pytest
from soy_helpers import (
    LANCASTER,
    MOVEMENT,
    YORK,
    battle,
    find,
    place,
    position,
    to_hand,
)

from sunofyork.effects import ability, morale_modifier
from sunofyork.state import COMBAT, DISCARD, DISCARD_STEP, FATIGUED, OUT
from sunofyork.turn import end_sequence, start_sequence


def test_rule_8_0_treason_discards_the_leader_and_his_units_check_morale():
    g = battle("towton", active=LANCASTER, phase=MOVEMENT)
    rear = position(YORK, "right rear")
    fauc = place(g, YORK, "fauconberg", rear)
    units = [place(g, YORK, "Longbowmen (1:2/1)", rear) for _ in range(2)]
    card = to_hand(g, LANCASTER, "Treason!")
    orders = g.decks[YORK][fauc - 1].orders
    assert ("treason", card, fauc) in g.legal_actions(LANCASTER) or g.decks[YORK][fauc - 1].loyal
    if g.decks[YORK][fauc - 1].loyal:
        return
    # the roll beats his Orders; the first unit passes its check (1), the second fails (6)
    g.script = [orders + 1, 1, 6]
    g.apply(LANCASTER, ("treason", card, fauc))
    assert g.loc[YORK][fauc] == DISCARD
    assert g.loc[YORK][units[0]] == rear and g.loc[YORK][units[1]] == OUT


def test_rule_2_2_1_royalty_is_immune_to_treason():
    g = battle("towton", active=LANCASTER, phase=MOVEMENT)
    warwick = place(g, YORK, "warwick", position(YORK, "left rear"))
    edward = place(g, YORK, "edward_iv", position(YORK, "centre rear"))
    card = to_hand(g, LANCASTER, "Treason!")
    targets = {a[2] for a in g.legal_actions(LANCASTER) if a[:2] == ("treason", card)}
    assert warwick not in targets and edward not in targets


def test_rule_2_2_1_loyal_leaders_immune_while_a_loyal_enemy_leader_is_deployed():
    g = battle("blore_heath", active=LANCASTER, phase=MOVEMENT)
    salisbury = place(g, YORK, "salisbury", position(YORK, "centre rear"))
    assert g.decks[YORK][salisbury - 1].loyal
    card = to_hand(g, LANCASTER, "Treason!")
    assert ("treason", card, salisbury) in g.legal_actions(LANCASTER)
    audley = place(g, LANCASTER, "audley", position(LANCASTER, "centre rear"))
    assert g.decks[LANCASTER][audley - 1].loyal
    g._legal_cache = None
    assert ("treason", card, salisbury) not in g.legal_actions(LANCASTER)


def test_rule_8_0_treason_fails_on_a_roll_not_above_the_orders():
    g = battle("blore_heath", active=LANCASTER, phase=MOVEMENT)
    sal = place(g, YORK, "salisbury", position(YORK, "centre rear"))
    card = to_hand(g, LANCASTER, "Treason!")
    g.script = [g.decks[YORK][sal - 1].orders]
    g.apply(LANCASTER, ("treason", card, sal))
    assert g.loc[YORK][sal] == position(YORK, "centre rear")
    assert g.loc[LANCASTER][card] == DISCARD


def test_rule_8_0_a_warwick_before_1468_a_second_attack_at_plus_one():
    g = battle("towton", active=YORK, phase=COMBAT)           # 1461
    mid = position(YORK, "centre middle")
    u = place(g, YORK, "Men-at-Arms (2/3)", mid)
    t = place(g, LANCASTER, "Knights (3/5)", mid)
    card = to_hand(g, YORK, "A Warwick!")
    g.apply(YORK, ("attack", u, mid))
    g.script = [6, 6, 6]
    g.apply(YORK, ("roll",))
    assert ("warwick", card, mid) in g.legal_actions(YORK)
    g.script = [3, 3, 4]                                     # Ability 2 + 1: two hits
    g.apply(YORK, ("warwick", card, mid))
    assert g.hits[LANCASTER][t] == 2


def test_rule_8_0_a_warwick_from_1468_is_a_treason_check():
    g = battle("barnet", active=YORK, phase=MOVEMENT)          # 1471
    card = to_hand(g, YORK, "A Warwick!")
    exeter_like = place(g, LANCASTER, "warwick", position(LANCASTER, "centre rear"))
    # Warwick is royal ("or may as well be"): immune
    assert not [a for a in g.legal_actions(YORK) if a[:2] == ("treason", card)]
    g.put(LANCASTER, exeter_like, -1)
    g._legal_cache = None
    # no non-royal Lancastrian leader on the field: nothing to play it on, and never in combat
    g.phase = COMBAT
    g._legal_cache = None
    assert not [a for a in g.legal_actions(YORK) if a[0] == "warwick"]


def test_rule_8_0_rally_is_free_unengaged_and_costs_an_order_a_unit_engaged():
    g = battle(active=YORK, phase=MOVEMENT)
    rear = position(YORK, "right rear")
    u = place(g, YORK, "Crossbowmen (2:1/4)", rear, lost=3)
    card = to_hand(g, YORK, "Rally")
    g.script = [2]
    g.apply(YORK, ("rally", card, rear))
    assert g.cohesion(YORK, u) == 3 and g.pool == 0
    # engaged: one order a unit, none without orders
    mid = position(YORK, "left middle")
    place(g, YORK, "Men-at-Arms (2/3)", mid, lost=2)
    place(g, LANCASTER, "Knights (3/5)", mid)
    card2 = find(g, YORK, "Rally", (-1, -3))
    to_hand(g, YORK, "Rally") if g.loc[YORK][card2] == -1 else None
    g._legal_cache = None
    assert not [a for a in g.legal_actions(YORK) if a[0] == "rally" and a[2] == mid]


def test_rule_8_0_rally_engaged_units_need_not_all_benefit():
    # "Units in an engaged position are not required to benefit from the card. Example: If
    # there are four units with Cohesion hits in an engaged position, a player may only wish to
    # expend three orders to check three of them."
    g = battle(active=YORK, phase=MOVEMENT)
    g.pool = 4
    mid = position(YORK, "left middle")
    units = [place(g, YORK, label, mid, lost=lost) for label, lost in (
        ("Men-at-Arms (2/3)", 2), ("Billmen (1/3)", 1), ("Longbowmen (1:2/3)", 2),
        ("Spears (2/3)", 1))]
    place(g, LANCASTER, "Knights (3/5)", mid)
    card = to_hand(g, YORK, "Rally")
    rallies = [a for a in g.legal_actions(YORK) if a[0] == "rally" and a[2] == mid]
    assert rallies == [("rally", card, mid)] + [("rally", card, mid, n) for n in (1, 2, 3)]
    g.script = [6, 6, 6]
    g.apply(YORK, ("rally", card, mid, 3))
    assert g.pool == 1                                         # three orders spent
    assert [g.lost[YORK][c] for c in units] == [0, 0, 0, 1]    # the most hurt first


def test_rule_8_0_artillery_fires_two_dice_at_five_and_is_removed():
    g = battle(active=YORK, phase=COMBAT)
    rear = position(YORK, "right rear")
    art = place(g, YORK, "Artillery", rear)
    mid = position(YORK, "right middle")
    t = place(g, LANCASTER, "Knights (3/5)", mid)
    assert ("bombard", art, mid, t) in g.legal_actions(YORK)
    g.apply(YORK, ("bombard", art, mid, t))
    g.script = [5, 6]
    g.apply(YORK, ("roll",))
    assert g.hits[LANCASTER][t] == 1 and g.loc[YORK][art] == OUT


@pytest.mark.parametrize("guarded", [True, False])
def test_rule_8_0_engaged_artillery_is_eliminated(guarded):
    # "Artillery may not engage. Engaged artillery is immediately eliminated": enemy combat
    # units entering its position eliminate it, with its own side's units there or none.
    g = battle(active=LANCASTER, phase=MOVEMENT)
    g.pool = 1
    rear = position(YORK, "right rear")
    art = place(g, YORK, "Artillery", rear)
    if guarded:
        place(g, YORK, "Longbowmen (1:2/1)", rear)
    u = place(g, LANCASTER, "Men-at-Arms (2/4)", position(YORK, "right middle"))
    g.apply(LANCASTER, ("move", u, rear))
    assert g.loc[YORK][art] == DISCARD


def test_rule_8_0_battle_confusion_on_two_or_less():
    g = battle(active=YORK, phase=COMBAT)
    lrear = position(LANCASTER, "left rear")
    lmid = position(LANCASTER, "left middle")
    confused = place(g, LANCASTER, "Men-at-Arms (2/4)", lrear)
    victim = place(g, LANCASTER, "Knights (3/5)", lmid)
    card = to_hand(g, YORK, "Battle Confusion")
    assert ("confusion", card, lrear, lmid) in g.legal_actions(YORK)
    g.script = [2] + [1, 1, 6, 6]       # it works; four dice at 2: two hits on their own
    g.apply(YORK, ("confusion", card, lrear, lmid))
    assert g.hits[LANCASTER][victim] == 2 and confused


def test_rule_8_0_battle_confusion_fails_above_two_and_fog_helps():
    g = battle(active=YORK, phase=COMBAT)
    g.weather = "fog"
    lrear = position(LANCASTER, "left rear")
    lmid = position(LANCASTER, "left middle")
    place(g, LANCASTER, "Men-at-Arms (2/4)", lrear)
    victim = place(g, LANCASTER, "Knights (3/5)", lmid)
    card = to_hand(g, YORK, "Battle Confusion")
    g.script = [4] + [1, 1, 1, 1]        # 4 - 2 = 2: it works in fog
    g.apply(YORK, ("confusion", card, lrear, lmid))
    assert g.hits[LANCASTER][victim] == 4


def test_rule_8_0_fatigue_lowers_ability_raises_orders_and_wears_off():
    g = battle(active=YORK, phase=DISCARD_STEP)
    rear = position(LANCASTER, "left rear")
    u = place(g, LANCASTER, "Men-at-Arms (2/4)", rear)
    card = to_hand(g, YORK, "Fatigue")
    g.apply(YORK, ("fatigue", card, rear))
    assert g.flags[LANCASTER][u] & FATIGUED
    assert ability(g, LANCASTER, u, rear) == 1
    # Lancaster's turn: began fatigued and unengaged, so it wears off at its end
    g.first = YORK
    ev = []
    end_sequence(g, YORK, ev)
    assert g.active == LANCASTER and g.flags[LANCASTER][u] & FATIGUED
    end_sequence(g, LANCASTER, ev)
    assert not g.flags[LANCASTER][u] & FATIGUED


def test_rule_8_0_ambush_deducts_two_from_the_flank_roll():
    g = battle(active=YORK, phase=MOVEMENT)
    flank = position(LANCASTER, "left flank")                 # the enemy's flank: +1
    u = place(g, YORK, "Men-at-Arms (2/3)", flank)
    lrear = position(LANCASTER, "left rear")
    place(g, LANCASTER, "Billmen (1/3)", lrear)
    card = to_hand(g, YORK, "Ambush")
    assert ("ambush_flank", card, u, lrear) in g.legal_actions(YORK)
    # 4 + 1 (enemy flank) + 1 (unfriendly) - 2 (Ambush) = 4: fails; 3 would succeed
    g.script = [3, 6, 6, 6]
    g.apply(YORK, ("ambush_flank", card, u, lrear))
    assert g.loc[YORK][u] == lrear


def test_rule_8_0_margaret_three_reactivations_a_turn():
    g = battle("st_albans_2", active=LANCASTER, phase=MOVEMENT)
    assert g.margaret_on[LANCASTER]
    start_sequence(g, LANCASTER, [])
    assert g.margaret[LANCASTER] == 3


def test_rule_8_0_king_henry_vi_morale_and_orders():
    g = battle("northampton", active=LANCASTER, phase=COMBAT)
    assert g.henry
    u = place(g, LANCASTER, "Men-at-Arms (2/4)", position(LANCASTER, "left rear"))
    # -1 for the King, -2 for the stream at the Lancastrians' backs (9.1.4)
    assert morale_modifier(g, LANCASTER, u, g.loc[LANCASTER][u]) == -3
    g.stream[LANCASTER] = 0
    assert morale_modifier(g, LANCASTER, u, g.loc[LANCASTER][u]) == -1
    g.apply(LANCASTER, ("end",))
    assert g.pool == 3


def test_rule_8_0_fatigue_may_be_placed_in_a_flank_position():
    # "Place Fatigue markers on each unit in any position": a flank position too.
    g = battle(active=YORK, phase=DISCARD_STEP)
    flank = position(LANCASTER, "left flank")
    u = place(g, LANCASTER, "Men-at-Arms (2/4)", flank)
    card = to_hand(g, YORK, "Fatigue")
    assert ("fatigue", card, flank) in g.legal_actions(YORK)
    g.apply(YORK, ("fatigue", card, flank))
    assert g.flags[LANCASTER][u] & FATIGUED
