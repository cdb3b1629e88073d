"""What terrain, weather, leaders and markers do to a unit's numbers (3.4, 6.2, 7.0, 8.0):
engagement, Ability, long-range Ability, morale modifiers and the orders a move costs.

Every function reads the game and changes nothing.
"""

from __future__ import annotations

from .cards import CAVALRY, CHURCH, HILL, LEADER, MISSILE, POLEARM, TERRAIN, TOWN, UNIT, WALL, WOODS
from .field import NBATTLE, column, row
from .state import COMMITTED, FATIGUED

GOOD, HEAT, FOG, WINTER = "good", "heat", "fog", "winter"


def engaged(g, p: int) -> bool:
    """6.2.2: a battle position holding combat units of both sides (flanks never engage)."""
    if p >= NBATTLE:
        return False
    return bool(g.units_at(p, 0)) and bool(g.units_at(p, 1))


def has_units(g, p: int, side: int) -> bool:
    deck = g.decks[side]
    return any(deck[c - 1].kind == UNIT for c in g.at[p][side])


def terrain_at(g, p: int) -> set:
    """The terrain types in position ``p`` (either side's cards: terrain affects all, 7.0)."""
    found = set()
    for s in (0, 1):
        deck = g.decks[s]
        for c in g.at[p][s]:
            card = deck[c - 1]
            if card.kind == TERRAIN:
                found.add(card.type)
    return found


def controls(g, p: int) -> int:
    """3.3 Control: flanks and rears are friendly to their own side; a middle ground to the
    last side that held it free of enemy units (-1 for nobody yet)."""
    if p >= NBATTLE:
        return (p - NBATTLE) % 2
    r = row(p)
    if r == 1:
        return g.control[column(p)]
    return 1 if r == 0 else 0


def leadership_at(g, p: int, side: int) -> int:
    """The sum of the Leadership of ``side``'s leaders in ``p``, each committed one +1
    (2.2.1, 6.2.2)."""
    total = 0
    deck, flags = g.decks[side], g.flags[side]
    for c in g.at[p][side]:
        card = deck[c - 1]
        if card.kind == LEADER:
            total += card.leadership + (1 if flags[c] & COMMITTED else 0)
    return total


def committed_at(g, p: int, side: int) -> int:
    deck, flags = g.decks[side], g.flags[side]
    return sum(1 for c in g.at[p][side] if deck[c - 1].kind == LEADER and flags[c] & COMMITTED)


def morale_modifier(g, side: int, cid: int, p: int) -> int:
    """What is added to each of this unit's Morale Check dice (6.2.1): minus the Leadership
    present, -1 veteran, -1 town, -2 church, -2 stream, -1 King Henry VI (Lancaster), +1
    winter."""
    card = g.decks[side][cid - 1]
    mod = -leadership_at(g, p, side)
    if card.veteran:
        mod -= 1
    if p < NBATTLE:
        ter = terrain_at(g, p)
        if TOWN in ter:
            mod -= 1
        if CHURCH in ter:
            mod -= 2
    if g.stream[side]:
        mod -= 2
    if side == 0 and g.henry:
        mod -= 1
    if g.weather == WINTER:
        mod += 1
    return mod


def ability(g, side: int, cid: int, p: int, bonus: int = 0) -> int:
    """A unit's melee (engaged) Ability in position ``p`` (6.2.2): +1 per committed leader,
    +1 polearm defending a hill its side holds, +1 missile behind a wall, -1 fatigued, plus
    ``bonus`` (charges, flank attacks, A Warwick!)."""
    card = g.decks[side][cid - 1]
    a = card.ability + committed_at(g, p, side) + bonus
    cls = card.unit_class
    ter = terrain_at(g, p)
    if cls == POLEARM and HILL in ter and controls(g, p) == side:
        a += 1
    if cls == MISSILE and WALL in ter:
        a += 1
    if g.flags[side][cid] & FATIGUED:
        a -= 1
    return max(0, min(6, a))


def long_range_ability(g, side: int, cid: int, p: int) -> int:
    """A missile unit's long-range Ability from ``p`` (6.2.2): +1 on a hill (not for the side
    a scenario bars, 9.1.10), -1 fog (not below 1), -1 winter (possibly 0), -1 fatigued."""
    card = g.decks[side][cid - 1]
    a = card.long_range
    if HILL in terrain_at(g, p) and g.sc.hill_missiles_barred != side:
        a += 1
    if g.weather == FOG:
        a = max(1, a - 1) if a > 0 else 0
    elif g.weather == WINTER:
        a -= 1
    if g.flags[side][cid] & FATIGUED:
        a -= 1
    return max(0, min(6, a))


def order_cost(g, side: int, cid: int, base: int) -> int:
    """Orders for a move whose rule cost is ``base`` (6.2.3): +1 heat (3.4), +1 fatigued (8.0)."""
    cost = base
    if g.weather == HEAT:
        cost += 1
    if cid and g.flags[side][cid] & FATIGUED:
        cost += 1
    return cost


def entry_cost(g, side: int) -> int:
    """Orders to bring a unit from the hand into a rear position (6.2.3 A): 1; 4 with a
    stream against the side, 2 once bridged (7.0)."""
    if g.stream[side]:
        return 2 if g.bridge[side] else 4
    return 1


def may_enter(g, side: int, cid: int, p: int) -> bool:
    """Terrain and scenario bars on a unit entering ``p``: Cavalry never enters walls (7.0) or
    a flank the scenario closes to it (9.1.17)."""
    card = g.decks[side][cid - 1]
    if card.unit_class == CAVALRY:
        if WALL in terrain_at(g, p):
            return False
        if p in g.cavalry_barred:
            return False
    return True


def stops_in(g, side: int, cid: int, p: int) -> bool:
    """Whether a mover must stop on entering ``p``: enemy units there (6.2.3 A), woods for
    Cavalry and Leaders (7.0)."""
    if has_units(g, p, 1 - side):
        return True
    card = g.decks[side][cid - 1]
    return (card.kind == LEADER or card.unit_class == CAVALRY) and WOODS in terrain_at(g, p)


__all__ = ["engaged", "has_units", "terrain_at", "controls", "leadership_at", "committed_at",
           "morale_modifier", "ability", "long_range_ability", "order_cost", "entry_cost",
           "may_enter", "stops_in", "GOOD", "HEAT", "FOG", "WINTER"]
