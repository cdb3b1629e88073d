"""6.2.2 Combat: attacks declared before the dice, dice and Ability, long-range fire, damage
distribution (the rulebook's Examples #1 and #2), leader combat; 7.0 woods and towns."""

import pytest

from soy_helpers import LANCASTER, YORK, battle, place, position, to_hand
from sunofyork.state import ATTACKED, COMMITTED, DAMAGE, DISCARD, MOVEMENT


def attack_all(g, side):
    """Declare every attack on offer, then roll."""
    while True:
        acts = [a for a in g.legal_actions(side) if a[0] == "attack"]
        if not acts:
            break
        g.apply(side, acts[0])
    g.apply(side, ("roll",))


def test_rule_6_2_2_damage_example_1_seven_hits_on_cohesions_3_2_1():
    g = battle(active=LANCASTER)
    mid = position(YORK, "centre middle")
    c3 = place(g, YORK, "Longbowmen (1:2/3)", mid)
    c2 = place(g, YORK, "Longbowmen (1:2/2)", mid)
    c1 = place(g, YORK, "Longbowmen (1:2/1)", mid)
    place(g, LANCASTER, "Knights (3/5)", mid)
    place(g, LANCASTER, "Men-at-Arms (2/4)", mid)
    g.script = [1, 1, 1, 1, 1] + [1, 1, 6, 6]       # 5 + 2 = 7 hits
    attack_all(g, LANCASTER)
    assert g.phase == DAMAGE and g.active_sides() == [YORK]
    # "Each unit is assigned one hit" before any takes a second
    while min(g.hits[YORK][c] for c in (c3, c2, c1)) == 0:
        choices = {a[1] for a in g.legal_actions(YORK)}
        assert choices == {c for c in (c3, c2, c1) if g.hits[YORK][c] == 0}
        g.apply(YORK, ("hit", min(choices)))        # a lone choice is given without asking
    assert [g.hits[YORK][c] for c in (c3, c2, c1)] == [1, 1, 1]
    # "Since the unit with a Cohesion of 1 cannot sustain another hit, two more hits are
    # assigned to the units with a Cohesion of 3 and 2."
    assert {a[1] for a in g.legal_actions(YORK)} == {c3, c2}
    g.apply(YORK, ("hit", c3))
    # then the fifth can only go to the Cohesion 2 unit (as evenly as possible), and "the
    # sixth hit can only be applied to the unit with the Cohesion of 3": given without asking
    assert [g.hits[YORK][c] for c in (c3, c2, c1)] == [3, 2, 1]
    # "Since all units have sustained the maximum number of hits, one of the units must be
    # discarded."
    assert {a[1] for a in g.legal_actions(YORK)} == {c3, c2, c1}
    g.apply(YORK, ("hit", c1))
    assert g.loc[YORK][c1] == DISCARD
    assert [g.hits[YORK][c] for c in (c3, c2)] == [3, 2]
    assert g.phase != DAMAGE


def test_rule_6_2_2_damage_example_2_three_more_hits_eliminate_all_three():
    g = battle(active=LANCASTER)
    mid = position(YORK, "centre middle")
    units = [place(g, YORK, label, mid, hits=h) for label, h in
             (("Longbowmen (1:2/3)", 3), ("Longbowmen (1:2/2)", 2), ("Longbowmen (1:2/1)", 1))]
    place(g, LANCASTER, "Men-at-Arms (2/4)", mid)
    g.script = [1, 1, 1, 6]
    attack_all(g, LANCASTER)
    while g.phase == DAMAGE:
        g.apply(YORK, g.legal_actions(YORK)[0])
    assert all(g.loc[YORK][c] == DISCARD for c in units)


