"""The components of Richard III as static tables: map, blocks and cards.

The facts live in the package's data files (``richard3/data/map.toml``, ``blocks.toml``,
``cards.toml``); this module loads them once, validates them (counts, symmetric borders, every
shield, city, cathedral and home naming something real) and builds integer-indexed tables for
the engine. Areas and blocks are referred to by integer ids everywhere in the game state; the
names are only for notation, logs and observations.

Raises ``ComponentError`` naming the file and the entry that is wrong.
"""

from __future__ import annotations

import tomllib
from importlib import resources

LANCASTER, YORK, REBEL = 0, 1, 2
SIDE_NAMES = ("Lancaster", "York", "Rebel")
SIDE_IDS = {name: i for i, name in enumerate(SIDE_NAMES)}

#: Initiative letters in battle order (6.2).
INITIATIVES = "ABCD"

#: Block types (3.2).
HEIR, NOBLE, CHURCH, LEVY, BOMBARD, MERCENARY, REBEL_TYPE = (
    "heir", "noble", "church", "levy", "bombard", "mercenary", "rebel")
BLOCK_TYPES = (HEIR, NOBLE, CHURCH, LEVY, BOMBARD, MERCENARY, REBEL_TYPE)

#: The three Neville blocks, permanently killed (6.83) with their family loyalty (6.91).
NEVILLES = ("Warwick", "Salisbury", "Kent")

SEA_NAMES = ("North Sea", "English Channel", "Irish Sea")


class ComponentError(ValueError):
    """A component data file is malformed; the message names the file and the entry."""


