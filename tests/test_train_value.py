"""tools/train_value.py (issue 25): its TD(lambda) targets (the value of later positions as
the target of earlier ones, the outcome after a game's last position) and its games'
pairings (every scenario meets every pairing)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_SPEC = importlib.util.spec_from_file_location(
    "train_value", Path(__file__).resolve().parent.parent / "tools" / "train_value.py")
train_value = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(train_value)


def test_td_targets_blend_later_values_with_the_outcome():
    """Two games' chains, rows interleaved as the fit takes them (each position from both
    sides' points of view): side 0's rows 0, 2, 4 and side 1's 1, 3, 5 of one game it won
    (side 0), then a one-position game, row 6, that side lost."""
    outcomes = [1, 0, 1, 0, 1, 0, 0]
    values = [0.5, 0.5, 0.6, 0.4, 0.9, 0.1, 0.3]
    nxt = [2, 3, 4, 5, -1, -1, -1]
    lam = 0.5
    t = train_value.td_targets(outcomes, values, nxt, lam)
    assert t[4] == 1.0 and t[5] == 0.0 and t[6] == 0.0          # last positions: outcomes
    assert t[2] == pytest.approx(0.5 * 0.9 + 0.5 * 1.0)
    assert t[0] == pytest.approx(0.5 * 0.6 + 0.5 * t[2])
    assert t[1] == pytest.approx(0.5 * 0.4 + 0.5 * (0.5 * 0.1 + 0.5 * 0.0))
    # lambda 1 is the outcome fit; lambda 0 the next position's value alone
    assert train_value.td_targets(outcomes, values, nxt, 1.0) == [float(z) for z in outcomes]
    assert train_value.td_targets(outcomes, values, nxt, 0.0)[:4] == [0.6, 0.4, 0.9, 0.1]


def test_every_scenario_meets_every_pairing_of_the_games():
    """The games' pairings are not tied to their scenarios (game i's scenario is i % 3): the
    3 search pairings each meet every scenario within 9 games, and the 5 of self-play keep
    the rule the shipped fit's games were played by (seed % 5, seed = 1,000,000 + i)."""
    tv = train_value
    met = {(tv.SCENARIOS[i % 3], tv.pairing(i, tv.SEARCH_PAIRINGS)) for i in range(9)}
    assert len(met) == 9
    for i in range(969):
        assert tv.pairing(i, tv.PAIRINGS) == tv.PAIRINGS[(1_000_000 + i) % 5]
