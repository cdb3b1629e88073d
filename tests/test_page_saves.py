"""The page's save checks and record export (web/game_host.py): a save's scenario must be one
of the game's and agree with its game; every refusal is a plain sentence, never Python's own
exception text; the record of a game can be exported and replays to the same game.
"""

from __future__ import annotations

import copy
import json
import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

from richard3 import record  # noqa: E402

from game_host import GameHost, SaveError  # noqa: E402
from web_views import decisions  # noqa: E402

PYTHONISH = re.compile(r"NoneType|object is not|Traceback|Error\b|\{'|\['|\(\)|'[a-z_]+'")


def played(scenario="1460", seed=5, steps=60):
    """The host after `steps` random decisions of a seeded game (both sides human)."""
    host = None
    for host, _, _ in decisions(scenario, seed, random.Random(seed), steps):
        pass
    return host


def refusal(host, data) -> str:
    before = host.game.to_json()
    with pytest.raises(SaveError) as caught:
        host.load(data if isinstance(data, str) else json.dumps(data))
    assert host.game.to_json() == before  # nothing changed
    return str(caught.value)


def test_a_save_of_an_unknown_scenario_is_refused_in_plain_words():
    host = played()
    data = json.loads(host.save())
    bad = dict(data, scenario="1999")
    assert refusal(host, bad) == ("This save is damaged: it names scenario “1999”, which this "
                                  "game does not have (only 1460, 1470, 1483).")
    assert "does not say which scenario" in refusal(host, dict(data, scenario=None))
    other = dict(data, scenario="1483")
    assert refusal(host, other) == ("This save is damaged: it says scenario 1483, but its game "
                                    "is scenario 1460.")
    inner = copy.deepcopy(data)
    inner["game"]["scenario"] = "1999"
    # The game's own field is damaged, but its record replays: the game is rebuilt (issue 28).
    assert json.loads(GameHost().load(json.dumps(inner)))["recovered"]
    inner["game"]["record"]["scenario"] = "1999"
    assert refusal(host, inner).startswith("This save is damaged")


def test_every_refusal_is_a_plain_sentence():
    host = played()
    data = json.loads(host.save())
    cases = [dict(data, game=None), dict(data, game="x"), dict(data, game=[1]),
             dict(data, controllers={"York": None}), dict(data, controllers={"York": [1]}),
             dict(data, controllers=None), dict(data, version=True), dict(data, version=0),
             dict(data, version="1"), {k: v for k, v in data.items() if k != "game"}]
    for field, value in [("log", None), ("strength", None), ("hands", None), ("version", None),
                         ("format", None), ("record", {"actions": None}), ("strength", [None]),
                         ("deck", "x"), ("battle", {"a": 1}), ("loc", [[None]])]:
        broken = copy.deepcopy(data)
        broken["game"][field] = value
        if field != "record":
            # With its record the game would be rebuilt (issue 28): no record, no game.
            broken["game"]["record"] = None
        cases.append(broken)
    said = [refusal(host, case) for case in cases]
    for case, text in zip(cases, said):
        assert text.startswith("This save"), text
        assert text.endswith("."), text
        assert not PYTHONISH.search(text), text
    assert said[0] == "This save is damaged: it holds no game."
    assert said[3] == "This save is damaged: it does not say who plays York."
    assert "the game's “log” is not valid" in said[10]


def test_the_record_of_a_game_is_exported_and_replays_to_it():
    host = played("1483", 7, 80)
    text = host.record()
    data = json.loads(text)
    assert data["format"] == "richard3-record" and data["scenario"] == "1483"
    assert record.replay(text).to_json() == host.game.to_json()
    ok, verdict = record.check(host.save())
    assert ok, verdict
    empty = GameHost()
    with pytest.raises(SaveError, match="no game to export"):
        empty.record()
    old = json.loads(host.save())
    old["game"]["record"] = None  # a save made before records were kept
    empty.load(json.dumps(old))
    with pytest.raises(SaveError, match="made before records were kept"):
        empty.record()


def test_the_worker_exports_record():
    import ast
    source = (Path(__file__).resolve().parent.parent / "web" / "worker.py").read_text()
    exported = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Assign)
                and getattr(n.targets[0], "id", "") == "__export__"][0]
    assert "record" in [e.value for e in exported.value.elts]
    assert "def record():" in source and "_host().record()" in source  # either game's host
