"""One-sided A/B games for tuning the AI's evaluation weights (issue 6).

Usage: ``python bench/ai_ab.py SCENARIO A B GAMES SEED [--side 0|1] [--variants JSON]``.
A and B are levels ("random", "easy", "normal") or ``level:variant`` where the variant names
weights that replace ``richard3.ai.evaluate.W`` entries, e.g.
``--variants '{"bold": {"battle": 1.0}}'`` and A ``normal:bold``. A plays ``--side`` (0
Lancaster, the default; 1 York) in every game: the games are those of the same-seed tournament
in which A has that side (tournament game indices ``2 i + side``), so a variant and the
default meet the same deals. Prints one JSON line: A's wins, the mean final usurpation counts
(8.2) and the CPU seconds used. Since the KING side wins almost every game in 1483, one side's
results separate variants with fewer games than whole tournaments.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from richard3 import agents  # noqa: E402
from richard3.ai import evaluate  # noqa: E402
from richard3.ai.tournament import play_game  # noqa: E402


def factory(name: str, variants: dict):
    """The agent factory for ``level`` or ``level:variant``."""
    level, _, var = name.partition(":")
    if not var:
        return agents.REGISTRY[level]
    weights = dict(evaluate.W, **variants[var])

    def make(seed=0, **_options):
        from richard3 import ai
        cls = {"easy": ai.EasyAgent, "normal": ai.NormalAgent}[level]
        return cls(seed, weights=weights)
    return make


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("scenario")
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("games", type=int)
    p.add_argument("seed", type=int)
    p.add_argument("--side", type=int, default=0, choices=(0, 1))
    p.add_argument("--variants", default="{}")
    args = p.parse_args()
    variants = json.loads(args.variants)
    for name in (args.a, args.b):
        agents.REGISTRY[name] = factory(name, variants)
    t = time.process_time()
    wins, counts = 0, []
    for i in range(args.games):
        rec = play_game(args.scenario, args.a, args.b, 2 * i + args.side, args.seed, {})
        wins += rec["winner"] == "a"
        counts.append(rec["usurpation"])
    n = max(1, args.games)
    print(json.dumps({"scenario": args.scenario, "a": args.a, "b": args.b,
                      "a_side": ("Lancaster", "York")[args.side], "games": args.games,
                      "a_wins": wins,
                      "mean_usurpation": [round(sum(c[0] for c in counts) / n, 2),
                                          round(sum(c[1] for c in counts) / n, 2)],
                      "cpu_s": round(time.process_time() - t, 1)}))


if __name__ == "__main__":
    main()
