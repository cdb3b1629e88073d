"""Random whole games of every scenario and of a campaign: every game ends with a winner and
the invariants hold after every action (3.2 stacking, 6.2.4 hand size, every card in exactly
one place, leaders never in flanks, 5.0 capture consistent)."""

import random

import pytest

import sunofyork
from sunofyork.field import NBATTLE
from sunofyork.state import (ASIDE, BETWEEN, DAMAGE, DEALT, DECK, DISCARD, HAND, OUT, OVER)

LISTS = {DECK: "deck", HAND: "hand", DISCARD: "discard", OUT: "removed", DEALT: "dealt",
         ASIDE: "setaside"}


def check_invariants(g):
    for s in (0, 1):
        n = len(g.decks[s])
        seen = {}
        for where, name in LISTS.items():
            for c in getattr(g, name)[s]:
                assert g.loc[s][c] == where, (s, c, name)
                assert c not in seen
                seen[c] = name
        for p, pair in enumerate(g.at):
            for c in pair[s]:
                assert g.loc[s][c] == p
                assert c not in seen
                seen[c] = p
                card = g.decks[s][c - 1]
                if card.kind == "leader":
                    assert p < NBATTLE, "a leader in a flank position (6.2.3 B)"
                assert g.hits[s][c] >= 0 and g.lost[s][c] >= 0
                if card.kind == "unit":
                    assert g.cohesion(s, c) > 0
        beside = [c for c in range(1, n + 1) if g.loc[s][c] == -5]
        assert len(seen) + len(beside) == n, "every card in exactly one place"
        assert len(g.hand[s]) <= 4
        if g.phase != DAMAGE:
            for p in range(len(g.at)):
                assert len(g.units_at(p, s)) <= 4, "3.2 stacking"
    for c in range(3):
        if g.captured[c] >= 0:
            assert c in g.columns


def play(g, seed, limit=60000, check=True):
    r = random.Random(seed)
    n = 0
    while not g.is_over and n < limit:
        s = g.active_sides()[0]
        g.apply(s, r.choice(g.legal_actions(s)))
        n += 1
        if check:
            check_invariants(g)
    return n


@pytest.mark.parametrize("scenario", sunofyork.SCENARIO_IDS)
def test_random_whole_games_end_with_a_winner(scenario):
    for seed in range(2):
        g = sunofyork.new_game(scenario, seed=seed)
        play(g, seed)
        assert g.is_over and g.winner in (0, 1) and g.reason in ("capture", "stalemate")


@pytest.mark.parametrize("options", [1, 2])
def test_random_games_with_the_less_random_options(options):
    g = sunofyork.new_game("towton", seed=options, options=options)
    play(g, options)
    assert g.is_over


def test_a_random_whole_campaign_ends_with_a_winner():
    g = sunofyork.new_game("campaign", seed=7)
    play(g, 7, limit=400000, check=False)
    assert g.phase == OVER and g.reason == "campaign"
    wins = g.campaign["wins"]
    assert max(wins) >= 9 or g.campaign.get("sudden", -1) >= 0
    assert len(g.campaign["results"]) == sum(wins)


def test_a_campaign_carries_state_between_battles():
    g = sunofyork.new_game("campaign", seed=11)
    r = random.Random(11)
    battles = 0
    while not g.is_over and battles < 3:
        s = g.active_sides()[0]
        g.apply(s, r.choice(g.legal_actions(s)))
        check_invariants(g) if g.phase != BETWEEN else None
        if g.phase == BETWEEN:
            battles += 1
            assert set(g.active_sides()) == {0, 1}
            before = g.campaign["index"]
            g.apply(0, ("next",))
            assert g.phase == BETWEEN and g.active_sides() == [1]
            g.apply(1, ("next",))
            assert g.campaign["index"] == before + 1
            assert g.campaign["battle"] == g.campaign["order"][before + 1]
