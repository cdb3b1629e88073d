"""Checking a saved game before it becomes a ``Game`` (``Game.from_json``).

A save may be damaged or forged, so nothing in it is trusted: every field is checked for its
type, length and range, then the invariants that tie the fields together in any state the
rules can reach (the ones ``tests/invariants.py`` checks after every action of the conformance
games), and finally that the side to decide has a legal action. Anything wrong raises
ValueError naming the field (``saved game: field 'strength' [12] ...``), quoting at most about
200 characters of the bad value; no other exception escapes and nothing can make the load or
the game after it hang (no strength of 10**9, no 100-card deck).

The game built owns every list it holds (a dict passed in is never kept). Older saves load:
``seed`` and ``rng`` as JSON integers (now decimal strings, exact in any JSON reader), no
``whereabouts`` or ``seen_strength`` (nothing known or seen), no ``record`` (the game then has
none: ``Game.record`` is None and it cannot be replayed).
"""

from __future__ import annotations

import json
from functools import lru_cache

from . import battle as bt, events, politics as po, supply as su
from .cards import player_one
from .components import HEIR, MERCENARY, SIDE_NAMES
from .ids import (ACTION, BATTLE, CARDS, DEAD, EVENT_NAMES, MERC_DOWN, MINOR, MULLIGAN, NA, NB,
                  NBORDER, OFF, OFF_MAP, OVER, PHASE_NAMES, POLITICAL, PRISON, SUPPLY, C, quote)
from .limits import DEFECTED_HEIRS, EXILE_LIMITS
from .scenario import load_scenario
from .state import SAVE_VERSION, State
from .whereabouts import place_bit, unknown

NC = len(C.card_names)
HAND = 7
MAX_AP = max(C.card_ap)
MAX_STR = max(C.max_str)
SURPRISE = C.card_event.index("surprise")
U64 = 1 << 64
MAX_PENDING = 4 * NB
MAX_TEXT = 1000                 # a reason; a record's notation is at most MAX_NOTATION
MAX_NOTATION = 200


def fail(field: str, why: str, value=None) -> None:
    """Raise the ValueError of a bad field."""
    tail = "" if value is None else f", not {quote(value)}"
    raise ValueError(f"saved game: field '{field}' {why}{tail}")


@lru_cache(maxsize=None)
def _scenario(sid: str):
    return load_scenario(sid)


# ---------------------------------------------------------------------------- primitives
def integer(value, field: str, lo: int, hi: int) -> int:
    """``value`` if it is an int (not a bool) in [lo, hi]; else ValueError."""
    if type(value) is not int or not lo <= value <= hi:
        fail(field, f"must be an integer from {lo} to {hi}", value)
    return value


def decimal(value, field: str, lo: int, hi: int) -> int:
    """An int in [lo, hi] given as a JSON integer or a decimal string (at most 40 digits)."""
    if isinstance(value, str) and len(value) <= 41 and value.isascii():
        digits = value[1:] if value.startswith("-") else value
        if digits.isdigit():
            value = int(value)
    return integer(value, field, lo, hi)


def int_list(value, field: str, size, lo: int, hi: int, max_size: int = NB) -> list[int]:
    """A new list of ints in [lo, hi], of exactly ``size`` items (None: up to ``max_size``)."""
    if type(value) is not list:
        fail(field, "must be a list", value)
    n = len(value)
    if (size is not None and n != size) or n > max_size:
        want = size if size is not None else f"at most {max_size}"
        fail(field, f"must hold {want} items, not {n}")
    for i, x in enumerate(value):
        if type(x) is not int or not lo <= x <= hi:
            fail(f"{field}[{i}]", f"must be an integer from {lo} to {hi}", x)
    return value[:]


def choice(value, field: str, allowed) -> object:
    if not any(value == a and type(value) is type(a) for a in allowed):
        fail(field, f"must be one of {', '.join(map(repr, allowed))}", value)
    return value


