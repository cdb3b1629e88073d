"""Sun of York records (record.py): a record replays to the very game it came from; a save's
record is checked against the saved state; damaged records are refused naming the action."""

from __future__ import annotations

import json
import random
from importlib import resources

import pytest

from sunofyork import load_deck, new_game
from sunofyork.record import ReplayError, check, read, record_dict, record_json, replay
from sunofyork.savefile import differences, same


def _other_decks() -> tuple:
    """The stand-in decks with one York card renamed (so not "standard")."""
    data = resources.files("sunofyork.data")
    york = data.joinpath("york.toml").read_text(encoding="utf-8")
    york = york.replace('name = "Longbowmen"', 'name = "Welsh Longbowmen"', 1)
    return (load_deck(data.joinpath("lancaster.toml").read_text(encoding="utf-8"),
                      "lancaster.toml"), load_deck(york, "york.toml"))


def played(scenario: str, seed: int, options: int = 0, actions: int = 100_000, decks=None):
    g = new_game(scenario, seed=seed, options=options, decks=decks)
    r = random.Random(seed)
    n = 0
    while not g.is_over and n < actions:
        s = g.active_sides()[0]
        g.apply(s, r.choice(g.legal_actions(s)))
        n += 1
    return g


@pytest.mark.parametrize("scenario,seed,options,actions", [
    ("towton", 1, 0, 100_000), ("bosworth", 2, 1, 100_000), ("random", 3, 2, 100_000),
    ("hexham", 4, 0, 300), ("campaign", 5, 0, 2500), ("campaign", 6, 2, 400),
])
def test_replay_equals_the_game(scenario, seed, options, actions):
    g = played(scenario, seed, options, actions)
    h = replay(record_dict(g))
    assert same(g, h), differences(g, h)
    h = replay(record_json(g))
    assert same(g, h), differences(g, h)
    h = replay(g.to_json())
    assert same(g, h), differences(g, h)


def test_replay_with_other_decks():
    g = played("towton", 8, 0, 300, decks=_other_decks())
    d = json.loads(record_json(g))
    assert isinstance(d["decks"], list)
    h = replay(record_json(g))
    assert same(g, h), differences(g, h)
    assert json.loads(record_json(played("towton", 8, 0, 10)))["decks"] == "standard"


def test_check_of_a_save():
    g = played("wakefield", 3, 0, 150)
    ok, verdict = check(g.to_json())
    assert ok and verdict.startswith("OK"), verdict
    ok, verdict = check(record_json(g))
    assert ok and "replay without error" in verdict
    # a save whose state was changed (the generator, a consistent but different state)
    d = json.loads(g.to_json())
    d["rng"] = str((int(d["rng"]) + 1) % 2**64)
    ok, verdict = check(json.dumps(d))
    assert not ok and "MISMATCH" in verdict and "rng" in verdict
    d = json.loads(g.to_json())
    d["turn"] += 1
    ok, verdict = check(json.dumps(d))
    assert not ok and "turn" in verdict


def test_bad_records_name_the_action():
    g = played("towton", 1, 0, 60)
    d = json.loads(record_json(g))
    d["actions"][20] = [d["actions"][20][0], ["charge", 1, 2, 3]]
    with pytest.raises(ReplayError, match="record action 21"):
        replay(json.dumps(d))
    d = json.loads(record_json(g))
    d["actions"][5][0] = 1 - d["actions"][5][0]
    with pytest.raises(ReplayError, match="record action 6"):
        replay(json.dumps(d))
    d = json.loads(record_json(g))
    d["actions"][3] = "keep"
    with pytest.raises(ReplayError, match=r"record\[3\]"):
        replay(json.dumps(d))


@pytest.mark.parametrize("text,match", [
    ("{not json", "not JSON"),
    ("[]", "not a saved game"),
    ('{"format": "chess"}', "no known"),
    ('{"format": "richard3-game"}', "Richard III"),
    ('{"format": "sunofyork-record", "version": 2}', "version"),
    ('{"format": "sunofyork-record", "version": 1, "scenario": "x", "seed": "1", '
     '"options": 0, "decks": "standard", "actions": []}', "scenario"),
    ('{"format": "sunofyork-record", "version": 1, "scenario": "towton", "seed": 1, '
     '"options": 0, "decks": "standard", "actions": []}', "seed"),
    ('{"format": "sunofyork-save", "version": 1}', "damaged"),
])
def test_unreadable_files(text, match):
    with pytest.raises(ReplayError, match=match):
        read(text)


def test_save_without_record():
    g = played("towton", 1, 0, 20)
    g.record = None
    with pytest.raises(ReplayError, match="no record"):
        check(g.to_json())
