"""The tools that find and judge the position suite's candidates (issue 57):
``tools/find_blunders.py``'s ``p2-reinforcement`` (6.3 Reserves) and ``heir-risk`` classes,
and ``tools/play_lines.py``'s honest judge (``--sampled``: lines played on samples of what the
side to decide knew, not on the true position) and its play through later game turns
(``--turns``). The positions come from the long run's records (docs/results/r57)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from helpers import load_tool

from richard3 import new_game
from richard3.ai import get_agent
from richard3.ids import ACTION, BATTLE, NA, C

ROOT = Path(__file__).resolve().parent.parent
LONG_RUN = ROOT / "docs" / "results" / "r57" / "hard-vs-hard-v2-s57.jsonl"


find_blunders = load_tool("find_blunders")
play_lines = load_tool("play_lines")


def long_run_game(scenario: str, game: int) -> dict:
    for line in LONG_RUN.read_text().splitlines():
        rec = json.loads(line)
        if rec["scenario"] == scenario and rec["game"] == game:
            return rec
    raise LookupError(f"{LONG_RUN.name}: no game {game} of {scenario}")


def before(rec: dict, index: int):
    g = new_game(rec["scenario"], seed=rec["game_seed"])
    for m in rec["moves"][:index]:
        s = g.active_sides()[0]
        g.apply(s, g.legal_actions(s)[m])
    return g


# Game 5 of 1460 in the long run: hard is Lancaster, Player 2 on campaign 1, turn 3. York has
# attacked London, where Henry VI stands alone at 1 step, with 4 steps; Oxford (Essex),
# Buckingham (Warwick) and Wiltshire (Wilts) could each come in as Reserves after an
# activation. Lancaster activated South Yorks and sent nobody; Henry VI died and York took
# London.
HENRY_ALONE = ("1460", 5, 55)


def test_6_3_find_blunders_names_the_reserves_left_next_door(capsys):
    scenario, game, index = HENRY_ALONE
    rec = long_run_game(scenario, game)
    found = {k: (bad, note) for k, cls, bad, note in find_blunders.scan(rec, 0)
             if cls == "p2-reinforcement"}
    # played before a Neville could go home to a dead kinsman's shield shared with a living
    # one (8.3): the record replays up to that political turn, and the scan stops there
    assert "the record stops replaying at decision 209" in capsys.readouterr().err
    bad, note = found[index]
    assert note == ("Middlesex: 1 steps against 4, and 4 more could come in as Reserves; "
                    "the enemy took it; the strongest Reserves: "
                    "activate Warwick;move Buckingham/L: Warwick > Oxford > Middlesex")
    g = before(rec, index)
    legal = {str(a) for a in g.legal_actions(0)}
    assert "activate South Yorks" in bad and set(bad) <= legal
    assert legal - set(bad) == {"activate Essex", "activate Warwick", "activate Wilts"}


def test_6_3_reserves_are_the_choices_that_send_a_block_into_the_battle():
    scenario, game, index = HENRY_ALONE
    g = before(long_run_game(scenario, game), index)
    london = C.area_id["Middlesex"]
    assert g.attacker[london] == 1 and g.p1 == 1 and g.acting == 0
    sent = {str(a): {C.block_names[b] for b in blocks}
            for a, blocks in find_blunders.reserves(g, 0, g.legal_actions(0), london).items()}
    assert sent == {"activate Essex": {"Oxford"}, "activate Warwick": {"Buckingham/L"},
                    "activate Wilts": {"Wiltshire"}}


def test_the_honest_judge_plays_on_samples_of_what_the_side_knew():
    """``play_lines.sample_of``: the side's own blocks stay where they are, the enemy's are
    dealt again (somewhere they may be, by the public history), and the sample plays on: the
    history put back lets an agent decide in it for either side."""
    scenario, game, index = HENRY_ALONE
    g = before(long_run_game(scenario, game), index)
    lancaster = [b for b in range(len(g.loc)) if C.side[b] == 0]
    york_on_map = sorted(b for b in range(len(g.loc)) if C.side[b] == 1 and g.loc[b] < NA)
    samples = [play_lines.sample_of(g, 0, seed) for seed in range(6)]
    for d in samples:
        assert [d.loc[b] for b in lancaster] == [g.loc[b] for b in lancaster]
        assert d.whereabouts == g.whereabouts and d.whereabouts is not g.whereabouts
    assert any([d.loc[b] for b in york_on_map] != [g.loc[b] for b in york_on_map]
               or sorted(d.hands[1]) != sorted(g.hands[1]) for d in samples)
    d = samples[0]
    agent = get_agent("hard", 1, samples=2)
    assert agent.choose(d.copy(), 0) in d.legal_actions(0)
    d.reseed(random.Random(1).getrandbits(64))
    d.play(0, d.legal_actions(0)[-1])
    assert d.whereabouts is not None


def test_find_blunders_names_the_turn_the_last_heir_was_left_to_die():
    """The ``heir-risk`` class: game 22 of 1483 in the long run (hard is York). York, Player 1
    on campaign 3, turn 4, spent its AP on Sussex, Wilts and Middlesex, leaving Richard III
    (Gloucester, 2 steps) alone in Rutland, two areas from Lancaster's 7 steps in South Yorks;
    Lancaster came in through Lincoln and killed him, and the game with him (9.0)."""
    rec = long_run_game("1483", 22)
    found = [(k, bad, note) for k, cls, bad, note in find_blunders.scan(rec, 1)
             if cls == "heir-risk"]
    note = ("Gloucester killed in Rutland, which the enemy attacked on campaign 3, turn 4: "
            "the side's last heir")
    assert found == [(83, ["activate Sussex"], note)]


def test_a_line_is_played_on_through_as_many_game_turns_as_asked():
    """``played_on(..., turns=N)``: the agent plays both sides to the end of the battles of the
    game turn N turns on, so that an attack the enemy makes next turn is played, not left to
    the value."""
    scenario, game, index = HENRY_ALONE
    g = before(long_run_game(scenario, game), index)
    assert (g.campaign, g.turn, g.phase) == (1, 3, ACTION)
    agent = get_agent("hard", 1, samples=2)

    def past_the_battles_of(h, turn: int) -> bool:
        return (h.campaign, h.turn) == (1, turn) and h.phase > BATTLE \
            or (h.campaign, h.turn) == (1, turn + 1) and h.phase < ACTION

    assert past_the_battles_of(play_lines.played_on(g.copy(), agent, turns=0), 3)
    assert past_the_battles_of(play_lines.played_on(g.copy(), agent, turns=1), 4)


def test_agreement_positions_are_decisions_of_the_records():
    """``tools/agreement.py`` asks the levels at decisions of the recorded games: each position
    replays (the record's own actions) to a side with more than one legal action; a scenario
    the file lacks is named."""
    agreement = load_tool("agreement")
    path = ROOT / "docs" / "results" / "r57" / "hard-vs-expert-s58-8db859da.jsonl"
    cases = agreement.positions(path, 2, 1, ["1483"])
    assert len(cases) == 8 and len({(c["seed"], c["at"]) for c in cases}) == 8
    for case in cases:
        g = new_game(case["scenario"], seed=case["seed"])
        for side, text in case["actions"]:
            g.apply(side, text)
        assert len(case["actions"]) == case["at"]
        assert g.active_sides()[0] == case["side"] and len(g.legal_actions(case["side"])) > 1
    with pytest.raises(SystemExit, match="1455"):
        agreement.positions(path, 2, 1, ["1455"])
