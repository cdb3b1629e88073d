"""The table on the main thread: new game, play, AI pace, hand-over, saves, victory.

Runs on MicroPython (the page's main thread; see main.py). The game itself lives in the worker
(worker.py / game_host.py, on Pyodide). This module only ever holds public status and the view
of the one side being shown, renders it with table.py, and sends back the notation of the
clicked control. Saves are opaque strings handed from the worker to localStorage and back: they
hold hidden state, so they are never put into the page.

MicroPython's rules apply here as in table.py (no `{**d}`, dicts unordered); JS null arrives
as None, and a NodeList is walked by index (`nodes(selector)`).
"""

import asyncio
import json

from pyscript import config, document, when, window
from pyscript.ffi import to_js

import board
import facts
import panels
import saves
import table
import taps
from facts import SIDES

PACES = {"fast": 0, "normal": 0.6, "slow": 1.5}

state = {"status": None, "shown": None, "busy": False, "view": None, "renders": 0,
         "game_no": 0, "selected": None, "group": None, "targets": {}, "geo": None,
         "autosaved": None, "previous": None, "refused": None}
# "autosaved": the game_no whose autosave is stored (a full storage may then drop that older
# copy to make room); "previous": (save text, meta) of a replaced unfinished game held in the
# page because the storage refused it (saves.py); "refused": the text of a save the engine
# refused, offered for export.

# The worker's engine: set once it has answered (see main.py's connect_engine).
engine = {"ready": False, "failed": None, "event": asyncio.Event()}


def js_object(**fields):
    """A plain JS object (pyscript.ffi.to_js turns a dict into an Object on both interpreters)."""
    return to_js(fields)


def nodes(selector):
    """The elements matching `selector`, as a Python list (a NodeList walked by index)."""
    found = document.querySelectorAll(selector)
    return [found.item(i) for i in range(found.length)]


def engine_ready(version=None, error=None):
    """Called by main.py when the worker has the engine and the AI (or failed to start)."""
    engine["ready"] = error is None
    engine["failed"] = error
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


def el(id_):
    return document.getElementById(id_)


def url_param(name):
    return window.URLSearchParams.new(window.location.search).get(name)


def pace_seconds():
    choice = el("pace").value
    return PACES.get(choice, 0.6)


async def call(name, *args):
    """Call a function of the engine's worker (worker.py's __export__, through engine.js);
    return its JSON answer as a dict (errors as {"error": ...})."""
    text = await window.r3Engine.call(name, *args)
    return json.loads(str(text))


def message(text, kind="info"):
    box = el("message")
    box.textContent = text or ""
    box.dataset.kind = kind
    box.hidden = not text


def show_only(section):
    """Show one of the table's screens: setup, handover, table or victory."""
    for name in ("setup", "handover", "table", "victory"):
        el(name).hidden = name != section
    document.body.dataset.screen = section
    # A counter that changes with every drawing: tests and tools wait for it after a click.
    state["renders"] += 1
    document.body.dataset.view = str(state["renders"])


# ------------------------------------------------------------------------------- new game
async def open_setup():
    """The new-game screen: the scenarios come from the build's data, not from the engine, so it
    works while the worker is still starting."""
    if not el("scenario").innerHTML:
        el("scenario").innerHTML = "".join(
            f'<option value="{table.e(s["id"])}">{table.e(s["id"])}: {table.e(s["name"])}</option>'
            for s in facts.DATA["scenarios"])
        el("scenario").value = "1483"
    show_history()
    show_only("setup")


def show_history(event=None):
    for s in facts.DATA["scenarios"]:
        if s["id"] == el("scenario").value:
            el("history").textContent = s["history"]


@when("change", "#scenario")
def on_scenario(event):
    show_history()


