"""Whereabouts (Fog-of-War): what each side knows of where the enemy's face-down blocks are,
from public history only (``richard3.whereabouts``; used by the AI's determinization)."""

from __future__ import annotations

import random

import pytest

from richard3 import new_game
from richard3.actions import Action
from richard3.ai import get_agent
from richard3.ai.determinize import determinize, hidden_enemy_blocks
from richard3.game import Game
from richard3.ids import ACTION, NA, POOL
from richard3.whereabouts import DOWN_BIT, POOL_BIT, place_bit

from helpers import C


def areas(mask):
    return {C.area_names[a] for a in range(NA) if mask >> a & 1}


def to_action_phase(g, side):
    """Play cards until ``side`` acts in the action phase (both players: first card)."""
    easy = [get_agent("easy", 1), get_agent("easy", 2)]
    while not (g.phase == ACTION and g.acting == side):
        s = g.active_sides()[0]
        g.apply(s, easy[s].choose(g, s))


def test_deployment_is_public_4_1():
    g = new_game("1483", seed=1)
    for b in range(len(C.block_names)):
        assert g.whereabouts[b] == place_bit(g.loc[b])
    richard = C.block_id["Gloucester"]
    assert areas(g.whereabouts[richard]) == {"Middlesex"}


def _york_turn_with_free_areas(names):
    """A 1483 game at York's first action phase in which no Lancastrian has entered the
    areas ``names`` (searching seeds in order)."""
    for seed in range(40):
        g = new_game("1483", seed=seed)
        to_action_phase(g, 1)
        if all(not g.blocks_in(C.area_id[n], 0) for n in names):
            return g
    raise AssertionError("no seed leaves those areas free")


def test_a_lone_block_that_moves_stays_known_and_a_stack_that_splits_blurs_5_2():
    g = _york_turn_with_free_areas(["Middlesex", "East Anglia"])
    york = 1
    g.apply(york, Action("activate", C.area_id["Middlesex"]))
    richard = C.block_id["Gloucester"]
    mv = [a for a in g.legal_actions(york) if a.kind == "move" and a[1] == richard]
    g.apply(york, mv[0])
    # Richard stood alone in Middlesex: whoever left it is him.
    assert g.whereabouts[richard] == 1 << g.loc[richard]
    # East Anglia holds Norfolk and Suffolk: after one of them leaves, either may be gone.
    anglia = C.area_id["East Anglia"]
    g.apply(york, Action("activate", anglia))
    norfolk, suffolk = C.block_id["Norfolk"], C.block_id["Suffolk"]
    mv = [a for a in g.legal_actions(york) if a.kind == "move" and a[1] == norfolk]
    g.apply(york, mv[0])
    dest = g.loc[norfolk]
    for b in (norfolk, suffolk):
        assert g.whereabouts[b] == (1 << anglia) | (1 << dest)


def test_a_recruit_could_be_any_pool_block_that_deploys_there_5_4():
    g = new_game("1483", seed=2)
    to_action_phase(g, 1)
    before = g.legal_actions(1)
    act = next(a for a in before if a.kind == "recruit")
    area = act[2]
    could = {a[1] for a in before if a.kind == "recruit" and a[2] == area}
    g.apply(1, act)
    gained = {c for c in range(len(C.block_names))
              if g.owner(c) == 1 and g.loc[c] in (POOL, area) and g.whereabouts[c] >> area & 1}
    # Every block that could have been recruited there may be there now ...
    assert could <= gained
    # ... and only blocks that deploy there (5.4): shields, home cities and cathedrals,
    # bombards in cities.
    for c in gained:
        assert (area in C.shield_areas[c] or C.home_area[c] == area
                or (C.label[c].startswith("Bombard") and C.city[area])), C.block_names[c]
    # The others still in the pool may still be in the pool.
    for c in range(len(C.block_names)):
        if g.owner(c) == 1 and g.loc[c] == POOL:
            assert g.whereabouts[c] & POOL_BIT


def test_the_mask_never_rules_out_the_true_place_in_random_play():
    """Random play, every scenario: a block on the map or in its standing pool always has its
    own place in its mask (the conformance games check the same through tests/invariants)."""
    for scenario in ("1460", "1470", "1483"):
        g = new_game(scenario, seed=5)
        rnd = random.Random(5)
        for _ in range(300):
            if g.is_over:
                break
            s = g.active_sides()[0]
            g.apply(s, rnd.choice(g.legal_actions(s)))
            for b in range(len(C.block_names)):
                bit = place_bit(g.loc[b])
                assert not bit or g.whereabouts[b] & bit


