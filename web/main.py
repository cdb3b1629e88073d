"""The page's Python, on the main thread: the start screen, and the map behind New game.

PyScript runs this file once Pyodide has booted and the richard3 wheel is installed (see
pyscript.json, written by build.py). When Python is ready it fills in the version, enables
#new-game and sets <body data-state="ready">: the tests wait for exactly that. Then it starts
the named worker "ai" (worker.py, with the same pyscript.json): started after the main thread's
boot, the worker finds Pyodide in the browser's cache instead of downloading it a second time.
When the worker answers, #ai-status says so and <body data-ai="ready"> is set.

The start screen does not import the engine (richard3): the version comes from the build's
facts in pyscript.json, and table.py loads the engine's tables when it first draws a table.
"""

import asyncio

from pyscript import config, create_named_worker, document, when, window

import ui


def element(id_):
    return document.getElementById(id_)


async def show_map():
    """Reveal the map view; ui.py loads map.svg into it once."""
    element("start-screen").hidden = True
    element("game").hidden = False
    await ui.ensure_map()


@when("click", "#new-game")
async def on_new_game(event):
    await show_map()
    await ui.open_setup()


@when("click", "#menu")
def on_menu(event):
    element("game").hidden = True
    element("start-screen").hidden = False
    ui.setup()  # the autosave may now exist: offer Continue


async def connect_worker():
    """Start the named worker "ai" and check that it answers."""
    try:
        ai = await create_named_worker(src="worker.py", name="ai", config="pyscript.json")
        if await ai.ping() != "pong":
            raise RuntimeError("unexpected answer from the worker")
        version = await ai.version()
        element("ai-status").textContent = f"AI ready (richard3 {version})"
        document.body.dataset.ai = "ready"
    except Exception as error:  # keep the start screen usable without the AI
        window.console.warn(f"AI worker unavailable: {error}")
        element("ai-status").textContent = "AI unavailable"
        document.body.dataset.ai = "failed"


async def register_service_worker():
    """Let the service worker (sw.js, by Workbox) precache the site for offline play."""
    navigator = window.navigator
    if not hasattr(navigator, "serviceWorker"):  # e.g. plain http on a non-local host
        return
    try:
        await navigator.serviceWorker.register("sw.js")
    except Exception as error:
        window.console.warn(f"Service worker not registered: {error}")


def start():
    element("version").textContent = f"Version {config['richard3']['version']}"
    element("new-game").disabled = False
    ui.setup()
    document.body.dataset.state = "ready"
    window.performance.mark("r3-ready")


start()
_tasks = [asyncio.ensure_future(connect_worker()), asyncio.ensure_future(register_service_worker())]
