"""8.0 the political turn, in its exact order: 8.1 levies disband, 8.2 usurpation, 8.3 the
PRETENDER goes home, 8.4 the KING goes home, 8.5 campaign reset."""

from battle_setup import A, B, C, act, position, texts

from richard3.sequence import begin
from richard3.ids import CARDS, DEAD, MERC_DOWN, MULLIGAN, OFF, POLITICAL, POOL, POOL_DOWN
from richard3.politics import usurpation_counts

LANC, YORK = 0, 1


def political(blocks, king=LANC, campaign=1, strengths=None):
    g = position(blocks, king=king, strengths=strengths)
    g.campaign, g.turn = campaign, 7
    begin(g, POLITICAL)
    return g


def finish(g):
    """Take the first legal choice until the next campaign begins."""
    while g.phase == POLITICAL:
        act(g, texts(g)[0])


def test_8_1_levies_bombards_and_welsh_to_the_pool_mercenaries_home_rebel_disbands():
    g = political({"London (levy)": "Middlesex", "Bombard/L": "Kent", "Welsh Mercenary": "Powys",
                   "Burgundian Mercenary": "Sussex", "Rebel": "Wilts", "Henry VI": "Lancaster",
                   "York": "Ireland"})
    assert g.loc[B["London (levy)"]] == POOL and g.loc[B["Bombard/L"]] == POOL
    assert g.loc[B["Welsh Mercenary"]] == POOL and g.loc[B["Rebel"]] == POOL
    assert g.loc[B["Burgundian Mercenary"]] == A["Calais"]


def test_8_2_pretender_usurps_with_a_majority_of_nobles_heirs_church_and_london():
    g = position({"York": "Middlesex", "Hastings": "Leicester", "Canterbury (church)/Y": "Kent",
                  "Henry VI": "Lancaster", "Oxford": "Essex", "Clifford": "France",
                  "Stanley/L": "Isle of Man", "Devon": "Calais"}, king=LANC)
    # York: York, Hastings, Canterbury, +1 London alone = 4; Lancaster: Henry VI, Oxford = 2
    # (not Clifford in exile nor Stanley on the Isle of Man).
    assert usurpation_counts(g) == [2, 4]
    g.campaign, g.turn = 1, 7
    begin(g, POLITICAL)
    assert g.king == YORK
    assert any("Usurpation count (8.2): Lancaster 2, York 4" in x for x in g.log)


def test_8_2_ties_go_to_the_king_and_shared_london_counts_for_no_one():
    g = political({"York": "Middlesex", "Henry VI": "Middlesex", "Hastings": "Kent",
                   "Oxford": "Essex"}, king=LANC)
    assert g.king == LANC


def test_8_3_pretender_heirs_go_to_exile_and_nobles_to_a_free_shield_or_the_pool():
    g = political({"York": "Kent", "Norfolk": "Glamorgan", "Hastings": "Sussex",
                   "Henry VI": "Lancaster", "Clifford": "Leicester", "Pembroke": "Wilts"})
    # York, the PRETENDER: York's heir chooses an exile area.
    assert texts(g) == ["home York: Ireland", "home York: Calais"]
    act(g, "home York: Calais")
    # Norfolk: Caernarvon, East Anglia or Glamorgan, all free.
    assert sorted(texts(g)) == ["home Norfolk: Caernarvon", "home Norfolk: East Anglia",
                                "home Norfolk: Glamorgan"]
    act(g, "home Norfolk: East Anglia")
    # Hastings' only shield (Leicester) is held by Lancaster: to the pool, no decision.
    assert g.loc[B["Hastings"]] == POOL