def test_rule_6_2_2_attacks_are_declared_before_the_dice_and_marked():
    g = battle(active=LANCASTER)
    mid = position(YORK, "left middle")
    place(g, YORK, "Men-at-Arms (2/4)", mid)
    a = place(g, LANCASTER, "Billmen (1/3)", mid)
    b = place(g, LANCASTER, "Billmen (1/2)", mid)
    assert ("roll",) not in g.legal_actions(LANCASTER)
    g.apply(LANCASTER, ("attack", a, mid))
    assert ("roll",) in g.legal_actions(LANCASTER)
    assert ("end",) not in g.legal_actions(LANCASTER)   # declared attacks must be rolled
    g.script = [6, 6, 6]
    g.apply(LANCASTER, ("roll",))
    assert g.flags[LANCASTER][a] & ATTACKED
    # the dice have been rolled: no new attack may be declared this step (b stays idle)
    assert not [x for x in g.legal_actions(LANCASTER) if x[0] == "attack"]
    assert not g.flags[LANCASTER][b] & ATTACKED


def test_rule_6_2_2_cohesion_is_the_number_of_dice_and_ability_the_hit_number():
    g = battle(active=YORK)
    mid = position(YORK, "right middle")
    u = place(g, YORK, "Levies (2/3)", mid, lost=1)           # now a 2/2: two dice
    t = place(g, LANCASTER, "Knights (3/5)", mid)
    g.script = [2, 3]                                         # hits on 2 or less: one hit
    g.apply(YORK, ("attack", u, mid))
    g.apply(YORK, ("roll",))
    assert g.hits[LANCASTER][t] == 1
    assert g.script == []


def test_rule_6_2_2_long_range_fire_from_an_unengaged_missile_unit():
    g = battle(active=LANCASTER)
    rear = position(LANCASTER, "left rear")
    mid = position(LANCASTER, "left middle")
    bow = place(g, LANCASTER, "Crossbowmen (2:1/3)", rear)
    target = place(g, YORK, "Men-at-Arms (2/3)", mid)
    assert ("attack", bow, mid) in g.legal_actions(LANCASTER)
    # an engaged position is no long-range target (6.2.2)
    place(g, LANCASTER, "Levies (1/2)", mid)
    g._legal_cache = None
    assert ("attack", bow, mid) not in g.legal_actions(LANCASTER)
    assert target


def test_rule_6_2_2_long_range_uses_the_red_number():
    # Example of Play step 9: "The Crossbowmen (2:1/3) unit rolls three dice and hits on a '1'."
    g = battle(active=LANCASTER)
    rear, mid = position(LANCASTER, "left rear"), position(LANCASTER, "left middle")
    bow = place(g, LANCASTER, "Crossbowmen (2:1/3)", rear)
    t = place(g, YORK, "Men-at-Arms (2/3)", mid)
    g.script = [1, 2, 1]
    g.apply(LANCASTER, ("attack", bow, mid))
    g.apply(LANCASTER, ("roll",))
    assert g.hits[YORK][t] == 2


def test_rule_6_2_2_committed_leader_adds_one_to_ability_and_a_die():
    # Example step 14: Billmen with Ability 1 look for a '2' with Lord Audley committed.
    g = battle(active=LANCASTER)
    mid = position(LANCASTER, "centre middle")
    bill = place(g, LANCASTER, "Billmen (1/3)", mid)
    audley = place(g, LANCASTER, "Lord Audley", mid)
    g.flags[LANCASTER][audley] |= COMMITTED
    t = place(g, YORK, "Knights (3/5)" if False else "Men-at-Arms (2/4)", mid)
    g.apply(LANCASTER, ("attack", bill, mid))
    g.apply(LANCASTER, ("strike", audley, 0))
    g.script = [2, 2, 3] + [1]                                # two hits at 2; Audley's 1 hits
    g.apply(LANCASTER, ("roll",))
    assert g.hits[YORK][t] == 3


