"""The danger to a side's last heir (9.0: his death ends the game) from the enemy's next moves.

The learned value weighs power within reach of the own last heir (``hunt_them``) by a small
fixed logit, fitted on games of levels that seldom carried such an attack out, and counts half
of the power two areas away. The search levels do carry it out: the long run of issue 57 had
hard's York lose whole 1483 games by leaving Richard III at 2 steps alone two areas from
Lancaster's 7 (docs/ai-notebook.md). ``last_heir_danger`` reads that danger from the rules: the
most power the enemy can bring into the heir's area in one action phase, by land (5.2):

- from an area next to his, its unmoved blocks, per border no more than the border's limit for
  the rest of the turn (5.21);
- from an area two away, through an area next to his that holds none of the side's blocks
  (a block entering an enemy area stops, 5.2) and over a first border that is not red (a
  block stops after a red border, 5.21), capped by both borders' limits;
- from at most ``ACTIVATIONS`` areas (one AP each, 5.2), the strongest; each area's blocks
  over every border into his area it can reach, capped by each (one area's blocks may split,
  5.2), but two areas' caps on a shared border are not pooled (an upper bound).

Areas where a battle is pending (both sides there) send nobody: their blocks are engaged. The
danger is the chance that such an attack wins (``odds.attack_chance``), his stack defending,
halved (``LATER``) when the enemy's next action phase is the next game turn's, where the side
moves first about half the time and may move him away (1.1). Sea moves are not counted.

Where the enemy is already in his area, a battle is pending there (6.0) and the danger is the
chance that he falls in it (``battle_fall``). It is 0 when the side has more than one heir, or
when the heir is off the map or in exile.
"""

from __future__ import annotations

from ..ids import ACTION, NA, NB, C
from .hopeless import power
from .odds import attack_chance, quick_odds

#: The enemy's activations counted: the areas it may move from in one action phase.
ACTIVATIONS = 2
#: The danger's weight when the enemy moves next in the next game turn, not this one.
LATER = 0.5

_LAND = tuple(C.kind[a] == "land" for a in range(NA))
_NBORDERS = len(C.border_limit)


def _left(g, e: int, k: int) -> int:
    """Blocks of side ``e`` that may still cross border ``k`` this turn (5.21)."""
    return C.border_limit[k] - g.border_used[e * _NBORDERS + k]


def last_heir_danger(g, side: int) -> float:
    """The chance (0 to 1) that the enemy's strongest land attack on ``side``'s last heir,
    from the areas within two of his, wins the battle, times ``LATER`` when that attack
    comes in the next game turn (see the module docstring); 0 when ``side`` has more than
    one heir alive or none on a land area out of battle."""
    heirs = g.heirs_alive(side)
    if len(heirs) != 1:
        return 0.0
    loc = g.loc
    home = loc[heirs[0]]
    if home >= NA or not _LAND[home]:
        return 0.0
    e = 1 - side
    # Blocks of the enemy that may still move: this turn, those not yet moved while its
    # action phase is to come or under way; after it, every one (the next turn).
    this_turn = g.phase < ACTION or (g.phase == ACTION
                                     and not (g.acting == side and g.p1 != side))
    moved = g.moved
    own_in, enemy_in = [0] * NA, {}
    attacking = g.attacker[home] == side
    defence = enemy_here = 0
    for x in range(NB):
        a = loc[x]
        if a >= NA:
            continue
        if g.owner(x) == side:
            own_in[a] += 1
            if a == home:
                defence += power(g, x, home, not attacking)
        else:
            if a == home:
                enemy_here += power(g, x, home, attacking)
            if not (this_turn and moved[x]):
                enemy_in.setdefault(a, []).append(x)
    if enemy_here:
        return battle_fall(g, side, home, defence, enemy_here)
    # Per source area: how many of its blocks may enter ``home`` over each border into it,
    # by one route or another (5.21's limits, the rest of this turn's).
    routes: dict[int, dict[int, int]] = {}
    for n, k in C.neighbours[home]:
        if own_in[n] and n in enemy_in:
            continue                    # a battle pending there: its blocks are engaged
        cap = _left(g, e, k) if this_turn else C.border_limit[k]
        if cap <= 0:
            continue
        if n in enemy_in:
            routes.setdefault(n, {})[k] = cap
        if own_in[n]:
            continue                    # the side's blocks there stop a passage through
        for m, k2 in C.neighbours[n]:
            if m == home or m not in enemy_in or own_in[m] or C.border_type[k2] == "red":
                continue
            cap2 = min(cap, _left(g, e, k2) if this_turn else C.border_limit[k2])
            by = routes.setdefault(m, {})
            if cap2 > by.get(k, 0):
                by[k] = cap2
    offers = [_strongest(g, enemy_in[m], home, sum(caps.values()))
              for m, caps in routes.items()]
    if not offers:
        return 0.0
    offers.sort(reverse=True)
    chance = attack_chance(sum(offers[:ACTIVATIONS]), defence)
    return chance if this_turn else LATER * chance


def battle_fall(g, side: int, area: int, own: float, enemy: float) -> float:
    """The chance (0 to 1) that ``side``'s heir falls in the battle pending in ``area`` (6.0),
    from the two sides' power there (strength x firepower, ``own`` and ``enemy``).

    Defending, he falls about as often as the attack wins (``odds.attack_chance``): the attack
    wins by destroying every defender (6.2), and a lost defence seldom leaves a step to
    retreat. Attacking, a failed attack need not kill him (the attacker retreats in round 4,
    6.2), but the hits of one block go to the strongest block (6.4) and the enemy's heir may
    charge him (6.5): the square of the failure's chance. In simulated battles of the game's
    blocks (``tools/heir_falls.py``) an attacking heir whom the enemy's heir charged fell 0.13
    of the time at a failure's chance of 0.1-0.3, 0.25 at 0.5-0.7 and 0.45 at 0.7-0.9; a
    defending heir 0.32, 0.79 and 0.94 at those chances of the attack. With no attacker yet
    (a battle phase's reinforcements aside) the square law (``odds.quick_odds``) stands for
    the fight."""
    who = g.attacker[area]
    if who == side:
        lose = 1.0 - attack_chance(own, enemy)
        return lose * lose
    if who == 1 - side:
        return attack_chance(enemy, own)
    return 1.0 - quick_odds(own, enemy)


def _strongest(g, blocks: list[int], area: int, cap: int) -> int:
    """The power (strength x firepower, attacking) of the ``cap`` strongest of ``blocks``."""
    powers = sorted((power(g, x, area, False) for x in blocks), reverse=True)
    return sum(powers[:cap])