def test_8_3_neville_notes_calais_for_kent_and_salisbury_and_dead_nevilles_shields():
    g = political({"Kent/Y": "Kent", "Salisbury/Y": "Sussex", "Henry VI": "East Yorks",
                   "Clifford": "North Yorks"})
    # Kent's and Salisbury's shields (East Yorks, North Yorks) are enemy-occupied: Calais.
    assert g.loc[B["Kent/Y"]] == A["Calais"] and g.loc[B["Salisbury/Y"]] == A["Calais"]
    g2 = position({"Kent/Y": "Kent", "Henry VI": "East Yorks"}, king=LANC)
    g2.loc[B["Warwick/Y"]] = g2.loc[B["Warwick/L"]] = 44      # Warwick dead
    g2.campaign, g2.turn = 1, 7
    begin(g2, POLITICAL)
    # Warwick's shields (Warwick, Glamorgan; Calais is his too) are open to Kent.
    options = {t.split(": ")[1] for t in texts(g2)}
    assert {"Warwick", "Glamorgan", "Calais"} <= options


def test_8_3_neville_notes_a_dead_kinsmans_shield_shared_with_a_living_one():
    # "These three Nevilles may also go to each other's shields if their owner is dead":
    # East Yorks is Kent's shield and Salisbury's; Kent is dead, Salisbury lives (in France),
    # so Warwick, both of his English shields held by York, goes to East Yorks, not the pool.
    g = position({"Warwick/L": "Kent", "Salisbury/L": "France", "Henry VI": "France",
                  "York": "Warwick", "Hastings": "Glamorgan"}, king=YORK)
    g.loc[B["Kent/L"]] = g.loc[B["Kent/Y"]] = DEAD
    g.campaign, g.turn = 1, 7
    begin(g, POLITICAL)
    assert g.loc[B["Warwick/L"]] == A["East Yorks"]


def test_8_3_neville_notes_a_dead_warwicks_calais_within_its_exile_limit():
    # Calais, a dead Warwick's shield, is an exile area: "Subject to Exile Limits (7.2)". Full
    # (four York blocks besides its mercenary), it is no home for Kent, whose shield Henry VI
    # holds; Warwick's English shields, free, are.
    g = position({"Kent/Y": "Kent", "Henry VI": "East Yorks", "York": "Calais",
                  "March": "Calais", "Norfolk": "Calais", "Hastings": "Calais",
                  "Calais Mercenary": "Calais"}, king=LANC)
    g.loc[B["Warwick/Y"]] = g.loc[B["Warwick/L"]] = DEAD
    g.campaign, g.turn = 1, 7
    begin(g, POLITICAL)
    options = {t.split(": ")[1] for t in texts(g) if t.startswith("home Kent/Y")}
    assert options == {"Warwick", "Glamorgan"}


def test_8_2_usurpation_crowns_the_pretenders_senior_heir_when_none_is_crowned():
    # "If Usurpation occurs, the PRETENDER'S senior heir becomes KING": York's crowned heir died
    # after the last crowning (a turn-7 supply loss); York wins the count and March is KING.
    g = position({"March": "Middlesex", "Hastings": "Leicester", "Norfolk": "East Anglia",
                  "Henry VI": "Lancaster"}, king=LANC)
    g.loc[B["York"]] = DEAD
    g.crowned[YORK] = -1
    g.campaign, g.turn = 1, 7
    begin(g, POLITICAL)
    assert g.king == YORK and g.crowned[YORK] == B["March"]
    assert "March is now the York KING, in Middlesex (6.81)." in g.log


def test_8_3_warwick_cannot_return_to_calais_as_a_lancastrian():
    g = political({"Warwick/L": "Kent", "Henry VI": "France", "York": "Warwick",
                   "Hastings": "Glamorgan"}, king=YORK)
    # The PRETENDER (Lancaster) Warwick: both English shields enemy-occupied, Calais barred.
    assert g.loc[B["Warwick/L"]] == POOL


