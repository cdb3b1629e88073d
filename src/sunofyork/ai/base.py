"""The interface every Sun of York agent has, and the simplest agent.

An agent chooses one of a side's legal actions: ``agent.choose(game, side) -> action``, called
with ``side`` 0 (Lancaster) or 1 (York) when that side is in ``game.active_sides()``. It decides
from what ``side`` may know only: ``game.legal_actions(side)``, ``game.observation(side)`` or a
determinized copy (``determinize.py``), never the real game's hidden fields.
"""

from __future__ import annotations

import random


class Agent:
    """Base class: ``choose(game, side) -> action``, one of ``game.legal_actions(side)``."""

    name = "agent"

    def choose(self, game, side):
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniform over the legal actions, with its own ``random.Random(seed)``."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rnd = random.Random(seed)

    def choose(self, game, side):
        """One legal action of ``side`` at random; ValueError if it has none."""
        legal = game.legal_actions(side)
        if not legal:
            raise ValueError("no legal action: this side has no decision to make now")
        return legal[self.rnd.randrange(len(legal))]


__all__ = ["Agent", "RandomAgent"]
