"""The replay (issue 26): a game stepped through on the table, from one side's viewpoint or
both, with the balance chart of a finished game; opened from the victory screen, from the
table (Review: a game in progress, from the player's own side), or from a finished game's file
imported on the start screen. Also the shared record as text to copy.

The worker holds the replay (game_host.GameHost.replay_open / replay_view): the page asks for
the view of one step and draws it with the table's own drawing (session.draw_table: the map and
the panels as in play, or Sun of York's battlefield, with no choices). <body data-mode="replay">, data-replay-step (the
actions applied) and data-viewpoint say where it is; the AI's loop of the game in progress is
stopped meanwhile and resumed on Close.

Runs on MicroPython (the page's main thread); see dom.py for what that means here.
"""

import asyncio

from pyscript import document, when, window

import balance
import session
import tableview
from dom import el, js_object, message, nodes, put
from mapview import ensure_map

# "info": replay_open's answer (steps, turns, viewpoints, balance, swings...); "step": the step
# drawn; "wanted": the step asked for (a slider dragged asks faster than the worker answers:
# only the last one is drawn); "viewpoint"; "busy": a view is being fetched; "back": where
# Close goes ("game": the game in progress, "victory", "start").
state = {"info": None, "step": -1, "wanted": 0, "viewpoint": None, "busy": False,
         "back": "start"}

LABELS = {"Lancaster": "Lancaster's view", "York": "York's view", "both": "Both sides face up"}


def active():
    return state["info"] is not None


async def open_replay(text="", side="", back="start"):
    """Open the replay of `text` (a finished game's save or record file) or, with "", of the
    game the worker holds, reviewed by `side`. Returns True when it is open, None for a file
    that is not a finished game (the caller loads it to play, or says why it cannot), False
    after an error (said)."""
    if not await session.wait_for_engine():
        return False
    session.warm_table(text)
    answer = await session.call("replay_open", text, side)
    if "error" in answer:
        if text:   # not a finished game's file: loading it says what it is (or is not)
            return None
        message(answer["error"], "error")
        return False
    info = answer["replay"]
    if info is None:
        return None
    session.state["game_no"] += 1   # an AI loop of the game in progress stops meanwhile
    document.body.dataset.thinking = "no"
    el("thinking").hidden = True
    views = info["viewpoints"]
    state.update(info=info, back=back, step=-1, busy=False,
                 viewpoint="both" if "both" in views else views[0])
    tableview.forget_log()
    if info.get("game") != "sunofyork":   # Sun of York's table has no map
        await ensure_map()
    el("start-screen").hidden = True
    el("play").hidden = False
    document.body.dataset.mode = "replay"
    el("replay").hidden = False
    slider = el("replay-slider")
    slider.max = str(info["steps"])
    for button in nodes("[data-viewpoint-choice]"):
        button.hidden = button.dataset.viewpointChoice not in views
    over = f"{info['winner']} won: {info['reason']}" if info.get("winner") else "In progress"
    el("replay-title").textContent = f"Replay of {info['scenario']}. {over}"
    el("balance").hidden = not info.get("balance")
    el("swings").innerHTML = balance.swings_list(info.get("swings"))
    el("balance-legend").innerHTML = balance.legend() if info.get("balance") else ""
    await go(info["steps"])
    # The replay opens at its controls, not wherever the panel was scrolled (issue 55, 7).
    for _ in range(4):  # the drawing's own tasks come first
        await asyncio.sleep(0)
    el("panel").scrollTop = 0
    el("replay").scrollIntoView(js_object(block="nearest"))
    return True


def draw_chart():
    """The balance chart at the panel's width, the current game turn marked."""
    info = state["info"]
    if not info or not info.get("balance"):
        put("balance", "")
        return
    width = el("panel").clientWidth or 320
    turn = column_of(state["step"])
    # Written only when it changed (the current column): most steps leave it as it is.
    put("balance", balance.chart(info["balance"], turn, max(240, width - 40)))
    # A long game's chart scrolls sideways: keep the current turn in the middle of it (the
    # panel itself is not scrolled).
    box = el("balance")
    n = len(info["balance"])
    if n and box.scrollWidth > box.clientWidth:
        box.scrollLeft = max(0, box.scrollWidth * (turn + 0.5) / n - box.clientWidth / 2)


def column_of(step):
    """The chart's column of `step`: the game turn that ends there, else the one being
    played."""
    for i, t in enumerate(state["info"]["turns"]):
        if t["end"] == step and step > t["start"]:
            return i
    return turn_of(step)


def turn_of(step):
    """The index of the game turn being played at `step`."""
    turns = state["info"]["turns"]
    found = 0
    for i, t in enumerate(turns):
        if t["start"] <= step:
            found = i
    return found


async def go(step):
    """Show `step` (clamped to the game): ask the worker for its view and draw it; while a
    view is being fetched, a newer request only changes the step wanted."""
    info = state["info"]
    if info is None:
        return
    state["wanted"] = max(0, min(int(step), info["steps"]))
    if state["busy"]:
        return
    state["busy"] = True
    try:
        while state["info"] is info and state["wanted"] != state["step"]:
            wanted = state["wanted"]
            view = await session.ask("replay_view", wanted, state["viewpoint"], state["step"])
            if view is None or state["info"] is not info:
                break
            await draw(view, wanted)
    finally:
        state["busy"] = False


