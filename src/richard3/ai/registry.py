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
#: ``card_samples``, the page by time. Expert searches wider and deeper than hard: twice the
#: candidates and attack plans, each played out to the end of the game turn (the enemy's
#: reply, the battles, the supply phase; 40 decisions at most) where hard stops 6 decisions
#: in; a regroup that may open a recruit to the enemy asked of 8 samples, not one (its
#: play-outs end before the enemy's recruit, and found the regroup better than hard's did).
#: Four times hard's samples at hard's shape bought nothing measurable (-19 Elo, 95% -97 to
#: +60, 120 games; docs/ai-notebook.md), nor did its first shape (8 candidates, play-outs of
#: 10 decisions over 12 actions, five times hard's cost a sample).
HARD = dict(candidates=4, horizon=6, width=8, prior=4.0, card_samples=24, waste=0.02,
            budget_ms=900.0)
EXPERT = dict(HARD, candidates=8, plans=4, horizon=40, recruits=8, card_samples=96,
              budget_ms=4000.0)
#: Tournament defaults: each level bounded by fewer samples than its browser time buys, so
#: results repeat on any machine and measure no stronger a level than the page plays.
#: ``python3 build.py bench-ai`` (1483, Lancaster against easy, an idle machine) read the
#: samples the page's worker drew: hard a median of 34, 46.5 and 67 for a move and 19.5, 42.5
#: and 29.5 for a card play in three runs (the games differ from run to run, and so do their
#: positions' costs); expert (8 candidates, 4 plans, play-outs to the end of the game turn)
#: a median of 59 for a move (range 8-1631) and 103 for a card play (2026-12-08, one game).
TOURNAMENT = {"hard": {"samples": 32}, "expert": {"samples": 48},
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
