"""5.1 event cards: Surprise, Force March, Muster, Piracy, Treason, Plague (rulings.md)."""

from helpers import A, B, C, game_in_action, legal_texts
from richard3.components import LANCASTER, YORK


def test_surprise_border_limit_plus_one_and_one_group():
    blocks = ["Norfolk", "Suffolk", "Arundel", "Essex"]
    g = game_in_action(YORK, "surprise", positions={b: "East Anglia" for b in blocks}, clear=True)
    assert g.ap == 1
    g.apply(YORK, "activate East Anglia")
    for b in blocks:                      # blue border: 3, +1 with Surprise
        g.apply(YORK, f"move {b}: East Anglia > Rutland")
    assert not any(a[0] == "activate" for a in g.legal_actions(YORK))


def test_surprise_and_treason_may_sea_move_force_march_may_not():
    for ev, can in (("surprise", True), ("treason", True), ("force_march", False)):
        g = game_in_action(YORK, ev, positions={"Warwick/Y": "Calais"}, clear=True)
        assert any(a[0] == "sea" for a in g.legal_actions(YORK)) == can, ev


def test_force_march_three_areas_and_may_attack():
    g = game_in_action(YORK, "force_march", positions={"Norfolk": "East Anglia",
                                                      "Oxford": "Oxford"}, clear=True)
    g.apply(YORK, "activate East Anglia")
    texts = legal_texts(g, YORK)
    assert "move Norfolk: East Anglia > Essex > Middlesex > Kent" in texts
    assert "move Norfolk: East Anglia > Essex > Middlesex > Oxford" in texts   # an attack
    assert not any(a[0] == "recruit" for a in g.legal_actions(YORK))


def test_muster_moves_any_blocks_that_can_reach_the_area():
    pos = {"Norfolk": "East Anglia", "Suffolk": "Kent", "Arundel": "Sussex", "Essex": "Chester"}
    g = game_in_action(YORK, "muster", positions=pos, clear=True)
    assert g.ap == 0
    g.apply(YORK, "muster Middlesex")
    movers = {C.block_names[a[1]] for a in g.legal_actions(YORK) if a[0] == "move"}
    assert movers == {"Norfolk", "Suffolk", "Arundel"}        # Chester is too far
    assert all(a[-1] == A["Middlesex"] for a in g.legal_actions(YORK) if a[0] == "move")
    g.apply(YORK, "move Norfolk: East Anglia > Essex > Middlesex")
    g.apply(YORK, "move Suffolk: Kent > Middlesex")
    assert g.loc[B["Suffolk"]] == A["Middlesex"]


def test_muster_area_must_be_friendly_or_vacant():
    g = game_in_action(YORK, "muster", positions={"Norfolk": "East Anglia", "Oxford": "Essex"},
                       clear=True)
    targets = {C.area_names[a[1]] for a in g.legal_actions(YORK) if a[0] == "muster"}
    assert "Essex" not in targets and "East Anglia" in targets and "France" not in targets


def test_piracy_ap_only_for_sea_moves_which_may_attack_without_port_bonus():
    pos = {"Warwick/Y": "Calais", "Salisbury/Y": "Calais", "March": "Calais", "Oxford": "Kent",
           "Norfolk": "East Anglia"}
    g = game_in_action(YORK, "piracy", positions=pos, clear=True)
    kinds = {a[0] for a in g.legal_actions(YORK)}
    assert kinds == {"sea", "end"}
    g.apply(YORK, "sea Warwick/Y: Calais > Kent")            # attacks Oxford in Kent
    assert g.attacker[A["Kent"]] == YORK and g.ap == 1
    assert "sea Salisbury/Y: Calais > Kent" in legal_texts(g, YORK)
    g.apply(YORK, "sea Salisbury/Y: Calais > Kent")
    assert g.ap == 0 and not any(a[0] == "sea" for a in g.legal_actions(YORK))


def test_plague_every_block_in_the_enemy_city_area_loses_a_step():
    pos = {"Oxford": "Middlesex", "Beaumont": "Middlesex", "Norfolk": "East Anglia"}
    g = game_in_action(YORK, "plague", positions=pos, clear=True)
    g.strength[B["Beaumont"]] = 1
    targets = {C.area_names[a[1]] for a in g.legal_actions(YORK) if a[0] == "plague"}
    assert targets == {"Middlesex"}
    g.apply(YORK, "plague Middlesex")
    assert g.strength[B["Oxford"]] == 2
    assert g.strength[B["Beaumont"]] == 0 and g.loc[B["Beaumont"]] >= 33   # eliminated
    assert legal_texts(g, YORK) == {"end"}


def test_unused_ap_are_lost_and_end_passes_to_player_2():
    g = game_in_action(YORK, 4, positions={"Norfolk": "East Anglia"}, clear=True)
    g.apply(YORK, "end")
    assert g.acting == LANCASTER and g.ap == C.card_ap[g.played[LANCASTER]]
