"""web/saves.py, the page's storage of saves: the autosave, named slots with their date,
scenario and turn, deleting them, the previous game kept when a new game replaces an unfinished
one, and a storage that is full or blocked (every call fails softly: the page plays on and
starts without storage). On CPython with fake storages, then the same script on MicroPython
(the page's main-thread interpreter) must give the same answers.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(WEB))


MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
DRIVER = Path(__file__).resolve().parent / "micropython_driver.mjs"

# Runs on both interpreters: fake storages (a dict, as localStorage; one full; one blocked)
# and a scenario of saves, returning every answer as JSON-able data.
SCRIPT = '''
import json
import facts
import saves

if not facts.SIDES:  # the page data's sides (game_host.page_data), unless a test set them
    facts.set_data({"sides": ["Lancaster", "York"]})


class Storage:
    """localStorage's interface over a dict; `room`: the most characters it holds (counting
    the value being replaced too, as a quota checked before the old value is freed)."""
    def __init__(self, room=10 ** 9):
        self.items = {}
        self.room = room

    @property
    def length(self):
        return len(self.items)

    def key(self, i):
        names = sorted(self.items)
        return names[i] if i < len(names) else None

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        used = sum([len(k) + len(v) for k, v in self.items.items()])
        if used + len(key) + len(value) > self.room:
            raise OSError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = str(value)

    def removeItem(self, key):
        self.items.pop(key, None)


class Blocked:
    """Storage the browser refuses: every call raises (a SecurityError in a frame)."""
    @property
    def length(self):
        raise OSError("SecurityError: access denied")

    def key(self, i):
        raise OSError("SecurityError")

    def getItem(self, key):
        raise OSError("SecurityError")

    def setItem(self, key, value):
        raise OSError("SecurityError")

    def removeItem(self, key):
        raise OSError("SecurityError")


class Guarded:
    """The page's web/storage.js: failures come back as answers (False, None), not raised."""
    def __init__(self, inner):
        self.inner = inner

    @property
    def length(self):
        return self.inner.length

    def key(self, i):
        return self.inner.key(i)

    def getItem(self, key):
        return self.inner.getItem(key)

    def setItem(self, key, value):
        try:
            self.inner.setItem(key, value)
            return True
        except Exception:
            return False

    def removeItem(self, key):
        self.inner.removeItem(key)
        return True


def refuse():
    raise OSError("SecurityError: window.localStorage is blocked")


def status(scenario, campaign, turn, active, over=False, winner=None):
    return {"game": True, "scenario": scenario, "campaign": campaign, "turn": turn,
            "active": active, "over": over, "winner": winner}


