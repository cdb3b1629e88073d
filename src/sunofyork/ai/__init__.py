"""The Sun of York AI: honest agents at four levels and random, and tournaments.

- ``Agent``, ``RandomAgent`` (``base.py``); ``get_agent(name, seed)`` and ``REGISTRY``
  (``registry.py``): "random", "easy", "normal", "hard", "expert".
- ``EasyAgent`` (``easy.py``): one ply with noise, cheap rules.
- ``NormalAgent`` (``normal.py``): one ply over a determinized copy with the hand-written
  evaluation (``evaluate.py``), dice averaged, rules for deployment, attacks, damage, discards.
- ``HardAgent`` / ``ExpertAgent`` (``hard.py``): determinized Monte Carlo over normal's best
  candidates at the key decisions, paired samples, bounded by samples and by time.
- ``tournament.py``: A against B over the historical scenarios, Wilson intervals, resumable.

Honesty: every agent decides from ``game.legal_actions(side)`` and determinized copies
(``determinize.py``) in which everything the side cannot see is re-sampled from the agent's own
generator.
"""

from .base import Agent, RandomAgent
from .determinize import determinize
from .easy import EasyAgent
from .evaluate import evaluate
from .hard import ExpertAgent, HardAgent
from .normal import NormalAgent
from .registry import REGISTRY, get_agent

__all__ = ["Agent", "RandomAgent", "EasyAgent", "NormalAgent", "HardAgent", "ExpertAgent",
           "REGISTRY", "get_agent", "determinize", "evaluate"]
