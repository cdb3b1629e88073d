"""The page's saves in the browser's storage: the autosave, named slots, the previous game.

Pure Python, no browser import: every function takes `storage`, an object with getItem,
setItem, removeItem, key and length as localStorage has (or None when the browser refuses
storage: `window.localStorage` itself raises a SecurityError in some embedding frames). Every
storage call is guarded: a full storage (QuotaExceededError), a blocked one (SecurityError) or
anything else makes the call fail softly (False / None / []), never raise, so the game goes on
and the page starts without storage. A failure may come as an exception or, from the page's
web/storage.js (which guards localStorage on the JS side, as a JS exception cannot be caught
on MicroPython), as setItem / removeItem answering False. session.py (the autosave) and
savescreens.py (slots, import, export) wire it; tests/test_saves_page.py tests it with fake
storages, on CPython and on MicroPython. The sides' names come from facts.py (page data).

Keys: the autosave `richard3.autosave`, named slots `richard3.slot.NAME` and the previous game
`richard3.previous` hold the save text itself (what the worker's save() gave); beside each,
`richard3.meta.KEY` holds a small JSON of what the slot list shows: {"name", "date" (ISO,
from the page's clock), "scenario", "campaign", "turn", "status" ("York to play", "Lancaster
won"), "over"}. A save without its meta (older pages) is still listed and loaded.

The previous game: when a new game, a loaded slot or an imported file replaces an unfinished
game, the autosave (the game being replaced) is first copied to `richard3.previous`
(keep_previous), so nothing unfinished is lost without the player being told.

MicroPython's rules apply (see table.py): no `{**d}`, dicts never iterated for an order the
player sees, sorts never relied on to be stable.
"""

import json

from facts import SIDES

AUTOSAVE = "richard3.autosave"
SLOT_PREFIX = "richard3.slot."
PREVIOUS = "richard3.previous"
# Whether the browser keeps the site's storage ("persisted", "denied", "unsupported": the answer
# to navigator.storage.persist), and whether the start screen said what that means (KEEP_SAID).
PERSIST = "richard3.persist"
KEEP_SAID = "richard3.keep-said"
KEEP_NOTE = ("This browser may delete your saved game after some days without a visit "
             "(Safari: 7 days) unless Richard III is on the home screen (How to play says how). "
             "Export it to keep it:")
META_PREFIX = "richard3.meta."
# The previous game's id in the slot list (the <select>'s value); a named slot's id is its name.
PREVIOUS_ID = "(previous game)"
PREVIOUS_NAME = "Previous game"

OFF = ("Saves are off: this browser does not let the page store anything (private mode or a "
       "page inside another site's frame, for example). You can play; export the save file "
       "to keep a game.")
FULL = ("Your game could not be saved in this browser (its storage is full or blocked). "
        "Play goes on; export the save file to keep it.")


def open_storage(get):
    """The storage `get()` returns (e.g. lambda: window.localStorage), or None when getting it
    or reading its length raises (storage blocked) or gives nothing."""
    try:
        storage = get()
        if storage is None:
            return None
        int(storage.length)
        return storage
    except Exception:
        return None


def get(storage, key):
    """The text stored under `key`, or None (absent, no storage, or the storage refused)."""
    if storage is None:
        return None
    try:
        value = storage.getItem(key)
    except Exception:
        return None
    return None if value is None else str(value)


def put(storage, key, text):
    """Store `text` under `key`; True if stored, False if the storage refused (full, blocked)."""
    if storage is None:
        return False
    try:
        return storage.setItem(key, text) is not False
    except Exception:
        return False


def remove(storage, key):
    """Remove `key`; True unless the storage refused."""
    if storage is None:
        return False
    try:
        return storage.removeItem(key) is not False
    except Exception:
        return False


def keys(storage):
    """Every key in the storage ([] if it cannot be read)."""
    if storage is None:
        return []
    out = []
    try:
        for i in range(int(storage.length)):
            k = storage.key(i)
            if k is not None:
                out.append(str(k))
    except Exception:
        return out
    return out


# ------------------------------------------------------------------------------ metadata
def status_text(st):
    """Who is to play, or who won, from the worker's status() ("York to play")."""
    if st.get("over"):
        return (st["winner"] + " won") if st.get("winner") else "Game over"
    active = st.get("active") or []
    return (" and ".join(active) + " to play") if active else ""


def meta_from_status(st, date, name=""):
    """The slot list's facts of the game whose status() is `st`, saved at `date` (ISO)."""
    return {"name": name, "date": date or "", "scenario": str(st.get("scenario") or ""),
            "campaign": st.get("campaign"), "turn": st.get("turn"),
            "status": status_text(st), "over": bool(st.get("over"))}


