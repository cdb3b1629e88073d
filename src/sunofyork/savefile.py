"""Saving and loading a game of Sun of York: ``dump(g) -> str`` and ``load(cls, text) -> Game``
(``Game.to_json`` / ``Game.from_json`` call them), and ``same(a, b)``, the equality of two games
on every saved field.

A save is compact JSON::

    {"format": "sunofyork-save", "version": 1, "engine": "0.1.0", "scenario": "towton",
     "seed": "42", "rng": "1234...", "options": 0, "phase": 7, ..., "decks": "standard",
     "log": [["battle", "towton"], ...], "record": [[1, ["deploy", 17, 3]], ...]}

Every field of ``State`` is saved under its own name but those that follow from the scenario
(``DERIVED``: rebuilt with ``game.derive`` from the scenario, for a campaign from the battle
being fought, ``campaign["battle"]``). The seed and the generator are decimal strings (64-bit
ints are not exact in every JSON reader); ``decks`` is "standard" for the shipped stand-ins,
else the two decks in full, a list of card dicts each (the fields of a deck file's
``[[card]]``); the log's events, tuples in the game, are lists in the file; ``targets`` (a dict
of card ids) is a list of [card, target] pairs. A field added since version 1 (``OPTIONAL``:
``flank_rolled``) may be absent from an older save, which then loads with its default.

A save may be damaged or forged, so ``load`` trusts nothing: every field is checked for its
type, length and range, then what ties the fields together (every card of each side in exactly
one place, the place lists and ``at`` agreeing with ``loc``, the markers only on cards in the
field, the hits a unit can stand, the phase and what it needs: a pending damage, a campaign
between battles, a winner once over) and finally that each side to decide has a legal action.
Anything wrong raises ValueError naming the field (``sunofyork save: field 'hits[1][17]' must
be an int 0-6, not 9``); no other exception escapes and nothing in a save makes the load hang.
A Richard III save (or record) is refused as such.
"""

from __future__ import annotations

import json

from . import __version__
from .campaign import VICTORIES
from .cards import LEADER, UNIT
from .decks import _FIELDS as CARD_FIELDS, DECK_SIZE, DeckError, _check_card, standard_deck
from .field import NPOS
from .scenario import CAMPAIGN_ORDER, SCENARIO_IDS, load_scenario
from .state import (ASIDE, BESIDE, BETWEEN, DAMAGE, DEALT, DECK, DISCARD, HAND, LEADER_HIT,
                    MOVEMENT, OUT, OVER, PHASE_NAMES, SETUP, State)

FORMAT = "sunofyork-save"
VERSION = 1
#: State's fields that follow from the scenario: not saved, rebuilt by ``game.derive``
DERIVED = ("sc", "weather", "columns", "cavalry_barred", "flank_plus", "_legal_cache")
#: the saved fields of State, in the order of State.__slots__
SAVED = tuple(f for f in State.__slots__ if f not in DERIVED)
#: the keys of a save besides the state's fields
HEADER = ("format", "version", "engine")
#: saved fields that saves from before them lack, with the value such a save loads with
OPTIONAL = {"flank_rolled": 0}

U64 = 1 << 64
MAX_INT = 1 << 64           # any int in the log or the record
MAX_TEXT = 200              # a string in the log, a verb, a reason, a key
MAX_DEPTH = 4               # nesting of an event's items
MAX_LIST = 1_000_000        # the log and the record
MAX_FLAGS = 4095            # every marker of state.py set
MAX_TURN = 10_000
CAMPAIGN_KEYS = ("order", "index", "wins", "results", "dead", "injured", "henry", "kings",
                 "ready", "battle")
HENRY_STATES = ("free", "perturbed", "at_next", "captured", "dead")
KINGS = (("henry_vi", "henry_vii"), ("", "edward_iv", "richard_iii", "simnel"))
REASONS = ("", "capture", "stalemate", "campaign")
_LISTS = {DECK: "deck", HAND: "hand", DISCARD: "discard", OUT: "removed", DEALT: "dealt",
          ASIDE: "setaside"}


# ============================================================================ dump
def _plain(x):
    """Tuples (the log's events) as lists, recursively."""
    if isinstance(x, (tuple, list)):
        return [_plain(y) for y in x]
    return x


