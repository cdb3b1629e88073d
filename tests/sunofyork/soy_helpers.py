"""Helpers for Sun of York's rule tests: a battle with a cleared field, cards placed by their
label, and dice given in advance.

``battle(scenario)`` returns a ``Rigged`` game (a Game whose dice come from ``g.script`` while
it holds any) with every card back in its deck, in the Combat step of ``active`` with the
first player ``active``; ``place`` puts a card found by its label ("Longbowmen (1:2/1)",
"Earl of Salisbury (3)", "Hill (1)") or name at a position.
"""

from __future__ import annotations

import random

from sunofyork.field import position
from sunofyork.game import Game, new_game
from sunofyork.state import COMBAT, COMMITTED, DECK, HAND, MOVEMENT, State

LANCASTER, YORK = 0, 1


class Rigged(Game):
    """A game whose next dice are ``script`` (then the seeded generator's)."""

    __slots__ = ("script",)

    def roll(self) -> int:
        if self.script:
            return self.script.pop(0)
        return super().roll()

    def copy(self):
        c = super().copy()
        return rig(c, list(self.script))


def _slots():
    names = []
    for cls in (State,):
        names.extend(cls.__slots__)
    return names


def rig(g, rolls=()) -> Rigged:
    """``g`` as a Rigged game whose next dice are ``rolls``."""
    r = object.__new__(Rigged)
    for name in _slots():
        setattr(r, name, getattr(g, name))
    r.script = list(rolls)
    return r


def battle(scenario: str = "blore_heath", active: int = YORK, phase: int = COMBAT,
           seed: int = 1) -> Rigged:
    """A battle of ``scenario`` after setup, every card back in its deck (terrain and cards
    beside the field stay), ``active`` to play its ``phase`` step as first player."""
    g = rig(new_game(scenario, seed=seed))
    for s in (0, 1):
        for c in range(1, len(g.decks[s]) + 1):
            where = g.loc[s][c]
            card = g.decks[s][c - 1]
            if where >= 0 and card.kind == "terrain":
                continue
            if where == -5:
                continue
            g.put(s, c, DECK)
    g.phase, g.decider, g.active, g.first = phase, active, active, active
    g.turn, g.initiative = 1, active
    g.captured = [-1, -1, -1]
    g.control = [-1, -1, -1]
    g.pool = 0
    g.log.clear()
    g._legal_cache = None
    return g


def mover(scenario: str = "blore_heath", side: int = YORK, pool: int = 0) -> Rigged:
    """``battle`` in ``side``'s Movement step with ``pool`` orders to spend."""
    g = battle(scenario, active=side, phase=MOVEMENT)
    g.pool = pool
    return g


def find(g, side: int, label: str, where=(DECK,)) -> int:
    """The first card of ``side`` whose label or name is ``label`` and that is in ``where``."""
    for card in g.decks[side]:
        if (card.label() == label or card.name == label or card.key == label) \
                and g.loc[side][card.id] in where:
            return card.id
    raise LookupError(f"no {label!r} left for side {side}")


def place(g, side: int, label: str, where, *, hits: int = 0, lost: int = 0) -> int:
    """Put a card of ``side`` at ``where`` (a position int, or the side's word like "left
    rear"; HAND for the hand); return its id."""
    if isinstance(where, str):
        where = position(side, where)
    c = find(g, side, label)
    g.put(side, c, where)
    g.hits[side][c] = hits
    g.lost[side][c] = lost
    g._legal_cache = None
    return c


def to_hand(g, side: int, label: str) -> int:
    return place(g, side, label, HAND)


def salisbury_struck_twice() -> tuple:
    """Lancaster's Combat step at Blore Heath: Lord Audley and Lord Dudley, committed in the
    centre middle ground beside Billmen, each aim a die at the Earl of Salisbury there (beside
    York's Levies) and both hit (6.2.2 leader combat). Returns (game, Salisbury's id)."""
    g = battle(active=LANCASTER)
    mid = position(YORK, "centre middle")
    place(g, LANCASTER, "Billmen (1/3)", mid)
    place(g, YORK, "Levies (2/3)", mid)
    salisbury = place(g, YORK, "Earl of Salisbury", mid)
    for name in ("Lord Audley", "Lord Dudley"):
        lid = place(g, LANCASTER, name, mid)
        g.flags[LANCASTER][lid] |= COMMITTED
        g.apply(LANCASTER, ("strike", lid, salisbury))
    g.script = [1, 1]
    g.apply(LANCASTER, ("roll",))
    return g, salisbury


def play_random(g, seed: int, limit: int = 50000):
    """Play uniformly random legal actions until the game is over (or ``limit`` actions)."""
    r = random.Random(seed)
    n = 0
    while not g.is_over and n < limit:
        s = g.active_sides()[0]
        g.apply(s, r.choice(g.legal_actions(s)))
        n += 1
    return n


__all__ = ["COMBAT", "LANCASTER", "MOVEMENT", "YORK", "Rigged", "battle", "find", "mover", "place",
           "play_random", "position", "rig", "salisbury_struck_twice", "to_hand"]
