"""Scenarios (4.0 setup, and the 1470 / 1483 scenarios) loaded from ``scenarios/*.toml``.

A scenario file names the KING's side, the first and last campaign, the victory rule, an
optional prisoner, and under ``[blocks]`` where every one of the 63 blocks starts: an area name,
``pool``, ``minor``, ``enemy`` (the other side's version of this noble is in play, 4.6),
``dead`` or ``prisoner``. ``load_scenario`` validates that every block is placed exactly once
and raises ``ScenarioError`` naming the file and the key that is wrong.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

from .components import HEIR, SIDE_IDS, load_components

SCENARIO_IDS = ("1460", "1470", "1483")
PLACES = ("pool", "minor", "enemy", "dead", "prisoner")


class ScenarioError(ValueError):
    """A scenario file is malformed; the message names the file and the key."""


@dataclass(frozen=True)
class Scenario:
    """A validated scenario: ``placement[block_id]`` is an area id or a place name."""
    id: str
    name: str
    history: str
    king: int
    first_campaign: int
    last_campaign: int
    victory: str
    prisoner: int
    placement: tuple


def parse_scenario(text: str, filename: str = "<scenario>") -> Scenario:
    """Parse and validate a scenario's TOML text; raise ScenarioError naming what is wrong."""
    c = load_components()
    try:
        d = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{filename}: not valid TOML ({exc}); a block listed twice is "
                            f"reported here as a duplicate key") from None

    def need(key, kind):
        if key not in d:
            raise ScenarioError(f"{filename}: missing key {key!r}")
        if not isinstance(d[key], kind):
            raise ScenarioError(f"{filename}: key {key!r} has the wrong type")
        return d[key]

    sid = need("id", str)
    king = need("king", str)
    if king not in ("Lancaster", "York"):
        raise ScenarioError(f"{filename}: key 'king' must be 'Lancaster' or 'York', not {king!r}")
    first, last = need("first_campaign", int), need("last_campaign", int)
    if not 1 <= first <= last <= 3:
        raise ScenarioError(f"{filename}: keys 'first_campaign'/'last_campaign' must satisfy "
                            f"1 <= first <= last <= 3")
    victory = d.get("victory", "all_heirs")
    if victory not in ("all_heirs", "sole_heir"):
        raise ScenarioError(f"{filename}: key 'victory' is {victory!r}")
    blocks = need("blocks", dict)
    placement = [None] * len(c.block_names)
    for name, where in blocks.items():
        if name not in c.block_id:
            raise ScenarioError(f"{filename}: key 'blocks.{name}' is not a block of the game")
        if not isinstance(where, str) or (where not in PLACES and where not in c.area_id):
            raise ScenarioError(f"{filename}: key 'blocks.{name}' = {where!r} is neither an "
                                f"area nor one of {', '.join(PLACES)}")
        placement[c.block_id[name]] = c.area_id.get(where, where)
    missing = [c.block_names[i] for i, p in enumerate(placement) if p is None]
    if missing:
        raise ScenarioError(f"{filename}: blocks not placed: {', '.join(missing)}")
    prisoner = -1
    if "prisoner" in d:
        pname = d["prisoner"]
        if pname not in c.block_id or placement[c.block_id[pname]] != "prisoner":
            raise ScenarioError(f"{filename}: key 'prisoner' must name a block placed as 'prisoner'")
        prisoner = c.block_id[pname]
    elif "prisoner" in placement:
        raise ScenarioError(f"{filename}: a block is placed as 'prisoner' but key 'prisoner' is missing")
    # Two-version nobles: exactly one version in play, or both dead (4.6).
    for i, other in enumerate(c.counterpart):
        if other < i:
            continue
        a, b = placement[i], placement[other]
        a_text = c.area_names[a] if isinstance(a, int) else a
        b_text = c.area_names[b] if isinstance(b, int) else b
        if (a == "enemy") == (b == "enemy") and not (a == b == "dead"):
            raise ScenarioError(f"{filename}: key 'blocks.{c.block_names[i]}' = {a_text!r} and "
                                f"'blocks.{c.block_names[other]}' = {b_text!r}: exactly one version "
                                f"must be 'enemy' (or both 'dead')")
        if "enemy" in (a, b) and "dead" in (a, b):
            raise ScenarioError(f"{filename}: key 'blocks.{c.block_names[i]}': a dead noble's "
                                f"other version must be 'dead' too")
    for i, p in enumerate(placement):
        if p == "enemy" and c.counterpart[i] < 0:
            raise ScenarioError(f"{filename}: key 'blocks.{c.block_names[i]}' = 'enemy' but it "
                                f"has no other version")
        if p == "minor" and c.btype[i] != HEIR:
            raise ScenarioError(f"{filename}: key 'blocks.{c.block_names[i]}' = 'minor' but it "
                                f"is not an heir")
        if isinstance(p, int) and c.exile_of[p] == 1 - c.side[i] and c.side[i] < 2:
            raise ScenarioError(f"{filename}: key 'blocks.{c.block_names[i]}' is in the enemy's exile")
    return Scenario(sid, d.get("name", sid), d.get("history", ""), SIDE_IDS[king], first, last,
                    victory, prisoner, tuple(placement))


def load_scenario(scenario_id: str) -> Scenario:
    """Load a bundled scenario by id ("1460", "1470", "1483").

    Raises KeyError for an unknown id, ScenarioError for a malformed file.
    """
    sid = str(scenario_id)
    if sid not in SCENARIO_IDS:
        raise KeyError(f"unknown scenario {scenario_id!r}: choose one of {', '.join(SCENARIO_IDS)}")
    filename = f"{sid}.toml"
    text = resources.files("richard3.scenarios").joinpath(filename).read_text(encoding="utf-8")
    return parse_scenario(text, filename)
