"""The Sun of York AI: every agent plays legally in every phase, decides only from what its side
may know (twin games that differ in hidden cards get the same decision), repeats itself given
its seed, and a whole game between normal and hard ends."""

import random

import pytest

from sunofyork import new_game
from sunofyork.ai import REGISTRY, determinize, get_agent
from sunofyork.ai.tournament import HISTORICAL, play_game, run_tournament, wilson
from sunofyork.state import (COMBAT, DEALT, DECK, DEPLOY, DISCARD_STEP, FACE_DOWN, HAND,
                             MOVEMENT)

#: small iteration budgets (and no time bound) so the tests are quick and repeatable
SMALL = {"hard": dict(samples=2, depth=6, budget_ms=0), "expert": dict(samples=3, depth=8,
                                                                       budget_ms=0)}
SCENARIOS = ("st_albans_1", "towton", "heworth_moor", "wakefield", "bosworth")


def agent(name, seed=0):
    return get_agent(name, seed, **SMALL.get(name, {}))


def positions(sid, seed, every=7, limit=900):
    """Positions of a random game of ``sid``: every ``every``-th decision and every decision
    of a new phase, as copies."""
    g = new_game(sid, seed=seed)
    rnd = random.Random(seed)
    out, last, n = [], None, 0
    while not g.is_over and n < limit:
        s = g.active_sides()[0]
        if g.phase != last or n % every == 0:
            out.append(g.copy())
            last = g.phase
        legal = g.legal_actions(s)
        g.play(s, legal[rnd.randrange(len(legal))])
        n += 1
    return out


@pytest.mark.parametrize("sid", SCENARIOS)
def test_every_agent_plays_legally_in_every_phase(sid):
    seen = set()
    agents = {name: agent(name, 3) for name in REGISTRY}
    for g in positions(sid, 11)[:60]:
        s = g.active_sides()[0]
        legal = g.legal_actions(s)
        seen.add(g.phase)
        for name, ag in agents.items():
            if name == "expert" and g.phase not in (MOVEMENT, COMBAT):
                continue
            a = ag.choose(g, s)
            assert a in legal, (name, a, g.phase)
    assert {DEPLOY, COMBAT, MOVEMENT, DISCARD_STEP} <= seen


def _hidden_twin(g, side, rnd):
    """A twin of ``g``: the same for ``side``'s eyes, different in what it cannot see."""
    t = g.copy()
    e = 1 - side
    if t.hand[e] and t.deck[e]:
        h = t.hand[e][0]
        k = rnd.randrange(len(t.deck[e]))
        d = t.deck[e][k]
        t.hand[e][0], t.deck[e][k] = d, h
        t.loc[e][d], t.loc[e][h] = HAND, DECK
    for s in (0, 1):
        rnd.shuffle(t.deck[s])
    down = [(p, i) for p in range(len(t.at)) for i, c in enumerate(t.at[p][e])
            if t.flags[e][c] & FACE_DOWN]
    if len(down) >= 2:
        (p1, i1), (p2, i2) = rnd.sample(down, 2)
        c1, c2 = t.at[p1][e][i1], t.at[p2][e][i2]
        t.at[p1][e][i1], t.at[p2][e][i2] = c2, c1
        t.loc[e][c1], t.loc[e][c2] = p2, p1
    if t.dealt[e] and t.deck[e]:
        a, b = t.dealt[e][-1], t.deck[e][0]
        t.dealt[e][-1], t.deck[e][0] = b, a
        t.loc[e][a], t.loc[e][b] = DECK, DEALT
    t.rng = g.rng ^ 0x5DEECE66D
    t._legal_cache = None
    return t


@pytest.mark.parametrize("sid", ("st_albans_1", "barnet", "heworth_moor"))
def test_twins_that_differ_in_hidden_cards_get_the_same_decision(sid):
    rnd = random.Random(5)
    checked = 0
    for g in positions(sid, 21, every=9)[:40]:
        s = g.active_sides()[0]
        if len(g.legal_actions(s)) < 2:
            continue
        twin = _hidden_twin(g, s, rnd)
        assert twin.legal_actions(s) == g.legal_actions(s)
        for name in REGISTRY:
            if name == "expert":
                continue
            a1 = agent(name, 17).choose(g, s)
            a2 = agent(name, 17).choose(twin, s)
            assert a1 == a2, (name, g.phase, a1, a2)
        checked += 1
    assert checked >= 10


def test_twins_in_deployment_get_the_same_decision():
    g = new_game("towton", seed=4)
    d = g.active_sides()[0]
    rnd = random.Random(0)
    while g.active_sides()[0] == d:        # the defender deploys face-down
        legal = g.legal_actions(d)
        g.play(d, legal[rnd.randrange(len(legal))])
    s = g.active_sides()[0]
    assert g.phase == DEPLOY and s != d
    for _ in range(3):
        twin = _hidden_twin(g, s, rnd)
        for name in ("easy", "normal", "hard"):
            assert agent(name, 2).choose(g, s) == agent(name, 2).choose(twin, s)