# ------------------------------------------------------------------------------ the save
def parse(text) -> dict:
    """The save as a dict (from JSON text, bytes or a dict); the envelope checked."""
    if isinstance(text, (str, bytes, bytearray)):
        try:
            d = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise ValueError(f"not a saved game: invalid JSON ({quote(str(exc))})") from None
    else:
        d = text
    if not isinstance(d, dict) or d.get("format") != "richard3-game":
        raise ValueError("not a saved game: the 'format' field is missing or wrong")
    if d.get("version") not in (1, SAVE_VERSION) or type(d.get("version")) is not int:
        raise ValueError(f"saved game version {quote(d.get('version'))} is not supported "
                         f"(1, {SAVE_VERSION})")
    optional = ("whereabouts", "seen_strength")
    missing = [f for f in State._FIELDS if f not in d and f not in optional]
    if missing:
        raise ValueError(f"saved game lacks field(s): {', '.join(missing)}")
    return d


def load_state(cls, text) -> State:
    """Build the ``cls`` game a save describes, or raise ValueError (see the module doc)."""
    d = parse(text)
    g = cls.__new__(cls)
    _scalars(g, d)
    _blocks(g, d)
    _cards(g, d)
    _turn(g, d)
    _battle(g, d)
    _pending(g, d)
    _heirs(g, d)
    _log_and_record(g, d)
    _live(g)
    return g


def _scalars(g: State, d: dict) -> None:
    sid = d["scenario"]
    if not isinstance(sid, str) or not sid.isdigit() or len(sid) != 4:
        fail("scenario", "must name a scenario (1460, 1470 or 1483)", sid)
    try:
        sc = _scenario(sid)
    except KeyError:
        fail("scenario", "must name a scenario (1460, 1470 or 1483)", sid)
    g.scenario = sid
    g.seed = decimal(d["seed"], "seed", -U64 + 1, U64 - 1)
    g.rng = decimal(d["rng"], "rng", 0, U64 - 1)
    g.first_campaign = choice(d["first_campaign"], "first_campaign", (sc.first_campaign,))
    g.last_campaign = choice(d["last_campaign"], "last_campaign", (sc.last_campaign,))
    g.campaign = integer(d["campaign"], "campaign", sc.first_campaign, sc.last_campaign)
    g.turn = integer(d["turn"], "turn", 1, 7)
    g.phase = integer(d["phase"], "phase", MULLIGAN, OVER)
    g.step = integer(d["step"], "step", 0, 1)
    g.king = integer(d["king"], "king", 0, 1)
    g.prisoner = choice(d["prisoner"], "prisoner", (sc.prisoner,))
    g.winner = integer(d["winner"], "winner", -1, 1)
    g.reason = d["reason"]
    if not isinstance(g.reason, str) or len(g.reason) > MAX_TEXT:
        fail("reason", f"must be a text of at most {MAX_TEXT} characters", g.reason)
    if (g.phase == OVER) != (g.winner >= 0) or (g.phase == OVER) != bool(g.reason):
        fail("winner", "and 'reason' must be set exactly when the game is over (phase 6)",
             [g.phase, g.winner])
    g.heirs_lost = int_list(d["heirs_lost"], "heirs_lost", 2, 0, 5)
    g.stats = int_list(d["stats"], "stats", 5, 0, 10**6)
    g.treason = integer(d["treason"], "treason", -1, 1)


