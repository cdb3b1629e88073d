"""Battle-odds estimator (6.0): outcome probabilities of a battle from what a side knows.

A battle is simulated many times with the rules that matter for its outcome: battle turns in
initiative order, defenders first on ties (6.2); each block rolls its strength in dice and hits
on rolls <= its firepower, +1 for a defender on its own shield / crown / city area (6.4); all
hits of one block go to the enemy's strongest block, surplus carrying over (6.4); four battle
rounds, the attacker retreating in round 4 (6.2). Reserves, charges, treachery and voluntary
retreats are left out: the estimate is of a straight fight.

A block is given as ``(strength, initiative, firepower)`` with initiative 0..3 for A..D. Unknown
enemy blocks can be given as such tuples drawn from the blocks that could be there (see
``unknown_block``).
"""

from __future__ import annotations

import random

#: The profile assumed for an enemy block whose identity and strength are unknown: strength 2,
#: initiative B, firepower 2 (near the average of the block mix on the map).
UNKNOWN_BLOCK = (2, 1, 2)


def unknown_block() -> tuple[int, int, int]:
    """The (strength, initiative, firepower) assumed for an unrevealed enemy block."""
    return UNKNOWN_BLOCK


def battle_odds(attackers, defenders, defender_bonus: bool = False, samples: int = 400,
                seed: int = 0) -> dict:
    """Estimate a battle's outcome by simulation.

    ``attackers`` / ``defenders``: lists of ``(strength, initiative 0-3, firepower 1-3)``.
    ``defender_bonus``: the defenders fight on their shield/crown/city (+1 firepower, 6.4).
    Returns ``{"attacker_wins", "defender_wins", "attacker_left", "defender_left"}``: the
    probabilities that the attacker eliminates every defender within 4 rounds, that the
    defender holds, and the mean strength (steps) left to each side. Raises ValueError for an
    empty side or a bad tuple.
    """
    if not attackers or not defenders:
        raise ValueError("battle_odds needs at least one block on each side")
    for blk in list(attackers) + list(defenders):
        if len(blk) != 3 or blk[0] < 1 or not 0 <= blk[1] <= 3 or not 1 <= blk[2] <= 6:
            raise ValueError(f"bad block tuple {blk!r}: want (strength>=1, initiative 0-3, "
                             f"firepower 1-6)")
    rnd = random.Random(seed)
    bonus = 1 if defender_bonus else 0
    # Turn order: (initiative, attacker flag): defenders before attackers on ties (6.2).
    order = sorted([(blk[1], 1, i) for i, blk in enumerate(attackers)]
                   + [(blk[1], 0, i) for i, blk in enumerate(defenders)])
    wins = 0
    left_a = left_d = 0
    for _ in range(samples):
        st = ([blk[0] for blk in attackers], [blk[0] for blk in defenders])
        fp = ([blk[2] for blk in attackers], [min(6, blk[2] + bonus) for blk in defenders])
        done = False
        for rnd_no in range(4):
            for _init, is_att, i in order:
                me = 0 if is_att else 1         # st/fp index: 0 attackers, 1 defenders
                mine = st[me]
                if mine[i] <= 0:
                    continue
                if rnd_no == 3 and is_att:
                    mine[i] = 0        # round 4: the attacker retreats (treated as leaving)
                    continue
                f = fp[me][i]
                hits = sum(1 for _ in range(mine[i]) if rnd.randint(1, 6) <= f)
                enemy = st[1 - me]
                while hits > 0:
                    j = max(range(len(enemy)), key=enemy.__getitem__)
                    if enemy[j] <= 0:
                        break
                    take = min(hits, enemy[j])
                    enemy[j] -= take
                    hits -= take
                if not any(x > 0 for x in enemy):
                    done = True
                    break
            if done:
                break
        if not any(x > 0 for x in st[1]) and any(x > 0 for x in st[0]):
            wins += 1
        left_a += sum(max(0, x) for x in st[0])
        left_d += sum(max(0, x) for x in st[1])
    return {"attacker_wins": wins / samples, "defender_wins": 1 - wins / samples,
            "attacker_left": left_a / samples, "defender_left": left_d / samples}


def quick_odds(own_power: float, enemy_power: float) -> float:
    """A cheap closed-form win chance from two firepower totals (sum of strength x firepower):
    Lanchester's square law, ``own^2 / (own^2 + enemy^2)``; 0.5 when both are 0."""
    a, b = own_power * own_power, enemy_power * enemy_power
    return 0.5 if a + b == 0 else a / (a + b)


#: ``attack_chance``'s constants, fitted by ``tools/fit_odds.py --seed 1`` to ``battle_odds``
#: over 3000 random battles of the game's blocks.
ATTACK_K = 3.81
ATTACK_D = 1.449


def attack_chance(attacker_power: float, defender_power: float) -> float:
    """The chance that an attack wins (6.2: every defender gone within three battle rounds,
    the attacker retreating in the fourth), from the two sides' power (sum of strength x
    firepower): ``a^K / (a^K + (D d)^K)`` with ``ATTACK_K`` and ``ATTACK_D`` fitted to
    simulated battles. Unlike the square law (``quick_odds``) it rates an even attack well
    below one half: holding is easier than destroying. 0 without attackers, 1 without
    defenders."""
    if attacker_power <= 0.0:
        return 0.0
    if defender_power <= 0.0:
        return 1.0
    return 1.0 / (1.0 + (ATTACK_D * defender_power / attacker_power) ** ATTACK_K)
