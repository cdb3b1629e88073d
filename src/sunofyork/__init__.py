"""Sun of York: the rules engine and AI of GMT Games' card game of the battles of the Wars of
the Roses (design Mike Nagel). Pure Python, standard library only, so it loads fast in Pyodide.

Public API (the same face as ``richard3``):

- ``new_game(scenario_id, seed=..., options=0, decks=None) -> Game``; ``SCENARIO_IDS`` (the 20
  historical battles of 9.1 and "random", 9.2); ``CAMPAIGN`` ("campaign", 9.3).
- ``Game.active_sides()``, ``Game.legal_actions(side)``, ``Game.apply(side, action)``,
  ``Game.observation(side)``, ``Game.copy()``, ``Game.is_over``, ``Game.winner``,
  ``Game.to_json()`` / ``Game.from_json(text)``, ``Game.record``.
- ``IllegalAction``: raised for an action that is not legal; the game is left unchanged.
- ``load_deck(text)``: a deck file (docs/sunofyork-decks.md); the shipped decks are the
  project's stand-ins for GMT's printed cards.
"""

__version__ = "0.1.0"

from .decks import DeckError, load_deck, standard_deck  # noqa: E402
from .game import CAMPAIGN, Game, IllegalAction, new_game  # noqa: E402
from .scenario import SCENARIO_IDS, ScenarioError, load_scenario  # noqa: E402

LANCASTER, YORK = 0, 1

__all__ = ["CAMPAIGN", "DeckError", "Game", "IllegalAction", "LANCASTER", "YORK",
           "SCENARIO_IDS", "ScenarioError", "load_deck", "load_scenario", "new_game",
           "standard_deck"]