def meta_from_save(text, date=""):
    """The same facts read from a save's text (for a save stored without its meta), or None
    if it is not a save that can be read."""
    try:
        data = json.loads(text)
        game = data["game"]
        winner = game.get("winner")
        over = isinstance(winner, int) and winner >= 0
        return {"name": "", "date": date, "scenario": str(data.get("scenario") or ""),
                "campaign": game.get("campaign"), "turn": game.get("turn"),
                "status": (SIDES[winner] + " won") if over and winner < len(SIDES) else "",
                "over": over}
    except Exception:
        return None


def read_meta(storage, key):
    text = get(storage, META_PREFIX + key)
    if text is None:
        return None
    try:
        meta = json.loads(text)
    except Exception:
        return None
    return meta if isinstance(meta, dict) else None


def write(storage, key, text, meta, replace=False):
    """Store a save and its meta. If the storage is full and `replace`, the old value of `key`
    is removed first to make room (only when it is an older copy of the same game). True if
    the save itself is stored (its meta may not be, then it is listed without details)."""
    ok = put(storage, key, text)
    if not ok and replace and get(storage, key) is not None:
        remove(storage, META_PREFIX + key)
        remove(storage, key)
        ok = put(storage, key, text)
    if not ok:
        return False
    if not put(storage, META_PREFIX + key, json.dumps(meta)):
        remove(storage, META_PREFIX + key)  # no stale details beside the new save
    return True


# ---------------------------------------------------------------------------- the slots
def check_name(name):
    """Why `name` cannot name a slot (a sentence), or None if it can."""
    if not name:
        return "Give the save a name first."
    if name == PREVIOUS_ID or name == PREVIOUS_NAME:
        return f"“{name}” is kept for the previous game: choose another name."
    if len(name) > 80:
        return "That name is too long (80 characters at most)."
    return None


def slot_key(slot_id):
    return PREVIOUS if slot_id == PREVIOUS_ID else SLOT_PREFIX + slot_id


def save_slot(storage, name, text, meta):
    """Save `text` in the slot `name`; returns a sentence for the player and whether it saved."""
    problem = check_name(name)
    if problem:
        return False, problem
    if storage is None:
        return False, ("Not saved: this browser does not let the page store anything. "
                       "Export the save file to keep the game.")
    meta = dict(meta)
    meta["name"] = name
    if not write(storage, SLOT_PREFIX + name, text, meta, replace=True):
        return False, (f"Not saved as “{name}”: the browser's storage is full or blocked. "
                       "Delete an old save, or export the save file.")
    return True, f"Saved as “{name}”."


def load_slot(storage, slot_id):
    """The save text of a slot (None if it is gone or the storage refused)."""
    return get(storage, slot_key(slot_id)) if slot_id else None


def delete_slot(storage, slot_id):
    """Delete a slot and its meta; True if it is gone."""
    key = slot_key(slot_id)
    remove(storage, META_PREFIX + key)
    return remove(storage, key) and get(storage, key) is None


def slots(storage):
    """The saved games: the previous game (if any, id PREVIOUS_ID) first, then the named slots
    newest first: [{"id", "name", "date", "scenario", "campaign", "turn", "status"}]. Slots
    stored without meta come last, by name."""
    out = []
    for key in keys(storage):
        if key == PREVIOUS:
            slot_id, name = PREVIOUS_ID, PREVIOUS_NAME
        elif key.startswith(SLOT_PREFIX):
            slot_id = name = key[len(SLOT_PREFIX):]
        else:
            continue
        meta = read_meta(storage, key) or {}
        out.append({"id": slot_id, "name": name, "date": str(meta.get("date") or ""),
                    "scenario": str(meta.get("scenario") or ""),
                    "campaign": meta.get("campaign"), "turn": meta.get("turn"),
                    "status": str(meta.get("status") or "")})
    # The previous game first (it is the one a player looks for after a new game), then newest
    # first; ties (and undated slots, last) by name: unique keys, so any sort agrees.
    previous = [s for s in out if s["id"] == PREVIOUS_ID]
    named = [s for s in out if s["id"] != PREVIOUS_ID]
    dated = sorted([s for s in named if s["date"]], key=lambda s: (s["date"], s["name"]),
                   reverse=True)
    undated = sorted([s for s in named if not s["date"]], key=lambda s: s["name"])
    return previous + dated + undated


