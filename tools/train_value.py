#!/usr/bin/env python3
"""Train the AI's learned value (issue 25): a position's winning chance, fitted to the outcomes
of self-play games (logistic regression in the manner of Texel tuning, over the features of
``richard3.ai.features``).

    .venv/bin/python tools/train_value.py games --games 969 --seed 1    # self-play games
    .venv/bin/python tools/train_value.py fit --games 969 --seed 1      # value.json from them
    python3 build.py train-ai                                           # both, in the venv
    .venv/bin/python tools/train_value.py games --games 98 --seed 2 --pairings search
    .venv/bin/python tools/train_value.py fit --games-file .cache/ai/games.jsonl \
        .cache/ai/games_search.jsonl --games 969 98 --seed 1 --out value-with-search.json
    .venv/bin/python tools/train_value.py stake        # the heir's danger as a stake (a diagnostic)

``games`` plays seeded whole games of every scenario between the existing agents (normal
against normal with a little noise, normal against easy, easy against easy: varied play,
reasonable positions) on all cores and writes one JSON line per game: its scenario, seed,
agents, winner and every decision as the index of the action among the legal ones, so a game
replays exactly and fast. ``fit`` replays them, takes positions at every decision (both sides'
points of view), computes their features, and fits ``P(win) = sigmoid(w . features)`` by L2
logistic regression (scikit-learn's objective, minimised by scipy's L-BFGS-B so that each
weight keeps to what a player knows of its feature, ``features.DIRECTION`` and ``WEAKER``;
``--free`` leaves every weight free; the regularisation chosen by cross-validation on whole
games, never splitting a game between folds); it writes the weights, the feature names and
the fit's figures (log-loss and accuracy on held-out games, against the hand-written
evaluation's own ranking) to ``src/richard3/data/value.json``, which the package ships. The
engine never imports numpy, scipy or scikit-learn: they are only used here (the ``train``
extra).

``tools/data/games_search_s3.jsonl`` holds 321 such games (``games --games 600 --seed 3
--pairings search``, stopped part-way after 55 minutes on 2 cores: 107 of each scenario,
a third of each pairing), kept in the repository so that the next fit need not play them again; ``games
--out`` on that file with the same options resumes it. They were played before ``pairing``
let every scenario meet every pairing: in them 1483 is hard against hard, 1470 hard-v1
against hard and 1460 hard against hard-v1 (each record names its agents); games added by a
resumed run follow the new rule.

``fit --td LAMBDA`` then refits a few rounds (``--td-rounds``) to TD(lambda) targets: the
value that the last round's weights give the same game's later positions, the outcome after
its last (``td_targets``). Tried on 2026-11-25 and not shipped (docs/ai-strength.md).

``stake`` measures another form of one term, tried on 2026-11-27 and not kept
(docs/ai-strength.md, "The last heir's danger as the game it stakes"): the danger to a side's
last heir (``hunt_them``) taken out of the logit and put back as the chance that he dies and
the game with him (9.0), so that the winning chance is
``sigmoid(logit without hunt_them) x (1 - K hunt_them)``. It fits K by maximum likelihood over
the positions of the search levels' recorded games where the danger is not 0 (scipy's bounded
scalar minimiser) and prints K with the log-loss of this form, of the learned logit and of
neither; it writes nothing.

A tournament's results file (``python -m richard3 tournament --results FILE``) is a games
file too: each record keeps its game's moves (``as_games_record``), so the 200-game
tournaments of docs/ai-strength.md, between the strongest levels, are data for ``fit
--games-file`` at no further cost (records written before the moves were kept are refused).

``games --pairings search`` plays the search levels instead (hard at 2 samples against
hard-v1 and against itself): positions that stronger play reaches, which the first games'
normal and easy players seldom do.

Reproducible from ``--seed`` (the games, the folds, the fit: fitted twice, the weights agree
to 1e-12). The shipped value.json is the fit of the first 969 games of seed 1 (a fit with the
98 search games of seed 2 added predicted those games no better and played no better:
docs/ai-strength.md). On this project's 2-core machine a self-play game takes about 1.2 s of
CPU, a search game about 20 s; ``fit`` about 2 minutes.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from richard3 import new_game
from richard3.ai import get_agent
from richard3.ai.features import DIRECTION, NAMES, WEAKER, features
from richard3.ai.registry import tournament_agent
from richard3.ai.value import weights as shipped_weights
from richard3.ids import side_id

GAMES = ROOT / ".cache" / "ai" / "games.jsonl"
SEARCH_GAMES = ROOT / ".cache" / "ai" / "games_search.jsonl"
OUT = ROOT / "src" / "richard3" / "data" / "value.json"
SCENARIOS = ("1460", "1470", "1483")
#: Pairings of self-play, by game number: (Lancaster, York, noise of a normal agent).
PAIRINGS = (("normal", "normal", 1.0), ("normal", "easy", 0.0), ("easy", "normal", 0.0),
            ("easy", "easy", 0.0), ("normal", "normal", 0.0))
#: ``games --pairings search``: games between the search levels (agent specs as in
#: ``python -m richard3 tournament``), positions of stronger play for a second fit.
SEARCH_PAIRINGS = (("hard:samples=2", "hard-v1", 0.0), ("hard-v1", "hard:samples=2", 0.0),
                   ("hard:samples=2", "hard:samples=2", 0.0))
MAX_DECISIONS = 5000


def _agent(name: str, seed: int, noise: float):
    if ":" in name or name == "hard-v1":
        return tournament_agent(name, seed)
    return get_agent(name, seed, noise=noise) if name == "normal" and noise else \
        get_agent(name, seed)


def pairing(i: int, pairings) -> tuple:
    """Game ``i``'s pairing (its scenario is ``SCENARIOS[i % 3]``): every scenario meets every
    pairing. With a count of pairings prime to the scenarios' (the 5 of self-play) game i plays
    pairing ``i % n``, as the shipped fit's games always have; otherwise (the 3 search
    pairings) the pairing moves on once per round of the scenarios, where ``i % 3`` would have
    tied each scenario to one pairing (so it did in games_search_s3.jsonl: its outcomes follow
    the pairing, which no feature names)."""
    n = len(pairings)
    return pairings[i % n if math.gcd(n, len(SCENARIOS)) == 1 else (i // len(SCENARIOS)) % n]


def play(job) -> dict:
    """One self-play game: {"scenario", "seed", "lancaster", "york", "winner", "moves"}."""
    scenario, seed, (lanc, york, noise) = job
    g = new_game(scenario, seed=seed)
    agents = (_agent(lanc, 2 * seed, noise), _agent(york, 2 * seed + 1, noise))
    moves = []
    while not g.is_over and len(moves) < MAX_DECISIONS:
        s = g.active_sides()[0]
        legal = g.legal_actions(s)
        action = agents[s].choose(g, s)
        moves.append(legal.index(action))
        g.play(s, action)
    return {"scenario": scenario, "seed": seed, "lancaster": lanc, "york": york,
            "noise": noise, "winner": g.winner, "moves": moves}


def _records(path: Path, complete_only: bool = False) -> list[dict]:
    """The records of a games or tournament file (JSON lines; blank lines skipped).
    ``complete_only``: skip a line that is not whole JSON (the one a killed run was
    writing: ``games`` resumes from what is left); otherwise such a line raises ValueError
    naming the file and line."""
    out = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except ValueError as e:
            if not complete_only:
                raise ValueError(f"{path}:{n}: not a JSON record ({e})") from None
    return out


def cmd_games(args) -> int:
    if args.out is None:
        args.out = SEARCH_GAMES if args.pairings == "search" else GAMES
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pairings = SEARCH_PAIRINGS if args.pairings == "search" else PAIRINGS
    jobs = [(SCENARIOS[i % 3], args.seed * 1_000_000 + i, pairing(i, pairings))
            for i in range(args.games)]
    # An interrupted run resumes: the games already in the file are kept, not played again
    # (a game is its scenario and seed, so the set of games is the same either way).
    kept = _records(args.out, complete_only=True) if args.out.exists() else []
    args.out.write_text("".join(json.dumps(r) + "\n" for r in kept))
    done = {(r["scenario"], r["seed"]) for r in kept}
    jobs = [j for j in jobs if j[:2] not in done]
    t0 = time.perf_counter()
    with open(args.out, "a") as f, multiprocessing.Pool(args.jobs) as pool:
        for n, rec in enumerate(pool.imap_unordered(play, jobs, chunksize=1 if args.pairings == "search" else 4), 1):
            f.write(json.dumps(rec) + "\n")
            if n % 200 == 0:
                print(f"{n} games, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    print(f"{len(jobs)} games added to {args.out} ({len(done)} were there) in "
          f"{time.perf_counter() - t0:.0f} s")
    return 0


def as_games_record(rec: dict) -> dict:
    """A games file's record as ``positions`` reads it: a record of ``games`` as it is; a
    tournament's (``python -m richard3 tournament --results``, which keeps each game's moves)
    or a ratings run's (``tools/ratings.py --out``) with its winner as a side (0 Lancaster,
    1 York, None for a draw) and its deal as ``seed``. Raises ValueError for
    a tournament record without moves (one written before they were kept)."""
    if "a_side" not in rec:
        return rec
    if "moves" not in rec:
        raise ValueError(f"tournament game {rec.get('game')} (seed {rec.get('seed')}) has no "
                         "moves: it was played before tournaments kept them")
    if "game_seed" in rec:
        # tools/ratings.py's record: the deal is ``game_seed`` (``seed`` is the run's), the
        # winner "a", "b" or None, and ``a_side`` the side agent a played.
        a_side = side_id(rec["a_side"])
        winner = {"a": a_side, "b": 1 - a_side, None: None}[rec["winner"]]
        return {"scenario": rec["scenario"], "seed": rec["game_seed"], "winner": winner,
                "moves": rec["moves"]}
    side = rec["winner_side"]
    return {"scenario": rec["scenario"], "seed": rec["seed"],
            "winner": None if side is None else side_id(side), "moves": rec["moves"]}


def positions(rec: dict, every: int):
    """(features, won) of every ``every``-th decision of a game, from both sides' points of
    view, replayed from its moves."""
    g = new_game(rec["scenario"], seed=rec["seed"])
    out = []
    for i, k in enumerate(rec["moves"]):
        s = g.active_sides()[0]
        if i % every == 0:
            for side in (0, 1):
                out.append((features(g, side), int(rec["winner"] == side)))
        g.play(s, g.legal_actions(s)[k])
    return out


def _positions(job):
    rec, every = job
    return rec["seed"], rec["scenario"], positions(rec, every)


def design(X):
    """The fit's columns from the features: for each pair of ``WEAKER``, the stronger
    feature's values also added into the weaker one's column, so that the weaker's weight
    counts for both and the stronger's column carries only what it weighs beyond the weaker
    (both kept to their DIRECTION: the weaker weighs no more); ``raw_weights`` undoes it."""
    D = X.copy()
    for weak, strong in WEAKER.items():
        D[:, NAMES.index(weak)] += D[:, NAMES.index(strong)]
    return D


def raw_weights(v):
    """The fit's weights (``design``'s columns) -> the features' weights."""
    w = list(v)
    for weak, strong in WEAKER.items():
        w[NAMES.index(strong)] += w[NAMES.index(weak)]
    return w


