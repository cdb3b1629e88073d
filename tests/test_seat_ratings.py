"""tools/seat_ratings.py (issue 57): ratings free of the seat. Each agent's strength is fitted
together with each scenario's advantage of the seat (Bradley-Terry with a seat term); on
synthetic games with known strengths and seat advantages the fit recovers them and its 95%
intervals cover them; on the tournament records kept in docs/results it runs and prints the
seat advantages (York's seat the stronger on 1470 and 1483)."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from helpers import load_tool

pytest.importorskip("scipy")
pytest.importorskip("numpy")

ROOT = Path(__file__).resolve().parent.parent
sr = load_tool("seat_ratings")

#: The truth of the synthetic games, in logit units: strengths, Lancaster's seat advantage.
STRENGTH = {"a": 0.0, "b": 0.5, "c": 1.0, "d": 1.8}
SEAT = {"1460": 0.3, "1470": -1.2, "1483": -2.2}


def synthetic(rnd: random.Random, deals: int = 60) -> list[dict]:
    """A round robin as the tournaments deal it: per pairing and scenario, ``deals`` deals,
    each played twice with the seats swapped (games 2k and 2k + 1), the winner drawn from the
    model; as JSON records of ``python -m richard3 tournament``."""
    recs = []
    names = sorted(STRENGTH)
    for scenario, h in SEAT.items():
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                for game in range(2 * deals):
                    a_side = "Lancaster" if game % 2 == 0 else "York"
                    lanc, york = (a, b) if a_side == "Lancaster" else (b, a)
                    z = STRENGTH[lanc] - STRENGTH[york] + h
                    lanc_won = rnd.random() < 1 / (1 + math.exp(-z))
                    a_won = lanc_won == (a_side == "Lancaster")
                    recs.append({"scenario": scenario, "a": a, "b": b, "game": game,
                                 "a_side": a_side, "winner": "a" if a_won else "b",
                                 "tournament_seed": 1, "code": "x"})
    return recs


def rows_of(recs):
    return [r for r in map(sr.game_row, recs) if r is not None]


def truth(table, name, kind):
    return (STRENGTH[name] if kind == "agents" else SEAT[name]), table[kind][name]


def test_the_fit_recovers_known_strengths_and_seat_advantages():
    table = sr.fit(rows_of(synthetic(random.Random(7))), anchor="a")
    for kind, names in (("agents", STRENGTH), ("seats", SEAT)):
        for name in names:
            true, est = truth(table, name, kind)
            value = est["rating"] if kind == "agents" else est["lancaster"]
            assert abs(value - true) < 0.25, (kind, name, value, true)
            assert est["low"] <= true <= est["high"], (kind, name, est, true)
    assert table["agents"]["a"]["rating"] == 0.0


def test_the_95_percent_intervals_cover_the_truth_about_95_percent_of_the_time():
    rnd = random.Random(11)
    covered = total = 0
    for _ in range(30):
        table = sr.fit(rows_of(synthetic(rnd, deals=30)), anchor="a")
        for kind, names in (("agents", [n for n in STRENGTH if n != "a"]), ("seats", SEAT)):
            for name in names:
                true, est = truth(table, name, kind)
                covered += est["low"] <= true <= est["high"]
                total += 1
    assert 0.88 <= covered / total <= 0.995, covered / total


def test_the_bootstrap_over_deals_agrees_with_the_covariance_and_covers_the_truth():
    rows = rows_of(synthetic(random.Random(7)))
    wald = sr.fit(rows, anchor="a")
    boot = sr.fit(rows, anchor="a", bootstrap=60, seed=2)
    for kind, names in (("agents", [n for n in STRENGTH if n != "a"]), ("seats", SEAT)):
        for name in names:
            true, est = truth(boot, name, kind)
            assert est["low"] <= true <= est["high"], (kind, name, est, true)
            w = wald[kind][name]
            assert 0.7 < (est["high"] - est["low"]) / (w["high"] - w["low"]) < 1.4


def test_without_the_seat_term_a_york_heavy_schedule_misleads_and_with_it_does_not():
    """An agent that played York more often on 1483 looks stronger by raw score; the fit
    gives the seat what is the seat's."""
    rnd = random.Random(5)
    recs = []
    for game in range(400):
        # "lucky" (as strong as "plain") is York in 3 of 4 games of 1483
        lanc, york = ("plain", "lucky") if game % 4 else ("lucky", "plain")
        won = rnd.random() < 1 / (1 + math.exp(2.2))
        recs.append({"scenario": "1483", "a": lanc, "b": york, "game": game,
                     "a_side": "Lancaster", "winner": "a" if won else "b", "seed": 9})
    table = sr.fit(rows_of(recs), anchor="plain")
    lucky = table["agents"]["lucky"]
    assert lucky["wins"] > 0.65 * lucky["games"]            # the raw score flatters it
    assert lucky["low"] < 0 < lucky["high"]                 # the fit does not
    assert table["seats"]["1483"]["high"] < 0


def test_a_record_without_a_side_is_seated_as_the_tournament_deals_it():
    row = sr.game_row({"scenario": "1470", "a": "x", "b": "y", "game": 3, "winner": "a",
                       "seed": 1})
    assert (row["lancaster"], row["york"], row["lancaster_won"]) == ("y", "x", False)
    assert sr.game_row({"scenario": "1470", "a": "x", "b": "y", "game": 3,
                        "winner": None}) is None


def test_paired_deals_count_sweeps_and_splits_with_a_sign_test():
    recs = []
    # 1483, 10 deals: "b" sweeps 6, "a" sweeps 1, 3 split (York won both).
    for deal in range(10):
        for k in range(2):
            game = 2 * deal + k
            a_side = "Lancaster" if k == 0 else "York"
            if deal < 6:
                winner = "b"
            elif deal == 6:
                winner = "a"
            else:
                winner = "a" if a_side == "York" else "b"
            recs.append({"scenario": "1483", "a": "a", "b": "b", "game": game,
                         "a_side": a_side, "winner": winner, "tournament_seed": 4})
    (p,) = sr.paired(rows_of(recs))
    assert (p["deals"], p["a_swept"], p["b_swept"], p["split"]) == (10, 1, 6, 3)
    assert p["sign_p"] == pytest.approx(2 * (1 + 7) / 2 ** 7)
    assert sr.sign_test(0, 0) == 1.0 and sr.sign_test(5, 5) == 1.0


def test_the_records_in_docs_results_fit_and_print_the_seat_advantages(capsys):
    files = sorted((ROOT / "docs" / "results").glob("*.jsonl"))
    assert files
    assert sr.main([str(f) for f in files] + ["--anchor", "hard-v1", "--by-code"]) == 0
    out = capsys.readouterr().out
    print(out)
    assert "| agent | rating | 95% interval |" in out
    for scenario in ("1460", "1470", "1483"):
        assert f"| {scenario} | " in out
    rows, _ = sr.load(files, by_code=True)
    table = sr.fit(rows, anchor="hard-v1")
    # Between equals York wins most games of 1470 and 1483: the seat's, not an agent's.
    assert table["seats"]["1483"]["high"] < 0 and table["seats"]["1470"]["high"] < 0
    assert table["seats"]["1483"]["lancaster"] < table["seats"]["1470"]["lancaster"]
