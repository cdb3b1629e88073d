"""The start screen and the new-game screen: New game (the scenarios, who plays each side, the
seed), Continue, Menu (back to the start screen), and a new game from the victory screen.

The scenarios come from the build's page data (facts.py), not from the engine, so the screen
works while the worker is still starting; Start and Continue wait for it (session.py).
Runs on MicroPython (the page's main thread); see dom.py for what that means here.
"""

import asyncio
import json

from pyscript import when

import facts
import saves
import session
import soy_files
import table
from dom import download, el, js_object, message, show_only, url_param
from mapview import ensure_map
from savescreens import current_unfinished, keep_previous_game, list_slots, load_save, refuse_save


async def show_map():
    """Reveal the map view; ensure_map() loads map.svg into it once."""
    el("start-screen").hidden = True
    el("play").hidden = False
    await ensure_map()


async def open_setup():
    """The new-game screen: the scenarios come from the build's data, not from the engine, so it
    works while the worker is still starting."""
    if not el("scenario").innerHTML:
        await game_files()  # Sun of York may be picked already (a browser restores a form)
        fill_scenarios()
    show_history()
    show_only("setup")


# --- Sun of York (issue 54): the New game dialog's #game picks the game, whose scenarios
# (Sun of York's page data, which soy_files fetches when it is picked) fill #scenario.
def game_scenarios():
    if el("game").value == "sunofyork":
        return soy_files.DATA["scenarios"]
    return facts.DATA["scenarios"]


def fill_scenarios():
    soy = el("game").value == "sunofyork"
    options = []
    for s in game_scenarios():
        label = s["name"] if soy else s["id"] + ": " + s["name"]
        options.append(f'<option value="{table.e(s["id"])}">{table.e(label)}</option>')
    el("scenario").innerHTML = "".join(options)
    el("scenario").value = "heworth_moor" if soy else "1483"
    el("options-row").hidden = not soy
    el("decks-row").hidden = not soy
    if soy and not el("deck-files").innerHTML:
        el("deck-files").innerHTML = "".join(deck_row(side) for side in facts.SIDES)


# The deck files a player chose for Sun of York, by side: {"name", "text"}; sent to the worker
# with New game, which checks them with the engine's loader (soy_host.read_decks).
deck_files = {}


def deck_row(side):
    """A side's deck file control: the file button, the file's name, and Use the stand-in."""
    key = side.lower()
    return (f'<div class="deck-file" data-deck-side="{side}"><label class="file-button">'
            f'{side} deck file…<input id="deck-{key}" class="visually-hidden" type="file" '
            f'accept=".toml,text/plain"></label><span id="deck-{key}-name" class="deck-name">'
            f'stand-in</span><button id="deck-{key}-clear" class="deck-clear" type="button" '
            f'hidden>Use the stand-in</button></div>')


@when("change", "#decks-row")
async def on_deck_file(event):
    """A deck file chosen: keep its name and text for Start; its name shown."""
    files = event.target.files
    row = event.target.closest("[data-deck-side]")
    if row is None or not files or files.length == 0:
        return
    side = row.dataset.deckSide
    file = files.item(0)
    deck_files[side] = {"name": str(file.name), "text": str(await file.text())}
    event.target.value = ""
    show_deck(side)


@when("click", "#decks-row")
def on_deck_clear(event):
    """Use the stand-in deck again for that side."""
    button = event.target.closest(".deck-clear")
    if button is None:
        return
    side = button.closest("[data-deck-side]").dataset.deckSide
    deck_files.pop(side, None)
    show_deck(side)


def show_deck(side):
    chosen = deck_files.get(side)
    key = side.lower()
    el(f"deck-{key}-name").textContent = chosen["name"] if chosen else "stand-in"
    el(f"deck-{key}-clear").hidden = chosen is None


@when("change", "#game")
def on_game(event):
    if el("game").value == "sunofyork" and not soy_files.DATA:
        asyncio.create_task(fill_game())   # its files first, once
        return
    fill_scenarios()
    show_history()


async def fill_game():
    await game_files()
    fill_scenarios()
    show_history()