@when("click", "#start-game")
async def on_start_game(event):
    if state["busy"] or el("start-game").getAttribute("aria-busy") == "true":
        return
    if not await wait_for_engine(el("start-game")):
        return
    controllers = {}
    for side in SIDES:
        controllers[side] = el("player-" + side.lower()).value
    current = await current_unfinished()
    st = await call("new_game", el("scenario").value, el("seed").value.strip(),
                    json.dumps(controllers))
    if "error" in st:
        message(st["error"], "error")
        return
    refuse_save(None)
    message(keep_previous_game(current))
    state["shown"] = None
    state["game_no"] += 1
    await after_change(st)


@when("click", "#continue")
async def on_continue(event):
    st = state["status"]
    if st and st.get("game") and not st.get("over"):
        # The worker still holds the game (the player went to the menu): go back to it, even
        # if the autosave is older (the storage refused the last ones).
        ours = state["autosaved"] == state["game_no"]
        state["game_no"] += 1  # the loop still running for it (an AI playing) stops
        if ours:
            state["autosaved"] = state["game_no"]
        state["shown"] = None
        await show_map()
        await after_change(await call("status"))
        return
    text = saves.get(storage(), saves.AUTOSAVE)
    if text:
        await load_save(text, keep=True)


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
    st = state["status"]
    el("warning-export").hidden = not (st and st.get("game"))


async def current_unfinished():
    """(save text, meta) of the worker's game if it is unfinished, else None: kept as the
    previous game when a new game, a slot or an import replaces it."""
    st = state["status"]
    if not st or not st.get("game") or st.get("over"):
        return None
    answer = await call("save")
    if "save" not in answer:
        return None
    return answer["save"], saves.meta_from_status(st, now_iso())


def keep_previous_game(current, incoming=None):
    """The game was just replaced: keep the unfinished one it replaced (saves.keep_previous;
    in the page only if the storage refuses it). Returns the sentence for the player."""
    kept = saves.keep_previous(storage(), current, incoming)
    if kept and kept.get("failed") and current is not None:
        state["previous"] = current
        kept["memory"] = True
    elif kept:
        state["previous"] = None
    list_slots()
    return saves.kept_message(kept)


async def load_save(text, keep=False):
    """Load a save into the worker; a refused save changes nothing, stored saves included.
    `keep`: Continue (the autosave itself), else an unfinished game replaced is kept. A save
    rebuilt from its record says so in one line; a refused one is offered for export (and a
    refused autosave moved to a slot of its own, so no autosave overwrites it)."""
    if not await wait_for_engine():
        return False
    current = None if keep else await current_unfinished()
    st = await call("load", text)
    if "error" in st:
        refuse_save(st["error"], text, keep)
        return False
    refuse_save(None)
    said = "" if keep else ("Game loaded. " + keep_previous_game(current, text)).strip()
    message((st.get("recovered", "") + " " + said).strip())
    await ensure_map()
    state["shown"] = None
    state["game_no"] += 1
    el("start-screen").hidden = True
    el("game").hidden = False
    await after_change(st)
    return True


def refuse_save(error, text=None, autosaved=False):
    """Say why a save cannot be loaded and offer it for export (`text`, kept in the page for
    the #refused-export button); an autosave refused is first moved to a named slot. None
    clears the offer."""
    state["refused"] = text
    el("refused-save").hidden = text is None
    if text is None:
        return
    kept = saves.keep_refused(storage(), text, now_iso()) if autosaved else None
    if kept:
        list_slots()
        el("continue").hidden = True      # the autosave is now that slot
    where = f" It is kept in Saves as “{kept}”." if kept else " Your saves are unchanged."
    message(error + where, "error")


@when("click", "#refused-export")
def on_refused_export(event):
    if state.get("refused"):
        download(state["refused"], "richard3-unreadable-save.json", "application/json")


