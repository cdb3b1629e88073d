"""The two 110-card decks of Sun of York (2.0-2.2): reading, checking and shipping them.

The rulebook does not list the cards of GMT's printed decks. The decks shipped in
``sunofyork/data/lancaster.toml`` and ``york.toml`` are the project's STAND-INS, built from
what the rulebook says about the cards (2.1, 7.0, 8.0, 9.1, the Designer's Notes, the values
printed in the Detailed Example of Play); docs/sunofyork-decks.md describes them and the file
format, so that a player who owns the game can write the printed cards into a file of the
same shape and load it with ``load_deck``.

A deck file is TOML::

    [deck]
    side = "York"            # "Lancaster" or "York"
    name = "Yorkist deck"
    stand_in = true          # true: not GMT's printed cards
    note = "..."             # optional

    [[card]]                 # 110 of these, ids 1-110 each once, in any order
    id = 17
    kind = "unit"            # "unit", "leader", "terrain" or "special"
    type = "Longbowmen"
    name = "Longbowmen"
    ability = 1
    long_range = 2           # missiles only
    cohesion = 3

Fields by kind (every other field is refused; unknown fields too):

- unit (2.2.2): ``id``, ``kind``, ``type`` (a ``UNIT_TYPES`` name), ``name``, ``ability``
  (1-6), ``cohesion`` (1-6), ``long_range`` (0-6; required for missiles, refused for the
  others), optional ``veteran`` (bool, default false) and ``move`` (1-2; default 2 for
  cavalry, 1 for the rest, 6.2.3 (A)).
- leader (2.2.1): ``id``, ``kind``, ``type`` = "Leader", ``name``, ``key`` (lower-case
  letters, digits and "_", unique in the deck), ``orders`` (0-6), ``ability`` (0-6),
  ``leadership`` (0-3), ``battles`` (a list of scenario ids of ``HISTORICAL_IDS``, each
  once; may be empty), optional ``royal`` and ``loyal`` (bool, default false).
- terrain (2.2.3, 7.0) and special (2.2.4, 8.0): ``id``, ``kind``, ``type`` (a
  ``TERRAIN_TYPES`` / ``SPECIAL_TYPES`` name), ``name``, ``orders`` (0-6).

Every problem is a ``DeckError`` (a ``ValueError``) whose message names the source, the card
(its id and name) and the field: ``"york.toml: card 17 (Longbowmen): cohesion must be 1-6,
not 9"``.
"""

from __future__ import annotations

import functools
import re
import tomllib
from importlib import resources

from .cards import (KINDS, LANCASTER, LEADER, MISSILE, CAVALRY, SIDE_NAMES, SPECIAL,
                    SPECIAL_TYPES, TERRAIN, TERRAIN_TYPES, UNIT, UNIT_CLASS, UNIT_TYPES, YORK,
                    Card)

__all__ = ["DeckError", "DECK_SIZE", "HISTORICAL_IDS", "load_deck", "standard_deck",
           "deck_file_name"]

DECK_SIZE = 110  # 2.0: "Each player works from his own deck of 110 cards"

# 9.1.1-9.1.20, in the rulebook's order: the ids a leader's ``battles`` may name (2.2.1).
# The random scenario (9.2) is not a battle a leader card lists.
HISTORICAL_IDS = (
    "st_albans_1", "blore_heath", "ludford_bridge", "northampton", "wakefield",
    "mortimers_cross", "st_albans_2", "ferrybridge_1", "ferrybridge_2", "towton",
    "hedgeley_moor", "hexham", "edgecote_moor", "losecote_field", "barnet", "tewkesbury",
    "bosworth", "stoke", "shrewsbury", "heworth_moor",
)

LEADER_TYPE = "Leader"

_DECK_FIELDS = {"side": str, "name": str, "stand_in": bool, "note": str}
_DECK_REQUIRED = ("side", "name", "stand_in")

