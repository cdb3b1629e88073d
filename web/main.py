"""The page's Python on the main thread, on MicroPython: it loads the table's modules.

PyScript runs this file with MicroPython (`<script type="mpy">` in index.html, settings in
mpy.json, which build.py writes): small and quick to start, so the start screen is usable at
once. It never imports the engine. The engine and the AI live in the one Pyodide of the page,
in a web worker (engine-worker.js and worker.py, through engine.js), which starts with the
first call, ui.connect_engine() (session.py), made once the start screen is usable (so that its start does
not take the CPU from this one's), and which waits for its first answer.

ui.py wires the page's rooms (read its docstring for which module holds what). The table's
modules come as MicroPython bytecode (.mpy, compiled by the build), so importing
them compiles nothing; they are still imported a few to a task, so that no single task keeps
the page from answering for long (the target is 200 ms at most). PyScript's own `pyscript`
package is compiled from source by PyScript before this file runs (the longest task of the
page's start, outside this file).

Hooks (set by ui.py and session.py): <body data-state="ready"> and performance.mark("r3-ready")
when the start screen is usable; <body data-engine="ready"> and performance.mark("r3-engine") when the worker
has the engine and the AI ("failed" if it could not start: the start screen stays usable).
"""

import asyncio


async def boot():
    """Import PyScript's package, then the table's modules, one task each; start the page."""
    await asyncio.sleep(0)
    import pyscript  # noqa: F401
    await asyncio.sleep(0)
    import table  # noqa: F401
    await asyncio.sleep(0)
    import board  # noqa: F401
    import taps  # noqa: F401
    await asyncio.sleep(0)
    import session  # noqa: F401  (and the drawing: tableview, panels, mapview, dom, facts)
    await asyncio.sleep(0)
    import ui
    await asyncio.sleep(0)
    ui.start()
    asyncio.create_task(engine_then_offline(ui))


async def engine_then_offline(ui):
    """Start the engine's worker and wait for it, then let the service worker precache the
    site. Each in turn, so that no start competes with another for the CPU (on a 2-core machine
    each is bound by it); once the engine is up, the files the page fetched are all in the HTTP
    cache."""
    await ui.connect_engine()
    await ui.register_service_worker()


_boot = asyncio.create_task(boot())
