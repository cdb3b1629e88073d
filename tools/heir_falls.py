"""How often an heir falls in a battle, against the chance that the battle is lost (issue 57).

``danger.battle_fall`` prices the side's last heir in a battle pending where he stands:
defending, the attack's chance; attacking, the square of the failure's chance. This tool
measures what those stand for: random battles of 1-5 blocks a side (strength 1-4, initiative
A-D, firepower 1-3; each side's first block an heir of 2-4 steps and firepower 2-3), fought by
the rules ``odds.battle_odds`` keeps (6.2 turns and rounds, the attacker gone in round 4; 6.4
all of one block's hits on the strongest enemy block, ties put off the heir), optionally with
the enemy's heir charging him whenever it fires (6.5: his hits on the heir, surplus forfeit,
the heir's bonus fire back). Prints, by band of the failure's chance (1 - ``attack_chance``
for the attacker's heir, ``attack_chance`` for the defender's), how often the heir fell.

    python tools/heir_falls.py [--battles 1200] [--runs 300] [--seed 2]
"""

from __future__ import annotations

import argparse
import random
import statistics

from richard3.ai.odds import attack_chance

BANDS = ((0.0, 0.1), (0.1, 0.3), (0.3, 0.5), (0.5, 0.7), (0.7, 0.9), (0.9, 1.01))


def _fire(rnd: random.Random, steps: int, firepower: int) -> int:
    return sum(1 for _ in range(steps) if rnd.randint(1, 6) <= firepower)


def _hit(hits: int, enemy: list[int], spare_heir: bool) -> None:
    """All of one block's hits on the strongest block (6.4); the heir (index 0) last on ties."""
    while hits > 0 and max(enemy) > 0:
        top = max(enemy)
        tied = [j for j, s in enumerate(enemy) if s == top]
        j = tied[-1] if spare_heir else tied[0]
        take = min(hits, enemy[j])
        enemy[j] -= take
        hits -= take


def heir_falls(rnd, blocks, heir_side: int, bonus: int, charge: bool, runs: int) -> float:
    """The share of ``runs`` battles in which ``heir_side``'s block 0 (its heir) is destroyed.

    ``blocks``: (attackers, defenders), each a list of (strength, initiative 0-3, firepower);
    ``bonus``: the defenders' +1 on their own area (6.4); ``charge``: the other side's block
    0, an heir too, charges him whenever it fires (6.5)."""
    order = sorted((b[1], side == 0, side, i)
                   for side in (0, 1) for i, b in enumerate(blocks[side]))
    fp = ([b[2] for b in blocks[0]], [min(6, b[2] + bonus) for b in blocks[1]])
    fallen = 0
    for _ in range(runs):
        st = ([b[0] for b in blocks[0]], [b[0] for b in blocks[1]])
        over = False
        for round_no in range(4):
            for _init, _att, side, i in order:
                if st[side][i] <= 0 or (round_no == 3 and side == 0):
                    continue            # gone, or an attacker leaving in round 4 (6.2)
                foe = 1 - side
                if charge and i == 0 and foe == heir_side and st[foe][0] > 0:
                    st[foe][0] -= min(_fire(rnd, st[side][0], fp[side][0]), st[foe][0])
                    if st[foe][0] > 0:
                        back = _fire(rnd, st[foe][0], fp[foe][0])
                        st[side][0] -= min(back, st[side][0])
                else:
                    _hit(_fire(rnd, st[side][i], fp[side][i]), st[foe], foe == heir_side)
                if max(st[0]) <= 0 or max(st[1]) <= 0:
                    over = True
                    break
            if over:
                break
        fallen += st[heir_side][0] <= 0
    return fallen / runs


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--battles", type=int, default=1200)
    ap.add_argument("--runs", type=int, default=300)
    ap.add_argument("--seed", type=int, default=2)
    args = ap.parse_args(argv)
    rnd = random.Random(args.seed)

    def block():
        return rnd.randint(1, 4), rnd.randint(0, 3), rnd.randint(1, 3)

    def heir():
        return rnd.randint(2, 4), rnd.randint(0, 3), rnd.randint(2, 3)

    rows = []
    for _ in range(args.battles):
        blocks = tuple([heir()] + [block() for _ in range(rnd.randint(0, 4))] for _s in (0, 1))
        bonus = rnd.randint(0, 1)
        power = [sum(b[0] * min(6, b[2] + bonus * s) for b in blocks[s]) for s in (0, 1)]
        win = attack_chance(*power)
        falls = [heir_falls(rnd, blocks, side, bonus, charge, args.runs)
                 for side in (0, 1) for charge in (False, True)]
        rows.append((1.0 - win, win, falls))
    print("band of the failure's chance: attacking heir falls, charged; defending heir falls,"
          " charged")
    for lo, hi in BANDS:
        att = [r[2][:2] for r in rows if lo <= r[0] < hi]
        dfn = [r[2][2:] for r in rows if lo <= r[1] < hi]
        print(f"{lo:.1f}-{min(hi, 1.0):.1f}: "
              f"{_mean(att, 0)} {_mean(att, 1)} (n={len(att)}); "
              f"{_mean(dfn, 0)} {_mean(dfn, 1)} (n={len(dfn)})")


def _mean(rows, k: int) -> str:
    return f"{statistics.mean(r[k] for r in rows):.2f}" if rows else "-"


if __name__ == "__main__":
    main()
