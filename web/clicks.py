"""The table's taps and clicks: a control of the side panel (a choice, a card and its confirm
strip, the odds), a tap on the map (a block selects it, a lit area makes the move, an area of
one's own selects its blocks together), Undo, Hint, the hand-over button, the victory screen's
buttons. Each decision goes to the worker as one call (session.act), whose answer session.py
goes on from.

Runs on MicroPython (the page's main thread); see dom.py for what that means here.
"""

from pyscript import document, when

import facts
import mapview
import panels
import session
import table
import tableview
import taps
from dom import download, el, forget, message, nodes

view_state = tableview.state


@when("click", "#table")
async def on_table_click(event):
    if event.target.id == "odds" and view_state["view"] is not None:
        await on_odds()  # the odds button is redrawn with the battle board, so delegate
        return
    if view_state["view"] is None:
        return
    card = event.target.closest("[data-choose]")
    if card is not None:  # a card of the hand: ask to confirm (the strip's Play decides)
        choice = panels.find_choice(view_state["view"].get("choices") or [],
                                    card.dataset.choose)
        strip = document.querySelector(".card-confirm")
        if strip is not None:
            strip.remove()
        hand = card.closest(".hand-panel")
        hand.classList.add("choosing")  # the strip stands in for the cards until answered
        hand.insertAdjacentHTML("afterbegin", panels.confirm_card(choice))
        forget("hand")
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
    ok = event.target.closest("[data-dismiss-battle]")
    if ok is not None:  # a finished battle's summary read
        tableview.dismiss_battle(ok.dataset.dismissBattle)
        return
    boxed = event.target.closest("#board-boxes [data-block]")
    if boxed is not None:  # a block of the pool or the minors: as a block on the map
        await map_tap(boxed)
        return
    target = event.target.closest("[data-action]")
    # closest() gives null (None) for a click beside every control.
    if target is None or not hasattr(target, "dataset"):
        return
    await decide(target.dataset.action)


def notations(choice):
    """A choice's notations to send in turn (an activation and its move are two)."""
    notation = choice["notation"]
    return notation if isinstance(notation, list) else [notation]


async def decide(*sent):
    """Send one decision of the side shown (its notations, in one call), then go on (AI,
    hand-over, drawing)."""
    if session.state["busy"] or view_state["view"] is None:
        return
    session.state["busy"] = True
    try:
        answer = await session.act(view_state["view"]["side"], sent)
        if answer is not None:
            message("")
            await session.after_change(answer)
    finally:
        session.state["busy"] = False


async def move_group(area, choices):
    """Move each block of a group to `area`, one decision each: the first choice as listed,
    then each next block's own choice from the view the last answer brought (the area is
    active by then: no second activation)."""
    side = view_state["view"]["side"]
    blocks = [c["block"] for c in choices]
    session.state["busy"] = True
    try:
        answer = None
        moved = 0
        why = ""
        for i, block in enumerate(blocks):
            choice = choices[0]
            if i:
                view = answer["view"]
                choice = taps.block_options(view, block)["targets"].get(area) if view else None
                if choice is None:  # the AP ran out, or the border's limit is reached
                    obs = view["obs"] if view else {}
                    why = ("no AP left" if obs.get("phase") == "action"
                           and not obs.get("ap") else "they may not go there now: "
                           "the border's limit, or the move ended the action phase")
                    break
            got = await session.act(side, notations(choice))
            if got is None:
                return
            answer = got
            moved += 1
        message(left_behind(blocks[moved:], moved, len(blocks), area, why))
        if answer is not None:
            await session.after_change(answer)
    finally:
        session.state["busy"] = False


def left_behind(rest, moved, total, area, why):
    """What a group move that left blocks behind says (issue 55, 2): "" when all went."""
    if not rest:
        return ""
    names = [(facts.block(b) or {}).get("label", b) for b in rest]
    stay = " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]
    verb = "stays" if len(names) == 1 else "stay"
    return f"{moved} of {total} blocks moved to {area}; {stay} {verb} behind ({why})."


