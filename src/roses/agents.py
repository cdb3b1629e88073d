"""The agent interface both games' AIs share, the simplest agent, and agent specs.

An agent chooses one of a side's legal actions: ``agent.choose(game, side) -> action``, called
with ``side`` 0 (Lancaster) or 1 (York) when that side is in ``game.active_sides()``. It decides
from what ``side`` may know only: ``game.legal_actions(side)``, ``game.observation(side)`` or a
determinized copy of the game, never the real game's hidden fields.
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


def parse_spec(spec: str) -> tuple[str, dict]:
    """An agent spec "name" or "name:key=value,key=value" (numbers as int or float, other
    values as strings) -> (name, options). Raises ValueError for a malformed spec."""
    name, _, rest = spec.partition(":")
    options = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise ValueError(f"bad agent option {item!r} in {spec!r}: want key=value")
        for kind in (int, float, str):
            try:
                options[key] = kind(value)
                break
            except ValueError:
                continue
    return name, options


def make_agent(registry: dict, name: str, seed: int = 0, **options) -> Agent:
    """A new agent of a game's ``registry`` (name -> factory taking ``(seed, **options)``)
    with its own seed. ValueError for an unknown name; TypeError for an option the agent does
    not take."""
    try:
        cls = registry[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}: choose from {', '.join(registry)}") from None
    return cls(seed, **options)


def spec_agent(registry: dict, bounds: dict, spec: str, seed: int) -> Agent:
    """The agent of a spec (``parse_spec``) for a tournament: the level's bound in ``bounds``
    (name -> options) unless the spec sets its own options."""
    name, options = parse_spec(spec)
    return make_agent(registry, name, seed, **{**bounds.get(name, {}), **options})


__all__ = ["Agent", "RandomAgent", "make_agent", "parse_spec", "spec_agent"]
