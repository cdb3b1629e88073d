"""5.2 land moves, 5.21 border limits, 5.22 pinning, estuaries and exile (2.7)."""

from contextlib import nullcontext

import pytest

from helpers import A, B, C, destinations, game_in_action, legal_texts
from richard3 import IllegalAction
from richard3.components import LANCASTER, YORK


def test_5_2_move_example_east_anglia():
    """Rulebook Move example: for 1 AP any/all East Anglia blocks may move to Essex,
    Middlesex, Rutland, Leicester and Lincoln; the river (blue) border limits 3 blocks
    directly to Rutland, although 3 more could get there via Essex."""
    blocks = ["Norfolk", "Suffolk", "Arundel", "Essex", "Hastings", "Herbert"]
    g = game_in_action(YORK, 4, positions={b: "East Anglia" for b in blocks}, clear=True)
    g.apply(YORK, "activate East Anglia")
    dest = destinations(g, YORK, "Norfolk")
    assert {"Essex", "Middlesex", "Rutland", "Leicester", "Lincoln"} <= dest
    assert "Kent" not in dest                 # estuary: no land move Essex-Kent
    for b in blocks[:3]:
        g.apply(YORK, f"move {b}: East Anglia > Rutland")
    assert "move Essex: East Anglia > Rutland" not in legal_texts(g, YORK)
    for b in blocks[3:]:
        g.apply(YORK, f"move {b}: East Anglia > Essex > Rutland")
    assert sum(1 for b in blocks if g.loc[B[b]] == A["Rutland"]) == 6


def test_5_21_example_five_blocks_middlesex_to_oxford():
    """Five blocks in Middlesex: four move directly to Oxford (yellow border, limit 4), the
    fifth must go via Leicester or Sussex."""
    blocks = ["Norfolk", "Suffolk", "Arundel", "Essex", "Hastings"]
    g = game_in_action(YORK, 3, positions={b: "Middlesex" for b in blocks}, clear=True)
    g.apply(YORK, "activate Middlesex")
    for b in blocks[:4]:
        g.apply(YORK, f"move {b}: Middlesex > Oxford")
    paths = {str(a) for a in g.legal_actions(YORK) if a[0] == "move" and a[1] == B["Hastings"]
             and a[-1] == A["Oxford"]}
    assert paths == {"move Hastings: Middlesex > Leicester > Oxford",
                     "move Hastings: Middlesex > Sussex > Oxford"}
    with pytest.raises(IllegalAction):
        g.apply(YORK, "move Hastings: Middlesex > Oxford")


def test_5_21_red_border_stops_and_limits_two():
    g = game_in_action(LANCASTER, 3, positions={"Clifford": "Cumbria", "Beaumont": "Cumbria",
                                                "Wiltshire": "Cumbria"}, clear=True)
    g.apply(LANCASTER, "activate Cumbria")
    # Cumbria-Lancaster is red: blocks stop in Lancaster and only two may cross.
    assert not any(a[0] == "move" and len(a) > 4 and a[3] == A["Lancaster"]
                   for a in g.legal_actions(LANCASTER))
    g.apply(LANCASTER, "move Clifford: Cumbria > Lancaster")
    g.apply(LANCASTER, "move Beaumont: Cumbria > Lancaster")
    assert "Lancaster" not in destinations(g, LANCASTER, "Wiltshire")


def test_5_21_border_limits_apply_to_each_side_separately():
    g = game_in_action(YORK, 3, positions={"Norfolk": "Kent", "Suffolk": "Kent"}, clear=True)
    k = C.border_between[(A["Kent"], A["Middlesex"])]
    g.border_used[LANCASTER * len(C.border_ends) + k] = 3   # Lancaster's use does not count
    g.apply(YORK, "activate Kent")
    assert "Middlesex" in destinations(g, YORK, "Norfolk")


def test_5_2_stop_on_entering_enemy_area():
    g = game_in_action(YORK, 3, positions={"Norfolk": "East Anglia", "Oxford": "Essex"},
                       clear=True)
    g.apply(YORK, "activate East Anglia")
    assert "move Norfolk: East Anglia > Essex" in legal_texts(g, YORK)
    assert not any(str(a).startswith("move Norfolk: East Anglia > Essex >")
                   for a in g.legal_actions(YORK))


def test_5_2_pass_freely_through_friendly_areas():
    g = game_in_action(YORK, 3, positions={"Norfolk": "East Anglia", "Suffolk": "Essex"},
                       clear=True)
    g.apply(YORK, "activate East Anglia")
    assert "move Norfolk: East Anglia > Essex > Middlesex" in legal_texts(g, YORK)


def test_5_2_each_block_moves_once_per_turn():
    g = game_in_action(YORK, 3, positions={"Norfolk": "East Anglia"}, clear=True)
    g.apply(YORK, "activate East Anglia")
    g.apply(YORK, "move Norfolk: East Anglia > Essex")
    assert destinations(g, YORK, "Norfolk") == set()
    assert "activate Essex" not in legal_texts(g, YORK)   # nothing there may move again


def test_5_2_estuaries_have_no_land_move():
    for a, b in (("Glamorgan", "Somerset"), ("East Yorks", "Lincoln"), ("Kent", "Essex")):
        assert (A[a], A[b]) not in C.border_between
    g = game_in_action(YORK, 3, positions={"Herbert": "Glamorgan"}, clear=True)
    g.apply(YORK, "activate Glamorgan")
    assert "Somerset" not in destinations(g, YORK, "Herbert")