# ------------------------------------------------------------------------------ the map
async def ensure_map():
    """Load map.svg into #map once (build.py says whether it exists) and read its geometry:
    each area's block slots (for the centre of its stack), the boxes' slots, and the midpoint
    of every border (for "used / limit" labels)."""
    holder = el("map")
    if holder.hasAttribute("data-loaded"):
        return
    holder.dataset.loaded = "yes"
    name = config.get("richard3", {}).get("map")
    if not name:
        holder.innerHTML = '<p class="map-missing">The map is not drawn yet.</p>'
        return
    response = await window.fetch(name)
    holder.innerHTML = await response.text()
    await asyncio.sleep(0)  # the map's parse and layout in one task, reading it in the next
    meta = {"areas": {}, "boxes": {}}
    for group in nodes("#map [data-slots-for]"):
        key = group.dataset.slotsFor
        anchors = [[float(c.getAttribute("cx")), float(c.getAttribute("cy"))]
                   for c in nodes(f'#map [data-slots-for="{key}"] [data-slot]')]
        meta["boxes" if ":" in key else "areas"][key] = {"slots": anchors}
    borders = {}
    for path in nodes("#map [data-border]"):
        middle = path.getPointAtLength(path.getTotalLength() / 2)
        borders[path.dataset.border] = (middle.x, middle.y)
    state["geo"] = board.Geometry(meta, borders)
    # The map holds controls now (areas, blocks): a labelled group, not a picture.
    svg = document.querySelector("#map svg")
    svg.setAttribute("role", "group")
    svg.setAttribute("aria-label", "The map: tap one of your blocks, then a lit area")
    for area in nodes("#map [data-area]"):  # focusable, labelled, reachable by keyboard
        area.setAttribute("tabindex", "0")
        area.setAttribute("role", "button")
        area.setAttribute("aria-label", area.dataset.area)
    # Pinch-zoom, pan, wheel zoom and the zoom buttons (web/mapzoom.js, Panzoom).
    if window.r3MapZoom:  # undefined (falsy) if mapzoom.js did not load
        window.r3MapZoom.attach()


def draw_map(view):
    """Redraw the map's layers for `view` (blocks, borders in use, what the other side did) and
    mark the areas: activated, and the targets of the selection. None clears them."""
    svg = document.querySelector("#map svg")
    if svg is None:
        return
    for layer in nodes("#map svg .r3-layer"):
        layer.remove()
    for area in nodes("#map [data-target], #map [data-activated], #map [data-selected]"):
        area.removeAttribute("data-target")
        area.removeAttribute("data-activated")
        area.removeAttribute("data-selected")
        area.setAttribute("aria-label", area.dataset.area)
    geo = state["geo"]
    if view is None or geo is None:
        return
    marks = {"selected": state["selected"], "movable": taps.movable_blocks(view)}
    obs = view["obs"]
    limits = facts.DATA.get("borders") or {}
    svg.insertAdjacentHTML("beforeend", '<g class="r3-layer">'
                           + board.since_layer(view.get("since") or [], geo)
                           + board.borders_layer(obs, geo, limits)
                           + board.blocks_layer(view, geo, marks) + "</g>")
    for name in obs.get("activated") or []:
        area = document.querySelector(f'#map [data-area="{name}"]')
        if area is not None:
            area.setAttribute("data-activated", "")
    for name in state["targets"]:
        area = document.querySelector(f'#map [data-area="{name}"]')
        if area is not None:
            area.setAttribute("data-target", "")
            area.setAttribute("aria-label",
                              f"{name}: {taps.target_prompt(state['targets'][name][0])}")
    if state["group"]:
        area = document.querySelector(f'#map [data-area="{state["group"]}"]')
        if area is not None:
            area.setAttribute("data-selected", "")
    for cell in nodes("#map [data-track]"):
        track, value = cell.dataset.track, cell.dataset.value
        current = str(obs.get("campaign") if track == "campaign" else obs.get("turn"))
        cell.classList.toggle("is-current", value == current)


def select_block(block):
    """Select an own block (None: clear): its target areas get highlighted. With nothing
    selected, the areas a choice is made by tapping (Muster, Plague, the next battle) are."""
    view = state["view"]
    state["group"] = None
    state["selected"] = block
    state["targets"] = {}
    if block and view:
        options = taps.block_options(view, block)
        state["targets"] = {a: [options["targets"][a]] for a in options["targets"]}
    elif view:
        direct = taps.area_choices(view)
        state["targets"] = {a: [direct[a]] for a in direct}
    redraw()