def _blocks(g: State, d: dict) -> None:
    """Where each block is, its strength, the per-block turn state and the whereabouts."""
    loc = g.loc = int_list(d["loc"], "loc", NB, 0, max(OFF_MAP))
    g.strength = int_list(d["strength"], "strength", NB, 0, MAX_STR)
    g.moved = int_list(d["moved"], "moved", NB, 0, 3)
    g.entry = int_list(d["entry"], "entry", NB, -2, NBORDER - 1)
    g.reserve = int_list(d["reserve"], "reserve", NB, 0, 1)
    g.shown = int_list(d["shown"], "shown", NB, 0, 1)
    for b in range(NB):
        where, st, name = loc[b], g.strength[b], C.block_names[b]
        if where >= NA and where not in OFF_MAP:
            fail(f"loc[{b}]", f"({name}) must be an area 0-{NA - 1} or an off-map place", where)
        if (where == MINOR and C.btype[b] != HEIR) or (where == PRISON and b != g.prisoner) \
                or (where == OFF and C.counterpart[b] < 0) \
                or (where == MERC_DOWN and C.btype[b] != MERCENARY):
            fail(f"loc[{b}]", f"({name}) is a place this block cannot be", where)
        if where < NA and C.exile_of[where] == 1 - g.owner(b):
            fail(f"loc[{b}]", f"({name}) is in the enemy's exile", where)
        lo = 1 if where < NA or where == PRISON else 0
        hi = C.max_str[b] if lo else 0
        if not lo <= st <= hi:
            fail(f"strength[{b}]", f"({name}, loc {where}) must be from {lo} to {hi}", st)
        other = C.counterpart[b]
        if other > b:
            pair = (where, loc[other])
            if OFF not in pair and (DEAD not in pair or pair[0] != pair[1]):
                fail(f"loc[{b}]", f"and loc[{other}]: one version of {C.label[b]} must be "
                     f"off-map (or both dead)", list(pair))
    _seen_strength(g, d)
    if d.get("whereabouts") is None:          # saved before whereabouts were kept
        g.whereabouts = unknown(g)
        return
    top = max(place_bit(x) for x in OFF_MAP)        # the highest bit of a place
    w = g.whereabouts = int_list(d["whereabouts"], "whereabouts", NB, 0, 2 * top - 1)
    for b in range(NB):
        bit = place_bit(loc[b])
        if bit and not w[b] & bit:
            fail(f"whereabouts[{b}]", f"({C.block_names[b]}) must allow its true place", w[b])


def _seen_strength(g: State, d: dict) -> None:
    """The strength each block was last seen at (``whereabouts.py``): 0 off the map, else 0
    (not seen) or from its strength to its full strength (steps are lost, not gained, 3.11)."""
    if d.get("seen_strength") is None:        # saved before they were kept: nothing seen
        g.seen_strength = [0] * NB
        return
    seen = g.seen_strength = int_list(d["seen_strength"], "seen_strength", NB, 0, MAX_STR)
    for b in range(NB):
        st = seen[b]
        if st and (g.loc[b] >= NA or not g.strength[b] <= st <= C.max_str[b]):
            fail(f"seen_strength[{b}]", f"({C.block_names[b]}) must be 0, or from its strength "
                 f"{g.strength[b]} to {C.max_str[b]} on the map", st)


def _cards(g: State, d: dict) -> None:
    """The deck, the hands and the played cards: 25 distinct cards at most, hand sizes that
    match the game turn (7 dealt a campaign, one played a turn, 1.0, 1.1)."""
    g.deck = int_list(d["deck"], "deck", None, 0, NC - 1, NC)
    hands = d["hands"]
    if type(hands) is not list or len(hands) != 2:
        fail("hands", "must be a list of two hands", hands)
    g.hands = [int_list(hands[s], f"hands[{s}]", None, 0, NC - 1, HAND) for s in (0, 1)]
    g.played = int_list(d["played"], "played", 2, -1, NC - 1)
    g.revealed = integer(d["revealed"], "revealed", 0, 1)
    g.mulligan_used = int_list(d["mulligan_used"], "mulligan_used", 2, 0, 1)
    phase = g.phase
    # Played cards are discarded at the next card phase: in the mulligan phase and after the
    # last game turn, ``played`` still names the last turn's cards.
    live = [c for c in g.played if c >= 0] if CARDS <= phase <= SUPPLY else []
    cards = g.deck + g.hands[0] + g.hands[1] + live
    if len(set(cards)) != len(cards):
        fail("deck", "and 'hands' and 'played' must not hold one card twice", sorted(cards))
    if MULLIGAN <= phase <= SUPPLY:
        if len(g.deck) != NC - 2 * HAND:
            fail("deck", f"must hold {NC - 2 * HAND} cards during a campaign", len(g.deck))
        for s in (0, 1):
            want = HAND if phase == MULLIGAN else HAND - g.turn + (g.played[s] < 0)
            if len(g.hands[s]) != want:
                fail(f"hands[{s}]", f"must hold {want} cards in game turn {g.turn}",
                     len(g.hands[s]))
    if phase == MULLIGAN and g.turn != 1:
        fail("turn", "must be 1 in the mulligan phase", g.turn)
    if phase == CARDS and (g.revealed or min(g.played) >= 0):
        fail("played", "must miss a card in the card phase, unrevealed", g.played)
    elif ACTION <= phase <= SUPPLY:
        if not g.revealed or min(g.played) < 0:
            fail("played", "must hold both revealed cards after the card phase", g.played)