def _predict(D, w):
    import numpy as np
    return 1.0 / (1.0 + np.exp(-(D @ w)))


def _bounded_fit(D, y, c, directions=True):
    """L2 logistic regression (scikit-learn's objective: the summed log-loss plus half the
    squared weights over ``c``, the bias not penalised) on the standardised columns of ``D``,
    each weight kept to its feature's ``DIRECTION`` by L-BFGS-B (scipy); returns the weights
    of ``D``'s raw columns (the bias absorbing the centring)."""
    import numpy as np
    from scipy.optimize import minimize

    mu, sd = D[:, 1:].mean(0), D[:, 1:].std(0)
    sd[sd == 0] = 1.0
    Z = np.hstack([D[:, :1], (D[:, 1:] - mu) / sd])

    def objective(w):
        z = Z @ w
        loss = np.sum(np.logaddexp(0.0, z) - y * z) + 0.5 * np.dot(w[1:], w[1:]) / c
        grad = Z.T @ (1.0 / (1.0 + np.exp(-z)) - y)
        grad[1:] += w[1:] / c
        return loss, grad

    bounds = [BOUNDS[DIRECTION.get(n)] if directions else (None, None) for n in NAMES]
    r = minimize(objective, np.zeros(Z.shape[1]), jac=True, method="L-BFGS-B", bounds=bounds,
                 options={"maxiter": 5000})
    if not r.success:
        raise RuntimeError(f"the fit did not converge: {r.message}")
    return np.concatenate([[r.x[0] - np.sum(r.x[1:] * mu / sd)], r.x[1:] / sd])