def select_area(area):
    """Select every movable own block of `area` together (a group move)."""
    group = taps.area_group(state["view"], area)
    if len(group["blocks"]) == 1:
        select_block(group["blocks"][0])
        return
    state["selected"] = None
    state["group"] = area if group["targets"] else None
    state["targets"] = group["targets"]
    redraw()


def redraw():
    """Draw the current view again (the selection changed): map, prompt and choices."""
    view = state["view"]
    if view is None:
        return
    draw_map(view)
    draw_panel(view)
    state["renders"] += 1
    document.body.dataset.view = str(state["renders"])


def selection_prompt(view):
    """The prompt for the current selection, or the decision's own prompt."""
    if state["selected"]:
        label = (facts.block(state["selected"]) or {}).get("label", state["selected"])
        if state["targets"]:
            firsts = [state["targets"][a][0] for a in sorted(state["targets"])]
            activation = next((c for c in firsts if c.get("activates")), None)
            extra = (f" Moving from {activation['activates']} activates it: 1 AP."
                     if activation else "")
            if view["obs"].get("phase") == "battle":
                return (f"{view.get('prompt') or ''} Tap a highlighted area to move {label} "
                        f"there (a retreat or regroup), or choose on the battle board.")
            if view["obs"].get("phase") != "action":
                return f"{view.get('prompt') or ''} {label}: tap a highlighted area."
            return f"{label}: tap a highlighted area to go there.{extra}"
        return f"{label}: choose below what it does."
    if state["targets"]:
        return (view.get("prompt") or table.prompt(view)) + " Tap a highlighted area."
    if view["obs"].get("phase") == "battle" and any(
            c.get("to") for c in view.get("choices") or [] if c.get("block")):
        return ((view.get("prompt") or "") + " Tap one of your blocks with a gold edge, then "
                "a highlighted area to move it there.")
    if state["group"]:
        return (f"Your blocks in {state['group']}: tap a highlighted area to move them all "
                f"there, or tap one block to move it alone.")
    return view.get("prompt") or table.prompt(view)


def draw_panel(view):
    """The side panel's prompt, contextual choices and the full list (#all-choices)."""
    el("prompt").innerHTML = table.link_rules(selection_prompt(view))
    shown, more = taps.panel_choices(view, state["selected"], panels.BATTLE_KINDS)
    buttons = "".join(
        f'<button type="button" class="choice kind-{table.e(c["kind"])}" '
        f'data-action="{table.e(c["notation"])}">{table.e(c["text"])}</button>'
        + (f'<span class="choice-note">{table.link_rules(c["note"])}</span>'
           if c.get("note") and c["kind"] in ("charge", "treachery", "retreat", "end") else "")
        for c in shown)
    if more:
        buttons += f'<p class="muted">{more} more in the list below.</p>'
    el("choices").innerHTML = buttons
    el("actions").innerHTML = table.all_choices(view)


# ---------------------------------------------------------------------------- the loop
async def autosave():
    """Store the game after every decision; if the storage refuses, say so, offer Export, and
    let play go on."""
    answer = await call("save")
    if "save" not in answer:
        return
    meta = saves.meta_from_status(state["status"] or {}, now_iso())
    ours = state["autosaved"] == state["game_no"]
    if saves.autosave(storage(), answer["save"], meta, ours):
        state["autosaved"] = state["game_no"]
        storage_warning("")
    else:
        storage_warning(saves.FULL if storage() is not None else saves.OFF)


def viewer(st):
    """The side whose view to show: a human who must decide, else the last one shown."""
    humans = st["humans"]
    if humans:
        return state["shown"] if state["shown"] in humans else humans[0]
    if state["shown"]:
        return state["shown"]
    people = [s for s in SIDES if st["controllers"].get(s) == "human"]
    return people[0] if people else SIDES[-1]


