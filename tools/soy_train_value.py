#!/usr/bin/env python3
"""Fit Sun of York's learned value (``sunofyork.ai.value``): a position's winning chance,
fitted to the outcomes of self-play games by logistic regression.

    .venv/bin/python tools/soy_train_value.py games --games 2000 --seed 1 --jobs 2
    .venv/bin/python tools/soy_train_value.py fit --seed 1     # writes sunofyork/data/value.json

``games`` plays seeded whole games of the 20 historical scenarios (game ``i``: scenario
``HISTORICAL[i % 20]``, seed ``S * 1_000_000 + i``) between the existing agents (normal against
normal in half of them, normal against easy either way round in the rest: reasonable play,
varied positions) and writes one JSON line per game: scenario, seed, agents, winner and its
actions (the engine's record), so a game replays exactly and fast; it resumes a file.

``fit`` replays them and takes the positions the hard agent's play-outs end on: the start of
each Movement step (6.2.3), from both sides' points of view, with ``value.features``; it fits
``P(win) = sigmoid(w . features)`` with scikit-learn's L2 logistic regression (no intercept:
the features are differences, the value zero-sum), the columns scaled but not centred, C
chosen by cross-validation on whole games (GroupKFold: a game's positions never split), a
fifth of the games held out for the figures: log-loss and accuracy of the fit and of the
hand-written evaluation (``evaluate.py``, its values put through a one-weight logistic fit).
It writes the weights, names and figures to ``src/sunofyork/data/value.json``.

The engine and the page never import numpy or scikit-learn (the ``train`` extra): they read
the JSON only.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from roses.records import json_lines  # noqa: E402
from sunofyork import new_game  # noqa: E402
from sunofyork.ai import get_agent  # noqa: E402
from sunofyork.ai.evaluate import evaluate  # noqa: E402
from sunofyork.ai.tournament import HISTORICAL  # noqa: E402
from sunofyork.ai.value import NAMES, features  # noqa: E402
from sunofyork.state import MOVEMENT  # noqa: E402

GAMES = ROOT / ".cache" / "soy" / "games.jsonl"
OUT = ROOT / "src" / "sunofyork" / "data" / "value.json"
#: the agents of game i (Lancaster, York), by i % 4
PAIRINGS = (("normal", "normal"), ("normal", "easy"), ("normal", "normal"), ("easy", "normal"))
MAX_DECISIONS = 6000


def play(seed: int) -> dict:
    """Game ``seed % 1_000_000`` of the set: its record as a dict."""
    i = seed % 1_000_000
    scenario = HISTORICAL[i % len(HISTORICAL)]
    names = PAIRINGS[i % len(PAIRINGS)]
    g = new_game(scenario, seed=seed)
    agents = [get_agent(names[s], seed * 2 + s) for s in (0, 1)]
    n = 0
    while not g.is_over and n < MAX_DECISIONS:
        s = g.active_sides()[0]
        g.apply(s, agents[s].choose(g, s))
        n += 1
    return {"seed": seed, "scenario": scenario, "agents": list(names),
            "winner": g.winner if g.is_over else -1,
            "actions": [[s, list(a)] for s, a in g.record]}


def cmd_games(args) -> int:
    args.out.parent.mkdir(parents=True, exist_ok=True)
    done = {rec["seed"] for _, rec in json_lines(args.out)} if args.out.exists() else set()
    todo = [args.seed * 1_000_000 + i for i in range(args.games)
            if args.seed * 1_000_000 + i not in done]
    t0 = time.perf_counter()
    with open(args.out, "a") as fh, multiprocessing.Pool(args.jobs) as pool:
        for k, rec in enumerate(pool.imap_unordered(play, todo, chunksize=4)):
            fh.write(json.dumps(rec, separators=(",", ":")) + "\n")
            if (k + 1) % 100 == 0:
                fh.flush()
                print(f"{k + 1} of {len(todo)} games, {time.perf_counter() - t0:.0f} s",
                      file=sys.stderr)
    return 0


def positions(rec: dict) -> list:
    """[(features, hand evaluation, won)] at the start of each Movement step of the game of
    ``rec``, both sides' points of view in turn."""
    g = new_game(rec["scenario"], seed=rec["seed"])
    out = []
    last = None
    for s, a in rec["actions"]:
        if g.phase == MOVEMENT and (g.turn, g.active) != last:
            last = (g.turn, g.active)
            for side in (0, 1):
                out.append((features(g, side), evaluate(g, side), int(rec["winner"] == side)))
        g.apply(s, tuple(a))
    return out


