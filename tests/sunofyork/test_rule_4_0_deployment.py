"""4.0 Initial Deployment and its less random options, 6.1 Initiative, 6.2.4 Discard, 9.0
scenario setup (eliminations, cards beside the field), 9.2 the random scenario."""

import pytest

from soy_helpers import LANCASTER, YORK, place, position, to_hand
from sunofyork.game import new_game
from sunofyork.state import (BESIDE, COMMIT, COMBAT, DEALT, DEPLOY, DISCARD, DISCARD_STEP,
                             FACE_DOWN, HAND, INITIATIVE, MULLIGAN, OUT, TERRAIN)


def deploy_all(g, pick=lambda acts: acts[0]):
    while g.phase == DEPLOY:
        s = g.active_sides()[0]
        g.apply(s, pick(g.legal_actions(s)))


def count(g, side, where):
    return sum(1 for c in range(1, 111) if g.loc[side][c] == where)


def test_rule_9_1_2_blore_heath_setup_and_eliminations():
    g = new_game("blore_heath", seed=3)
    # York: Salisbury and two Woods placed, 40 eliminated, 16 dealt
    assert count(g, YORK, OUT) == 40
    assert len(g.dealt[YORK]) == 16 and len(g.dealt[LANCASTER]) == 16
    assert len(g.deck[YORK]) == 110 - 3 - 40 - 16
    assert g.stream[LANCASTER] and g.bridge[LANCASTER]
    salisbury = [c for c in g.at[position(YORK, "centre rear")][YORK]
                 if g.decks[YORK][c - 1].key == "salisbury"]
    assert salisbury


def test_rule_4_0_defender_deploys_first_then_the_attacker():
    g = new_game("blore_heath", seed=3)          # Lancaster attacks
    assert g.phase == DEPLOY and g.active_sides() == [YORK]
    while g.active_sides() == [YORK]:
        g.apply(YORK, g.legal_actions(YORK)[0])
    assert g.active_sides() == [LANCASTER] and g.phase == DEPLOY


def test_rule_4_0_sixteen_dealt_twelve_deployed_four_kept():
    g = new_game("northampton", seed=5)
    deploy_all(g)
    for s in (0, 1):
        # four a rear position (all face-up now), four in hand before the reveal's discards
        assert len(g.hand[s]) == 4
    assert g.phase in (INITIATIVE, COMBAT, COMMIT)


def test_rule_4_0_no_more_than_four_face_down_cards_a_position():
    g = new_game("northampton", seed=5)
    s = g.active_sides()[0]
    rear = position(s, "left rear")
    for _ in range(4):
        c = g.dealt[s][0]
        g.apply(s, ("deploy", c, rear))
    assert ("deploy", g.dealt[s][0], rear) not in g.legal_actions(s)


def test_rule_4_0_the_hand_is_filled_by_the_last_cards():
    g = new_game("northampton", seed=5)
    s = g.active_sides()[0]
    while len(g.dealt[s]) > 4:
        acts = [a for a in g.legal_actions(s) if a[0] == "deploy"]
        g.apply(s, acts[0])
    assert g.legal_actions(s) == [("keep", g.dealt[s][0])]


def test_rule_4_0_example_leaders_and_terrain_deployed_are_discarded_on_reveal():
    g = new_game("blore_heath", seed=3)
    # put every card of both deals face-down, none kept until forced
    deploy_all(g, lambda acts: next((a for a in acts if a[0] == "deploy"), acts[0]))
    for s in (0, 1):
        for p in range(9):
            for c in g.at[p][s]:
                card = g.decks[s][c - 1]
                assert not g.flags[s][c] & FACE_DOWN
                placed = s == YORK and card.key == "salisbury" or \
                    s == LANCASTER and card.key == "audley"
                assert card.kind in ("unit", "terrain") or card.type == "Artillery" or placed
        discarded = [g.decks[s][c - 1] for c in g.discard[s]]
        assert all(card.kind != "unit" for card in discarded)


