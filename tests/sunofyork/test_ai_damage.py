"""Who takes each hit (6.2.2 Damage Distribution, the choice the rules leave to the defender
among the units offered): normal's rule gives it to the unit that survives it best; hard and
expert give their own hits to the unit with the least room under its Cohesion (the frail fill
first), and play the enemy by normal's rule in their play-outs."""

import random

import pytest

from sunofyork import new_game
from sunofyork.ai import get_agent
from sunofyork.ai.normal import (DAMAGE_RULES, card_value, damage_best, damage_least_room,
                                 damage_least_worth)
from sunofyork.ai.registry import tournament_agent
from sunofyork.state import DAMAGE


def room(g, side, c):
    return g.cohesion(side, c) - g.hits[side][c]


def damage_positions(limit=12):
    """Damage Distribution decisions of random games where the units offered differ in room."""
    out = []
    for seed in range(40):
        g = new_game("towton", seed=seed)
        rnd = random.Random(seed)
        while not g.is_over and len(out) < limit:
            s = g.active_sides()[0]
            legal = g.legal_actions(s)
            if g.phase == DAMAGE and len({room(g, s, a[1]) for a in legal}) > 1:
                out.append((g.copy(), s))
            g.apply(s, legal[rnd.randrange(len(legal))])
        if len(out) >= limit:
            break
    assert len(out) >= limit, "random games gave too few damage choices"
    return out


def test_6_2_2_damage_rules_choose_among_the_units_offered():
    for g, s in damage_positions():
        legal = g.legal_actions(s)
        rooms = {a: room(g, s, a[1]) for a in legal}
        least, best = damage_least_room(g, s, legal), damage_best(g, s, legal)
        assert least in legal and best in legal
        assert rooms[least] == min(rooms.values())
        if min(rooms.values()) > 0:     # some unit can still stand the hit
            assert rooms[best] == max(rooms.values())
        worth = damage_least_worth(g, s, legal)
        assert card_value(g, s, worth[1]) == min(card_value(g, s, a[1]) for a in legal)


def test_hard_gives_its_own_hits_to_the_least_room_and_models_the_enemy_as_normal():
    hard = get_agent("hard", 1, samples=2, depth=6, budget_ms=0)
    assert hard.damage_rule is damage_least_room
    assert hard.policy.damage_rule is damage_least_room
    assert hard.enemy_policy.damage_rule is damage_best
    assert get_agent("normal", 1).damage_rule is damage_best
    assert get_agent("expert", 1).damage_rule is damage_least_room
    for g, s in damage_positions(6):
        assert hard.choose(g, s) == damage_least_room(g, s, g.legal_actions(s))
    # with normal's rule, one play-out policy serves both sides, as before the option
    plain = get_agent("hard", 1, damage="best")
    assert plain.damage_rule is damage_best and plain.enemy_policy is plain.policy


def test_damage_option_by_name_from_a_tournament_spec():
    assert tournament_agent("hard:damage=worth,samples=4", 1).damage_rule is damage_least_worth
    assert set(DAMAGE_RULES) == {"best", "first", "room", "worth"}
    with pytest.raises(ValueError, match="damage='most'"):
        get_agent("hard", 1, damage="most")
