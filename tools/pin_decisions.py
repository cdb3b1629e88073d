#!/usr/bin/env python3
"""Pin a frozen level's decisions (issue 57): positions taken from recorded tournament games
(docs/results/*.jsonl, whose ``moves`` replay them), the level's choice in each, written as
JSON for a test that asserts the level still makes them (tests/test_ai_hard_v2.py).

    .venv/bin/python tools/pin_decisions.py --level hard-v2 --out tests/data/hard_v2_decisions.json
    .venv/bin/python tools/pin_decisions.py --level hard-v2 --check hard   # same choices?

A position is the scenario, the game seed and the actions before the decision, as text (the
record's move indices are read into the actions they named, so the positions do not depend on
the order of ``legal_actions``). Per scenario ``--per`` decisions with more than one legal
action, spread over the game, from both sides; the level decides each with ``--samples``
samples and agent seed ``--agent-seed``. ``--check LEVEL`` asks another level the same and
prints where it differs (when freezing, the level frozen and its source agree everywhere).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from richard3 import new_game
from richard3.ai import get_agent

#: One record of each scenario, with moves: the games the positions come from.
SOURCES = (("1460", "docs/results/1460-hard-vs-hard-v1-s20-seen-partial.jsonl", 0),
           ("1470", "docs/results/1470-hard-vs-hard-v1-s20-seen.jsonl", 1),
           ("1483", "docs/results/1483-hard-vs-hard-v1-s20-seen.jsonl", 2))


def record(path: str, game: int) -> dict:
    for line in (ROOT / path).read_text().splitlines():
        if line.strip():
            rec = json.loads(line)
            if rec["game"] == game:
                return rec
    raise SystemExit(f"{path}: no game {game}")


def replay(rec: dict):
    """Yield (game, side, action) at each decision of a record with ``moves``."""
    g = new_game(rec["scenario"], seed=rec["seed"])
    for m in rec["moves"]:
        s = g.active_sides()[0]
        act = g.legal_actions(s)[m]
        yield g, s, act
        g.apply(s, act)


def positions(per: int) -> list[dict]:
    out = []
    for scenario, path, game in SOURCES:
        rec = record(path, game)
        history, choices = [], []
        for g, s, act in replay(rec):
            if len(g.legal_actions(s)) > 1:
                choices.append((len(history), s))
            history.append([s, str(act)])
        step = max(1, len(choices) // per)
        for k, s in choices[step // 2::step][:per]:
            out.append({"scenario": scenario, "seed": rec["seed"], "side": s,
                        "actions": history[:k]})
    return out


def decide(level: str, case: dict, samples: int, agent_seed: int) -> str:
    g = new_game(case["scenario"], seed=case["seed"])
    for side, text in case["actions"]:
        g.apply(side, text)
    return str(get_agent(level, agent_seed, samples=samples).choose(g, case["side"]))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="hard-v2")
    ap.add_argument("--per", type=int, default=8, help="positions per scenario")
    ap.add_argument("--samples", type=int, default=8)
    ap.add_argument("--agent-seed", type=int, default=5)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--check", metavar="LEVEL", help="another level asked the same")
    args = ap.parse_args(argv)
    cases = positions(args.per)
    differ = 0
    for case in cases:
        case["samples"], case["agent_seed"] = args.samples, args.agent_seed
        case["choice"] = decide(args.level, case, args.samples, args.agent_seed)
        if args.check:
            other = decide(args.check, case, args.samples, args.agent_seed)
            differ += other != case["choice"]
            if other != case["choice"]:
                print(f"{case['scenario']}-{len(case['actions'])}: {args.level} "
                      f"{case['choice']!r}, {args.check} {other!r}")
        print(f"{case['scenario']}-{len(case['actions'])} side {case['side']}: {case['choice']}",
              file=sys.stderr)
    if args.check:
        print(f"{args.check} differs from {args.level} in {differ} of {len(cases)} positions")
    if args.out:
        args.out.write_text(json.dumps(cases, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
