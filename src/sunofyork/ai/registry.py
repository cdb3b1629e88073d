"""Sun of York agents by name: ``get_agent(name, seed, **options)`` for tournaments, the bench,
the page's worker and the tests.

Names: "random", "easy", "normal", "hard", "expert". Options of "hard" and "expert":
``samples=N`` (iteration bound), ``budget_ms=MS`` (time bound; 0: none), ``candidates=K``,
``depth=D``, ``noise=SD`` (on the one-ply values that pick the candidates), ``rollout_noise=SD``
(on the play-out policy's), ``horizon=H`` (the play-outs end as the H-th Movement step after the
decision's begins), ``damage=RULE`` (who takes the own side's hits: ``normal.DAMAGE_RULES``).
"""

from __future__ import annotations

from roses.agents import Agent, RandomAgent, make_agent, parse_spec, spec_agent

from .easy import EasyAgent
from .hard import ExpertAgent, HardAgent
from .normal import NormalAgent

#: name -> the agent's factory, built as ``factory(seed, **options)``.
REGISTRY = {"random": RandomAgent, "easy": EasyAgent, "normal": NormalAgent,
            "hard": HardAgent, "expert": ExpertAgent}

#: Tournament settings: the iteration bound alone (no time bound), so games repeat.
TOURNAMENT = {"hard": {"budget_ms": 0}, "expert": {"budget_ms": 0}}


def get_agent(name: str, seed: int = 0, **options) -> Agent:
    """A new agent by name (see ``REGISTRY``) with its own seed. ValueError for an unknown
    name; TypeError for an option the agent does not take."""
    return make_agent(REGISTRY, name, seed, **options)


def tournament_agent(spec: str, seed: int) -> Agent:
    """The agent of a spec (``parse_spec``) for a tournament: the level's ``TOURNAMENT`` bound
    unless the spec sets its own options."""
    return spec_agent(REGISTRY, TOURNAMENT, spec, seed)


__all__ = ["REGISTRY", "TOURNAMENT", "get_agent", "parse_spec", "tournament_agent"]
