"""The table of the side shown: the view being drawn, the selection on the map (a block, or an
area's blocks together, and the areas they may reach, lit), and the drawing of it all: the map,
the prompt, the choices beside the map and the side panels; the victory screen and the
hand-over screen (which empties the table first).

It holds only the view of the side shown (game_host.GameHost.view, as the worker sent it) and
never asks the worker for anything: session.py gives it the views to draw, clicks.py the taps.
Runs on MicroPython (the page's main thread); see dom.py for what that means here.
"""

import asyncio

from pyscript import document

import facts
import mapview
import panels
import table
import taps
from dom import clock, el, drawn, forget, js_object, put, show_only, timed
from mapview import draw_map

# "view": the view drawn (None while no side's table is up); "selected": the own block
# selected; "group": the area whose blocks are selected together; "targets": {area: [choice,
# ...]}, the areas lit and the choice(s) a tap there makes; "made": the decision the selection
# was made in (taps.decision_key): a selection ends with it (issue 27, item 7).
# "next": the view render() was last given (it draws it in its next task).
state = {"view": None, "selected": None, "group": None, "targets": {}, "made": None,
         "next": None}

# The log drawn, for the side "side": how many entries the whole log had ("count", of those with
# a text) and the last one ("last"), so that a drawing adds only the new ones (draw_log).
log = {"side": None, "count": 0, "last": None}
LOG_LIMIT = 200  # the log beside the map shows its last entries


def _entry_key(x):
    return (x.get("type"), str(x["text"]))


def forget_log():
    """Another game is coming: its log is drawn anew (and its battles' summaries shown)."""
    log["side"] = None
    dismissed.clear()


# The finished battles whose summary the player dismissed (panels.battle_key).
dismissed = set()


def battle_end(view):
    """The summary of the first finished battle of the view the player has not dismissed
    (the view's "battle_ends", then its "battle_story" once over), or ""."""
    stories = list(view.get("battle_ends") or [])
    story = view.get("battle_story")
    if isinstance(story, dict) and story.get("over"):
        stories.append(story)
    for x in stories:
        if panels.battle_key(x) not in dismissed:
            return panels.battle_summary(x)
    return ""


def dismiss_battle(key):
    """The player read a battle's summary: the next one (if any) or nothing in its place."""
    dismissed.add(key)
    view = state["view"]
    put("battle-end", panels.for_both(view, battle_end(view)) if view else "")
    el("prompt").focus(js_object(preventScroll=True))


def draw_log(side, entries, total=None):
    """The side's log beside the map (panels.log_panel's last LOG_LIMIT entries; `entries`
    are the last of `total`, the view's "log_plain" and "log_count"): when it only grew since
    the last drawing, its new entries are added and the oldest dropped, else it is drawn anew."""
    entries = [x for x in entries if x.get("text")]
    total = len(entries) if total is None else total
    skipped = total - len(entries)  # the log's entries before those the view carries
    count = log["count"]
    at = count - 1 - skipped  # the last entry drawn, among `entries`
    box = el("log")
    if not (log["side"] == side and 0 < count <= total and 0 <= at
            and log["last"] == _entry_key(entries[at])):
        box.innerHTML = panels.log_panel(entries, LOG_LIMIT, total)
    elif count == total:
        return
    else:
        head = box.firstElementChild
        if head is not None and head.classList.contains("log-more"):
            head.remove()
        fresh = entries[max(count - skipped, len(entries) - LOG_LIMIT):]
        box.insertAdjacentHTML("beforeend", "".join(panels.log_item(x) for x in fresh))
        for _ in range(box.childElementCount - LOG_LIMIT):
            box.firstElementChild.remove()
        box.insertAdjacentHTML("afterbegin", panels.log_more(entries, LOG_LIMIT, total))
    log["side"], log["count"] = side, total
    log["last"] = _entry_key(entries[-1]) if entries else None
    box.scrollTop = box.scrollHeight  # the log shows its latest entry


def select(block=None, group=None, targets=None):
    state["selected"] = block
    state["group"] = group
    state["targets"] = targets or {}
    state["made"] = taps.decision_key(state["view"]) if (block or group) else None


def block_targets(view, block):
    """{area: [choice]}: where `block` may go, with the choice a tap there makes."""
    options = taps.block_options(view, block)["targets"]
    return {a: [options[a]] for a in options}


def area_targets(view):
    """{area: [choice]}: the areas a choice is made by tapping (Muster, Plague, the next
    battle), with nothing selected."""
    direct = taps.area_choices(view)
    return {a: [direct[a]] for a in direct}


