"""The scenarios of Sun of York (9.0-9.3): the 20 historical battles and the random scenario.

The data is ``sunofyork/data/scenarios.toml`` (one ``[[scenario]]`` entry each, with optional
``[scenario.lancaster]`` and ``[scenario.york]`` tables). ``load_scenarios()`` reads and checks it
once; ``load_scenario(id)`` gives one. ``parse_scenarios(text, filename)`` checks TOML text and
raises ``ScenarioError`` naming the file, the scenario and the key that is wrong.

Positions are the side-relative words of the shared spec ("left rear", "centre middle",
"right flank", ...): each side names them from its own point of view; ``field.py`` converts them.
Sides are ``LANCASTER`` (0) and ``YORK`` (1); ``Scenario.sides[side]`` is that side's setup.

Readings of unclear scenario text are in docs/sunofyork-rulings.md, section "Scenarios".
"""

from __future__ import annotations

import datetime
import functools
import tomllib
from dataclasses import dataclass
from importlib.resources import files

from .cards import (BRIDGE, CAVALRY, CHURCH, FOOTSOLDIER, HENRY_VI, LANCASTER, LEADER, MARGARET,
                    MISSILE, POLEARM, SPECIAL, SPECIAL_TYPES, STREAM, TERRAIN, TERRAIN_TYPES, TOWN,
                    WALL, YORK)

DATA_FILE = "scenarios.toml"

# 9.1 order, then 9.2
SCENARIO_IDS = (
    "st_albans_1", "blore_heath", "ludford_bridge", "northampton", "wakefield",
    "mortimers_cross", "st_albans_2", "ferrybridge_1", "ferrybridge_2", "towton",
    "hedgeley_moor", "hexham", "edgecote_moor", "losecote_field", "barnet", "tewkesbury",
    "bosworth", "stoke", "shrewsbury", "heworth_moor", "random",
)
SECTIONS = {sid: f"9.1.{n}" for n, sid in enumerate(SCENARIO_IDS[:-1], 1)} | {"random": "9.2"}

# 9.3: every scenario "in sequence" but Ludford Bridge, Shrewsbury and Heworth Moor (the order
# is 9.1's, which is also date order); to reach nine victories the campaign goes round again
# from the start (a ruling).
CAMPAIGN_ORDER = tuple(s for s in SCENARIO_IDS
                       if s not in ("ludford_bridge", "shrewsbury", "heworth_moor", "random"))

WEATHERS = ("good", "heat", "fog", "winter")

REARS = ("left rear", "centre rear", "right rear")
MIDDLES = ("left middle", "centre middle", "right middle")
FLANKS = ("left flank", "right flank")
BATTLE_POSITIONS = REARS + MIDDLES
POSITIONS = BATTLE_POSITIONS + FLANKS

SIDE_WORDS = {"lancaster": LANCASTER, "york": YORK}

# The leaders' keys (the shared spec); a scenario names a leader by the key of his side's card.
LEADER_KEYS = {
    YORK: frozenset((
        "duke_of_york", "warwick", "salisbury", "fauconberg", "march", "edward_iv",
        "fitzwalter", "montague", "pembroke", "devon", "hastings", "gloucester", "richard_iii",
        "simnel", "hotspur", "worcester", "douglas")),
    LANCASTER: frozenset((
        "somerset_2", "clifford", "buckingham", "buckingham_3", "audley", "dudley", "grey",
        "somerset_3", "roos", "northumberland_3", "exeter", "wiltshire", "pembroke",
        "redesdale", "warwick", "welles", "prince_edward", "henry_vii", "henry_iv", "monmouth",
        "stafford", "devon")),
}

