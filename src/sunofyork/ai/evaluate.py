"""A hand-written evaluation of a Sun of York position for one side (positive: good for it).

Terms (weights in ``W``; every term is the side's less the enemy's, so the evaluation is
zero-sum):

- ``unit``: the combat units on the field, each worth its current Cohesion (less part of the
  Hit markers it carries, 6.2.1) times its fighting worth (Ability, long-range Ability,
  veteran, move), fatigue counted (8.0);
- ``mid`` / ``deep``: units forward, in the middle ground or in the enemy's rear (a forward
  defence, the Designer's Notes); ``flank``: units in flank positions;
- ``threat``: for each battle not yet captured, the pressure each side puts on the other's rear
  (its strength in that rear and, less, in the middle ground and the enemy's flank against the
  rear's defenders): a capture (5.0) weighted by its worth (the centre wins the battle; a side
  battle half as much, all of it if the other side battle is already taken);
- ``captured``: the battles captured;
- ``leader``: leaders on the field, more with units around them (free orders, 6.2.3 A; morale,
  6.2.1), less when alone with the enemy;
- ``orders`` / ``hand_unit``: the cards in hand (orders they give; units to bring in);
- ``deck``: cards left to draw (6.2.4: the deck is not reshuffled).

A finished battle is worth ``win`` (or its negative).
"""

from __future__ import annotations

from ..cards import CAVALRY, LEADER, MISSILE, UNIT
from ..field import CENTRE, FLANKS, NBATTLE, rear
from ..state import FATIGUED, OVER

W = dict(unit=3.0, mid=0.35, deep=0.5, flank=0.2, threat=1.0, cap_centre=60.0, cap_side=24.0,
         captured=40.0, leader=1.2, leader_units=0.5, orders=1.1, hand_unit=0.9, deck=0.06,
         hits=0.6, win=1000.0)

_WORTH: dict = {}


def worth(card) -> float:
    """A combat unit's fighting worth per point of Cohesion."""
    v = _WORTH.get(card)
    if v is None:
        v = 0.45 + card.ability / 6.0
        if card.unit_class == MISSILE:
            v += card.long_range / 14.0
        if card.veteran:
            v += 0.12
        if card.move > 1 or card.unit_class == CAVALRY:
            v += 0.08
        _WORTH[card] = v
    return v


def unit_strength(g, t: int, c: int, hits_w: float = 0.6) -> float:
    card = g.decks[t][c - 1]
    coh = card.cohesion - g.lost[t][c] - hits_w * g.hits[t][c]
    if coh < 0.25:
        coh = 0.25
    w = worth(card)
    if g.flags[t][c] & FATIGUED:
        w -= 0.17
    return coh * w


def strengths(g, w: dict = W) -> list:
    """[side][position] -> the summed strength of the side's units there."""
    out = [[0.0] * len(g.at), [0.0] * len(g.at)]
    hw = w["hits"]
    for p in range(len(g.at)):
        here = g.at[p]
        for t in (0, 1):
            deck = g.decks[t]
            s = 0.0
            for c in here[t]:
                if deck[c - 1].kind == UNIT:
                    s += unit_strength(g, t, c, hw)
            out[t][p] = s
    return out


def evaluate(g, side: int, w: dict = W, st: list | None = None) -> float:
    """The position's value for ``side`` (see the module docstring)."""
    if g.phase == OVER or g.winner >= 0:
        if g.winner < 0:
            return 0.0
        return w["win"] if g.winner == side else -w["win"]
    st = st or strengths(g, w)
    score = 0.0
    for t in (0, 1):
        sign = 1.0 if t == side else -1.0
        e = 1 - t
        s_t, s_e = st[t], st[e]
        own_rear_row = 0 if t == 1 else 2
        mat = sum(s_t)
        fwd = 0.0
        for p in range(NBATTLE):
            r = p % 3
            if r == 1:
                fwd += w["mid"] * s_t[p]
            elif r != own_rear_row:
                fwd += w["deep"] * s_t[p]
        fl = sum(s_t[p] for p in range(NBATTLE, len(g.at)))
        sub = w["unit"] * mat + fwd + w["flank"] * fl
        # pressure on the enemy's rears
        for col in g.columns:
            if g.captured[col] >= 0:
                if g.captured[col] == t:
                    sub += w["captured"]
                continue
            R = rear(e, col)
            M = 3 * col + 1
            att = s_t[R]
            att += (0.25 if s_e[M] > 0 else 0.6) * s_t[M]
            if col != CENTRE:
                edge = 0 if col == 0 else 1
                att += 0.3 * s_t[FLANKS[edge][e]]
            if att <= 0:
                continue
            dfn = s_e[R] + 0.3 * s_e[M]
            thr = att / (att + dfn + 1.5)
            if col == CENTRE or len(g.columns) == 1:
                val = w["cap_centre"]
            else:
                other = 2 - col
                val = w["cap_side"] * (2.0 if g.captured[other] == t else 1.0)
            sub += w["threat"] * val * thr * thr
        # leaders
        deck = g.decks[t]
        for p in range(NBATTLE):
            for c in g.at[p][t]:
                card = deck[c - 1]
                if card.kind != LEADER:
                    continue
                n = sum(1 for x in g.at[p][t] if deck[x - 1].kind == UNIT)
                if n == 0 and s_e[p] > 0:
                    sub -= 2.0
                else:
                    sub += w["leader"] * (1 + card.leadership) + \
                        w["leader_units"] * min(n, 4) * (1 + card.leadership)
        # hand and deck
        orders = 0
        for c in g.hand[t]:
            card = deck[c - 1]
            if card.kind == UNIT:
                sub += w["hand_unit"] * card.cohesion * worth(card)
            else:
                orders += card.orders
        # orders beyond what a turn spends are worth less (a full hand blocks the draw)
        sub += w["orders"] * (orders if orders <= 5 else 5 + 0.3 * (orders - 5))
        sub += w["deck"] * len(g.deck[t])
        score += sign * sub
    return score


__all__ = ["W", "evaluate", "strengths", "unit_strength", "worth"]