def pass_and_play(st):
    return all(who == "human" for who in st["controllers"].values())


async def after_change(st):
    """Run AI decisions (at a readable pace) until a human must decide or the game is over."""
    state["status"] = st
    game_no = state["game_no"]
    await autosave()
    while st.get("ai_pending") and not st.get("over"):
        if game_no != state["game_no"]:
            return  # a new game or a loaded save took over while the AI was playing
        document.body.dataset.thinking = "yes"
        el("thinking").hidden = False
        thinking = f"{' and '.join(st['active'])} thinking…"
        if state["shown"] or not pass_and_play(st):
            await render(viewer(st))
            # The newest line of the shown side's log: what just happened, at a readable pace.
            log = state["view"]["obs"]["log"] if state["view"] else []
            if log:
                thinking += f" Last: {log[-1]}"
        el("thinking").textContent = thinking
        await asyncio.sleep(pace_seconds())
        st = await call("ai_step")
        if "error" in st:
            message(st["error"], "error")
            break
        state["status"] = st
        await autosave()
    side = viewer(st)
    if st.get("over"):
        await show_victory(side)
    elif pass_and_play(st) and side != state["shown"]:
        show_handover(side)
    else:
        await render(side)
    # Only now, with the next decision drawn, is the AI's turn over for the page (and tests).
    document.body.dataset.thinking = "no"
    el("thinking").hidden = True


def clear_table():
    """Remove everything private from the page (before a hand-over)."""
    for id_ in ("actions", "choices", "hand", "boxes", "politics", "log", "battle", "status-bar",
                "since"):
        el(id_).innerHTML = ""
    el("prompt").textContent = ""
    el("ap-box").textContent = ""
    state["view"] = None
    state["selected"] = state["group"] = None
    state["targets"] = {}
    draw_map(None)


def show_handover(side):
    clear_table()
    el("table-side").textContent = ""
    document.body.dataset.side = ""
    el("handover-title").textContent = f"Pass to {side}"
    el("handover-go").textContent = f"I am {side}: show my side"
    el("handover-go").dataset.side = side
    show_only("handover")
    el("handover-go").focus()


@when("click", "#handover-go")
async def on_handover(event):
    side = el("handover-go").dataset.side
    state["shown"] = side
    await render(side)


async def fetch_view(side):
    """The worker's view for `side` (kept in state["view"]), or None after showing its error."""
    view = await call("view", side)
    if "error" in view:
        message(view["error"], "error")
        return None
    state["view"] = view
    return view


async def render(side):
    view = await fetch_view(side)
    if view is None:
        return
    state["shown"] = side
    state["selected"] = state["group"] = None
    direct = taps.area_choices(view)
    state["targets"] = {a: [direct[a]] for a in direct}
    # One block that may go somewhere (a retreat or regroup in a battle): selected at once, so
    # its areas are lit and the battle board keeps only what is not a move.
    lone = taps.lone_mover(view)
    if lone:
        options = taps.block_options(view, lone)
        state["selected"] = lone
        state["targets"] = {a: [options["targets"][a]] for a in options["targets"]}
    obs = view["obs"]
    el("status-bar").innerHTML = table.status_bar(obs)
    el("prompt").classList.toggle("highlight", obs["phase"] in table.HIGHLIGHT_PHASES
                                  and bool(view["actions"]))
    draw_map(view)
    draw_panel(view)
    # The map and the choices first, the side panels in a task of their own: the page answers
    # in between, and no single task of the drawing runs long on a slow device.
    await asyncio.sleep(0)
    if state["view"] is not view:
        return  # drawn again meanwhile (a newer view): that drawing finishes the table
    el("since").innerHTML = table.since_panel(view.get("since") or [])
    choices = view.get("choices") or []
    el("hand").innerHTML = (panels.mulligan_panel(obs, choices) + panels.reveal_panel(obs)
                            + panels.hand_panel(obs, choices))
    el("boxes").innerHTML = table.boxes_panel(obs)
    el("politics").innerHTML = table.usurpation_panel(view)
    # Retreats and regroups are made on the map (tap the block, then the area), not as a
    # button per area on the battle board.
    el("battle").innerHTML = panels.battle_board(obs, taps.without_area_moves(choices))
    el("log").innerHTML = panels.log_panel(view.get("log_plain") or [])
    el("log").scrollTop = el("log").scrollHeight
    el("undo").disabled = not view.get("can_undo")
    el("hint").disabled = not view["actions"]
    el("table-side").textContent = f"You are {side}"
    el("ap-box").textContent = (f"AP left: {obs.get('ap', 0)}" if obs["phase"] == "action"
                                and obs.get("acting") == side else "")
    # The drawing replaced the focused button: give keyboard users a place to go on from.
    focused = document.activeElement
    if focused is None or focused.tagName == "BODY":
        el("prompt").focus(js_object(preventScroll=True))
    document.body.dataset.side = side
    document.body.dataset.phase = obs["phase"]
    show_only("table")


