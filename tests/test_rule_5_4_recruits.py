"""5.4 recruits."""

from helpers import A, B, C, game_in_action, legal_texts
from richard3.components import LANCASTER, YORK


def recruit_areas(g, side, block):
    return {C.area_names[a[2]] for a in g.legal_actions(side)
            if a[0] == "recruit" and a[1] == B[block]}


def test_5_4_nobles_to_friendly_or_vacant_shield_areas():
    g = game_in_action(LANCASTER, 3, positions={"Northumberland/L": "pool", "Norfolk": "Cumbria"},
                       clear=True)
    assert recruit_areas(g, LANCASTER, "Northumberland/L") == {"Northumbria", "East Yorks"}


def test_5_4_recruits_example_northumbria_and_east_anglia():
    """Sidebar Recruiting example: 2 AP raise Northumberland and Newcastle in Northumbria;
    3 AP raise Norfolk, Suffolk and the Norwich levy in East Anglia."""
    g = game_in_action(LANCASTER, 2, positions={"Northumberland/L": "pool",
                                                "Newcastle (levy)": "pool"}, clear=True)
    g.apply(LANCASTER, "recruit Northumberland/L: Northumbria")
    g.apply(LANCASTER, "recruit Newcastle (levy): Northumbria")
    assert g.ap == 0
    g = game_in_action(YORK, 3, positions={"Norfolk": "pool", "Suffolk": "pool",
                                           "Norwich (levy)": "pool"}, clear=True)
    for b in ("Norfolk", "Suffolk", "Norwich (levy)"):
        g.apply(YORK, f"recruit {b}: East Anglia")
    assert all(g.loc[B[b]] == A["East Anglia"] for b in ("Norfolk", "Suffolk", "Norwich (levy)"))


def test_5_4_recruits_are_full_strength_and_cannot_move_that_turn():
    g = game_in_action(YORK, 3, positions={"Norfolk": "pool"}, clear=True)
    g.apply(YORK, "recruit Norfolk: East Anglia")
    assert g.strength[B["Norfolk"]] == 4
    assert "activate East Anglia" not in legal_texts(g, YORK)


def test_5_4_church_levy_bombard_rebel_welsh():
    pos = {"Canterbury (church)/Y": "pool", "London (levy)": "pool", "Bombard/Y": "pool",
           "Rebel": "pool", "Norfolk": "East Anglia", "Oxford": "Essex"}
    g = game_in_action(YORK, 3, positions=pos, clear=True)
    assert recruit_areas(g, YORK, "Canterbury (church)/Y") == {"Kent"}
    assert recruit_areas(g, YORK, "London (levy)") == {"Middlesex"}
    assert recruit_areas(g, YORK, "Bombard/Y") == {"East Anglia"}   # friendly city areas only
    rebel = recruit_areas(g, YORK, "Rebel")                        # York is PRETENDER in 1460
    assert "East Anglia" not in rebel and "Essex" not in rebel and "Calais" not in rebel
    assert "Kent" in rebel
    g = game_in_action(LANCASTER, 3, positions={"Welsh Mercenary": "pool", "Herbert": "Powys"},
                       clear=True)
    assert recruit_areas(g, LANCASTER, "Welsh Mercenary") == {"Pembroke", "Caernarvon", "Glamorgan"}


def test_5_4_no_recruit_into_enemy_areas_or_with_event_ap():
    g = game_in_action(YORK, 3, positions={"Norfolk": "pool", "Oxford": "East Anglia"}, clear=True)
    assert recruit_areas(g, YORK, "Norfolk") == {"Caernarvon", "Glamorgan"}
    g = game_in_action(YORK, "surprise", positions={"Norfolk": "pool"}, clear=True)
    assert not any(a[0] == "recruit" for a in g.legal_actions(YORK))


def test_rebel_belongs_to_the_pretender():
    g = game_in_action(YORK, 3, positions={"Rebel": "pool"}, clear=True)
    assert g.owner(B["Rebel"]) == YORK
    g.king = YORK
    assert g.owner(B["Rebel"]) == LANCASTER
