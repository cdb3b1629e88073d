"""Saves and inputs that cannot be trusted, and the game record (issue 19, items 9-11 and 13):
``Game.from_json`` refuses a damaged or forged save with a ValueError naming the field;
``apply`` / ``parse_action`` refuse forged actions and sides clearly; the generator state is
exact in any JSON reader; a save holds the record that ``python -m richard3 replay`` replays."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from helpers import random_game

from richard3 import Action, Game, IllegalAction, new_game, parse_action, record
from richard3.__main__ import main
from richard3.components import LANCASTER, YORK
from richard3.ids import CARDS, NA


def at_card_phase() -> Game:
    """A 1470 game at the secret card play of game turn 2."""
    g = new_game("1470", seed=5)
    r = random.Random(1)
    while not (g.phase == CARDS and g.turn == 2):
        s = g.active_sides()[0]
        g.apply(s, r.choice(g.legal_actions(s)))
    return g


def on_map(d: dict) -> int:
    return next(b for b, where in enumerate(d["loc"]) if where < NA)


# ------------------------------------------------------------------ 9: from_json checks all
BAD = {
    "strength 10**9": lambda d: d["strength"].__setitem__(on_map(d), 10**9),
    "negative strength": lambda d: d["strength"].__setitem__(on_map(d), -2),
    "one card in both hands": lambda d: d["hands"][1].append(d["hands"][0][0]),
    "a 100-card deck": lambda d: d.__setitem__("deck", list(range(25)) * 4),
    "loc 99": lambda d: d["loc"].__setitem__(3, 99),
    "turn 0": lambda d: d.__setitem__("turn", 0),
    "a string for a list": lambda d: d.__setitem__("entry", "x"),
    "a float for an int": lambda d: d.__setitem__("phase", 2.0),
    "a bool for an int": lambda d: d.__setitem__("king", True),
    "a list too short": lambda d: d["moved"].pop(),
    "a pending task of no phase": lambda d: d.__setitem__("pending", [[77, 0]]),
    "a battle record outside a battle": lambda d: d.__setitem__("battle", [0] * 200),
    "a winner in a game that goes on": lambda d: d.__setitem__("winner", 1),
    "the generator state negative": lambda d: d.__setitem__("rng", "-5"),
    "the generator state no number": lambda d: d.__setitem__("rng", "--5"),
    "a huge number": lambda d: d.__setitem__("ap", 2**70),
    "a crowned noble": lambda d: d["crowned"].__setitem__(0, 36),
}


@pytest.mark.parametrize("name", list(BAD))
def test_from_json_refuses_a_bad_field_with_a_value_error_naming_it(name):
    g = at_card_phase()
    d = json.loads(g.to_json())
    BAD[name](d)
    with pytest.raises(ValueError, match=r"saved game: field '\w+"):
        Game.from_json(json.dumps(d))


def test_from_json_never_keeps_the_callers_lists():
    g = random_game(steps=120)
    d = json.loads(g.to_json())
    h = Game.from_json(d)
    d["loc"][0] = 99
    d["hands"][0].clear()
    d["pending"].append([1, 2, 3])
    assert h.to_json() == g.to_json()


def test_from_json_still_loads_an_old_save_without_record_with_integer_generator_state():
    g = random_game(steps=80)
    d = json.loads(g.to_json())
    d["rng"], d["seed"] = int(d["rng"]), int(d["seed"])
    del d["record"], d["whereabouts"]
    h = Game.from_json(json.dumps(d))
    assert h.rng == g.rng and h.record is None
    with pytest.raises(ValueError, match="no record"):
        h.record_json()


# --------------------------------------------------------------- 10: forged actions, sides
def test_forged_actions_raise_illegal_action_and_change_nothing():
    g = at_card_phase()
    s = g.active_sides()[0]
    before = g.to_json()
    for forged in (Action("play", 99), Action("fly"), Action("move", 1000, -5), ("end",), 7,
                   None, ["play", 3]):
        with pytest.raises(IllegalAction):
            g.apply(s, forged)
    assert g.to_json() == before
    assert "'fly'" in repr(Action("fly")) and "99" in repr(Action("play", 99))


def test_a_legal_action_given_with_float_arguments_is_applied_as_the_engines_own():
    g = at_card_phase()
    s = g.active_sides()[0]
    card = next(a for a in g.legal_actions(s) if a.kind == "play")[1]
    g.apply(s, ("play", float(card)))
    assert g.played[s] == card and type(g.played[s]) is int


def test_sides_other_than_0_1_lancaster_york_are_a_clear_value_error():
    g = at_card_phase()
    for side in (1.0, True, "lancaster", None, 2):
        with pytest.raises(ValueError, match="unknown side"):
            g.legal_actions(side)
        with pytest.raises(ValueError, match="unknown side"):
            parse_action(g, side, "keep")
    with pytest.raises(ValueError, match="notation is a string"):
        parse_action(g, 0, None)


def test_an_error_message_quotes_at_most_about_200_characters_of_its_input():
    g = at_card_phase()
    s = g.active_sides()[0]
    huge = "x" * 1_000_000
    for call in (lambda: g.apply(s, huge), lambda: g.apply(huge, "end"),
                 lambda: parse_action(g, s, huge), lambda: g.apply(s, Action("fly", *[1] * 10**5))):
        with pytest.raises(ValueError) as info:
            call()
        assert len(str(info.value)) < 800


def test_legal_actions_gives_a_list_the_caller_cannot_corrupt_the_game_through():
    g = at_card_phase()
    s = g.active_sides()[0]
    legal = g.legal_actions(s)
    want = legal[:]
    legal.clear()
    assert g.legal_actions(s) == want
    g.apply(s, want[0])


# ------------------------------------------------------------------ 11: exact in any reader
def test_the_generator_state_and_seed_survive_a_reader_with_53_bit_numbers():
    g = new_game("1460", seed=3154067306054068189)
    assert g.rng > 2**53
    text = g.to_json()
    js = json.loads(text, parse_int=lambda x: int(float(x)))     # JavaScript's JSON.parse
    h = Game.from_json(js)
    assert (h.rng, h.seed) == (g.rng, g.seed)
    assert h.to_json() == text


# -------------------------------------------------------------------------- 13: the record
def test_the_record_survives_copy_json_and_undo_and_replays_the_game_exactly():
    from richard3.record import replay
    g = random_game(steps=100)
    record = g.record
    assert record["scenario"] == "1470" and record["seed"] == "5"
    assert len(record["actions"]) == 100 and all(s in (0, 1) for s, _ in record["actions"])
    before = g.copy()                               # the page's Undo keeps such a copy
    s = g.active_sides()[0]
    g.apply(s, g.legal_actions(s)[0])
    assert len(g.record["actions"]) == 101 and before.record == record
    h = Game.from_json(g.to_json())
    assert h.record == g.record
    assert replay(h.record).to_json() == g.to_json()
    assert replay(g.record_json()).to_json() == g.to_json()


def test_a_determinized_copy_for_the_ai_holds_no_record():
    from richard3.ai.determinize import determinize
    g = random_game(steps=100)
    d = determinize(g, g.active_sides()[0], random.Random(1))
    assert d.record is None


def test_a_record_with_an_illegal_action_names_it():
    from richard3.record import ReplayError, replay
    g = random_game(steps=60)
    rec = g.record
    rec["actions"][10][1] = "fly to the moon"
    with pytest.raises(ReplayError, match="record action 11"):
        replay(rec)


def _save_files(tmp_path, g: Game) -> dict:
    page = {"format": "richard3-save", "version": 1, "controllers": {}, "scenario": g.scenario,
            "game": json.loads(g.to_json())}
    tampered = json.loads(g.to_json())
    tampered["stats"][2] += 1
    old = json.loads(g.to_json())
    old["record"] = None
    files = {"raw": g.to_json(), "page": json.dumps(page), "record": g.record_json(),
             "tampered": json.dumps(tampered), "old": json.dumps(old), "junk": "{not json"}
    out = {}
    for name, text in files.items():
        out[name] = tmp_path / f"{name}.json"
        out[name].write_text(text)
    return out


def test_replay_command_verdicts_and_exit_statuses(tmp_path, capsys):
    g = random_game(scenario="1483", seed=2, steps=100_000)
    assert g.is_over
    files = _save_files(tmp_path, g)
    expected = {"raw": (0, "OK"), "page": (0, "OK"), "record": (0, "replay without error"),
                "tampered": (1, "MISMATCH: .* stats"), "old": (2, "no record"),
                "junk": (2, "not JSON")}
    for name, (status, words) in expected.items():
        assert main(["replay", str(files[name])]) == status, name
        out = capsys.readouterr().out
        assert re.search(words, out), (name, out)
    assert main(["replay", str(tmp_path / "missing.json")]) == 2


def test_sides_in_the_record_are_the_deciding_sides():
    g = random_game(steps=30)
    h = new_game("1470", seed=5)
    for s, text in g.record["actions"]:
        assert s in h.active_sides()
        h.apply(s, text)
    assert h.to_json() == g.to_json()
    assert {s for s, _ in g.record["actions"]} == {LANCASTER, YORK}


# ------------------------------------------------- saves of version 0.1.0 (issue 24, item 2)
DATA = Path(__file__).parent / "data"
OLD_SAVES = ["v0.1.0-1460-tied-hits.json", "v0.1.0-1470-political.json",
             "1483-york-vs-hard.json"]


@pytest.mark.parametrize("name", OLD_SAVES)
def test_a_save_of_version_0_1_0_loads_with_its_log_rebuilt_as_events(name):
    text = (DATA / name).read_text()
    saved = json.loads(text)
    assert saved["version"] == 1 and isinstance(saved["log"][0][1], str)   # English lines
    g = Game.from_json(text)
    assert {kind for _, kind, _ in g.events()} - {"text"} and \
        "text" not in {kind for _, kind, _ in g.events()}
    assert g.log == [line for _, line in saved["log"]]     # the same sentences, from events
    assert json.loads(g.to_json())["version"] == 2
    if not g.is_over:
        s = g.active_sides()[0]
        g.apply(s, g.legal_actions(s)[0])


def test_a_save_of_version_0_1_0_without_its_record_keeps_its_lines():
    saved = json.loads((DATA / "v0.1.0-1470-political.json").read_text())
    saved["record"] = None
    g = Game.from_json(json.dumps(saved))
    assert {kind for _, kind, _ in g.events()} == {"text"}
    assert g.log == [line for _, line in saved["log"]]
    h = Game.from_json(g.to_json())                        # and saves again as version 2
    assert h.log == g.log


def test_a_record_of_version_0_1_0_replays_to_its_game():
    game = record.replay((DATA / "v0.1.0-1470-political.record.json").read_text())
    saved = Game.from_json((DATA / "v0.1.0-1470-political.json").read_text())
    assert game.to_json() == saved.to_json()


def test_a_log_event_that_is_not_one_the_engine_logs_is_refused():
    d = json.loads(new_game("1460", seed=4).to_json())
    for bad in ([-1, "move", 0, 99, [1, 2]], [-1, "fly"], [-1, "move", 0, 3], [2, "redealt"],
                [-1, "activate", 0, "Kent"], [-1, "play", 1, 25]):
        broken = dict(d, log=d["log"] + [bad])
        with pytest.raises(ValueError, match=r"field 'log\[\d+\]'"):
            Game.from_json(json.dumps(broken))
