"""The engine API: legality, notation, copies, saves, determinism, observations."""

import json
import random

import pytest

from helpers import game_in_action, play_random
from richard3 import Game, IllegalAction, new_game, parse_action
from richard3.components import LANCASTER, YORK


def test_same_scenario_seed_and_actions_give_the_same_game():
    a, b = new_game("1460", seed=7), new_game("1460", seed=7)
    play_random(a, 150, seed=3)
    play_random(b, 150, seed=3)
    assert a.to_json() == b.to_json()
    assert new_game("1460", seed=8).to_json() != new_game("1460", seed=7).to_json()


def test_notation_round_trips_for_every_legal_action():
    g = new_game("1460", seed=2)
    r = random.Random(2)
    for _ in range(120):
        if g.is_over:
            break
        s = g.active_sides()[0]
        for a in g.legal_actions(s):
            assert parse_action(g, s, str(a)) == a
        g.apply(s, r.choice(g.legal_actions(s)))


def test_to_json_from_json_exact_round_trip_continues_identically():
    g = new_game("1470", seed=5)
    play_random(g, 60, seed=1)
    h = Game.from_json(g.to_json())
    assert h.to_json() == g.to_json() and h.log == g.log
    play_random(g, 80, seed=9)
    play_random(h, 80, seed=9)
    assert h.to_json() == g.to_json()


def test_from_json_refuses_what_is_not_a_save():
    for bad, msg in (("{", "invalid JSON"), ('{"a": 1}', "format"),
                     (json.dumps({"format": "richard3-game", "version": 99}), "version")):
        with pytest.raises(ValueError, match=msg):
            Game.from_json(bad)


def test_copy_is_independent():
    g = new_game("1460", seed=1)
    h = g.copy()
    play_random(h, 40, seed=2)
    assert g.to_json() == new_game("1460", seed=1).to_json()


def test_observation_is_json_and_hides_enemy_identities():
    g = new_game("1460", seed=1)
    obs = g.observation(YORK)
    json.dumps(obs)
    text = json.dumps({k: v for k, v in obs.items() if k != "log"})
    assert "Henry VI" in text          # the enemy KING's identity is public
    assert "Somerset" not in text      # but not which enemy blocks are where
    assert obs["enemy_counts"]["Cornwall"] == 2
    assert len(obs["hand"]) == 7 and obs["enemy_hand_size"] == 7


def test_observation_unchanged_when_only_the_other_sides_hidden_information_differs():
    g = new_game("1460", seed=4)
    h = g.copy()
    h.hands[LANCASTER] = list(reversed(h.hands[LANCASTER]))   # same cards, other order
    h.deck = list(reversed(h.deck))
    assert json.dumps(g.observation(YORK)) == json.dumps(h.observation(YORK))


def test_illegal_action_names_why_and_changes_nothing():
    g = game_in_action(YORK, 3)
    before = g.to_json()
    with pytest.raises(IllegalAction, match="Lancaster has no decision"):
        g.apply(LANCASTER, "end")
    with pytest.raises(IllegalAction):
        g.apply(YORK, ("move", 0, 1, 2))
    with pytest.raises(ValueError):
        g.apply("Burgundy", "end")
    assert g.to_json() == before
