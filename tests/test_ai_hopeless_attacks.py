"""Hopeless attacks in the search levels (issue 57, the position suite's class ``lone-blocks``):
no move into an enemy-held area where the enemy's power there this turn, its reinforcements
counted when it moves second (6.3), is 1.5 times or more that of every block that attacks or
could still join, in the search's candidates, its activations' moves and its play-outs
(``hopeless.hopeless_attacks``)."""

from __future__ import annotations

import random

from helpers import A, activation_values, game_in_action
from helpers import B as BID

from richard3.ai.hopeless import (
    HOPELESS,
    attack_forces,
    battle_powers,
    hopeless,
    hopeless_attacks,
    no_hopeless_attack,
    own_attacks,
)
from richard3.ai.odds import attack_chance
from richard3.ai.search import SearchAgent, _moves_kept

LANC, YORK = 0, 1
HEIRS = {"Henry VI": "Cornwall", "York": "Ireland"}
#: Pembroke (3 steps, firepower 2) alone in Leicester; March, Norfolk and Salisbury next door in
#: Derby (power 9 + 8 + 6 = 23 against 6).
LONE = {"Pembroke": "Leicester", "March": "Derby", "Norfolk": "Derby", "Salisbury/Y": "Derby"}


def game(positions, activate="Leicester", **kw):
    """Lancaster's action phase (Player 1, AP 4; York holds an AP 2 card) with ``positions``
    and the heirs far away, ``activate`` activated."""
    g = game_in_action(LANC, 4, positions={**HEIRS, **positions}, clear=True, **kw)
    if activate:
        g.apply(LANC, f"activate {activate}")
    return g


def into(legal, area: str) -> list:
    return [a for a in legal if a[0] in ("move", "sea") and a[-1] == A[area]]


def test_hopeless_is_an_attack_with_a_twentieth_of_a_chance():
    assert attack_chance(1.0, HOPELESS) <= 0.05


def test_a_lone_block_is_not_sent_against_a_stack_of_three():
    g = game(LONE)
    legal = g.legal_actions(LANC)
    attacks = into(legal, "Derby")
    assert attacks and all(attack_forces(g, LANC, a) == (6, 23) for a in attacks)
    kept = hopeless_attacks(g, LANC, legal)
    assert not into(kept, "Derby")
    assert set(kept) == set(legal) - set(attacks) and "end" in {str(a) for a in kept}


def test_an_attack_the_rest_of_the_stack_can_join_is_kept():
    g = game({**LONE, "Wiltshire": "Leicester", "Beaumont": "Leicester",
              "Clifford": "Leicester", "Oxford": "Leicester"})
    legal = g.legal_actions(LANC)
    assert into(legal, "Derby") and set(hopeless_attacks(g, LANC, legal)) == set(legal)


def test_the_blocks_already_attacking_count():
    g = game({**LONE, "Wiltshire": "Leicester", "Beaumont": "Leicester",
              "Clifford": "Leicester", "Oxford": "Leicester"})
    for name in ("Wiltshire", "Beaumont", "Clifford"):     # a blue border: three
        g.apply(LANC, f"move {name}: Leicester > Derby")
    legal = g.legal_actions(LANC)
    attacks = into(legal, "Derby")
    assert attacks and attack_forces(g, LANC, attacks[0]) == (30, 23)
    assert into(hopeless_attacks(g, LANC, legal), "Derby") == attacks


def test_a_fair_fight_is_kept():
    g = game({"Pembroke": "Leicester", "Wiltshire": "Leicester", "March": "Derby"})
    assert into(hopeless_attacks(g, LANC, g.legal_actions(LANC)), "Derby")


def test_6_3_player_2s_reinforcements_count_while_it_is_still_to_move():
    # Against March alone (9 against 12) the attack is fair; but York, moving second, may
    # bring Norfolk, Salisbury and Warwick from South Yorks (yellow border: 4 blocks).
    near = {"Pembroke": "Leicester", "Wiltshire": "Leicester", "March": "Derby",
            "Norfolk": "South Yorks", "Salisbury/Y": "South Yorks", "Warwick/Y": "South Yorks"}
    g = game(near)
    attack = into(g.legal_actions(LANC), "Derby")[0]
    assert attack_forces(g, LANC, attack) == (12, 9 + 8 + 6 + 12) and hopeless(g, LANC, attack)
    g.p1 = YORK                 # York moved first: nothing more can come
    g._legal_cache = None
    assert attack_forces(g, LANC, attack) == (12, 9) and not hopeless(g, LANC, attack)