def test_determinize_deals_hidden_blocks_only_where_they_may_be():
    g = new_game("1483", seed=4)
    players = [get_agent("easy", 1), get_agent("easy", 2)]
    rnd = random.Random(3)
    checked = 0
    while not g.is_over and checked < 60:
        s = g.active_sides()[0]
        if len(hidden_enemy_blocks(g, s)) > 3:
            d = determinize(g, s, rnd)
            # The copy forgets its history (whereabouts None); the places are the real game's.
            assert d.whereabouts is None
            for b in hidden_enemy_blocks(g, s):
                assert g.whereabouts[b] & place_bit(d.loc[b]), C.block_names[b]
            checked += 1
        g.apply(s, players[s].choose(g, s))
    assert checked >= 20


def test_a_save_from_before_whereabouts_loads_with_nothing_known():
    g = new_game("1460", seed=1)
    import json
    d = json.loads(g.to_json())
    del d["whereabouts"]
    h = Game.from_json(json.dumps(d))
    for b in range(len(C.block_names)):
        bit = place_bit(h.loc[b])
        assert h.whereabouts[b] == (0 if not bit else (1 << NA) - 1 | POOL_BIT | DOWN_BIT)


# --------------------------------------------------------- seen strength (6.1, 3.11, 8.5)
def _play_until(g, players, done, limit=3000):
    """Apply the agents' choices until ``done(g)`` or the game ends; whether ``done``."""
    for _ in range(limit):
        if done(g):
            return True
        if g.is_over:
            return False
        s = g.active_sides()[0]
        g.apply(s, players[s].choose(g, s))
    return done(g)


def _damaged_and_hidden(g, side):
    """Hidden enemy blocks on the map that ``side`` last saw below full strength."""
    return [b for b in hidden_enemy_blocks(g, side)
            if g.loc[b] < NA and 0 < g.seen_strength[b] < C.max_str[b]]


def test_6_1_a_block_seen_in_battle_is_dealt_at_the_strength_it_was_seen_at():
    """After a battle, the survivors stand up again face-down (6.1), but their losses were
    seen: a determinized copy gives each hidden enemy block the strength its enemy last saw
    it at, or its full strength if it was not seen this campaign."""
    for seed in range(1, 30):
        g = new_game("1483", seed=seed)
        players = [get_agent("easy", seed), get_agent("easy", seed + 1)]
        if _play_until(g, players, lambda g: _damaged_and_hidden(g, 0)):
            break
    else:
        raise AssertionError("no game left a damaged enemy block hidden")
    b = _damaged_and_hidden(g, 0)[0]
    assert g.strength[b] <= g.seen_strength[b]          # steps are lost, not gained (3.11)
    rnd = random.Random(1)
    for _ in range(20):
        d = determinize(g, 0, rnd)
        for c in hidden_enemy_blocks(g, 0):
            if d.loc[c] < NA:
                assert d.strength[c] == (g.seen_strength[c] or C.max_str[c]), C.block_names[c]


def test_8_5_the_reset_forgets_the_strengths_seen():
    """Every block is raised to full strength at the campaign reset (8.5), so what was seen
    of its damage no longer holds. (That a block off the map has none seen, for it comes back
    at full strength, 5.4, is an invariant: tests/invariants.py.)"""
    g = new_game("1460", seed=2)
    players = [get_agent("easy", 3), get_agent("easy", 4)]
    assert _play_until(g, players, lambda g: any(g.seen_strength))
    assert _play_until(g, players, lambda g: g.campaign > g.first_campaign)
    # Whatever was seen before the reset is gone; anything seen since is the present strength
    # of a block on the map.
    for b, st in enumerate(g.seen_strength):
        assert not st or (g.loc[b] < NA and g.strength[b] <= st), C.block_names[b]
    from richard3.politics import campaign_reset
    campaign_reset(g)
    assert not any(g.seen_strength)


def test_a_save_checks_the_seen_strengths_and_one_without_them_has_none():
    import json
    g = new_game("1483", seed=1)
    d = json.loads(g.to_json())
    del d["seen_strength"]
    assert not any(Game.from_json(json.dumps(d)).seen_strength)
    b = next(b for b in range(len(C.block_names)) if g.loc[b] < NA and C.max_str[b] < 4)
    for bad in (C.max_str[b] + 1, -1, "3"):
        d["seen_strength"] = [0] * len(C.block_names)
        d["seen_strength"][b] = bad
        with pytest.raises(ValueError, match=r"seen_strength"):
            Game.from_json(json.dumps(d))
    off = next(b for b in range(len(C.block_names)) if g.loc[b] >= NA)
    d["seen_strength"] = [0] * len(C.block_names)
    d["seen_strength"][off] = 1
    with pytest.raises(ValueError, match=rf"seen_strength\[{off}\]"):
        Game.from_json(json.dumps(d))
