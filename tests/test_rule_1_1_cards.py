"""1.1 card phase, 5.1 mulligan; Player 1."""

import pytest

from helpers import cards_of, game_at_card_phase
from richard3 import IllegalAction, new_game
from richard3.cards import hand_ap
from richard3.components import LANCASTER, YORK
from richard3.ids import ACTION, MULLIGAN


def play(g, side, text):
    g.apply(side, f"play {text}")


def test_1_1_deal_seven_each_and_twenty_five_cards():
    g = new_game("1460", seed=3)
    assert len(g.hands[0]) == len(g.hands[1]) == 7
    assert sorted(g.hands[0] + g.hands[1] + g.deck) == list(range(25))


def test_1_1_secret_play_both_sides_active_and_hidden_until_revealed():
    g = game_at_card_phase()
    assert g.active_sides() == [LANCASTER, YORK]
    play(g, YORK, "4")
    assert g.active_sides() == [LANCASTER]
    obs = g.observation(LANCASTER)
    assert obs["played"]["York"] is None
    assert "4" not in " ".join(obs["log"][-2:])
    play(g, LANCASTER, "3")
    assert g.observation(LANCASTER)["played"]["York"] == "4"
    assert g.p1 == YORK and g.phase == ACTION and g.acting == YORK


def test_1_1_ties_go_to_the_pretender():
    g = game_at_card_phase()
    play(g, LANCASTER, "3")
    play(g, YORK, "3")
    assert g.p1 == YORK          # York is PRETENDER in 1460


@pytest.mark.parametrize("lanc,york,p1", [
    ("Muster", "4", LANCASTER),          # an event beats any AP
    ("Plague", "Surprise", YORK),        # two events: higher AP (1 > 0)
    ("Muster", "Plague", YORK),          # two events tied: the PRETENDER
])
def test_1_1_event_card_player_is_player_1(lanc, york, p1):
    g = game_at_card_phase(lancaster=("muster", "plague", 3, 3, 3, 2, 2),
                           york=(4, "surprise", 3, 3, 3, 4, 4))
    if york == "Plague":
        g.hands[YORK][1] = g.hands[LANCASTER].pop(1)
        g.hands[LANCASTER].append(cards_of(2, 2, 2)[2])
    play(g, LANCASTER, lanc)
    play(g, YORK, york)
    assert g.p1 == p1


def test_1_1_a_card_must_be_played():
    g = game_at_card_phase()
    assert all(a[0] == "play" for a in g.legal_actions(LANCASTER))
    with pytest.raises(IllegalAction):
        g.apply(LANCASTER, "end")


def _mulligan_game():
    """A new 1460 game whose first side to decide (the PRETENDER) holds a mulligan hand."""
    for seed in range(500):
        g = new_game("1460", seed=seed)
        if "mulligan" in {str(a) for a in g.legal_actions(g.active_sides()[0])}:
            return g
    raise AssertionError("no mulligan hand in 500 seeds")


def test_5_1_both_sides_decide_the_mulligan_step_whatever_their_hands():
    """Being asked tells the enemy nothing (docs/rulings.md, 5.1): both sides decide, the
    PRETENDER first; a hand of more than AP13 has the one choice ``keep``."""
    for seed in range(40):
        g = new_game("1460", seed=seed)
        assert g.phase == MULLIGAN and g.active_sides() == [YORK]       # York is PRETENDER
        for s in (YORK, LANCASTER):
            assert g.active_sides() == [s]
            legal = {str(a) for a in g.legal_actions(s)}
            assert legal == ({"mulligan", "keep"} if hand_ap(g.hands[s]) <= 13 else {"keep"})
            g.apply(s, "keep")
        assert g.phase != MULLIGAN


def test_5_1_the_mulligan_step_looks_the_same_to_the_enemy_whatever_his_hand():
    """What Lancaster sees while York decides does not depend on York's hand qualifying."""
    seen = {}
    for seed in range(60):
        g = new_game("1460", seed=seed)
        if hand_ap(g.hands[LANCASTER]) <= 13:
            continue
        obs = g.observation(LANCASTER)
        text = (obs["phase"], tuple(obs["active"]), obs["log"][-1], len(g.legal_actions(LANCASTER)))
        seen.setdefault(hand_ap(g.hands[YORK]) <= 13, set()).add(text)
    assert seen[True] == seen[False] and len(seen[True]) == 1


def test_5_1_mulligan_offered_only_for_ap13_or_less_and_once():
    g = _mulligan_game()
    s = g.active_sides()[0]
    assert hand_ap(g.hands[s]) <= 13
    assert {str(a) for a in g.legal_actions(s)} == {"mulligan", "keep"}
    g.apply(s, "mulligan")
    assert g.mulligan_used[s]
    assert g.active_sides() == [1 - s]                 # the opponent decides
    assert {str(a) for a in g.legal_actions(1 - s)} == {"redeal", "keep"}
    other_hand = list(g.hands[1 - s])
    g.apply(1 - s, "keep")
    assert g.hands[1 - s] == other_hand and len(g.hands[s]) == 7
    assert sorted(g.hands[0] + g.hands[1] + g.deck) == list(range(25))
    while g.phase == MULLIGAN:                         # never offered twice to s
        assert g.active_sides() != [s]
        g.apply(g.active_sides()[0], "keep")


def test_5_1_mulligan_opponent_may_redeal_his_own_hand():
    g = _mulligan_game()
    s = g.active_sides()[0]
    g.apply(s, "mulligan")
    g.apply(1 - s, "redeal")
    assert len(g.hands[0]) == len(g.hands[1]) == 7
    assert sorted(g.hands[0] + g.hands[1] + g.deck) == list(range(25))
