"""Fog-of-War (issue 19): what a side sees leaks nothing of what it may not know.

The observation is ordered by public keys only; the seed is shown once the game is over; the
new PRETENDER's location is not announced (6.81); determinization re-samples the blocks
eliminated unseen (6.83-6.86, 7.1) and what follows them. The mulligan step (5.1) is in
tests/test_rule_1_1_cards.py, the honesty check of the AI in tests/test_ai_honesty.py.
"""

from __future__ import annotations

import json
import random

from battle_setup import A, B, C, position
from honesty import hidden_elimination

from richard3 import new_game
from richard3.ai import get_agent
from richard3.ai.determinize import determinize
from richard3.sequence import begin
from richard3.ids import DEAD, NA, POOL_DOWN, SUPPLY
from richard3.supply import REDUCE
from richard3.eliminations import eliminate
from richard3.events import IN_BATTLE

LANC, YORK = 0, 1


def test_the_observation_is_ordered_by_public_keys_only():
    """enemy_counts by area id (not by the id of the enemy's lowest block, his KING or
    PRETENDER), revealed blocks by area id, all along seeded games."""
    for scenario in ("1460", "1470", "1483"):
        g = new_game(scenario, seed=2)
        players = [get_agent("easy", 1), get_agent("easy", 2)]
        for _ in range(300):
            if g.is_over:
                break
            for s in (LANC, YORK):
                obs = g.observation(s)
                keys = [C.area_id[a] for a in obs["enemy_counts"]]
                assert keys == sorted(keys), (scenario, s, obs["enemy_counts"])
                areas = [C.area_id[r["area"]] for r in obs["revealed"]]
                assert areas == sorted(areas)
            side = g.active_sides()[0]
            g.apply(side, players[side].choose(g, side))


def test_two_enemy_blocks_swapped_give_the_same_observation_text():
    """The KING (block 0's side) and a noble trading places: York's observation JSON text is
    the same (twins are compared by text, not by dict equality)."""
    g = position({"Henry VI": "Kent", "Somerset": "Cornwall", "March": "Middlesex"}, king=LANC)
    t = g.copy()
    t.loc[B["Henry VI"]], t.loc[B["Somerset"]] = A["Cornwall"], A["Kent"]
    assert json.dumps(g.observation(YORK)) == json.dumps(t.observation(YORK))


def test_no_seed_in_the_log_or_the_observation_until_the_game_is_over():
    g = new_game("1460", seed=123456789)
    for s in (LANC, YORK):
        assert "123456789" not in json.dumps(g.observation(s))
    assert "seed" not in g.log[0] and g.observation(LANC)["seed"] is None
    g.end_game(LANC, "test")
    assert "123456789" in g.log[-1] and g.observation(YORK)["seed"] == 123456789


def test_a_chosen_seed_replays_the_game_and_no_seed_draws_an_unguessable_one():
    a, b = new_game("1483", seed=7), new_game("1483", seed=7)
    assert a.to_json() == b.to_json()
    drawn = {new_game("1483", seed=None).seed for _ in range(4)}
    assert len(drawn) == 4 and min(drawn) > 1 << 32


def test_6_81_the_new_pretender_is_named_but_not_where_he_stands():
    g = position({"Henry VI": "Middlesex", "York": "Ireland", "March": "Calais",
                  "Somerset": "Dorset"}, king=LANC)
    for heir in ("Rutland", "Clarence/Y", "Gloucester"):       # no minor to enter first
        g.loc[B[heir]] = DEAD
    eliminate(g, B["York"], IN_BATTLE)
    begin(g, SUPPLY)
    assert g.crowned[YORK] == B["March"]
    lanc = [x for x in g.log_for(LANC) if "is now the York PRETENDER" in x]
    york = [x for x in g.log_for(YORK) if "is now the York PRETENDER" in x]
    assert lanc == ["March is now the York PRETENDER (6.81)."]
    assert any("Calais" in x for x in york)


def test_determinization_resamples_a_block_eliminated_unseen():
    g = hidden_elimination()
    assert g.loc[B["Shrewsbury/L"]] == POOL_DOWN
    assert not any("Shrewsbury" in x for x in g.log_for(YORK))
    down = set()
    rnd = random.Random(1)
    for _ in range(60):
        d = determinize(g, YORK, rnd)
        down |= {C.block_names[b] for b in range(len(d.loc))
                 if d.loc[b] == POOL_DOWN and d.owner(b) == LANC}
        assert sorted(d.loc) == sorted(g.loc)
    assert {"Northumberland/L", "Shrewsbury/L"} <= down


def test_determinization_moves_pending_blocks_with_their_places():
    """A pending supply loss (7.1) naming a hidden enemy block names the block the sample puts
    in that place."""
    g = hidden_elimination()
    north = A["Northumbria"]
    g.pending = [[REDUCE, LANC, north, 1, B["Northumberland/L"]]]
    rnd = random.Random(2)
    named = set()
    for _ in range(40):
        d = determinize(g, YORK, rnd)
        b = d.pending[0][4]
        assert d.loc[b] == north < NA
        named.add(b)
    assert len(named) > 1
