"""7.1, 7.2 in the search levels (issue 57, the position suite's class ``supply``): no move, sea
move or regroup that leaves a friendly area over its supply limit with no battle there, in the
search's candidates, its activations' moves and its play-outs (``search.supply_limits``)."""

from __future__ import annotations

import random

from helpers import A, B, activation_values, game_in_action

from richard3.actions import Action
from richard3.ai.search import SearchAgent, no_supply_cost, supply_costs, supply_limits

LANC = 0
#: Lancaster: four blocks in Derby (no city: it supplies four), two in Leicester to move.
FOUR_IN_DERBY = {"Oxford": "Derby", "Beaumont": "Derby", "Clifford": "Derby", "Devon": "Derby",
                 "Wiltshire": "Leicester", "Pembroke": "Leicester",
                 "Henry VI": "Lancaster", "York": "Ireland"}


def derby_game(extra=None, activate=True):
    """Lancaster's action phase with FOUR_IN_DERBY (and ``extra``), Leicester activated."""
    g = game_in_action(LANC, 4, positions={**FOUR_IN_DERBY, **(extra or {})}, clear=True)
    if activate:
        g.apply(LANC, "activate Leicester")
    return g


def into(legal, area: str) -> list:
    return [a for a in legal if a[0] in ("move", "sea", "regroup") and a[-1] == A[area]]


def test_7_1_the_search_drops_every_move_into_a_full_friendly_area():
    g = derby_game()
    legal = g.legal_actions(LANC)
    full = into(legal, "Derby")
    assert full                                   # Wiltshire and Pembroke may go there
    costs = dict(zip(legal, supply_costs(g, LANC, legal)))
    assert all(costs[a] == 1 for a in full)
    assert all(costs[a] == 0 for a in legal if a not in full)
    kept = supply_limits(g, LANC, legal)
    assert not into(kept, "Derby")
    assert set(kept) == set(legal) - set(full) and "end" in {str(a) for a in kept}


def test_7_1_a_city_supplies_five_blocks():
    # Warwick holds a city (Coventry): a fifth block there is within its limit, a sixth not.
    g = derby_game({"Oxford": "Warwick", "Beaumont": "Warwick", "Clifford": "Warwick",
                    "Devon": "Warwick"})
    legal = g.legal_actions(LANC)
    assert into(legal, "Warwick") and into(supply_limits(g, LANC, legal), "Warwick")
    g = derby_game({"Oxford": "Warwick", "Beaumont": "Warwick", "Clifford": "Warwick",
                    "Devon": "Warwick", "Buckingham/L": "Warwick"})
    assert not into(supply_limits(g, LANC, g.legal_actions(LANC)), "Warwick")


def test_7_1_a_move_into_an_area_with_an_enemy_block_is_a_battle_not_a_supply_loss():
    g = derby_game({"March": "Derby"})
    legal = g.legal_actions(LANC)
    assert into(legal, "Derby") and set(supply_limits(g, LANC, legal)) == set(legal)


def test_7_1_a_block_from_one_overstacked_area_to_another_adds_no_loss():
    # Leicester over its limit (five blocks): one of them into full Derby loses no more steps.
    g = derby_game({"Buckingham/L": "Leicester", "Rivers/L": "Leicester",
                    "Wiltshire": "Leicester", "Shrewsbury/L": "Leicester"})
    legal = g.legal_actions(LANC)
    assert into(legal, "Derby")
    assert all(c == 0 for c in supply_costs(g, LANC, into(legal, "Derby")))


def test_7_1_regroups_and_sea_moves_are_costed_too():
    g = derby_game()
    regroup = Action("regroup", B["Wiltshire"], A["Leicester"], A["Derby"])
    sea = Action("sea", B["Pembroke"], A["Leicester"], A["Derby"])
    assert supply_costs(g, LANC, [regroup, sea, Action("end")]) == [1, 1, 0]


def test_7_2_an_exiles_own_mercenary_does_not_count_against_its_limit():
    g = derby_game({"Exeter/L": "France", "Somerset": "France", "Kent/L": "France",
                    "Salisbury/L": "France", "French Mercenary": "Kent", "Rivers/L": "Kent"})
    merc = Action("sea", B["French Mercenary"], A["Kent"], A["France"])
    noble = Action("sea", B["Rivers/L"], A["Kent"], A["France"])
    assert supply_costs(g, LANC, [merc, noble]) == [0, 1]


class _Packer(SearchAgent):
    """A search whose value only wants Lancaster's blocks in Derby: without the rule its
    every choice would pack them there."""

    def value(self, g, side):
        return float(sum(1 for b in range(len(g.loc)) if g.loc[b] == A["Derby"]
                         and g.owner(b) == side))


def test_7_1_the_searchs_play_outs_keep_to_the_limits():
    g = derby_game()
    agent = _Packer(1, samples=2, width=100)
    for k in range(5):
        choice = agent.policy(g, LANC, random.Random(k))
        assert choice[-1] != A["Derby"], str(choice)


def test_7_1_the_searchs_decision_keeps_to_the_limits():
    g = derby_game()
    for seed in (1, 2):
        choice = _Packer(seed, samples=2, width=100).choose(g.copy(), LANC)
        assert choice[-1] != A["Derby"], str(choice)


def test_7_1_an_activation_is_valued_by_the_moves_the_limits_leave():
    g = derby_game(activate=False)
    base, free, kept = activation_values(g, LANC, "Leicester", _Packer(1).value, no_supply_cost)
    assert free == base + 2             # both Leicester blocks into Derby
    assert kept == base                 # moves elsewhere only: Derby's four stay four
