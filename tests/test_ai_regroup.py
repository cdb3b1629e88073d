"""Regroups that open a recruit to the enemy (issue 57, the position suite's class ``regroup``;
6.7 Regroups, 5.4 Recruits): the search levels keep the victor's last block, not an heir, in a
battle's area where the enemy could then recruit a noble or church (``regroup.recruits_kept``).
Positions from tournament records of docs/results, replayed to the regroup."""

from __future__ import annotations

import json
import random
from pathlib import Path

from helpers import load_tool, suite_position

from richard3 import new_game
from richard3.ai import get_agent
from richard3.ai.determinize import determinize
from richard3.ai.regroup import THREAT, _steps_near, recruit_opened, recruits_kept
from richard3.ids import NB, POOL, C
from richard3.politics import COUNTED_TYPES
from richard3.recruits import DEPLOY_AREAS

ROOT = Path(__file__).resolve().parent.parent
find_blunders = load_tool("find_blunders")


def record(file: str, game: int) -> dict:
    for line in (ROOT / "docs" / "results" / file).read_text().splitlines():
        rec = json.loads(line)
        if rec["game"] == game:
            return rec
    raise LookupError(f"{file}: no game {game}")


def replayed(file: str, game: int, index: int):
    """The game ``game`` of tournament record ``file`` (docs/results) before its decision
    ``index``, and the side to decide."""
    rec = record(file, game)
    g = new_game(rec["scenario"], seed=rec["seed"])
    for m in rec["moves"][:index]:
        s = g.active_sides()[0]
        g.apply(s, g.legal_actions(s)[m])
    return g, g.active_sides()[0]


def south_yorks():
    """1470, campaign 2, turn 2: York won South Yorks; Hastings, its last block there, may
    regroup; the York church and Shrewsbury (Lancaster's, in its pool) deploy there. In the
    game Hastings left, and Lancaster recruited both there in the next two turns."""
    return replayed("1470-hard-vs-hard-v1-s20.jsonl", 1, 35)


def regroups(legal) -> set[str]:
    return {str(a) for a in legal if a[0] == "regroup"}


def test_6_7_the_last_block_out_of_an_area_that_opens_a_recruit_stays():
    g, york = south_yorks()
    legal = g.legal_actions(york)
    assert regroups(legal) and g.loc[C.block_id["York (church)/L"]] == POOL
    assert {str(a) for a in recruit_opened(g, york, legal)} == regroups(legal)
    assert [str(a) for a in recruits_kept(g, york, legal)] == ["end"]


def test_5_4_no_recruit_opened_where_the_enemy_has_none_to_deploy():
    g, york = south_yorks()
    area = C.area_id["South Yorks"]
    homed = [x for x in range(NB) if g.loc[x] == POOL and g.owner(x) == 1 - york
             and C.btype[x] in COUNTED_TYPES and area in DEPLOY_AREAS[x]]
    assert {C.block_names[x] for x in homed} == {"York (church)/L", "Shrewsbury/L"}
    for x in homed:
        g.loc[x] = C.area_id["Cumbria"]         # on the map: nothing left to deploy there
    g._legal_cache = None
    legal = g.legal_actions(york)
    assert not recruit_opened(g, york, legal) and recruits_kept(g, york, legal) == legal


def test_the_campaigns_last_turn_opens_nothing():
    g, york = south_yorks()
    g.turn = 7                  # no action phase left to recruit in before 8.3 / 8.4
    assert not recruit_opened(g, york, g.legal_actions(york))


def test_an_heir_may_regroup_out():
    """1470: Gloucester alone in South Yorks, the Rebel (4 steps) next door in Derby."""
    g, york = replayed("1470-hard-vs-hard-v1-s20.jsonl", 9, 32)
    legal = g.legal_actions(york)
    assert any(str(a).startswith("regroup Gloucester: South Yorks") for a in legal)
    assert not recruit_opened(g, york, legal)


def test_a_noble_outnumbered_by_the_enemy_near_may_regroup_out():
    """1460: Hastings (2 steps) alone in Leicester, Lancaster's 18 steps within two moves."""
    g, york = replayed("1460-hard-vs-hard-v1-s20.jsonl", 1, 277)
    legal = g.legal_actions(york)
    hastings = C.block_id["Hastings"]
    assert g.loc[hastings] == C.area_id["Leicester"]
    assert _steps_near(g, 1 - york, g.loc[hastings]) > THREAT * g.strength[hastings]
    assert regroups(legal) and not recruit_opened(g, york, legal)


def test_the_search_keeps_the_block_and_can_be_told_not_to():
    g, york = south_yorks()
    assert str(get_agent("hard", 1, samples=4).choose(g.copy(), york)) == "end"
    without = get_agent("hard", 1, samples=4, recruits=0)
    assert str(without.choose(g.copy(), york)).startswith("regroup Hastings: South Yorks")


def test_find_blunders_finds_the_regroup_and_the_recruit_after_it():
    """tools/find_blunders.py's ``regroup`` class: the regroup that emptied South Yorks, found
    by Lancaster's first recruit there (the York levy; the York church came with it and
    Shrewsbury the next turn)."""
    rec = record("1470-hard-vs-hard-v1-s20.jsonl", 1)
    found = [(k, note) for k, cls, _bad, note in find_blunders.scan(rec, 1) if cls == "regroup"]
    note = "the last block regrouped out of South Yorks, where the enemy then recruited York (levy)"
    assert (35, note) in found


def test_6_7_whether_the_enemy_may_recruit_is_asked_of_several_samples():
    """1460, York won Leicester; the Salisbury levy, its last block there, may regroup, and
    Rivers/L deploys there. Whether Rivers/L is in Lancaster's pool is hidden from York (Lancaster's unrevealed
    blocks on the map may be him), so one sample may deal him onto the map and let the levy
    go. Expert asks the rule of 8 samples (``recruits=8``) and keeps the levy."""
    g, york = suite_position("regroup-1460-g21-442")
    legal = g.legal_actions(york)
    rnd = random.Random(1)
    opened = [bool(recruit_opened(determinize(g, york, rnd), york, legal)) for _ in range(40)]
    assert any(opened) and not all(opened)
    for seed in (1, 2, 3):
        assert str(get_agent("expert", seed, samples=1).choose(g.copy(), york)) == "end"
    one = [str(get_agent("expert", seed, samples=1, recruits=1).choose(g.copy(), york))
           for seed in (1, 2, 3, 4, 5, 6)]
    assert any(a.startswith("regroup Salisbury") for a in one)