def test_determinize_keeps_what_is_seen_and_counts():
    for g in positions("st_albans_2", 8, every=25)[:20]:
        s = g.active_sides()[0]
        d = determinize(g, s, random.Random(1))
        assert d.observation(s)["hand"] == g.observation(s)["hand"]
        for k in ("hand_counts", "deck_counts", "discards", "captured", "beside", "dealt"):
            assert d.observation(s)[k] == g.observation(s)[k], k
        strip = lambda f: [[x for x in here if not x.get("hidden")] for here in f]  # noqa
        assert strip(d.observation(s)["field"]) == strip(g.observation(s)["field"])
        for t in (0, 1):
            assert len(d.removed[t]) == len(g.removed[t])
            for c in range(1, len(g.decks[t]) + 1):
                where = d.loc[t][c]
                if where >= 0:
                    assert c in d.at[where][t]
        assert d.legal_actions(s) == g.legal_actions(s)


@pytest.mark.parametrize("name", ["easy", "normal", "hard", "expert"])
def test_agents_repeat_given_their_seed(name):
    def run():
        g = new_game("heworth_moor", seed=9)
        agents = {0: agent(name, 1), 1: agent("normal", 2)}
        out = []
        while not g.is_over and len(out) < (120 if name != "expert" else 60):
            s = g.active_sides()[0]
            a = agents[s].choose(g, s)
            out.append(a)
            g.apply(s, a)
        return out
    assert run() == run()


def test_a_whole_game_between_normal_and_hard_ends():
    g = new_game("heworth_moor", seed=3)
    agents = {0: agent("normal", 1), 1: agent("hard", 2)}
    n = 0
    while not g.is_over and n < 3000:
        s = g.active_sides()[0]
        g.apply(s, agents[s].choose(g, s))
        n += 1
    assert g.is_over and g.winner in (0, 1)


def test_hard_noise_options_change_its_decisions_and_repeat():
    """hard's ``noise`` / ``rollout_noise`` (tournament specs such as
    ``hard:rollout_noise=0.7``): the noise reaches the candidates' ranking and the play-out
    policy, a noisy hard still repeats given its seed, and some decision differs from the
    noiseless one over a game's searched decisions."""
    h = get_agent("hard", 1, noise=0.5, rollout_noise=0.7, **SMALL["hard"])
    assert (h.noise, h.policy.noise) == (0.5, 0.7)
    assert (agent("hard").noise, agent("hard").policy.noise) == (0.0, 0.0)

    def run(**noise):
        g = new_game("towton", seed=4)
        agents = {0: get_agent("hard", 1, **noise, **SMALL["hard"]), 1: agent("normal", 2)}
        out = []
        while not g.is_over and len(out) < 150:
            s = g.active_sides()[0]
            a = agents[s].choose(g, s)
            out.append(a)
            g.apply(s, a)
        return out
    noisy = run(noise=2.0, rollout_noise=2.0)
    assert noisy == run(noise=2.0, rollout_noise=2.0)
    assert noisy != run()


def test_tournament_records_and_resumes(tmp_path):
    out = tmp_path / "r.jsonl"
    s1 = run_tournament("easy", "random", 2, seed=3, scenarios=("heworth_moor",), out=out)
    assert s1["games"] == 2 and len(out.read_text().splitlines()) == 2
    s2 = run_tournament("easy", "random", 2, seed=3, scenarios=("heworth_moor",), out=out)
    assert s2 == s1
    rec = play_game("random", "random", 1, 3, HISTORICAL)
    assert rec["a_side"] == "York" and rec["scenario"] == HISTORICAL[0]
    lo, hi = wilson(36, 40)
    assert 0.76 < lo < 0.78 and 0.96 < hi < 0.97


@pytest.mark.parametrize("horizon", [1, 2])
@pytest.mark.parametrize("first", [True, False])
def test_hard_horizon_ends_its_playouts_at_the_next_movement_step(horizon, first):
    """``horizon`` 1: a play-out from a Movement step ends as the next Movement step begins
    (the enemy's this turn, or the first of the next turn); 2: it goes on through that step
    and ends as the one after it begins, always in the next turn."""
    g = new_game("towton", seed=4)
    rnd = random.Random(4)
    while not (g.phase == MOVEMENT and g.turn >= 2 and (g.first == g.active) == first
               and ("end",) in g.legal_actions(g.active)):
        s = g.active_sides()[0]
        legal = g.legal_actions(s)
        g.apply(s, legal[rnd.randrange(len(legal))])
    side, turn = g.active, g.turn
    h = get_agent("hard", 1, horizon=horizon, depth=1000, budget_ms=0)
    world = g.copy()
    h.playout(world, side, ("end",))
    assert not world.is_over and world.phase == MOVEMENT
    if horizon == 1 and first:
        assert (world.turn, world.active) == (turn, 1 - side)
    elif horizon == 1:
        assert world.turn == turn + 1 and world.active == world.first
    else:
        # first this turn: the enemy's step, then the next turn's first; else both of next turn's
        assert world.turn == turn + 1 and (world.active == world.first) == first