def test_rule_4_0_the_enemys_face_down_cards_are_hidden():
    g = new_game("blore_heath", seed=3)
    while g.active_sides() == [YORK]:
        g.apply(YORK, g.legal_actions(YORK)[0])
    obs = g.observation(LANCASTER)
    hidden = [x for p in obs["field"] for x in p if x.get("hidden")]
    assert hidden and all(x["side"] == YORK for x in hidden)
    assert all("card" not in x for x in hidden)


def test_rule_4_0_option_1_swaps_of_non_troop_cards_give_the_defender_a_bonus():
    g = new_game("blore_heath", seed=3, options=1)
    assert g.phase == MULLIGAN and g.active_sides() == [LANCASTER]   # the attacker first
    swaps = [a for a in g.legal_actions(LANCASTER) if a[0] == "swap"]
    assert all(g.decks[LANCASTER][a[1] - 1].kind != "unit" for a in swaps)
    if not swaps:
        pytest.skip("no non-troop card dealt")
    g.apply(LANCASTER, swaps[0])
    assert len(g.dealt[LANCASTER]) == 16
    g.apply(LANCASTER, ("ready",))
    g.apply(YORK, ("ready",))
    assert g.bonus == [0, 1] and g.phase == DEPLOY


def test_rule_4_0_option_2_fewest_swaps_gains_the_bonus():
    g = new_game("blore_heath", seed=3, options=2)
    assert g.phase == MULLIGAN
    g.apply(LANCASTER, g.legal_actions(LANCASTER)[0])     # one swap
    g.apply(LANCASTER, ("ready",))
    g.apply(YORK, ("ready",))
    assert g.bonus == [0, 1]
    assert count(g, YORK, OUT) == 40           # the scenario's eliminations come after


def test_rule_6_1_example_a_first_turn_tie_goes_to_the_attacker():
    # Example step 3: "York rolls a 3 (modified to 6) and Lancaster also rolls a 3 (modified
    # to a 6)... the initiative falls to the Lancastrians."
    from soy_helpers import rig
    g = rig(new_game("blore_heath", seed=3))
    deploy_all(g)
    # roll again, from the start of turn 1, with the Example's dice
    from sunofyork.turn import roll_initiative
    g.turn, g.initiative = 0, -1
    g.script = [3, 3]
    roll_initiative(g, [])
    assert g.phase == INITIATIVE and g.active_sides() == [LANCASTER]
    # "They opt to let the Yorkists go first"
    g._legal_cache = None
    g.apply(LANCASTER, ("second",))
    assert g.active == YORK


def test_rule_6_2_4_discard_then_draw_to_four_no_reshuffle():
    from soy_helpers import battle
    g = battle(active=YORK, phase=DISCARD_STEP)
    cards = [to_hand(g, YORK, "Longbowmen (1:2/1)") for _ in range(2)]
    g.apply(YORK, ("discard", cards[0]))
    assert g.loc[YORK][cards[0]] == DISCARD
    g.deck[YORK][:] = g.deck[YORK][-2:]      # only two cards left in the deck
    for c in range(1, 111):
        if g.loc[YORK][c] == -1 and c not in g.deck[YORK]:
            g.loc[YORK][c] = OUT
            g.removed[YORK].append(c)
    g.apply(YORK, ("draw",))
    assert len(g.hand[YORK]) == 3 and g.deck[YORK] == []


def test_rule_8_0_king_henry_vi_hand_of_three():
    from soy_helpers import battle
    g = battle("northampton", active=LANCASTER, phase=DISCARD_STEP)
    assert g.henry == 1
    g.apply(LANCASTER, ("draw",))
    assert len(g.hand[LANCASTER]) == 3