def td_targets(outcomes, values, nxt, lam: float) -> list[float]:
    """TD(lambda) targets (Sutton 1988; the lambda-return of TD-Leaf and of Texel tuning's
    TD variants): position i's target is ``(1 - lam)`` times the value of the next position
    of the same game from the same side's point of view (``values[nxt[i]]``) plus ``lam``
    times that position's own target; after a game's last position (``nxt[i]`` -1), the
    game's outcome (``outcomes[i]``, 1 won, 0 lost). A next position is always a later row.
    ``lam`` 1 gives the outcomes, 0 the next position's value. Plain lists in and out."""
    t = [float(z) for z in outcomes]
    for i in range(len(t) - 1, -1, -1):
        j = nxt[i]
        if j >= 0:
            t[i] = (1.0 - lam) * values[j] + lam * t[j]
    return t


def _free_fit(D, y, c):
    """The same fit with every weight free (``--free``: the fit before DIRECTION)."""
    return _bounded_fit(D, y, c, directions=False)


#: DIRECTION's values -> L-BFGS-B's bounds (None: a free weight).
BOUNDS = {1: (0.0, None), -1: (None, 0.0), 0: (0.0, 0.0), None: (None, None)}


def cmd_fit(args) -> int:
    import numpy as np
    from sklearn.metrics import accuracy_score, log_loss
    from sklearn.model_selection import GroupKFold

    recs = []
    for k, path in enumerate(args.games_file):
        rows = _records(path)
        if args.games is not None:  # the first N games of this file, as `games` numbers them
            n = args.games[min(k, len(args.games) - 1)]
            rows = [r for r in rows if "a_side" in r or r["seed"] % 1_000_000 < n]
        recs += [dict(as_games_record(r), file=path.name) for r in rows]
    recs = sorted((r for r in recs if r["winner"] in (0, 1)), key=lambda r: r["seed"])
    t0 = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        parts = pool.map(_positions, [(r, args.every) for r in recs], chunksize=8)
    X, y, groups, scen, nxt, source = [], [], [], [], [], []
    for rec, (seed, scenario, rows) in zip(recs, parts):
        # rows alternate the two sides' points of view of each position taken
        for k, (f, won) in enumerate(rows):
            X.append(f)
            y.append(won)
            groups.append(seed)
            scen.append(scenario)
            source.append(rec["file"])
            nxt.append(len(nxt) + 2 if k + 2 < len(rows) else -1)
    X, y, groups, nxt = np.array(X), np.array(y), np.array(groups), np.array(nxt)
    source = np.array(source)
    print(f"{len(recs)} games, {len(y)} positions ({time.perf_counter() - t0:.0f} s)",
          file=sys.stderr)
    # Hold out a fifth of the games for the figures; cross-validate C on the rest.
    rnd = random.Random(args.seed)
    seeds = sorted(set(groups.tolist()))
    rnd.shuffle(seeds)
    held = set(seeds[: len(seeds) // 5])
    test = np.array([g in held for g in groups])
    fit = _bounded_fit if not args.free else _free_fit
    D = design(X)
    best = None
    for c in args.c:
        losses = []
        for tr, va in GroupKFold(n_splits=4).split(D[~test], y[~test], groups[~test]):
            w = fit(D[~test][tr], y[~test][tr], c)
            losses.append(log_loss(y[~test][va], _predict(D[~test][va], w)))
        loss = sum(losses) / len(losses)
        print(f"C={c}: cross-validated log-loss {loss:.4f}", file=sys.stderr)
        if best is None or loss < best[0]:
            best = (loss, c)
    w = fit(D[~test], y[~test], best[1])
    # TD(lambda): refit to targets that the value itself gives positions further on, a few
    # rounds, each from the last round's weights (the outcomes still end every game). A
    # game's positions are all held out or all not, so its targets never mix the two.
    for r in range(args.td_rounds if args.td is not None else 0):
        targets = np.array(td_targets(y.tolist(), _predict(D, w).tolist(), nxt.tolist(),
                                      args.td))
        w = fit(D[~test], targets[~test], best[1])
        print(f"TD({args.td}) round {r + 1}: held-out log-loss "
              f"{log_loss(y[test], _predict(D[test], w)):.4f}", file=sys.stderr)
    p = _predict(D[test], w)
    figures = {"games": len(recs), "positions": len(y), "held_out_games": len(held),
               "C": best[1], "held_out_log_loss": round(float(log_loss(y[test], p)), 4),
               "held_out_accuracy": round(float(accuracy_score(y[test], p > 0.5)), 4)}
    if args.td is not None:
        figures["td"] = args.td
    for sc in SCENARIOS:
        mask = test & (np.array(scen) == sc)
        if mask.any():
            q = _predict(D[mask], w)
            figures[f"held_out_accuracy_{sc}"] = round(float(accuracy_score(y[mask], q > 0.5)),
                                                       4)
    # Each file's held-out games, by the new weights and by those the package held before
    # this fit ("before"): whether the fit predicts the stronger levels' games (a long run's
    # file) better than the value they were played with.
    before = np.array(shipped_weights())
    for name in sorted(set(source.tolist())):
        mask = test & (source == name)
        if mask.any() and len(set(y[mask].tolist())) == 2:
            old = 1.0 / (1.0 + np.exp(-(X[mask] @ before)))
            figures[f"held_out_log_loss {name}"] = {
                "fit": round(float(log_loss(y[mask], _predict(D[mask], w))), 4),
                "before": round(float(log_loss(y[mask], old)), 4),
                "positions": int(mask.sum())}
    weights = dict(zip(NAMES, map(float, raw_weights(w))))
    out = {"format": "richard3-value", "version": 1, "features": list(NAMES),
           "weights": weights, "fit": figures,
           "command": "tools/train_value.py fit " + " ".join(sys.argv[2:])}
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(figures))
    return 0


#: The search levels' 200-game tournaments whose records keep their moves (docs/ai-strength.md):
#: the positions ``stake`` fits its K to.
STAKE_GAMES = [ROOT / "docs" / "results" / f"{name}.jsonl" for name in (
    "1460-hard-vs-hard-v1-s20", "1460-hard-vs-normal-s20", "1470-hard-vs-hard-v1-s20",
    "1470-hard-vs-normal-s20", "1483-expert-vs-hard-s20", "1483-hard-vs-hard-v1-s20-seen",
    "1483-hard-vs-normal-s20-seen")]


def _danger_positions(rec: dict) -> list[tuple[float, float, int]]:
    """(logit without ``hunt_them``, ``hunt_them``, won) of every decision of a game where
    the side's last heir is in danger, from both sides' points of view."""
    w = shipped_weights()
    ht = NAMES.index("hunt_them")
    out = []
    for f, won in positions(rec, 1):
        if f[ht] > 0:
            out.append((sum(a * b for a, b in zip(w, f)) - w[ht] * f[ht], f[ht], won))
    return out


def fit_stake(base, h, y, w_ht: float) -> dict:
    """K of the heir's danger as a stake, by maximum likelihood: the winning chance
    ``sigmoid(base) x (1 - min(1, K h))`` against the outcomes ``y`` (0/1), with ``base`` the
    logit without the danger term and ``h`` the danger (``hunt_them``); also the log-loss of
    that form, of the learned form (``base + w_ht h``) and of neither (K = 0)."""
    import numpy as np
    from scipy.optimize import minimize_scalar

    base, h, y = (np.asarray(c, dtype=float) for c in (base, h, y))
    p0 = 1.0 / (1.0 + np.exp(-base))

    def loss(q):
        q = np.clip(q, 1e-6, 1 - 1e-6)
        return float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q)))

    def staked(k):
        return loss(p0 * (1.0 - np.minimum(1.0, k * h)))

    best = minimize_scalar(staked, bounds=(0.0, 2.0), method="bounded")
    return {"positions": len(y), "heir_stake": round(float(best.x), 4),
            "log_loss_staked": round(best.fun, 4),
            "log_loss_learned": round(loss(1.0 / (1.0 + np.exp(-(base + w_ht * h)))), 4),
            "log_loss_without": round(staked(0.0), 4)}


