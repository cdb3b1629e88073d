"""Regroups that open a recruit to the enemy (issue 57's class ``regroup``): a rule of the
search levels, read from 6.7 Regroups and 5.4 Recruits.

A victor who regroups its last block out of the battle's area leaves it vacant, and a vacant
area is where the enemy deploys a noble at its shield or a church at its cathedral (5.4): one
more block of the enemy's in the usurpation count (8.2) for one AP. The search's play-outs
stop at the next card phase, before the enemy's action phase where the recruit is made, so
the search regrouped out for a small gain in position (1470: York won South Yorks, regrouped
Hastings to East Yorks and Lancaster recruited the York church there; the position suite's
``regroup`` positions).
"""

from __future__ import annotations

from ..components import HEIR
from ..game import Game
from ..ids import NB, POOL, C
from ..politics import COUNTED_TYPES
from ..recruits import DEPLOY_AREAS, may_enter
from ..sequence import TURNS
from .hopeless import NEAR

#: A counted block stays only where the enemy's steps within two land moves are at most this
#: many times its own: a noble left to die also loses its count, and the enemy recruits after.
THREAT = 2


def recruit_opened(g: Game, s: int, legal: list) -> frozenset:
    """The regroups of ``legal`` (side ``s`` the victor, 6.7) that take its last block out of
    the battle's area where the enemy could then recruit a noble or church (its shield or
    cathedral there, the block in the enemy's pool face-up, 5.4), before the campaign's last
    turn; an empty set if none. Not counted: an heir (his life is worth more), and a noble
    or church the enemy's steps within two land moves outnumber more than ``THREAT`` to one."""
    out = [a for a in legal if a[0] == "regroup"]
    if not out or g.turn >= TURNS:
        return frozenset()
    area, b = out[0][2], out[0][1]
    e = 1 - s
    if g.presence()[s][area] != 1 or C.btype[b] == HEIR or not may_enter(e, area):
        return frozenset()
    loc, owner = g.loc, g.owner
    if not any(loc[x] == POOL and owner(x) == e and C.btype[x] in COUNTED_TYPES
               and area in DEPLOY_AREAS[x] for x in range(NB)):
        return frozenset()
    if C.btype[b] in COUNTED_TYPES and _steps_near(g, e, area) > THREAT * g.strength[b]:
        return frozenset()
    return frozenset(out)               # one block left: every regroup is his


def recruits_kept(g: Game, s: int, legal: list) -> list:
    """``legal`` less the regroups of ``recruit_opened`` while another action remains (``end``
    always does in the regroup)."""
    drop = recruit_opened(g, s, legal) if len(legal) > 1 else ()
    return [a for a in legal if a not in drop] if drop else legal


def _steps_near(g: Game, e: int, area: int) -> int:
    """Side ``e``'s steps on the map in ``area`` and within two land moves of it (5.2)."""
    near = NEAR[area]
    return sum(g.strength[x] for x in range(NB)
               if (g.loc[x] == area or g.loc[x] in near) and g.owner(x) == e)
