"""Sun of York's table on the page (issue 54): the battlefield drawn from the view of the side
shown (soy_cards.py), the decision's choices in plain words, and the taps that decide.

It shares the table's frame with Richard III's (#play: the field sits in the map's frame, the
panel beside it or, upright, as a sheet under it) and its hooks: #prompt, #choices,
`[data-action]` on every control that decides, #all-choices holding them all, #hand, #log,
body[data-screen|phase|view|thinking]; and its own: body[data-game="sunofyork"], #soy-field
with `[data-position]` (lit ones `[data-target]`) and `[data-card]`.

Taps: a card of one's own that may act (in the hand, the cards dealt, or on the field) selects
it; the positions it may reach (deploy, enter, move, flank, attack, terrain...) light up, and
its other choices (keep, spend as orders, discard...) are buttons beside the field; a tap on a
lit position makes the move (or offers the choices there, if more than one). Choices that name
no card (Roll, End, Draw...) are always buttons. A tap on a position's stack that decides
nothing opens it large (#soy-large, a modal dialog; one tap or Escape closes it). Beside the
field: the dice of the last roll (#soy-dice) and the deck note (#soy-field-note).

Between the battles of a campaign (body[data-phase="between-battles"]) the field's frame holds
the campaign screen instead (#soy-campaign, soy_cards.campaign_html) with its one decision, the
Next battle button. A replay (replay.py) draws its steps here too, with no choices.

Not part of the page's start (issue 54): soy_files.py fetches this module, soy_cards.py and
soy.css the first time a Sun of York game needs them, then imports it (its handlers with it).
Runs on MicroPython (the page's main thread); see dom.py.
"""

from pyscript import document, when

import session
import soy_cards
import tableview
from dom import clock, drawn, el, forget, message, next_task, put, show_only, timed
from table import e

SIDES = ("Lancaster", "York")
# verbs whose second int is a position the first (a card) goes to or acts on
POSITION_VERBS = ("deploy", "enter", "lead", "move", "leader", "flank", "charge_move",
                  "artillery", "attack", "terrain", "rally", "fatigue", "warwick",
                  "treason_flank", "charge", "confusion", "bombard")
# verbs of no card: always buttons
CARDLESS = ("ready", "first", "second", "done", "roll", "end", "no_terrain", "roll_flanks",
            "go", "draw", "next")

# "view": the Sun of York view drawn (None when none); "picked": the selected own card's id;
# "at": the lit position tapped when it offers more than one choice.
state = {"view": None, "picked": None, "at": None}


def between_battles(view):
    """Whether `view` is a campaign's time between battles: the campaign screen is drawn."""
    return bool(view.get("campaign")) and view["obs"]["phase"] == "between battles"


def card_of(choice):
    """The own card a choice is about (its first int), or None."""
    if choice["verb"] in CARDLESS or not choice["ints"]:
        return None
    return choice["ints"][0]


def position_of(choice):
    if choice["verb"] in POSITION_VERBS and len(choice["ints"]) >= 2 \
            and 0 <= choice["ints"][1] <= 12:
        return choice["ints"][1]
    return None


def button(choice, label=None):
    return (f'<button type="button" class="choice" data-action="{e(choice["notation"])}">'
            f'{e(label or choice["text"])}</button>')


