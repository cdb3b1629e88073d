"""The page on the main thread, wired: main.py imports this module (which imports every room,
so that their handlers are registered), then calls start(), connect_engine() and
register_service_worker().

The rooms, each with its own small state:
- session.py: the calls to the engine's worker, the game's status and which side is shown,
  the AI loop, the autosave (one round trip a decision);
- tableview.py and mapview.py: the table of the side shown, the selection on the map, the
  drawing; clicks.py: the taps and clicks that make the decisions;
- startscreen.py and savescreens.py: the start and new-game screens, Continue, loading,
  slots, import and export, refused saves; replay.py: the replay of a game and its balance
  chart (balance.py);
- facts.py: the build's page data (the rules' facts the page draws with); dom.py: the page's
  elements; table.py, panels.py, board.py, taps.py: pure drawing and the meaning of taps;
- soy_files.py: Sun of York's table (soy_table.py, soy_cards.py), its stylesheet and data,
  fetched the first time a Sun of York game needs them (issue 54), not at the page's start.

The game itself lives in the worker (worker.py / game_host.py, on Pyodide). The main thread
only ever holds public status and the view of the one side being shown, and sends back the
notation of the clicked control. Saves are opaque strings handed from the worker to
localStorage and back: they hold hidden state, so they are never put into the page.
Runs on MicroPython (the page's main thread; see main.py and dom.py).
"""

from pyscript import config, document, window

import clicks  # noqa: F401  (its handlers)
import facts
import savescreens  # noqa: F401  (its handlers)
import session
import startscreen
from dom import el

connect_engine = session.connect_engine


async def register_service_worker():
    """Let the service worker (sw.js, by Workbox) precache the site for offline play."""
    navigator = window.navigator
    if not navigator.serviceWorker:  # e.g. plain http on a non-local host
        return
    try:
        await navigator.serviceWorker.register("sw.js")
    except Exception as error:
        window.console.warn(f"Service worker not registered: {error}")


def start():
    """Make the start screen usable (main.py calls this once the modules are imported)."""
    built = config["richard3"]
    facts.set_data(built["data"])
    el("version").textContent = f"Version {built['version']}"
    el("new-game").disabled = False
    el("ai-status").textContent = "Loading the game engine…"
    startscreen.setup()
    document.body.dataset.state = "ready"
    window.performance.mark("r3-ready")