def _positions(rec):
    return rec["seed"], positions(rec)


def cmd_fit(args) -> int:
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import accuracy_score, log_loss
    from sklearn.model_selection import GroupKFold

    recs = []
    for path in args.games_file:
        recs += [rec for _, rec in json_lines(path) if rec["winner"] in (0, 1)]
    t0 = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        parts = pool.map(_positions, recs, chunksize=8)
    X, H, y, groups = [], [], [], []
    for seed, rows in parts:
        for f, h, won in rows:
            X.append(f)
            H.append([h / 100.0])
            y.append(won)
            groups.append(seed)
    X, H, y, groups = np.array(X), np.array(H), np.array(y), np.array(groups)
    print(f"{len(recs)} games, {len(y)} positions ({time.perf_counter() - t0:.0f} s)",
          file=sys.stderr)
    scale = X.std(0)
    scale[scale == 0] = 1.0
    Z = X / scale
    rnd = random.Random(args.seed)
    seeds = sorted(set(groups.tolist()))
    rnd.shuffle(seeds)
    held = set(seeds[: len(seeds) // 5])
    test = np.array([g in held for g in groups])

    def model(c):
        return LogisticRegression(C=c, fit_intercept=False, max_iter=5000)

    best = None
    for c in args.c:
        losses = []
        for tr, va in GroupKFold(n_splits=4).split(Z[~test], y[~test], groups[~test]):
            m = model(c).fit(Z[~test][tr], y[~test][tr])
            losses.append(log_loss(y[~test][va], m.predict_proba(Z[~test][va])[:, 1]))
        loss = sum(losses) / len(losses)
        print(f"C={c}: cross-validated log-loss {loss:.4f}", file=sys.stderr)
        if best is None or loss < best[0]:
            best = (loss, c)
    m = model(best[1]).fit(Z[~test], y[~test])
    p = m.predict_proba(Z[test])[:, 1]
    hand = model(1.0).fit(H[~test], y[~test])
    q = hand.predict_proba(H[test])[:, 1]
    figures = {"games": len(recs), "positions": int(len(y)), "held_out_games": len(held),
               "C": best[1],
               "held_out_log_loss": round(float(log_loss(y[test], p)), 4),
               "held_out_accuracy": round(float(accuracy_score(y[test], p > 0.5)), 4),
               "hand_evaluation_log_loss": round(float(log_loss(y[test], q)), 4),
               "hand_evaluation_accuracy": round(float(accuracy_score(y[test], q > 0.5)), 4)}
    weights = dict(zip(NAMES, (float(w) for w in m.coef_[0] / scale)))
    out = {"format": "sunofyork-value", "version": 1, "features": list(NAMES),
           "weights": weights, "fit": figures,
           "command": "tools/soy_train_value.py fit " + " ".join(sys.argv[2:])}
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(figures))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("games", help="play self-play games")
    g.add_argument("--games", type=int, default=2000)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--jobs", type=int, default=2)
    g.add_argument("--out", type=Path, default=GAMES)
    f = sub.add_parser("fit", help="fit value.json to the games")
    f.add_argument("--games-file", type=Path, nargs="+", default=[GAMES])
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--jobs", type=int, default=2)
    f.add_argument("--c", type=float, nargs="+", default=[0.001, 0.01, 0.1, 1.0])
    f.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    return cmd_games(args) if args.cmd == "games" else cmd_fit(args)


if __name__ == "__main__":
    sys.exit(main())
