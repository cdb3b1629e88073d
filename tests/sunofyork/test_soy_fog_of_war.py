"""Fog of war (4.0, 6.2.4, 9.0): ``Game.observation(side)`` and ``Game.log_for(side)`` hold
nothing the side may not know: never the enemy's hand, either deck's order, the enemy's
face-down deployment nor the cards eliminated unseen at setup.

Twin games: two games that differ only in cards hidden from a side must look the same to it
(observation, log and its own legal actions)."""

import json
import random

import pytest

from sunofyork import SCENARIO_IDS, new_game
from sunofyork.game import PRIVATE, visible
from sunofyork.state import ASIDE, DEALT, DECK, DEPLOY, DISCARD, FACE_DOWN, HAND, OUT


def _container(g, s, where):
    if where >= 0:
        return g.at[where][s]
    return {HAND: g.hand, DECK: g.deck, DISCARD: g.discard, OUT: g.removed, DEALT: g.dealt,
            ASIDE: g.setaside}[where][s]


def exchange(g, s, a, b):
    """Swap cards ``a`` and ``b`` of side ``s``: each takes the other's place (same slot of
    the same list) and markers."""
    la, lb = g.loc[s][a], g.loc[s][b]
    ca, cb = _container(g, s, la), _container(g, s, lb)
    ia, ib = ca.index(a), cb.index(b)
    ca[ia], cb[ib] = b, a
    g.loc[s][a], g.loc[s][b] = lb, la
    for arr in (g.hits, g.lost, g.flags):
        arr[s][a], arr[s][b] = arr[s][b], arr[s][a]
    g._legal_cache = None


def view(g, side):
    """All that ``side`` is shown: its observation, its log and its legal actions."""
    return (json.dumps(g.observation(side), sort_keys=True, default=list),
            g.log_for(side), g.legal_actions(side))


def twins(g, side, r):
    """Games that differ from ``g`` only in what ``side`` cannot see (a list, maybe empty)."""
    e = 1 - side
    out = []
    # the enemy's hand against his deck (6.2.4)
    if g.hand[e] and g.deck[e]:
        t = g.copy()
        exchange(t, e, r.choice(t.hand[e]), r.choice(t.deck[e]))
        out.append(("enemy hand/deck", t))
    # either deck's order (the own one too)
    for s in (0, 1):
        if len(g.deck[s]) > 1:
            t = g.copy()
            r.shuffle(t.deck[s])
            if t.deck[s] != g.deck[s]:
                out.append((f"deck order {s}", t))
    # the enemy's dealt cards, not yet deployed (4.0)
    if g.dealt[e] and g.deck[e]:
        t = g.copy()
        exchange(t, e, r.choice(t.dealt[e]), r.choice(t.deck[e]))
        out.append(("enemy dealt/deck", t))
    # the enemy's face-down deployment (4.0)
    down = [c for p in range(9) for c in g.at[p][e] if g.flags[e][c] & FACE_DOWN]
    if down:
        for other in (g.hand[e], g.deck[e], g.dealt[e]):
            if other:
                t = g.copy()
                exchange(t, e, r.choice(down), r.choice(other))
                out.append(("enemy face-down", t))
    # the cards eliminated unseen at setup (9.0), only before play has put others out
    if g.turn == 0 and g.removed[e] and g.deck[e] and not g.sc.sides[e].strip:
        t = g.copy()
        exchange(t, e, r.choice(t.removed[e]), r.choice(t.deck[e]))
        out.append(("enemy eliminated at setup", t))
    return out


def _assert_twins_alike(g, r, where):
    for side in (0, 1):
        base = view(g, side)
        for what, t in twins(g, side, r):
            assert view(t, side) == base, f"{where}: {what} shows to side {side}"


def _random_game(sid, seed, steps, options=0, every=7):
    g = new_game(sid, seed, options=options)
    r = random.Random(seed)
    yield g
    for i in range(steps):
        if g.is_over:
            return
        s = g.active_sides()[0]
        g.apply(s, r.choice(g.legal_actions(s)))
        if i % every == 0 or g.phase == DEPLOY:
            yield g


@pytest.mark.parametrize("sid", list(SCENARIO_IDS) + ["campaign"])
def test_rule_4_0_twin_games_differing_in_hidden_cards_look_the_same(sid):
    seed = sum(map(ord, sid))
    r = random.Random(seed)
    for i, g in enumerate(_random_game(sid, seed, 250, options=seed % 3)):
        _assert_twins_alike(g, r, f"{sid} seed {seed} step {i} ({g.observation(0)['phase']})")


def _at_deploy_attacker():
    """A game in Deployment where the defender has deployed face-down and the attacker is to
    deploy."""
    g = new_game("towton", 5)
    r = random.Random(5)
    d = 1 - g.attacker
    while g.decider == d and g.phase == DEPLOY:
        acts = g.legal_actions(d)
        deploys = [a for a in acts if a[0] == "deploy"]
        g.apply(d, r.choice(deploys or acts))
    assert g.phase == DEPLOY and g.decider == g.attacker
    return g