def test_2_7_exile_never_entered_by_enemy_and_scotland_by_land_for_lancaster_only():
    g = game_in_action(YORK, 3, positions={"Norfolk": "Northumbria"}, clear=True)
    g.apply(YORK, "activate Northumbria")
    assert "Scotland" not in destinations(g, YORK, "Norfolk")
    g = game_in_action(LANCASTER, 3, positions={"Clifford": "Northumbria"}, clear=True)
    g.apply(LANCASTER, "activate Northumbria")
    assert "Scotland" in destinations(g, LANCASTER, "Clifford")


def test_5_22_pinning_example_chester():
    """Five blocks defend Chester; three attack from Derby (the Main Attack) and one from
    Warwick: three defenders are pinned, two may leave, but not via Derby or Warwick."""
    york_blocks = ["Norfolk", "Suffolk", "Arundel", "Essex", "Hastings"]
    pos = {b: "Chester" for b in york_blocks}
    pos.update({"Clifford": "Derby", "Beaumont": "Derby", "Wiltshire": "Derby",
                "Oxford": "Warwick"})
    g = game_in_action(LANCASTER, 3, positions=pos, clear=True)
    g.apply(LANCASTER, "activate Derby")
    for b in ("Clifford", "Beaumont", "Wiltshire"):
        g.apply(LANCASTER, f"move {b}: Derby > Chester")
    g.apply(LANCASTER, "activate Warwick")
    g.apply(LANCASTER, "move Oxford: Warwick > Chester")
    assert g.attacker[A["Chester"]] == LANCASTER
    assert g.main_border[A["Chester"]] == C.border_between[(A["Derby"], A["Chester"])]
    assert g.reserve[B["Oxford"]] == 1 and g.reserve[B["Clifford"]] == 0
    g.apply(LANCASTER, "end")
    assert g.acting == YORK
    g.apply(YORK, "activate Chester")
    first_steps = {C.area_names[a[3]] for a in g.legal_actions(YORK)
                   if a[0] == "move" and a[1] == B["Norfolk"]}
    assert first_steps and not first_steps & {"Derby", "Warwick"}
    g.apply(YORK, "move Norfolk: Chester > Lancaster")
    g.apply(YORK, "move Suffolk: Chester > Powys")
    # Three remain: as many as the attacking blocks not in Reserve; they are pinned.
    assert destinations(g, YORK, "Arundel") == set()


def test_5_22_an_area_whose_every_block_is_pinned_is_not_offered_for_activation():
    """Two Lancaster blocks attack York's two in Chester: both are pinned, so activating
    Chester would move nothing (docs/rulings.md, Activation); with a third York block there,
    one may leave and Chester is offered."""
    pos = {"Norfolk": "Chester", "Suffolk": "Chester", "Arundel": "Lancaster",
           "Clifford": "Derby", "Beaumont": "Derby"}
    for extra, offered in ((None, False), ("Essex", True)):
        if extra:
            pos[extra] = "Chester"
        g = game_in_action(LANCASTER, 3, positions=pos, clear=True)
        g.apply(LANCASTER, "activate Derby")
        for b in ("Clifford", "Beaumont"):
            g.apply(LANCASTER, f"move {b}: Derby > Chester")
        g.apply(LANCASTER, "end")
        legal = legal_texts(g, YORK)
        assert ("activate Chester" in legal) is offered
        assert "activate Lancaster" in legal
        with pytest.raises(IllegalAction) if not offered else nullcontext():
            g.apply(YORK, "activate Chester")


def test_6_3_attacker_uses_at_most_three_borders():
    pos = {"Clifford": "Derby", "Beaumont": "Lincoln", "Wiltshire": "East Yorks",
           "Oxford": "North Yorks", "Norfolk": "South Yorks"}
    g = game_in_action(LANCASTER, 4, positions=pos, clear=True)
    for a, b in (("Derby", "Clifford"), ("Lincoln", "Beaumont"), ("East Yorks", "Wiltshire")):
        g.apply(LANCASTER, f"activate {a}")
        g.apply(LANCASTER, f"move {b}: {a} > South Yorks")
    g.apply(LANCASTER, "activate North Yorks")
    # A fourth border is refused; the three borders in use stay open.
    assert "move Oxford: North Yorks > South Yorks" not in legal_texts(g, LANCASTER)
    assert "move Oxford: North Yorks > East Yorks > South Yorks" in legal_texts(g, LANCASTER)


def test_6_3_player_2_reinforcements_are_reserves_via_at_most_two_borders():
    pos = {"Clifford": "Derby", "Norfolk": "South Yorks", "Suffolk": "Lincoln",
           "Arundel": "East Yorks", "Essex": "North Yorks"}
    g = game_in_action(LANCASTER, 3, positions=pos, clear=True)
    g.apply(LANCASTER, "activate Derby")
    g.apply(LANCASTER, "move Clifford: Derby > South Yorks")
    g.apply(LANCASTER, "end")
    g.ap = 3
    for a, b in (("Lincoln", "Suffolk"), ("East Yorks", "Arundel")):
        g.apply(YORK, f"activate {a}")
        g.apply(YORK, f"move {b}: {a} > South Yorks")
        assert g.reserve[B[b]] == 1
    g.apply(YORK, "activate North Yorks")
    assert "move Essex: North Yorks > South Yorks" not in legal_texts(g, YORK)
    assert "move Essex: North Yorks > East Yorks > South Yorks" in legal_texts(g, YORK)


def test_illegal_move_raises_and_leaves_game_unchanged():
    g = game_in_action(YORK, 3, positions={"Norfolk": "East Anglia"}, clear=True)
    before = g.to_json()
    with pytest.raises(IllegalAction, match="not a legal action"):
        g.apply(YORK, "move Norfolk: East Anglia > Essex")     # area not activated
    with pytest.raises(IllegalAction):
        g.apply(LANCASTER, "end")                              # not Lancaster's turn
    assert g.to_json() == before