def iso_date(year, month, day, hour, minute, second):
    """A local date as ISO text ("2026-11-23T20:15:07"), from the page clock's parts (month
    1-12): built here from small numbers, as MicroPython's JS bridge mangles getTime()'s
    milliseconds."""
    def two(n):
        n = int(n)
        return ("0" if n < 10 else "") + str(n)
    return (f"{int(year)}-{two(month)}-{two(day)}T{two(hour)}:{two(minute)}:{two(second)}")


def when_text(iso):
    """An ISO date as "2026-11-23 20:15" (as given: the page passes its local time)."""
    if not iso or len(iso) < 16:
        return ""
    return iso[:10] + " " + iso[11:16]


def slot_label(slot):
    """One line of the slot list: name, date, scenario, campaign and turn, who is to play."""
    parts = [slot["name"]]
    when = when_text(slot.get("date"))
    if when:
        parts.append(when)
    if slot.get("scenario"):
        parts.append(slot["scenario"])
    if slot.get("turn") is not None and slot.get("campaign") is not None:
        parts.append(f"campaign {slot['campaign']}, turn {slot['turn']}")
    elif slot.get("turn") is not None:
        parts.append(f"turn {slot['turn']}")
    if slot.get("status"):
        parts.append(slot["status"])
    return " · ".join(parts)


# -------------------------------------------------------------------- the previous game
def autosave(storage, text, meta, ours=False):
    """Write the autosave. `ours`: the stored autosave is an older copy of this same game, so
    a full storage may make room by dropping it. True if saved."""
    return write(storage, AUTOSAVE, text, meta, replace=ours)


def autosave_meta(storage):
    """The autosave's facts (its meta, or read from the save itself), or None if none."""
    text = get(storage, AUTOSAVE)
    if text is None:
        return None
    return read_meta(storage, AUTOSAVE) or meta_from_save(text) or {"over": False}


def keep_previous(storage, current=None, incoming=None):
    """After a new game, a slot or an import replaced the game: keep the game it replaced in
    the previous game's slot if it was unfinished. `current`: (save text, meta) of the game the
    worker held, if it held an unfinished one; else the autosave is the game replaced (a page
    just opened). Nothing is kept when it is the save being loaded (`incoming`) or finished.
    Returns the kept game's meta, None if there was nothing to keep, or the meta with
    "failed": True if the storage refused it."""
    if current is not None:
        text, meta = current
    else:
        text = get(storage, AUTOSAVE)
        meta = autosave_meta(storage) if text is not None else None
    if text is None or text == incoming:
        return None
    meta = dict(meta or {})
    if meta.get("over"):
        return None
    meta["name"] = PREVIOUS_NAME
    if not write(storage, PREVIOUS, text, meta, replace=True):
        meta["failed"] = True
    return meta


def keep_refused(storage, text, date):
    """An autosave the engine refused (Continue failed) is moved to a named slot, so that the
    next autosave never overwrites it (issue 28): "Unreadable save <date>". Returns the slot's
    name, or None if the storage refused it (the autosave is then left as it is)."""
    name = ("Unreadable save " + date.replace("T", " "))[:60]
    meta = meta_from_save(text, date) or {}
    meta = dict(meta)
    meta["name"] = name
    meta["status"] = "cannot be loaded"
    if not write(storage, SLOT_PREFIX + name, text, meta, replace=True):
        return None
    remove(storage, META_PREFIX + AUTOSAVE)
    remove(storage, AUTOSAVE)
    return name


def memory_slot(meta):
    """The slot list's entry of a previous game held in the page only (storage refused it)."""
    return {"id": PREVIOUS_ID, "name": PREVIOUS_NAME, "date": str(meta.get("date") or ""),
            "scenario": str(meta.get("scenario") or ""), "campaign": meta.get("campaign"),
            "turn": meta.get("turn"), "status": str(meta.get("status") or "")}


def kept_message(meta):
    """What the player is told when keep_previous kept (or failed to keep) a game."""
    if not meta:
        return ""
    if meta.get("failed") and not meta.get("memory"):
        return ("Your unfinished game could not be kept (the browser's storage is full or "
                "blocked).")
    about = []
    if meta.get("scenario"):
        about.append(str(meta["scenario"]))
    if meta.get("campaign") is not None and meta.get("turn") is not None:
        about.append(f"campaign {meta['campaign']}, turn {meta['turn']}")
    what = f" ({', '.join(about)})" if about else ""
    if meta.get("memory"):
        return (f"Your unfinished game{what} was kept until you close this page (saves are "
                f"off): load it from Saves, “{PREVIOUS_NAME}”, or export it from there.")
    return f"Your unfinished game{what} was kept: load it from Saves, “{PREVIOUS_NAME}”."
