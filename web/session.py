"""The engine session: the calls to the engine's worker, its start, the game's public status and
which side's table is shown, the autosave, and what follows every change of the game
(after_change: the AI's decisions at the chosen pace, then the next decision drawn, the
hand-over screen or the victory).

A decision is one round trip: the worker's act, undo and ai_step each answer with the status,
the view the page draws next and the save (game_host.GameHost.answer), so nothing is asked
again. The page holds only public status and the view of the side shown; the save is an
opaque string handed on to localStorage (it holds hidden state: it is never drawn).
Runs on MicroPython (the page's main thread); see dom.py for what that means here.
"""

import asyncio
import json

from pyscript import document, window

import facts
import saves
import soy_files
import tableview
from dom import clock, el, message, timed

PACES = {"fast": 0, "normal": 0.6, "slow": 1.5}

# "status": the worker's last status(); "shown": the side whose table is up (None: none yet);
# "busy": a decision is being sent; "game_no": counts the games started or loaded (an AI loop
# of an older one stops); "autosaved": the game_no whose autosave is stored (a full storage
# may then drop that older copy to make room).
# "spectator": a game the AI plays on both sides is watched with both sides face up;
# "paused" / "step": the watcher paused the AI, and asked for one decision.
state = {"status": None, "shown": None, "busy": False, "game_no": 0, "autosaved": None,
         "spectator": True, "paused": False, "step": False}

# The worker's engine: set once it has answered (connect_engine).
engine = {"ready": False, "failed": None, "event": asyncio.Event()}


async def call(name, *args):
    """Call a function of the engine's worker (worker.py's __export__, through engine.js);
    return its JSON answer as a dict (errors as {"error": ...})."""
    text = await window.r3Engine.call(name, *args)
    since = clock()
    answer = json.loads(str(text))
    timed("r3-json", since)
    return answer


async def ask(name, *args):
    """call(name, *args), or None after showing the answer's error in #message."""
    answer = await call(name, *args)
    if "error" in answer:
        message(answer["error"], "error")
        return None
    return answer


def reason(error):
    """A failure's reason in one line: MicroPython raises a JS error as JsException(error,
    name, message), and a Python error from the worker has its traceback as the message, of
    which the last line says what went wrong."""
    args = getattr(error, "args", ())
    text = args[2] if len(args) == 3 and isinstance(args[2], str) else str(error)
    lines = text.strip().splitlines()
    return lines[-1] if lines else text


async def connect_engine():
    """Wait for the engine's worker to have the engine and the AI: its first answer."""
    try:
        version = str(await window.r3Engine.call("version"))
        if not version:
            raise RuntimeError("unexpected answer from the worker")
        el("ai-status").textContent = f"Game engine ready (richard3 {version})"
        document.body.dataset.engine = "ready"
        window.performance.mark("r3-engine")
    except Exception as error:  # keep the start screen usable without the engine
        window.console.warn(f"Game engine unavailable: {error}")
        el("ai-status").textContent = "The game engine could not start."
        document.body.dataset.engine = "failed"
        engine["failed"] = reason(error)
    engine["ready"] = engine["failed"] is None
    engine["event"].set()


async def wait_for_engine(button=None):
    """Wait until the worker has the engine; meanwhile `button` (if any) says so. Returns
    False (after saying why) when the engine could not start."""
    if not engine["event"].is_set():
        document.body.dataset.waiting = "engine"
        label = None
        if button is not None:
            label = button.textContent
            button.setAttribute("aria-busy", "true")
            button.textContent = "Loading the engine…"
        await engine["event"].wait()
        document.body.dataset.waiting = ""
        if button is not None:
            button.removeAttribute("aria-busy")
            button.textContent = label
    if engine["failed"]:
        message(f"The game engine could not start ({engine['failed']}). Reload the page.",
                "error")
        return False
    return True


def has_game(unfinished=False):
    """Whether the worker holds a game (`unfinished`: one not over)."""
    st = state["status"]
    return bool(st and st.get("game") and not (unfinished and st.get("over")))


