"""9.3 The campaign: the battles in order, nine victories or sudden death, 9.3.1 noble deaths,
9.3.2 King Henry VI, 9.3.3 crowning kings."""

from soy_helpers import LANCASTER, YORK, find, rig
from sunofyork.campaign import bars
from sunofyork.game import new_game
from sunofyork.scenario import CAMPAIGN_ORDER
from sunofyork.state import BETWEEN, OVER


def campaign(seed=1):
    g = rig(new_game("campaign", seed=seed))
    assert g.campaign["battle"] == CAMPAIGN_ORDER[0] == "st_albans_1"
    return g


def noble_dice(g):
    """The number of 9.3.1 rolls due: every living noble present."""
    dead = g.campaign["dead"]
    return sum(len(set(g.present[s]) - set(dead[s])) for s in (0, 1))


def test_rule_9_3_1_losers_die_below_one_winners_uninjured_never():
    g = campaign()
    assert set(g.present[YORK]) == {"duke_of_york", "warwick", "salisbury"}
    assert set(g.present[LANCASTER]) == {"somerset_2", "clifford"}
    # York wins. Keys are rolled in sorted order, Lancaster first: clifford, somerset_2;
    # then York's three. Henry VI lives: +1. Losers uninjured: -2.
    g.script = [1, 2] + [1, 1, 1] + [6]
    g.end(YORK, "capture")
    c = g.campaign
    assert c["dead"][LANCASTER] == ["clifford"]            # 1 - 2 + 1 = 0 < 1
    assert c["dead"][YORK] == []                           # winners: 1 + 1 = 2
    assert c["wins"] == [0, 1] and g.phase == BETWEEN


def test_rule_9_3_1_a_dead_leader_is_only_an_orders_card():
    g = campaign()
    g.campaign["dead"][LANCASTER].append("clifford")
    cid = find(g, LANCASTER, "clifford", tuple(range(-7, 13)))
    assert bars(g, LANCASTER, cid)


def test_rule_9_3_2_henry_captured_on_one_or_less():
    g = campaign()
    assert g.henry == 1                                     # placed at 1st St Albans
    # present -1 and a Lancastrian loss -1: a 3 becomes 1, captured
    g.script = [6] * noble_dice(g) + [3]
    g.end(YORK, "capture")
    assert g.campaign["henry"] == "captured"


def test_rule_9_3_2_a_six_brings_henry_to_the_next_battle():
    g = campaign()
    g.script = [6] * noble_dice(g) + [6]       # present -1 (Lancaster wins): 6 - 1 = 5
    g.end(LANCASTER, "capture")
    assert g.campaign["henry"] == "free"
    g.apply(0, ("next",))
    g.apply(1, ("next",))
    assert g.campaign["battle"] == "blore_heath"


def test_rule_9_3_3_edward_crowned_when_york_is_dead_and_henry_captured():
    g = campaign()
    g.campaign["dead"][YORK].append("duke_of_york")
    march = find(g, YORK, "march", tuple(range(-7, 13)))
    edward = find(g, YORK, "edward_iv", tuple(range(-7, 13)))
    assert bars(g, YORK, edward) and not bars(g, YORK, march)
    g.script = [6] * noble_dice(g) + [1]
    g.end(YORK, "capture")
    assert g.campaign["henry"] == "captured" and g.campaign["kings"][YORK] == "edward_iv"
    assert not bars(g, YORK, edward) and bars(g, YORK, march)


def test_rule_9_3_2_the_prisoners_roll_before_each_scenario():
    g = campaign()
    g.campaign["dead"][YORK].append("duke_of_york")
    g.script = [6] * noble_dice(g) + [1]
    g.end(YORK, "capture")
    g.apply(0, ("next",))
    g.script = [2]                                          # 1-3: King Henry VI is dead!
    g.apply(1, ("next",))
    assert g.campaign["henry"] == "dead"
    assert g.campaign["kings"][LANCASTER] == "henry_vii"    # 9.3.3 Henry VII replaces him


def test_rule_9_3_nine_victories_win_the_campaign():
    g = campaign()
    g.campaign["wins"] = [0, 8]
    g.script = [6] * 20
    g.end(YORK, "capture")
    assert g.phase == OVER and g.winner == YORK and g.reason == "campaign"
    assert g.is_over


def test_rule_9_3_sudden_death_needs_a_lead_of_three():
    g = campaign()
    g.campaign["sudden"] = 0                               # Lambert Simnel died
    g.campaign["wins"] = [4, 2]
    g.script = [6] * 20
    g.end(YORK, "capture")                                 # now 4-3: no sudden death
    assert g.phase == BETWEEN
    g.campaign["wins"] = [5, 2]
    g.end(LANCASTER, "capture")                            # 6-2
    assert g.phase == OVER and g.winner == LANCASTER


def test_rule_9_3_3_uncrowned_edward_stands_in_as_the_earl_of_march():
    g = campaign()
    g.campaign["index"] = CAMPAIGN_ORDER.index("towton") - 1
    g.script = [6] * 20
    g.end(YORK, "capture")
    g.apply(0, ("next",))
    g.apply(1, ("next",))
    assert g.campaign["battle"] == "towton"
    from sunofyork.field import position
    keys = {g.decks[YORK][c - 1].key for c in g.leaders_at(position(YORK, "centre rear"), YORK)}
    assert keys == {"march"}


def test_rule_9_3_2_margaret_only_orders_at_second_st_albans_once_henry_is_dead():
    g = campaign()
    g.campaign["index"] = CAMPAIGN_ORDER.index("st_albans_2") - 1
    g.campaign["henry"] = "dead"
    g.script = [6] * 20
    g.end(YORK, "capture")
    g.apply(0, ("next",))
    g.apply(1, ("next",))
    assert g.campaign["battle"] == "st_albans_2"
    marg = next(c.id for c in g.decks[LANCASTER] if c.type == "Margaret of Anjou")
    # "From that point, her card may only be used as orders"
    assert g.loc[LANCASTER][marg] != -5 and g.margaret_on[LANCASTER] == 0


def test_rule_9_3_2_henry_at_the_next_battle_is_beside_the_field_before_the_deal():
    for seed in range(1, 16):
        g = campaign(seed)
        g.henry = 0                      # not present at 1st St Albans: no -1 to his roll
        g.script = [6] * noble_dice(g) + [6]
        g.end(LANCASTER, "capture")      # a Lancastrian victory: 6 stays 6
        assert g.campaign["henry"] == "at_next"
        g.apply(0, ("next",))
        g.apply(1, ("next",))
        assert g.campaign["battle"] == "blore_heath"
        henry = next(c.id for c in g.decks[LANCASTER] if c.type == "King Henry VI")
        assert g.loc[LANCASTER][henry] == -5 and g.henry == 1
        # put aside before the shuffle: not dealt, not discarded, the deal still sixteen
        assert len(g.dealt[LANCASTER]) == 16 and henry not in g.discard[LANCASTER]
