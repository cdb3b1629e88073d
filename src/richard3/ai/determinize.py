"""Determinization: a copy of a game in which everything a side cannot see is re-sampled.

``determinize(game, side, rnd)`` returns a ``Game`` that agrees with ``game.observation(side)``
(own blocks, hand and pool exactly; enemy block counts per area, revealed enemy blocks, dead
blocks, minors, public cards) but whose hidden parts are drawn from ``rnd`` (a
``random.Random`` owned by the agent):

- the enemy hand, and the enemy's face-down card during the secret card play (1.1), are dealt
  at random from the cards the side has not seen (not in its hand, not played face-up);
  the rest, shuffled, is the undrawn deck;
- the identities of the enemy blocks the side cannot name are re-assigned at random among the
  places they occupy: unrevealed blocks on the map, the enemy's standing pool, and the blocks
  face-down off the map (in the pool or a mercenary at home, 6.83-6.86), which include those
  eliminated unseen (supply 7.1, Plague 5.1: the enemy's log names no block). Each block goes
  only where the public history allows (``Game.whereabouts``) and where its kind may be (an
  heir never in a pool, 6.82; face-down only where an elimination sends it, 6.8: at home a
  mercenary, in the pool no mercenary but the Welsh, never a rose noble or a Neville).
  Per-place facts that are public (area, moved, entry border, Reserve, the battle record's
  flags) stay with the place, and pending decisions that name the block at a place (supply
  losses already taken, 7.1; going home, 8.3-8.4) follow it; the strength of a re-assigned
  block is the strength the side last saw it at in battle this campaign
  (``Game.seen_strength``: steps are lost, not gained, until the reset), else its full
  strength (the side knows no other damage);
- the game's generator ``rng`` and its ``seed`` are redrawn from ``rnd`` (dice are the future,
  unseen; the seed would rebuild every deal and roll);
- the log is dropped (it holds the enemy's private lines).

The output is therefore a function of the side's observation, the public history and ``rnd``
only, which is what tests/test_ai_honesty.py checks.
"""

from __future__ import annotations

import random

from ..battle import block_flags, set_block_flags
from ..components import HEIR
from ..eliminations import elimination_place
from ..game import Game
from ..ids import MERC_DOWN, NA, NB, POOL, POOL_DOWN, C
from ..politics import HOME
from ..supply import REDUCE
from ..whereabouts import place_bit

#: g.pending codes whose entries from index ``start`` on are blocks that follow their places:
#: the blocks a side has already reduced for one area's supply loss (7.1), a block to go home
#: (8.3, 8.4).
_BLOCK_LISTS = {REDUCE: 4, HOME: 2}


def hidden_enemy_blocks(g: Game, side: int) -> list[int]:
    """Enemy blocks whose identity ``side`` does not know: unrevealed on the map, in the
    enemy's standing pool, or face-down off the map (POOL_DOWN, MERC_DOWN: possibly eliminated
    unseen). Sorted by block id."""
    e = 1 - side
    out = []
    for b in range(NB):
        if g.owner(b) != e:
            continue
        where = g.loc[b]
        if (where < NA and not g.shown[b]) or where in (POOL, POOL_DOWN, MERC_DOWN):
            out.append(b)
    return out


def fits(b: int, where: int) -> bool:
    """Whether block ``b`` may be at location ``where`` by its kind: anywhere on the map; in the
    standing pool unless an heir (6.82); face-down off the map only where an elimination sends
    it (6.8, ``elimination_place``: never an heir, a rose noble or a Neville; at home only a
    mercenary other than the Welsh)."""
    if where < NA:
        return True
    if where == POOL:
        return C.btype[b] != HEIR
    return elimination_place(b) == where


def _deal(hidden: list[int], places: list[int], allowed, rnd: random.Random) -> list | None:
    """Hidden blocks dealt to the places (locations, one block each) so that each block is at
    a place ``allowed(block, place_index)``: blocks in random order, the most constrained
    first, each to a random free allowed place, or else by moving blocks already dealt along
    an augmenting path (a bipartite matching), so a dealing is found whenever one exists.
    Returns [(block, place_index)], or None if there is none."""
    options = {b: [i for i in range(len(places)) if allowed(b, i)] for b in hidden}
    for b in hidden:
        rnd.shuffle(options[b])
    dealt_to = [-1] * len(places)       # place index -> block dealt there

    def place(b: int, seen: set) -> bool:
        for i in options[b]:
            if dealt_to[i] < 0:
                dealt_to[i] = b
                return True
        for i in options[b]:
            if i not in seen:
                seen.add(i)
                if place(dealt_to[i], seen):
                    dealt_to[i] = b
                    return True
        return False
    order = hidden[:]
    rnd.shuffle(order)
    order.sort(key=lambda b: len(options[b]))
    for b in order:
        if not place(b, set()):
            return None
    return [(b, i) for i, b in enumerate(dealt_to)]


