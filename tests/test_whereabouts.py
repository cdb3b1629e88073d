"""Whereabouts (Fog-of-War): what each side knows of where the enemy's face-down blocks are,
from public history only (``richard3.whereabouts``; used by the AI's determinization)."""

from __future__ import annotations

import random

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
