"""6.4 battle hits, with the defensive firepower of 2.2 shields, 2.3 crowns, 2.4 cities, 2.5
cathedrals and 2.6 Wales."""

import pytest
from battle_setup import A, B, C, Dice, act, battle, position, texts, tied_hits

from richard3 import IllegalAction
from richard3.battle import DICE, LAST_HITS
from richard3.combat import firepower
from richard3.ids import DEAD, POOL_DOWN

LANC, YORK = 0, 1


def fp(g, name, area, defending=True):
    return firepower(g, B[name], A[area], defending)


def test_6_4_rulebook_example_stanley_3_b2_rolls_three_dice_hits_on_1_and_2(monkeypatch):
    g = battle({"Stanley/L": "Derby", "Norfolk": "Derby", "York": "Ireland",
                "Henry VI": "Middlesex"}, "Derby", LANC, {"Stanley/L": "Lancaster"},
               strengths={"Stanley/L": 3})
    act(g, "pass")                                 # Norfolk, the Defender
    Dice(monkeypatch, 2, 3, 1)
    act(g, "fire")                                 # Stanley 3, B2: two hits
    assert g.battle[DICE:DICE + 3] == [2, 3, 1] and g.battle[LAST_HITS] == 2
    assert g.strength[B["Norfolk"]] == 2
    last = g.observation(YORK)["battle"]["last_roll"]
    assert last == {"block": "Stanley/L", "kind": "fire", "target": None, "firepower": 2,
                    "dice": [2, 3, 1], "hits": 2}


def test_6_4_all_hits_go_to_the_strongest_block_and_surplus_carries_on(monkeypatch):
    g = battle({"Warwick/Y": "Kent", "Oxford": "Kent", "Beaumont": "Kent", "York": "Ireland",
                "Henry VI": "Middlesex"}, "Kent", YORK, {"Warwick/Y": "Sussex"},
               strengths={"Oxford": 2, "Beaumont": 1})
    act(g, "pass")                                 # Oxford
    act(g, "pass")                                 # Beaumont
    Dice(monkeypatch, 1, 1, 1, 6)
    act(g, "fire")                                 # Warwick B3: 3 hits
    assert g.loc[B["Oxford"]] == POOL_DOWN or g.loc[B["Oxford"]] == DEAD
    assert g.loc[B["Beaumont"]] in (DEAD, POOL_DOWN)   # surplus: the next strongest


def test_6_4_owner_chooses_which_tied_block_takes_the_hits(monkeypatch):
    g = tied_hits(monkeypatch)                     # 2 hits, Oxford and Beaumont both 3
    assert g.active_sides() == [LANC]
    assert texts(g) == ["hit Oxford", "hit Beaumont"]
    with pytest.raises(IllegalAction):
        g.apply(YORK, "hit Oxford")
    act(g, "hit Beaumont")
    assert g.strength[B["Beaumont"]] == 1 and g.strength[B["Oxford"]] == 3


def test_6_4_no_choice_when_the_hits_eliminate_every_tied_block(monkeypatch):
    g = tied_hits(monkeypatch, strengths={"Oxford": 1, "Beaumont": 1})
    assert not g.pending and g.loc[B["Oxford"]] >= len(C.area_names)
    assert g.loc[B["Beaumont"]] >= len(C.area_names)


def test_6_4_nobles_are_plus_one_defending_their_shield_not_attacking():
    g = position({"Oxford": "Essex", "Stanley/L": "Isle of Man", "Henry VI": "Middlesex"})
    assert fp(g, "Oxford", "Essex") == 3 and fp(g, "Oxford", "Essex", False) == 2
    assert fp(g, "Oxford", "Middlesex") == 2
    assert fp(g, "Stanley/L", "Isle of Man") == 3          # one of his two shields


def test_3_22_clarence_as_a_lancastrian_noble_defends_the_york_shields_as_his():
    # docs/rulings.md "Clarence as a Lancastrian noble": the York shields he deploys to and goes
    # home to (9.1) are his shields, +1 defending them (3.22).
    g = position({"Clarence/L": "Rutland", "Henry VI": "Middlesex"})
    assert fp(g, "Clarence/L", "Rutland") == 3 and fp(g, "Clarence/L", "Essex") == 2


def test_6_4_levies_churches_and_the_welsh_at_home():
    g = position({"York (levy)": "South Yorks", "Canterbury (church)/Y": "Kent",
                  "Welsh Mercenary": "Powys", "Henry VI": "Middlesex"})
    assert fp(g, "York (levy)", "South Yorks") == 4        # 2.4 C3 = C4
    assert fp(g, "York (levy)", "Kent") == 3
    assert fp(g, "Canterbury (church)/Y", "Kent") == 2     # 2.5 C1 = C2
    assert fp(g, "Welsh Mercenary", "Powys") == 3          # 2.6 A2 = A3
    assert fp(g, "Welsh Mercenary", "Chester") == 2


def test_2_3_rulebook_example_exeter_defends_cornwall_at_a3_unless_a_senior_heir_is_there():
    g = position({"Exeter/L": "Cornwall"}, king=LANC)
    assert fp(g, "Exeter/L", "Cornwall") == 3              # his shield and the crown
    g = position({"Exeter/L": "Cornwall", "Henry VI": "Cornwall"}, king=LANC)
    assert fp(g, "Exeter/L", "Cornwall") == 2              # his own shield only
    assert fp(g, "Henry VI", "Cornwall") == 3              # the KING takes the crown
    g = position({"Exeter/L": "Cornwall"}, king=YORK)
    assert fp(g, "Exeter/L", "Cornwall") == 2              # no crown for the PRETENDER


def test_2_3_senior_royal_heir_is_plus_two_on_his_shield_and_a_crown_juniors_nothing():
    g = position({"York": "South Yorks", "March": "South Yorks"}, king=YORK)
    assert fp(g, "York", "South Yorks") == 5               # B3 + 2
    assert fp(g, "March", "South Yorks") == 3              # no bonus: not the senior heir
    assert fp(g, "York", "South Yorks", defending=False) == 3


def test_2_2_specific_lancaster_shields_serve_their_heir_then_the_senior_heir():
    g = position({"Somerset": "Dorset", "Henry VI": "Dorset"}, king=YORK)
    assert fp(g, "Somerset", "Dorset") == 3 and fp(g, "Henry VI", "Dorset") == 2
    g = position({"Henry VI": "Dorset", "Prince Edward": "Dorset"}, king=YORK)
    g.loc[B["Somerset"]] = DEAD
    assert fp(g, "Henry VI", "Dorset") == 3 and fp(g, "Prince Edward", "Dorset") == 1
    g = position({"Prince Edward": "Lincoln", "Richmond": "Lincoln"}, king=YORK)
    assert fp(g, "Prince Edward", "Lincoln") == 2          # the common Lancaster shield
    assert fp(g, "Richmond", "Lincoln") == 2


def test_2_2_senior_heir_present_ignores_reserves_still_waiting():
    g = battle({"March": "South Yorks", "York": "South Yorks", "Clifford": "South Yorks",
                "Henry VI": "Middlesex"}, "South Yorks", LANC, {"Clifford": "Derby"},
               reserves=[], king=YORK)
    g.reserve[B["York"]] = 1                       # York (senior) still waiting in Reserve
    assert fp(g, "March", "South Yorks") == 5      # A3 + shield + crown
    g.reserve[B["York"]] = 0
    assert fp(g, "March", "South Yorks") == 3