# ------------------------------------------------------------------------------ autosave
def storage():
    """The browser's localStorage through web/storage.js (which turns its exceptions into
    answers: a JS exception cannot be caught here), or None when the browser blocks it."""
    guarded = window.r3Storage
    return saves.open_storage(lambda: guarded if guarded and guarded.usable() else None)


def now_iso():
    """The page's local time as ISO text ("2026-11-23T20:15:07"), for the slot list."""
    now = window.Date.new()
    return saves.iso_date(now.getFullYear(), now.getMonth() + 1, now.getDate(),
                          now.getHours(), now.getMinutes(), now.getSeconds())


def storage_warning(text):
    """The strip under the message: why saving does not work here, with Export offered when
    there is a game (play goes on)."""
    el("storage-warning-text").textContent = text or ""
    el("storage-warning").hidden = not text
    el("warning-export").hidden = not has_game()


def autosave(text):
    """Store the game (the save text of the worker's last answer) after every decision; if the
    storage refuses, say so, offer Export, and let play go on."""
    if not text:
        return
    meta = saves.meta_from_status(state["status"] or {}, now_iso())
    ours = state["autosaved"] == state["game_no"]
    if saves.autosave(storage(), text, meta, ours):
        state["autosaved"] = state["game_no"]
        storage_warning("")
        if not state.get("persist"):  # once a page: ask the browser to keep the saves
            state["persist"] = "asking"
            asyncio.create_task(ask_to_keep())
    else:
        storage_warning(saves.FULL if storage() is not None else saves.OFF)


async def ask_to_keep():
    """Ask the browser to keep this site's storage (navigator.storage.persist, through
    storage.js); the answer ("persisted", "denied", "unsupported") goes in
    <body data-persist> and in storage (saves.PERSIST), where the start screen reads it: saves
    that may be deleted are said so there, once, with Export beside Continue."""
    answer = await window.r3Storage.persist()
    state["persist"] = answer
    document.body.dataset.persist = answer
    saves.put(storage(), saves.PERSIST, answer)


# ---------------------------------------------------------------------------- the loop
def pace_seconds():
    return PACES.get(el("pace").value, 0.6)


def viewer(st):
    """The side whose view to show: a human who must decide, else the last one shown."""
    humans = st["humans"]
    if humans:
        return state["shown"] if state["shown"] in humans else humans[0]
    if state["spectator"] and watching(st):
        return "both"
    if state["shown"]:
        return state["shown"]
    people = [s for s in facts.SIDES if st["controllers"].get(s) == "human"]
    return people[0] if people else facts.SIDES[-1]


def pass_and_play(st):
    return all(who == "human" for who in st["controllers"].values())


async def fetch_view(side):
    """The worker's view for `side`, or None after showing its error."""
    return await ask("view", side)


async def show(side, view=None):
    """Draw `side`'s table from `view` (the last answer's, if it is that side's), else from a
    view asked for now; return the view drawn (None after an error)."""
    if view is None or view.get("viewpoint", view.get("side")) != side:
        view = await fetch_view(side)
        if view is None:
            return None
    state["shown"] = side
    await draw_table(view)
    return view


# --- Sun of York (issue 54): its views are drawn by its own table (soy_table.py), whose files
# soy_files fetches on first use (soy_table imports this module).
async def draw_table(view):
    if soy_files.is_soy(view):
        await (await soy_files.table()).render(view)
    else:
        leave_soy()
        await tableview.render(view)


async def draw_victory(view):
    if soy_files.is_soy(view):
        await (await soy_files.table()).show_victory(view)
    else:
        leave_soy()
        await tableview.show_victory(view)


def leave_soy():
    """Richard III's table is drawn next: Sun of York's steps aside (soy_table.leave) if this
    page has it, else there is nothing of it to clear."""
    soy_table = soy_files.loaded_table()
    if soy_table is not None:
        soy_table.leave()
    else:
        document.body.dataset.game = "richard3"


def draw_handover(side):
    soy_table = soy_files.loaded_table()
    if soy_table is not None:
        soy_table.clear()
    tableview.show_handover(side)