def test_rule_4_0_deployment_is_secret():
    """The defender's deployment is face-down and unseen by the attacker until both have
    deployed; the attacker sees only how many cards lie in each position."""
    g = _at_deploy_attacker()
    d, a = 1 - g.attacker, g.attacker
    obs = g.observation(a)
    down = {c for p in range(9) for c in g.at[p][d] if g.flags[d][c] & FACE_DOWN}
    assert down
    for p, here in enumerate(obs["field"]):
        mine_down = sum(1 for c in g.at[p][d] if g.flags[d][c] & FACE_DOWN)
        hidden = [x for x in here if x["side"] == d and x.get("hidden")]
        assert len(hidden) == mine_down
        assert all(set(x) == {"side", "hidden"} for x in hidden)
        assert not any(x.get("card") in down for x in here if x["side"] == d)
    # the defender sees his own
    own = g.observation(d)
    shown = {x["card"] for here in own["field"] for x in here if x["side"] == d and "card" in x}
    assert down <= shown
    # the attacker's log names none of them
    assert not any(e[0] in PRIVATE and e[1] == d for e in obs["log"])
    # once both have deployed, every card still in a battle position is face-up
    r = random.Random(1)
    while g.phase == DEPLOY:
        s = g.decider
        g.apply(s, r.choice(g.legal_actions(s)))
    for s in (0, 1):
        for p in range(9):
            assert not any(g.flags[s][c] & FACE_DOWN for c in g.at[p][s])
    seen = {x["card"] for here in g.observation(a)["field"] for x in here
            if x["side"] == d and "card" in x}
    assert seen == {c for p in range(len(g.at)) for c in g.at[p][d]}


def test_rule_4_0_attacker_face_down_cards_are_secret_from_defender_too():
    g = _at_deploy_attacker()
    a, d = g.attacker, 1 - g.attacker
    r = random.Random(2)
    for _ in range(3):
        acts = [x for x in g.legal_actions(a) if x[0] == "deploy"]
        if not acts:
            break
        g.apply(a, r.choice(acts))
    down = {c for p in range(9) for c in g.at[p][a] if g.flags[a][c] & FACE_DOWN}
    obs = g.observation(d)
    assert not any(x.get("card") in down for here in obs["field"] for x in here
                   if x["side"] == a)


def test_rule_6_2_4_enemy_hand_is_secret():
    for sid in ("towton", "barnet", "random"):
        g = new_game(sid, 9)
        r = random.Random(9)
        for _ in range(300):
            if g.is_over:
                break
            for side in (0, 1):
                obs = g.observation(side)
                assert obs["hand"] == sorted(g.hand[side])
                assert obs["dealt"] == g.dealt[side]
                assert obs["hand_counts"] == [len(g.hand[0]), len(g.hand[1])]
                assert "deck" not in obs and "removed" not in obs
            s = g.active_sides()[0]
            g.apply(s, r.choice(g.legal_actions(s)))


def test_rule_9_0_setup_eliminations_are_secret():
    """The cards a scenario eliminates from the shuffled deck stay unseen: only their count
    is told."""
    for sid in SCENARIO_IDS:
        g = new_game(sid, 3)
        if not any(g.removed):
            continue
        for side in (0, 1):
            obs = g.observation(side)
            for e in obs["log"]:
                if e[0] == "eliminated_cards":
                    assert len(e) == 3       # kind, side, count: no card named
            r = random.Random(4)
            e = 1 - side
            if g.removed[e] and g.deck[e]:
                t = g.copy()
                exchange(t, e, r.choice(t.removed[e]), r.choice(t.deck[e]))
                assert view(t, side) == view(g, side), sid


def test_rule_4_0_deck_order_is_secret_even_from_its_owner():
    g = new_game("towton", 12)
    r = random.Random(12)
    for _ in range(120):
        s = g.active_sides()[0]
        g.apply(s, r.choice(g.legal_actions(s)))
    for side in (0, 1):
        t = g.copy()
        r.shuffle(t.deck[side])
        assert view(t, side) == view(g, side)


def test_private_events_are_shown_only_to_their_side():
    g = new_game("towton", 2, options=2)
    r = random.Random(2)
    for _ in range(200):
        if g.is_over:
            break
        s = g.active_sides()[0]
        g.apply(s, r.choice(g.legal_actions(s)))
    private = [e for e in g.log if e[0] in PRIVATE]
    assert private
    for side in (0, 1):
        log = g.observation(side)["log"]
        assert all(e[1] == side for e in log if e[0] in PRIVATE)
        assert len(g.log_for(side)) == sum(1 for e in g.log if visible(e, side))