async def show_victory(side):
    view = await fetch_view(side)
    if view is None:
        return
    el("victory-text").innerHTML = panels.victory_panel(view)
    el("victory-log").innerHTML = ('<h3>Log</h3><ol class="log" tabindex="0" aria-label="Game log">'
                                   + panels.log_panel(view.get("log_plain") or [], limit=100000)
                                   + "</ol>")
    el("prompt").textContent = table.prompt(view)
    state["selected"] = state["group"] = None
    state["targets"] = {}
    draw_map(view)  # the final map
    document.body.dataset.phase = view["obs"]["phase"]
    show_only("victory")


@when("click", "#table")
async def on_table_click(event):
    if event.target.id == "odds" and state["view"] is not None:
        await on_odds()  # the odds button is redrawn with the battle board, so delegate
        return
    if state["view"] is None:
        return
    card = event.target.closest("[data-choose]")
    if card is not None:  # a card of the hand: ask to confirm (the strip's Play decides)
        choice = panels.find_choice(state["view"].get("choices") or [], card.dataset.choose)
        strip = document.querySelector(".card-confirm")
        if strip is not None:
            strip.remove()
        hand = card.closest(".hand-panel")
        hand.classList.add("choosing")  # the strip stands in for the cards until answered
        hand.insertAdjacentHTML("afterbegin", panels.confirm_card(choice))
        confirm = document.querySelector(".card-confirm [data-confirm]")
        if confirm is not None:
            confirm.focus()
        return
    if event.target.closest("[data-cancel]") is not None:
        strip = document.querySelector(".card-confirm")
        if strip is not None:
            strip.closest(".hand-panel").classList.remove("choosing")
            strip.remove()
        return
    target = event.target.closest("[data-action]")
    # closest() gives null (None) for a click beside every control.
    if target is None or not hasattr(target, "dataset"):
        return
    await decide([target.dataset.action])


async def decide(notations):
    """Send the notations in turn for the side shown, then go on (AI, hand-over, drawing)."""
    if state["busy"] or state["view"] is None:
        return
    side = state["view"]["side"]
    state["busy"] = True
    try:
        st = None
        for notation in notations:
            st = await call("act", side, notation)
            if "error" in st:
                message(st["error"], "error")
                return
        message("")
        await after_change(st)
    finally:
        state["busy"] = False


async def move_group(area, choices):
    """Move each block of a group to `area`: the first choice as listed, then each next block's
    own choice from a fresh view (the area is active by then: no second activation)."""
    side = state["view"]["side"]
    blocks = [c["block"] for c in choices]
    state["busy"] = True
    try:
        st = None
        for i, block in enumerate(blocks):
            if i:
                view = await fetch_view(side)
                if view is None:
                    break
                choice = taps.block_options(view, block)["targets"].get(area)
                if choice is None:
                    break  # e.g. the border's limit is reached: the rest stay
            else:
                choice = choices[0]
            notation = choice["notation"]
            for one in (notation if isinstance(notation, list) else [notation]):
                st = await call("act", side, one)
                if "error" in st:
                    message(st["error"], "error")
                    return
        message("")
        if st is not None:
            await after_change(st)
    finally:
        state["busy"] = False


