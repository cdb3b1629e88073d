"""The ``easy`` agent: one ply with noise. Each legal action is applied to a determinized copy
and the copy evaluated (one dice sample for a chance action, Gaussian noise on every value);
cheap rules for deployment (normal's), damage (the first unit offered), initiative, leader
commitment (never) and discards (draw, letting one unit go only when the hand holds nothing
else); every attack is still declared; an Orders card is valued by one move it pays for.
Normal's evaluation without the hand and pressure refinements (``EASY_WEIGHTS``)."""

from __future__ import annotations

from ..cards import UNIT
from .evaluate import W
from .normal import NormalAgent, card_value, damage_first

NOISE = 3.0
RANDOM_SHARE = 0.05
EASY_WEIGHTS = dict(W, threat=0.6, leader_units=0.0, hand_unit=0.5, deck=0.0)


class EasyAgent(NormalAgent):
    """The ``easy`` level. ``seed`` seeds its own generator."""

    name = "easy"
    samples = 1
    noise = NOISE

    def __init__(self, seed: int = 0, weights: dict | None = None):
        super().__init__(seed, weights=weights or EASY_WEIGHTS)

    def decide(self, d, side: int, legal: list):
        if len(legal) > 1 and self.rnd.random() < RANDOM_SHARE:
            return legal[self.rnd.randrange(len(legal))]
        return super().decide(d, side, legal)

    def damage(self, g, side, legal):
        return damage_first(g, side, legal)

    def commit_rule(self, d, side, legal):
        return ("done",) if ("done",) in legal else legal[-1]

    def discard_rule(self, d, side, legal):
        deck = d.decks[side]
        units = [c for c in d.hand[side] if deck[c - 1].kind == UNIT]
        if d.deck[side] and len(units) == len(d.hand[side]) == 4:
            return ("discard", min(units, key=lambda c: (card_value(d, side, c), c)))
        return ("draw",)


__all__ = ["EasyAgent"]
