#!/usr/bin/env python3
"""Judge a position of the position suite (issue 57) by playing it out: each line (a few
actions of the side to decide) is played from the true position, then hard decides for both
sides until the game turn's action phases and battles are over (with ``--turns N``, those of
the game turn N turns later; with ``--to-end``, until the game is over), on several dice
seeds (the same seeds for every line). Prints, per line, the steps each side lost and the
learned value after (the side to decide's logit of winning, and its chance); with
``--to-end`` the games the side to decide won.

    .venv/bin/python tools/play_lines.py --record tests/data/1460-york-vs-expert.json --at 95 \\
        --line "recruit Bristol (levy): Somerset;end" \\
        --line "activate Warwick;move Shrewsbury/L: Warwick > Leicester;end"

A position whose "mistake" loses no steps and no value here is no mistake (docs/ai-notebook.md,
"Issue 57: attack plans, and a Player 2 reinforcement that was no mistake"). The true
position shows what the side to decide could not see (the enemy's blocks face down, its
hand): ``--sampled`` plays each seed on a sample of the side's information set instead
(``determinize``), the judge of what it should have done with what it knew.
``--candidates`` judges each Player 2 reinforcement ``tools/find_blunders.py`` found (its
output, saved) so, the choice made against the strongest Reserves, paired by seed:

    .venv/bin/python tools/find_blunders.py docs/results/r57/hard-vs-hard-v2-s57.jsonl \\
        --agent hard --games 38 --classes p2-reinforcement > /tmp/p2.jsonl
    .venv/bin/python tools/play_lines.py --candidates /tmp/p2.jsonl --sampled
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
sys.path.insert(0, str(ROOT / "tools"))

from find_blunders import RESERVES

from richard3 import new_game
from richard3.ai import get_agent
from richard3.ai.determinize import determinize
from richard3.ids import BATTLE, NA, OVER, C


def steps_lost(g) -> list[int]:
    """[Lancaster, York]: the steps each side's blocks lack (off the map: all of them)."""
    return [sum(C.max_str[b] - (g.strength[b] if 0 <= g.loc[b] < NA else 0)
                for b in range(len(C.side)) if C.side[b] == t) for t in (0, 1)]


def sample_of(g0, side: int, seed: int):
    """A sample of ``side``'s information set in ``g0`` (``determinize``) that plays on like a
    game: the public history the search copy drops (whereabouts, seen strengths) put back, so
    that the agents deciding in it can sample it in their turn."""
    d = determinize(g0, side, random.Random(seed))
    d.whereabouts, d.seen_strength = list(g0.whereabouts), list(g0.seen_strength)
    return d


def play_line(g0, side: int, line: list[str], seed: int, samples: int,
              to_end: bool = False, turns: int = 0) -> tuple:
    """``line`` played for ``side`` in a copy of ``g0`` with dice ``seed``, then hard for both
    sides (``played_on``): (own steps lost, enemy steps lost, value for ``side``, whether
    ``side`` won)."""
    g = g0.copy()
    g.reseed(seed)
    for text in line:
        legal = {str(a): a for a in g.legal_actions(side)}
        if text not in legal:
            raise SystemExit(f"not legal here: {text!r}")
        g.play(side, legal[text])
    before = steps_lost(g)
    agent = get_agent("hard", seed % 1000, samples=samples)
    played_on(g, agent, to_end, turns)
    after = steps_lost(g)
    return (after[side] - before[side], after[1 - side] - before[1 - side],
            agent.value(g, side), g.phase == OVER and g.winner == side)


def played_on(g, agent, to_end: bool = False, turns: int = 0):
    """Play ``g`` on in place, ``agent`` deciding for both sides, to the end of the battles of
    its game turn (``turns``: of the game turn that many turns later; ``to_end``: to the end
    of the game, 9.0); returns ``g``."""
    turn, passed = (g.campaign, g.turn), 0
    # the phases up to the battles (1.2: cards, action phases, battles) of the last turn
    while g.phase != OVER and (to_end or passed < turns
                               or passed == turns and g.phase <= BATTLE):
        s = g.active_sides()[0]
        g.play(s, agent.choose(g, s))
        if (g.campaign, g.turn) != turn:
            turn, passed = (g.campaign, g.turn), passed + 1
    return g


