"""Whereabouts: where each block could be, as its enemy knows from the public history.

Blocks stand face-down (Fog-of-War): a player sees the enemy's blocks move, but not who they
are. A good player still follows them: the scenario's deployment is public, a block seen in
battle is known, a lone block that marches on stays known, a recruit appears where only some
pool blocks can deploy (5.4). ``Game.whereabouts[b]`` holds that public knowledge about block
``b`` for its enemy: a bit mask of the places where ``b`` may be, bit ``a`` for area ``a``
(0..NA-1), ``POOL_BIT`` for its owner's standing pool and ``DOWN_BIT`` for face-down off the
map (in the pool, or a mercenary at home, 6.83-6.86: a block eliminated unseen is named to its
owner only, so the enemy knows only that one of the blocks that could have been in that area
went face-down). It is 0 for blocks whose location is public anyway (dead, minors, the other
version of a two-version noble, the prisoner).

The mask is a function of public information only, so the AI may read it (``determinize``
samples hidden identities consistent with it). Invariant, checked by the tests after every
action of random games: a block on the map, in its standing pool or face-down has its own
place's bit set.

``update`` is called by ``Game._apply_legal`` after each action with the locations and
reveal flags from before it; it reads only what both players see:

- a block that moves while revealed (retreats and regroups out of a battle, 6.6, 6.7) or that
  comes from a public location (a minor heir entering, a defector's other version, a stood-up
  pool block) is known where it lands;
- a hidden block moving from place ``x`` to place ``y`` (a land or sea move, a recruit, a
  political move home, 8.3-8.4, an elimination unseen, 6.8, face-down blocks standing up at the
  reset, 8.5): every enemy-unknown block that could have been in ``x`` may now be in ``y``;
  from the pool only those that may deploy in ``y`` (5.4);
- a place where the side has no block left is struck from all its blocks' masks; a block
  revealed in battle (6.1) is known exactly.

``Game.seen_strength[b]`` is the other public fact its enemy keeps about block ``b``: the
strength it was last seen at in battle (6.1: blocks are revealed tipped forward to keep their
strength), 0 if it has not been seen since it came onto the map. A block loses steps but never
gains them during a campaign (5.4: no steps added to existing blocks) until the reset raises
every block to full strength (8.5, ``politics.campaign_reset`` clears the record), and one that
leaves the map comes back at full strength (5.4, 8.5), so the seen strength bounds the block's
strength from above. ``update`` records it for every block shown before or after the action;
step losses nobody sees block by block (supply, 7.1, the owner's choice; Plague, 5.1, on
blocks not named) are not followed.
"""

from __future__ import annotations

from .ids import MERC_DOWN, NA, NB, POOL, POOL_DOWN
from .recruits import DEPLOY_AREAS

POOL_BIT = 1 << NA
DOWN_BIT = 1 << (NA + 1)
ALL_AREAS = (1 << NA) - 1
#: DEPLOY_AREAS (5.4) as bit masks: where a block from the pool may appear.
RECRUIT_MASK = [sum(1 << a for a in set(areas)) for areas in DEPLOY_AREAS]


def place_bit(where: int) -> int:
    """The whereabouts bit of location ``where``: an area's bit, POOL_BIT for the standing
    pool, DOWN_BIT face-down off the map (POOL_DOWN, MERC_DOWN), 0 for a public location."""
    if where < NA:
        return 1 << where
    if where == POOL:
        return POOL_BIT
    return DOWN_BIT if where in (POOL_DOWN, MERC_DOWN) else 0


def initial(g) -> list[int]:
    """Whereabouts at deployment (4.0): the scenario says where every block stands."""
    return [place_bit(g.loc[b]) for b in range(NB)]


def unknown(g) -> list[int]:
    """Whereabouts when nothing is known (a save from before they were kept): any area or
    the pool for every block that is not at a public location."""
    return [ALL_AREAS | POOL_BIT | DOWN_BIT if place_bit(g.loc[b]) else 0 for b in range(NB)]


def update(g, loc_before: list[int], shown_before: list[int]) -> None:
    """Bring ``g.whereabouts`` and ``g.seen_strength`` up to date after one action (see the
    module docstring).
    ``loc_before`` and ``shown_before``: ``g.loc`` and ``g.shown`` before the action."""
    w = g.whereabouts
    loc, shown = g.loc, g.shown
    owner = g.owner
    left = [0, 0]                       # places each side moved blocks out of
    for b in range(NB):
        dst = loc[b]
        src = loc_before[b]
        if dst == src:
            continue
        s = owner(b)
        dbit = place_bit(dst)
        sbit = place_bit(src)
        left[s] |= sbit
        if not dbit:
            w[b] = 0                    # at a public location now (dead, face-down, ...)
            continue
        if shown_before[b] or not sbit:
            w[b] = dbit                 # seen leaving a battle, or came from a public place
            continue
        # A hidden block went from one place to another: anyone who could have been there
        # may have gone (from the pool, only those who may deploy where it appeared).
        for c in range(NB):
            if w[c] & sbit and owner(c) == s and (sbit != POOL_BIT or RECRUIT_MASK[c] & dbit):
                w[c] |= dbit
    # Strike the places a side has just left entirely.
    if left[0] or left[1]:
        present = [0, 0]
        for b in range(NB):
            bit = place_bit(loc[b])
            if bit:
                present[owner(b)] |= bit
        gone = (left[0] & ~present[0], left[1] & ~present[1])
        if gone[0] or gone[1]:
            for b in range(NB):
                if w[b]:
                    w[b] &= ~gone[owner(b)]
    # Blocks revealed in battle are known exactly, and so is their strength.
    if 1 in shown:
        for b in range(NB):
            if shown[b] and loc[b] < NA:
                w[b] = 1 << loc[b]
    seen = g.seen_strength
    if seen is not None:
        strength = g.strength
        for b in range(NB):
            if loc[b] >= NA:
                seen[b] = 0             # off the map: back at full strength when it returns
            elif shown[b] or shown_before[b]:
                seen[b] = strength[b]
