"""Honesty of the AI (issues 6 and 19): a decision depends only on what the deciding side may know.

For each level and scenario, at every card play and at every third other decision of seeded
games, twins of the position are built that the deciding side cannot tell apart from it (the
same observation JSON text) but that differ in every hidden fact the position allows: the
enemy hand, the deck, the enemy's face-down card, the seed and the generator, the identities
and damage of unrevealed enemy blocks on the map, in the pool and face-down off the map (blocks
eliminated unseen), the battle flags and pending decisions that follow them, and the enemy's
private log lines (``honesty.twin``). A fresh agent with the same seed must choose the same
action in the position and in every twin.

The check must also fail cheats: agents that read the true state, peek at the enemy hand, read
the face-down card from ``game.log`` or rebuild the hand from the seed (``honesty.CHEATS``).
"""

from __future__ import annotations

import random

import pytest

from honesty import CHEATS, first_dishonest, hidden_elimination, same_view, twin
from richard3 import new_game
from richard3.ai import get_agent
from richard3.components import LANCASTER, YORK
from richard3.ids import CARDS, MERC_DOWN, POOL_DOWN

SCENARIOS = ["1460", "1470", "1483"]
LEVELS = [("random", {}, 60), ("easy", {}, 60), ("normal", {}, 60),
          ("hard-v1", {"iterations": 4}, 12), ("hard", {"samples": 2}, 12),
          ("hard-v2", {"samples": 2}, 12),
          ("expert", {"samples": 1}, 6)]


@pytest.mark.parametrize("level,options,checks", LEVELS, ids=[x for x, _, _ in LEVELS])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_same_decision_whatever_is_hidden(level, options, checks, scenario):
    checked, diff = first_dishonest(lambda: get_agent(level, 99, **options), scenario, checks)
    assert diff is None, (level, scenario, diff)
    assert checked == checks


@pytest.mark.parametrize("cheat", sorted(CHEATS))
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_honesty_check_catches_every_cheat(cheat, scenario):
    """The check above, run against each cheating agent, finds a decision that changes."""
    checked, diff = first_dishonest(CHEATS[cheat], scenario, 60)
    assert diff is not None, (cheat, scenario, checked)


FACTS = {"hand", "deck", "face-down card", "seed", "generator", "blocks", "damage",
         "private log"}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_twins_differ_in_every_hidden_fact(scenario):
    """Along seeded games (seed 8, then 9... until every fact has changed, at most 12 games)
    the twins keep the observation's JSON text and change each kind of hidden fact."""
    rnd = random.Random(5)
    changed = set()
    for seed in range(8, 20):
        players = [get_agent("easy", 1), get_agent("easy", 2)]
        g = new_game(scenario, seed=seed)
        step = 0
        while not g.is_over and changed != FACTS:
            side = g.active_sides()[0]
            e = 1 - side
            if step % 2 == 0 or g.phase == CARDS:
                t = twin(g, side, rnd)
                assert same_view(g, t, side)
                facts = {"hand": g.hands[e] != t.hands[e], "deck": g.deck != t.deck,
                         "face-down card": g.played[e] != t.played[e],
                         "seed": g.seed != t.seed, "generator": g.rng != t.rng,
                         "blocks": g.loc != t.loc, "damage": g.strength != t.strength,
                         "private log": g.log_for(e) != t.log_for(e)}
                changed |= {k for k, v in facts.items() if v}
            g.apply(side, players[side].choose(g, side))
            step += 1
        if changed == FACTS:
            break
    assert changed == FACTS


def face_down(g, side: int) -> list[int]:
    """The blocks of ``side`` face-down off the map (6.83-6.86)."""
    return [b for b, where in enumerate(g.loc) if where in (POOL_DOWN, MERC_DOWN)
            and g.owner(b) == side]


@pytest.mark.parametrize("level,options,checks", LEVELS, ids=[x for x, _, _ in LEVELS])
def test_same_decision_whoever_was_eliminated_unseen(level, options, checks):
    """A block lost unseen (supply, 7.1; Plague): the twins put another block face-down, and
    every level decides the same (the game is played on from there a few decisions)."""
    rnd = random.Random(3)
    g = hidden_elimination()
    players = [get_agent("easy", 1), get_agent("easy", 2)]
    swapped = 0
    for _ in range(6):
        side = YORK if YORK in g.active_sides() else g.active_sides()[0]
        for _ in range(3):
            t = twin(g, side, rnd)
            assert same_view(g, t, side)
            swapped += face_down(g, LANCASTER) != face_down(t, LANCASTER)
            if side == YORK and len(g.legal_actions(side)) > 1:
                assert (get_agent(level, 99, **options).choose(g, side)
                        == get_agent(level, 99, **options).choose(t, side))
        g.apply(side, players[side].choose(g, side))
    assert swapped
