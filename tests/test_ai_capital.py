"""London held in the search levels (issue 57, the position suite's class ``capital``): no move,
sea move or regroup that takes a side's last block out of London (Middlesex), held alone, where
the enemy may enter it at its next action phase, in the search's candidates, its activations'
moves and its play-outs (``search.capital_kept``)."""

from __future__ import annotations

import random

from helpers import A, B, game_in_action

from richard3.actions import Action
from richard3.ai.normal import rank_actions
from richard3.ai.search import (
    SearchAgent,
    _moves_kept,
    capital_kept,
    enemy_reaches,
    london_emptied,
)
from richard3.ids import OFF

YORK = 1


def london_game(extra=None, rebel=False, activate=True):
    """1483, York's action phase: its Bombard alone in London (Middlesex), Gloucester (the
    KING) in Leicester, Lancaster's Pembroke in Kent next door; ``extra`` more positions;
    ``rebel``: Lancaster's Rebel left in its pool (else off the map)."""
    g = game_in_action(YORK, 3, scenario="1483", clear=True,
                       positions={"Bombard/Y": "Middlesex", "Gloucester": "Leicester",
                                  "Pembroke": "Kent", "Richmond": "Cornwall", **(extra or {})})
    if not rebel:
        g.loc[B["Rebel"]] = OFF
    g._legal_cache = None
    if activate:
        g.apply(YORK, "activate Middlesex")
    return g


def out_of_london(legal) -> list:
    return [a for a in legal if a[0] in ("move", "sea", "regroup") and a[2] == A["Middlesex"]]


def test_london_the_last_block_out_is_dropped_where_the_enemy_walks_in():
    g = london_game()
    legal = g.legal_actions(YORK)
    out = out_of_london(legal)
    assert out                                    # the Bombard may go to five areas and more
    kept = capital_kept(g, YORK, legal)
    assert not out_of_london(kept) and set(kept) == set(legal) - set(out)
    assert "end" in {str(a) for a in kept}


def test_london_a_block_that_is_not_the_last_may_leave():
    g = london_game({"London (levy)": "Middlesex"})
    legal = g.legal_actions(YORK)
    assert out_of_london(legal) and capital_kept(g, YORK, legal) == legal


def test_london_an_heir_alone_there_may_leave():
    # Gloucester, the KING, alone in London with Pembroke next door: his life is worth more
    # than London (the 1460 game against expert: Henry VI kept there and killed); the same
    # position with the Bombard there drops its moves out (the first test)
    g = london_game({"Bombard/Y": "Leicester", "Gloucester": "Middlesex"})
    legal = g.legal_actions(YORK)
    assert out_of_london(legal)
    assert capital_kept(g, YORK, legal) == legal and not london_emptied(g, YORK, legal)


def test_london_may_be_left_where_no_enemy_can_enter_it_next_turn():
    # Pembroke in Cornwall: three areas and more by land, not on London's sea (5.3), no Rebel.
    g = london_game({"Pembroke": "Cornwall"})
    legal = g.legal_actions(YORK)
    assert out_of_london(legal) and capital_kept(g, YORK, legal) == legal


def test_london_reach_by_land_two_areas_by_sea_and_by_the_rebels_recruit():
    g = london_game(activate=False)
    g.loc[B["Bombard/Y"]] = A["Leicester"]        # London vacant
    g._legal_cache = None
    assert enemy_reaches(g, YORK)                 # Pembroke in Kent, next door
    g.loc[B["Pembroke"]] = A["Wilts"]             # two areas away, by Oxford (5.2)
    assert enemy_reaches(g, YORK)
    g.loc[B["Pembroke"]] = A["Cornwall"]
    assert not enemy_reaches(g, YORK)
    g.loc[B["Pembroke"]] = A["Northumbria"]       # far by land, on London's sea (5.3)
    assert enemy_reaches(g, YORK)
    h = london_game({"Pembroke": "Cornwall"}, rebel=True, activate=False)
    h.loc[B["Bombard/Y"]] = A["Leicester"]
    h._legal_cache = None
    assert enemy_reaches(h, YORK)                 # the Rebel deploys in any vacant area (5.4)


def test_london_contested_is_not_held():
    # A Lancastrian block in London (a battle there): nothing held alone, nothing kept.
    g = london_game({"Oxford": "Middlesex"}, activate=False)
    legal = [Action("move", B["Bombard/Y"], A["Middlesex"], A["Essex"]), Action("end")]
    assert london_emptied(g, YORK, legal) == frozenset()


class _Leaver(SearchAgent):
    """A search whose value only wants York's Bombard out of London: without the rule its
    every choice would take it out."""

    def value(self, g, side):
        return 0.0 if g.loc[B["Bombard/Y"]] == A["Middlesex"] else 1.0


def test_london_the_searchs_play_outs_keep_it():
    g = london_game()
    agent = _Leaver(1, samples=2, width=100)
    for k in range(5):
        choice = agent.policy(g, YORK, random.Random(k))
        assert not out_of_london([choice]), str(choice)


def test_london_the_searchs_decision_keeps_it():
    g = london_game()
    for seed in (1, 2):
        choice = _Leaver(seed, samples=2, width=100).choose(g.copy(), YORK)
        assert not out_of_london([choice]), str(choice)


def test_london_an_activation_is_valued_by_the_moves_that_keep_it():
    g = london_game(activate=False)
    legal = g.legal_actions(YORK)
    k = [str(a) for a in legal].index("activate Middlesex")
    agent = _Leaver(1)
    free = {i: v for v, i in rank_actions(g, YORK, legal, random.Random(1), agent.value, 0.5)}
    kept = {i: v for v, i in rank_actions(g, YORK, legal, random.Random(1), agent.value, 0.5,
                                          moves_filter=_moves_kept)}
    assert free[k] == 1.0               # the Bombard out of London
    assert kept[k] == 0.0 - 0.5         # it stays: the activation moves nobody (waste)