def test_5_2_1_reinforcements_keep_to_the_border_limits():
    # Lancaster (the area) to Derby is a red border: two blocks of three may cross it.
    near = {"Pembroke": "Leicester", "Wiltshire": "Leicester", "March": "Derby",
            "Norfolk": "Lancaster", "Salisbury/Y": "Lancaster", "Warwick/Y": "Lancaster"}
    g = game({**near, "Henry VI": "Cornwall"})
    attack = into(g.legal_actions(LANC), "Derby")[0]
    assert attack_forces(g, LANC, attack) == (12, 9 + 12 + 8)


def test_an_enemy_event_that_cannot_reinforce_brings_nothing():
    near = {"Pembroke": "Leicester", "Wiltshire": "Leicester", "March": "Derby",
            "Norfolk": "South Yorks", "Salisbury/Y": "South Yorks", "Warwick/Y": "South Yorks"}
    g = game(near, other="piracy")
    attack = into(g.legal_actions(LANC), "Derby")[0]
    assert not hopeless(g, LANC, attack)


def test_6_3_player_2_reinforcing_a_battle_the_enemy_started_is_not_an_attack():
    # York attacked Pembroke's Leicester first; Lancaster, Player 2, may reinforce it whatever
    # the odds (its own block is there to save).
    g = game_in_action(YORK, 4, positions={**HEIRS, "Pembroke": "Leicester", "March": "Derby",
                                           "Norfolk": "Derby", "Salisbury/Y": "Derby",
                                           "Wiltshire": "Oxford"}, clear=True)
    g.apply(YORK, "activate Derby")
    for name in ("March", "Norfolk", "Salisbury/Y"):
        g.apply(YORK, f"move {name}: Derby > Leicester")
    g.apply(YORK, "end")
    g.apply(LANC, "activate Oxford")
    legal = g.legal_actions(LANC)
    assert into(legal, "Leicester") and into(hopeless_attacks(g, LANC, legal), "Leicester")


def test_6_9_an_attack_with_a_treason_roll_in_hand_is_kept():
    g = game(LONE)
    g.treason = LANC
    g._legal_cache = None
    legal = g.legal_actions(LANC)
    assert into(hopeless_attacks(g, LANC, legal), "Derby") == into(legal, "Derby")


def test_a_hopeless_attack_is_kept_when_nothing_else_is_legal():
    g = game(LONE)
    attacks = into(g.legal_actions(LANC), "Derby")
    assert hopeless_attacks(g, LANC, attacks[:1]) == attacks[:1]
    assert no_hopeless_attack(g, LANC, attacks) == []


class _Attacker(SearchAgent):
    """A search whose value only wants Lancaster's blocks in Derby: without the rule its every
    choice would send Pembroke there."""

    def value(self, g, side):
        return float(sum(1 for b in range(len(g.loc)) if g.loc[b] == A["Derby"]
                         and g.owner(b) == side))


def test_the_searchs_play_outs_send_no_lone_block_to_a_stack():
    g = game(LONE)
    agent = _Attacker(1, samples=2, width=100)
    for k in range(5):
        choice = agent.policy(g, LANC, random.Random(k))
        assert choice[-1] != A["Derby"], str(choice)


def test_the_searchs_decision_sends_no_lone_block_to_a_stack():
    g = game(LONE)
    for seed in (1, 2):
        choice = _Attacker(seed, samples=2, width=100).choose(g.copy(), LANC)
        assert choice[-1] != A["Derby"], str(choice)


def test_an_activation_is_valued_by_the_moves_that_are_not_hopeless():
    g = game(LONE, activate=None)
    base, free, kept = activation_values(g, LANC, "Leicester", _Attacker(1).value, _moves_kept)
    assert free == base + 1             # Pembroke into Derby
    assert kept == base                 # a move elsewhere only


