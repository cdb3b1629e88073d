"""The engine's side of the page, in its one Pyodide: the engine and the AI, in a web worker.

engine-worker.js starts Pyodide in a module worker, writes this file, game_host.py and our wheel
(as richard3.whl) into its working folder and imports this module; the page's MicroPython never
imports the engine. The page calls the functions listed in `__export__` (session.call ->
r3Engine.call in engine.js -> Comlink), with strings and numbers; each answers a string. The
authoritative game lives here (game_host.py); every game call returns a JSON string, and a
failure is returned as {"error": message} rather than raised, so the page can show it plainly.
A decision is one call: act, undo and ai_step answer with the status, the view the page draws
next and the save it stores (game_host.GameHost.answer).
"""

import json
import sys

# Our wheel, downloaded by engine-worker.js, is imported as it is, a zip on sys.path: no package
# manager is loaded, nothing is installed.
sys.path.insert(0, "richard3.whl")

import richard3  # noqa: E402
import richard3.ai  # noqa: E402, F401  (the AI levels, imported now: the first decision is not slowed)

from game_host import GameHost, scenarios as _scenarios

HOST = GameHost()


def version():
    return richard3.__version__


def _call(method, *args):
    try:
        return method(*args)
    except Exception as error:  # IllegalAction, SaveError, anything: the page shows it
        return json.dumps({"error": str(error)})


def scenarios():
    return json.dumps(_scenarios())


def new_game(scenario, seed, controllers_json):
    return _call(HOST.new_game, scenario, seed, json.loads(controllers_json))


def load(text):
    return _call(HOST.load, text)


def status():
    return _call(HOST.status)


def view(side):
    return _call(HOST.view, side)


def act(side, *notations):
    return _call(HOST.act, side, *notations)


def undo(side):
    return _call(HOST.undo, side)


def ai_step(watcher=""):
    return _call(HOST.ai_step, watcher)


def hint(side):
    """{"hint": the best choice's notation, "hints": the top three with their chances}."""
    def answer(s):
        found = HOST.hint(s)
        return json.dumps({"hint": found[0]["notation"] if found else "", "hints": found})
    return _call(answer, side)


def odds(side):
    return _call(lambda s: json.dumps({"odds": HOST.odds(s)}), side)


def thinking():
    """The AI's time per decision so far (for bench/ai_browser.py): [[level, ms], ...]."""
    return json.dumps({"thinking": HOST.thinking})


def replay_open(text="", side=""):
    """The replay of a finished game's file, or of the game held here (game_host)."""
    return _call(HOST.replay_open, text, side)


def replay_view(step, viewpoint, since=-1):
    return _call(HOST.replay_view, step, viewpoint, since)


def replay_close():
    return _call(HOST.replay_close)


def save():
    return _call(lambda: json.dumps({"save": HOST.save()}))


def record():
    """The game's record file as {"record": text} (for "Export game record")."""
    return _call(lambda: json.dumps({"record": HOST.record()}))


__export__ = ["version", "scenarios", "new_game", "load", "status", "view", "act",
              "undo", "ai_step", "hint", "odds", "save", "record", "thinking", "replay_open",
              "replay_view", "replay_close"]
