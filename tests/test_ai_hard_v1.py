"""hard-v1: the hard level as it was before the learned value, kept frozen as the measure of
progress (issue 25). Its decisions on seeded positions (tests/data/hard_v1_decisions.json,
made by the hard agent of commit b08b7ed, 2 iterations, seed 5) must stay what they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from richard3 import new_game
from richard3.ai import get_agent

PINNED = json.loads((Path(__file__).parent / "data" / "hard_v1_decisions.json").read_text())


@pytest.mark.parametrize("case", PINNED, ids=[f"{c['scenario']}-{len(c['actions'])}"
                                              for c in PINNED])
def test_hard_v1_decides_as_the_hard_level_of_0_1_0(case):
    g = new_game(case["scenario"], seed=case["seed"])
    for side, text in case["actions"]:
        g.apply(side, text)
    choice = get_agent("hard-v1", 5, iterations=2).choose(g, case["side"])
    assert str(choice) == case["hard"]