# kind -> (required fields, optional fields) besides id and kind
_FIELDS = {
    UNIT: (("type", "name", "ability", "cohesion"), ("long_range", "veteran", "move")),
    LEADER: (("type", "name", "key", "orders", "ability", "leadership", "battles"),
             ("royal", "loyal")),
    TERRAIN: (("type", "name", "orders"), ()),
    SPECIAL: (("type", "name", "orders"), ()),
}
_ALL_FIELDS = ("id", "kind", "type", "name", "key", "orders", "ability", "long_range",
               "cohesion", "veteran", "move", "leadership", "royal", "loyal", "battles")
_INT_RANGES = {  # field -> (low, high); unit ability is 1-6, a leader's 0-6
    "orders": (0, 6), "long_range": (0, 6), "cohesion": (1, 6), "move": (1, 2),
    "leadership": (0, 3),
}
_BOOL_FIELDS = ("veteran", "royal", "loyal")
_STR_FIELDS = ("type", "name", "key")
_KEY_RE = re.compile(r"[a-z][a-z0-9_]*\Z")


class DeckError(ValueError):
    """A deck file that cannot be read or breaks the rules of 2.0-2.2 (message: source, card,
    field)."""


def _side_index(side) -> int:
    """LANCASTER/YORK (0/1) or "Lancaster"/"York" (any case) -> 0/1; anything else ValueError."""
    wrong = f"side must be LANCASTER (0), YORK (1), 'Lancaster' or 'York', not {side!r}"
    if isinstance(side, bool):
        raise ValueError(wrong)
    if isinstance(side, int) and side in (LANCASTER, YORK):
        return side
    if isinstance(side, str):
        for i, name in enumerate(SIDE_NAMES):
            if side.strip().lower() == name.lower():
                return i
    raise ValueError(wrong)


def _show(value) -> str:
    return repr(value) if isinstance(value, str) else str(value).lower() if isinstance(
        value, bool) else str(value)


def _type_name(value) -> str:
    return {bool: "a boolean", int: "an integer", float: "a number", str: "a string",
            list: "a list", dict: "a table"}.get(type(value), type(value).__name__)


