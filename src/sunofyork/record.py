"""The game record of Sun of York: the scenario, the seed, the options, the decks and every
action in order, from which the whole game is rebuilt exactly (the engine is deterministic given
the seed), and the replay check behind ``python -m sunofyork replay FILE``.

``record_json(g)`` gives the text of a record file::

    {"format": "sunofyork-record", "version": 1, "scenario": "towton", "seed": "42",
     "options": 0, "decks": "standard", "actions": [[1, ["deploy", 17, 3]], [0, ["keep", 5]]]}

(side 0 Lancaster, 1 York; the seed a decimal string, exact in any JSON reader; ``decks`` as in a
save: "standard" or the two decks in full). A save (``Game.to_json()``) holds the same in its
``scenario``, ``seed``, ``options``, ``decks`` and ``record`` fields, so either can be replayed.
"""

from __future__ import annotations

import json

from roses.records import parse_json

from . import savefile
from .game import Game, IllegalAction, new_game
from .state import PHASE_NAMES

RECORD_FORMAT = "sunofyork-record"


class ReplayError(ValueError):
    """A file that cannot be replayed: not a save or record, no record, or an action of the
    record that is not legal when its turn comes. The message says which."""


def record_dict(g) -> dict:
    """The record of game ``g`` as a JSON-ready dict (see the module docstring)."""
    if g.record is None:
        raise ReplayError("this game keeps no record")
    decks = "standard" if savefile._is_standard(g.decks) else [
        [savefile._card_dict(c) for c in deck] for deck in g.decks]
    return {"format": RECORD_FORMAT, "version": 1, "scenario": g.scenario, "seed": str(g.seed),
            "options": g.options, "decks": decks, "actions": [[s, list(a)] for s, a in g.record]}


def record_json(g) -> str:
    """The record of game ``g`` as the text of a record file."""
    return json.dumps(record_dict(g), separators=(",", ":"))


def read(text) -> tuple[dict, Game | None]:
    """(record dict, saved game or None) from the text (or parsed dict) of a record file or a
    save. Raises ReplayError if it is neither, is damaged or holds no record."""
    data = parse_json(text, ReplayError)
    if not isinstance(data, dict):
        raise ReplayError("not a saved game or record of Sun of York (not a JSON object)")
    fmt = data.get("format")
    if isinstance(fmt, str) and fmt.startswith("richard3"):
        raise ReplayError("this is a Richard III save or record, not one of Sun of York: "
                          "replay it with python -m richard3 replay")
    if fmt == RECORD_FORMAT:
        return _checked(data), None
    if fmt != savefile.FORMAT:
        raise ReplayError("not a saved game or record of Sun of York (no known 'format')")
    try:
        saved = Game.from_json(data)
    except ValueError as exc:
        raise ReplayError(f"the saved game is damaged: {exc}") from None
    if saved.record is None:
        raise ReplayError("this save has no record, so it cannot be replayed")
    return {"scenario": saved.scenario, "seed": str(saved.seed), "options": saved.options,
            "decks": saved.decks, "actions": saved.record}, saved


def _checked(data: dict) -> dict:
    """A record file's fields, checked with the save's own checks."""
    if data.get("version") != 1 or type(data.get("version")) is not int:
        raise ReplayError(f"record version {data.get('version')!r} is not supported (1)")
    try:
        scenario = savefile._str(data.get("scenario"), "scenario",
                                 savefile.SCENARIO_IDS + ("campaign",))
        seed = savefile._decimal(data.get("seed"), "seed", -savefile.U64 + 1, savefile.U64 - 1)
        options = savefile._int(data.get("options"), "options", 0, 2)
        decks = savefile._decks(data.get("decks"))
        actions = savefile._record(data.get("actions"))
    except ValueError as exc:
        raise ReplayError(f"the record is damaged: {str(exc).removeprefix('sunofyork save: ')}"
                          ) from None
    if actions is None:
        raise ReplayError("the record has no actions list")
    return {"scenario": scenario, "seed": str(seed), "options": options, "decks": decks,
            "actions": actions}


def replay(record) -> Game:
    """Rebuild the game of a record (a dict as ``read`` gives it, or the text of a record file
    or save): a new game of its scenario, seed, options and decks, then each action through
    ``Game.apply``. Raises ReplayError naming the first action that is not legal."""
    if not (isinstance(record, dict) and "actions" in record and "format" not in record):
        record = read(record)[0]
    decks = record.get("decks")
    if decks == "standard" or isinstance(decks, list):
        decks = savefile._decks(decks)
    try:
        g = new_game(record["scenario"], seed=int(record["seed"]),
                     options=record.get("options", 0), decks=decks)
    except (KeyError, ValueError) as exc:
        raise ReplayError(f"the record cannot start a game: {exc}") from None
    for i, (side, action) in enumerate(record["actions"]):
        try:
            g.apply(side, action)
        except IllegalAction as exc:
            raise ReplayError(f"record action {i + 1} ({side} {list(action)!r}) is not legal "
                              f"when its turn comes: {exc}") from None
        except ValueError as exc:
            raise ReplayError(f"record action {i + 1} ({side} {list(action)!r}) cannot be "
                              f"applied: {exc}") from None
    return g


def check(text) -> tuple[bool, str]:
    """Replay the record of a save (or a record file) and compare the result with the saved
    state: (True, verdict) if every saved field is equal (``savefile.same``), else (False,
    verdict naming the fields that differ). Raises ReplayError for a file that cannot be
    replayed (see ``read`` and ``replay``)."""
    record, saved = read(text)
    g = replay(record)
    n = len(record["actions"])
    where = (f"scenario {g.scenario}, turn {g.turn}, "
             + (f"over: {g.reason}" if g.is_over else f"{PHASE_NAMES[g.phase]} phase"))
    if saved is None:
        return True, f"the record's {n} actions replay without error ({where})"
    differ = savefile.differences(g, saved)
    if differ:
        return False, (f"MISMATCH: after the record's {n} actions the game differs from the "
                       f"saved state in: {', '.join(differ)}")
    return True, f"OK: the record's {n} actions rebuild the saved state exactly ({where})"


__all__ = ["RECORD_FORMAT", "ReplayError", "check", "read", "record_dict", "record_json",
           "replay"]
