"""The page's elements, for every room of the main thread: finding them, writing HTML into them
only when it changed (put), the message line, which of the table's screens is shown, the
drawing counter, the drawing's timed steps (?timing), downloads.

Runs on MicroPython (the page's main thread; see main.py): JS null arrives as None, a NodeList
is walked by index (`nodes(selector)`), and a JS exception cannot be caught here.
"""

from pyscript import document, window
from pyscript.ffi import to_js

# How many drawings the page has made: <body data-view>, which tests and tools wait on.
drawings = {"count": 0}
# The HTML last written into each element by put() (an element whose HTML is unchanged is not
# written again: each write is parsed, styled and laid out on the main thread).
written = {}


def el(id_):
    return document.getElementById(id_)


def put(id_, html):
    """Write `html` into the element `id_` unless put() wrote it there last."""
    if written.get(id_) != html:
        written[id_] = html
        el(id_).innerHTML = html


def forget(id_=None):
    """The element `id_` (None: every one) was emptied or changed by another hand (the card's
    confirm strip, the odds, a hint): the next put() writes it again."""
    if id_ is None:
        written.clear()
    else:
        written.pop(id_, None)


def nodes(selector):
    """The elements matching `selector`, as a Python list (a NodeList walked by index)."""
    found = document.querySelectorAll(selector)
    return [found.item(i) for i in range(found.length)]


def js_object(**fields):
    """A plain JS object (pyscript.ffi.to_js turns a dict into an Object on both interpreters)."""
    return to_js(fields)


def url_param(name):
    return window.URLSearchParams.new(window.location.search).get(name)


# `?timing` in the URL: the steps of each drawing are performance measures ("r3-..."), which
# bench/table_browser.py reads; without it, none is made.
TIMING = url_param("timing") is not None


def clock():
    """performance.now() when the steps are timed (?timing), else 0."""
    return window.performance.now() if TIMING else 0


def timed(name, since):
    """A performance measure `name` from `since` (clock()) to now, when steps are timed."""
    if TIMING:
        window.performance.measure(name, js_object(start=since))


def next_task():
    """An awaitable that goes on in a browser task of its own (a timer's), after the browser
    has run what waited meanwhile: on MicroPython `asyncio.sleep(0)`, or a sleep whose time
    has passed, goes on in the same task (its loop runs every Python task that is ready)."""
    return window.Promise.new(lambda resolve, reject: window.setTimeout(resolve, 0))


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
