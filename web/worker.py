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
# manager is loaded, nothing is installed. (Sun of York's wheel comes later: sunofyork_arrived.)
sys.path.insert(0, "richard3.whl")

import richard3  # noqa: E402
import richard3.ai  # noqa: E402, F401  (the AI levels, imported now: the first decision is not slowed)

from game_host import GameHost, is_soy_save, scenarios as _scenarios

HOST = GameHost()

# --- Sun of York (issue 54): the game held is one of the two games' hosts. Sun of York's host
# (soy_host.py) and its engine (the sunofyork package, in a wheel of its own) are downloaded by
# engine-worker.js only when a call needs them (needs_sunofyork) and handed to
# sunofyork_arrived: a Richard III visit never downloads them, nor imports them.
GAMES = {"richard3": HOST}
SUNOFYORK_WHEEL = "sunofyork.whl"
SOY_HOST = "soy_host.py"


def needs_sunofyork(name, *args):
    """Whether the call `name`(*args) starts, loads or replays a Sun of York game while its
    engine's wheel and its host are not here yet (nor importable otherwise, as in the tests)."""
    if SUNOFYORK_WHEEL in sys.path or "sunofyork" in sys.modules:
        return False
    if name == "new_game":
        wanted = len(args) > 3 and str(args[3]) == "sunofyork"
    elif name in ("load", "replay_open"):
        wanted = bool(args) and is_soy_save(str(args[0]))
    else:
        return False
    if wanted:
        import importlib.util
        return any(importlib.util.find_spec(module) is None
                   for module in ("sunofyork", "soy_host"))
    return False


def sunofyork_arrived(wheel, host):
    """Write the sunofyork wheel's bytes and soy_host.py's (JS Uint8Arrays) beside the richard3
    wheel and worker.py, and put the wheel on sys.path."""
    for path, data in ((SUNOFYORK_WHEEL, wheel), (SOY_HOST, host)):
        with open(path, "wb") as f:
            f.write(data.to_bytes() if hasattr(data, "to_bytes") else bytes(data))
    if SUNOFYORK_WHEEL not in sys.path:
        sys.path.insert(1, SUNOFYORK_WHEEL)
    # soy_host.py is new in a folder whose listing the import system keeps (needs_sunofyork
    # looked for it there). Only the folders' finders: importlib.invalidate_caches() would
    # import importlib.metadata, which needs the `email` package Pyodide leaves out.
    from importlib.machinery import FileFinder
    for finder in list(sys.path_importer_cache.values()):
        if isinstance(finder, FileFinder):
            finder.invalidate_caches()


def _game(name):
    """The host of game `name` ("richard3" or "sunofyork"; Sun of York's made on first use)."""
    if name == "sunofyork" and name not in GAMES:
        import soy_host
        GAMES[name] = soy_host.SoyHost()
    return GAMES.get(name, HOST)


CURRENT = {"host": HOST}
REPLAY = {"host": HOST}   # the host whose replay is open


def _host():
    return CURRENT["host"]
# --- end Sun of York


def version():
    return richard3.__version__


def _call(method, *args):
    try:
        return method(*args)
    except Exception as error:  # IllegalAction, SaveError, anything: the page shows it
        return json.dumps({"error": str(error)})


def scenarios():
    return json.dumps(_scenarios())


def new_game(scenario, seed, controllers_json, game="richard3", options=0, decks_json=""):
    """A new game of `game` ("richard3" or "sunofyork"; `options`: Sun of York's deployment
    option, 4.0; `decks_json`: the deck files a player loaded for it, soy_host.read_decks),
    which the other calls then play."""
    host = _game(str(game))
    extra = (int(options or 0), json.loads(decks_json or "null")) if host is not HOST else ()
    answer = _call(host.new_game, scenario, seed, json.loads(controllers_json), *extra)
    if '"error"' not in answer[:12]:
        CURRENT["host"] = host
    return answer


def load(text):
    """A save of either game: each game's loader refuses the other's saves with a sentence;
    a Sun of York save (game_host.is_soy_save) goes to its host."""
    host = _game("sunofyork") if is_soy_save(text) else HOST
    answer = _call(host.load, text)
    if '"error"' not in answer[:12]:
        CURRENT["host"] = host
    return answer


def status():
    return _call(_host().status)


def view(side):
    return _call(_host().view, side)


def act(side, *notations):
    return _call(_host().act, side, *notations)


def undo(side):
    return _call(_host().undo, side)


def ai_step(watcher=""):
    return _call(_host().ai_step, watcher)


def hint(side):
    """{"hint": the best choice's notation, "hints": the top three with their chances}."""
    def answer(s):
        found = _host().hint(s)
        return json.dumps({"hint": found[0]["notation"] if found else "", "hints": found})
    return _call(answer, side)


def odds(side):
    return _call(lambda s: json.dumps({"odds": _host().odds(s)}), side)


def thinking():
    """The AI's time per decision so far (for bench/ai_browser.py): [[level, ms], ...]."""
    return json.dumps({"thinking": HOST.thinking})


def replay_open(text="", side=""):
    """The replay of a finished game's file (a Sun of York one by its host), or of the game
    held here; the replay's other calls go to the host that opened it."""
    host = (_game("sunofyork") if is_soy_save(text) else HOST) if text else _host()
    REPLAY["host"] = host
    return _call(host.replay_open, text, side)


def replay_view(step, viewpoint, since=-1):
    return _call(REPLAY["host"].replay_view, step, viewpoint, since)


def replay_close():
    return _call(REPLAY["host"].replay_close)


def save():
    return _call(lambda: json.dumps({"save": _host().save()}))


def record():
    """The game's record file as {"record": text} (for "Export game record")."""
    return _call(lambda: json.dumps({"record": _host().record()}))


__export__ = ["version", "scenarios", "new_game", "load", "status", "view", "act",
              "undo", "ai_step", "hint", "odds", "save", "record", "thinking", "replay_open",
              "replay_view", "replay_close"]  # and needs_sunofyork, sunofyork_arrived: engine-worker.js's
