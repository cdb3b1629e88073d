"""Honesty of the AI (issue 6): a decision depends only on what the deciding side may know.

For each level, at several points of seeded games, a twin of the game is built that differs only
in what the deciding side cannot see (the opponent's hand swapped with undrawn cards, two
unrevealed enemy blocks that the public history cannot tell apart swapped between their places, the undrawn deck reordered, the game's
generator changed); a fresh agent with the same seed must choose the same action in both.
"""

from __future__ import annotations

import random

import pytest

from richard3 import new_game
from richard3.agents import get_agent
from richard3.ai.determinize import hidden_enemy_blocks
from richard3.game import NA
from richard3.whereabouts import place_bit

LEVELS = [("random", {}), ("easy", {}), ("normal", {}), ("hard", {"iterations": 6})]


def twin(g, side, rnd):
    """A copy of ``g`` differing only in what ``side`` cannot see."""
    t = g.copy()
    e = 1 - side
    # The opponent's hand: swap cards with the undrawn deck; reorder the deck.
    hand, deck = t.hands[e], t.deck
    for _ in range(3):
        if hand and deck:
            i, j = rnd.randrange(len(hand)), rnd.randrange(len(deck))
            hand[i], deck[j] = deck[j], hand[i]
    t.hands[e] = sorted(hand)
    rnd.shuffle(deck)
    if t.played[e] >= 0 and not t.revealed and deck:   # an unrevealed enemy card
        j = rnd.randrange(len(deck))
        t.played[e], deck[j] = deck[j], t.played[e]
    # Two unrevealed enemy blocks (same kind of place: both heirs or both not) trade places,
    # with everything public about the place staying with it.
    hidden = hidden_enemy_blocks(t, side)
    from richard3.components import HEIR, load_components
    C = load_components()
    for want_heir in (False, True):
        group = [b for b in hidden if (C.btype[b] == HEIR) == want_heir
                 and (t.loc[b] < NA or not want_heir)]
        # Only blocks the public history cannot tell apart (each may be where the other is).
        pairs = [(x, y) for x in group for y in group if x < y
                 and t.whereabouts[x] & place_bit(t.loc[y])
                 and t.whereabouts[y] & place_bit(t.loc[x])]
        if pairs:
            x, y = rnd.choice(pairs)
            for f in ("loc", "moved", "entry", "reserve"):
                arr = getattr(t, f)
                arr[x], arr[y] = arr[y], arr[x]
            t.strength[x] = min(C.max_str[x], max(1, t.strength[y])) if t.loc[x] < NA else 0
            t.strength[y] = min(C.max_str[y], 1) if t.loc[y] < NA else 0
    t.rng = rnd.getrandbits(64)
    t._legal_cache = None
    return t


@pytest.mark.parametrize("level,options", LEVELS, ids=[x for x, _ in LEVELS])
@pytest.mark.parametrize("scenario", ["1460", "1470", "1483"])
def test_same_decision_whatever_is_hidden(level, options, scenario):
    rnd = random.Random(7)
    players = [get_agent("easy", 11), get_agent("easy", 12)]
    g = new_game(scenario, seed=3)
    checked = 0
    step = 0
    limit = 6 if level == "hard" else 40     # hard decisions are slow: fewer checks
    while not g.is_over and step < 400 and checked < limit:
        side = g.active_sides()[0]
        if step % 9 == 0 and len(g.legal_actions(side)) > 1:
            t = twin(g, side, rnd)
            assert g.observation(side)["enemy_counts"] == t.observation(side)["enemy_counts"]
            a1 = get_agent(level, 99, **options).choose(g, side)
            a2 = get_agent(level, 99, **options).choose(t, side)
            assert a1 == a2, (level, scenario, step, str(a1), str(a2))
            checked += 1
        g.apply(side, players[side].choose(g, side))
        step += 1
    assert checked >= 5