# 7.0: Stream and Bridge lie to one side of the field; Town, Battlefield Church and Wall are
# only playable in battle positions. 8.0: Margaret of Anjou and King Henry VI (Lancastrian
# specials) are played to one side of the field.
BESIDE_TERRAIN = (STREAM, BRIDGE)
BATTLE_ONLY_TERRAIN = (TOWN, CHURCH, WALL)
SIDE_CARDS = (MARGARET, HENRY_VI)
STRIPPABLE = (FOOTSOLDIER, MISSILE, POLEARM, CAVALRY, LEADER, TERRAIN, SPECIAL)


class ScenarioError(ValueError):
    """A scenario file that is wrong: the message names the file, the scenario and the key."""


@dataclass(frozen=True)
class SideSetup:
    """One side's setup in a scenario (the Special Rules, 4.0, 9.0).

    - ``place``: (what, position) pairs placed before the deal: ``what`` is a leader key or a
      terrain type ("Hill", "Woods", "Town", "Wall", "Battlefield Church").
    - ``beside``: cards taken from the deck and put to one side of the field ("Stream",
      "Bridge", "King Henry VI", "Margaret of Anjou").
    - ``eliminate``: cards eliminated (shuffled, from the top) after setup, before the deal.
    - ``eliminate_roll``: the cards eliminated on a die roll of 1..6 (Ludford Bridge); ().
    - ``eliminate_after_deploy``: cards eliminated after the deck is reshuffled once
      deployment is done (Wakefield, York 50).
    - ``keep_out``: cards taken out before the elimination and shuffled back after it.
    - ``may_play``: side cards (Margaret of Anjou, King Henry VI) that the side may play to one
      side of the field when drawn (8.0); elsewhere they are only Orders cards.
    - ``margaret_rolls``: die rolls at setup on which Margaret of Anjou is put beside the field.
    - ``deal``: the initial deployment dealt (16); ``hand``: the hand kept from it (4, before
      King Henry VI's -1).
    - ``deploy_at``: where the dealt cards may be placed face-down; ``units_only_at``: those of
      them where only combat units may be placed.
    - ``leaders``: False where the side may play no leaders at all (only as Orders cards).
    - ``enter``: (key, position) for the leaders the scenario lets into battle during
      movement; position "" for any rear allowed by the central-battle-first rule (6.2.3 A).
    - ``requires``: (key, needed): ``key`` may not be played before ``needed`` is deployed; if
      spent as Orders before that he is set aside and reshuffled in once ``needed`` is deployed.
    - ``strip``: unit classes ("missile", ...) and kinds ("special", "terrain", ...) removed
      from the deck before play.
    """
    place: tuple = ()
    beside: tuple = ()
    eliminate: int = 0
    eliminate_roll: tuple = ()
    eliminate_after_deploy: int = 0
    keep_out: tuple = ()
    may_play: tuple = ()
    margaret_rolls: tuple = ()
    deal: int = 16
    hand: int = 4
    deploy_at: tuple = REARS
    units_only_at: tuple = ()
    leaders: bool = True
    enter: tuple = ()
    requires: tuple = ()
    strip: tuple = ()

    @property
    def placed_leaders(self) -> tuple:
        """The keys of the leaders placed at setup, in order."""
        return tuple(what for what, _ in self.place if what not in TERRAIN_TYPES)

    @property
    def placed_terrain(self) -> tuple:
        """The (terrain type, position) pairs placed at setup."""
        return tuple((what, pos) for what, pos in self.place if what in TERRAIN_TYPES)


@dataclass(frozen=True)
class Scenario:
    """A scenario (9.1.x or 9.2).

    ``attacker``: LANCASTER, YORK, or -1 where the cut of the decks decides (9.2).
    ``hill_missiles_barred``: the side whose Missile units gain nothing from Hills, or -1.
    ``cavalry_barred``: (side, flank) positions Cavalry may not enter.
    ``flank_roll_plus``: (side, flank, n): flank move rolls out of that flank are at +n.
    ``warwick_before_1468``: how "A Warwick!" is played (8.0).
    ``random_setup``: 9.2's deployment (leaders and terrain from the deal, Battles lines not
    binding, 2.2.1, 7.0).
    """
    id: str
    section: str
    name: str
    date: str
    year: int
    attacker: int
    weather: str
    in_campaign: bool
    summary: str
    history: str
    sides: tuple
    centre_only: bool = False
    long_range: bool = True
    hill_missiles_barred: int = -1
    cavalry_barred: tuple = ()
    flank_roll_plus: tuple = ()
    warwick_before_1468: bool = True
    random_setup: bool = False

    def side(self, side: int) -> SideSetup:
        return self.sides[side]

    @property
    def title(self) -> str:
        """The name with the date, as 9.1 heads it."""
        return f"{self.name} ({self.date})" if self.date else self.name


