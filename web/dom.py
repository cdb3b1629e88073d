"""The page's elements, for every room of the main thread: finding them, the message line, which
of the table's screens is shown, the drawing counter, downloads.

Runs on MicroPython (the page's main thread; see main.py): JS null arrives as None, a NodeList
is walked by index (`nodes(selector)`), and a JS exception cannot be caught here.
"""

from pyscript import document, window
from pyscript.ffi import to_js

# How many drawings the page has made: <body data-view>, which tests and tools wait on.
drawings = {"count": 0}


def el(id_):
    return document.getElementById(id_)


def nodes(selector):
    """The elements matching `selector`, as a Python list (a NodeList walked by index)."""
    found = document.querySelectorAll(selector)
    return [found.item(i) for i in range(found.length)]


def js_object(**fields):
    """A plain JS object (pyscript.ffi.to_js turns a dict into an Object on both interpreters)."""
    return to_js(fields)


def url_param(name):
    return window.URLSearchParams.new(window.location.search).get(name)


def message(text, kind="info"):
    box = el("message")
    box.textContent = text or ""
    box.dataset.kind = kind
    box.hidden = not text


def drawn():
    """Count a drawing: <body data-view> changes with every one (tests and tools wait for it
    after a click)."""
    drawings["count"] += 1
    document.body.dataset.view = str(drawings["count"])


def show_only(section):
    """Show one of the table's screens: setup, handover, table or victory. A screen that
    comes in place of another starts at the panel's top (the new-game form scrolled to its
    Start button must not leave the table's prompt scrolled away)."""
    if document.body.getAttribute("data-screen") != section:
        el("panel").scrollTop = 0
    for name in ("setup", "handover", "table", "victory"):
        el(name).hidden = name != section
    document.body.dataset.screen = section
    drawn()


def download(text, filename, mime):
    """Offer `text` as a file download (a blob: URL of this origin, no request leaves it)."""
    blob = window.Blob.new(to_js([text]), js_object(type=mime))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    link.click()
    window.URL.revokeObjectURL(url)
