#!/usr/bin/env python3
"""Behaviour fingerprints of seeded games, to show that a change of the code leaves play as it
was (issue 24, item 6): the same winners, decision counts, records and final states.

    .venv/bin/python bench/fingerprint.py --out before.jsonl     # on the old code
    .venv/bin/python bench/fingerprint.py --out after.jsonl      # on the new code
    .venv/bin/python bench/fingerprint.py --compare before.jsonl after.jsonl

Per scenario: ``--random`` random-vs-random games, ``--ai`` normal-vs-easy games (normal plays
Lancaster in even games, York in odd ones) and ``--hard`` hard (``iterations=2``, so bounded by
iterations, not time) against normal. One JSON line per game: scenario, seed, lancaster, york,
winner, reason, actions, record (sha256 of the record's notations) and state (sha256 of every
state field of ``Game.to_json()`` but the log and the record, whose wording may change).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from richard3 import new_game  # noqa: E402

try:                                   # the agents' registry, before and after issue 24
    from richard3.ai import get_agent  # noqa: E402
except ImportError:
    from richard3.agents import get_agent  # noqa: E402

SCENARIOS = ("1460", "1470", "1483")


def _sha(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def fingerprint(job) -> dict:
    scenario, seed, lancaster, york, options = job
    g = new_game(scenario, seed=seed)
    agents = [get_agent(name, 2 * seed + s, **(options if name == "hard" else {}))
              for s, name in enumerate((lancaster, york))]
    actions = 0
    while not g.is_over:
        s = g.active_sides()[0]
        g.apply(s, agents[s].choose(g, s))
        actions += 1
    state = json.loads(g.to_json())
    record = state.pop("record")
    state.pop("log")
    state.pop("version", None)
    return {"scenario": scenario, "seed": seed, "lancaster": lancaster, "york": york,
            "winner": g.winner, "reason": g.reason, "actions": actions,
            "record": _sha(record["actions"]), "state": _sha(state)}


def jobs(args) -> list:
    out = []
    for sc in SCENARIOS:
        out += [(sc, 1 + i, "random", "random", None) for i in range(args.random)]
        out += [(sc, 1 + i, *(("normal", "easy") if i % 2 == 0 else ("easy", "normal")), None)
                for i in range(args.ai)]
        out += [(sc, 1 + i, *(("hard", "normal") if i % 2 == 0 else ("normal", "hard")),
                 {"iterations": 2}) for i in range(args.hard)]
    return out


def compare(a: Path, b: Path) -> int:
    def read(p):
        return {(r["scenario"], r["seed"], r["lancaster"], r["york"]): r
                for r in map(json.loads, p.read_text().splitlines())}
    before, after = read(a), read(b)
    same = [k for k in before if k in after and before[k] == after[k]]
    differ = [k for k in before if k in after and before[k] != after[k]]
    missing = [k for k in before if k not in after]
    print(f"{len(same)} games identical, {len(differ)} differ, {len(missing)} missing")
    for k in differ[:10]:
        print("  differs:", k, {f: (before[k][f], after[k][f]) for f in before[k]
                                if before[k][f] != after[k][f]})
    return 1 if differ or missing else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--random", type=int, default=300)
    ap.add_argument("--ai", type=int, default=200)
    ap.add_argument("--hard", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--compare", nargs=2, type=Path)
    args = ap.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    t0 = time.perf_counter()
    rows = []
    with multiprocessing.Pool(args.jobs) as pool:
        rows = pool.map(fingerprint, jobs(args), chunksize=1)
    text = "".join(json.dumps(r) + "\n" for r in rows)
    if args.out:
        args.out.write_text(text)
    else:
        sys.stdout.write(text)
    print(f"{len(rows)} games fingerprinted in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