def warm_table(text):
    """If `text` (a save or record the worker is asked to load or replay) is Sun of York's,
    its table's files are fetched and its fonts found meanwhile (soy_files.warm)."""
    if "sunofyork" in text:
        asyncio.create_task(soy_files.warm())
# --- end Sun of York


async def start_game(answer):
    """A new game or a loaded save is in the worker (`answer`: its {"status", "save"}): show
    it from the start, stopping the AI loop of the one before."""
    state["shown"] = None
    state["game_no"] += 1
    state["paused"] = False
    tableview.forget_log()
    await after_change(answer)


async def resume():
    """Back to the game the worker still holds (after Menu), even if the autosave is older (the
    storage refused the last ones): its status and save, then on as after any change."""
    ours = state["autosaved"] == state["game_no"]
    state["game_no"] += 1  # the loop still running for it (an AI playing) stops
    if ours:
        state["autosaved"] = state["game_no"]
    state["shown"] = None
    tableview.forget_log()
    answer = {"status": await call("status"), "save": (await call("save")).get("save")}
    await after_change(answer)


async def after_change(answer):
    """Go on after a change of the game (`answer`: the worker's {"status", "save", "view"}):
    store the save, run the AI's decisions (at a readable pace, one ai_step call each, which
    answers with the shown side's view too) until a human must decide or the game is over,
    then draw what comes next."""
    st = answer["status"]
    state["status"] = st
    document.body.dataset.game = st.get("title") or "richard3"  # Sun of York (issue 54)
    game_no = state["game_no"]
    autosave(answer.get("save"))
    if document.body.getAttribute("data-mode") == "replay":
        return  # a replay is shown: its Close goes on from here (resume)
    show_pause(st)
    view = answer.get("view")
    while st.get("ai_pending") and not st.get("over"):
        if game_no != state["game_no"]:
            return  # a new game or a loaded save took over while the AI was playing
        document.body.dataset.thinking = "yes"
        el("thinking").hidden = False
        thinking = f"{' and '.join(st['active'])} thinking…"
        watcher = ""
        if state["shown"] or not pass_and_play(st):
            watcher = viewer(st)
            view = await show(watcher, view)
            # The newest line of the shown side's log: what just happened, at a readable pace.
            log = view["obs"]["log"] if view else []
            if log:
                thinking += f" Last: {log[-1]}"
        el("thinking").textContent = thinking
        await asyncio.sleep(pace_seconds())
        if not await wait_while_paused(game_no):
            return
        answer = await ask("ai_step", watcher)
        if answer is None:
            break
        st = answer["status"]
        state["status"] = st
        autosave(answer["save"])
        view = answer["view"]
    if game_no != state["game_no"]:
        return  # a replay or another game took over while the last decision was made
    side = viewer(st)
    if st.get("over"):
        view = view if view and view["side"] == side else await fetch_view(side)
        if view is not None:
            await draw_victory(view)
    elif pass_and_play(st) and side != state["shown"]:
        draw_handover(side)
    else:
        await show(side, view)
    show_pause(st)
    # Only now, with the next decision drawn, is the AI's turn over for the page (and tests).
    document.body.dataset.thinking = "no"
    el("thinking").hidden = True


def watching(st):
    """Whether the game is the AI's against itself (the page only watches): Pause and Step."""
    return not any(who == "human" for who in st["controllers"].values())


async def wait_while_paused(game_no):
    """Hold the AI's loop while the watcher has paused it (a Step lets one decision through).
    False when another game took over meanwhile."""
    while state["paused"] and not state["step"] and game_no == state["game_no"]:
        await asyncio.sleep(0.1)
    state["step"] = False
    return game_no == state["game_no"]


def show_pause(st):
    """Pause and Step, for a game the page only watches."""
    el("pause").hidden = not watching(st) or bool(st.get("over"))
    el("step-ai").hidden = el("pause").hidden or not state["paused"]
    el("pause").textContent = "Resume" if state["paused"] else "Pause"
    el("pause").setAttribute("aria-pressed", "true" if state["paused"] else "false")


async def act(side, notations):
    """Send one decision of `side` (its notations, applied in turn: an activation and a move)
    in one call; return the worker's answer, or None after showing its error."""
    return await ask("act", side, *notations)
