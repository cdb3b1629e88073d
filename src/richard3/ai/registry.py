"""Agents by name: ``get_agent(name, seed, **options)`` for the command line, tournaments, the
page's worker and the tests.

Names: "random", "easy", "normal", "hard", "expert" (the levels the page offers; options of
"hard" and "expert": ``samples=N`` or ``budget_ms=MS``); for tournaments only, two frozen hard
levels that progress is measured against: "hard-v1", the hard level as it was before the
learned value (``hard.py``; options ``iterations=N`` or ``budget_ms=MS``), and "hard-v2", the
hard level as it was when issue 57 began (``hard_v2.py``: the search with the learned value of
issue 25; options as hard's).
"""

from __future__ import annotations

from functools import partial

from roses.agents import Agent, RandomAgent, make_agent, spec_agent

from .easy import EasyAgent
from .hard import HardAgent
from .hard_v2 import HARD_V2, HardV2
from .normal import NormalAgent
from .search import SearchAgent

#: The search levels' settings (``SearchAgent``); tournaments bound them by ``samples`` and
#: ``card_samples``, the page by time. Expert is hard with 4.4 times its time: the same
#: search, about four times the samples. Its earlier shape (8 candidates, play-outs of 10
#: decisions over 12 actions) spent five times hard's cost on each sample and was never shown
#: stronger than hard (docs/ai-strength.md); samples were (hard as Lancaster on 1483 won 3 of
#: 24 games against hard-v1 at 16 samples, 9 of the same 24 at 32).
HARD = dict(candidates=4, horizon=6, width=8, prior=4.0, card_samples=24, waste=0.02,
            budget_ms=900.0)
EXPERT = dict(HARD, card_samples=96, budget_ms=4000.0)
#: Tournament defaults: each level bounded by fewer samples than its browser time buys, so
#: results repeat on any machine and measure no stronger a level than the page plays.
#: ``python3 build.py bench-ai`` (1483, Lancaster against easy, an idle machine) read the
#: samples the page's worker drew: hard a median of 34, 46.5 and 67 for a move and 19.5, 42.5
#: and 29.5 for a card play in three runs (the games differ from run to run, and so do their
#: positions' costs), expert in this shape 216 and 131.
TOURNAMENT = {"hard": {"samples": 32}, "expert": {"samples": 128},
              "hard-v1": {"iterations": 2}, "hard-v2": {"samples": 32}}

#: name -> the agent's factory, built as ``factory(seed, **options)``.
REGISTRY = {"random": RandomAgent, "easy": EasyAgent, "normal": NormalAgent,
            "hard": partial(SearchAgent, **HARD), "expert": partial(SearchAgent, **EXPERT),
            "hard-v1": HardAgent, "hard-v2": partial(HardV2, **HARD_V2)}


def get_agent(name: str, seed: int = 0, **options) -> Agent:
    """A new agent by name (see ``REGISTRY``) with its own seed. ValueError for an unknown
    name; TypeError for an option the agent does not take."""
    return make_agent(REGISTRY, name, seed, **options)


def tournament_agent(spec: str, seed: int) -> Agent:
    """The agent of a spec (``parse_spec``) for a tournament: the level's ``TOURNAMENT`` bound
    unless the spec sets its own options."""
    return spec_agent(REGISTRY, TOURNAMENT, spec, seed)
