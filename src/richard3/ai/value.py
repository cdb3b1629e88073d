"""The learned value of a position: the chance that a side wins, from the features a player
looks at (``features.py``), weighted as self-play games taught (``data/value.json``, written
by ``tools/train_value.py``: logistic regression over the outcomes of whole games).

``win_chance(g, side)`` is that chance, 0 to 1; ``logit(g, side)`` the same on the logistic
scale (what searches add and compare: it is not squeezed near a certain win or loss). One set
of weights serves every scenario and both sides: the scenario and the side are features.
Pure Python and the standard library, as the engine: the weights are read once.
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from operator import mul

from ..game import Game
from ..ids import OVER
from .features import NAMES, features

#: The logit of a game already won (lost: its negative): beyond any position's value.
DECIDED = 12.0


class ValueFileError(ValueError):
    """``data/value.json`` is missing or does not fit the features (names or format)."""


@cache
def weights() -> tuple[float, ...]:
    """The weights of ``value.json``, in the order of ``features.NAMES``. Raises ValueError
    if the file does not name exactly those features."""
    data = json.loads(resources.files("richard3.data").joinpath("value.json").read_text())
    if data.get("format") != "richard3-value" or data.get("features") != list(NAMES):
        raise ValueFileError("richard3/data/value.json does not match the features of "
                          "ai/features.py: train it again (tools/train_value.py fit)")
    w = data["weights"]
    return tuple(float(w[name]) for name in NAMES)


def logit(g: Game, side: int, w: tuple[float, ...] | None = None) -> float:
    """The logit of ``side``'s winning chance in ``g`` (0/1 side); ``w``: other weights (in
    ``NAMES`` order) for tuning runs, else ``value.json``'s. A finished game is +-DECIDED."""
    if g.phase == OVER:
        return DECIDED if g.winner == side else -DECIDED
    w = w or weights()
    return sum(map(mul, w, features(g, side)))


def win_chance(g: Game, side: int) -> float:
    """``side``'s chance of winning ``g``, 0 to 1 (the logistic of ``logit``)."""
    return 1.0 / (1.0 + math.exp(-logit(g, side)))