def test_rule_9_1_5_wakefield_york_deals_eight():
    g = new_game("wakefield", seed=2)
    assert len(g.dealt[YORK]) == 8 and len(g.dealt[LANCASTER]) == 16
    assert g.active_sides() == [YORK]
    mid = position(YORK, "centre middle")
    # only combat units may join the Duke of York in the middle ground
    for a in g.legal_actions(YORK):
        if a[0] == "deploy" and a[2] == mid:
            assert g.decks[YORK][a[1] - 1].kind == "unit"
    deploy_all(g)
    assert count(g, YORK, OUT) == 50


def test_rule_9_1_20_heworth_moor_centre_only_footsoldiers():
    g = new_game("heworth_moor", seed=4)
    for s in (0, 1):
        assert len(g.dealt[s]) == 8
        live = [g.decks[s][c - 1] for c in range(1, 111) if g.loc[s][c] != OUT]
        assert all(card.kind in ("unit", "leader") for card in live)
        assert all(card.unit_class == "footsoldier" for card in live if card.kind == "unit")
    s = g.active_sides()[0]
    assert {a[2] for a in g.legal_actions(s) if a[0] == "deploy"} == {position(s, "centre rear")}


def test_rule_9_2_random_scenario_cut_and_terrain_in_turn():
    for seed in range(40):
        g = new_game("random", seed=seed)
        deploy_all(g)
        if g.phase == TERRAIN:
            s = g.active_sides()[0]
            assert s == g.attacker
            g.apply(s, ("no_terrain",))
            assert s not in g.active_sides() or g.phase != TERRAIN
            return
    pytest.fail("no random scenario with terrain in hand in 40 seeds")


def test_rule_8_0_margaret_beside_at_second_st_albans():
    g = new_game("st_albans_2", seed=1)
    assert g.margaret_on[LANCASTER] == 1
    marg = [c for c in range(1, 111) if g.decks[LANCASTER][c - 1].type == "Margaret of Anjou"]
    assert g.loc[LANCASTER][marg[0]] == BESIDE


def test_rule_9_1_dealt_cards_are_the_sides_own():
    g = new_game("towton", seed=9)
    assert all(g.loc[YORK][c] == DEALT for c in g.dealt[YORK])
    assert HAND not in [g.loc[YORK][c] for c in g.dealt[YORK]]
    assert place and to_hand


def _henry(g):
    return next(c.id for c in g.decks[LANCASTER] if c.type == "King Henry VI")


def test_rule_8_0_king_henry_vi_dealt_in_a_random_scenario_goes_beside_the_field():
    beside = 0
    for seed in range(30):
        g = new_game("random", seed=seed)
        henry = _henry(g)
        # "You must (upon drawing) play to one side of the battlefield": never in the deal,
        # and a card dealt in his place keeps the deal at sixteen (9.2)
        assert henry not in g.dealt[LANCASTER]
        assert len(g.dealt[LANCASTER]) == 16 and len(g.dealt[YORK]) == 16
        if g.loc[LANCASTER][henry] == BESIDE:
            beside += 1
            assert g.henry == 1 and ("beside", LANCASTER, henry) in g.log
    assert beside                                       # dealt in some of the 30 games


@pytest.mark.parametrize("options", [1, 2])
def test_rule_8_0_king_henry_vi_drawn_as_a_less_random_replacement_goes_beside(options):
    for seed in range(30):
        g = new_game("random", seed=seed, options=options)
        henry = _henry(g)
        if g.loc[LANCASTER][henry] != -1:
            continue
        if g.active_sides() == [YORK]:
            g.apply(YORK, ("ready",))
        swaps = [a for a in g.legal_actions(LANCASTER) if a[0] == "swap"]
        if swaps:
            break
    else:
        pytest.fail("no game with a swap to make in 30 seeds")
    g.deck[LANCASTER].remove(henry)
    g.deck[LANCASTER].append(henry)                     # King Henry VI next off the deck
    g._legal_cache = None
    g.apply(LANCASTER, swaps[0])
    assert g.loc[LANCASTER][henry] == BESIDE and g.henry == 1
    assert len(g.dealt[LANCASTER]) == 16
