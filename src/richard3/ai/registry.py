"""Agents by name: ``get_agent(name, seed, **options)`` for the command line, tournaments, the
page's worker and the tests.

Names: "random", "easy", "normal", "hard" (options of "hard": ``iterations=N`` or
``budget_ms=MS``).
"""

from __future__ import annotations

from .base import Agent, RandomAgent
from .easy import EasyAgent
from .hard import HardAgent
from .normal import NormalAgent

#: name -> the agent's class, built as ``cls(seed, **options)``.
REGISTRY = {"random": RandomAgent, "easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent}


def get_agent(name: str, seed: int = 0, **options) -> Agent:
    """Return a new agent by name (see ``REGISTRY``) with its own seed.

    Raises ValueError for an unknown name; TypeError for an option the agent does not take.
    """
    try:
        cls = REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}: choose from {', '.join(REGISTRY)}") from None
    return cls(seed, **options)