def _check_card(raw: dict, position: int, side: int, source: str) -> Card:
    """One ``[[card]]`` table -> Card, or DeckError naming the card and the field."""
    name = raw.get("name")
    cid = raw.get("id")
    good_id = isinstance(cid, int) and not isinstance(cid, bool)
    shown_id = cid if good_id else f"#{position} in the file"
    where = (f"{source}: card {shown_id} ({name})" if isinstance(name, str) and name
             else f"{source}: card {shown_id}")

    def fail(text: str):
        raise DeckError(f"{where}: {text}")

    for f in raw:
        if f not in _ALL_FIELDS:
            fail(f"unknown field {f!r} (the fields are: {', '.join(_ALL_FIELDS)})")
    if "id" not in raw:
        fail("id missing")
    if not isinstance(cid, int) or isinstance(cid, bool):
        fail(f"id must be an integer, not {_type_name(cid)} ({_show(cid)})")
    if not 1 <= cid <= DECK_SIZE:
        fail(f"id must be 1-{DECK_SIZE}, not {cid}")
    if "kind" not in raw:
        fail("kind missing")
    kind = raw["kind"]
    if kind not in KINDS:
        fail(f"kind must be one of {', '.join(KINDS)}, not {_show(kind)}")
    required, optional = _FIELDS[kind]
    for f in raw:
        if f not in ("id", "kind") and f not in required and f not in optional:
            fail(f"{f} is not a field of a {kind} card"
                 + (" (only missile units have a long range)" if f == "long_range" else ""))
    for f in required:
        if f not in raw:
            fail(f"{f} missing (a {kind} card needs {', '.join(required)})")

    # field types
    for f, value in raw.items():
        if f in _STR_FIELDS and not isinstance(value, str):
            fail(f"{f} must be a string, not {_type_name(value)} ({_show(value)})")
        if f in _BOOL_FIELDS and not isinstance(value, bool):
            fail(f"{f} must be true or false, not {_type_name(value)} ({_show(value)})")
        if f in _INT_RANGES or f == "ability":
            if not isinstance(value, int) or isinstance(value, bool):
                fail(f"{f} must be an integer, not {_type_name(value)} ({_show(value)})")
    if not raw["name"].strip():
        fail("name must not be empty")

    ctype = raw["type"]
    if kind == UNIT:
        if ctype not in UNIT_TYPES:
            fail(f"type must be a unit type ({', '.join(UNIT_TYPES)}), not {ctype!r}")
        if not 1 <= raw["ability"] <= 6:
            fail(f"ability must be 1-6, not {raw['ability']}")
        cls = UNIT_CLASS[ctype]
        if cls == MISSILE and "long_range" not in raw:
            fail(f"long_range missing (a {ctype} unit is a missile unit, 2.2.2)")
        if cls != MISSILE and "long_range" in raw:
            fail(f"long_range is for missile units only; a {ctype} unit is a {cls} unit")
    elif kind == LEADER:
        if ctype != LEADER_TYPE:
            fail(f"type of a leader card must be {LEADER_TYPE!r}, not {ctype!r}")
        if not 0 <= raw["ability"] <= 6:
            fail(f"ability must be 0-6, not {raw['ability']}")
        if not _KEY_RE.match(raw["key"]):
            fail(f"key must be lower-case letters, digits and '_' (like 'salisbury'), "
                 f"not {raw['key']!r}")
        battles = raw["battles"]
        if not isinstance(battles, list):
            fail(f"battles must be a list of scenario ids, not {_type_name(battles)} "
                 f"({_show(battles)})")
        for b in battles:
            if not isinstance(b, str):
                fail(f"battles must hold scenario ids (strings), not {_type_name(b)} ({_show(b)})")
            if b not in HISTORICAL_IDS:
                fail(f"battles: unknown scenario id {b!r} (known: {', '.join(HISTORICAL_IDS)})")
        dup = sorted({b for b in battles if battles.count(b) > 1})
        if dup:
            fail(f"battles lists {dup[0]!r} twice")
    elif kind == TERRAIN:
        if ctype not in TERRAIN_TYPES:
            fail(f"type must be a terrain type ({', '.join(TERRAIN_TYPES)}), not {ctype!r}")
    else:
        if ctype not in SPECIAL_TYPES:
            fail(f"type must be a special card type ({', '.join(SPECIAL_TYPES)}), not {ctype!r}")
    for f, (low, high) in _INT_RANGES.items():
        if f in raw and not low <= raw[f] <= high:
            fail(f"{f} must be {low}-{high}, not {raw[f]}")

    values = {f: raw[f] for f in raw if f != "battles"}
    if kind == LEADER:
        values["battles"] = tuple(raw["battles"])
    if kind == UNIT and "move" not in raw:
        values["move"] = 2 if UNIT_CLASS[ctype] == CAVALRY else 1
    return Card(side=side, **values)


