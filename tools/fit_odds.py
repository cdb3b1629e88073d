#!/usr/bin/env python3
"""Fit the attack's chance that the AI's features use (``richard3.ai.odds.attack_chance``) to
simulated battles (issue 25).

    .venv/bin/python tools/fit_odds.py [--battles 3000] [--samples 400] [--seed 1]

A battle is won by the attacker only if every defender is gone within three rounds: in the
fourth the attacker retreats (6.2). Lanchester's square law (``quick_odds``), which the
features used first, reads "the stronger side" and rates an even attack near one half where
the attacker wins about one in four or fewer. This fits ``a^K / (a^K + (D d)^K)`` (``a``, ``d``
the two sides' power, strength times firepower) by log-loss to ``battle_odds`` over random
battles of this game's blocks (each side 1 to 5 blocks drawn from every block of the
components at a random strength; the defender on its shield, crown or city, +1 firepower,
in ``--bonus`` of them, as the features cannot tell), with scipy. Prints ``K`` and ``D`` for
``odds.py`` and the fit's mean absolute error beside the square law's. Reproducible from
``--seed``; about a minute.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from richard3.ai.odds import attack_chance, battle_odds, quick_odds
from richard3.components import BOMBARD
from richard3.ids import NB, C

BLOCKS = [b for b in range(NB) if C.btype[b] != BOMBARD and C.max_str[b] > 0]


def battle(rnd: random.Random) -> list[tuple[int, int, int]]:
    """One side of a random battle: 1-5 of the game's blocks at random strengths."""
    n = rnd.choice((1, 1, 1, 2, 2, 2, 3, 3, 4, 5))
    return [(rnd.randint(1, C.max_str[b]), C.initiative[b], C.firepower[b])
            for b in rnd.sample(BLOCKS, n)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--battles", type=int, default=3000)
    ap.add_argument("--samples", type=int, default=400, help="simulations per battle")
    ap.add_argument("--bonus", type=float, default=0.4,
                    help="share of battles where the defender has +1 firepower")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rnd = random.Random(args.seed)
    rows = []
    for i in range(args.battles):
        att, dfd = battle(rnd), battle(rnd)
        won = battle_odds(att, dfd, rnd.random() < args.bonus, args.samples, seed=i)
        rows.append((sum(s * f for s, _i, f in att), sum(s * f for s, _i, f in dfd),
                     won["attacker_wins"]))
    a, d, y = np.array(rows).T

    def chance(w):
        k, log_d = w
        return 1.0 / (1.0 + np.exp(k * (np.log(d) + log_d - np.log(a))))

    def log_loss(p):
        p = np.clip(p, 1e-6, 1 - 1e-6)
        return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))

    fit = minimize(lambda w: log_loss(chance(w)), np.array([2.0, 0.0]), method="Nelder-Mead")
    k, big_d = fit.x[0], float(np.exp(fit.x[1]))
    square = np.array([quick_odds(x, z * 1.25) for x, z in zip(a, d)])
    shipped = np.array([attack_chance(x, z) for x, z in zip(a, d)])
    print(f"{args.battles} battles of {args.samples} simulations (seed {args.seed})")
    print(f"fitted: ATTACK_K = {k:.2f}, ATTACK_D = {big_d:.3f}; log-loss {log_loss(chance(fit.x)):.4f},"
          f" mean absolute error {np.mean(abs(chance(fit.x) - y)):.3f}")
    print(f"shipped attack_chance: log-loss {log_loss(shipped):.4f},"
          f" mean absolute error {np.mean(abs(shipped - y)):.3f}")
    print(f"square law (quick_odds, defender x1.25): log-loss {log_loss(square):.4f},"
          f" mean absolute error {np.mean(abs(square - y)):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
