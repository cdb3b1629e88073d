"""Determinization: a copy of a game in which everything a side cannot see is re-sampled.

``determinize(game, side, rnd)`` returns a ``Game`` that agrees with ``game.observation(side)``
(the field face-up, both discard piles, the cards beside the field, every count) but whose
hidden parts are drawn from ``rnd`` (the agent's own ``random.Random``):

- the enemy's hand, his dealt cards not yet placed (4.0), his face-down deployed cards and his
  undrawn deck are dealt again at random from the enemy cards the side has not seen (those
  cards and the ones eliminated unseen at setup, 9.0); each place keeps its count, and a
  position that takes units only (``units_only_at``) gets units;
- the side's own undrawn deck and its own cards eliminated unseen at setup are shuffled
  together and dealt again (the side does not know its deck's order, nor which of its cards
  were removed);
- the game's generator ``rng`` and ``seed`` are redrawn from ``rnd`` (the dice are the future);
- the log and the record are dropped (they hold the enemy's private lines and actions).

Which removed cards are public: those a visible event put out of the game (an Artillery fired,
8.0; units deserting after Treason!, 8.0), the fallen leaders and the classes a scenario strips
from the deck (9.1.20). Every other removed card was eliminated unseen.

The result is a function of the side's observation, the public log and ``rnd`` only (the pools
are sorted before they are shuffled), which ``tests/sunofyork/test_ai.py`` checks with twin
games that differ only in what the side cannot see.
"""

from __future__ import annotations

import random

from ..cards import UNIT
from ..field import position
from ..game import Game, visible
from ..state import DEALT, DECK, FACE_DOWN, HAND, OUT


def public_out(g: Game, t: int) -> set:
    """The removed cards of side ``t`` that every player saw leave: fallen leaders, fired
    Artillery, deserters, and the classes the scenario strips."""
    out = set(g.fallen[t])
    for e in g.log:
        if e[0] == "artillery" and e[1] == t:
            out.add(e[2])
        elif e[0] == "deserted" and e[1] == t:
            out.add(e[2])
    strip = g.sc.sides[t].strip if g.sc is not None else ()
    if strip:
        for card in g.decks[t]:
            if card.kind in strip or card.unit_class in strip:
                out.add(card.id)
    return out


def determinize(game: Game, side: int, rnd: random.Random) -> Game:
    """A copy of ``game`` with what ``side`` cannot see re-sampled from ``rnd`` (see the module
    docstring). The real game is not changed."""
    g = game.copy()
    g.log = [e for e in game.log if visible(e, side) and e[0] in ("artillery", "deserted")]
    g.record = None
    enemy = 1 - side
    # ---- the side's own deck and its cards removed unseen
    pub = public_out(game, side)
    hidden_out = [c for c in g.removed[side] if c not in pub]
    pool = sorted(g.deck[side]) + sorted(hidden_out)
    pool.sort()
    rnd.shuffle(pool)
    nd = len(g.deck[side])
    g.deck[side] = pool[:nd]
    new_out = pool[nd:]
    g.removed[side] = [c for c in g.removed[side] if c in pub] + new_out
    for c in g.deck[side]:
        g.loc[side][c] = DECK
    for c in new_out:
        g.loc[side][c] = OUT
    # ---- the enemy's hidden cards
    pub = public_out(game, enemy)
    hidden_out = [c for c in g.removed[enemy] if c not in pub]
    flags = g.flags[enemy]
    down_slots = []          # (position, index in at[p][enemy])
    for p in range(len(g.at)):
        for i, c in enumerate(g.at[p][enemy]):
            if flags[c] & FACE_DOWN:
                down_slots.append((p, i))
    pool = (list(g.hand[enemy]) + list(g.dealt[enemy]) + list(g.deck[enemy]) + hidden_out
            + [g.at[p][enemy][i] for p, i in down_slots])
    pool.sort()
    rnd.shuffle(pool)
    units_only = set()
    if down_slots and g.sc is not None:
        units_only = {position(enemy, w) for w in g.sc.sides[enemy].units_only_at}
    deck = g.decks[enemy]
    # face-down slots that take units only are filled first, from the units of the pool
    for p, i in down_slots:
        if p in units_only:
            k = next((j for j, c in enumerate(pool) if deck[c - 1].kind == UNIT), 0)
            c = pool.pop(k)
            g.at[p][enemy][i] = c
            g.loc[enemy][c] = p
            flags[c] = FACE_DOWN
    for p, i in down_slots:
        if p not in units_only:
            c = pool.pop()
            g.at[p][enemy][i] = c
            g.loc[enemy][c] = p
            flags[c] = FACE_DOWN
    for name, where in (("hand", HAND), ("dealt", DEALT), ("deck", DECK)):
        lst = getattr(g, name)
        n = len(lst[enemy])
        taken = pool[:n]
        del pool[:n]
        lst[enemy] = taken
        for c in taken:
            g.loc[enemy][c] = where
            g.hits[enemy][c] = g.lost[enemy][c] = 0
            flags[c] = 0
    g.removed[enemy] = [c for c in g.removed[enemy] if c in pub] + pool
    for c in pool:
        g.loc[enemy][c] = OUT
        flags[c] = 0
    g.seed = rnd.getrandbits(63)
    g.rng = rnd.getrandbits(64)
    g._legal_cache = None
    return g


def reseed(g: Game, rnd: random.Random) -> None:
    """Redraw a copy's dice from ``rnd`` (a fresh chance sample of the same position)."""
    g.rng = rnd.getrandbits(64)


__all__ = ["determinize", "public_out", "reseed"]