def run():
    out = {}
    # Getting the storage may itself raise; a blocked one is None; a working one is kept.
    out["open"] = [saves.open_storage(refuse) is None, saves.open_storage(lambda: Blocked()) is None,
                   saves.open_storage(lambda: None) is None,
                   saves.open_storage(lambda: Storage()) is not None]
    # Slots: metadata, listing newest first with labels, loading, deleting.
    st = Storage()
    a = saves.meta_from_status(status("1483", 3, 2, ["York"]), "2026-11-20T10:05:00.000")
    b = saves.meta_from_status(status("1460", 1, 4, ["Lancaster", "York"]),
                               "2026-11-22T18:30:12.000")
    out["save_a"] = saves.save_slot(st, "Bosworth", "SAVE-A", a)
    out["save_b"] = saves.save_slot(st, "Towton", "SAVE-B", b)
    st.setItem("richard3.slot.old", "SAVE-OLD")  # a slot from an older page: no meta
    st.setItem("other.key", "x")
    out["names"] = [saves.check_name(n) for n in ["", "(previous game)", "Previous game", "ok",
                                                  "x" * 81]]
    out["slots"] = saves.slots(st)
    out["labels"] = [saves.slot_label(s) for s in out["slots"]]
    out["load"] = [saves.load_slot(st, "Towton"), saves.load_slot(st, "gone"),
                   saves.load_slot(st, "")]
    out["delete"] = saves.delete_slot(st, "Towton")
    out["after_delete"] = [s["id"] for s in saves.slots(st)]
    out["keys_after_delete"] = sorted(st.items)
    # The autosave and the previous game.
    out["keep_nothing"] = saves.keep_previous(st)
    game1 = saves.meta_from_status(status("1470", 2, 5, ["Lancaster"]), "2026-11-23T09:00:00.000")
    out["autosave1"] = saves.autosave(st, "GAME-1", game1)
    out["keep_same"] = saves.keep_previous(st, None, "GAME-1")
    out["kept"] = saves.keep_previous(st)
    out["kept_message"] = saves.kept_message(out["kept"])
    out["previous_text"] = saves.load_slot(st, saves.PREVIOUS_ID)
    out["slots_with_previous"] = [saves.slot_label(s) for s in saves.slots(st)]
    st.setItem("richard3.meta.richard3.slot.Bosworth", json.dumps(dict(a, date="2027-01-01T00:00:00")))
    out["previous_first"] = [s["id"] for s in saves.slots(st)]
    # A worker's unfinished game is kept rather than the (older) autosave.
    now = saves.meta_from_status(status("1470", 2, 6, ["York"]), "2026-11-23T09:10:00.000")
    out["kept_current"] = saves.keep_previous(st, ("GAME-1b", now))
    out["previous_text2"] = saves.load_slot(st, saves.PREVIOUS_ID)
    # A finished game is not kept.
    done = saves.meta_from_status(status("1483", 1, 3, [], True, "York"), "2026-11-23T10:00:00.000")
    out["autosave_done"] = saves.autosave(st, "GAME-DONE", done)
    out["keep_done"] = saves.keep_previous(st)
    out["done_status"] = done["status"]
    # An autosave without meta (an older page): read from the save itself.
    st.removeItem("richard3.meta.richard3.autosave")
    st.setItem("richard3.autosave", json.dumps({"format": "richard3-save", "scenario": "1460",
                                                "game": {"campaign": 1, "turn": 3,
                                                         "winner": -1}}))
    out["meta_from_save"] = saves.autosave_meta(st)
    out["won_from_save"] = saves.meta_from_save(json.dumps(
        {"format": "richard3-save", "scenario": "1483", "game": {"campaign": 3, "turn": 7,
                                                                 "winner": 1}}))
    out["kept_old"] = saves.keep_previous(st)
    out["kept_old_message"] = saves.kept_message(out["kept_old"])
    out["delete_previous"] = saves.delete_slot(st, saves.PREVIOUS_ID)
    out["memory"] = saves.slot_label(saves.memory_slot(now))
    out["memory_message"] = saves.kept_message({"failed": True, "memory": True, "scenario": "1470",
                                                "campaign": 2, "turn": 6})

    # A full storage: nothing raises, the answers say it was not saved.
    full = Storage(room=60)
    out["full_autosave"] = saves.autosave(full, "G" * 100, game1)
    out["full_slot"] = saves.save_slot(full, "big", "G" * 100, game1)
    out["full_small"] = saves.autosave(full, "small", game1)
    out["full_keys"] = sorted(full.items)
    # Full, but the older autosave of the same game may go to make room.
    tight = Storage(room=150)
    out["tight1"] = saves.autosave(tight, "A" * 70, {"over": False})
    out["tight_not_ours"] = saves.autosave(tight, "B" * 75, {"over": False})
    out["tight_ours"] = saves.autosave(tight, "B" * 75, {"over": False}, True)
    out["tight_value"] = tight.getItem("richard3.autosave")[:3]
    out["full_keep"] = saves.keep_previous(Storage(room=0), ("GAME", game1))

    # The same through storage.js's answers.
    guarded = Guarded(Storage(room=150))
    out["guarded"] = [saves.autosave(guarded, "A" * 70, {"over": False}),
                      saves.autosave(guarded, "B" * 75, {"over": False}),
                      saves.autosave(guarded, "B" * 75, {"over": False}, True),
                      saves.save_slot(guarded, "x", "C" * 200, {"over": False}),
                      saves.get(guarded, "richard3.autosave")[:2],
                      saves.delete_slot(guarded, "nothing")]
    out["iso"] = [saves.iso_date(2026, 11, 3, 9, 5, 7), saves.iso_date(1999, 12, 31, 23, 59, 59),
                  saves.when_text(saves.iso_date(2026, 1, 2, 3, 4, 5)), saves.when_text("")]

    # A blocked storage (and no storage at all): every call fails softly.
    for name, store in (("blocked", Blocked()), ("none", None)):
        out[name] = {"get": saves.get(store, "k"), "put": saves.put(store, "k", "v"),
                     "remove": saves.remove(store, "k"), "keys": saves.keys(store),
                     "slots": saves.slots(store), "autosave": saves.autosave(store, "x", game1),
                     "slot": saves.save_slot(store, "name", "x", game1),
                     "load": saves.load_slot(store, "name"),
                     "delete": saves.delete_slot(store, "name"),
                     "keep": saves.keep_previous(store),
                     "keep_current": saves.keep_previous(store, ("GAME", game1)),
                     "meta": saves.autosave_meta(store)}
    return out
