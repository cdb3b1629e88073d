"""Sun of York's files for the page, fetched the first time a Sun of York game needs them.

A Richard III visitor never downloads them (issue 54: the start screen's bytes): the modules of
Sun of York's table (soy_table.py and soy_cards.py, as MicroPython bytecode), its stylesheet
and its page data (the scenarios New game lists) lie in a folder of their own, named by their
content hash (build.gather_soy_files; mpy.json's "sunofyork" section names it and them), and
are left out of the service worker's precache. New game's Game choice (startscreen.py) and the
first drawing of a Sun of York view (session.py: a game started, loaded or replayed) fetch them;
the service worker keeps them then, as it keeps the sunofyork wheel the engine's worker fetches
at the same time, so that Sun of York, once played, starts offline too.

Runs on MicroPython (the page's main thread); see dom.py.
"""

import asyncio
import json
import sys

from pyscript import config, document, fetch

#: Sun of York's page data (soy_host.page_data: "scenarios", ...), once fetched.
DATA = {}
_fetching = asyncio.Lock()   # a second caller waits for the first one's fetch


def is_soy(view):
    """Whether `view` is a Sun of York one (drawn by soy_table)."""
    return view.get("game") == "sunofyork"


def loaded_table():
    """soy_table if it was imported, else None (nothing of Sun of York drawn yet to clear)."""
    return sys.modules.get("soy_table")


async def load():
    """Fetch Sun of York's files unless this page has them: the table's modules are written
    beside the others (where PyScript writes mpy.json's "files") and imported, the stylesheet
    put in the page, the data kept in DATA. Raises what the fetch raised if one could not be
    fetched (offline before any Sun of York game), and the next call tries again."""
    async with _fetching:
        if DATA:
            return
        section = config["sunofyork"]
        folder = section["folder"]
        texts = await asyncio.gather(fetch(folder + section["css"]).text(),
                                     fetch(folder + section["data"]).text(),
                                     *[fetch(folder + name).bytearray()
                                       for name in section["modules"]])
        css, data, modules = texts[0], texts[1], texts[2:]
        for name, code in zip(section["modules"], modules):
            with open(name, "wb") as f:
                f.write(code)
        style = document.createElement("style")
        style.textContent = css
        document.head.append(style)
        import soy_table  # noqa: F401  (compiled now, and its handlers registered)
        DATA.update(json.loads(data))


async def table():
    """The soy_table module, its files fetched first if need be (load)."""
    await load()
    import soy_table
    return soy_table


async def warm():
    """Fetch the files if need be, then let the table find its fonts before its first drawing
    (soy_table.warm). A failed fetch is left to the drawing that needs the files to report."""
    try:
        module = await table()
    except Exception:
        return
    await module.warm()
