"""The engine's face, the same as richard3's: new_game, SCENARIO_IDS, active_sides,
legal_actions, apply (an illegal action raises and changes nothing), copy, is_over, winner;
a deck file loaded in place of the stand-ins; every battle ends (docs/sunofyork-rulings.md)."""

import json

import pytest

import sunofyork
from soy_helpers import LANCASTER, YORK, battle, play_random
from sunofyork.decks import deck_file_name
from sunofyork.state import DISCARD_STEP, OVER


def snapshot(g):
    return json.dumps([g.phase, g.decider, g.rng, g.loc, g.hits, g.lost, g.flags, g.pool,
                       g.deck, g.hand, len(g.log), len(g.record)])


def test_scenario_ids_list_every_battle_and_the_random_one():
    assert len(sunofyork.SCENARIO_IDS) == 21 and sunofyork.SCENARIO_IDS[-1] == "random"
    assert sunofyork.SCENARIO_IDS[1] == "blore_heath"


def test_unknown_scenario_and_options_are_refused():
    with pytest.raises(ValueError, match="unknown scenario"):
        sunofyork.new_game("agincourt", seed=1)
    with pytest.raises(ValueError, match="options"):
        sunofyork.new_game("towton", seed=1, options=3)


def test_an_illegal_action_raises_and_changes_nothing():
    g = sunofyork.new_game("towton", seed=2)
    s = g.active_sides()[0]
    before = snapshot(g)
    for bad in [("move", 1, 4), ("deploy", 999, 0), ("roll",), ("deploy",), ()]:
        with pytest.raises(sunofyork.IllegalAction):
            g.apply(s, bad)
        assert snapshot(g) == before
    with pytest.raises(sunofyork.IllegalAction):
        g.apply(1 - s, g.legal_actions(s)[0])        # not that side's decision
    assert snapshot(g) == before


def test_sides_by_name_and_bad_sides():
    g = sunofyork.new_game("towton", seed=2)
    s = g.active_sides()[0]
    assert g.legal_actions(("Lancaster", "York")[s]) == g.legal_actions(s)
    assert g.legal_actions(1 - s) == []
    with pytest.raises(ValueError):
        g.legal_actions("Burgundy")


def test_actions_as_json_lists_are_accepted():
    g = sunofyork.new_game("towton", seed=2)
    s = g.active_sides()[0]
    a = g.legal_actions(s)[0]
    g.apply(s, list(a))
    assert g.record[-1] == [s, list(a)]


def test_copy_shares_nothing_mutable():
    g = sunofyork.new_game("towton", seed=2)
    h = g.copy()
    play_random(h, 1, limit=200)
    assert snapshot(g) != snapshot(h)
    assert len(g.record) == 0


def test_a_deck_file_replaces_the_stand_ins():
    from importlib import resources
    text = resources.files("sunofyork.data").joinpath(deck_file_name(YORK)).read_text()
    text = text.replace("stand_in = true", "stand_in = false", 1)
    text = text.replace('name = "Earl of Salisbury"', 'name = "Richard Neville, Earl of Salisbury"')
    york = sunofyork.load_deck(text, "printed-york.toml", side=YORK)
    g = sunofyork.new_game("blore_heath", seed=4,
                           decks=(sunofyork.standard_deck(LANCASTER), york))
    names = {g.decks[YORK][c - 1].name for p in range(9) for c in g.at[p][YORK]}
    assert "Richard Neville, Earl of Salisbury" in names
    play_random(g, 4)
    assert g.is_over


def test_every_battle_ends_when_the_decks_are_spent_and_nothing_happens():
    g = battle(active=YORK, phase=DISCARD_STEP)
    g.first = LANCASTER
    g.attacker = LANCASTER
    for s in (0, 1):
        for c in list(g.deck[s]):
            g.put(s, c, -4)                           # every card out: no unit left anywhere
    g.apply(YORK, ("draw",))
    assert g.phase == OVER and g.winner == YORK and g.reason == "stalemate"


def test_the_observation_says_when_the_decks_are_the_stand_ins():
    g = sunofyork.new_game("towton", seed=2)
    assert g.observation(0)["stand_in"] == [True, True]