def draw(view):
    """Draw everything from `view` and the selection."""
    obs = view["obs"]
    me = obs["side"]
    choices = view.get("choices") or []
    pickable = set(c for c in (card_of(x) for x in choices) if c is not None)
    picked = state["picked"] if state["picked"] in pickable else None
    state["picked"] = picked
    mine = [x for x in choices if picked is not None and card_of(x) == picked]
    targets = set(p for p in (position_of(x) for x in mine) if p is not None)
    el("soy-status").innerHTML = soy_cards.status_html(view)
    between = between_battles(view)
    # between battles the campaign screen shows the nobles' rolls itself: no dice above it
    el("soy-dice").innerHTML = "" if between else soy_cards.dice_html(view)
    el("soy-grid-box").innerHTML = soy_cards.campaign_html(view) if between else \
        soy_cards.field_html(view, picked, targets, pickable)
    el("soy-field-note").textContent = view["public"]["note"]
    large = el("soy-large")
    if large.open and between:          # no position to open between battles
        large.close()
    elif large.open:                    # a position opened large follows the game
        large.innerHTML = soy_cards.position_large_html(view, int(large.dataset.position))
    # the prompt and the choices
    prompt = view.get("prompt") or ""
    if picked is not None:
        name = soy_cards.facts(view, me, picked)["name"]
        prompt = (f"{name}: tap a lit position" if targets else f"{name}:") + \
            " or a choice below. " + prompt
    elif pickable:
        prompt += " Tap one of your cards with a gold edge."
    if not choices:
        prompt = ("The AI is playing…" if not obs.get("winner", -1) >= 0 else "")
    if between:   # its one choice is the campaign screen's Next battle button
        prompt = ("The campaign between battles: tap Next battle to go on (9.3)." if choices
                  else "The campaign between battles: the other side has still to go on.")
        choices = []
    put("prompt", e(prompt))
    rows = []
    if state["at"] is not None and picked is not None:
        here = [x for x in mine if position_of(x) == state["at"]]
        rows += [button(x) for x in here]
    elif picked is not None:
        rows += [button(x) for x in mine if position_of(x) is None]
        if len(mine) <= 6:
            rows += [button(x) for x in mine if position_of(x) is not None]
    rows += [button(x) for x in choices if card_of(x) is None]
    if picked is None and len(choices) <= 4:
        rows += [button(x) for x in choices if card_of(x) is not None]
    if picked is not None:
        rows.append('<button type="button" class="choice" id="soy-cancel">Let the card go'
                    '</button>')
    put("choices", "".join(rows))
    put("actions", "".join(f"<li>{button(x)}</li>" for x in view.get("choices") or []).join(
        ('<ul class="soy-all">', "</ul>")))
    # the hand (in deployment: the cards dealt)
    # between battles the last battle's hand is of no use: the campaign screen only
    cards = [] if between else list(obs.get("dealt") or []) + list(obs.get("hand") or [])
    hand = []
    for c in cards:
        st = "picked" if c == picked else ("pick" if c in pickable else "")
        hand.append(soy_cards.card_html(view, me, c, None, st))
    whose = f"{SIDES[me]}’s" if view.get("replay") else "Your"
    title = f"{whose} cards dealt" if obs.get("dealt") else f"{whose} hand"
    rows = [] if between else [hand_html(title, hand)]
    if "foe_hand" in obs:   # a replay with both sides face up
        rows.append(hand_html(f"{SIDES[1 - me]}’s hand", [
            soy_cards.card_html(view, 1 - me, c) for c in obs["foe_hand"]]))
    put("hand", "".join(rows) + f'<p class="soy-note">{e(view["public"]["note"])}</p>')
    log = view.get("log_plain") or []
    put("log", "".join(f"<li>{e(x)}</li>" for x in log))


def hand_html(title, cards):
    """A hand of cards (drawn already) under its title and count."""
    return (f'<section class="soy-hand" aria-label="{title}"><h3>{title} ({len(cards)})</h3>'
            f'<div class="soy-hand-cards">{"".join(cards)}</div></section>')


def render_sync(view):
    """Draw the Sun of York table of `view` now."""
    end_warm()
    # The table's screen first: coming in place of another, it scrolls the panel to its top,
    # which lays the page out at once; before the drawing, not with it (its first one, the
    # whole field, is then laid out once, when the browser draws the frame)
    show_only("table")
    # Richard III's table holds no view meanwhile (its click handlers then stand aside)
    tableview.state["view"] = tableview.state["next"] = None
    tableview.forget_log()
    if state["view"] is None or state["view"].get("side") != view.get("side") or \
            state["view"]["obs"]["phase"] != view["obs"]["phase"]:
        state["picked"] = None
    state["view"] = view
    state["at"] = None
    document.body.dataset.game = "sunofyork"
    for id_ in ("battle", "board-boxes", "boxes", "politics", "since", "status-bar"):
        put(id_, "")
    el("table-side").textContent = f"You are {view['side']}"
    el("ap-box").textContent = ""
    el("undo").disabled = True
    el("soy-field").hidden = False
    since = clock()
    draw(view)
    timed("r3-soy-draw", since)
    document.body.dataset.side = view["side"]
    document.body.dataset.phase = view["obs"]["phase"].replace(" ", "-")


# The fonts of the table found before its first drawing: "box", the hidden element the table's
# kinds of text are laid out in meanwhile (soy_cards.warm_html); "begun", once a page.
warming = {"box": None, "begun": False}


