"""tools/train_value.py (issue 25): its TD(lambda) targets (the value of later positions as
the target of earlier ones, the outcome after a game's last position), its games'
pairings (every scenario meets every pairing) and its reading of tournament games."""

from __future__ import annotations

import pytest
from helpers import load_tool

train_value = load_tool("train_value")


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


def test_a_tournament_game_replays_from_its_moves_as_fit_data():
    """A tournament keeps each game's moves (the index of each decision's action among the
    legal ones), so its games are data for the fit: replayed from the scenario and seed they
    reach the same end (winner, usurpation counts, 8.2), and the fit reads the record with
    its winner as a side. A record from before the moves were kept is refused by name."""
    from richard3 import new_game
    from richard3.ai.tournament import play_game
    from richard3.politics import usurpation_counts
    rec = play_game("1483", "easy", "random", 1, 5, {})          # A (easy) is York
    assert len(rec["moves"]) == rec["decisions"] > 0
    data = train_value.as_games_record(rec)
    assert data["winner"] == {"Lancaster": 0, "York": 1}[rec["winner_side"]]
    g = new_game("1483", seed=data["seed"])
    for k in data["moves"]:
        s = g.active_sides()[0]
        g.apply(s, g.legal_actions(s)[k])
    assert g.is_over and g.winner == data["winner"]
    assert usurpation_counts(g) == rec["usurpation"]
    rows = train_value.positions(data, 5)
    assert rows and all(won == (side == data["winner"]) for (_f, won), side
                        in zip(rows, [0, 1] * len(rows)))
    assert train_value.as_games_record({"scenario": "1470", "seed": 3, "winner": 1,
                                        "moves": [0]})["winner"] == 1
    old = {k: v for k, v in rec.items() if k != "moves"}
    with pytest.raises(ValueError, match="no moves"):
        train_value.as_games_record(old)


def test_a_ratings_run_game_reads_as_fit_data_with_its_deal_and_winner():
    """``tools/ratings.py`` records the run's seed as ``seed``, the deal as ``game_seed`` and
    the winner as "a" or "b": the fit reads the deal and turns the winner into a side, so the
    long runs' games (docs/results) replay to their end as fit data."""
    from richard3 import new_game
    ratings = load_tool("ratings")
    rec = ratings._job(("1483", "easy", "random", 1, 5))          # A (easy) is York
    data = train_value.as_games_record(rec)
    assert data["seed"] == rec["game_seed"] != rec["seed"]
    g = new_game("1483", seed=data["seed"])
    for k in data["moves"]:
        s = g.active_sides()[0]
        g.apply(s, g.legal_actions(s)[k])
    assert g.is_over and g.winner == data["winner"]
    assert data["winner"] == (1 if rec["winner"] == "a" else 0)


def test_the_heirs_danger_as_a_stake_is_fitted_by_likelihood():
    """``stake``'s fit (a diagnostic, docs/ai-strength.md): outcomes drawn from the form it
    fits, chance = sigmoid(base) x (1 - K danger) with K = 0.3, give back K within a few
    hundredths, and that form's log-loss beats a learned-style logit that ignores the danger
    (w_ht 0) and the same form without it (K 0). It needs the train extra (numpy, scipy),
    which the test command does not install: run where `pip install -e '.[train]'` was."""
    pytest.importorskip("scipy")
    import math
    import random
    rnd = random.Random(7)
    base = [rnd.uniform(-3, 3) for _ in range(20000)]
    h = [rnd.uniform(0.1, 2.0) for _ in base]
    y = [int(rnd.random() < (1 / (1 + math.exp(-b))) * (1 - min(1, 0.3 * d)))
         for b, d in zip(base, h)]
    out = train_value.fit_stake(base, h, y, 0.0)
    assert out["positions"] == 20000
    assert out["heir_stake"] == pytest.approx(0.3, abs=0.03)
    assert out["log_loss_staked"] < out["log_loss_without"] == out["log_loss_learned"]


def test_the_stake_reads_the_danger_to_the_last_heir_where_there_is_one():
    """The positions ``stake`` takes from a game: only those where the side's last heir is
    in danger (``hunt_them`` > 0), each with the learned logit less that term and the
    outcome."""
    from richard3.ai.features import NAMES
    from richard3.ai.tournament import play_game
    from richard3.ai.value import weights
    rec = train_value.as_games_record(play_game("1483", "normal", "easy", 0, 3, {}))
    rows = train_value._danger_positions(rec)
    every = train_value.positions(rec, 1)
    ht = NAMES.index("hunt_them")
    danger = [(f, won) for f, won in every if f[ht] > 0]
    assert len(rows) == len(danger) > 0
    w = weights()
    for (base, d, won), (f, won_there) in zip(rows, danger):
        assert d == f[ht] > 0 and won == won_there
        assert base + w[ht] * d == pytest.approx(sum(a * b for a, b in zip(w, f)))
