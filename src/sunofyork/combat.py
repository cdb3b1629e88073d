"""6.2.2 Combat: who may attack, the dice, and the defender's damage distribution.

An attack is a list of (side, card id, position attacked, Ability, dice, missile?) rolled
together; ``resolve`` rolls them, halves missile hits against woods (7.0) and queues the hits
of each position for the defender to distribute (``damage_choices`` / ``take_hit``).
"""

from __future__ import annotations

from .cards import MISSILE, TOWN, WOODS
from .effects import ability, engaged, has_units, long_range_ability, terrain_at
from .field import ADJACENT, NBATTLE, column
from .state import ATTACKED, COMMITTED, DISCARD, LEADER_HIT


def melee_possible(g, side: int, cid: int) -> bool:
    """6.2.2: a unit that shares a battle position with enemy units may attack."""
    p = g.loc[side][cid]
    return 0 <= p < NBATTLE and has_units(g, p, 1 - side)


def long_range_targets(g, side: int, cid: int) -> list:
    """6.2.2 Long range: an unengaged Missile unit may fire at an unengaged position of the
    same battle, adjacent to its own, holding enemy units; not where the scenario forbids it
    (9.1.8), not into a town (7.0), not with a long-range Ability of 0."""
    p = g.loc[side][cid]
    card = g.decks[side][cid - 1]
    if p < 0 or p >= NBATTLE or card.unit_class != MISSILE or not g.sc.long_range:
        return []
    if has_units(g, p, 1 - side) or long_range_ability(g, side, cid, p) <= 0:
        return []
    out = []
    for q in ADJACENT[p]:
        if q < NBATTLE and column(q) == column(p) and has_units(g, q, 1 - side) \
                and not has_units(g, q, side) and TOWN not in terrain_at(g, q):
            out.append(q)
    return out


def attack_options(g, side: int, cid: int) -> list:
    """The positions unit ``cid`` may attack now (its own when engaged, else long-range
    targets); [] if it has attacked this turn."""
    if g.flags[side][cid] & ATTACKED:
        return []
    if melee_possible(g, side, cid):
        return [g.loc[side][cid]]
    return long_range_targets(g, side, cid)


def unit_attack(g, side: int, cid: int, target: int, bonus: int = 0) -> tuple:
    """The attack (side, cid, target, Ability, dice, missile) of unit ``cid`` on ``target``:
    dice = its current Cohesion (6.2.2)."""
    p = g.loc[side][cid]
    card = g.decks[side][cid - 1]
    if target == p:
        a = ability(g, side, cid, p, bonus)
    else:
        a = max(0, min(6, long_range_ability(g, side, cid, p) + bonus))
    return (side, cid, target, a, g.cohesion(side, cid), card.unit_class == MISSILE)


def resolve(g, attacks: list, events: list) -> dict:
    """Roll ``attacks`` (from ``unit_attack``; leaders' dice as (side, cid, target, Ability, 1,
    False, enemy leader id or 0)); return {position: hits} on units, after halving missile hits
    against woods (7.0). Hits on leaders are marked at once (6.2.2)."""
    by_pos: dict = {}
    for att in attacks:
        side, cid, target, a, dice, missile = att[:6]
        rolls = [g.roll() for _ in range(dice)]
        hits = sum(1 for r in rolls if r <= a)
        events.append(("attack", side, cid, target, a, tuple(rolls), hits))
        if len(att) > 6 and att[6]:
            if hits:
                enemy = 1 - side
                if g.loc[enemy][att[6]] == target:
                    # each hit is a die at his Leader Check (6.2.1): two leaders' hits, two dice
                    g.flags[enemy][att[6]] |= LEADER_HIT
                    g.hits[enemy][att[6]] += 1
                    events.append(("leader_hit", enemy, att[6]))
            continue
        slot = by_pos.setdefault(target, [0, 0])
        slot[1 if missile else 0] += hits
    out = {}
    for p, (plain, missile) in by_pos.items():
        if missile and WOODS in terrain_at(g, p):
            missile //= 2
        if plain + missile:
            out[p] = plain + missile
    return out


def damage_choices(g, side: int, p: int) -> list:
    """6.2.2 Damage Distribution: the units of ``side`` in ``p`` that may take the next hit.

    As evenly as possible: among the units that can still stand a hit (hits below their
    current Cohesion) those with the fewest; when none can, those with the fewest hits beyond
    their Cohesion (the rulebook's Examples #1 and #2)."""
    units = g.units_at(p, side)
    hits = g.hits[side]
    room = [c for c in units if hits[c] < g.cohesion(side, c)]
    if room:
        low = min(hits[c] for c in room)
        return [c for c in room if hits[c] == low]
    if not units:
        return []
    low = min(hits[c] - g.cohesion(side, c) for c in units)
    return [c for c in units if hits[c] - g.cohesion(side, c) == low]


def take_hit(g, side: int, cid: int, events: list) -> None:
    """Give unit ``cid`` one Hit marker; a unit forced past its Cohesion is discarded at once
    (6.2.2)."""
    g.hits[side][cid] += 1
    events.append(("hit", side, cid))
    if g.hits[side][cid] > g.cohesion(side, cid):
        events.append(("routed", side, cid))
        g.put(side, cid, DISCARD)


def leader_die(g, side: int, lid: int, target_leader: int) -> tuple:
    """A committed leader's extra die (6.2.2): at his Ability, against the units of his
    position or the enemy leader ``target_leader`` there."""
    p = g.loc[side][lid]
    card = g.decks[side][lid - 1]
    return (side, lid, p, card.ability, 1, False, target_leader)


def leader_targets(g, side: int, lid: int) -> list:
    """0 (the enemy units) and the enemy leaders a committed leader's die may seek (6.2.2)."""
    if not g.flags[side][lid] & COMMITTED or g.flags[side][lid] & ATTACKED:
        return []
    p = g.loc[side][lid]
    if p < 0 or not engaged(g, p):
        return []
    return [0] + g.leaders_at(p, 1 - side)


__all__ = ["melee_possible", "long_range_targets", "attack_options", "unit_attack", "resolve",
           "damage_choices", "take_hit", "leader_die", "leader_targets"]