async def warm():
    """Lay out every kind of text the table draws, hidden, one part a task, so that the
    browser has found their fonts before the first drawing (soy_cards.warm_html says why);
    begun when Sun of York is chosen in New game or one of its saves or records is loaded or
    replayed, once a page; the first drawing stops it where it is."""
    if warming["begun"]:
        return
    warming["begun"] = True
    box = document.createElement("div")
    box.className = "soy-warm"
    box.setAttribute("aria-hidden", "true")
    box.inert = True
    document.body.appendChild(box)
    warming["box"] = box
    for part in soy_cards.warm_html():
        await next_task()
        if warming["box"] is not box:
            return
        box.insertAdjacentHTML("beforeend", part)
        box.getBoundingClientRect()   # laid out in this task, the part's fonts found
    end_warm()


def end_warm():
    """Remove the hidden text of warm() (the fonts found stay found)."""
    if warming["box"] is not None:
        warming["box"].remove()
        warming["box"] = None


async def render(view):
    render_sync(view)


async def show_victory(view):
    render_sync(view)
    s = view.get("summary") or {}
    who = s.get("winner")
    camp = view.get("campaign")
    el("victory-text").innerHTML = (
        f'<h2>{e(who + " wins" if who else "The battle is over")}</h2>'
        f'<p>{e(view["public"]["title"])}: {e(s.get("reason") or "")}, after turn '
        f'{s.get("turn", "?")}.</p>' + (
            f'<p>The Wars of the Roses are won: Lancaster {camp["wins"][0]}, York '
            f'{camp["wins"][1]} victories (9.3).</p>' if camp else ""))
    el("prompt").textContent = (who + " wins the battle.") if who else "The battle is over."
    forget("prompt")
    document.body.dataset.phase = "over"
    show_only("victory")


def clear():
    """Empty the field (before a hand-over: nothing private stays in the page)."""
    state["view"] = None
    state["picked"] = None
    el("soy-grid-box").innerHTML = ""
    el("soy-status").innerHTML = ""
    el("soy-dice").innerHTML = ""
    el("soy-field-note").textContent = ""
    if el("soy-large").open:
        el("soy-large").close()


def leave():
    """A Richard III table is drawn: Sun of York's steps aside."""
    if state["view"] is not None or document.body.getAttribute("data-game") != "richard3":
        clear()
        el("soy-field").hidden = True
        forget()
    document.body.dataset.game = "richard3"


async def decide(notation):
    view = state["view"]
    if session.state["busy"] or view is None:
        return
    session.state["busy"] = True
    try:
        answer = await session.act(view["side"], [notation])
        if answer is not None:
            message("")
            state["picked"] = None
            await session.after_change(answer)
    finally:
        session.state["busy"] = False


@when("click", "#table")
async def on_panel_click(event):
    if state["view"] is None or document.body.getAttribute("data-game") != "sunofyork":
        return
    target = event.target
    if target.closest("#soy-cancel") is not None:
        state["picked"] = None
        draw(state["view"])
        drawn()
        return
    action = target.closest("[data-action]")
    if action is not None:
        await decide(action.dataset.action)
        return
    card = target.closest("button[data-card]")
    if card is not None:
        pick(int(card.dataset.card))


def pick(cid):
    state["picked"] = None if state["picked"] == cid else cid
    state["at"] = None
    draw(state["view"])
    drawn()


@when("click", "#soy-field")
async def on_field_click(event):
    view = state["view"]
    if view is None:
        return
    target = event.target
    if target.closest("#soy-large") is not None:    # a tap on a position opened large
        el("soy-large").close()
        return
    action = target.closest("[data-action]")   # the campaign screen's Next battle
    if action is not None:
        await decide(action.dataset.action)
        return
    pos = target.closest("[data-position][data-target]")
    if pos is not None and state["picked"] is not None:
        p = int(pos.dataset.position)
        here = [x for x in view.get("choices") or []
                if card_of(x) == state["picked"] and position_of(x) == p]
        if len(here) == 1:
            await decide(here[0]["notation"])
            return
        if here:
            state["at"] = p
            draw(view)
            drawn()
            return
    card = target.closest("button[data-card]")
    if card is not None:
        pick(int(card.dataset.card))
        return
    here = target.closest("[data-position]")
    if here is not None and here.querySelector(".soy-card") is not None:
        open_large(int(here.dataset.position))


def open_large(p):
    """Open position `p` large (#soy-large, a modal dialog): its cards readable and their
    names uncut on a phone; one tap anywhere or Escape closes it."""
    box = el("soy-large")
    box.innerHTML = soy_cards.position_large_html(state["view"], p)
    box.dataset.position = str(p)
    box.showModal()