@when("click", "#map")
async def on_map_click(event):
    if event.detail:  # a tap or a click (0: Enter or Space on a focused element)
        mapview.state["keyed"] = False
    await map_tap(event.target)


# The arrow keys: the next or the previous stop of the map (mapview.set_stop).
ARROWS = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}


@when("keydown", "#map")
async def on_map_key(event):
    key = event.key
    if key in ("Enter", " ") or key in ARROWS or key == "Escape":
        mapview.state["keyed"] = True
    if key in ("Enter", " "):
        event.preventDefault()
        await map_tap(event.target)
    elif key in ARROWS:
        event.preventDefault()
        if event.target.closest("[tabindex]") is not None:
            mapview.state["stop"] = mapview.stop_key(event.target.closest("[tabindex]"))
        mapview.set_stop(True, ARROWS[key])
    elif key == "Escape" and (view_state["selected"] or view_state["group"]):
        mapview.state["stop"] = view_state["selected"]  # back to the block let go
        tableview.select_block(None)


async def map_tap(element):
    """A tap on the map: an own block selects it (again: clears); a highlighted area makes the
    move; an area of one's own selects its blocks together; anything else clears."""
    targets = view_state["targets"]
    if view_state["view"] is None or session.state["busy"] or not hasattr(element, "closest"):
        return
    block = element.closest("[data-block], [data-enemy-block]")
    if block is not None and block.dataset.where in targets and not (
            block.hasAttribute("data-block") and block.dataset.block != view_state["selected"]
            and block.dataset.block in taps.movable_blocks(view_state["view"])):
        # a block in a highlighted area that may not act (or the enemy's): the tap is for
        # the area; an own block that may still act is selected instead (issue 55)
        element = document.querySelector(f'#map [data-area="{block.dataset.where}"]')
        block = None
    if block is not None and block.hasAttribute("data-block"):
        name = block.dataset.block
        tableview.select_block(None if name == view_state["selected"] else name)
        return
    area = element.closest("[data-area]")
    if area is None:
        tableview.select_block(None)
        return
    name = area.dataset.area
    if name in targets:
        choices = targets[name]
        if len(choices) > 1:
            await move_group(name, choices)
        else:
            await decide(*notations(choices[0]))
        return
    tableview.select_area(name)


@when("click", "#message")
def on_message(event):
    """A tap on the message (it floats over the map) puts it away."""
    message("")


@when("click", "#undo")
async def on_undo(event):
    if view_state["view"] is None:
        return
    answer = await session.ask("undo", view_state["view"]["side"])
    if answer is not None:
        await session.after_change(answer)


@when("click", "#hint")
async def on_hint(event):
    view = view_state["view"]
    if view is None:
        return
    answer = await session.call("hint", view["side"])
    notation = answer.get("hint")
    if not notation:
        message(answer.get("error", "No hint now."), "info")
        return
    message(table.hint_text(answer.get("hints") or [{"notation": notation}],
                            view.get("choices") or []), "info")
    for button in nodes("[data-action]"):
        if button.dataset.action == notation:
            button.classList.add("hinted")
            forget()
            if button.offsetParent is not None:  # shown (not inside the closed list)
                button.scrollIntoView()
                button.focus()


async def on_odds():
    answer = await session.call("odds", view_state["view"]["side"])
    el("odds-text").textContent = answer.get("error") or table.odds_text(answer.get("odds"))
    forget("battle")


@when("click", "#pause")
def on_pause(event):
    """Pause or resume a game the page watches (the AI on both sides)."""
    session.state["paused"] = not session.state["paused"]
    session.show_pause(session.state["status"] or {"controllers": {}})


@when("click", "#step-ai")
def on_step_ai(event):
    session.state["step"] = True


@when("click", "#handover-go")
async def on_handover(event):
    await session.show(el("handover-go").dataset.side)


@when("click", "#show-victory-log")
def on_victory_log(event):
    el("victory-log").hidden = False


@when("click", "#export-log")
def on_export_log(event):
    view = view_state["view"]
    if not view:
        return
    download("\n".join(view["obs"]["log"]) + "\n", "richard3-log.txt", "text/plain")