'''

exec(SCRIPT)


def answers():
    return json.loads(json.dumps(run()))  # noqa: F821 (defined by SCRIPT)


def test_slots_list_date_scenario_turn_newest_first_and_delete():
    out = answers()
    assert out["open"] == [True, True, True, True]
    assert out["save_a"] == [True, "Saved as “Bosworth”."]
    assert [s["id"] for s in out["slots"]] == ["Towton", "Bosworth", "old"]
    assert out["labels"] == [
        "Towton · 2026-11-22 18:30 · 1460 · campaign 1, turn 4 · Lancaster and York to play",
        "Bosworth · 2026-11-20 10:05 · 1483 · campaign 3, turn 2 · York to play",
        "old"]
    assert out["names"][0] == "Give the save a name first."
    assert "kept for the previous game" in out["names"][1] and out["names"][2]
    assert out["names"][3] is None and "too long" in out["names"][4]
    assert out["load"] == ["SAVE-B", None, None]
    assert out["delete"] is True and out["after_delete"] == ["Bosworth", "old"]
    assert not [k for k in out["keys_after_delete"] if "Towton" in k]


def test_an_unfinished_game_replaced_is_kept_as_the_previous_game():
    out = answers()
    assert out["keep_nothing"] is None  # no autosave yet
    assert out["autosave1"] is True
    assert out["keep_same"] is None  # loading the autosave itself (Continue) replaces nothing
    assert out["kept"]["scenario"] == "1470" and out["kept"]["turn"] == 5
    assert out["kept_message"] == ("Your unfinished game (1470, campaign 2, turn 5) was kept: "
                                   "load it from Saves, “Previous game”.")
    assert out["previous_text"] == "GAME-1"
    assert out["slots_with_previous"][0].startswith("Previous game · 2026-11-23 09:00 · 1470")
    assert out["previous_first"] == ["(previous game)", "Bosworth", "old"]
    assert out["kept_current"]["turn"] == 6 and out["previous_text2"] == "GAME-1b"
    assert out["done_status"] == "York won" and out["keep_done"] is None
    assert out["meta_from_save"]["scenario"] == "1460" and not out["meta_from_save"]["over"]
    assert out["won_from_save"]["status"] == "York won" and out["won_from_save"]["over"]
    assert "(1460, campaign 1, turn 3)" in out["kept_old_message"]
    assert out["delete_previous"] is True
    assert out["memory"].startswith("Previous game · 2026-11-23 09:10 · 1470")
    assert "until you close this page" in out["memory_message"]


def test_a_full_storage_refuses_softly():
    out = answers()
    assert out["full_autosave"] is False
    assert out["full_slot"][0] is False and "full or blocked" in out["full_slot"][1]
    assert out["full_small"] is True  # the save fits; its meta did not and is not left stale
    assert out["full_keys"] == ["richard3.autosave"]
    assert out["tight1"] is True and out["tight_not_ours"] is False
    assert out["tight_ours"] is True and out["tight_value"] == "BBB"
    assert out["full_keep"]["failed"] is True


def test_storage_js_answers_and_dates():
    out = answers()
    assert out["guarded"] == [True, False, True, [False, out["guarded"][3][1]], "BB", True]
    assert "Not saved as “x”" in out["guarded"][3][1]
    assert out["iso"] == ["2026-11-03T09:05:07", "1999-12-31T23:59:59", "2026-01-02 03:04", ""]


@pytest.mark.parametrize("name", ["blocked", "none"])
def test_a_blocked_storage_never_raises(name):
    got = answers()[name]
    assert got == {"get": None, "put": False, "remove": False, "keys": [], "slots": [],
                   "autosave": False,
                   "slot": got["slot"], "load": None, "delete": False,
                   "keep": None, "keep_current": got["keep_current"], "meta": None}
    assert got["keep_current"]["failed"] is True
    assert got["slot"][0] is False
    assert ("full or blocked" if name == "blocked" else "does not let the page store") in got["slot"][1]


def test_saves_answers_the_same_on_micropython(tmp_path):
    mjs = MICROPYTHON / "micropython.mjs"
    if not mjs.exists() or not shutil.which("node"):
        pytest.fail("MicroPython or node missing: run `python3 build.py test`")
    for name in ("saves.py", "facts.py"):
        shutil.copy2(WEB / name, tmp_path / name)
    (tmp_path / "driver.py").write_text(
        SCRIPT + "\nimport sys\nresult = run()\nresult['implementation'] = "
        "sys.implementation.name\njson.dump(result, open('saves.out.json', 'w'))\n")
    done = subprocess.run(["node", str(DRIVER), str(mjs), str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    theirs = json.loads((tmp_path / "saves.out.json").read_text())
    assert theirs.pop("implementation") == "micropython"
    assert theirs == answers()
