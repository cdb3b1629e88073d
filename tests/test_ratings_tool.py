"""tools/ratings.py (issue 25): a round robin resumes only the games of its own code and seed,
so one ratings table never mixes games played by different AI code."""

from __future__ import annotations

import json
import platform
from pathlib import Path

import pytest
from helpers import load_tool

ratings = load_tool("ratings")


def _game(**kw):
    rec = {"scenario": "1483", "a": "easy", "b": "normal", "game": 0, "winner": "b",
           "decisions": 10, "seconds": 1.0, "seed": 1, "code": "abc"}
    rec.update(kw)
    return json.dumps(rec)


def test_resume_reads_the_games_of_the_same_code_and_seed(tmp_path):
    out = tmp_path / "r.jsonl"
    out.write_text(_game() + "\n" + _game(game=1) + "\n\n")
    assert ratings.played(out, 1, "abc") == {("1483", "easy", "normal", 0),
                                             ("1483", "easy", "normal", 1)}


@pytest.mark.parametrize("seed, code", [(2, "abc"), (1, "def")])
def test_resume_refuses_games_of_other_code_or_seed_and_leaves_the_file(tmp_path, seed, code):
    out = tmp_path / "r.jsonl"
    text = _game() + "\n" + _game(game=1, seed=seed, code=code) + "\n"
    out.write_text(text)
    with pytest.raises(SystemExit, match=r"r\.jsonl:2: game 1 has (seed|code)"):
        ratings.played(out, 1, "abc")
    assert out.read_text() == text


def test_resume_names_a_line_that_is_not_json(tmp_path):
    out = tmp_path / "r.jsonl"
    out.write_text(_game() + "\n{broken\n")
    with pytest.raises(SystemExit, match=r"r\.jsonl:2: not a JSON record"):
        ratings.played(out, 1, "abc")


def test_a_game_record_carries_its_seed_and_code(monkeypatch):
    """And the game's own seed and moves, so that it replays (tools/find_blunders.py)."""
    monkeypatch.setattr(ratings, "play_game", lambda *a: {
        "winner": "a", "decisions": 3, "seconds": 0.5, "a_side": "York", "seed": 700021,
        "moves": [0, 2, 1]})
    rec = ratings._job(("1460", "random", "easy", 4, 7))
    assert rec["seed"] == 7 and rec["code"] == ratings.code_fingerprint()
    assert rec["a_side"] == "York"
    assert rec["game_seed"] == 700021 and rec["moves"] == [0, 2, 1]
    assert rec["python"] == platform.python_implementation()


class _SerialPool:
    """multiprocessing.Pool's part that ratings.main uses, in this process."""

    def __init__(self, workers):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def imap_unordered(self, fn, jobs):
        return map(fn, jobs)


def test_no_fit_plays_the_games_and_fits_nothing(tmp_path, monkeypatch, capsys):
    """``--no-fit`` (a run under PyPy, which has no scipy): every game is written to
    ``--out`` and no table is fitted or printed."""
    monkeypatch.setattr(ratings, "play_game", lambda *a: {
        "winner": "b", "decisions": 3, "seconds": 0.5, "a_side": "York", "seed": 1,
        "moves": []})
    monkeypatch.setattr(ratings.multiprocessing, "Pool", _SerialPool)
    monkeypatch.setattr(ratings.seat_ratings, "fit", lambda *a: pytest.fail("fitted"))
    out = tmp_path / "r.jsonl"
    assert ratings.main(["--agents", "easy", "normal", "--games", "2", "--scenarios", "1483",
                         "--out", str(out), "--no-fit"]) == 0
    assert [json.loads(x)["game"] for x in out.read_text().splitlines()] == [0, 1]
    assert capsys.readouterr().out == ""


def test_the_table_is_fitted_free_of_the_seat_with_the_seat_advantages(capsys):
    """Issue 57: the round robin's records fitted with a seat term (tools/seat_ratings.py):
    the agents' ratings, each scenario's seat advantage; ``--plain`` the fit of issue 25."""
    pytest.importorskip("scipy")
    results = Path(__file__).resolve().parent.parent / "docs" / "results" / "ratings-s1.jsonl"
    assert ratings.main(["--results", str(results)]) == 0
    out = capsys.readouterr().out
    assert "Ratings free of the seat (180 games; Elo scale, random = 0" in out
    assert "| Lancaster's seat advantage |" in out.replace("| scenario ", "")
    for level in ratings.AGENTS:
        assert f"| {level} | " in out
    pytest.importorskip("choix")
    assert ratings.main(["--results", str(results), "--plain"]) == 0
    assert "| level | rating (Elo scale, random = 0) |" in capsys.readouterr().out


def test_the_schedule_plays_deal_by_deal_and_only_the_scenarios_asked():
    """Both seats of a deal, then the next scenario's; games already played are left out, and
    ``--scenarios`` keeps a run to the scenarios it names (the 1460 games are the longest)."""
    jobs = ratings.schedule(4, ["hard-v2", "hard"], 57, ("1460", "1483"),
                            {("1483", "hard-v2", "hard", 1)})
    assert [(j[0], j[3]) for j in jobs] == [("1460", 0), ("1460", 1), ("1483", 0),
                                            ("1460", 2), ("1460", 3), ("1483", 2), ("1483", 3)]
    assert {j[1:3] for j in jobs} == {("hard-v2", "hard")} and {j[4] for j in jobs} == {57}
    assert {j[0] for j in ratings.schedule(2, ["a", "b"], 1, ratings.SCENARIOS, set())} == set(
        ratings.SCENARIOS)


def test_values_make_hard_agents_judging_by_a_value_file(tmp_path):
    """``--values NAME=FILE``: NAME plays as hard at its tournament bound with FILE's weights
    (two fits meet on paired deals); a file that is no value file is refused by name."""
    from richard3.ai import registry
    from richard3.ai.features import NAMES
    from richard3.ai.registry import tournament_agent
    path = tmp_path / "v.json"
    path.write_text(json.dumps({"features": list(NAMES),
                                "weights": {n: i / 100 for i, n in enumerate(NAMES)}}))
    try:
        assert ratings.register_values([f"test-refit={path}"]) == ["test-refit"]
        agent = tournament_agent("test-refit", 1)
        assert agent.weights == tuple(i / 100 for i in range(len(NAMES)))
        assert agent.samples == registry.TOURNAMENT["hard"]["samples"]
    finally:
        registry.REGISTRY.pop("test-refit", None)
        registry.TOURNAMENT.pop("test-refit", None)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"features": ["bias"], "weights": {"bias": 0}}))
    with pytest.raises(SystemExit, match=r"bad\.json is not a value file"):
        ratings.register_values([f"other={bad}"])
    with pytest.raises(SystemExit, match="NAME=FILE"):
        ratings.register_values(["hard=" + str(path)])