def select_block(block):
    """Select an own block (None: clear): its target areas get highlighted. With nothing
    selected, the areas a choice is made by tapping (Muster, Plague, the next battle) are.
    Only a block that has a choice now can be selected (another one's tap clears)."""
    view = state["view"]
    if view is None:
        select()
    elif block and block in taps.movable_blocks(view):
        select(block, targets=block_targets(view, block))
    else:
        select(targets=area_targets(view))
    redraw()


def select_area(area):
    """Select every movable own block of `area` together (a group move)."""
    group = taps.area_group(state["view"], area)
    if len(group["blocks"]) == 1:
        select_block(group["blocks"][0])
        return
    select(None, area if group["targets"] else None, group["targets"])
    redraw()


def draw_selection(view):
    draw_map(view, state["selected"], state["group"], state["targets"])


def redraw():
    """Draw the current view again (the selection changed): map, prompt and choices. A
    selection made in another decision than the view's is dropped first."""
    view = state["view"]
    if view is None:
        return
    since = clock()
    if (state["selected"] or state["group"]) and state["made"] != taps.decision_key(view):
        select(targets=area_targets(view))
    draw_selection(view)
    draw_panel(view)
    drawn()
    timed("r3-redraw", since)


def selection_prompt(view):
    """The prompt for the current selection, or the decision's own prompt."""
    targets = state["targets"]
    warn = taps.supply_words(targets, view.get("side") or "") if targets else ""
    if state["selected"]:
        label = (facts.block(state["selected"]) or {}).get("label", state["selected"])
        if targets:
            firsts = [targets[a][0] for a in sorted(targets)]
            activation = next((c for c in firsts if c.get("activates")), None)
            extra = (f" Moving from {activation['activates']} activates it: 1 AP."
                     if activation else "")
            if view["obs"].get("phase") == "battle":
                return (f"{view.get('prompt') or ''} Tap a highlighted area to move {label} "
                        f"there (a retreat or regroup), or choose on the battle board.{warn}")
            if view["obs"].get("phase") != "action":
                return f"{view.get('prompt') or ''} {label}: tap a highlighted area.{warn}"
            return f"{label}: tap a highlighted area to go there.{extra}{warn}"
        if taps.block_options(view, state["selected"])["others"]:
            return f"{label}: choose below what it does."
    if targets and not state["group"]:
        return (view.get("prompt") or table.prompt(view)) + " Tap a highlighted area." + warn
    if view["obs"].get("phase") == "battle" and any(
            c.get("to") for c in view.get("choices") or [] if c.get("block")):
        return ((view.get("prompt") or "") + " Tap one of your blocks with a gold edge, then "
                "a highlighted area to move it there.")
    if state["group"]:
        return (f"Your blocks in {state['group']}: tap a highlighted area to move them all "
                f"there, or tap one block to move it alone.{warn}")
    return view.get("prompt") or table.prompt(view)


def draw_panel(view):
    """The side panel's prompt, contextual choices and the full list (#all-choices)."""
    put("prompt", table.link_rules(selection_prompt(view)))
    shown, more = taps.panel_choices(view, state["selected"], panels.BATTLE_KINDS)
    buttons = "".join(
        f'<button type="button" class="choice kind-{table.e(c["kind"])}" '
        f'data-action="{table.e(c["notation"])}">{table.e(c["text"])}</button>'
        + (f'<span class="choice-note">{table.link_rules(c["note"])}</span>'
           if c.get("note") and c["kind"] in ("charge", "treachery", "retreat", "end") else "")
        for c in shown)
    if more:
        buttons += f'<p class="muted">{more} more in the list below.</p>'
    put("choices", buttons)
    put("actions", table.all_choices(view))