# ---------------------------------------------------------------------------------------------
# Parsing and checking

_SCENARIO_KEYS = {
    "id", "section", "name", "date", "attacker", "weather", "in_campaign", "summary",
    "history", "centre_only", "long_range", "hill_missiles_barred", "cavalry_barred",
    "flank_roll_plus", "warwick_before_1468", "random_setup", "lancaster", "york",
}
_SIDE_KEYS = {f.name for f in SideSetup.__dataclass_fields__.values()}


class _Where:
    """Builds the errors' messages: file, scenario, key."""

    def __init__(self, filename: str, scenario: str):
        self.filename, self.scenario = filename, scenario

    def error(self, key: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{self.filename}: scenario {self.scenario}: key {key!r}: {problem}")


def _typed(w: _Where, key: str, value, kind, what: str):
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise w.error(key, f"must be {what}, not {value!r}")
    return value


def _str(w, key, value):
    return _typed(w, key, value, str, "a string")


def _int(w, key, value, lo=0, hi=110):
    _typed(w, key, value, int, "an integer")
    if not lo <= value <= hi:
        raise w.error(key, f"must be from {lo} to {hi}, not {value}")
    return value


def _bool(w, key, value):
    return _typed(w, key, value, bool, "true or false")


def _list(w, key, value):
    return _typed(w, key, value, list, "a list")


def _pair(w, key, value, n=2):
    if not isinstance(value, list) or len(value) != n:
        raise w.error(key, f"must be a list of {n} items, not {value!r}")
    return value


def _side_word(w, key, value) -> int:
    if value not in SIDE_WORDS:
        raise w.error(key, f"unknown side {value!r} (lancaster, york)")
    return SIDE_WORDS[value]


def _position(w, key, value, allowed=POSITIONS) -> str:
    _str(w, key, value)
    if value not in POSITIONS:
        raise w.error(key, f"unknown position {value!r} (one of {', '.join(POSITIONS)})")
    if value not in allowed:
        raise w.error(key, f"position {value!r} not allowed here (one of {', '.join(allowed)})")
    return value


def _mirror(position: str) -> str:
    """The other side's word for a middle-ground position (the middle ground is shared)."""
    return position.replace("left", "@").replace("right", "left").replace("@", "right")


def _parse_side(w: _Where, name: str, side: int, table, centre_only: bool) -> SideSetup:
    if not isinstance(table, dict):
        raise w.error(name, f"must be a table, not {table!r}")
    for key in table:
        if key not in _SIDE_KEYS:
            raise w.error(f"{name}.{key}", f"unknown key (known: {', '.join(sorted(_SIDE_KEYS))})")
    leader_keys = LEADER_KEYS[side]
    k = lambda key: f"{name}.{key}"  # noqa: E731
    values = {}

    def positions_of(key, allowed=POSITIONS):
        out = []
        for i, pos in enumerate(_list(w, k(key), table[key])):
            out.append(_position(w, f"{k(key)}[{i}]", pos, allowed))
        if len(set(out)) != len(out):
            raise w.error(k(key), "a position is named twice")
        return tuple(out)

    leaders = _bool(w, k("leaders"), table.get("leaders", True))
    values["leaders"] = leaders

    # place
    place, seen, placed_leaders = [], set(), []
    for i, item in enumerate(_list(w, k("place"), table.get("place", []))):
        key = f"{k('place')}[{i}]"
        what, pos = _pair(w, key, item)
        _str(w, key, what)
        pos = _position(w, key, pos)
        if what in TERRAIN_TYPES:
            if what in BESIDE_TERRAIN:
                raise w.error(key, f"{what} lies to one side of the field (7.0): put it in beside")
            if what in BATTLE_ONLY_TERRAIN and pos in FLANKS:
                raise w.error(key, f"{what} is only playable in battle positions (7.0)")
            if (what, pos) in seen:
                raise w.error(key, f"two {what} cards in {pos!r} (7.0: one of a type)")
            seen.add((what, pos))
        elif what in leader_keys:
            if not leaders:
                raise w.error(key, "this side may play no leaders")
            if pos in FLANKS:
                raise w.error(key, "leaders may never enter flank positions (6.2.3 B)")
            if what in placed_leaders:
                raise w.error(key, f"leader {what!r} placed twice")
            placed_leaders.append(what)
        elif what in SPECIAL_TYPES:
            raise w.error(key, f"{what} is a special card: put it in beside")
        else:
            raise w.error(key, f"unknown leader key or terrain type {what!r}")
        if centre_only and not pos.startswith("centre"):
            raise w.error(key, f"only the central battle is in play, not {pos!r}")
        place.append((what, pos))
    values["place"] = tuple(place)

    # beside
    beside = []
    for i, what in enumerate(_list(w, k("beside"), table.get("beside", []))):
        key = f"{k('beside')}[{i}]"
        _str(w, key, what)
        if what not in BESIDE_TERRAIN + SIDE_CARDS:
            raise w.error(key, f"{what!r} is not played beside the field "
                               f"(one of {', '.join(BESIDE_TERRAIN + SIDE_CARDS)})")
        if what in SIDE_CARDS and side != LANCASTER:
            raise w.error(key, f"{what} is a Lancastrian card (8.0)")
        if what in beside:
            raise w.error(key, f"{what!r} named twice")
        beside.append(what)
    if BRIDGE in beside and STREAM not in beside:
        raise w.error(k("beside"), "a Bridge is only played on a Stream (7.0)")
    values["beside"] = tuple(beside)

    # eliminations
    values["eliminate"] = _int(w, k("eliminate"), table.get("eliminate", 0), 0, 109)
    roll = _list(w, k("eliminate_roll"), table.get("eliminate_roll", []))
    if roll and len(roll) != 6:
        raise w.error(k("eliminate_roll"), "must give six numbers (die rolls 1-6), or none")
    values["eliminate_roll"] = tuple(
        _int(w, f"{k('eliminate_roll')}[{i}]", n, 0, 109) for i, n in enumerate(roll))
    if roll and values["eliminate"]:
        raise w.error(k("eliminate_roll"), "give eliminate or eliminate_roll, not both")
    values["eliminate_after_deploy"] = _int(
        w, k("eliminate_after_deploy"), table.get("eliminate_after_deploy", 0), 0, 109)
    keep_out = []
    for i, what in enumerate(_list(w, k("keep_out"), table.get("keep_out", []))):
        key = f"{k('keep_out')}[{i}]"
        _str(w, key, what)
        if what not in SPECIAL_TYPES + TERRAIN_TYPES and what not in leader_keys:
            raise w.error(key, f"unknown card {what!r}")
        keep_out.append(what)
    if keep_out and not (values["eliminate"] or values["eliminate_roll"]
                         or values["eliminate_after_deploy"]):
        raise w.error(k("keep_out"), "nothing is eliminated to keep cards out of")
    values["keep_out"] = tuple(keep_out)

    # Margaret of Anjou, King Henry VI
    may_play = []
    for i, what in enumerate(_list(w, k("may_play"), table.get("may_play", []))):
        key = f"{k('may_play')}[{i}]"
        _str(w, key, what)
        if what not in SIDE_CARDS:
            raise w.error(key, f"{what!r} is not one of {', '.join(SIDE_CARDS)}")
        if side != LANCASTER:
            raise w.error(key, f"{what} is a Lancastrian card (8.0)")
        if what in beside:
            raise w.error(key, f"{what} is already beside the field")
        may_play.append(what)
    values["may_play"] = tuple(may_play)
    rolls = _list(w, k("margaret_rolls"), table.get("margaret_rolls", []))
    values["margaret_rolls"] = tuple(
        _int(w, f"{k('margaret_rolls')}[{i}]", r, 1, 6) for i, r in enumerate(rolls))
    if rolls and side != LANCASTER:
        raise w.error(k("margaret_rolls"), "Margaret of Anjou is a Lancastrian card (8.0)")
    if rolls and (MARGARET in beside or MARGARET in may_play):
        raise w.error(k("margaret_rolls"), "Margaret of Anjou is already available")

    # deal and deployment
    values["deal"] = _int(w, k("deal"), table.get("deal", 16), 1, 110)
    values["hand"] = _int(w, k("hand"), table.get("hand", 4), 0, 16)
    if values["hand"] > values["deal"]:
        raise w.error(k("hand"), "the hand is kept from the deal: it cannot be larger")
    values["deploy_at"] = positions_of("deploy_at", BATTLE_POSITIONS) \
        if "deploy_at" in table else (("centre rear",) if centre_only else REARS)
    if not values["deploy_at"]:
        raise w.error(k("deploy_at"), "must name at least one position")
    values["units_only_at"] = positions_of("units_only_at", BATTLE_POSITIONS) \
        if "units_only_at" in table else ()
    for pos in values["units_only_at"]:
        if pos not in values["deploy_at"]:
            raise w.error(k("units_only_at"), f"{pos!r} is not in deploy_at")
    if centre_only:
        for key in ("deploy_at", "units_only_at"):
            for pos in values[key]:
                if not pos.startswith("centre"):
                    raise w.error(k(key), f"only the central battle is in play, not {pos!r}")

    # leaders entering during movement
    enter = []
    for i, item in enumerate(_list(w, k("enter"), table.get("enter", []))):
        key = f"{k('enter')}[{i}]"
        who, pos = _pair(w, key, item)
        _str(w, key, who)
        _str(w, key, pos)
        if who not in leader_keys:
            raise w.error(key, f"unknown leader key {who!r}")
        if not leaders:
            raise w.error(key, "this side may play no leaders")
        if pos:
            _position(w, key, pos, BATTLE_POSITIONS)
            if centre_only and not pos.startswith("centre"):
                raise w.error(key, f"only the central battle is in play, not {pos!r}")
        if who in placed_leaders or who in (e for e, _ in enter):
            raise w.error(key, f"leader {who!r} is already placed or named")
        enter.append((who, pos))
    values["enter"] = tuple(enter)
    requires = []
    available = set(placed_leaders) | {e for e, _ in enter}
    for i, item in enumerate(_list(w, k("requires"), table.get("requires", []))):
        key = f"{k('requires')}[{i}]"
        who, needed = _pair(w, key, item)
        for leader in (_str(w, key, who), _str(w, key, needed)):
            if leader not in leader_keys:
                raise w.error(key, f"unknown leader key {leader!r}")
            if leader not in available:
                raise w.error(key, f"leader {leader!r} is neither placed nor in enter")
        if who == needed:
            raise w.error(key, "a leader cannot require himself")
        requires.append((who, needed))
    values["requires"] = tuple(requires)

    strip = []
    for i, what in enumerate(_list(w, k("strip"), table.get("strip", []))):
        key = f"{k('strip')}[{i}]"
        _str(w, key, what)
        if what not in STRIPPABLE:
            raise w.error(key, f"unknown class or kind {what!r} (one of {', '.join(STRIPPABLE)})")
        strip.append(what)
    if TERRAIN in strip and (place and any(wh in TERRAIN_TYPES for wh, _ in place)
                             or any(b in BESIDE_TERRAIN for b in beside)):
        raise w.error(k("strip"), "terrain is stripped but the side places terrain")
    values["strip"] = tuple(strip)
    return SideSetup(**values)


def _parse_one(entry, index: int, filename: str) -> Scenario:
    sid = entry.get("id") if isinstance(entry, dict) else None
    w = _Where(filename, repr(sid) if isinstance(sid, str) else f"#{index + 1}")
    if not isinstance(entry, dict):
        raise w.error("scenario", "each [[scenario]] must be a table")
    for key in entry:
        if key not in _SCENARIO_KEYS:
            raise w.error(key, f"unknown key (known: {', '.join(sorted(_SCENARIO_KEYS))})")
    for key in ("id", "section", "name", "date", "attacker", "weather", "in_campaign",
                "summary", "history"):
        if key not in entry:
            raise w.error(key, "missing")
    sid = _str(w, "id", entry["id"])
    if sid not in SCENARIO_IDS:
        raise w.error("id", f"unknown scenario id {sid!r}")
    section = _str(w, "section", entry["section"])
    if section != SECTIONS[sid]:
        raise w.error("section", f"{sid!r} is section {SECTIONS[sid]}, not {section!r}")
    name = _str(w, "name", entry["name"]).strip()
    if not name:
        raise w.error("name", "must not be empty")

    date = _str(w, "date", entry["date"])
    if sid == "random":
        if date:
            raise w.error("date", "the random scenario has no date")
        year = 0
    else:
        try:
            parsed = datetime.date.fromisoformat(date)
        except ValueError:
            raise w.error("date", f"must be YYYY-MM-DD, not {date!r}") from None
        if len(date) != 10:
            raise w.error("date", f"must be YYYY-MM-DD, not {date!r}")
        year = parsed.year

    attacker_word = _str(w, "attacker", entry["attacker"])
    if attacker_word == "cut":
        if sid != "random":
            raise w.error("attacker", "only the random scenario cuts for the attacker")
        attacker = -1
    else:
        attacker = _side_word(w, "attacker", attacker_word)
    weather = _str(w, "weather", entry["weather"])
    if weather not in WEATHERS:
        raise w.error("weather", f"unknown weather {weather!r} (one of {', '.join(WEATHERS)})")
    in_campaign = _bool(w, "in_campaign", entry["in_campaign"])
    if in_campaign != (sid in CAMPAIGN_ORDER):
        where = "in" if sid in CAMPAIGN_ORDER else "out of"
        raise w.error("in_campaign", f"9.3 puts {sid!r} {where} the campaign")
    summary = _str(w, "summary", entry["summary"]).strip()
    if not summary or "\n" in summary:
        raise w.error("summary", "must be one non-empty line")
    history = _str(w, "history", entry["history"]).strip()
    if not history:
        raise w.error("history", "must not be empty")

    centre_only = _bool(w, "centre_only", entry.get("centre_only", False))
    long_range = _bool(w, "long_range", entry.get("long_range", True))
    barred = entry.get("hill_missiles_barred", "")
    hill_missiles_barred = -1 if barred == "" else _side_word(w, "hill_missiles_barred", barred)

    flank_allowed = () if centre_only else FLANKS
    cavalry_barred = []
    for i, item in enumerate(_list(w, "cavalry_barred", entry.get("cavalry_barred", []))):
        key = f"cavalry_barred[{i}]"
        side_word, pos = _pair(w, key, item)
        cavalry_barred.append((_side_word(w, key, side_word),
                               _position(w, key, pos, flank_allowed)))
    flank_roll_plus = []
    for i, item in enumerate(_list(w, "flank_roll_plus", entry.get("flank_roll_plus", []))):
        key = f"flank_roll_plus[{i}]"
        side_word, pos, n = _pair(w, key, item, 3)
        flank_roll_plus.append((_side_word(w, key, side_word),
                                _position(w, key, pos, flank_allowed), _int(w, key, n, -6, 6)))

    if "warwick_before_1468" in entry:
        if sid != "random":
            raise w.error("warwick_before_1468", "the scenario's date decides it")
        warwick_before_1468 = _bool(w, "warwick_before_1468", entry["warwick_before_1468"])
    else:
        if sid == "random":
            raise w.error("warwick_before_1468", "missing: the random scenario has no date")
        warwick_before_1468 = year < 1468
    random_setup = _bool(w, "random_setup", entry.get("random_setup", False))
    if random_setup != (sid == "random"):
        raise w.error("random_setup", "9.2's deployment is the random scenario's alone")

    sides = tuple(_parse_side(w, word, side, entry.get(word, {}), centre_only)
                  for word, side in (("lancaster", LANCASTER), ("york", YORK)))
    # the middle ground is shared: one card of a terrain type per position (7.0)
    lanc_middle = {(what, pos) for what, pos in sides[LANCASTER].placed_terrain if pos in MIDDLES}
    for i, (what, pos) in enumerate(sides[YORK].place):
        if what in TERRAIN_TYPES and (what, _mirror(pos)) in lanc_middle:
            raise w.error(f"york.place[{i}]",
                          f"the Lancastrians already place {what} in that middle ground")

    return Scenario(
        id=sid, section=section, name=name, date=date, year=year, attacker=attacker,
        weather=weather, in_campaign=in_campaign, summary=summary, history=history,
        sides=sides, centre_only=centre_only, long_range=long_range,
        hill_missiles_barred=hill_missiles_barred, cavalry_barred=tuple(cavalry_barred),
        flank_roll_plus=tuple(flank_roll_plus), warwick_before_1468=warwick_before_1468,
        random_setup=random_setup)


def parse_scenarios(text: str, filename: str = "<scenarios>", *,
                    require_all: bool = False) -> dict[str, Scenario]:
    """Parse and check TOML text of ``[[scenario]]`` entries; the result is in 9.1 order.

    ``require_all``: every id of ``SCENARIO_IDS`` must be there (the game's own file).
    Raises ``ScenarioError`` naming ``filename``, the scenario and the key at fault.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{filename}: not valid TOML: {exc}") from None
    for key in data:
        if key != "scenario":
            raise ScenarioError(f"{filename}: top-level key {key!r}: unknown (only [[scenario]])")
    entries = data.get("scenario", [])
    if not isinstance(entries, list):
        raise ScenarioError(f"{filename}: key 'scenario': must be [[scenario]] entries")
    found: dict[str, Scenario] = {}
    for index, entry in enumerate(entries):
        scenario = _parse_one(entry, index, filename)
        if scenario.id in found:
            raise ScenarioError(f"{filename}: scenario {scenario.id!r}: key 'id': given twice")
        found[scenario.id] = scenario
    if require_all:
        missing = [sid for sid in SCENARIO_IDS if sid not in found]
        if missing:
            raise ScenarioError(f"{filename}: scenario {missing[0]!r}: key 'id': missing "
                                f"(no entry for {', '.join(missing)})")
    return {sid: found[sid] for sid in SCENARIO_IDS if sid in found}


@functools.lru_cache(maxsize=1)
def _load() -> tuple:
    text = files("sunofyork.data").joinpath(DATA_FILE).read_text(encoding="utf-8")
    return tuple(parse_scenarios(text, DATA_FILE, require_all=True).items())


def load_scenarios() -> dict[str, Scenario]:
    """Every scenario by id, in 9.1 order then "random" (read and checked once)."""
    return dict(_load())


def load_scenario(scenario_id: str) -> Scenario:
    """One scenario by id; KeyError for an unknown id."""
    scenarios = dict(_load())
    if scenario_id not in scenarios:
        raise KeyError(f"unknown scenario {scenario_id!r} (one of {', '.join(SCENARIO_IDS)})")
    return scenarios[scenario_id]
