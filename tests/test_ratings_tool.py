"""tools/ratings.py (issue 25): a round robin resumes only the games of its own code and seed,
so one ratings table never mixes games played by different AI code."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

_SPEC = importlib.util.spec_from_file_location(
    "ratings", Path(__file__).resolve().parent.parent / "tools" / "ratings.py")
ratings = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(ratings)


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
    monkeypatch.setattr(ratings, "play_game", lambda *a: {"winner": "a", "decisions": 3,
                                                          "seconds": 0.5})
    rec = ratings._job(("1460", "random", "easy", 4, 7))
    assert rec["seed"] == 7 and rec["code"] == ratings.code_fingerprint()
