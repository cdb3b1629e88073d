#!/usr/bin/env python3
"""Ratings free of the seat (issue 57): each agent's strength fitted together with each
scenario's advantage of the seat, over games of every scenario, from both sides.

The model (Bradley-Terry with a seat term, a logistic regression): in a game of scenario ``s``
between agent ``i`` as Lancaster and agent ``j`` as York,

    P(Lancaster wins) = 1 / (1 + exp(-(r_i - r_j + h_s)))

where ``r`` is an agent's strength and ``h_s`` Lancaster's advantage in scenario ``s``
(negative where York's seat is the stronger: on 1483 York wins nearly every game between
equals). One agent (``anchor``) is fixed at 0. Fitted by maximum likelihood (scipy's L-BFGS-B
on the exact gradient, with a weak Gaussian prior, standard deviation ``PRIOR_SD`` on the
logit scale, so that a seat that always wins still has a finite advantage); 95% intervals from
the fit's covariance (the inverse of the Hessian at the optimum) or, with ``bootstrap``, from
a bootstrap that resamples deals (both games of a game seed together: the pair is one unit).
Ratings and advantages are printed on the Elo scale (400 / ln 10 points a unit of logit).
A game without a winner (a draw, or cut off) is left out.

So "York wins 1483" is the seat's, not the agent's: an agent's rating rests on how it does
against the others from the seat it had, against what that seat usually gives.

Paired seeds: game ``2k`` and ``2k + 1`` of a tournament play the same deal (game seed), with
the agents' seats swapped and each seat's agent seeded alike (``ai/tournament.py``). Per deal,
an agent that wins both games is stronger whatever the seat gives; a split says only that the
seat decided. ``paired`` counts the deals each agent swept and the splits, with a two-sided
sign test over the sweeps: on scenarios where the seat decides most games, that is where a
difference between two agents shows.

    .venv/bin/python tools/seat_ratings.py docs/results/*.jsonl               # the table
    .venv/bin/python tools/seat_ratings.py FILES --anchor hard-v2 --bootstrap 500
    .venv/bin/python tools/seat_ratings.py FILES --by-code     # agents split by the code that played

Records are the JSON lines of ``python -m richard3 tournament --results`` or of
``tools/ratings.py``: ``scenario``, ``a``, ``b``, ``winner`` ("a", "b" or null), ``game`` (its
index) and ``a_side`` ("Lancaster" or "York"; where missing, as the tournament deals it:
Lancaster in even games) and ``seed`` (the game seed; the round robin's records carry the
run's seed, and the deal is then the run's seed and ``game // 2``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from roses.stats import sign_test  # noqa: E402  (the engine's, standard library only)

ELO = 400 / math.log(10)           # logit -> Elo points
PRIOR_SD = 10.0                    # the prior on every parameter, in logit units: very weak
#: Agents that play alike whatever the code (frozen, pinned by tests): ``--by-code`` keeps
#: their names whole, so that they link the games of different code.
FROZEN = ("random", "hard-v1", "hard-v2")


# ------------------------------------------------------------------------------ the games
def game_row(rec: dict, by_code: bool = False) -> dict | None:
    """One record as ``{"scenario", "lancaster", "york", "lancaster_won", "deal"}`` (agents
    but the ``FROZEN`` named ``name@code`` with ``by_code``); None for a game without a
    winner."""
    if rec.get("winner") not in ("a", "b"):
        return None
    a, b = rec["a"], rec["b"]
    if by_code:
        code = str(rec.get("code", "?"))[:8]
        a, b = (x if x in FROZEN else f"{x}@{code}" for x in (a, b))
    a_side = rec.get("a_side")
    if a_side is None:
        a_side = "Lancaster" if rec["game"] % 2 == 0 else "York"
    lancaster, york = (a, b) if a_side == "Lancaster" else (b, a)
    a_won = rec["winner"] == "a"
    lancaster_won = a_won == (a_side == "Lancaster")
    seed = rec.get("tournament_seed", rec.get("seed"))
    deal = (rec["scenario"], rec["a"], rec["b"], seed, rec["game"] // 2, rec.get("code"))
    return {"scenario": str(rec["scenario"]), "lancaster": lancaster, "york": york,
            "lancaster_won": lancaster_won, "deal": deal}


def load(paths, by_code: bool = False) -> tuple[list[dict], int]:
    """The games of the JSON-lines files ``paths`` (``game_row``), and how many records had
    no winner (left out)."""
    rows, dropped = [], 0
    for path in paths:
        for n, line in enumerate(Path(path).read_text().splitlines(), 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{n}: not a JSON record ({exc.msg})") from None
            if rec.get("summary"):
                continue
            row = game_row(rec, by_code)
            if row is None:
                dropped += 1
            else:
                rows.append(row)
    return rows, dropped


# ------------------------------------------------------------------------------- the fit
def _design(rows, agents, scenarios, anchor):
    """The design matrix (one row a game: +1 Lancaster's agent, -1 York's, +1 the scenario's
    seat column; the anchor has no column) and the outcomes."""
    import numpy as np
    free = [a for a in agents if a != anchor]
    col = {a: k for k, a in enumerate(free)}
    scol = {s: len(free) + k for k, s in enumerate(scenarios)}
    x = np.zeros((len(rows), len(free) + len(scenarios)))
    y = np.zeros(len(rows))
    for n, r in enumerate(rows):
        if r["lancaster"] in col:
            x[n, col[r["lancaster"]]] += 1.0
        if r["york"] in col:
            x[n, col[r["york"]]] -= 1.0
        x[n, scol[r["scenario"]]] = 1.0
        y[n] = 1.0 if r["lancaster_won"] else 0.0
    return x, y, free


def _mle(x, y, prior_sd: float = PRIOR_SD):
    """The maximum of the log-likelihood plus the Gaussian prior; (parameters, Hessian of the
    negative log-posterior there)."""
    import numpy as np
    from scipy.optimize import minimize
    from scipy.special import expit, log_expit

    lam = 1.0 / prior_sd ** 2

    def f(w):
        z = x @ w
        nll = -(y * log_expit(z) + (1 - y) * log_expit(-z)).sum() + 0.5 * lam * w @ w
        grad = x.T @ (expit(z) - y) + lam * w
        return nll, grad

    res = minimize(f, np.zeros(x.shape[1]), jac=True, method="L-BFGS-B",
                   options={"maxiter": 1000, "gtol": 1e-10})
    p = expit(x @ res.x)
    hess = (x * (p * (1 - p))[:, None]).T @ x + lam * np.eye(x.shape[1])
    return res.x, hess


def fit(rows: list[dict], anchor: str | None = None, bootstrap: int = 0, seed: int = 1,
        prior_sd: float = PRIOR_SD) -> dict:
    """Fit the model to ``rows`` (``load``). Returns ``{"anchor", "agents": {name: {"rating",
    "low", "high", "se", "games", "wins"}}, "seats": {scenario: {"lancaster", "low", "high",
    "se", "games", "lancaster_wins"}}}``, ratings and seat advantages in logit units (``elo``
    converts); intervals 95%, from the covariance or, with ``bootstrap`` > 0, from that many
    resamples of the deals (percentiles)."""
    import numpy as np
    agents = sorted({r["lancaster"] for r in rows} | {r["york"] for r in rows})
    if not agents:
        raise ValueError("no games with a winner to fit")
    anchor = anchor if anchor is not None else agents[0]
    if anchor not in agents:
        raise ValueError(f"anchor {anchor!r} played no game: choose from {', '.join(agents)}")
    scenarios = sorted({r["scenario"] for r in rows})
    x, y, free = _design(rows, agents, scenarios, anchor)
    w, hess = _mle(x, y, prior_sd)
    se = np.sqrt(np.diag(np.linalg.inv(hess)))
    low, high = w - 1.959964 * se, w + 1.959964 * se
    if bootstrap:
        deals = defaultdict(list)
        for n, r in enumerate(rows):
            deals[r["deal"]].append(n)
        groups = list(deals.values())
        rng = np.random.default_rng(seed)
        draws = []
        for _ in range(bootstrap):
            pick = rng.integers(0, len(groups), len(groups))
            idx = [n for k in pick for n in groups[k]]
            draws.append(_mle(x[idx], y[idx], prior_sd)[0])
        draws = np.array(draws)
        low, high = np.percentile(draws, 2.5, axis=0), np.percentile(draws, 97.5, axis=0)
        se = draws.std(axis=0)
    table = {"anchor": anchor, "agents": {}, "seats": {}, "games": len(rows)}
    for a in agents:
        mine = [r for r in rows if a in (r["lancaster"], r["york"])]
        wins = sum(r["lancaster_won"] == (r["lancaster"] == a) for r in mine
                   if r["lancaster"] != r["york"])
        if a == anchor:
            entry = {"rating": 0.0, "low": 0.0, "high": 0.0, "se": 0.0}
        else:
            k = free.index(a)
            entry = {"rating": float(w[k]), "low": float(low[k]), "high": float(high[k]),
                     "se": float(se[k])}
        table["agents"][a] = {**entry, "games": len(mine), "wins": wins}
    for j, s in enumerate(scenarios):
        k = len(free) + j
        mine = [r for r in rows if r["scenario"] == s]
        table["seats"][s] = {"lancaster": float(w[k]), "low": float(low[k]),
                             "high": float(high[k]), "se": float(se[k]), "games": len(mine),
                             "lancaster_wins": sum(r["lancaster_won"] for r in mine)}
    return table


def elo(v: float) -> int:
    return round(v * ELO)


# --------------------------------------------------------------------------- paired deals
def paired(rows: list[dict]) -> list[dict]:
    """Per pairing of two agents and scenario: the deals both seats of which were played
    (``deal``), how many each agent swept (won from both seats), the splits, and a two-sided
    sign test over the sweeps (exact binomial, 1.0 with no sweep)."""
    games = defaultdict(list)
    for r in rows:
        games[r["deal"]].append(r)
    tally = defaultdict(lambda: {"deals": 0, "swept": defaultdict(int), "split": 0})
    for pair in games.values():
        if len(pair) != 2 or pair[0]["lancaster"] != pair[1]["york"] \
                or pair[0]["york"] != pair[1]["lancaster"] or pair[0]["lancaster"] == pair[0]["york"]:
            continue
        winners = {r["lancaster"] if r["lancaster_won"] else r["york"] for r in pair}
        names = tuple(sorted((pair[0]["lancaster"], pair[0]["york"])))
        t = tally[(pair[0]["scenario"], names)]
        t["deals"] += 1
        if len(winners) == 1:
            t["swept"][winners.pop()] += 1
        else:
            t["split"] += 1
    out = []
    for (scenario, (a, b)), t in sorted(tally.items()):
        sa, sb = t["swept"][a], t["swept"][b]
        out.append({"scenario": scenario, "a": a, "b": b, "deals": t["deals"], "a_swept": sa,
                    "b_swept": sb, "split": t["split"], "sign_p": sign_test(sa, sb)})
    return out


# ------------------------------------------------------------------------------ the table
def markdown(table: dict, pairs: list[dict] | None = None, min_deals: int = 10) -> str:
    """The fit (``fit``) as Markdown tables: the agents by rating, the seats, and the paired
    deals of the pairings with at least ``min_deals`` deals played from both seats."""
    lines = [f"Ratings free of the seat ({table['games']} games; Elo scale, "
             f"{table['anchor']} = 0; 95% intervals)", "",
             "| agent | rating | 95% interval | games | wins |", "| --- | ---: | --- | ---: | ---: |"]
    order = sorted(table["agents"].items(), key=lambda kv: -kv[1]["rating"])
    for a, t in order:
        lines.append(f"| {a} | {elo(t['rating'])} | {elo(t['low'])} to {elo(t['high'])} | "
                     f"{t['games']} | {t['wins']} |")
    lines += ["", "| scenario | Lancaster's seat advantage | 95% interval | Lancaster wins "
              "between equals | games | Lancaster won |",
              "| --- | ---: | --- | ---: | ---: | ---: |"]
    for s, t in table["seats"].items():
        even = 1 / (1 + math.exp(-t["lancaster"]))
        lines.append(f"| {s} | {elo(t['lancaster'])} | {elo(t['low'])} to {elo(t['high'])} | "
                     f"{even:.0%} | {t['games']} | {t['lancaster_wins']} |")
    pairs = [p for p in pairs or () if p["deals"] >= min_deals]
    if pairs:
        lines += ["", "| scenario | A | B | deals (both seats) | A swept | B swept | split | "
                  "sign test p |", "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |"]
        for p in pairs:
            lines.append(f"| {p['scenario']} | {p['a']} | {p['b']} | {p['deals']} | "
                         f"{p['a_swept']} | {p['b_swept']} | {p['split']} | {p['sign_p']:.3g} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results", nargs="+", type=Path, help="JSON-lines game records")
    ap.add_argument("--anchor", help="the agent at 0 (default: the first by name)")
    ap.add_argument("--agents", nargs="+", help="only games between these agents")
    ap.add_argument("--bootstrap", type=int, default=0,
                    help="resamples of the deals for the intervals (default: the covariance)")
    ap.add_argument("--seed", type=int, default=1, help="the bootstrap's seed")
    ap.add_argument("--by-code", action="store_true",
                    help="agents named name@code: games of different AI code kept apart")
    ap.add_argument("--min-deals", type=int, default=10,
                    help="paired deals printed for pairings with at least this many")
    ap.add_argument("--json", action="store_true", help="the fit as JSON instead")
    args = ap.parse_args(argv)
    rows, dropped = load(args.results, args.by_code)
    if args.agents:
        keep = set(args.agents)
        rows = [r for r in rows if r["lancaster"] in keep and r["york"] in keep]
    try:
        table = fit(rows, args.anchor, args.bootstrap, args.seed)
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    pairs = paired(rows)
    if args.json:
        print(json.dumps({**table, "paired": pairs, "no_winner": dropped}))
    else:
        print(markdown(table, pairs, args.min_deals))
        if dropped:
            print(f"\n({dropped} games without a winner left out)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
