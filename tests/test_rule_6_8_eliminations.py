"""6.8 eliminated blocks: 6.81 the King is dead, 6.82 heirs and minors, 6.83 nobles and church,
6.84 levies and bombards, 6.85 mercenaries, 6.86 the Rebel (and 9.1 for a defected heir)."""

from battle_setup import A, B, C, act, position, texts

from richard3.sequence import begin
from richard3.ids import DEAD, MERC_DOWN, MINOR, OFF, POOL_DOWN, SUPPLY
from richard3.eliminations import eliminate
from richard3.events import IN_BATTLE


LANC, YORK = 0, 1


def test_6_81_the_king_is_dead_his_senior_royal_heir_is_crowned_at_the_next_supply_phase():
    g = position({"Henry VI": "Middlesex", "Exeter/L": "France", "Somerset": "Dorset",
                  "York": "Ireland"}, king=LANC)
    g.loc[B["Prince Edward"]] = g.loc[B["Richmond"]] = DEAD     # no minor to enter first
    eliminate(g, B["Henry VI"], IN_BATTLE)
    assert g.crowned[LANC] == -1 and g.heirs_lost[LANC] == 1
    begin(g, SUPPLY)
    assert g.crowned[LANC] == B["Exeter/L"] and g.loc[B["Exeter/L"]] == A["France"]  # even exile
    assert any("Exeter/L is now the Lancaster KING, in France (6.81)" in x for x in g.log)


def test_6_82_the_senior_minor_enters_a_friendly_or_vacant_crown_area_for_the_king():
    g = position({"Henry VI": "Middlesex", "Exeter/L": "France", "York": "Ireland",
                  "March": "Cumbria", "Norfolk": "Caernarvon"}, king=LANC)
    eliminate(g, B["Henry VI"], IN_BATTLE)
    begin(g, SUPPLY)
    assert g.active_sides() == [LANC]
    places = {t.split(": ")[1] for t in texts(g)}
    crowns = {C.area_names[a] for a in C.crown_areas}
    assert places == crowns - {"Cumbria", "Caernarvon"}     # not enemy-occupied
    act(g, "enter Prince Edward: Chester")
    assert g.loc[B["Prince Edward"]] == A["Chester"]
    assert g.crowned[LANC] == B["Prince Edward"]            # the senior heir is KING


def test_6_82_pretender_minors_enter_in_an_exile_area_one_for_each_dead_heir():
    g = position({"York": "Middlesex", "March": "Kent", "Rutland": "Calais",
                  "Henry VI": "Lancaster"}, king=LANC)
    eliminate(g, B["York"], IN_BATTLE)
    eliminate(g, B["March"], IN_BATTLE)
    begin(g, SUPPLY)
    assert texts(g) == ["enter Clarence/Y: Ireland", "enter Clarence/Y: Calais"]
    act(g, "enter Clarence/Y: Ireland")
    assert texts(g) == ["enter Gloucester: Ireland", "enter Gloucester: Calais"]
    act(g, "enter Gloucester: Calais")
    assert g.crowned[YORK] == B["Rutland"]          # senior in play: Rutland (3)
    assert g.loc[B["Clarence/Y"]] == A["Ireland"] and g.loc[B["Gloucester"]] == A["Calais"]


def test_6_82_heirs_are_permanently_dead():
    g = position({"Rutland": "Kent", "Henry VI": "Lancaster", "York": "Ireland"})
    eliminate(g, B["Rutland"])
    assert g.loc[B["Rutland"]] == DEAD
    assert B["Rutland"] not in g.heirs_alive(YORK)


def test_6_83_rose_nobles_and_nevilles_die_others_go_face_down_to_their_pool():
    g = position({"Oxford": "Essex", "Warwick/Y": "Kent", "Stanley/L": "Lancaster",
                  "Canterbury (church)/Y": "Kent", "Henry VI": "Middlesex", "York": "Ireland"})
    for name in ("Oxford", "Warwick/Y", "Stanley/L", "Canterbury (church)/Y"):
        eliminate(g, B[name])
    assert g.loc[B["Oxford"]] == DEAD
    assert g.loc[B["Warwick/Y"]] == DEAD and g.loc[B["Warwick/L"]] == DEAD
    assert g.loc[B["Stanley/L"]] == POOL_DOWN
    assert g.loc[B["Canterbury (church)/Y"]] == POOL_DOWN


def test_6_84_levies_and_bombards_go_face_down_to_the_pool():
    g = position({"London (levy)": "Middlesex", "Bombard/L": "Kent", "Henry VI": "Lancaster",
                  "York": "Ireland"})
    eliminate(g, B["London (levy)"])
    eliminate(g, B["Bombard/L"])
    assert g.loc[B["London (levy)"]] == POOL_DOWN and g.loc[B["Bombard/L"]] == POOL_DOWN


def test_6_85_mercenaries_go_home_face_down_the_welsh_to_the_lancaster_pool():
    g = position({"Calais Mercenary": "Kent", "Welsh Mercenary": "Powys",
                  "Henry VI": "Lancaster", "York": "Ireland"})
    eliminate(g, B["Calais Mercenary"])
    eliminate(g, B["Welsh Mercenary"])
    assert g.loc[B["Calais Mercenary"]] == MERC_DOWN
    assert g.loc[B["Welsh Mercenary"]] == POOL_DOWN
    assert g.observation(YORK)["own_blocks"][-1]["area"] == "home (face-down)"


def test_6_86_the_rebel_goes_face_down_to_the_pretender_pool():
    g = position({"Rebel": "Wilts", "Henry VI": "Lancaster", "York": "Ireland"}, king=LANC)
    eliminate(g, B["Rebel"])
    assert g.loc[B["Rebel"]] == POOL_DOWN
    assert "Rebel" in [p["block"] for p in g.observation(YORK)["pool"]]


def test_9_1_a_defected_clarence_killed_is_dead_and_a_york_minor_enters():
    g = position({"Clarence/L": "Kent", "Henry VI": "Lancaster", "York": "Ireland"})
    g.loc[B["Clarence/Y"]] = OFF
    eliminate(g, B["Clarence/L"])
    assert g.loc[B["Clarence/L"]] == DEAD and g.loc[B["Clarence/Y"]] == DEAD
    assert g.heirs_lost == [0, 1]
    assert g.loc[B["Gloucester"]] == MINOR
    begin(g, SUPPLY)
    assert texts(g) == ["enter Gloucester: Ireland", "enter Gloucester: Calais"]


def test_6_82_a_royal_minor_enters_in_exile_when_no_crown_area_is_open():
    crowns = [C.area_names[a] for a in C.crown_areas]
    york = ["York", "March", "Rutland", "Norfolk", "Suffolk", "Hastings", "Herbert",
            "Worcester", "Essex", "Arundel", "Kent/Y", "Salisbury/Y"]
    g = position({**dict(zip(york, crowns)), "Henry VI": "Kent", "Exeter/L": "France"},
                 king=LANC)
    eliminate(g, B["Henry VI"], IN_BATTLE)
    begin(g, SUPPLY)
    assert texts(g) == ["enter Prince Edward: Scotland", "enter Prince Edward: France"]


def test_6_81_a_senior_heir_back_in_play_is_crowned_at_the_supply_phase():
    g = position({"Somerset": "Dorset", "York": "Ireland"}, king=LANC)
    assert g.crowned[LANC] == B["Somerset"]
    g.loc[B["Exeter/L"]], g.strength[B["Exeter/L"]] = A["Cornwall"], 3   # back from York
    begin(g, SUPPLY)
    assert g.crowned[LANC] == B["Exeter/L"]