def deal_identities(g: Game, hidden: list[int], rnd: random.Random) -> dict[int, int]:
    """A re-assignment of the ``hidden`` blocks' identities among their places: {block now at
    a place: block dealt to it}. Each block goes where the public history allows
    (``Game.whereabouts``) and its kind may be (``fits``), which the true places always
    allow; should no such dealing exist (whereabouts out of step with the state, e.g. a
    hand-edited save), the whereabouts are dropped, and if the kinds alone allow none either,
    every block stays where it is. Places are ordered by their public facts, so the result
    depends on the public facts and ``rnd`` only."""
    slots = sorted(hidden, key=lambda b: (g.loc[b], g.moved[b], g.entry[b], g.reserve[b],
                                          block_flags(g, b), b))
    places = [g.loc[b] for b in slots]
    bits = [place_bit(p) for p in places]
    w = g.whereabouts
    assign = (_deal(hidden, places, lambda b, i: w[b] & bits[i] and fits(b, places[i]), rnd)
              or _deal(hidden, places, lambda b, i: fits(b, places[i]), rnd))
    if assign is None:
        return {b: b for b in hidden}
    return {slots[i]: b for b, i in assign}


def move_identities(g: Game, d: Game, dealt: dict[int, int], strength: str = "seen") -> None:
    """Write into ``d`` (a copy of ``g``) the dealing ``dealt`` ({block of g at a place: block
    of d there}): each dealt block takes the place's area, moved, entry, Reserve, battle flags
    and revealed flag; pending decisions naming a block follow it. Its strength on the map
    (0 off the map) is, by ``strength``: "seen", the strength its enemy last saw it at
    (``g.seen_strength``, 6.1) or else its full strength (the enemy knows no other damage);
    "full", its full strength (hard-v1's determinization, kept frozen); "place", the place's
    strength capped at its own maximum (a twin of the true game, tests/honesty.py)."""
    seen = g.seen_strength if strength == "seen" and g.seen_strength else [0] * NB
    for old, new in dealt.items():
        where = g.loc[old]
        d.loc[new], d.moved[new] = where, g.moved[old]
        d.entry[new], d.reserve[new], d.shown[new] = g.entry[old], g.reserve[old], g.shown[old]
        if where >= NA:
            d.strength[new] = 0
        elif strength != "place":
            d.strength[new] = seen[new] or C.max_str[new]
        else:
            d.strength[new] = max(1, min(C.max_str[new], g.strength[old]))
        set_block_flags(d, new, block_flags(g, old))
    for p in d.pending:
        start = _BLOCK_LISTS.get(p[0])
        if start is not None:
            p[start:] = [dealt.get(b, b) for b in p[start:]]


def determinize(g: Game, side: int, rnd: random.Random, strength: str = "seen") -> Game:
    """Return a copy of ``g`` with the hidden information of ``side`` re-sampled from ``rnd``.

    ``side`` is 0 (Lancaster) or 1 (York). ``rnd`` is advanced. ``strength``: what the hidden
    enemy blocks' strengths are, "seen" (the strength last seen in battle this campaign, else
    full) or "full" (hard-v1's), see ``move_identities``. See the module docstring.
    """
    d = g.copy()
    e = 1 - side
    # Cards: the unseen cards are the deck, the enemy hand and an unrevealed enemy card.
    unseen = list(g.deck) + list(g.hands[e])
    enemy_face_down = g.played[e] >= 0 and not g.revealed
    if enemy_face_down:
        unseen.append(g.played[e])
    unseen.sort()
    rnd.shuffle(unseen)
    if enemy_face_down:
        d.played[e] = unseen.pop()
    n = len(g.hands[e])
    d.hands[e] = sorted(unseen[:n])
    d.deck = unseen[n:]
    # Blocks: re-assign identities of hidden enemy blocks among the places they occupy.
    hidden = hidden_enemy_blocks(g, side)
    if hidden:
        move_identities(g, d, deal_identities(g, hidden, rnd), strength)
    d.seed = rnd.getrandbits(63)
    d.reseed(rnd.getrandbits(64))
    d.forget_history()              # the record holds both sides' past decisions
    return d
