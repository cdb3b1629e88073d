"""The AI opponent: honest agents at three levels, a battle-odds estimator, tournaments.

- ``Agent``, ``RandomAgent`` (``base.py``) and ``get_agent(name, seed)`` (``registry.py``).

- ``EasyAgent``: one-ply heuristic with noise (``easy.py``).
- ``NormalAgent``: one-ply lookahead (two-ply for activations) over a determinized copy of the
  game, with a hand-written evaluation (``evaluate.py``) and rules for cards and battles.
- ``HardAgent``: determinized Monte Carlo search at the root over the normal agent's best
  candidates, each played out on the same samples (paired samples) for a few decisions,
  bounded by time or iterations.
- ``battle_odds``: probabilities of a battle's outcome from what a side knows (``odds.py``).

Honesty: every agent decides from ``game.legal_actions(side)`` and a *determinized* copy of the
game (``determinize.py``) in which everything the side cannot see is re-sampled from the agent's
own generator; nothing hidden in the real game survives into the copy the agent reads.
"""

from .base import Agent, RandomAgent
from .determinize import determinize
from .easy import EasyAgent
from .hard import HardAgent
from .normal import NormalAgent
from .odds import battle_odds
from .registry import REGISTRY, get_agent

__all__ = ["Agent", "RandomAgent", "EasyAgent", "NormalAgent", "HardAgent", "REGISTRY",
           "get_agent", "battle_odds", "determinize"]