def cmd_stake(args) -> int:
    """Fit K of the heir's danger as a stake over the games files and print it with the
    log-losses (``fit_stake``); writes nothing."""
    recs = [as_games_record(r) for path in args.games_file for r in _records(path)]
    recs = [r for r in recs if r["winner"] in (0, 1)]
    with multiprocessing.Pool(args.jobs) as pool:
        rows = [x for part in pool.map(_danger_positions, recs, chunksize=8) for x in part]
    base, h, y = zip(*rows)
    print(json.dumps({"games": len(recs),
                      **fit_stake(base, h, y, shipped_weights()[NAMES.index("hunt_them")])}))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("games", help="play the self-play games")
    g.add_argument("--games", type=int, default=969)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--jobs", type=int, default=2)
    g.add_argument("--out", type=Path, default=None,
                   help="the games file (default: .cache/ai/games.jsonl, or games_search.jsonl "
                        "with --pairings search)")
    g.add_argument("--pairings", choices=("self", "search"), default="self",
                   help="normal and easy (self, the shipped fit) or the search levels")
    f = sub.add_parser("fit", help="fit the value to the games")
    f.add_argument("--games-file", type=Path, nargs="+", default=[GAMES],
                   help="the games files (default: .cache/ai/games.jsonl; the search levels' "
                        "games are .cache/ai/games_search.jsonl)")
    f.add_argument("--games", type=int, nargs="+", default=None,
                   help="fit the first N games of each games file (tools/train_value.py games), "
                   "one N per file (default: all); a tournament's or ratings run's whole")
    f.add_argument("--every", type=int, default=3, help="take every N-th decision (3)")
    f.add_argument("--c", type=float, nargs="+", default=[0.01, 0.1, 1.0, 10.0])
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--jobs", type=int, default=2)
    f.add_argument("--out", type=Path, default=OUT)
    f.add_argument("--td", type=float, default=None, metavar="LAMBDA",
                   help="refit to TD(lambda) targets (the value of later positions) after the "
                        "fit to outcomes")
    f.add_argument("--td-rounds", type=int, default=3)
    f.add_argument("--free", action="store_true",
                   help="every weight free (default: each kept to features.DIRECTION)")
    k = sub.add_parser("stake", help="fit the last heir's danger as a stake (a diagnostic)")
    k.add_argument("--games-file", type=Path, nargs="+", default=STAKE_GAMES,
                   help="games or tournament files (default: the 200-game tournaments of "
                        "docs/results that keep their moves)")
    k.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    return {"games": cmd_games, "fit": cmd_fit, "stake": cmd_stake}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