def _card_dict(card) -> dict:
    """A card as a deck file's ``[[card]]`` table (only the fields of its kind)."""
    required, optional = CARD_FIELDS[card.kind]
    d = {"id": card.id, "kind": card.kind}
    for f in required + optional:
        if f == "long_range" and card.unit_class != "missile":
            continue
        v = getattr(card, f)
        d[f] = list(v) if f == "battles" else v
    return d


def _is_standard(decks) -> bool:
    return all(decks[s] is standard_deck(s) or decks[s] == standard_deck(s) for s in (0, 1))


def dump(g) -> str:
    """The game ``g`` as the compact JSON text of a save (the module docstring)."""
    d = {"format": FORMAT, "version": VERSION, "engine": __version__}
    for f in SAVED:
        v = getattr(g, f)
        if f in ("seed", "rng"):
            v = str(v)
        elif f == "decks":
            v = "standard" if _is_standard(v) else [[_card_dict(c) for c in deck] for deck in v]
        elif f == "log":
            v = [_plain(e) for e in v]
        elif f == "targets":
            v = [[c, _plain(t)] for c, t in v.items()]
        d[f] = v
    return json.dumps(d, separators=(",", ":"))


# ============================================================================ same
def differences(a, b) -> list:
    """The saved fields (``SAVED``) in which games ``a`` and ``b`` differ."""
    return [f for f in SAVED if getattr(a, f, None) != getattr(b, f, None)]


def same(a, b) -> bool:
    """Whether games ``a`` and ``b`` are equal on every saved field."""
    return not differences(a, b)


# ============================================================================ load: primitives
class _Bad(ValueError):
    pass


def fail(field: str, why: str, value=...) -> None:
    """Raise the ValueError of a bad field, quoting at most about 80 characters of the value."""
    tail = ""
    if value is not ...:
        try:
            shown = json.dumps(value)
        except (TypeError, ValueError, RecursionError):
            shown = repr(type(value).__name__)
        if len(shown) > 80:
            shown = shown[:77] + "..."
        tail = f", not {shown}"
    raise ValueError(f"sunofyork save: field '{field}' {why}{tail}")


def _int(v, field: str, lo: int, hi: int) -> int:
    if type(v) is not int or not lo <= v <= hi:
        fail(field, f"must be {lo} or {hi}" if hi - lo == 1 else f"must be an int {lo}-{hi}"
             if lo >= 0 else f"must be an int from {lo} to {hi}", v)
    return v


def _list(v, field: str, size=None, max_size: int = MAX_LIST) -> list:
    if type(v) is not list:
        fail(field, "must be a list", v)
    if size is not None and len(v) != size:
        fail(field, f"must hold {size} items, not {len(v)}")
    if len(v) > max_size:
        fail(field, f"must hold at most {max_size} items, not {len(v)}")
    return v


def _ints(v, field: str, size, lo: int, hi: int, max_size: int = MAX_LIST) -> list:
    _list(v, field, size, max_size)
    return [_int(x, f"{field}[{i}]", lo, hi) for i, x in enumerate(v)]


def _pair(v, field: str, lo: int, hi: int) -> list:
    return _ints(v, field, 2, lo, hi)


def _str(v, field: str, choices=None, max_len: int = MAX_TEXT) -> str:
    if type(v) is not str or len(v) > max_len:
        fail(field, f"must be a string of at most {max_len} characters", v)
    if choices is not None and v not in choices:
        fail(field, "must be one of " + ", ".join(repr(c) for c in choices), v)
    return v


def _decimal(v, field: str, lo: int, hi: int) -> int:
    """An int in [lo, hi] written as a decimal string."""
    if type(v) is str and 0 < len(v) <= 41 and v.isascii():
        digits = v[1:] if v.startswith("-") else v
        if digits.isdigit():
            n = int(v)
            if lo <= n <= hi:
                return n
    fail(field, f"must be a decimal string of an int {lo}-{hi}", v)


def _item(v, field: str, depth: int):
    """One item of an event: an int, a bool, a string or a list of items (-> tuple)."""
    t = type(v)
    if t is bool or t is str and len(v) <= MAX_TEXT or t is int and -MAX_INT <= v <= MAX_INT:
        return v
    if t is list and depth < MAX_DEPTH and len(v) <= 1000:
        return tuple(_item(x, f"{field}[{i}]", depth + 1) for i, x in enumerate(v))
    fail(field, "must be an int, a boolean, a string or a list of them", v)