@when("click", "#map")
async def on_map_click(event):
    await map_tap(event.target)


@when("keydown", "#map")
async def on_map_key(event):
    if event.key in ("Enter", " "):
        event.preventDefault()
        await map_tap(event.target)


async def map_tap(element):
    """A tap on the map: an own block selects it (again: clears); a highlighted area makes the
    move; an area of one's own selects its blocks together; anything else clears."""
    view = state["view"]
    if view is None or state["busy"] or not hasattr(element, "closest"):
        return
    block = element.closest("[data-block], [data-enemy-block]")
    if block is not None and block.dataset.where in state["targets"]:
        element = document.querySelector(f'#map [data-area="{block.dataset.where}"]')
        block = None  # a block in a highlighted area: the tap is for the area
    if block is not None and block.hasAttribute("data-block"):
        name = block.dataset.block
        select_block(None if name == state["selected"] else name)
        return
    area = element.closest("[data-area]")
    if area is None:
        select_block(None)
        return
    name = area.dataset.area
    if name in state["targets"]:
        choices = state["targets"][name]
        if len(choices) > 1:
            await move_group(name, choices)
        else:
            notation = choices[0]["notation"]
            await decide(notation if isinstance(notation, list) else [notation])
        return
    select_area(name)


@when("click", "#undo")
async def on_undo(event):
    if state["view"] is None:
        return
    st = await call("undo", state["view"]["side"])
    if "error" in st:
        message(st["error"], "error")
        return
    await after_change(st)


@when("click", "#hint")
async def on_hint(event):
    if state["view"] is None:
        return
    answer = await call("hint", state["view"]["side"])
    notation = answer.get("hint")
    if not notation:
        message(answer.get("error", "No hint now."), "info")
        return
    text = next((c["text"] for c in state["view"].get("choices") or []
                 if c["notation"] == notation), notation)
    message(f"Hint: {text}", "info")
    for button in nodes("[data-action]"):
        if button.dataset.action == notation:
            button.classList.add("hinted")
            if button.offsetParent is not None:  # shown (not inside the closed list)
                button.scrollIntoView()
                button.focus()


async def on_odds():
    answer = await call("odds", state["view"]["side"])
    el("odds-text").textContent = answer.get("error") or table.odds_text(answer.get("odds"))


@when("click", "#show-victory-log")
def on_victory_log(event):
    el("victory-log").hidden = False


@when("click", "#victory-new")
async def on_victory_new(event):
    await open_setup()


@when("click", "#export-record")
async def on_export_record(event):
    """The game's record (scenario, seed, every action): `python -m richard3 replay` plays it."""
    await export_answer("record", "There is no record to export.", "richard3-record.json")


# --------------------------------------------------------------------------------- saves
@when("click", "#warning-export")
async def on_warning_export(event):
    await on_export(event)


@when("click", "#export")
async def on_export(event):
    await export_answer("save", "Nothing to export.", "richard3-save.json")


async def export_answer(name, missing, filename):
    """Ask the worker for `name` ("save" or "record") and offer it as a JSON download."""
    answer = await call(name)
    if name not in answer:
        message(answer.get("error", missing), "error")
        return
    download(answer[name], filename, "application/json")


def download(text, filename, mime):
    """Offer `text` as a file download (a blob: URL of this origin, no request leaves it)."""
    blob = window.Blob.new(to_js([text]), js_object(type=mime))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    link.click()
    window.URL.revokeObjectURL(url)


@when("change", "#import-file")
async def on_import(event):
    files = event.target.files
    if not files or files.length == 0:
        return
    text = str(await files.item(0).text())
    event.target.value = ""
    await load_save(text)