def _weak(positions, block):
    g = game(positions)
    g.strength[BID[block]] = 1
    g._legal_cache = None
    return g


def test_5_2_2_a_pin_that_costs_nothing_that_counts_is_kept():
    # A one-step levy holds March in Derby for the turn: no York block can come to save it.
    g = _weak({"Coventry (levy)": "Leicester", "March": "Derby"}, "Coventry (levy)")
    attack = into(g.legal_actions(LANC), "Derby")[0]
    assert attack_forces(g, LANC, attack) == (2, 9) and not hopeless(g, LANC, attack)


def test_5_2_2_no_pin_with_a_noble_a_stack_or_the_enemy_near():
    noble = _weak({"Pembroke": "Leicester", "March": "Derby"}, "Pembroke")
    stack = _weak({"Coventry (levy)": "Leicester", "March": "Derby", "Norfolk": "Derby"},
                  "Coventry (levy)")
    near = _weak({"Coventry (levy)": "Leicester", "March": "Derby", "Norfolk": "South Yorks"},
                 "Coventry (levy)")
    for g in (noble, stack, near):
        attack = into(g.legal_actions(LANC), "Derby")[0]
        assert hopeless(g, LANC, attack), str(attack)


# ---------------------------------------------------------------- support counted once
#: Pembroke, Wiltshire, Beaumont and Clifford (power 6 each) in Leicester; Derby held by 23
#: (LONE); Northumberland/Y (12) alone in Rutland, next to Leicester, not to Derby.
SPLIT = {"Pembroke": "Leicester", "Wiltshire": "Leicester", "Beaumont": "Leicester",
         "Clifford": "Leicester", "March": "Derby", "Norfolk": "Derby", "Salisbury/Y": "Derby",
         "Northumberland/Y": "Rutland"}


def test_the_end_of_the_action_phase_is_dropped_while_an_attack_needs_its_support():
    g = game({**LONE, "Wiltshire": "Leicester", "Beaumont": "Leicester",
              "Clifford": "Leicester", "Oxford": "Leicester"})
    g.apply(LANC, "move Pembroke: Leicester > Derby")
    assert own_attacks(g, LANC) == [A["Derby"]] and battle_powers(g, LANC, A["Derby"]) == (6, 23)
    legal = g.legal_actions(LANC)
    assert {str(a) for a in set(legal) - set(hopeless_attacks(g, LANC, legal))} == {"end"}
    for name in ("Wiltshire", "Beaumont"):      # 18 against 23: it stands on its own
        g.apply(LANC, f"move {name}: Leicester > Derby")
    assert "end" in {str(a) for a in hopeless_attacks(g, LANC, g.legal_actions(LANC))}


def test_a_support_the_attack_needs_does_not_go_elsewhere():
    g = game({**LONE, "Wiltshire": "Leicester", "Beaumont": "Leicester"})
    g.apply(LANC, "move Pembroke: Leicester > Derby")   # 6 + 12 to come against 23
    legal = g.legal_actions(LANC)
    kept = hopeless_attacks(g, LANC, legal)
    away = [a for a in legal if a[0] == "move" and a[-1] != A["Derby"]]
    assert away and not set(away) & set(kept)
    assert into(kept, "Derby") == into(legal, "Derby")


def test_support_is_counted_once_across_the_sides_attacks():
    """Derby needs two of the three blocks left in Leicester, a second attack on Rutland one:
    the second attack is dropped (each block joins one battle), though on its own it is not
    hopeless; with a fourth block in Leicester both are kept."""
    g = game(SPLIT)
    g.apply(LANC, "move Pembroke: Leicester > Derby")
    legal = g.legal_actions(LANC)
    rutland = into(legal, "Rutland")
    assert rutland and not any(hopeless(g, LANC, a) for a in rutland)
    kept = hopeless_attacks(g, LANC, legal)
    assert not into(kept, "Rutland") and into(kept, "Derby") == into(legal, "Derby")
    g = game({**SPLIT, "Oxford": "Leicester"})
    g.apply(LANC, "move Pembroke: Leicester > Derby")
    legal = g.legal_actions(LANC)
    assert into(hopeless_attacks(g, LANC, legal), "Rutland") == into(legal, "Rutland")
