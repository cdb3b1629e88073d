"""6.2.1 Morale: Morale Checks, retreats, routs, stacked retreats and leader checks."""

import pytest
from soy_helpers import (
    LANCASTER,
    MOVEMENT,
    YORK,
    battle,
    place,
    position,
    salisbury_struck_twice,
)

from sunofyork.field import column
from sunofyork.state import DISCARD, DISCARD_STEP, OUT


def begin_turn_of(g, side):
    """End the other side's steps so that ``side``'s begin (its Morale step runs)."""
    g.phase, g.decider, g.active, g.first = DISCARD_STEP, 1 - side, 1 - side, 1 - side
    g._legal_cache = None
    g.apply(1 - side, ("draw",))


def test_rule_6_2_1_morale_example_retreat_keeps_cohesion_then_a_hit_stood():
    # "A combat unit with a Cohesion of 3 has sustained two hits... If either of those rolls
    # is greater than 3 the unit ignores the two hits and retreats toward its rear battle
    # position, maintaining the 3 Cohesion rating."
    g = battle()
    mid = position(YORK, "centre middle")
    u = place(g, YORK, "Longbowmen (1:2/3)", mid, hits=2)
    place(g, LANCASTER, "Knights (3/5)", mid)
    g.script = [4, 2]
    begin_turn_of(g, YORK)
    assert g.loc[YORK][u] == position(YORK, "centre rear")
    assert (g.hits[YORK][u], g.cohesion(YORK, u)) == (0, 3)
    # "In the next turn it sustains another hit... Assuming it rolls a three or less, its
    # Cohesion is reduced to 2 and it remains in its current position."
    g.hits[YORK][u] = 1
    g.script = [3]
    begin_turn_of(g, YORK)
    assert g.loc[YORK][u] == position(YORK, "centre rear")
    assert (g.hits[YORK][u], g.cohesion(YORK, u)) == (0, 2)


def test_rule_6_2_1_no_automatic_results_leadership_lowers_the_roll():
    g = battle()
    mid = position(YORK, "left middle")
    u = place(g, YORK, "Longbowmen (1:2/1)", mid, hits=1)
    place(g, YORK, "Earl of Salisbury", mid)        # Leadership 1
    place(g, LANCASTER, "Knights (3/5)", mid)
    g.script = [2]                                   # 2 - 1 = 1 <= Cohesion 1: stands
    begin_turn_of(g, YORK)
    assert g.loc[YORK][u] == DISCARD                 # stood: Cohesion 1 - 1 = 0, eliminated


@pytest.mark.parametrize("whose, where", [(YORK, DISCARD), (LANCASTER, "centre middle")])
def test_rule_6_2_1_retreat_from_the_rear_is_a_rout(whose, where):
    # From the own rear, a rout. docs/sunofyork-rulings.md "6.2.1 Retreats from a rear": only
    # the own rear has no position behind it; a unit that fails its check in the enemy's rear
    # moves back one position, into the middle ground.
    g = battle()
    rear = position(whose, "centre rear")
    u = place(g, YORK, "Longbowmen (1:2/2)", rear, hits=1)
    place(g, LANCASTER, "Knights (3/5)", rear)
    g.script = [6]
    begin_turn_of(g, YORK)
    assert g.loc[YORK][u] == (where if where == DISCARD else position(YORK, where))


def retreat_from_a_full_rear(g, battle_word: str, beside) -> int:
    """York's rear of that battle holds four units; ``beside()`` places what stands beside
    it; a York unit with a hit in the middle ground, beside Lancastrian Knights, fails its
    Morale Check (a 6) as York's turn begins. Returns the unit's id."""
    mid, rear = (position(YORK, f"{battle_word} {row}") for row in ("middle", "rear"))
    for _ in range(4):
        place(g, YORK, "Longbowmen (1:2/2)", rear)
    beside()
    u = place(g, YORK, "Longbowmen (1:2/3)", mid, hits=1)
    place(g, LANCASTER, "Knights (3/5)", mid)
    g.script = [6]
    begin_turn_of(g, YORK)
    return u


def test_rule_6_2_1_retreat_into_a_full_position_goes_sideways_or_routs():
    g = battle()
    u = retreat_from_a_full_rear(g, "left", lambda: None)
    # sideways into the unengaged centre middle ground, which has room
    assert g.loc[YORK][u] == position(YORK, "centre middle")


