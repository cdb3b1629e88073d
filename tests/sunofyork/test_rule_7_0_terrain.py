"""7.0 Terrain in movement: a Cavalry charge from a Hill (no Charge card bonus), and Walls that
Cavalry may not enter by any way in (a Charge card, a flank attempt, an Ambush, Treason!'s
flank attack)."""

from soy_helpers import LANCASTER, YORK, mover, place, position, to_hand


def test_rule_7_0_hill_charge_attacks_without_the_charge_cards_bonus():
    g = mover(pool=1)
    rear, mid = position(YORK, "right rear"), position(YORK, "right middle")
    place(g, YORK, "Hill (1)", rear)
    spears = place(g, YORK, "Spears (2/3)", rear)
    knights = place(g, LANCASTER, "Knights (3/5)", mid)
    assert ("charge_move", spears, mid) in g.legal_actions(YORK)
    # three dice of 3: hits at Ability 3, none at the Spears' own 2 (7.0 gives no bonus;
    # only the Charge card's advance is "with a one-point bonus", 8.0)
    g.script = [3, 3, 3, 1, 1, 1]
    g.apply(YORK, ("charge_move", spears, mid))
    attacks = [e for e in g.log if e[0] == "attack" and e[1] == YORK]
    assert attacks and attacks[0][2] == spears and attacks[0][4] == 2
    assert g.hits[LANCASTER][knights] == 0 and g.loc[YORK][spears] == mid


def test_rule_8_0_charge_card_cavalry_may_not_enter_walls():
    g = mover()
    rear, mid = position(YORK, "right rear"), position(YORK, "right middle")
    place(g, LANCASTER, "Wall (2)", mid)
    spears = place(g, YORK, "Spears (2/3)", rear)
    place(g, LANCASTER, "Billmen (1/3)", mid)
    card = to_hand(g, YORK, "Charge")
    # the Spears alone are not able to move into the walls: no charge
    assert not [a for a in g.legal_actions(YORK) if a[0] == "charge"]
    maa = place(g, YORK, "Men-at-Arms (2/3)", rear)
    assert ("charge", card, rear, mid) in g.legal_actions(YORK)
    g.script = [6] * 10
    g.apply(YORK, ("charge", card, rear, mid))
    # only the units able to move advance (8.0): the Spears stay behind
    assert g.loc[YORK][maa] == mid and g.loc[YORK][spears] == rear


def test_rule_8_0_charge_card_stacking_counts_only_the_units_able_to_advance():
    g = mover()
    rear, mid = position(YORK, "right rear"), position(YORK, "right middle")
    place(g, LANCASTER, "Wall (2)", mid)
    place(g, LANCASTER, "Billmen (1/3)", mid)
    for _ in range(3):
        place(g, YORK, "Longbowmen (1:2/1)", mid)
    place(g, YORK, "Spears (2/3)", rear)
    place(g, YORK, "Men-at-Arms (2/3)", rear)
    card = to_hand(g, YORK, "Charge")
    # three there and one able to advance (the Spears may not): four, within 3.2
    assert ("charge", card, rear, mid) in g.legal_actions(YORK)


def test_rule_7_0_cavalry_may_not_flank_into_walls():
    g = mover(pool=2)
    flank, mid = position(YORK, "right flank"), position(YORK, "right middle")
    place(g, LANCASTER, "Wall (2)", mid)
    place(g, LANCASTER, "Billmen (1/3)", mid)
    spears = place(g, YORK, "Spears (2/3)", flank)
    maa = place(g, YORK, "Men-at-Arms (2/3)", flank)
    card = to_hand(g, YORK, "Ambush")
    acts = g.legal_actions(YORK)
    assert ("flank", maa, mid) in acts and ("ambush_flank", card, maa, mid) in acts
    assert ("flank", spears, mid) not in acts
    assert ("ambush_flank", card, spears, mid) not in acts
    assert ("flank", spears, position(YORK, "right rear")) in acts


def test_rule_8_0_treason_flank_attack_cavalry_may_not_enter_walls():
    g = mover(side=LANCASTER)
    q = position(YORK, "left middle")                     # a noncentral battle position
    place(g, LANCASTER, "Wall (2)", q)
    place(g, YORK, "Billmen (1/3)", q)
    card = to_hand(g, LANCASTER, "Treason!")
    spears = to_hand(g, LANCASTER, "Spears (2/3)")
    # only Cavalry in the hand: no unit may make the flank attack into the walls
    assert ("treason_flank", card, q) not in g.legal_actions(LANCASTER)
    bills = to_hand(g, LANCASTER, "Billmen (1/3)")
    assert ("treason_flank", card, q) in g.legal_actions(LANCASTER)
    g.apply(LANCASTER, ("treason_flank", card, q))
    acts = g.legal_actions(LANCASTER)
    assert ("join", bills) in acts and ("join", spears) not in acts
    g.apply(LANCASTER, ("join", bills))
    g.script = [6] * 10
    g.apply(LANCASTER, ("go",))
    assert g.loc[LANCASTER][bills] == q and g.loc[LANCASTER][spears] != q
