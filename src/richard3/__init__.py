"""Richard III: the rules engine and AI of Columbia Games' block wargame of the Wars of the Roses.

Pure Python, standard library only, so it loads fast in Pyodide. Public API (README, "The
engine's layers"):

- ``new_game(scenario_id, seed=...) -> Game``
- ``Game.active_sides()``, ``Game.legal_actions(side)``, ``Game.apply(side, action)``,
  ``Game.observation(side)``, ``Game.copy()``, ``Game.to_json()`` / ``Game.from_json()``
- ``parse_action(game, side, text)``, the inverse of ``str(action)``
- ``IllegalAction``, raised for any action that is not legal; the game is left unchanged.
- ``Game.record`` / ``Game.record_json()``: the scenario, the seed and every action in order;
  ``richard3.record.replay(record)`` rebuilds the game from it (``python -m richard3 replay``).
"""

__version__ = "0.1.0"

from .actions import Action, IllegalAction, parse_action  # noqa: E402
from .components import LANCASTER, YORK, load_components  # noqa: E402
from .game import Game, new_game  # noqa: E402
from .scenario import SCENARIO_IDS, ScenarioError, load_scenario  # noqa: E402

__all__ = ["Action", "Game", "IllegalAction", "LANCASTER", "YORK", "SCENARIO_IDS",
           "ScenarioError", "load_components", "load_scenario", "new_game", "parse_action"]
