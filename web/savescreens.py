"""The saves on the page: loading a save into the worker (Continue, a slot, an imported file),
the previous game kept when another replaces it, a refused save offered for export, named
slots (list, save, load, delete), the export of the save and of the game's record.

The storage logic itself is saves.py's (pure, tested on both interpreters); this module wires
it to the page's controls and to the worker. Save texts are handed on, never drawn.
Runs on MicroPython (the page's main thread); see dom.py for what that means here.
"""

from pyscript import when

import replay
import saves
import session
import table
from dom import download, el, message
from mapview import ensure_map
from session import call, now_iso, storage

# "previous": (save text, meta) of a replaced unfinished game held in the page because the
# storage refused it (saves.py); "refused": the text of a save the engine refused, offered
# for export.
state = {"previous": None, "refused": None}


async def current_unfinished():
    """(save text, meta) of the worker's game if it is unfinished, else None: kept as the
    previous game when a new game, a slot or an import replaces it."""
    if not session.has_game(unfinished=True):
        return None
    answer = await call("save")
    if "save" not in answer:
        return None
    return answer["save"], saves.meta_from_status(session.state["status"], now_iso())


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
    if not await session.wait_for_engine():
        return False
    current = None if keep else await current_unfinished()
    session.warm_table(text)
    answer = await call("load", text)
    if "error" in answer:
        refuse_save(answer["error"], text, keep)
        return False
    refuse_save(None)
    said = "" if keep else ("Game loaded. " + keep_previous_game(current, text)).strip()
    message((answer.get("recovered", "") + " " + said).strip())
    await ensure_map()
    el("start-screen").hidden = True
    el("play").hidden = False
    await session.start_game(answer)
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
    if state["refused"]:
        download(state["refused"], "richard3-unreadable-save.json", "application/json")


# ------------------------------------------------------------------------ export, import
@when("click", "#export-record")
async def on_export_record(event):
    """The game's record (scenario, seed, every action): `python -m richard3 replay` plays it."""
    await export_answer("record", "There is no record to export.", "richard3-record.json")


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


@when("change", "#import-file")
async def on_import(event):
    files = event.target.files
    if not files or files.length == 0:
        return
    text = str(await files.item(0).text())
    event.target.value = ""
    await open_file(text)


@when("click", "#open-shared")
async def on_open_shared(event):
    """A record or save pasted on the start screen (a game a friend shared as text)."""
    text = el("shared-text").value.strip()
    if not text:
        message("Paste a game's record first.", "error")
        return
    await open_file(text)


async def open_file(text):
    """A file's text from the start screen: the replay of a finished game (issue 26), else
    the game loaded to play on (load_save)."""
    opened = await replay.open_replay(text, "", "start")
    if opened is None:
        await load_save(text)
    elif opened:
        message("")


# --------------------------------------------------------------------------------- slots
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
                               saves.meta_from_status(session.state["status"] or {}, now_iso()))
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


def slot_name(slot_id):
    return saves.PREVIOUS_NAME if slot_id == saves.PREVIOUS_ID else slot_id


@when("click", "#delete-slot")
def on_delete_slot(event):
    """Delete the chosen save: the first tap asks (the button says what it will delete), the
    second deletes."""
    slot_id = el("slots").value
    button = el("delete-slot")
    if not slot_id:
        return
    name = slot_name(slot_id)
    if button.dataset.armed != slot_id:
        button.dataset.armed = slot_id
        button.textContent = f"Delete “{name}”? Tap again"
        return
    disarm_delete()
    if slot_id == saves.PREVIOUS_ID:
        state["previous"] = None
    gone = saves.delete_slot(storage(), slot_id) or saves.load_slot(storage(), slot_id) is None
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
