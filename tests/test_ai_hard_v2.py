"""hard-v2: the hard level as it was when issue 57 began (``ai/hard_v2.py``), kept frozen, for
tournaments only, as the measure of the changes to ``hard`` that follow. Its decisions on
positions of recorded games (tests/data/hard_v2_decisions.json, written by
``tools/pin_decisions.py --level hard-v2 --check hard`` on commit 400c032's hard: the two
agreed on all 24) must stay what they were, whatever becomes of ``hard``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from richard3 import new_game
from richard3.ai import get_agent
from richard3.ai.registry import REGISTRY, TOURNAMENT

PINNED = json.loads((Path(__file__).parent / "data" / "hard_v2_decisions.json").read_text())


def test_the_pinned_positions_cover_every_scenario_both_sides_and_many_phases():
    assert {c["scenario"] for c in PINNED} == {"1460", "1470", "1483"}
    assert {c["side"] for c in PINNED} == {0, 1}
    kinds = {c["choice"].split()[0] for c in PINNED}
    assert {"play", "activate", "fire", "retreat", "regroup", "recruit"} <= kinds


@pytest.mark.parametrize("case", PINNED, ids=[f"{c['scenario']}-{len(c['actions'])}"
                                              for c in PINNED])
def test_hard_v2_decides_as_the_hard_level_of_issue_57s_start(case):
    g = new_game(case["scenario"], seed=case["seed"])
    for side, text in case["actions"]:
        g.apply(side, text)
    agent = get_agent("hard-v2", case["agent_seed"], samples=case["samples"])
    assert str(agent.choose(g, case["side"])) == case["choice"]


def test_hard_v2_is_a_tournament_level_with_hards_bound():
    assert "hard-v2" in REGISTRY and TOURNAMENT["hard-v2"] == TOURNAMENT["hard"]
