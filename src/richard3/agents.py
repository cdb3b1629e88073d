"""Agents: anything that chooses one of a side's legal actions.

``get_agent(name, seed, **options)`` builds one by name: "random", "easy", "normal", "hard"
(options of "hard": ``iterations=N`` or ``budget_ms=MS``). Call ``agent.choose(game, side)``
with ``side`` 0 (Lancaster) or 1 (York) when that side is in ``game.active_sides()``.
"""

from __future__ import annotations

import random


class Agent:
    """Base class: ``choose(game, side) -> Action``, one of ``game.legal_actions(side)``.

    Agents decide from what ``side`` may know only (``game.observation(side)``, its legal
    actions, or a determinized copy, see ``richard3.ai.determinize``).
    """

    name = "agent"

    def choose(self, game, side):
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniform over the legal actions, with its own ``random.Random(seed)``."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rnd = random.Random(seed)

    def choose(self, game, side):
        legal = game.legal_actions(side)
        if not legal:
            raise ValueError("no legal action: this side has no decision to make now")
        return legal[self.rnd.randrange(len(legal))]


def _ai(name):
    def make(seed=0, **options):
        from . import ai
        cls = {"easy": ai.EasyAgent, "normal": ai.NormalAgent, "hard": ai.HardAgent}[name]
        return cls(seed, **options)
    return make


#: name -> factory(seed, **options)
REGISTRY = {"random": lambda seed=0, **o: RandomAgent(seed), "easy": _ai("easy"),
            "normal": _ai("normal"), "hard": _ai("hard")}


def get_agent(name: str, seed: int = 0, **options) -> Agent:
    """Return a new agent by name ("random", "easy", "normal", "hard") with its own seed.

    Raises ValueError for an unknown name.
    """
    try:
        factory = REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}: choose from {', '.join(REGISTRY)}") from None
    return factory(seed, **options)