@when("click", "#save-slot")
async def on_save_slot(event):
    name = el("slot-name").value.strip()
    problem = saves.check_name(name)
    if problem:
        message(problem, "error")
        return
    answer = await call("save")
    if "save" not in answer:
        message(answer.get("error", "There is no game to save."), "error")
        return
    ok, said = saves.save_slot(storage(), name, answer["save"],
                               saves.meta_from_status(state["status"] or {}, now_iso()))
    message(said, "info" if ok else "error")
    list_slots()


@when("click", "#load-slot")
async def on_load_slot(event):
    slot_id = el("slots").value
    text = saves.load_slot(storage(), slot_id)
    if text is None and slot_id == saves.PREVIOUS_ID and state["previous"]:
        text = state["previous"][0]
    if not text:
        message("That save is no longer there.", "error")
        list_slots()
        return
    await load_save(text)


@when("change", "#slots")
def on_slot_change(event):
    disarm_delete()


def disarm_delete():
    button = el("delete-slot")
    button.dataset.armed = ""
    button.textContent = "Delete"


@when("click", "#delete-slot")
def on_delete_slot(event):
    """Delete the chosen save: the first tap asks (the button says what it will delete), the
    second deletes."""
    slot_id = el("slots").value
    button = el("delete-slot")
    if not slot_id:
        return
    if button.dataset.armed != slot_id:
        button.dataset.armed = slot_id
        name = saves.PREVIOUS_NAME if slot_id == saves.PREVIOUS_ID else slot_id
        button.textContent = f"Delete “{name}”? Tap again"
        return
    disarm_delete()
    if slot_id == saves.PREVIOUS_ID:
        state["previous"] = None
    gone = saves.delete_slot(storage(), slot_id) or saves.load_slot(storage(), slot_id) is None
    name = saves.PREVIOUS_NAME if slot_id == saves.PREVIOUS_ID else slot_id
    message(f"Deleted “{name}”." if gone else f"“{name}” could not be deleted.",
            "info" if gone else "error")
    list_slots()


def list_slots():
    """The saved games, newest first, each with its date, scenario, turn and who is to play."""
    entries = saves.slots(storage())
    if state["previous"] and not [s for s in entries if s["id"] == saves.PREVIOUS_ID]:
        entries.insert(0, saves.memory_slot(state["previous"][1]))
    el("slots").innerHTML = "".join(
        f'<option value="{table.e(s["id"])}">{table.e(saves.slot_label(s))}</option>'
        for s in entries)
    el("load-slot").disabled = not entries
    el("delete-slot").disabled = not entries
    disarm_delete()


@when("click", "#export-log")
def on_export_log(event):
    view = state["view"]
    if not view:
        return
    download("\n".join(view["obs"]["log"]) + "\n", "richard3-log.txt", "text/plain")


def setup():
    """Called once Python is ready: offer Continue when an autosave exists, apply URL options."""
    pace = url_param("pace")
    if pace in PACES:
        el("pace").value = pace
    st = state["status"]
    unfinished = bool(st and st.get("game") and not st.get("over"))
    store = storage()
    el("continue").hidden = not (unfinished or saves.get(store, saves.AUTOSAVE))
    list_slots()
    if store is None:
        storage_warning(saves.OFF)


# ------------------------------------------------------------------------ start screen
async def show_map():
    """Reveal the map view; ensure_map() loads map.svg into it once."""
    el("start-screen").hidden = True
    el("game").hidden = False
    await ensure_map()


@when("click", "#new-game")
async def on_new_game(event):
    await show_map()
    await open_setup()


@when("click", "#menu")
def on_menu(event):
    el("game").hidden = True
    el("start-screen").hidden = False
    setup()  # the autosave may now exist: offer Continue


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
        engine_ready(version)
    except Exception as error:  # keep the start screen usable without the engine
        window.console.warn(f"Game engine unavailable: {error}")
        el("ai-status").textContent = "The game engine could not start."
        document.body.dataset.engine = "failed"
        engine_ready(error=reason(error))


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
    setup()
    document.body.dataset.state = "ready"
    window.performance.mark("r3-ready")