def test_rule_7_0_woods_halve_missile_hits():
    g = battle(active=LANCASTER)                   # Blore Heath: woods in York's centre rear
    rear = position(YORK, "centre rear")
    mid = position(YORK, "centre middle")
    assert "Woods" in {g.decks[YORK][c - 1].type for c in g.at[rear][YORK]}
    bow = place(g, LANCASTER, "Crossbowmen (2:1/4)", mid)
    t = place(g, YORK, "Men-at-Arms (2/3)", rear)
    g.script = [1, 1, 1, 6]                        # three hits, halved to one
    g.apply(LANCASTER, ("attack", bow, rear))
    g.apply(LANCASTER, ("roll",))
    assert g.hits[YORK][t] == 1


def test_rule_7_0_town_is_immune_to_long_range_fire():
    g = battle("st_albans_1", active=YORK)         # a Town in Lancaster's centre rear
    town = position(LANCASTER, "centre rear")
    mid = position(LANCASTER, "centre middle")
    place(g, LANCASTER, "Billmen (1/3)", town)
    bow = place(g, YORK, "Longbowmen (1:2/2)", mid)
    assert not [a for a in g.legal_actions(YORK) if a[:2] == ("attack", bow)]


def test_rule_9_1_8_first_ferrybridge_forbids_long_range_fire():
    g = battle("ferrybridge_1", active=YORK)
    place(g, YORK, "Longbowmen (1:2/2)", "centre rear")
    place(g, LANCASTER, "Billmen (1/3)", position(YORK, "centre middle"))
    assert not [a for a in g.legal_actions(YORK) if a[0] == "attack"]


def test_rule_6_2_2_combat_step_ends_into_movement():
    g = battle(active=YORK)
    g.apply(YORK, ("end",))
    assert g.phase == MOVEMENT


@pytest.mark.parametrize("weather, expected", [("good", 2), ("fog", 1), ("winter", 1)])
def test_rule_3_4_weather_and_long_range_ability(weather, expected):
    from sunofyork.effects import long_range_ability
    g = battle(active=YORK)
    g.weather = weather
    bow = place(g, YORK, "Longbowmen (1:2/2)", "left rear")
    assert long_range_ability(g, YORK, bow, g.loc[YORK][bow]) == expected


def test_rule_3_1_artillery_does_not_fire_into_a_flank_position():
    # "Combat is not permitted in flank positions": the Artillery's adjacent flank is no target.
    g = battle(active=YORK)
    rear = position(YORK, "right rear")
    art = place(g, YORK, "Artillery", rear)
    flank = position(YORK, "right flank")
    t = place(g, LANCASTER, "Billmen (1/3)", flank)
    mid = position(YORK, "right middle")
    m = place(g, LANCASTER, "Knights (3/5)", mid)
    bombards = [a for a in g.legal_actions(YORK) if a[0] == "bombard"]
    assert ("bombard", art, mid, m) in bombards
    assert not [a for a in bombards if a[2] == flank or a[3] == t]


@pytest.mark.parametrize("card", ["A Warwick!", "Ambush"])
def test_rule_6_2_2_an_extra_attack_marks_the_attacker(card):
    # "Each unit that conducts an attack is so marked and may not move": A Warwick!'s second
    # attack and the Ambush's additional one too (8.0).
    g = battle("towton", active=YORK)                          # 1461: A Warwick! attacks
    mid = position(YORK, "centre middle")
    u = place(g, YORK, "Men-at-Arms (2/3)", mid)
    place(g, LANCASTER, "Knights (3/5)", mid)
    h = to_hand(g, YORK, card)
    act = ("warwick", h, mid) if card == "A Warwick!" else ("ambush_attack", h, u, mid)
    assert act in g.legal_actions(YORK)
    g.script = [6, 6, 6]
    g.apply(YORK, act)
    assert g.flags[YORK][u] & ATTACKED
    g.apply(YORK, ("end",))
    assert g.phase == MOVEMENT
    assert not [a for a in g.legal_actions(YORK) if a[0] in ("move", "flank") and a[1] == u]