def test_8_4_the_king_and_royal_heirs_go_to_a_shield_or_any_crown_area():
    g = political({"Henry VI": "Kent", "Oxford": "Kent", "York": "Calais", "Norfolk": "Chester"})
    act(g, "home Norfolk: East Anglia", YORK)        # 8.3 comes first: the PRETENDER
    assert g.active_sides() == [LANC]
    options = {t.split(": ")[1] for t in texts(g)}
    crowns = {C.area_names[a] for a in C.crown_areas}
    assert options == crowns | {"Lancaster", "Lincoln"}
    act(g, "home Henry VI: Middlesex")
    assert g.loc[B["Oxford"]] == A["Essex"]           # its one shield: no decision


def test_8_4_blocks_in_exile_stay_in_exile():
    g = political({"Henry VI": "France", "Oxford": "France", "York": "Calais",
                   "March": "Ireland"})
    assert g.loc[B["Henry VI"]] == A["France"] and g.loc[B["Oxford"]] == A["France"]
    assert g.loc[B["York"]] == A["Calais"]


def test_8_5_reset_stands_up_the_pools_full_strength_rebel_and_next_campaign():
    g = position({"Henry VI": "Middlesex", "Oxford": "Essex", "York": "Calais"},
                 strengths={"Henry VI": 1, "Oxford": 2, "York": 2})
    g.loc[B["Stanley/L"]] = POOL_DOWN
    g.loc[B["Calais Mercenary"]] = MERC_DOWN
    g.loc[B["Rebel"]] = POOL_DOWN
    g.campaign, g.turn = 1, 7
    begin(g, POLITICAL)
    finish(g)
    assert g.campaign == 2 and g.turn == 1 and g.phase in (MULLIGAN, CARDS)
    assert g.loc[B["Stanley/L"]] == POOL and g.loc[B["Rebel"]] == POOL
    assert g.owner(B["Rebel"]) == YORK                # the PRETENDER's pool
    assert g.loc[B["Calais Mercenary"]] == A["Calais"]
    assert g.strength[B["Calais Mercenary"]] == 3
    assert g.strength[B["Oxford"]] == 3 and g.strength[B["York"]] == 4
    assert len(g.hands[0]) == len(g.hands[1]) == 7


def test_8_5_extra_exiles_go_to_the_pool_owner_choice_never_an_heir():
    g = position({"York": "Ireland", "Warwick/Y": "Ireland", "Salisbury/Y": "Ireland",
                  "Henry VI": "France"})
    g.loc[B["Irish Mercenary"]] = POOL_DOWN
    g.campaign, g.turn = 1, 7
    begin(g, POLITICAL)
    assert g.active_sides() == [YORK]
    assert texts(g) == ["home Warwick/Y: pool", "home Salisbury/Y: pool"]
    act(g, "home Salisbury/Y: pool")
    assert g.loc[B["Salisbury/Y"]] == POOL and g.loc[B["Warwick/Y"]] == A["Ireland"]
    assert g.phase in (MULLIGAN, CARDS)


def test_9_1_exeter_goes_home_to_cornwall_clarence_to_a_vacant_york_shield():
    g = political({"Exeter/Y": "Kent", "Clarence/L": "Sussex", "March": "Middlesex",
                   "Henry VI": "France", "Hastings": "Hereford"}, king=YORK)
    g.loc[B["Exeter/L"]] = g.loc[B["Clarence/Y"]] = OFF
    # Lancaster is the PRETENDER: Clarence/L to a vacant York shield (Hereford is occupied).
    assert sorted(texts(g)) == ["home Clarence/L: Rutland", "home Clarence/L: South Yorks"]
    act(g, "home Clarence/L: Rutland")
    finish(g)
    assert g.loc[B["Exeter/Y"]] == A["Cornwall"]


def test_9_1_clarence_already_alone_on_a_york_shield_may_stay():
    g = political({"Clarence/L": "Rutland", "March": "Middlesex", "Hastings": "Hereford",
                   "Henry VI": "France", "Norfolk": "South Yorks"}, king=YORK)
    g.loc[B["Clarence/Y"]] = OFF
    assert g.loc[B["Clarence/L"]] == A["Rutland"]    # his only vacant York shield: no choice