def _turn(g: State, d: dict) -> None:
    """The action phase's state and the per-turn battle bookkeeping."""
    g.p1 = integer(d["p1"], "p1", -1, 1)
    g.acting = integer(d["acting"], "acting", -1, 1)
    g.ap = integer(d["ap"], "ap", 0, MAX_AP)
    g.event = d["event"]
    choice(g.event, "event", ("",) + tuple(EVENT_NAMES))
    g.activated = int_list(d["activated"], "activated", None, 0, NA - 1, NA)
    if len(set(g.activated)) != len(g.activated):
        fail("activated", "must not name an area twice", g.activated)
    g.muster = integer(d["muster"], "muster", -1, NA - 1)
    pb = int_list(d["port_bonus"], "port_bonus", 2, -1, NA - 1)
    if (pb[0] < 0) != (pb[1] < 0):
        fail("port_bonus", "must be two ports or [-1, -1]", pb)
    g.port_bonus = tuple(pb)
    g.attacker = int_list(d["attacker"], "attacker", NA, -1, 1)
    g.main_border = int_list(d["main_border"], "main_border", NA, -2, NBORDER - 1)
    used = g.border_used = int_list(d["border_used"], "border_used", 2 * NBORDER, 0,
                                    max(C.border_limit) + 1, 2 * NBORDER)
    for s in (0, 1):
        extra = 1 if g.played[s] == SURPRISE else 0
        for k in range(NBORDER):
            if used[s * NBORDER + k] > C.border_limit[k] + extra:
                fail(f"border_used[{s * NBORDER + k}]", "is over the border's limit (5.21)",
                     used[s * NBORDER + k])
    if ACTION <= g.phase <= SUPPLY and g.p1 != player_one(g)[0]:
        fail("p1", "must be Player 1 of the two cards played (1.1)", g.p1)
    # A game can end in an action phase (a Plague kills the last heir, 9.0): it keeps the side.
    if (g.phase == ACTION and g.acting < 0) or (g.acting >= 0 and g.phase not in (ACTION, OVER)):
        fail("acting", "must be a side in the action phase only", g.acting)
    if g.phase == ACTION:
        ev = C.card_event[g.played[g.acting]] or ""
        if g.event != ev or g.ap > C.card_ap[g.played[g.acting]]:
            fail("event", "and 'ap' must be those of the acting side's card", [g.event, g.ap])


def _battle(g: State, d: dict) -> None:
    """The battle record (``battle`` module): [] or one of RECORD_SIZE ints in range."""
    rec = d["battle"]
    if rec == [] and type(rec) is list:
        g.battle = []
        return
    if g.phase != BATTLE:
        fail("battle", "must be [] outside the battle phase", rec)
    hi_mask = (1 << bt.MASK_BITS) - 1
    rec = int_list(rec, "battle", bt.RECORD_SIZE, -1, hi_mask, bt.RECORD_SIZE)
    for i, (lo, hi) in enumerate(bt.RECORD_RANGES):
        if not lo <= rec[i] <= hi:
            fail(f"battle[{i}]", f"must be from {lo} to {hi}", rec[i])
    stage, rnd, area = rec[bt.STAGE], rec[bt.ROUND], rec[bt.AREA]
    # Round 0 is the Treason roll before round 1; a battle that roll ends (its last enemy
    # defects, 5.1, 6.9) goes to its regroup still in round 0.
    if (stage == bt.TREASON and rnd != 0) or (stage == bt.FIGHT and rnd == 0) \
            or (stage == bt.REGROUP) != (rec[bt.VICTOR] >= 0):
        fail("battle", "has a stage, round and victor that do not fit", rec[:8])
    lanc, york = g.presence()
    if stage != bt.REGROUP and not (lanc[area] and york[area]):
        fail("battle", "is fought in an area that is not contested", area)
    if stage == bt.TREASON and g.treason < 0:
        fail("treason", "must name the side holding the Treason roll", g.treason)
    actor = rec[bt.ACTOR]
    if stage == bt.FIGHT and not d["pending"] and (
            actor < 0 or g.loc[actor] != area or g.reserve[actor]
            or rec[bt.FLAGS + actor] & bt.F_ACTED):
        fail("battle", "names as the block to act one that is not engaged or has acted", actor)
    g.battle = rec


