"""One-sided A/B games for tuning the AI's evaluation weights (issue 6).

Usage: ``python bench/ai_ab.py SCENARIO A B GAMES SEED [--side 0|1] [--variants JSON]
[--iterations N] [--workers N]``.
A and B are levels ("random", "easy", "normal", "hard") or ``level:variant`` where the variant
names weights that replace entries of that level's own weights (``EASY_WEIGHTS``, ``W``,
``HARD_WEIGHTS``), e.g. ``--variants '{"bold": {"battle": 1.0}}'`` and A ``normal:bold``.
``--iterations`` bounds hard's search (default 8). A plays ``--side`` (0 Lancaster, the
default; 1 York) in every game: the games are those of the same-seed tournament in which A has
that side (tournament game indices ``2 i + side``), so a variant and the default meet the same
deals. Prints one JSON line: A's wins, how the games ended, the tournament indices of the games
A did not win, the mean final usurpation counts (8.2) and the seconds used. Since one side wins
most games of a scenario, one side's results separate variants with fewer games than whole
tournaments.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from richard3 import agents  # noqa: E402
from richard3.ai.tournament import play_game  # noqa: E402


def factory(name: str, variants: dict, iterations: int):
    """The agent factory for ``level`` or ``level:variant``."""
    level, _, var = name.partition(":")
    if not var and level != "hard":
        return agents.REGISTRY[level]

    def make(seed=0, **_options):
        from richard3 import ai
        from richard3.ai import easy, evaluate, hard
        base = {"easy": easy.EASY_WEIGHTS, "normal": evaluate.W,
                "hard": hard.HARD_WEIGHTS}[level]
        weights = dict(base, **variants.get(var, {}))
        if level == "hard":
            return ai.HardAgent(seed, iterations=iterations, weights=weights)
        cls = {"easy": ai.EasyAgent, "normal": ai.NormalAgent}[level]
        return cls(seed, weights=weights)
    return make


def _job(args):
    scenario, a, b, index, seed, variants, iterations = args
    for name in (a, b):
        agents.REGISTRY[name] = factory(name, variants, iterations)
    return play_game(scenario, a, b, index, seed, {})


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("scenario")
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("games", type=int)
    p.add_argument("seed", type=int)
    p.add_argument("--side", type=int, default=0, choices=(0, 1))
    p.add_argument("--variants", default="{}")
    p.add_argument("--iterations", type=int, default=8)
    p.add_argument("--workers", type=int, default=1)
    args = p.parse_args()
    variants = json.loads(args.variants)
    jobs = [(args.scenario, args.a, args.b, 2 * i + args.side, args.seed, variants,
             args.iterations) for i in range(args.games)]
    t = time.perf_counter()
    if args.workers > 1:
        import multiprocessing
        with multiprocessing.Pool(args.workers) as pool:
            records = pool.map(_job, jobs)
    else:
        records = [_job(job) for job in jobs]
    n = max(1, args.games)
    print(json.dumps({"scenario": args.scenario, "a": args.a, "b": args.b,
                      "a_side": ("Lancaster", "York")[args.side], "games": args.games,
                      "a_wins": sum(r["winner"] == "a" for r in records),
                      "endings": collections.Counter(f'{r["winner"]}: {r["reason"]}'
                                                     for r in records),
                      "not_won": [r["game"] for r in records if r["winner"] != "a"],
                      "mean_usurpation": [round(sum(r["usurpation"][0] for r in records) / n, 2),
                                          round(sum(r["usurpation"][1] for r in records) / n, 2)],
                      "seconds": round(time.perf_counter() - t, 1)}))


if __name__ == "__main__":
    main()
