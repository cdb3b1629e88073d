"""Where blocks may go when they leave a battle: retreats (6.6) and regroups (6.7).

Both go to an adjacent friendly or vacant area (never an enemy or contested one, never the
enemy's exile, 2.7) within the border limits (5.21), counted afresh for each battle round's
retreats and for each battle's regroup (``counts[side * NBORDER + border]``, kept in the battle
record). A retreat may not cross a border the enemy used to enter the battle; where both sides
crossed the same border only Player 2 may retreat by it (6.6). Blocks that attacked by sea with
the Piracy event retreat and regroup only by sea, to a friendly or vacant coastal area of the
same sea zone, with no border limit (Piracy event text; docs/rulings.md).
"""

from __future__ import annotations

from .ids import NA, NBORDER, SEA_ENTRY, C


def by_sea(g, b: int, side: int, area: int) -> bool:
    """True if block b attacked this area by sea with Piracy, so it leaves only by sea."""
    return g.entry[b] == SEA_ENTRY and g.attacker[area] == side


def _open(side: int, d: int, enemy: list[int]) -> bool:
    return not enemy[d] and C.exile_of[d] != 1 - side


def sea_destinations(side: int, area: int, enemy: list[int]) -> list[int]:
    """Friendly or vacant coastal areas sharing a sea zone with ``area`` (5.3)."""
    seas = C.seas[area]
    return [d for d in range(NA) if d != area and C.seas[d] & seas and _open(side, d, enemy)]


def retreat_destinations(g, b: int, side: int, area: int, counts: list[int],
                         barred: int, shared: int) -> list[int]:
    """Areas block b of ``side`` may retreat to from ``area`` (6.6).

    ``barred``: bit mask of the borders the enemy used to enter the battle; ``shared``: of
    those, the ones this side also crossed and may still use (Player 2 only).
    """
    lanc, york = g.presence()
    enemy = york if side == 0 else lanc
    if by_sea(g, b, side, area):
        return sea_destinations(side, area, enemy)
    out = []
    base = side * NBORDER
    for d, k in C.neighbours[area]:
        if not _open(side, d, enemy):
            continue
        if (barred >> k) & 1 and not (shared >> k) & 1:
            continue
        if counts[base + k] >= C.border_limit[k]:
            continue
        out.append(d)
    return out


def regroup_destinations(g, b: int, side: int, area: int, counts: list[int],
                         enemy: list[int] | None = None) -> list[int]:
    """Areas victorious block b may regroup to from ``area`` (6.7). ``enemy``: the enemy's
    blocks per area (``g.presence()``'s), when the caller has counted them already."""
    if enemy is None:
        lanc, york = g.presence()
        enemy = york if side == 0 else lanc
    if by_sea(g, b, side, area):
        return sea_destinations(side, area, enemy)
    base = side * NBORDER
    return [d for d, k in C.neighbours[area]
            if _open(side, d, enemy) and counts[base + k] < C.border_limit[k]]
