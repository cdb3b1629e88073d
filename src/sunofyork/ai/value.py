"""A learned value of a Sun of York position: the side's chance of winning the battle,
``P(win) = sigmoid(w . features)``, fitted to the outcomes of self-play games by logistic
regression (``tools/soy_train_value.py``; the weights ship in ``sunofyork/data/value.json``).

The features are the hand-written evaluation's terms taken apart (``evaluate.py``), each the
side's less the enemy's, so the value is zero-sum (no bias: ``P(win)`` for one side is one
less ``P(win)`` for the other):

- ``units``: combat units' strength on the field (Cohesion left, less part of carried Hits,
  times the unit's fighting worth); ``count``: how many units;
- ``mid`` / ``deep`` / ``flank``: that strength in the middle ground, in the enemy's rear, in
  flank positions;
- ``threat_centre`` / ``threat_side``: the squared pressure on the enemy's rear of the centre
  battle (a capture wins, 5.0) and, summed, of the side battles (doubled once the other side
  battle is taken);
- ``captured``: side battles captured;
- ``leaders`` / ``leader_units`` / ``leader_alone``: leaders on the field by Leadership, the
  units around them, leaders alone with the enemy;
- ``orders`` / ``orders_extra``: the orders of the cards in hand up to five, and beyond;
- ``hand_units``: the units in hand by Cohesion and worth; ``deck``: cards left to draw;
- ``to_move``: +1 when the side is the one whose turn it is (``g.active``), -1 when the enemy
  is, 0 before the first turn.

The engine's and the page's Python only read the JSON (standard library); the fit's
libraries are the tool's.
"""

from __future__ import annotations

import json
import math
from importlib import resources

from ..cards import LEADER, UNIT
from ..field import CENTRE, NBATTLE
from ..state import OVER
from .evaluate import W, pressure, strengths, worth

NAMES = ("units", "count", "mid", "deep", "flank", "threat_centre", "threat_side", "captured",
         "leaders", "leader_units", "leader_alone", "orders", "orders_extra", "hand_units",
         "deck", "to_move")

#: what a finished battle is worth (and the scale of the value: 1000 (2 P(win) - 1))
WIN = 1000.0


def side_features(g, t: int, st: list) -> list:
    """Side ``t``'s own terms, in ``NAMES`` order but for ``to_move`` (``st``: strengths)."""
    s_t, s_e = st[t], st[1 - t]
    own_rear_row = 0 if t == 1 else 2
    mid = deep = 0.0
    for p in range(NBATTLE):
        r = p % 3
        if r == 1:
            mid += s_t[p]
        elif r != own_rear_row:
            deep += s_t[p]
    flank = sum(s_t[p] for p in range(NBATTLE, len(g.at)))
    centre = side = 0.0
    captured = 0
    for col in g.columns:
        if g.captured[col] >= 0:
            captured += g.captured[col] == t
            continue
        thr = pressure(g, t, col, st)
        if thr is None:
            continue
        if col == CENTRE or len(g.columns) == 1:
            centre += thr * thr
        else:
            side += thr * thr * (2.0 if g.captured[2 - col] == t else 1.0)
    deck = g.decks[t]
    count = 0
    leaders = leader_units = alone = 0.0
    for p in range(len(g.at)):
        here = g.at[p][t]
        n = sum(1 for x in here if deck[x - 1].kind == UNIT)
        count += n
        for c in here:
            card = deck[c - 1]
            if card.kind != LEADER:
                continue
            if n == 0 and s_e[p] > 0:
                alone += 1
            else:
                leaders += 1 + card.leadership
                leader_units += min(n, 4) * (1 + card.leadership)
    orders = 0
    hand_units = 0.0
    for c in g.hand[t]:
        card = deck[c - 1]
        if card.kind == UNIT:
            hand_units += card.cohesion * worth(card)
        else:
            orders += card.orders
    return [sum(s_t), count, mid, deep, flank, centre, side, captured, leaders, leader_units,
            alone, min(orders, 5), max(0, orders - 5), hand_units, len(g.deck[t])]


def features(g, side: int) -> list:
    """The position's features for ``side`` (``NAMES`` order): a list of floats, each the
    side's term less the enemy's."""
    st = strengths(g, W)
    a = side_features(g, side, st)
    b = side_features(g, 1 - side, st)
    out = [x - y for x, y in zip(a, b)]
    out.append(1.0 if g.active == side else -1.0 if g.active == 1 - side else 0.0)
    return out


def load_weights(text: str | None = None) -> list:
    """The weights in ``NAMES`` order from value.json's text (the shipped file by default).
    ValueError naming what is wrong: another format, a missing or unknown feature, a weight
    that is not a finite number."""
    if text is None:
        text = resources.files("sunofyork.data").joinpath("value.json").read_text()
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != "sunofyork-value":
        raise ValueError("value.json: not a Sun of York value (format 'sunofyork-value')")
    weights = data.get("weights")
    if not isinstance(weights, dict):
        raise ValueError("value.json: 'weights' is not an object")
    missing = [n for n in NAMES if n not in weights]
    unknown = [n for n in weights if n not in NAMES]
    if missing or unknown:
        raise ValueError(f"value.json: features missing {missing} or unknown {unknown}")
    out = []
    for n in NAMES:
        v = weights[n]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise ValueError(f"value.json: the weight of {n!r} is not a finite number: {v!r}")
        out.append(float(v))
    return out


_SHIPPED: list = []


def learned_value(g, side: int, weights: list | None = None) -> float:
    """``WIN * (2 P(win) - 1)`` for ``side``: in (-WIN, WIN), exactly +-WIN for a finished
    battle; zero-sum. ``weights`` default to the shipped ones."""
    if g.phase == OVER or g.winner >= 0:
        if g.winner < 0:
            return 0.0
        return WIN if g.winner == side else -WIN
    if weights is None:
        if not _SHIPPED:
            _SHIPPED.append(load_weights())
        weights = _SHIPPED[0]
    z = sum(w * f for w, f in zip(weights, features(g, side)))
    return WIN * math.tanh(z / 2.0)


__all__ = ["NAMES", "WIN", "features", "learned_value", "load_weights"]