# ============================================================================ load
def load(cls, text) -> "State":
    """The game (of class ``cls``) saved in ``text`` (str, bytes or the parsed dict); ValueError
    naming the field that is wrong (the module docstring)."""
    try:
        return _load(cls, text)
    except ValueError:
        raise
    except Exception as exc:  # noqa: BLE001 -- a check missed: still a refused save
        raise ValueError(f"sunofyork save: the save is damaged ({type(exc).__name__}: "
                         f"{str(exc)[:120]})") from None


def _parse(text) -> dict:
    if isinstance(text, dict):
        return text
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(f"sunofyork save: a save is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        why = exc.msg if isinstance(exc, json.JSONDecodeError) else type(exc).__name__
        raise ValueError(f"sunofyork save: not a saved game: the text is not JSON ({why})") \
            from None
    if type(data) is not dict:
        raise ValueError("sunofyork save: not a saved game: the JSON is not an object")
    return data


def _richard3(data: dict) -> bool:
    fmt = data.get("format")
    if isinstance(fmt, str) and fmt.startswith("richard3"):
        return True
    # a richard3 game without a format tag (very old) still has its own fields
    return "format" not in data and "strength" in data and "locations" in data


def _load(cls, text):
    data = _parse(text)
    if _richard3(data):
        raise ValueError("sunofyork save: this is a Richard III save (or record), not a save "
                         "of Sun of York: load it in Richard III")
    fmt = data.get("format")
    if fmt == "sunofyork-record":
        raise ValueError("sunofyork save: this is a record of Sun of York, not a save: replay "
                         "it (python -m sunofyork replay FILE)")
    if fmt != FORMAT:
        fail("format", f"must be {FORMAT!r}", fmt)
    if data.get("version") != VERSION or type(data.get("version")) is not int:
        fail("version", f"must be {VERSION} (this engine reads version {VERSION} saves)",
             data.get("version"))
    _str(data.get("engine"), "engine", max_len=40)
    for key in data:
        if key not in SAVED and key not in HEADER:
            fail(key, "is not a field of a save")
    for key in SAVED:
        if key not in data and key not in OPTIONAL:
            fail(key, "is missing")

    g = object.__new__(cls)
    d = data
    # ---------------------------------------------------------------- scenario and decks
    g.scenario = _str(d["scenario"], "scenario", tuple(SCENARIO_IDS) + ("campaign",))
    g.seed = _decimal(d["seed"], "seed", -U64 + 1, U64 - 1)
    g.rng = _decimal(d["rng"], "rng", 0, U64 - 1)
    g.options = _int(d["options"], "options", 0, 2)
    g.decks = _decks(d["decks"])
    n = (len(g.decks[0]), len(g.decks[1]))

    # ---------------------------------------------------------------- plain numbers
    g.phase = _int(d["phase"], "phase", 0, OVER)
    if g.phase == SETUP:
        fail("phase", f"must be {SETUP + 1}-{OVER} (a game is never saved in its setup)",
             g.phase)
    g.turn = _int(d["turn"], "turn", 0, MAX_TURN)
    g.first = _int(d["first"], "first", -1, 1)
    g.active = _int(d["active"], "active", -1, 1)
    g.initiative = _int(d["initiative"], "initiative", -1, 1)
    g.decider = _int(d["decider"], "decider", 0, 1)
    g.winner = _int(d["winner"], "winner", -1, 1)
    g.reason = _str(d["reason"], "reason", REASONS)
    g.attacker = _int(d["attacker"], "attacker", 0, 1)
    g.pool = _int(d["pool"], "pool", 0, 1000)
    g.henry = _int(d["henry"], "henry", 0, 1)
    g.quiet = _int(d["quiet"], "quiet", 0, 1000)
    g.rolled = _int(d["rolled"], "rolled", 0, 1)
    g.flank_rolled = _int(d.get("flank_rolled", OPTIONAL["flank_rolled"]), "flank_rolled", 0, 1)
    g.turn_hits = _int(d["turn_hits"], "turn_hits", 0, 100_000)
    g.captured = _ints(d["captured"], "captured", 3, -1, 1)
    g.control = _ints(d["control"], "control", 3, -1, 1)
    g.margaret = _pair(d["margaret"], "margaret", 0, 3)
    g.bonus = _pair(d["bonus"], "bonus", 0, 1)
    g.stream = _pair(d["stream"], "stream", 0, 1)
    g.bridge = _pair(d["bridge"], "bridge", 0, 1)
    g.margaret_on = _pair(d["margaret_on"], "margaret_on", 0, 1)
    g.swaps = _pair(d["swaps"], "swaps", 0, 100_000)
    g.terrain_done = _pair(d["terrain_done"], "terrain_done", 0, 1)

    # ---------------------------------------------------------------- where the cards are
    for f in ("deck", "hand", "discard", "removed", "dealt", "setaside", "fallen"):
        _list(d[f], f, 2)
        setattr(g, f, [_ints(d[f][s], f"{f}[{s}]", None, 1, n[s], n[s]) for s in (0, 1)])
    _list(d["loc"], "loc", 2)
    g.loc = [_ints(d["loc"][s], f"loc[{s}]", n[s] + 1, -7, NPOS - 1) for s in (0, 1)]
    _list(d["at"], "at", NPOS)
    g.at = []
    for p, here in enumerate(d["at"]):
        _list(here, f"at[{p}]", 2)
        g.at.append([_ints(here[s], f"at[{p}][{s}]", None, 1, n[s], n[s]) for s in (0, 1)])
    for f, hi in (("hits", 6), ("lost", 6), ("flags", MAX_FLAGS)):
        _list(d[f], f, 2)
        setattr(g, f, [_ints(d[f][s], f"{f}[{s}]", n[s] + 1, 0, hi) for s in (0, 1)])
    _places(g, n)
    _markers(g, n)
    for s in (0, 1):
        for i, c in enumerate(g.fallen[s]):
            if g.decks[s][c - 1].kind != LEADER or g.loc[s][c] != OUT:
                fail(f"fallen[{s}][{i}]", "must be a leader out of the game", c)
    _list(d["present"], "present", 2)
    g.present = []
    for s in (0, 1):
        keys = _list(d["present"][s], f"present[{s}]", None, 1000)
        g.present.append([_str(k, f"present[{s}][{i}]") for i, k in enumerate(keys)])
    g.commit_done = _ints(d["commit_done"], "commit_done", None, 1, DECK_SIZE, 1000)
    g.targets = _targets(d["targets"], g, n)

    # ---------------------------------------------------------------- pending, campaign
    g.pending = _pending(d["pending"], g, n)
    g.campaign = _campaign(d["campaign"], g)
    battle = g.campaign["battle"] if g.campaign is not None else g.scenario

    # ---------------------------------------------------------------- log and record
    g.log = [_event(e, f"log[{i}]") for i, e in enumerate(_list(d["log"], "log"))]
    g.record = _record(d["record"])

    # ---------------------------------------------------------------- the phase and its needs
    _phase(g)

    from .game import derive  # the API module imports this one on use: imported here too
    derive(g, load_scenario(battle))
    g._legal_cache = None
    _playable(g)
    return g


def _decks(v) -> tuple:
    if v == "standard":
        return (standard_deck(0), standard_deck(1))
    _list(v, "decks", 2)
    decks = []
    for s in (0, 1):
        cards = _list(v[s], f"decks[{s}]", None, DECK_SIZE)
        if not cards:
            fail(f"decks[{s}]", "must hold the side's cards (1-110), not none")
        out = []
        keys = set()
        for i, raw in enumerate(cards):
            field = f"decks[{s}][{i}]"
            if type(raw) is not dict:
                fail(field, "must be a card (an object)", raw)
            try:
                card = _check_card(raw, i + 1, s, field)
            except DeckError as exc:
                fail(field, f"is not a card: {str(exc).removeprefix(field + ': ')}")
            except (TypeError, AttributeError):
                fail(field, "is not a card (a field of the wrong type)")
            if card.id != i + 1:
                fail(f"{field}.id", f"must be {i + 1} (the cards in order of id)", card.id)
            if card.kind == LEADER:
                if card.key in keys:
                    fail(f"{field}.key", "must be unique in the deck", card.key)
                keys.add(card.key)
            out.append(card)
        decks.append(tuple(out))
    return tuple(decks)


def _places(g, n) -> None:
    """Every card of each side in exactly one place, and that place its ``loc``."""
    for s in (0, 1):
        if g.loc[s][0] != DECK:
            fail(f"loc[{s}][0]", f"must be {DECK} (no card 0)", g.loc[s][0])
        for f in ("hits", "lost", "flags"):
            if getattr(g, f)[s][0]:
                fail(f"{f}[{s}][0]", "must be 0 (no card 0)", getattr(g, f)[s][0])
        seen = {}
        lists = [(f"{name}[{s}]", where, getattr(g, name)[s]) for where, name in _LISTS.items()]
        lists += [(f"at[{p}][{s}]", p, g.at[p][s]) for p in range(NPOS)]
        for field, where, cards in lists:
            for i, c in enumerate(cards):
                if c in seen:
                    fail(f"{field}[{i}]", f"card {c} is also in {seen[c]}: a card must be in "
                                          "exactly one place", c)
                seen[c] = field
                if g.loc[s][c] != where:
                    fail(f"loc[{s}][{c}]", f"must agree with {field}, where card {c} is "
                                           f"({where})", g.loc[s][c])
        for c in range(1, n[s] + 1):
            if c not in seen and g.loc[s][c] != BESIDE:
                fail(f"loc[{s}][{c}]", f"says card {c} is in a place ({g.loc[s][c]}) whose "
                                       "list does not hold it", g.loc[s][c])


def _markers(g, n) -> None:
    """Hits, cohesion lost and markers only on cards in the field; a unit's hits within its
    cohesion (6.2.1, 6.2.2)."""
    for s in (0, 1):
        deck = g.decks[s]
        for c in range(1, n[s] + 1):
            h, lost, f = g.hits[s][c], g.lost[s][c], g.flags[s][c]
            if g.loc[s][c] < 0:
                for name, v in (("hits", h), ("lost", lost), ("flags", f)):
                    if v:
                        fail(f"{name}[{s}][{c}]", f"must be 0: card {c} is not in the field",
                             v)
                continue
            card = deck[c - 1]
            if card.kind == LEADER:
                # a leader's hits are those of leader combat, each a die at his check
                # (6.2.1); a save made before they were counted has the marker alone: one hit
                if lost:
                    fail(f"lost[{s}][{c}]", f"must be 0: card {c} is a leader", lost)
                if f & LEADER_HIT and not h:
                    g.hits[s][c] = 1
                elif h and not f & LEADER_HIT:
                    fail(f"hits[{s}][{c}]", f"must be 0: leader {c} has no Hit marker", h)
            elif card.kind != UNIT:
                for name, v in (("hits", h), ("lost", lost)):
                    if v:
                        fail(f"{name}[{s}][{c}]", f"must be 0: card {c} is not a combat unit",
                             v)
            elif lost >= card.cohesion or h + lost > card.cohesion:
                fail(f"hits[{s}][{c}]", f"with lost ({lost}) must leave the unit's cohesion "
                                        f"({card.cohesion}) standing", h)


def _targets(v, g, n) -> dict:
    _list(v, "targets", None, 2 * DECK_SIZE)
    out = {}
    for i, pair in enumerate(v):
        field = f"targets[{i}]"
        _list(pair, field, 2)
        c = _int(pair[0], f"{field}[0]", 1, DECK_SIZE)
        if c in out:
            fail(f"{field}[0]", "names a card twice", c)
        t = pair[1]
        if type(t) is list:
            out[c] = tuple(_ints(t, f"{field}[1]", 2, 0, DECK_SIZE))
        else:
            out[c] = _int(t, f"{field}[1]", 0, DECK_SIZE)
    return out


def _pending(v, g, n):
    if v is None:
        return None
    if type(v) is not dict:
        fail("pending", "must be null or an object", v)
    if set(v) == {"kind", "p", "units"}:
        _str(v["kind"], "pending.kind", ("treason",))
        side = g.active if g.active >= 0 else 0
        return {"kind": "treason", "p": _int(v["p"], "pending.p", 0, NPOS - 1),
                "units": _ints(v["units"], "pending.units", None, 1, n[side], 4 * DECK_SIZE)}
    if set(v) != {"queue", "victim", "then", "after"}:
        fail("pending", "must be a damage (queue, victim, then, after) or a treason "
                        "(kind, p, units)", sorted(v))
    queue = _list(v["queue"], "pending.queue", None, NPOS)
    q = [_ints(e, f"pending.queue[{i}]", 2, 0, 1000) for i, e in enumerate(queue)]
    for i, (p, _) in enumerate(q):
        _int(p, f"pending.queue[{i}][0]", 0, NPOS - 1)
    victim = _int(v["victim"], "pending.victim", 0, 1)
    then = _int(v["then"], "pending.then", 1, OVER)
    if PHASE_NAMES[then] not in ("combat", "movement"):
        fail("pending.then", "must be the combat or movement phase", then)
    after = []
    for i, task in enumerate(_list(v["after"], "pending.after", None, 100)):
        field = f"pending.after[{i}]"
        _list(task, field, None, 3)
        kind = _str(task[0] if task else None, f"{field}[0]", ("charge", "flank", "treason_flank"))
        mover = 1 - victim if g.active < 0 else g.active
        if kind == "charge":
            _list(task, field, 2)
            after.append([kind, _ints(task[1], f"{field}[1]", None, 1, n[mover], 100)])
        elif kind == "flank":
            _list(task, field, 3)
            p = _int(task[1], f"{field}[1]", 0, NPOS - 1)
            origin = _list(task[2], f"{field}[2]", 2)
            cards = _ints(origin[0], f"{field}[2][0]", None, 1, n[mover], 100)
            back = _ints(origin[1], f"{field}[2][1]", len(cards), 0, NPOS - 1)
            after.append([kind, p, [cards, back]])
        else:
            _list(task, field, 3)
            p = _int(task[1], f"{field}[1]", 0, NPOS - 1)
            after.append([kind, p, _ints(task[2], f"{field}[2]", None, 1, n[mover], 100)])
    return {"queue": q, "victim": victim, "then": then, "after": after}


def _campaign(v, g):
    if v is None:
        if g.scenario == "campaign":
            fail("campaign", "must be the campaign's state (scenario 'campaign')")
        return None
    if g.scenario != "campaign":
        fail("campaign", f"must be null outside a campaign (scenario {g.scenario!r})")
    if type(v) is not dict:
        fail("campaign", "must be null or an object", v)
    for k in v:
        if k not in CAMPAIGN_KEYS and k != "sudden":
            fail(f"campaign.{k}", "is not a field of the campaign")
    for k in CAMPAIGN_KEYS:
        if k not in v:
            fail(f"campaign.{k}", "is missing")
    c = {}
    if v["order"] != list(CAMPAIGN_ORDER):
        fail("campaign.order", "must be the battles of 9.3 in order", v["order"])
    c["order"] = list(CAMPAIGN_ORDER)
    c["index"] = _int(v["index"], "campaign.index", 0, 2 * VICTORIES)
    c["wins"] = _pair(v["wins"], "campaign.wins", 0, VICTORIES)
    results = _list(v["results"], "campaign.results", None, 2 * VICTORIES)
    c["results"] = []
    for i, r in enumerate(results):
        _list(r, f"campaign.results[{i}]", 2)
        c["results"].append([_str(r[0], f"campaign.results[{i}][0]", CAMPAIGN_ORDER),
                             _int(r[1], f"campaign.results[{i}][1]", 0, 1)])
    for s in (0, 1):
        if sum(w == s for _, w in c["results"]) != c["wins"][s]:
            fail(f"campaign.wins[{s}]", "must count the side's results", c["wins"][s])
    for f in ("dead", "injured"):
        _list(v[f], f"campaign.{f}", 2)
        c[f] = [[_str(k, f"campaign.{f}[{s}][{i}]")
                 for i, k in enumerate(_list(v[f][s], f"campaign.{f}[{s}]", None, DECK_SIZE))]
                for s in (0, 1)]
    c["henry"] = _str(v["henry"], "campaign.henry", HENRY_STATES)
    _list(v["kings"], "campaign.kings", 2)
    c["kings"] = [_str(v["kings"][s], f"campaign.kings[{s}]", KINGS[s]) for s in (0, 1)]
    c["ready"] = _pair(v["ready"], "campaign.ready", 0, 1)
    c["battle"] = _str(v["battle"], "campaign.battle", CAMPAIGN_ORDER)
    if "sudden" in v:
        c["sudden"] = _int(v["sudden"], "campaign.sudden", 0, 1)
    index = c["index"]
    between = g.phase == BETWEEN or g.phase == OVER
    if index != len(c["results"]) - (1 if between else 0):
        fail("campaign.index", f"must agree with the {len(c['results'])} results", index)
    if c["battle"] != c["order"][index % len(c["order"])]:
        fail("campaign.battle", f"must be battle {index % len(c['order'])} of the order "
                                f"({c['order'][index % len(c['order'])]!r})", c["battle"])
    return c


def _event(v, field: str) -> tuple:
    _list(v, field, None, 1000)
    if not v or type(v[0]) is not str:
        fail(field, "must be an event: a list whose first item is its name", v)
    out = []
    for i, x in enumerate(v):
        t = type(x)
        if (t is int and -MAX_INT <= x <= MAX_INT) or (t is str and len(x) <= MAX_TEXT) \
                or t is bool:
            out.append(x)
        else:
            out.append(_item(x, f"{field}[{i}]", 1))
    return tuple(out)


def _record(v):
    if v is None:
        return None
    _list(v, "record")
    out = []
    for i, entry in enumerate(v):
        field = f"record[{i}]"
        _list(entry, field, 2)
        side = _int(entry[0], f"{field}[0]", 0, 1)
        a = _list(entry[1], f"{field}[1]", None, 10)
        if not a or type(a[0]) is not str or len(a[0]) > 40:
            fail(f"{field}[1]", "must be an action: a verb then ints", a)
        for j, x in enumerate(a[1:], 1):
            if type(x) is not int or not -MAX_INT <= x <= MAX_INT:
                fail(f"{field}[1][{j}]", "must be an int", x)
        out.append([side, a[:]])
    return out


def _phase(g) -> None:
    """What the phase needs: a pending damage in the damage phase (and only a treason's
    units elsewhere, in the movement phase), a campaign between battles, a winner once over."""
    p = g.pending
    if g.phase == DAMAGE:
        if p is None or "queue" not in p or not p["queue"]:
            fail("pending", "must hold the hits to give out in the damage phase", p)
        if g.decider != p["victim"]:
            fail("decider", "must be the side taking the hits in the damage phase", g.decider)
    elif p is not None and not (g.phase == MOVEMENT and "kind" in p):
        fail("pending", f"must be null in the {PHASE_NAMES[g.phase]} phase", p)
    if g.phase == BETWEEN and g.campaign is None:
        fail("phase", "must not be between battles outside a campaign", g.phase)
    if (g.phase in (OVER, BETWEEN)) != (g.winner >= 0):
        fail("winner", f"must be {'0 or 1' if g.phase in (OVER, BETWEEN) else -1} in the "
                       f"{PHASE_NAMES[g.phase]} phase", g.winner)
    if g.phase == OVER and g.campaign is not None and g.reason != "campaign":
        fail("reason", "must be 'campaign' once a campaign is over", g.reason)
    in_movement = g.phase == MOVEMENT or g.phase == DAMAGE and p is not None \
        and p.get("then") == MOVEMENT
    if g.flank_rolled and not in_movement:
        fail("flank_rolled", "must be 0 outside the Movement step (6.2.3 B: it marks the "
                             "step's flank dice rolled)", g.flank_rolled)


def _playable(g) -> None:
    """Each side to decide has a legal action (the rules code run on the loaded state)."""
    try:
        for s in g.active_sides():
            if not g._legal(s):
                raise _Bad(f"sunofyork save: field 'phase' ({PHASE_NAMES[g.phase]}): "
                           f"{'York' if s else 'Lancaster'} has no legal action")
    except _Bad:
        raise
    except Exception as exc:  # noqa: BLE001 -- a state the rules cannot play is a bad save
        raise ValueError(f"sunofyork save: field 'phase' ({PHASE_NAMES[g.phase]}): the state "
                         f"cannot be played ({type(exc).__name__}: {str(exc)[:120]})") from None
    g._legal_cache = None


__all__ = ["dump", "load", "same", "differences", "FORMAT", "VERSION", "SAVED", "DERIVED"]