def load_deck(text: str, source: str = "<deck>", side=None) -> tuple[Card, ...]:
    """Parse and check a TOML deck file (format: the module docstring; rules 2.0-2.2).

    - ``text``: the file's contents; ``source``: its name, used in every error message.
    - ``side``: None (take the file's), or LANCASTER/YORK (0/1) or "Lancaster"/"York": the
      side the caller expects; a file of the other side is refused.

    Returns the 110 cards as a tuple ordered by id, so ``deck[id - 1]`` is card ``id``; each
    card's ``side`` is the file's ``[deck] side``.

    Raises DeckError (a ValueError) when the text is not TOML, the ``[deck]`` table is missing
    or wrong, the side is not the one expected, a card breaks its kind's fields (types, ranges,
    missing or unknown fields: see the module docstring), two leaders share a key, or the ids
    are not 1-110 each once. Raises ValueError if ``side`` itself is not a side.
    """
    expected = None if side is None else _side_index(side)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DeckError(f"{source}: not a valid TOML file: {exc}") from None
    for top in data:
        if top not in ("deck", "card"):
            raise DeckError(f"{source}: unknown table {top!r} (a deck file has [deck] and "
                            f"[[card]] only)")
    deck = data.get("deck")
    if not isinstance(deck, dict):
        raise DeckError(f"{source}: deck: the [deck] table is missing")
    for f, value in deck.items():
        if f not in _DECK_FIELDS:
            raise DeckError(f"{source}: deck: unknown field {f!r} (the fields are: "
                            f"{', '.join(_DECK_FIELDS)})")
        if not isinstance(value, _DECK_FIELDS[f]):
            raise DeckError(f"{source}: deck: {f} must be "
                            f"{'true or false' if _DECK_FIELDS[f] is bool else 'a string'}, "
                            f"not {_type_name(value)} ({_show(value)})")
    for f in _DECK_REQUIRED:
        if f not in deck:
            raise DeckError(f"{source}: deck: {f} missing")
    if deck["side"] not in SIDE_NAMES:
        raise DeckError(f"{source}: deck: side must be 'Lancaster' or 'York', not {deck['side']!r}")
    deck_side = SIDE_NAMES.index(deck["side"])
    if expected is not None and deck_side != expected:
        raise DeckError(f"{source}: deck: side is {deck['side']!r}, but a "
                        f"{SIDE_NAMES[expected]} deck was expected")

    raws = data.get("card", [])
    if not isinstance(raws, list) or not all(isinstance(r, dict) for r in raws):
        raise DeckError(f"{source}: cards must be [[card]] tables")
    cards: list[Card] = [_check_card(raw, i, deck_side, source) for i, raw in enumerate(raws, 1)]

    by_id: dict[int, Card] = {}
    for card in cards:
        if card.id in by_id:
            first = by_id[card.id]
            raise DeckError(f"{source}: card {card.id} ({card.name}): id {card.id} is used twice "
                            f"(also by {first.name})")
        by_id[card.id] = card
    keys: dict[str, Card] = {}
    for card in cards:
        if card.kind == LEADER:
            if card.key in keys:
                raise DeckError(f"{source}: card {card.id} ({card.name}): key {card.key!r} is "
                                f"already the key of card {keys[card.key].id} "
                                f"({keys[card.key].name})")
            keys[card.key] = card
    if len(cards) != DECK_SIZE:
        missing = [i for i in range(1, DECK_SIZE + 1) if i not in by_id]
        raise DeckError(f"{source}: deck: {len(cards)} cards, but a deck has {DECK_SIZE} (2.0)"
                        + (f"; missing ids: {', '.join(map(str, missing[:10]))}"
                           + (" ..." if len(missing) > 10 else "") if missing else ""))
    return tuple(by_id[i] for i in range(1, DECK_SIZE + 1))


def deck_file_name(side) -> str:
    """The shipped stand-in deck's file name: "lancaster.toml" or "york.toml"."""
    return f"{SIDE_NAMES[_side_index(side)].lower()}.toml"


@functools.lru_cache(maxsize=2)
def _standard(side: int) -> tuple[Card, ...]:
    name = deck_file_name(side)
    text = resources.files("sunofyork.data").joinpath(name).read_text(encoding="utf-8")
    return load_deck(text, name, side=side)


def standard_deck(side) -> tuple[Card, ...]:
    """The shipped stand-in deck of ``side`` (LANCASTER/YORK or "Lancaster"/"York"), read once
    and cached: 110 Cards ordered by id. These are the project's stand-ins, not GMT's printed
    cards (docs/sunofyork-decks.md). Raises ValueError for an unknown side and DeckError if the
    shipped file is broken."""
    return _standard(_side_index(side))