def _pending(g: State, d: dict) -> None:
    """The queue of pending decisions, by phase (the phase modules' docstrings)."""
    pending = d["pending"]
    if type(pending) is not list or len(pending) > MAX_PENDING:
        fail("pending", f"must be a list of at most {MAX_PENDING} tasks", pending)
    out = g.pending = []
    for i, task in enumerate(pending):
        out.append(int_list(task, f"pending[{i}]", None, -1, 99, NB + 4))
    shapes = {BATTLE: {bt.HIT: "she"},
              SUPPLY: {su.ENTER: "sb", su.CROWN: "n", su.EXECUTE: "sb", su.SUPPLY_CHECK: "n",
                       su.REDUCE: "sal*"},
              POLITICAL: {po.GO_HOME: "ns", po.HOME: "sb", po.RESET: "n", po.EXILE_POOL: "sal"}}
    table = shapes.get(g.phase, {})
    for i, task in enumerate(out):
        where = f"pending[{i}]"
        if g.phase == MULLIGAN:
            if task[:1] not in ([0], [1]) or task[1:] not in ([], [1]):
                fail(where, "must be a mulligan offer [side] or [side, 1]", task)
            continue
        if not task or task[0] not in table:
            fail(where, f"is no task of the {PHASE_NAMES[g.phase]} phase", task)
        _task(g, where, task, table[task[0]])
    if g.phase in (MULLIGAN, SUPPLY, POLITICAL):
        if not out or (g.phase != MULLIGAN and out[0][1] < 0):
            fail("pending", "must start with a decision of a side in this phase", out)
    if g.phase == BATTLE and out and (len(out) > 1 or not g.battle
                                      or g.battle[bt.STAGE] != bt.FIGHT):
        fail("pending", "may hold one hit choice during a battle's fight only", out)
    for task in out:
        if g.phase == SUPPLY and task[0] == su.EXECUTE and task[2] not in DEFECTED_HEIRS:
            fail("pending", "may execute only a defected Clarence or Exeter (9.1)", task)
        if g.phase == POLITICAL and task[0] == po.HOME and g.loc[task[2]] >= NA:
            fail("pending", "may send home only a block on the map (8.3, 8.4)", task)
        if g.phase == POLITICAL and task[0] == po.EXILE_POOL and task[2] not in EXILE_LIMITS:
            fail("pending", "may send to the pool only from an exile area (7.2, 8.5)", task)


def _task(g: State, where: str, task: list[int], shape: str) -> None:
    """One task ``[code, arg...]``: 's' a side, 'n' -1 (the engine's), 'b' a block of that
    side, 'e' a block of the other side in the battle (the block whose hits its enemy is
    placing, 6.4), 'a' an area, 'l' a count, 'h' hits, '*' any blocks after."""
    args = task[1:]
    if (len(args) != len(shape.rstrip("*"))) and not (shape.endswith("*")
                                                     and len(args) >= len(shape) - 1):
        fail(where, "has the wrong number of items", task)
    side = args[0] if args else -1
    for x, kind in zip(args, shape.rstrip("*")):
        ok = {"s": x in (0, 1), "n": x == -1, "b": 0 <= x < NB and side in (0, 1)
              and C.side[x] in (side, 2),
              "e": 0 <= x < NB and side in (0, 1) and g.owner(x) == 1 - side and bool(g.battle)
              and g.loc[x] == g.battle[bt.AREA], "a": 0 <= x < NA, "l": 0 <= x <= NB,
              "h": 1 <= x <= 4 * MAX_STR}[kind]
        if not ok:
            fail(where, "holds an item out of range", task)
    if shape.endswith("*") and any(not 0 <= x < NB for x in args[len(shape) - 1:]):
        fail(where, "holds a block out of range", task)