async def draw(view, step):
    """Draw the view of `step`: the table as in play (no choices), the controls' state."""
    state["step"] = step
    await session.draw_table(view)   # either game's table (Sun of York's too, issue 54)
    info = state["info"]
    turns = info["turns"]
    column = column_of(step)
    where = turns[column]["label"]
    if turns[column]["end"] == step and step > turns[column]["start"]:
        where = "end of " + where[0].lower() + where[1:]
    body = document.body
    body.dataset.replayStep = str(step)
    body.dataset.viewpoint = state["viewpoint"]
    el("replay-slider").value = str(step)
    el("replay-where").textContent = f"Action {step} of {info['steps']} · {where}"
    el("table-side").textContent = "Replay: " + LABELS[state["viewpoint"]]
    for button in nodes("[data-viewpoint-choice]"):
        button.setAttribute("aria-pressed", "true" if button.dataset.viewpointChoice ==
                            state["viewpoint"] else "false")
    for name, blocked in (("start", step == 0), ("prev-turn", step == 0), ("prev", step == 0),
                          ("next", step == info["steps"]), ("next-turn", step == info["steps"]),
                          ("end", step == info["steps"])):
        document.querySelector(f'[data-replay="{name}"]').disabled = blocked
    draw_chart()


def target_step(name):
    """The step a control of the replay goes to ("start", "prev-turn", "prev", "next",
    "next-turn", "end")."""
    info = state["info"]
    step = state["wanted"] if state["busy"] else state["step"]
    turns = info["turns"]
    here = turn_of(step)
    if name == "start":
        return 0
    if name == "end":
        return info["steps"]
    if name == "prev":
        return step - 1
    if name == "next":
        return step + 1
    if name == "prev-turn":  # the start of this turn, or of the one before if already there
        start = turns[here]["start"]
        return start if step > start else turns[max(0, here - 1)]["start"]
    return turns[here]["end"] if here + 1 >= len(turns) else turns[here + 1]["start"]


@when("click", "#replay")
async def on_replay_click(event):
    if not active():
        return
    control = event.target.closest("[data-replay]")
    if control is not None:
        await go(target_step(control.dataset.replay))
        return
    choice = event.target.closest("[data-viewpoint-choice]")
    if choice is not None and choice.dataset.viewpointChoice != state["viewpoint"]:
        state["viewpoint"] = choice.dataset.viewpointChoice
        tableview.forget_log()   # another side's log: drawn anew, never appended to
        step = state["step"]
        state["step"] = -1   # the same step again, from the other side
        await go(step)
        return
    swing = event.target.closest("[data-step]")
    if swing is not None:   # a turn of the chart, or a turning point
        await go(int(swing.dataset.step))


@when("input", "#replay-slider")
async def on_slider(event):
    if active():
        await go(int(el("replay-slider").value))


# Keys: arrows step an action, Shift+arrows (and Page Up / Down) a game turn, Home and End.
KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "PageUp": "prev-turn",
        "PageDown": "next-turn", "Home": "start", "End": "end"}


@when("keydown", "body")
async def on_key(event):
    if not active() or event.defaultPrevented or \
            document.body.getAttribute("data-mode") != "replay":
        return
    tag = event.target.tagName
    if tag in ("INPUT", "SELECT", "TEXTAREA") or event.target.closest("#map") is not None:
        return
    name = KEYS.get(event.key)
    if name is None:
        return
    if event.shiftKey and name in ("prev", "next"):
        name += "-turn"
    event.preventDefault()
    await go(target_step(name))


async def close():
    """Leave the replay: back to the game in progress (its AI loop on again), the victory
    screen, or the start screen."""
    back = state["back"]
    state["info"] = None
    document.body.dataset.mode = ""
    document.body.dataset.replayStep = ""
    document.body.dataset.viewpoint = ""
    el("replay").hidden = True
    tableview.forget_log()
    await session.call("replay_close")
    if back == "start":
        tableview.clear_table()
        el("play").hidden = True
        el("start-screen").hidden = False
        return
    await session.resume()


@when("click", "#replay-close")
async def on_close(event):
    await close()


@when("click", "#menu")
def on_menu(event):
    """Menu leaves the replay too (the start screen's Continue goes back to the game)."""
    if active():
        state["info"] = None
        document.body.dataset.mode = ""
        el("replay").hidden = True


@when("click", "#victory-replay")
async def on_victory_replay(event):
    await open_replay("", "", "victory")


@when("click", "#review")
async def on_review(event):
    view = tableview.state["view"]
    if view is not None:
        await open_replay("", view["side"], "game")


# ----------------------------------------------------------------------- sharing a record
@when("click", "#copy-record")
async def on_copy_record(event):
    """The finished game's record as text: shown to select, and copied where allowed."""
    answer = await session.call("record")
    if "record" not in answer:
        message(answer.get("error", "There is no record to share."), "error")
        return
    box = el("record-text")
    box.value = answer["record"]
    box.hidden = False
    box.select()
    try:
        await window.navigator.clipboard.writeText(answer["record"])
        message("The game's record is copied: paste it to a friend, who opens it with "
                "Open a shared game.")
    except Exception:  # no clipboard here (a browser that refuses): the text is selected
        message("Select the record's text and copy it to share the game.")
