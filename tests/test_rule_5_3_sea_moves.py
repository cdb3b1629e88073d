"""5.3 sea moves and 5.31 port-to-port moves."""

import pytest

from helpers import A, B, C, game_in_action, legal_texts
from richard3 import IllegalAction
from richard3.components import LANCASTER, YORK

CALAIS4 = {"Warwick/Y": "Calais", "Salisbury/Y": "Calais", "Kent/Y": "Calais",
           "March": "Calais"}


def sea_targets(g, side, block):
    return {C.area_names[a[3]] for a in g.legal_actions(side)
            if a[0] == "sea" and a[1] == B[block]}


def test_5_3_sea_moves_example_ap2_four_blocks_from_calais_to_kent():
    """AP2 could allow 4 blocks to sea move from Calais to Sandwich (Kent)."""
    g = game_in_action(YORK, 2, positions=CALAIS4, clear=True)
    for b in CALAIS4:
        g.apply(YORK, f"sea {b}: Calais > Kent")
    assert g.ap == 0 and all(g.loc[B[b]] == A["Kent"] for b in CALAIS4)


def test_5_3_sea_moves_example_two_ports_or_a_port_and_a_non_port():
    g = game_in_action(YORK, 2, positions=CALAIS4, clear=True)
    g.apply(YORK, "sea Warwick/Y: Calais > Kent")
    g.apply(YORK, "sea Salisbury/Y: Calais > Kent")
    g.apply(YORK, "sea Kent/Y: Calais > East Anglia")
    g.apply(YORK, "sea March: Calais > East Anglia")
    assert g.ap == 0
    g = game_in_action(YORK, 2, positions=CALAIS4, clear=True)
    g.apply(YORK, "sea Warwick/Y: Calais > Kent")
    g.apply(YORK, "sea Salisbury/Y: Calais > Kent")
    g.apply(YORK, "sea Kent/Y: Calais > Essex")        # Essex has no major port: 1 AP
    assert g.ap == 0
    assert not any(a[0] == "sea" for a in g.legal_actions(YORK))


def test_5_3_calais_reaches_channel_and_north_sea_only():
    g = game_in_action(YORK, 3, positions={"Warwick/Y": "Calais"}, clear=True)
    t = sea_targets(g, YORK, "Warwick/Y")
    assert {"Kent", "Sussex", "Dorset", "Cornwall", "East Anglia", "Northumbria"} <= t
    assert not t & {"Chester", "Somerset", "Ireland", "France", "Scotland"}


def test_5_3_cornwall_kent_scotland_france_touch_two_zones():
    for area, seas in (("Cornwall", {"Irish Sea", "English Channel"}),
                       ("Kent", {"North Sea", "English Channel"}),
                       ("Scotland", {"Irish Sea", "North Sea"}),
                       ("France", {"Irish Sea", "English Channel"})):
        got = {s for i, s in enumerate(("North Sea", "English Channel", "Irish Sea"))
               if C.seas[A[area]] >> i & 1}
        assert got == seas, area


def test_5_3_no_sea_move_to_or_from_inland_areas_but_middlesex_is_a_port():
    for area in ("Hereford", "Gloucester", "South Yorks"):
        assert not C.coastal(A[area])
    assert C.coastal(A["Middlesex"]) and C.major_port[A["Middlesex"]]


def test_5_3_only_to_friendly_or_vacant_areas():
    g = game_in_action(YORK, 3, positions={"Warwick/Y": "Calais", "Oxford": "Kent"}, clear=True)
    assert "Kent" not in sea_targets(g, YORK, "Warwick/Y")


def test_5_3_scots_welsh_rebel_levies_bombards_never_sea_move():
    pos = {"Scots Mercenary": "Northumbria", "Welsh Mercenary": "Pembroke",
           "Bristol (levy)": "Somerset", "Bombard/L": "Somerset", "Clifford": "Northumbria"}
    g = game_in_action(LANCASTER, 3, positions=pos, clear=True)
    movers = {C.block_names[a[1]] for a in g.legal_actions(LANCASTER) if a[0] == "sea"}
    assert movers == {"Clifford"}


def test_5_3_no_land_move_after_a_sea_move():
    g = game_in_action(YORK, 3, positions={"Warwick/Y": "Calais"}, clear=True)
    g.apply(YORK, "sea Warwick/Y: Calais > Kent")
    assert "activate Kent" not in legal_texts(g, YORK)


def test_5_31_port_to_port_needs_same_start_and_end_port():
    g = game_in_action(YORK, 2, positions=CALAIS4, clear=True)
    g.ap = 1
    g.apply(YORK, "sea Warwick/Y: Calais > Kent")
    assert legal_texts(g, YORK) & {"sea Salisbury/Y: Calais > Kent"}
    assert "sea Salisbury/Y: Calais > Sussex" not in legal_texts(g, YORK)
    g.apply(YORK, "sea Salisbury/Y: Calais > Kent")
    with pytest.raises(IllegalAction):       # only two blocks per AP
        g.apply(YORK, "sea Kent/Y: Calais > Kent")


def test_5_3_isle_of_man_by_sea():
    g = game_in_action(YORK, 3, positions={"Stanley/Y": "Lancaster"}, clear=True)
    assert "Isle of Man" in sea_targets(g, YORK, "Stanley/Y")
