"""The AI opponent (issue 6): honest agents at three levels, a battle-odds estimator, tournaments.

- ``EasyAgent``: one-ply heuristic with noise (``easy.py``).
- ``NormalAgent``: one-ply lookahead (two-ply for activations) over a determinized copy of the
  game, with a hand-written evaluation (``evaluate.py``) and rules for cards and battles.
- ``HardAgent``: determinized Monte Carlo search (ISMCTS-style, flat UCB at the root over the
  normal agent's best candidates, depth-limited rollouts), bounded by time or iterations.
- ``battle_odds``: probabilities of a battle's outcome from what a side knows (``odds.py``).

Honesty: every agent decides from ``game.legal_actions(side)`` and a *determinized* copy of the
game (``determinize.py``) in which everything the side cannot see is re-sampled from the agent's
own generator; nothing hidden in the real game survives into the copy the agent reads.
"""

from .determinize import determinize
from .easy import EasyAgent
from .hard import HardAgent
from .normal import NormalAgent
from .odds import battle_odds

__all__ = ["EasyAgent", "NormalAgent", "HardAgent", "battle_odds", "determinize"]
