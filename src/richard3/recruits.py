"""Where blocks deploy from the pool (5.4): a rule helper of the action phase and of the
whereabouts the enemy follows."""

from __future__ import annotations

from .components import BOMBARD, CHURCH, LEVY, NOBLE, REBEL_TYPE
from .ids import NA, NB, C


def _deploy_areas(b: int) -> tuple[int, ...]:
    t = C.btype[b]
    if t == NOBLE:
        return tuple(C.shield_areas[b])
    if t in (CHURCH, LEVY):
        return (C.home_area[b],)
    if t == BOMBARD:
        return tuple(C.city_area.values())
    if t == REBEL_TYPE:
        return tuple(a for a in range(NA) if C.kind[a] != "exile")
    if b == C.welsh:
        return tuple(C.wales_areas)
    return ()           # heirs and the other mercenaries are never recruited from a pool


#: Areas where each block may ever be deployed from its pool (5.4), whoever holds them: a
#: noble's shields, a church's cathedral, a levy's city, a bombard in any city, the Rebel
#: anywhere outside exile, the Welsh in Wales; () for heirs and the other mercenaries.
DEPLOY_AREAS = [_deploy_areas(b) for b in range(NB)]


def may_enter(s: int, a: int) -> bool:
    """2.7: a side never enters the other side's exile areas."""
    return C.exile_of[a] != 1 - s


def recruit_areas(g, s: int, b: int, own, enemy) -> list[int]:
    """Areas where side s may deploy pool block b (5.4); [] if it cannot be recruited.
    ``own`` / ``enemy``: per area, the number of the side's / the enemy's blocks there."""
    t = C.btype[b]
    if t == BOMBARD:
        return [a for a in DEPLOY_AREAS[b] if own[a] and not enemy[a]]
    if t == REBEL_TYPE:
        return [a for a in DEPLOY_AREAS[b] if not own[a] and not enemy[a]]
    # Friendly or vacant, and not the enemy's exile.
    return [a for a in DEPLOY_AREAS[b] if not enemy[a] and may_enter(s, a)]
