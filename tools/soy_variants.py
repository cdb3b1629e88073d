#!/usr/bin/env python3
"""Sun of York: normal with one of its rules changed, against normal, on paired deals (each
deal played from both sides): how much a rule is worth (docs/sunofyork-ai.md, "What decides
a battle").

    PYTHONPATH=src python tools/soy_variants.py centre=2.2 --games 400 --seed 555000
    PYTHONPATH=src python tools/soy_variants.py initiative=second
    PYTHONPATH=src python tools/soy_variants.py discard=5

Variants (one or more ``key=value``): ``centre`` and ``tilt0`` / ``tilt2`` (deploy_rule's
weights of the centre and the side battles, 4.0), ``initiative`` (first / second, 6.1),
``commit`` (commit a leader where at least this many of his units fight, 6.2.2), ``discard``
(let the weakest unit go while at least this many units are in hand, 6.2.4), ``damage``
(who takes each hit, 6.2.2: ``best``, normal's, ``first``, ``room``, ``worth``; the rules of
``normal.DAMAGE_RULES``), ``samples`` (dice samples of a
chance action), ``noise`` (Gaussian noise on each one-ply value, as easy's), ``margin`` (what
standing still is worth over the position as it is), ``w.KEY`` (the evaluation's weight
``KEY`` of ``evaluate.W``), ``chain`` (an Orders card valued by the best prefix of a greedy
chain of up to this many moves it pays for, not by the best single move). Game ``i``: scenario ``HISTORICAL[(i // 2) % 20]``, seed
``SEED + i // 2``, the variant as Lancaster in even games. Prints the variant's wins with
the Wilson interval.
"""

from __future__ import annotations

import argparse
import sys
from multiprocessing import Pool

from roses.stats import wilson
from sunofyork import new_game
from sunofyork.ai.evaluate import W
from sunofyork.ai.normal import DAMAGE_RULES, ENABLERS, NormalAgent, card_value, deploy_rule
from sunofyork.ai.tournament import HISTORICAL
from sunofyork.cards import UNIT
from sunofyork.state import COMMIT, DEPLOY, DISCARD_STEP, INITIATIVE


class Variant(NormalAgent):
    """Normal with the rules of ``options`` changed (see the module docstring)."""

    def __init__(self, seed: int, options: dict):
        weights = {**W, **{k[2:]: float(v) for k, v in options.items() if k.startswith("w.")}}
        super().__init__(seed, weights=weights)
        self.o = options
        self.samples = int(options.get("samples", self.samples))
        self.noise = float(options.get("noise", self.noise))
        self.margin = float(options.get("margin", self.margin))

    def follow_up(self, d, side, a):
        k = int(self.o.get("chain", 0))
        if not k:
            return super().follow_up(d, side, a)
        g = self.after(d, side, a)
        best = self.evaluate(g, side)
        for _ in range(k):
            if g.phase != d.phase:
                break
            moves = [b for b in g._legal(side)
                     if b[0] not in ENABLERS and b[0] not in ("end", "roll_flanks")]
            if not moves:
                break
            v, b = max(((self.value(g, side, b, 1), b) for b in moves), key=lambda x: x[0])
            best = max(best, v)
            g = self.after(g, side, b)
        return best

    def damage(self, g, side, legal):
        if "damage" in self.o:
            return DAMAGE_RULES[self.o["damage"]](g, side, legal)
        return super().damage(g, side, legal)

    def rule(self, d, side, legal):
        o = self.o
        if d.phase == DEPLOY and {"centre", "tilt0", "tilt2"} & o.keys():
            return deploy_rule(d, side, legal, float(o.get("centre", 1.35)),
                               (float(o.get("tilt0", 1.0)), float(o.get("tilt2", 1.0))))
        if d.phase == INITIATIVE and "initiative" in o:
            return (o["initiative"],)
        if d.phase == COMMIT and "commit" in o:
            for a in legal:
                if a[0] == "done":
                    continue
                n = len(d.units_at(d.loc[side][a[1]], side))
                if a[0] == "commit" and n >= int(o["commit"]) or a[0] == "withdraw" and n <= 1:
                    return a
            return ("done",)
        if d.phase == DISCARD_STEP and "discard" in o and d.deck[side] \
                and not any(a[0] == "fatigue" for a in legal):
            deck = d.decks[side]
            units = sorted((c for c in d.hand[side] if deck[c - 1].kind == UNIT),
                           key=lambda c: card_value(d, side, c))
            if units and (len(units) >= int(o["discard"]) or card_value(d, side, units[0]) < 1):
                return ("discard", units[0])
            return ("draw",)
        return super().rule(d, side, legal)


def play(job) -> bool:
    """Whether the variant wins game ``i`` of the set."""
    i, seed, options = job
    sid, gseed, me = HISTORICAL[(i // 2) % len(HISTORICAL)], seed + i // 2, i % 2
    g = new_game(sid, seed=gseed)
    agents = {me: Variant(gseed * 2 + me, options), 1 - me: NormalAgent(gseed * 2 + 1 - me)}
    n = 0
    while not g.is_over and n < 6000:
        s = g.active_sides()[0]
        g.apply(s, agents[s].choose(g, s))
        n += 1
    return g.winner == me


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variant", nargs="+", help="key=value")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=555000)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    options = dict(v.split("=", 1) for v in args.variant)
    with Pool(args.workers) as pool:
        won = sum(pool.map(play, [(i, args.seed, options) for i in range(args.games)],
                           chunksize=4))
    lo, hi = wilson(won, args.games)
    print(f"{' '.join(args.variant)}: {won} of {args.games} ({100 * won / args.games:.1f}%), "
          f"Wilson 95% [{100 * lo:.1f}%, {100 * hi:.1f}%]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