async def render(view):
    """Draw `view`, the table of the side it is for, in tasks of their own (the page answers
    in between, and no single task of the drawing runs long on a slow device, late in a long
    game too): the map; the prompt, the choices and the side panels; the log and the rest.
    The worker's answer was parsed in the task before the first."""
    state["next"] = view
    await asyncio.sleep(0)
    if state["next"] is not view:
        return  # a newer view came meanwhile: its drawing draws the table
    since = clock()
    state["view"] = view
    side = view["side"]
    # One block that may go somewhere (a retreat or regroup in a battle): selected at once, so
    # its areas are lit and the battle board keeps only what is not a move.
    lone = taps.lone_mover(view)
    if lone:
        select(lone, targets=block_targets(view, lone))
    else:
        select(targets=area_targets(view))
    obs = view["obs"]
    draw_selection(view)
    timed("r3-map", since)
    await asyncio.sleep(0)
    if state["view"] is not view:
        return  # drawn again meanwhile (a newer view): that drawing finishes the table
    since = clock()
    put("status-bar", table.status_bar(obs))
    el("prompt").classList.toggle("highlight", obs["phase"] in table.HIGHLIGHT_PHASES
                                  and bool(view["actions"]))
    draw_panel(view)
    words = panels.for_both   # both sides face up: the sides named, not "you"
    ending = battle_end(view)
    put("battle-end", words(view, ending))
    if ending and ending != state.get("ending"):  # a battle just ended: its summary in view
        el("panel").scrollTop = 0
    state["ending"] = ending
    put("since", words(view, table.since_panel(view.get("since") or [])))
    choices = view.get("choices") or []
    put("hand", words(view, panels.mulligan_panel(obs, choices) + panels.reveal_panel(obs)
                      + panels.hand_panel(obs, choices) + panels.york_hand(obs)))
    put("boxes", words(view, table.boxes_panel(obs)))
    put("politics", words(view, table.usurpation_panel(view)))
    # Retreats and regroups are made on the map (tap the block, then the area), not as a
    # button per area on the battle board.
    put("battle", words(view, panels.battle_board(obs, taps.without_area_moves(choices),
                                                  mapview.state["hits"],
                                                  view.get("battle_story"))))
    timed("r3-panels", since)
    await asyncio.sleep(0)
    if state["view"] is not view:
        return
    since = clock()
    draw_log(side, view.get("log_plain") or [], view.get("log_count"))
    el("undo").disabled = not view.get("can_undo")
    el("hint").disabled = not view["actions"]
    el("table-side").textContent = ("Both sides face up" if view.get("viewpoint") == "both"
                                     else f"You are {side}")
    el("ap-box").textContent = (f"AP left: {obs.get('ap', 0)}" if obs["phase"] == "action"
                                and obs.get("acting") == side else "")
    # The drawing replaced the focused button: give keyboard users a place to go on from.
    focused = document.activeElement
    if focused is None or focused.tagName == "BODY":
        el("prompt").focus(js_object(preventScroll=True))
    document.body.dataset.side = side
    document.body.dataset.phase = obs["phase"]
    show_only("table")
    timed("r3-rest", since)


async def show_victory(view):
    """The victory screen from the view of the finished game, over the final map; the whole
    log (shown on request) after it, LOG_LIMIT entries a task (panels.log_panel's items)."""
    since = clock()
    state["view"] = state["next"] = view
    el("victory-text").innerHTML = panels.victory_panel(view)
    el("victory-log").innerHTML = ""
    el("prompt").textContent = table.prompt(view)
    forget("prompt")
    select()
    draw_selection(view)  # the final map
    document.body.dataset.phase = view["obs"]["phase"]
    show_only("victory")
    timed("r3-victory", since)
    entries = [x for x in view.get("log_plain") or [] if x.get("text")]
    el("victory-log").innerHTML = ('<h3>Log</h3><ol class="log" tabindex="0" '
                                   'aria-label="Game log"></ol>')
    box = el("victory-log").lastElementChild
    for start in range(0, len(entries), LOG_LIMIT):
        await asyncio.sleep(0)
        if state["view"] is not view:
            return
        since = clock()
        box.insertAdjacentHTML("beforeend", "".join(
            panels.log_item(x) for x in entries[start:start + LOG_LIMIT]))
        timed("r3-victory-log", since)


def clear_table():
    """Remove everything private from the page (before a hand-over)."""
    for id_ in ("actions", "choices", "hand", "boxes", "politics", "log", "battle", "status-bar",
                "since", "board-boxes", "battle-end"):
        el(id_).innerHTML = ""
    forget()
    forget_log()
    el("prompt").textContent = ""
    el("ap-box").textContent = ""
    state["view"] = state["next"] = None
    select()
    draw_map(None)


def show_handover(side):
    """The hand-over screen ("Pass to York") over an emptied table."""
    clear_table()
    el("table-side").textContent = ""
    document.body.dataset.side = ""
    el("handover-title").textContent = f"Pass to {side}"
    el("handover-go").textContent = f"I am {side}: show my side"
    el("handover-go").dataset.side = side
    show_only("handover")
    el("handover-go").focus()