def test_rule_6_2_1_retreat_with_no_way_sideways_routs_and_the_stack_checks():
    g = battle()
    mid, rear = position(YORK, "centre middle"), position(YORK, "centre rear")
    stack = [place(g, YORK, "Longbowmen (1:2/2)", rear) for _ in range(4)]
    for word in ("left middle", "right middle"):     # both sideways positions engaged
        place(g, YORK, "Longbowmen (1:2/1)", word)
        place(g, LANCASTER, "Longbowmen (1:2/1)", word)
    u = place(g, YORK, "Longbowmen (1:2/3)", mid, hits=1)
    place(g, LANCASTER, "Knights (3/5)", mid)
    # the retreat fails (6), then the four units in the rear check: 1, 1, 6, 1
    g.script = [6, 1, 1, 6, 1]
    begin_turn_of(g, YORK)
    assert g.loc[YORK][u] == DISCARD
    assert [g.cohesion(YORK, c) for c in stack] == [2, 2, 1, 2]


def test_rule_6_2_1_leader_check_a_six_kills_a_committed_leader():
    g = battle()
    mid = position(YORK, "centre middle")
    place(g, YORK, "Levies (2/3)", mid)
    lid = place(g, YORK, "Earl of Salisbury", mid)
    g.flags[YORK][lid] |= 4                           # COMMITTED
    place(g, LANCASTER, "Knights (3/5)", mid)
    g.script = [6]
    begin_turn_of(g, YORK)
    assert g.loc[YORK][lid] == OUT and lid in g.fallen[YORK]


def test_rule_6_2_1_leader_alone_with_the_enemy_falls_back():
    g = battle()
    mid = position(YORK, "centre middle")
    lid = place(g, YORK, "Earl of Salisbury", mid)
    place(g, LANCASTER, "Knights (3/5)", mid)
    g.script = [3]
    begin_turn_of(g, YORK)
    assert g.loc[YORK][lid] == position(YORK, "centre rear")


def test_rule_6_2_1_retreat_sideways_only_into_a_battle_in_play():
    # 9.1.20 Heworth Moor: "Only the central battle is in play." With the centre rear full,
    # the centre middle's retreating unit has no battle beside it to go to: it routs.
    g = battle("heworth_moor")
    assert g.columns == (1,)
    mid, rear = position(YORK, "centre middle"), position(YORK, "centre rear")
    stack = [place(g, YORK, "Longbowmen (1:2/2)", rear) for _ in range(4)]
    u = place(g, YORK, "Longbowmen (1:2/3)", mid, hits=1)
    place(g, LANCASTER, "Knights (3/5)", mid)
    g.script = [6, 1, 1, 1, 1]                     # the retreat, then the rear's four checks
    begin_turn_of(g, YORK)
    assert g.loc[YORK][u] == DISCARD
    assert all(g.loc[YORK][c] == rear for c in stack)


def test_rule_6_2_1_retreat_sideways_not_in_among_the_enemy():
    # The left middle holds only a Lancastrian unit (unengaged, and empty of York's units, so
    # the fewest-own-units tie-break liked it): a retreat does not go in among the enemy; the
    # right middle, with room and a York unit, takes it.
    g = battle()

    def beside():
        place(g, LANCASTER, "Billmen (1/3)", position(YORK, "left middle"))
        place(g, YORK, "Longbowmen (1:2/1)", position(YORK, "right middle"))

    u = retreat_from_a_full_rear(g, "centre", beside)
    assert g.loc[YORK][u] == position(YORK, "right middle")


def test_rule_6_2_1_leader_check_a_die_for_every_hit_of_leader_combat():
    # "roll a die for every leader that has been committed to combat, every hit sustained via
    # leader combat": two committed Lancastrian leaders both hit Salisbury: two dice for him.
    g, salisbury = salisbury_struck_twice()
    assert g.hits[YORK][salisbury] == 2
    g.script = [2, 6]                              # York's turn: the second die is a 6
    begin_turn_of(g, YORK)
    assert g.loc[YORK][salisbury] == OUT and g.hits[YORK][salisbury] == 0


def test_rule_6_2_3_b_capture_discards_the_flank_units_not_the_terrain():
    # "Any units in flank positions adjacent to a captured battle are immediately discarded":
    # the combat units; a Woods card in that flank stays.
    g = battle(active=YORK, phase=MOVEMENT)
    g.pool = 1
    flank = position(LANCASTER, "left flank")
    woods = place(g, LANCASTER, "Woods (1)", flank)
    unit = place(g, LANCASTER, "Billmen (1/3)", flank)
    lrear = position(LANCASTER, "left rear")
    u = place(g, YORK, "Men-at-Arms (2/3)", position(YORK, "right middle"))
    assert g.captured[column(lrear)] < 0 and column(lrear) == column(flank)
    g.apply(YORK, ("move", u, lrear))
    assert g.captured[column(lrear)] == YORK
    assert g.loc[LANCASTER][unit] == DISCARD and g.loc[LANCASTER][woods] == flank
