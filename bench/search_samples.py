"""What a time budget buys the search levels (issue 25): the samples ``hard`` and ``expert``
draw per decision when bounded by time, card plays (1.1) apart from the other decisions.

Usage: ``python bench/search_samples.py [--games 2] [--scale 0.5]``. Plays ``--games`` games
a scenario with ``normal`` deciding for both sides and, every few decisions, asks each level
for its choice with its page budget (``registry.HARD`` / ``EXPERT``) times ``--scale``:
Pyodide runs this engine at about half CPython's speed, so 0.5 stands for the browser's
worker on a machine like this one's. Prints the median and range of the samples drawn. The
tournament defaults (``registry.TOURNAMENT`` and the levels' ``card_samples``) are meant to
be about these medians, so that tournaments measure the levels the page plays. Not a timed
test: it prints figures for docs/ai-strength.md, and a busy machine draws fewer.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from richard3 import new_game
from richard3.ai import get_agent
from richard3.ai.registry import EXPERT, HARD
from richard3.ids import CARDS


def drawn(level: str, budget_ms: float, games: int, every: int) -> dict[str, list[int]]:
    """Samples drawn by ``level`` at ``budget_ms``, per decision kind ("card", "other")."""
    out = {"card": [], "other": []}
    for scenario in ("1460", "1470", "1483"):
        for i in range(games):
            g = new_game(scenario, seed=2000 + i)
            play = get_agent("normal", i)
            k = 0
            while not g.is_over:
                s = g.active_sides()[0]
                card = g.phase == CARDS
                k += 1
                if (card or k % every == 0) and len(g.legal_actions(s)) > 1:
                    agent = get_agent(level, i, budget_ms=budget_ms)
                    agent.choose(g.copy(), s)
                    if agent.drawn:
                        out["card" if card else "other"].append(agent.drawn)
                g.apply(s, play.choose(g, s))
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1, help="games per scenario")
    p.add_argument("--scale", type=float, default=0.5, help="share of the page's budget")
    p.add_argument("--every", type=int, default=9, help="time every N-th other decision")
    args = p.parse_args()
    for level, settings in (("hard", HARD), ("expert", EXPERT)):
        budget = settings["budget_ms"] * args.scale
        for kind, xs in drawn(level, budget, args.games, args.every).items():
            if xs:
                print(f"{level} at {budget:.0f} ms, {kind} decisions: {len(xs)}, samples median "
                      f"{statistics.median(xs):.0f}, range {min(xs)}-{max(xs)}")


if __name__ == "__main__":
    main()