def position_of(rec: dict, at: int | None):
    """The position of a record before its decision ``at`` (None: after all its actions, a
    line of tools/find_blunders.py's output) and the side to decide there."""
    g0 = new_game(rec["scenario"], seed=int(rec["seed"]))
    at = len(rec["actions"]) if at is None else at
    for s, text in rec["actions"][:at]:
        g0.apply(s, text)
    return g0, rec["side"] if at == len(rec["actions"]) else rec["actions"][at][0]


def judged(g0, side: int, lines: list[str], args) -> list[list[tuple]]:
    """Each line's rows (``play_line``'s) over ``args.seeds`` dice seeds, the same seeds and
    starts for every line: the true position, or with ``args.sampled`` a sample of it."""
    rnd = random.Random(7)
    seeds = [rnd.getrandbits(64) for _ in range(args.seeds)]
    starts = [sample_of(g0, side, seed) if args.sampled else g0 for seed in seeds]
    return [[play_line(start, side, text.split(";"), seed, args.samples, args.to_end,
                       args.turns)
             for start, seed in zip(starts, seeds)] for text in lines]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--record",
                      help="a game record (JSON: scenario, seed, actions), or one line of "
                           "tools/find_blunders.py's output (its actions end at the decision)")
    what.add_argument("--candidates",
                      help="tools/find_blunders.py's output: each p2-reinforcement line's "
                           "choice played against its strongest Reserves")
    ap.add_argument("--at", type=int,
                    help="the index of the decision (default: the end of the actions)")
    ap.add_argument("--line", action="append", help="actions of the side to decide, "
                                                    "separated by ';' (with --record)")
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--samples", type=int, default=16, help="hard's samples a decision")
    ap.add_argument("--to-end", action="store_true", help="play each game to its end")
    ap.add_argument("--turns", type=int, default=0,
                    help="play on to the end of the battles of this many game turns more")
    ap.add_argument("--sampled", action="store_true",
                    help="play each seed on a sample of what the side to decide knows")
    args = ap.parse_args(argv)
    if args.candidates:
        print("| game | decision | battle | value of the choice made | of the Reserves | "
              "difference (95%) |")
        print("| --- | --- | --- | ---: | ---: | --- |")
        for text in Path(args.candidates).read_text().splitlines():
            rec = json.loads(text)
            if RESERVES not in rec["note"]:
                continue
            g0, side = position_of(rec, None)
            line = rec["note"].split(RESERVES)[1]
            made, sent = judged(g0, side, [rec["played"], line], args)
            diff = [b[2] - a[2] for a, b in zip(made, sent)]
            half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff))
            mean = statistics.fmean(diff)
            print(f"| {rec['scenario']} game {rec['game']} | {rec['index']}: {rec['played']} | "
                  f"{rec['note'].split(';')[0]} | {statistics.fmean(r[2] for r in made):.2f} | "
                  f"{statistics.fmean(r[2] for r in sent):.2f} | {mean:+.2f} "
                  f"({mean - half:+.2f} to {mean + half:+.2f}) |", flush=True)
        return
    if not args.line:
        ap.error("--record needs at least one --line")
    g0, side = position_of(json.loads(Path(args.record).read_text()), args.at)
    print("| line | own steps lost | enemy's | value after (chance) | games won |")
    print("| --- | --- | --- | --- | --- |")
    for text, rows in zip(args.line, judged(g0, side, args.line, args)):
        own = [r[0] for r in rows]
        theirs = [r[1] for r in rows]
        v = statistics.fmean(r[2] for r in rows)
        print(f"| {text} | {min(own)}-{max(own)}, median {statistics.median(own)} | "
              f"{min(theirs)}-{max(theirs)} | {v:.2f} ({1 / (1 + math.exp(-v)):.0%}) | "
              f"{sum(r[3] for r in rows)} of {len(rows)} |", flush=True)


if __name__ == "__main__":
    main()
