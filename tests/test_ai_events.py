"""Attack events played for nothing (issue 57, the position suite's class ``events``; the
EVENT CARDS of 5.1): the search judges Force March, Surprise and Treason at par with the best
other card of the hand, the AP that card would spend counted as spent by the event too
(``SearchAgent._events_at_par``), so an event is played where its play-outs show a use."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from richard3 import new_game
from richard3.actions import Action
from richard3.ai import get_agent
from richard3.ai.features import NAMES
from richard3.ai.value import weights
from richard3.ids import C

POSITIONS = json.loads((Path(__file__).parent / "data" / "positions.json").read_text())
W = weights()[NAMES.index("hand_ap_me")]


def card(name: str) -> int:
    return C.card_names.index(name)


FORCE_MARCH, TREASON, PLAGUE, PIRACY, FOUR, TWO = (
    card("Force March"), card("Treason"), card("Plague"), card("Piracy"), card("4"), card("2"))


def at_par(cards: list[int], means: list[float], count: int = 2) -> list[float]:
    """The card means after ``_events_at_par``, for a hand played as ``cards``."""
    agent = get_agent("hard", 1, samples=8)
    legal = [Action("play", c) for c in cards]
    totals = agent._events_at_par(legal, [m * count for m in means], [count] * len(cards))
    return [t / count for t in totals]


def test_the_value_weighs_the_ap_left_in_hand():
    # The cause of the class: without it the rule would have nothing to take back.
    assert W > 0


def test_5_1_an_attack_event_loses_the_ap_it_keeps_over_the_best_other_card():
    means = at_par([FORCE_MARCH, FOUR, TWO], [0.5, 0.5, 0.45])
    assert means[0] == pytest.approx(0.5 - 3 * W)
    assert means[1:] == [0.5, 0.45]             # the other cards as the value sees them


def test_5_1_an_event_whose_play_outs_show_a_use_is_still_played():
    means = at_par([TREASON, FOUR], [0.5 + 3 * W + 0.01, 0.5])
    assert means[0] > means[1]


def test_5_1_the_best_other_card_sets_the_par_not_the_largest():
    # The 2 is the better card here: the event is judged against its AP, not the 4's.
    means = at_par([FORCE_MARCH, FOUR, TWO], [0.5, 0.3, 0.45])
    assert means[0] == pytest.approx(0.5 - 1 * W)


def test_5_1_no_event_cost_against_plague_or_in_a_hand_of_events_only():
    assert at_par([FORCE_MARCH, PLAGUE], [0.5, 0.4]) == [0.5, 0.4]     # Plague has no AP
    assert at_par([FORCE_MARCH, TREASON], [0.5, 0.4]) == [0.5, 0.4]    # nothing else to play
    assert at_par([PIRACY, FOUR], [0.5, 0.4]) == [0.5, 0.4]            # not an attack event


def test_5_1_force_march_kept_for_an_attack_at_events_1460_g35_228():
    """York holds Force March and two 4s and, without the rule, plays Force March and then
    starts no battle (docs/results/1460-hard-vs-hard-v1-s20.jsonl, game 35)."""
    case = next(c for c in POSITIONS if c["id"] == "events-1460-g35-228")
    g = new_game(case["scenario"], seed=case["seed"])
    for side, text in case["actions"]:
        g.apply(side, text)
    off = get_agent("hard", 1, samples=8, events=0).choose(g.copy(), case["side"])
    on = get_agent("hard", 1, samples=8).choose(g.copy(), case["side"])
    assert str(off) == "play Force March"
    assert str(on) != "play Force March" and C.card_ap[on[1]] == 4
