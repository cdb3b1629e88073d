"""The game record: the scenario, the seed and every action in order, from which the whole game
is rebuilt exactly (the engine is deterministic given the seed), and the replay check behind
``python -m richard3 replay FILE``.

``Game.record`` gives it as a dict, ``Game.record_json()`` as the text of a record file::

    {"format": "richard3-record", "version": 1, "scenario": "1470", "seed": "42",
     "actions": [[1, "keep"], [0, "keep"], [0, "play AP3"], [1, "play Surprise"], ...]}

(side 0 Lancaster, 1 York; the seed a decimal string, exact in any JSON reader). A save
(``Game.to_json()``) holds the same dict under "record" (null in saves made before records
were kept), and the page's save file holds that save under "game". A one-side log is not a
record: it hides the other side's secrets, so it cannot rebuild the game.
"""

from __future__ import annotations

import json

from roses.records import parse_json

from .actions import IllegalAction
from .game import Game, new_game
from .ids import PHASE_NAMES, quote
from .savecheck import U64, decimal

RECORD_FORMAT = "richard3-record"


class ReplayError(ValueError):
    """A file that cannot be replayed: not a save or record, no record, or an action of the
    record that is not legal when its turn comes. The message says which."""


def read(text) -> tuple[dict, Game | None]:
    """(record, saved game or None) from the text (or parsed dict) of a record file, a
    ``Game.to_json()`` save or the page's save file (``{"format": "richard3-save", ...,
    "game": {...}}``). Raises ReplayError if it is none of them or holds no record."""
    data = parse_json(text, ReplayError)
    if isinstance(data, dict) and data.get("format") == "richard3-save":
        data = data.get("game")
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        if data.get("version") != 1:
            raise ReplayError(f"record version {quote(data.get('version'))} is not supported (1)")
        return _checked(data), None
    if not isinstance(data, dict) or data.get("format") != "richard3-game":
        raise ReplayError("not a saved game or record of Richard III (no known 'format')")
    try:
        saved = Game.from_json(data)
    except ValueError as exc:
        raise ReplayError(f"the saved game is damaged: {exc}") from None
    record = saved.record
    if record is None:
        raise ReplayError("this save has no record (it was made before records were kept), "
                          "so it cannot be replayed")
    return record, saved


def _checked(data: dict) -> dict:
    """A record file's fields, checked: scenario, seed, actions [[side, notation], ...]."""
    actions = data.get("actions")
    if not isinstance(data.get("scenario"), str) or not isinstance(actions, list):
        raise ReplayError("the record lacks its 'scenario' or its 'actions' list")
    try:
        seed = decimal(data.get("seed"), "seed", -U64 + 1, U64 - 1)
    except ValueError as exc:
        raise ReplayError(f"the record's {str(exc).removeprefix('saved game: ')}") from None
    for i, entry in enumerate(actions):
        if not (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int
                and entry[0] in (0, 1) and isinstance(entry[1], str)):
            raise ReplayError(f"record action {i + 1} must be [side 0 or 1, notation], not "
                              f"{quote(entry)}")
    return {"scenario": data["scenario"], "seed": str(seed), "actions": actions}


def replay(record) -> Game:
    """Rebuild the game of a record (a dict as ``Game.record`` gives it, or the text of a record
    file or save): a new game of its scenario and seed, then each action through
    ``Game.apply``. Raises ReplayError naming the first action that is not legal."""
    if not (isinstance(record, dict) and "actions" in record and "format" not in record):
        record = read(record)[0]
    try:
        g = new_game(record["scenario"], seed=int(record["seed"]))
    except KeyError as exc:
        raise ReplayError(f"the record names no known scenario ({exc})") from None
    for i, (side, text) in enumerate(record["actions"]):
        try:
            g.apply(side, text)
        except IllegalAction as exc:
            raise ReplayError(f"record action {i + 1} ({side} {quote(text)}) is not legal "
                              f"when its turn comes: {exc}") from None
    return g


def check(text) -> tuple[bool, str]:
    """Replay the record of a save (or record file) and compare the result with the saved
    state: (True, verdict) if every field of the state is equal (``Game._FIELDS``), else
    (False, verdict naming the fields that differ). Raises ReplayError for a file that cannot
    be replayed (see ``read`` and ``replay``)."""
    record, saved = read(text)
    g = replay(record)
    n = len(record["actions"])
    where = (f"scenario {g.scenario}, campaign {g.campaign}, game turn {g.turn}, "
             + (g.reason if g.is_over else f"{PHASE_NAMES[g.phase]} phase"))
    if saved is None:
        return True, f"the record's {n} actions replay without error ({where})"
    mine, theirs = json.loads(g.to_json()), json.loads(saved.to_json())
    differ = [f for f in Game._FIELDS if mine[f] != theirs[f]]
    if differ:
        return False, (f"MISMATCH: after the record's {n} actions the game differs from the "
                       f"saved state in: {', '.join(differ)}")
    note = "" if mine["log"] == theirs["log"] else " (the log's wording differs)"
    return True, f"OK: the record's {n} actions rebuild the saved state exactly ({where}){note}"
