#!/usr/bin/env python3
"""Judge a position of the position suite (issue 57) by playing it out: each line (a few
actions of the side to decide) is played from the true position, then hard decides for both
sides until the game turn's action phases and battles are over (with ``--to-end``, until the
game is over), on several dice seeds (the same seeds for every line). Prints, per line, the
steps each side lost and the learned value after (the side to decide's logit of winning, and
its chance); with ``--to-end`` the games the side to decide won.

    .venv/bin/python tools/play_lines.py --record tests/data/1460-york-vs-expert.json --at 95 \\
        --line "recruit Bristol (levy): Somerset;end" \\
        --line "activate Warwick;move Shrewsbury/L: Warwick > Leicester;end"

A position whose "mistake" loses no steps and no value here is no mistake (docs/ai-notebook.md,
"Issue 57: attack plans, and a Player 2 reinforcement that was no mistake").
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from richard3 import new_game  # noqa: E402
from richard3.ai import get_agent  # noqa: E402
from richard3.ids import ACTION, BATTLE, NA, OVER, C  # noqa: E402


def steps_lost(g) -> list[int]:
    """[Lancaster, York]: the steps each side's blocks lack (off the map: all of them)."""
    return [sum(C.max_str[b] - (g.strength[b] if 0 <= g.loc[b] < NA else 0)
                for b in range(len(C.side)) if C.side[b] == t) for t in (0, 1)]


def play_line(g0, side: int, line: list[str], seed: int, samples: int,
              to_end: bool = False) -> tuple:
    """``line`` played for ``side`` in a copy of ``g0`` with dice ``seed``, then hard for both
    sides to the end of the battles (``to_end``: of the game): (own steps lost, enemy steps
    lost, value for ``side``, whether ``side`` won)."""
    g = g0.copy()
    g.reseed(seed)
    for text in line:
        legal = {str(a): a for a in g.legal_actions(side)}
        if text not in legal:
            raise SystemExit(f"not legal here: {text!r}")
        g.play(side, legal[text])
    before = steps_lost(g)
    agent = get_agent("hard", seed % 1000, samples=samples)
    while g.phase != OVER and (to_end or g.phase in (ACTION, BATTLE)):
        s = g.active_sides()[0]
        g.play(s, agent.choose(g, s))
    after = steps_lost(g)
    return (after[side] - before[side], after[1 - side] - before[1 - side],
            agent.value(g, side), g.phase == OVER and g.winner == side)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--record", required=True, help="a game record (JSON: scenario, seed, actions)")
    ap.add_argument("--at", type=int, required=True, help="the index of the decision")
    ap.add_argument("--line", action="append", required=True,
                    help="actions of the side to decide, separated by ';'")
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--samples", type=int, default=16, help="hard's samples a decision")
    ap.add_argument("--to-end", action="store_true", help="play each game to its end")
    args = ap.parse_args(argv)
    rec = json.loads(Path(args.record).read_text())
    g0 = new_game(rec["scenario"], seed=int(rec["seed"]))
    for s, text in rec["actions"][:args.at]:
        g0.apply(s, text)
    side = rec["actions"][args.at][0]
    rnd = random.Random(7)
    seeds = [rnd.getrandbits(64) for _ in range(args.seeds)]
    print("| line | own steps lost | enemy's | value after (chance) | games won |")
    print("| --- | --- | --- | --- | --- |")
    for text in args.line:
        rows = [play_line(g0, side, text.split(";"), seed, args.samples, args.to_end)
                for seed in seeds]
        own = [r[0] for r in rows]
        theirs = [r[1] for r in rows]
        v = statistics.fmean(r[2] for r in rows)
        print(f"| {text} | {min(own)}-{max(own)}, median {statistics.median(own)} | "
              f"{min(theirs)}-{max(theirs)} | {v:.2f} ({1 / (1 + math.exp(-v)):.0%}) | "
              f"{sum(r[3] for r in rows)} of {len(rows)} |", flush=True)


if __name__ == "__main__":
    main()
