"""The cards of Sun of York (2.0-2.2): their kinds, types, classes and ratings.

A deck is a tuple of ``Card``; a card is known in a game by its side and its ``id`` (1-110,
2.0), and ``deck[id - 1]`` is that card. Cards are immutable; what happens to a card in play
(hits, cohesion lost, attacked, fatigue, commitment) lives in the game's state.

Kinds (2.1): ``unit`` (combat units: footsoldiers, missiles, polearms, cavalry), ``leader``,
``terrain`` and ``special``. Every leader, terrain and special card may instead be spent as an
Orders card for its ``orders`` (2.2.1, 2.2.3, 2.2.4); combat units give no orders.
"""

from __future__ import annotations

from dataclasses import dataclass, field

LANCASTER, YORK = 0, 1
SIDE_NAMES = ("Lancaster", "York")

UNIT, LEADER, TERRAIN, SPECIAL = "unit", "leader", "terrain", "special"
KINDS = (UNIT, LEADER, TERRAIN, SPECIAL)

# 2.2.2 the four classes of combat unit, and the types of each (2.1.2-2.1.5)
FOOTSOLDIER, MISSILE, POLEARM, CAVALRY = "footsoldier", "missile", "polearm", "cavalry"
UNIT_CLASS = {
    "Levies": FOOTSOLDIER, "Men-at-Arms": FOOTSOLDIER, "Knights": FOOTSOLDIER,
    "Longbowmen": MISSILE, "Crossbowmen": MISSILE, "Handgunners": MISSILE,
    "Billmen": POLEARM, "Pikemen": POLEARM,
    "Spears": CAVALRY,
}
UNIT_TYPES = tuple(UNIT_CLASS)

# 7.0 terrain types (the card's type), 8.0 special types
HILL, WOODS, STREAM, BRIDGE, TOWN, CHURCH, WALL = (
    "Hill", "Woods", "Stream", "Bridge", "Town", "Battlefield Church", "Wall")
TERRAIN_TYPES = (HILL, WOODS, STREAM, BRIDGE, TOWN, CHURCH, WALL)
CHARGE, AMBUSH, ARTILLERY, RALLY, CONFUSION, FATIGUE, TREASON, WARWICK, MARGARET, HENRY_VI = (
    "Charge", "Ambush", "Artillery", "Rally", "Battle Confusion", "Fatigue", "Treason!",
    "A Warwick!", "Margaret of Anjou", "King Henry VI")
SPECIAL_TYPES = (CHARGE, AMBUSH, ARTILLERY, RALLY, CONFUSION, FATIGUE, TREASON, WARWICK,
                 MARGARET, HENRY_VI)


@dataclass(frozen=True)
class Card:
    """One card of a deck (2.2).

    - ``id``: 1-110, its number in its deck; ``side``: LANCASTER (0) or YORK (1).
    - ``kind``: "unit", "leader", "terrain" or "special".
    - ``type``: for a unit one of ``UNIT_TYPES``; for terrain one of ``TERRAIN_TYPES``; for a
      special one of ``SPECIAL_TYPES``; for a leader "Leader".
    - ``name``: what the card says ("Earl of Salisbury", "Veteran Crossbowmen", "Hill").
    - ``key``: a leader's stable name used by scenarios ("salisbury"); "" for other cards.
    - units: ``ability`` (engaged, 1-6), ``long_range`` (missiles only, 0-6), ``cohesion``
      (1-6), ``veteran`` (morale rolls -1), ``move`` (1 or 2 positions).
    - leaders: ``orders``, ``ability``, ``leadership``, ``royal`` (crown), ``loyal`` (heart),
      ``battles`` (the scenario ids he may fight in, 2.2.1).
    - leaders, terrain, specials: ``orders``, the orders the card gives when spent.
    """
    id: int
    side: int
    kind: str
    type: str
    name: str
    key: str = ""
    orders: int = 0
    ability: int = 0
    long_range: int = 0
    cohesion: int = 0
    veteran: bool = False
    move: int = 1
    leadership: int = 0
    royal: bool = False
    loyal: bool = False
    battles: tuple = field(default=())

    @property
    def unit_class(self) -> str:
        """The combat unit's class (2.2.2), or "" for other kinds."""
        return UNIT_CLASS.get(self.type, "") if self.kind == UNIT else ""

    @property
    def is_unit(self) -> bool:
        return self.kind == UNIT

    @property
    def gives_orders(self) -> bool:
        """Leaders, terrain and specials may be spent as Orders cards (Designer's Notes)."""
        return self.kind != UNIT

    def label(self) -> str:
        """The card as the Example of Play writes it: "Longbowmen (1:2/1)", "Knights (3/5)",
        "Earl of March (5)"."""
        if self.kind == UNIT:
            if self.unit_class == MISSILE:
                return f"{self.name} ({self.ability}:{self.long_range}/{self.cohesion})"
            return f"{self.name} ({self.ability}/{self.cohesion})"
        return f"{self.name} ({self.orders})"