async def game_files():
    """Sun of York picked: its files fetched, unless this page has them (soy_files.load: its
    scenarios, and its table compiled now, while the player chooses, not at its first drawing;
    Start waits meanwhile). If they cannot be (offline before any Sun of York game), the dialog
    says so and goes back to Richard III."""
    if el("game").value != "sunofyork":
        return
    el("start-game").disabled = True
    try:
        await soy_files.load()
        # its fonts found now, while the player chooses, not at its first drawing
        asyncio.create_task(soy_files.warm())
    except Exception as error:
        el("game").value = "richard3"
        message(f"Sun of York could not be downloaded ({error}); it can be played offline "
                "once it has been played online.", "error")
    finally:
        el("start-game").disabled = False
# --- end Sun of York


def show_history():
    for s in game_scenarios():
        if s["id"] == el("scenario").value:
            el("history").textContent = s["history"]


@when("change", "#scenario")
def on_scenario(event):
    show_history()


@when("change", "#player-lancaster, #player-york")
def on_players(event):
    """Both sides played by the AI: offer to watch with both sides face up (issue 26)."""
    el("spectator-row").hidden = not all_ai()


def all_ai():
    return all(el("player-" + side.lower()).value != "human" for side in facts.SIDES)


@when("click", "#start-game")
async def on_start_game(event):
    if session.state["busy"] or el("start-game").getAttribute("aria-busy") == "true":
        return
    if not await session.wait_for_engine(el("start-game")):
        return
    controllers = {}
    for side in facts.SIDES:
        controllers[side] = el("player-" + side.lower()).value
    current = await current_unfinished()
    answer = await session.ask("new_game", el("scenario").value, el("seed").value.strip(),
                               json.dumps(controllers), el("game").value,
                               int(el("options").value or 0),
                               json.dumps(deck_files) if deck_files else "")
    if answer is None:
        return
    session.state["spectator"] = el("spectator").checked
    refuse_save(None)
    message(keep_previous_game(current))
    await session.start_game(answer)


@when("click", "#continue")
async def on_continue(event):
    if session.has_game(unfinished=True):
        # The worker still holds the game (the player went to the menu): go back to it.
        await show_map()
        await session.resume()
        return
    text = saves.get(session.storage(), saves.AUTOSAVE)
    if text:
        await load_save(text, keep=True)


@when("click", "#menu-saves")
async def on_saves(event):
    """Menu, then Saves (How to play says so): back to the game, its saves open."""
    await on_continue(event)
    if el("play").hidden:
        return  # the autosave could not be loaded: the start screen says why
    el("more").open = True
    el("saves").scrollIntoView(js_object(block="start"))
    el("slot-name").focus(js_object(preventScroll=True))


@when("click", "#new-game")
async def on_new_game(event):
    await show_map()
    await open_setup()


@when("click", "#victory-new")
async def on_victory_new(event):
    await open_setup()


@when("click", "#menu")
def on_menu(event):
    el("play").hidden = True
    el("start-screen").hidden = False
    setup()  # the autosave may now exist: offer Continue


def keep_note(store):
    """Beside Continue, where the browser did not promise to keep the saves: Export, and the
    first time, why (Safari deletes a site's storage after 7 days without a visit)."""
    answer = saves.get(store, saves.PERSIST)
    show = bool(saves.get(store, saves.AUTOSAVE)) and answer in ("denied", "unsupported")
    el("keep-note").hidden = not show
    if show:
        said = saves.get(store, saves.KEEP_SAID)
        el("keep-note-text").textContent = "" if said else saves.KEEP_NOTE
        saves.put(store, saves.KEEP_SAID, "yes")


@when("click", "#export-autosave")
def on_export_autosave(event):
    text = saves.get(session.storage(), saves.AUTOSAVE)
    if text:
        download(text, "richard3-save.json", "application/json")


def setup():
    """The start screen's state: Continue offered when a game or an autosave exists, the slots
    listed, URL options applied, a storage the browser blocks said so."""
    pace = url_param("pace")
    if pace in session.PACES:
        el("pace").value = pace
    store = session.storage()
    el("continue").hidden = not (session.has_game(unfinished=True)
                                 or saves.get(store, saves.AUTOSAVE))
    el("menu-saves").hidden = el("continue").hidden
    keep_note(store)
    list_slots()
    if store is None:
        session.storage_warning(saves.OFF)
