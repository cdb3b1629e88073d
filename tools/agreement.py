#!/usr/bin/env python3
"""How often two search levels choose alike (issue 57): positions drawn from a results file's
recorded games, each level asked twice (agent seeds 11 and 12) at its tournament bound
(``registry.TOURNAMENT``), so a difference between the levels can be read against each
level's difference from itself on another seed (what its samples alone change).

    .pypy/bin/python tools/uninstalled.py tools/agreement.py \\
        docs/results/r57/hard-vs-expert-s58-8db859da.jsonl --per 2 --out /tmp/agree.jsonl

Per scenario the file's first four records (two deals, both seats), ``--per`` decisions of
each with more than one legal action, drawn at random (``random.Random(--seed)``), either
side. Prints one JSON line per position (the choices and seconds each took) and, at the end,
the pairs that chose differently: ``A/1`` against ``A/2`` (level A on its two agent seeds),
``A/1`` against ``B/1`` (the levels on the same agent seed). A level is an agent spec
(``registry.tournament_agent``), so a variant is screened as "expert:candidates=8,plans=4". Raises SystemExit for a file with no records of a scenario asked.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tools"))

from pin_decisions import replay  # noqa: E402
from richard3 import new_game  # noqa: E402
from richard3.ai.registry import tournament_agent  # noqa: E402

SEEDS = (11, 12)


def positions(path: Path, per: int, seed: int, scenarios) -> list[dict]:
    """``per`` positions of each of the first four records of each scenario in ``path``:
    dicts of scenario, game seed, the actions before the decision (``[side, text]``) and
    the side to decide."""
    recs = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    rng = random.Random(seed)
    out = []
    for scenario in scenarios:
        mine = [r for r in recs if r["scenario"] == scenario]
        if not mine:
            raise SystemExit(f"{path}: no records of scenario {scenario}")
        for rec in mine[:4:2] + mine[1:4:2]:
            rec = dict(rec, seed=rec["game_seed"])
            history, choices = [], []
            for g, s, act in replay(rec):
                if len(g.legal_actions(s)) > 1:
                    choices.append(len(history))
                history.append([s, str(act)])
            for k in sorted(rng.sample(choices, min(per, len(choices)))):
                out.append({"scenario": scenario, "seed": rec["seed"], "at": k,
                            "side": history[k][0], "actions": history[:k]})
    return out


def decide(level: str, case: dict, agent_seed: int) -> tuple[str, float]:
    """The choice at the position of the agent spec ``level`` (a level at its tournament
    bound, or with its own options: "expert:samples=64,candidates=8") and the seconds taken."""
    g = new_game(case["scenario"], seed=case["seed"])
    for side, text in case["actions"]:
        g.apply(side, text)
    agent = tournament_agent(level, agent_seed)
    start = time.perf_counter()
    choice = str(agent.choose(g, case["side"]))
    return choice, round(time.perf_counter() - start, 2)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results", type=Path)
    ap.add_argument("--levels", nargs=2, default=["hard", "expert"])
    ap.add_argument("--per", type=int, default=2, help="positions per record")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scenarios", nargs="+", default=["1460", "1470", "1483"])
    ap.add_argument("--out", type=Path, help="append the positions' lines here too")
    args = ap.parse_args(argv)
    a, b = args.levels
    names = [(f"{lvl}/{i + 1}", lvl, s) for lvl in (a, b) for i, s in enumerate(SEEDS)]
    # (name, name) -> positions where they chose differently; names may hold "-" (hard-v2).
    pairs = {(f"{a}/1", f"{a}/2"): 0, (f"{b}/1", f"{b}/2"): 0, (f"{a}/1", f"{b}/1"): 0,
             (f"{a}/2", f"{b}/2"): 0}
    cases = positions(args.results, args.per, args.seed, args.scenarios)
    for case in cases:
        row = {k: case[k] for k in ("scenario", "seed", "at", "side")}
        for name, level, seed in names:
            row[name], row[name + "_s"] = decide(level, case, seed)
        for x, y in pairs:
            pairs[x, y] += row[x] != row[y]
        line = json.dumps(row)
        print(line, flush=True)
        if args.out:
            with args.out.open("a") as f:
                f.write(line + "\n")
    print("chose differently, of", len(cases), "positions:",
          ", ".join(f"{x} against {y} {n}" for (x, y), n in pairs.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
