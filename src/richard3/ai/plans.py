"""Attack plans for the search (issue 57): the moves of one activation into one area the enemy
holds or contests, searched as one candidate.

A search that tries one action at a time judges an activation (5.2) by the greedy moves that
follow it, each valued before any battle is fought: a single block moved next to or into an
enemy stack looks no better than a recruit, so the blocks that would win the battle together
are never sent together. A person sends the stack: York (1483,
tests/data/1483-york-vs-expert-2.json, action 43) activated London and sent three blocks
into Kent by the direct border and the levy by Sussex, closing Lancaster's only other road,
and the three blocks there died with no retreat. The search's play-outs fight the battles a plan begins (``search.BATTLE_DECISIONS``),
so a plan played whole is valued by its battle's outcome.

A plan is a tuple of actions: an activation (none when the area's blocks may move already) and
the moves of that area's blocks into one target area, as many as the rules allow (border
limits, 5.21; pinning, 5.22; the caller's filter of moves), the shortest roads first and, once
a border is full, the roads by other borders (which also closes the defender's retreats,
6.6). As Player 2 the same moves into a battle Player 1 began are Reserves (6.3).
"""

from __future__ import annotations

from ..components import HEIR
from ..game import Game
from ..ids import ACTION, NA, C

#: The most plans ``attack_plans`` returns (the strongest first): each costs the search a
#: play-out per sample.
MOST_PLANS = 8


def attack_plans(g: Game, s: int, legal: list, moves_filter=None,
                 most: int = MOST_PLANS) -> list[tuple]:
    """Plans of side ``s`` in its action phase (5.0) in ``g`` (the search's sample), each a
    tuple of actions of which the first is in ``legal``: an optional ``activate`` and then
    two or more moves (or one into an area the enemy holds alone) of the blocks of one area
    into one area where the enemy has blocks. ``moves_filter(game, s, moves)``: the moves a
    plan may use (the search's filters: supply, London, hopeless attacks). At most ``most``
    plans, those that send the most steps against the fewest first; [] outside an action
    phase or when no plan exists."""
    if g.phase != ACTION or g.acting != s:
        return []
    enemy = g.presence()[1 - s]
    starts = []
    sources = {g.loc[a[1]] for a in legal if a[0] == "move"}
    for area in sorted(sources):
        starts.append(((), g, area))
    for a in legal:
        if a[0] == "activate" and a[1] not in sources:
            starts.append(((a,), None, a[1]))
    plans = []
    for prefix, g1, area in starts:
        if g1 is None:
            g1 = g.copy()
            g1.play(s, prefix[0])
        targets = sorted({m[-1] for m in g1.legal_actions(s)
                          if m[0] == "move" and m[2] == area and 0 <= m[-1] < NA
                          and enemy[m[-1]]})
        # the plans with heirs only where an heir could go (else they are the plans without)
        with_heirs = (False, True) if any(C.btype[b] == HEIR for b in g1.blocks_in(area, s)) \
            else (False,)
        for target in targets:
            for heirs in with_heirs:
                plan = _sent(g1, s, area, target, moves_filter, heirs)
                if plan is None or (heirs and not plan[2]):
                    continue                # the same plan as without heirs
                seq, steps, _ = plan
                plans.append((steps / (1 + _steps_at(g, 1 - s, target)), prefix + seq))
    plans.sort(key=lambda t: -t[0])
    return [p for _w, p in plans[:most]]


def _sent(g1: Game, s: int, area: int, target: int, moves_filter, heirs: bool):
    """The moves that send ``area``'s blocks into ``target`` one by one in a copy of ``g1``
    (the shortest road first; on it the strongest block first, heirs last, none with
    ``heirs`` False), the steps they send and whether an heir goes; None when fewer than
    two blocks go and the target is contested (one block into a battle is what the
    one-action search tries already)."""
    g2 = None
    seq = []
    steps = 0
    heir_sent = False
    while True:
        cur = g2 or g1
        moves = [m for m in cur.legal_actions(s)
                 if m[0] == "move" and m[-1] == target and cur.loc[m[1]] == area
                 and (heirs or C.btype[m[1]] != HEIR)]
        if moves and moves_filter is not None:
            moves = moves_filter(cur, s, moves)
        if not moves:
            break
        m = min(moves, key=lambda m: (len(m), C.btype[m[1]] == HEIR, -cur.strength[m[1]], m))
        heir_sent = heir_sent or C.btype[m[1]] == HEIR
        if g2 is None:
            g2 = g1.copy()
        g2.play(s, m)
        seq.append(m)
        steps += g1.strength[m[1]]
        if g2.phase != ACTION or g2.acting != s:
            break
    if not seq or (len(seq) < 2 and g1.presence()[s][target]):
        return None
    return tuple(seq), steps, heir_sent


def _steps_at(g: Game, side: int, area: int) -> int:
    """The steps of ``side``'s blocks in ``area`` (as the sample has them)."""
    return sum(g.strength[b] for b in g.blocks_in(area, side))


__all__ = ["attack_plans", "MOST_PLANS"]