def _heirs(g: State, d: dict) -> None:
    """The KING and PRETENDER (6.81) and, while the game goes on, an heir for each side.

    A side may have no crowned block in any phase: from the death of its KING or PRETENDER to
    the next supply phase, and after it too while none of its living heirs is in play to be
    crowned (minors, a prisoner, a defected Clarence or Exeter, who may later defect back)."""
    g.crowned = int_list(d["crowned"], "crowned", 2, -1, NB - 1)
    for s in (0, 1):
        h = g.crowned[s]
        if h >= 0 and (C.side[h] != s or C.btype[h] != HEIR or g.loc[h] >= NA):
            fail(f"crowned[{s}]", f"must be a {SIDE_NAMES[s]} heir on the map", h)
        if g.phase != OVER and not g.heirs_alive(s):
            fail("loc", f"leaves {SIDE_NAMES[s]} no heir in a game that goes on (9.0)")


def _log_and_record(g: State, d: dict) -> None:
    """The log and the record (``Game.record``), if any. The log: ``[visibility, kind,
    field...]`` events (``events.check``); in a version 1 save, ``[visibility, text]`` English
    lines, kept as "text" events (``Game.from_json`` rebuilds the events from the record)."""
    log = d.get("log", [])
    if type(log) is not list:
        fail("log", "must be a list of [visibility, kind, field...] events", log)
    legacy = d["version"] == 1
    node = None
    for i, entry in enumerate(log):
        if type(entry) is not list or len(entry) < 2 or type(entry[0]) is not int \
                or entry[0] not in (-1, 0, 1):
            fail(f"log[{i}]", "must be an event [-1, 0 or 1, kind, field...]", entry)
        if legacy:
            fields = events.check("text", entry[1:])
        else:
            fields = events.check(entry[1], entry[2:])
        if fields is None:
            fail(f"log[{i}]", "is no event the engine logs", entry)
        node = (node, entry[0], "text" if legacy else entry[1], fields)
    g._log = node
    g._legal_cache = None
    rec = d.get("record")
    if rec is None:
        g._record = None
        return
    if type(rec) is not dict or rec.get("scenario") != g.scenario \
            or not isinstance(rec.get("actions"), list):
        fail("record", "must be {scenario, seed, actions} of this game", rec)
    if decimal(rec.get("seed"), "record.seed", -U64 + 1, U64 - 1) != g.seed:
        fail("record.seed", "must be the game's seed", rec.get("seed"))
    node = ()
    for i, entry in enumerate(rec["actions"]):
        if type(entry) is not list or len(entry) != 2 or type(entry[0]) is not int \
                or entry[0] not in (0, 1) or not isinstance(entry[1], str) \
                or len(entry[1]) > MAX_NOTATION:
            fail(f"record.actions[{i}]", "must be a pair [side 0 or 1, notation]", entry)
        node = (node, entry[0], entry[1])
    g._record = node


def _live(g: State) -> None:
    """A game that goes on has a side to decide, with a legal action (any other state is no
    state the rules reach, and would stall or crash the game later)."""
    if g.phase == OVER:
        if g.pending or g.battle:
            fail("pending", "and 'battle' must be empty once the game is over")
        return
    try:
        sides = g.active_sides()
        ok = bool(sides) and all(g._legal(s) for s in sides)
    except Exception as exc:  # noqa: BLE001 -- a state the checks above let through
        fail("phase", f"gives no decision that can be made ({type(exc).__name__})",
             PHASE_NAMES[g.phase])
    if not ok:
        fail("phase", "leaves no side a legal action in a game that goes on",
             PHASE_NAMES[g.phase])
