"""What the search's hot path costs (issue 25, "speed is strength"): the learned value of a
position and a hard decision, in CPU time, on fixed positions.

Usage: ``python bench/value.py [--repeats 5] [--samples 8]``. Plays seeded games (normal
against easy, 1483, 1470 and 1460) and takes every third position, determinized as the AI
sees it. Prints, as the median over ``--repeats`` passes, the microseconds per position of
``features``, of the hand-written ``evaluate`` (one of the features) and of the value
(``value.logit``: the features and their weights), then the milliseconds of CPU per ``hard``
decision at ``--samples`` samples on every ninth position of two games, with a digest of the
choices: the same digest on two versions of the code means the same decisions. Process time,
not the wall clock, so a busy machine changes the figures less; not a timed test.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from richard3 import new_game
from richard3.ai import determinize, get_agent
from richard3.ai.evaluate import HAND_WEIGHTS, evaluate
from richard3.ai.features import features
from richard3.ai.value import logit

GAMES = (("1483", 5), ("1470", 6), ("1460", 7), ("1483", 8), ("1470", 9))


def positions(every: int = 3) -> list:
    """Every ``every``-th position of the GAMES (normal as Lancaster, easy as York), each as
    (a determinized copy for the side to decide, that side)."""
    out = []
    for scenario, seed in GAMES:
        g = new_game(scenario, seed=seed)
        agents = (get_agent("normal", seed), get_agent("easy", seed + 1))
        n = 0
        while not g.is_over:
            s = g.active_sides()[0]
            if n % every == 0:
                out.append((determinize(g, s, random.Random(n)), s))
            g.apply(s, agents[s].choose(g, s))
            n += 1
    return out


def per_call_us(fn, pos: list, repeats: int) -> float:
    """Median over ``repeats`` passes of the CPU microseconds of ``fn(g, side)``, both sides
    of every position."""
    times = []
    for _ in range(repeats):
        t = time.process_time()
        for g, _s in pos:
            fn(g, 0)
            fn(g, 1)
        times.append((time.process_time() - t) / (2 * len(pos)) * 1e6)
    return statistics.median(times)


def decisions(samples: int) -> tuple[int, float, str]:
    """(decisions, CPU ms per decision, digest of the choices) of ``hard`` at ``samples`` on
    every ninth position with a choice of two games."""
    pos = []
    for scenario, seed in (("1483", 5), ("1470", 6)):
        g = new_game(scenario, seed=seed)
        agents = (get_agent("normal", 1), get_agent("normal", 2))
        n = 0
        while not g.is_over and n < 400:
            s = g.active_sides()[0]
            if n % 9 == 0 and len(g.legal_actions(s)) > 1:
                pos.append((g.copy(), s))
            g.apply(s, agents[s].choose(g, s))
            n += 1
    hard = get_agent("hard", 3, samples=samples)
    t = time.process_time()
    chosen = [str(hard.choose(g.copy(), s)) for g, s in pos]
    ms = (time.process_time() - t) / len(pos) * 1000
    return len(pos), ms, hashlib.sha256(repr(chosen).encode()).hexdigest()[:12]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--samples", type=int, default=8)
    args = ap.parse_args(argv)
    pos = positions()
    print(f"{len(pos)} positions, both sides; CPU time, median of {args.repeats} passes")
    print(f"  features  {per_call_us(features, pos, args.repeats):6.1f} us")
    print(f"  evaluate  {per_call_us(lambda g, s: evaluate(g, s, HAND_WEIGHTS), pos, args.repeats):6.1f} us")
    print(f"  value     {per_call_us(logit, pos, args.repeats):6.1f} us")
    n, ms, digest = decisions(args.samples)
    print(f"hard at {args.samples} samples: {ms:.0f} ms of CPU a decision over {n} decisions "
          f"(choices' digest {digest})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
