"""Determinization: a copy of a game in which everything a side cannot see is re-sampled.

``determinize(game, side, rnd)`` returns a ``Game`` that agrees with ``game.observation(side)``
(own blocks, hand and pool exactly; enemy block counts per area, revealed enemy blocks, dead
blocks, minors, public cards) but whose hidden parts are drawn from ``rnd`` (a
``random.Random`` owned by the agent):

- the enemy hand, and the enemy's face-down card during the secret card play (1.1), are dealt
  at random from the cards the side has not seen (not in its hand, not played face-up);
  the rest, shuffled, is the undrawn deck;
- the identities of unrevealed enemy blocks on the map and in the enemy's (standing) pool are
  re-assigned at random among those places, each only where the public history allows
  (``Game.whereabouts``: the deployment, blocks seen in battle, moves, recruits); heirs only
  to map places (an heir is never in a pool, 6.82); per-place facts that are public (area,
  moved, entry border, Reserve) stay with the place, and the strength of a re-assigned block
  is its full strength (the side does not know its damage);
- the game's generator ``rng`` is reseeded from ``rnd`` (dice are the future, unseen);
- the log is dropped (it holds the enemy's private lines).

Face-down pool blocks and face-down mercenaries (6.83-6.86) are treated as public: their
elimination is announced in the public log. The output is therefore a function of the side's
observation and ``rnd`` only, which is what tests/test_ai_honesty.py checks.
"""

from __future__ import annotations

import random

from .. import rng as grng
from ..components import HEIR
from ..game import NA, NB, POOL, Game, C
from ..whereabouts import place_bit


def hidden_enemy_blocks(g: Game, side: int) -> list[int]:
    """Enemy blocks whose identity ``side`` does not know: unrevealed on the map, or in the
    enemy's standing pool. Sorted by block id."""
    e = 1 - side
    out = []
    for b in range(NB):
        if g.owner(b) != e:
            continue
        where = g.loc[b]
        if (where < NA and not g.shown[b]) or where == POOL:
            out.append(b)
    return out


def _assign_uniform(hidden: list[int], places: list[tuple], rnd: random.Random) -> list:
    """Hidden blocks dealt to the places at random, heirs to map places first (the fallback
    when no dealing within the whereabouts was found). Returns [(block, place)]."""
    map_places = [p for p in places if p[0] < NA]
    other_places = [p for p in places if p[0] >= NA]
    blocks = hidden[:]
    rnd.shuffle(blocks)
    heirs = [b for b in blocks if C.btype[b] == HEIR]
    rest = [b for b in blocks if C.btype[b] != HEIR]
    rnd.shuffle(map_places)
    assign = list(zip(heirs, map_places))
    remaining = map_places[len(heirs):] + other_places
    rnd.shuffle(remaining)
    return assign + list(zip(rest, remaining))


def _assign_tracked(hidden: list[int], places: list[tuple], whereabouts: list[int],
                    rnd: random.Random, tries: int = 4) -> list | None:
    """Hidden blocks dealt to the places so that each lands where the public history allows
    (``Game.whereabouts``): the most constrained block first, each to a random allowed free
    place. Returns [(block, place)], or None if ``tries`` random passes all reach a dead end
    (the caller then deals uniformly)."""
    bits = [place_bit(p[0]) for p in places]
    options = {b: [i for i, bit in enumerate(bits) if whereabouts[b] & bit] for b in hidden}
    for _ in range(tries):
        order = hidden[:]
        rnd.shuffle(order)
        order.sort(key=lambda b: len(options[b]))
        free = [True] * len(places)
        assign = []
        for b in order:
            opts = [i for i in options[b] if free[i]]
            if not opts:
                break
            i = opts[rnd.randrange(len(opts))]
            free[i] = False
            assign.append((b, places[i]))
        else:
            return assign
    return None


def determinize(g: Game, side: int, rnd: random.Random) -> Game:
    """Return a copy of ``g`` with the hidden information of ``side`` re-sampled from ``rnd``.

    ``side`` is 0 (Lancaster) or 1 (York). ``rnd`` is advanced. See the module docstring.
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
        places = sorted((g.loc[b], g.moved[b], g.entry[b], g.reserve[b]) for b in hidden)
        assign = (_assign_tracked(hidden, places, g.whereabouts, rnd)
                  or _assign_uniform(hidden, places, rnd))
        for b, (where, moved, entry, reserve) in assign:
            d.loc[b] = where
            d.moved[b] = moved
            d.entry[b] = entry
            d.reserve[b] = reserve
            d.strength[b] = C.max_str[b] if where < NA else 0
    d.rng = grng.seed_state(rnd.getrandbits(64))
    d._log = None
    d._record = None                # the record holds both sides' past decisions
    d._legal_cache = None
    return d