class Components:
    """Static tables of the map, the blocks and the cards, indexed by integer ids.

    Areas (2.0): ``area_names[a]``, ``area_id[name]``; per area: ``kind`` ("land", "exile",
    "island"), ``exile_of`` (side id or -1), ``seas`` (bitmask over ``SEA_NAMES``; 0 means
    no coast), ``major_port``, ``crown``, ``city`` (city name or None), ``cathedral`` (name or
    None), ``shields`` (tuple of shield names), ``wales``; ``neighbours[a]``: tuple of
    ``(b, border_id)`` for land borders. Borders (5.21): ``border_ends[k] = (a, b)``,
    ``border_limit[k]`` (4, 3 or 2), ``border_type[k]``, ``border_between[(a, b)]``.

    Blocks (3.0): ``block_names`` (unique ids such as "Warwick/Y"), ``block_id``; per block:
    ``side`` (0 Lancaster, 1 York, 2 Rebel), ``btype``, ``label`` (printed name), ``max_str``,
    ``initiative`` (0=A..3=D), ``firepower``, ``loyalty`` (1-3, 0 for rose / none),
    ``rose``, ``heir_rank`` (0 if not an heir), ``own_shield``, ``home_area`` (area id for
    church/levy/mercenary homes, -1 otherwise), ``counterpart`` (the other side's version of a
    two-version noble, or -1), ``shield_areas`` (area ids whose shields name this noble).

    Cards (5.1): ``card_names``, ``card_ap``, ``card_event`` (event key or None).
    """

    def __init__(self, map_data: dict, block_data: dict, card_data: dict):
        self._load_map(map_data)
        self._load_blocks(block_data)
        self._load_cards(card_data)

    # -- map -------------------------------------------------------------------------------
    def _load_map(self, data: dict) -> None:
        where = "map.toml"
        try:
            areas = data["areas"]
            borders = data["borders"]
            seas = data["seas"]
            limits = data["border_limits"]
        except KeyError as exc:
            raise ComponentError(f"{where}: missing table {exc.args[0]!r}") from None
        self.area_names = tuple(areas)
        self.area_id = {n: i for i, n in enumerate(self.area_names)}
        n = len(self.area_names)
        self.kind, self.exile_of, self.seas, self.major_port, self.crown = [], [], [], [], []
        self.city, self.cathedral, self.shields, self.wales, self.lon_lat = [], [], [], [], []
        for name, a in areas.items():
            kind = a.get("kind")
            if kind not in ("land", "exile", "island"):
                raise ComponentError(f"{where}: areas.{name}.kind is {kind!r}")
            self.kind.append(kind)
            ex = a.get("exile_of")
            if (kind == "exile") != (ex is not None) or (ex is not None and ex not in SIDE_IDS):
                raise ComponentError(f"{where}: areas.{name}.exile_of is {ex!r}")
            self.exile_of.append(SIDE_IDS[ex] if ex else -1)
            mask = 0
            for s in a.get("seas", []):
                if s not in SEA_NAMES:
                    raise ComponentError(f"{where}: areas.{name}.seas names unknown sea {s!r}")
                mask |= 1 << SEA_NAMES.index(s)
            self.seas.append(mask)
            self.major_port.append(bool(a.get("major_port", False)))
            self.crown.append(bool(a.get("crown", False)))
            self.city.append(a.get("city"))
            self.cathedral.append(a.get("cathedral"))
            self.shields.append(tuple(a.get("shields", ())))
            self.wales.append(bool(a.get("wales", False)))
            self.lon_lat.append(tuple(a.get("approx_lon_lat", (0.0, 0.0))))
        # Sea zone membership must agree with each area's own list of seas.
        for s, members in seas.items():
            if s not in SEA_NAMES:
                raise ComponentError(f"{where}: seas.{s} is not a known sea zone")
            bit = 1 << SEA_NAMES.index(s)
            for m in members:
                if m not in self.area_id:
                    raise ComponentError(f"{where}: seas.{s} names unknown area {m!r}")
            for i, name in enumerate(self.area_names):
                if bool(self.seas[i] & bit) != (name in members):
                    raise ComponentError(f"{where}: seas.{s} and areas.{name}.seas disagree")
        self.border_ends, self.border_type, self.border_limit = [], [], []
        self.border_between: dict[tuple[int, int], int] = {}
        nbrs: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for k, b in enumerate(borders):
            try:
                a1, a2, t = self.area_id[b["a"]], self.area_id[b["b"]], b["type"]
            except KeyError as exc:
                raise ComponentError(f"{where}: borders[{k}] names unknown area or lacks "
                                     f"{exc.args[0]!r}") from None
            if t not in limits:
                raise ComponentError(f"{where}: borders[{k}].type is {t!r}")
            if a1 == a2 or (a1, a2) in self.border_between:
                raise ComponentError(f"{where}: borders[{k}] ({b['a']}|{b['b']}) repeats a border")
            self.border_ends.append((a1, a2))
            self.border_type.append(t)
            self.border_limit.append(int(limits[t]))
            self.border_between[(a1, a2)] = self.border_between[(a2, a1)] = k
            nbrs[a1].append((a2, k))
            nbrs[a2].append((a1, k))
        self.neighbours = tuple(tuple(x) for x in nbrs)
        for i, name in enumerate(self.area_names):
            if self.kind[i] == "land" and not self.neighbours[i]:
                raise ComponentError(f"{where}: land area {name} has no border")
        self.city_area = {c: i for i, c in enumerate(self.city) if c}
        self.cathedral_area = {c: i for i, c in enumerate(self.cathedral) if c}
        self.wales_areas = tuple(i for i in range(n) if self.wales[i])
        self.exile_areas = tuple(tuple(i for i in range(n) if self.exile_of[i] == s)
                                 for s in (LANCASTER, YORK))
        self.crown_areas = tuple(i for i in range(n) if self.crown[i])
        if len(self.area_names) != 33 or len(self.border_ends) != 62:
            raise ComponentError(f"{where}: expected 33 areas and 62 borders, found "
                                 f"{len(self.area_names)} and {len(self.border_ends)}")

    # -- blocks ----------------------------------------------------------------------------
    def _load_blocks(self, data: dict) -> None:
        where = "blocks.toml"
        blocks = data.get("blocks")
        if not isinstance(blocks, list):
            raise ComponentError(f"{where}: missing [[blocks]]")
        self.block_names = tuple(b.get("id", f"#{i}") for i, b in enumerate(blocks))
        if len(set(self.block_names)) != len(self.block_names):
            raise ComponentError(f"{where}: duplicate block id")
        self.block_id = {n: i for i, n in enumerate(self.block_names)}
        self.side, self.btype, self.label, self.max_str = [], [], [], []
        self.initiative, self.firepower, self.loyalty, self.rose = [], [], [], []
        self.heir_rank, self.own_shield, self.home_area = [], [], []
        known_shields = {s for sh in self.shields for s in sh}
        for i, b in enumerate(blocks):
            bid = self.block_names[i]
            try:
                side, btype, rating = b["side"], b["type"], b["rating"]
                max_str = int(b["max_strength"])
            except KeyError as exc:
                raise ComponentError(f"{where}: block {bid} lacks {exc.args[0]!r}") from None
            if side not in SIDE_IDS:
                raise ComponentError(f"{where}: block {bid}.side is {side!r}")
            if btype not in BLOCK_TYPES:
                raise ComponentError(f"{where}: block {bid}.type is {btype!r}")
            if (len(rating) != 2 or rating[0] not in INITIATIVES or rating[1] not in "1234"):
                raise ComponentError(f"{where}: block {bid}.rating is {rating!r}")
            if not 2 <= max_str <= 4:
                raise ComponentError(f"{where}: block {bid}.max_strength is {max_str}")
            loyalty = b.get("loyalty")
            self.side.append(SIDE_IDS[side])
            self.btype.append(btype)
            self.label.append(b.get("name", bid))
            self.max_str.append(max_str)
            self.initiative.append(INITIATIVES.index(rating[0]))
            self.firepower.append(int(rating[1]))
            self.rose.append(loyalty == "rose")
            self.loyalty.append(loyalty if isinstance(loyalty, int) else 0)
            self.heir_rank.append(int(b.get("heir_rank", 0)))
            if (btype == HEIR) != bool(self.heir_rank[-1]):
                raise ComponentError(f"{where}: block {bid} heir_rank does not match its type")
            own = b.get("own_shield")
            if own is not None and own not in known_shields:
                raise ComponentError(f"{where}: block {bid}.own_shield {own!r} is on no area")
            self.own_shield.append(own)
            home = b.get("home")
            home_area = -1
            if btype == CHURCH:
                home_area = self.cathedral_area.get(home, -2)
            elif btype == LEVY:
                home_area = self.city_area.get(home, -2)
            elif btype == MERCENARY and home != "Wales":
                home_area = self.area_id.get(home, -2)
            if home_area == -2:
                raise ComponentError(f"{where}: block {bid}.home {home!r} names nothing on the map")
            self.home_area.append(home_area)
            if btype == NOBLE and self.label[-1] not in known_shields and self.label[-1] != "Clarence":
                raise ComponentError(f"{where}: noble {bid} has no shield on the map")
        # Two-version nobles: "Name/L" and "Name/Y" are counterparts (3.22, 4.6).
        self.counterpart = [-1] * len(self.block_names)
        for i, n in enumerate(self.block_names):
            # Each side has a bombard of its own: "Bombard/L" and "Bombard/Y" are not versions.
            if (n.endswith("/L") or n.endswith("/Y")) and self.btype[i] != BOMBARD:
                other = n[:-1] + ("Y" if n.endswith("/L") else "L")
                if other not in self.block_id:
                    raise ComponentError(f"{where}: block {n} has no counterpart {other}")
                self.counterpart[i] = self.block_id[other]
        # A noble's shields are the areas whose shields carry its printed name.
        # Clarence has no shield as a Lancastrian noble: he deploys and goes home to a York
        # shield (9.1; docs/rulings.md).
        def shield_name(i):
            return "York" if self.label[i] == "Clarence" else self.label[i]
        self.shield_areas = tuple(
            tuple(a for a, sh in enumerate(self.shields) if shield_name(i) in sh)
            if self.btype[i] == NOBLE else () for i in range(len(self.block_names)))
        counts = [self.side.count(s) for s in (LANCASTER, YORK, REBEL)]
        if counts != [31, 31, 1]:
            raise ComponentError(f"{where}: expected 31 Lancaster, 31 York and 1 Rebel blocks, "
                                 f"found {counts}")
        for s in (LANCASTER, YORK):
            ranks = sorted(self.heir_rank[i] for i in range(len(self.side))
                           if self.side[i] == s and self.heir_rank[i])
            if ranks != [1, 2, 3, 4, 5]:
                raise ComponentError(f"{where}: {SIDE_NAMES[s]} heirs must be ranked 1-5, found {ranks}")
        self.heirs = tuple(tuple(sorted((i for i in range(len(self.side))
                                         if self.side[i] == s and self.heir_rank[i]),
                                        key=lambda i: self.heir_rank[i]))
                           for s in (LANCASTER, YORK))
        self.welsh = self.block_id.get("Welsh Mercenary", -1)
        self.rebel = self.block_id.get("Rebel", -1)
        self.warwick = tuple(self.block_id[f"Warwick/{c}"] for c in "LY")
        self.neville_blocks = frozenset(i for i, lab in enumerate(self.label)
                                        if lab in NEVILLES and self.btype[i] == NOBLE)

    # -- cards -----------------------------------------------------------------------------
    def _load_cards(self, data: dict) -> None:
        where = "cards.toml"
        cards = data.get("cards")
        if not isinstance(cards, list):
            raise ComponentError(f"{where}: missing [[cards]]")
        self.card_names = tuple(c["name"] for c in cards)
        self.card_ap = tuple(int(c["ap"]) for c in cards)
        self.card_event = tuple(c.get("event") for c in cards)
        aps = sorted(ap for ap, ev in zip(self.card_ap, self.card_event) if ev is None)
        if aps != [2] * 6 + [3] * 7 + [4] * 6 or sum(1 for e in self.card_event if e) != 6:
            raise ComponentError(f"{where}: expected 6xAP2, 7xAP3, 6xAP4 and 6 events")
        events = {e for e in self.card_event if e}
        expected = {"force_march", "muster", "piracy", "plague", "surprise", "treason"}
        if events != expected:
            raise ComponentError(f"{where}: events are {sorted(events)}, expected {sorted(expected)}")

    # -- helpers ---------------------------------------------------------------------------
    def coastal(self, area: int) -> bool:
        """True if the area touches a sea zone (5.3)."""
        return self.seas[area] != 0

    def sea_linked(self, a: int, b: int) -> bool:
        """True if a sea move can go from area a to area b (same sea zone, 2.81 / 5.3)."""
        return a != b and bool(self.seas[a] & self.seas[b])


def _read_toml(name: str) -> dict:
    try:
        text = resources.files("richard3.data").joinpath(name).read_text(encoding="utf-8")
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ComponentError(f"{name}: {exc}") from None


_COMPONENTS: Components | None = None


def load_components() -> Components:
    """Return the validated static tables (loaded once per process).

    Raises ComponentError if a data file is malformed.
    """
    global _COMPONENTS
    if _COMPONENTS is None:
        _COMPONENTS = Components(_read_toml("map.toml"), _read_toml("blocks.toml"),
                                 _read_toml("cards.toml"))
    return _COMPONENTS
