"""9.0 victory, and the 1470 scenario's prisoner rule (Henry VI in the Tower)."""

import pytest

from battle_setup import A, B, Dice, act, battle, position, texts

from richard3 import new_game
from richard3.sequence import begin
from richard3.ids import DEAD, MINOR, OFF, OVER, POLITICAL, PRISON
from richard3.movement import check_rescue
from richard3.politics import usurpation_counts
from richard3.eliminations import eliminate

LANC, YORK = 0, 1


def test_9_0_killing_every_enemy_heir_wins_at_once():
    g = position({"York": "Kent", "March": "Kent", "Rutland": "Kent", "Henry VI": "Middlesex"})
    for name in ("Clarence/Y", "Gloucester"):
        assert g.loc[B[name]] == MINOR
        g.loc[B[name]] = DEAD
    eliminate(g, B["York"])
    eliminate(g, B["March"])
    assert g.phase != OVER
    eliminate(g, B["Rutland"])
    assert g.phase == OVER and g.winner == LANC
    assert g.reason == "every York heir is dead (9.0)"


def test_9_0_a_last_heir_who_defects_leaves_his_side_no_heir():
    # docs/rulings.md "Heirs eliminated (9.0, 9.1)": a defected Clarence is an heir of neither
    # side, so York, whose other heirs are dead, has none left and loses at once.
    g = position({"Clarence/Y": "Kent", "Henry VI": "Middlesex"})
    for name in ("York", "March", "Rutland", "Gloucester"):
        g.loc[B[name]] = DEAD
    g.check_heirs_victory()
    assert g.phase != OVER
    g.loc[B["Clarence/L"]], g.loc[B["Clarence/Y"]] = A["Kent"], OFF     # he changes sides
    g.check_heirs_victory()
    assert g.phase == OVER and g.winner == LANC


def test_9_0_minors_keep_a_side_alive():
    g = position({"York": "Kent", "March": "Kent", "Rutland": "Kent", "Henry VI": "Middlesex"})
    for name in ("York", "March", "Rutland"):
        eliminate(g, B[name])
    assert g.phase != OVER                          # Clarence and Gloucester are minors


def test_9_0_1483_the_sole_enemy_heir():
    g = new_game("1483", seed=1)
    assert g.heirs_alive(LANC) == [B["Richmond"]] and g.heirs_alive(YORK) == [B["Gloucester"]]
    eliminate(g, B["Richmond"])
    assert g.winner == YORK and g.phase == OVER


def test_9_0_a_game_won_before_its_political_turn_counts_that_campaign_for_the_king():
    g = new_game("1483", seed=1)                    # York is KING; its one campaign
    assert g.stats[3:5] == [0, 0]
    eliminate(g, B["Gloucester"])                    # every York heir dead: Lancaster wins
    assert g.phase == OVER and g.winner == LANC
    assert g.stats[3:5] == [0, 1]                   # the campaign ended with York as KING


def test_9_0_after_the_last_campaign_the_king_after_usurpation_wins():
    g = position({"York": "Middlesex", "Hastings": "Leicester", "Henry VI": "Lancaster"})
    g.campaign, g.turn = 3, 7
    begin(g, POLITICAL)
    assert g.phase == OVER and g.winner == YORK     # York usurped, then wins
    assert g.reason == "York is KING after the usurpation of the last campaign (9.0)"
    assert g.stats[3:5] == [1, 0]   # counted once, at the political turn, for the KING then
    assert g.stats[3] == 1                          # the campaign ended with Lancaster KING


def test_1470_henry_vi_the_prisoner_counts_as_a_lancastrian_noble():
    g = new_game("1470", seed=3)
    assert g.loc[B["Henry VI"]] == PRISON
    counts = usurpation_counts(g)
    g.loc[B["Henry VI"]] = DEAD
    assert usurpation_counts(g) == [counts[0] - 1, counts[1]]


@pytest.mark.parametrize("rescuer", ["Oxford", "Rebel"])
def test_1470_henry_vi_is_rescued_by_a_lancastrian_block_in_middlesex(rescuer):
    # The Rebel too: it fights for the PRETENDER, Lancaster in 1470, so it is a Lancastrian
    # block in London as any other (docs/rulings.md "The Rebel (3.26)").
    g = new_game("1470", seed=3)
    for b in range(len(g.loc)):
        if g.loc[b] == A["Middlesex"]:
            g.loc[b] = A["Kent"]
    g.loc[B[rescuer]] = A["Middlesex"]
    check_rescue(g)
    assert g.loc[B["Henry VI"]] == A["Middlesex"]
    assert g.crowned[LANC] == B["Henry VI"]         # the PRETENDER


def test_1470_henry_vi_is_murdered_if_york_wins_with_him_still_a_prisoner():
    g = new_game("1470", seed=3)
    g.pending = []
    g.campaign, g.turn = 3, 7
    begin(g, POLITICAL)
    assert g.winner == YORK and g.loc[B["Henry VI"]] == DEAD
    assert any("murdered" in x for x in g.log)


def test_1470_a_lancastrian_victory_leaves_henry_vi_alive():
    g = new_game("1470", seed=3)
    g.pending = []
    g.king = LANC
    g.crowned = [B["Prince Edward"], B["March"]]
    for b in range(len(g.loc)):
        if g.loc[b] < 33 and g.owner(b) == YORK and g.loc[b] not in (A["Calais"], A["Ireland"]):
            g.loc[b] = A["Calais"]
    g.campaign, g.turn = 3, 7
    begin(g, POLITICAL)
    assert g.winner == LANC and g.loc[B["Henry VI"]] == PRISON


def test_1470_henry_vi_is_rescued_at_the_end_of_the_battle_for_london_before_the_regroup(
        monkeypatch):
    # Lancaster wins the battle in Middlesex: Henry VI is rescued when the battle ends, before
    # the regroup (docs/rulings.md), so the victors may all regroup out and leave him in London;
    # he does not regroup himself (he cannot move in the turn he is rescued).
    g = battle({"Oxford": "Middlesex", "Arundel": "Middlesex"}, "Middlesex", LANC,
               {"Oxford": "Kent"}, king=YORK, strengths={"Arundel": 1}, scenario="1470",
               extra={"Prince Edward": "France", "March": "Calais"})
    henry = B["Henry VI"]
    Dice(monkeypatch, 1, 1, 1)
    act(g, "fire")                                  # Oxford eliminates Arundel
    assert g.loc[henry] == A["Middlesex"] and g.crowned[LANC] == henry
    assert "regroup Oxford: Middlesex > Kent" in texts(g)
    assert not any("Henry VI" in t for t in texts(g))
    act(g, "regroup Oxford: Middlesex > Kent")
    assert g.loc[henry] == A["Middlesex"] and g.loc[B["Oxford"]] == A["Kent"]
