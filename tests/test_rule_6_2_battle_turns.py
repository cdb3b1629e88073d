"""6.1 battle sequence and 6.2 battle turns (with the rulebook's Battle example)."""

import pytest
from battle_setup import A, B, C, Dice, act, actor, battle, position, texts, turn_order

from richard3 import IllegalAction

from richard3.sequence import begin
from richard3.ids import BATTLE, SUPPLY

LANC, YORK = 0, 1


def test_6_2_rulebook_battle_example_herbert_rivers_clarence():
    # "Herbert (A2) and Clarence (B2) attack Rivers (B2). The Battle Turn sequence for each
    # round is: Herbert (A2), Rivers (B2), and Clarence (B2)."
    g = battle({"Herbert": "Warwick", "Clarence/Y": "Warwick", "Rivers/L": "Warwick"},
               "Warwick", YORK, {"Herbert": "Chester", "Clarence/Y": "Chester"})
    assert turn_order(g, rounds=3) == ["Herbert", "Rivers/L", "Clarence/Y"] * 3


def test_6_1_player_1_picks_the_order_of_battles_then_the_next():
    blocks = {"Warwick/Y": "Kent", "Oxford": "Kent", "March": "Sussex", "Devon": "Sussex",
              "Henry VI": "Middlesex", "York": "Ireland"}
    g = battle(blocks, "Kent", YORK, {"Warwick/Y": "Sussex"}, p1=LANC,
               extra={"Henry VI": "Middlesex"})
    g.attacker[A["Sussex"]] = YORK
    assert g.active_sides() == [LANC]
    assert sorted(texts(g)) == ["battle Kent", "battle Sussex"]
    act(g, "battle Sussex")
    assert g.battle[0] == A["Sussex"]
    # The other side may not choose.
    with pytest.raises(IllegalAction):
        g.apply(YORK, "battle Kent")


def test_6_1_single_battle_starts_at_once_and_none_goes_to_supply():
    g = battle({"Warwick/Y": "Kent", "Oxford": "Kent", "York": "Ireland",
                "Henry VI": "Middlesex"}, "Kent", YORK, {"Warwick/Y": "Sussex"})
    assert g.phase == BATTLE and g.battle[0] == A["Kent"]
    quiet = position({"York": "Ireland", "Henry VI": "Middlesex"})
    quiet.played, quiet.revealed, quiet.p1 = [0, 1], 1, 0
    begin(quiet, BATTLE)
    assert quiet.phase == SUPPLY or quiet.turn == 2


def test_6_1_blocks_are_revealed_to_both_sides_during_the_battle_and_hidden_after(monkeypatch):
    g = battle({"Warwick/Y": "Kent", "Oxford": "Kent", "York": "Ireland",
                "Henry VI": "Middlesex"}, "Kent", YORK, {"Warwick/Y": "Sussex"})
    for side, enemy in ((LANC, "Warwick/Y"), (YORK, "Oxford")):
        obs = g.observation(side)
        assert enemy in [r["block"] for r in obs["revealed"]]
        assert {b["block"] for b in obs["battle"]["blocks"]} == {"Warwick/Y", "Oxford"}
    Dice(monkeypatch, 1, 1, 1, 1, 1, 1, 1)      # Oxford A2 then Warwick B3 fire
    act(g, "fire")                               # Oxford: 3 hits on Warwick (4 -> 1)
    act(g, "fire")                               # Warwick: 1 hit on Oxford
    while g.phase == BATTLE:
        act(g, texts(g)[0] if texts(g)[0] != "fire" else "pass")
    assert g.shown == [0] * len(g.shown)
    assert g.observation(LANC)["revealed"] == [] and g.observation(YORK)["revealed"] == []


def test_6_2_defenders_go_before_attackers_within_a_letter():
    g = battle({"Oxford": "Essex", "Clifford": "Essex", "Kent/Y": "Essex", "Herbert": "Essex",
                "Hastings": "Essex"}, "Essex", YORK,
               {"Kent/Y": "Middlesex", "Herbert": "Middlesex", "Hastings": "Middlesex"})
    assert turn_order(g) == ["Oxford", "Clifford", "Herbert", "Kent/Y", "Hastings"]


def test_6_2_no_retreat_in_round_1_but_from_round_2():
    g = battle({"Warwick/Y": "Kent", "Oxford": "Kent", "York": "Ireland",
                "Henry VI": "Middlesex"}, "Kent", YORK, {"Warwick/Y": "Sussex"})
    assert actor(g) == "Oxford" and not [t for t in texts(g) if t.startswith("retreat")]
    turn_order(g)
    assert g.battle[2] == 2 and actor(g) == "Oxford"
    assert "retreat Sussex" not in texts(g)        # the border York used to attack (6.6)
    assert texts(g) == ["fire", "pass", "retreat Middlesex"]     # friendly Middlesex


def test_6_2_attackers_must_retreat_in_round_4_and_the_defender_wins():
    g = battle({"Warwick/Y": "Oxford", "Beaumont": "Oxford", "York": "Ireland",
                "Henry VI": "Lancaster"}, "Oxford", YORK, {"Warwick/Y": "Leicester"})
    turn_order(g, rounds=3)
    assert g.battle[2] == 4
    act(g, "pass")                                  # Beaumont, the Defender, may still pass
    assert actor(g) == "Warwick/Y"
    # Only retreats, by any border but Lancaster's (none here): back to Leicester too.
    assert sorted(texts(g)) == ["retreat Gloucester", "retreat Leicester", "retreat Middlesex",
                                "retreat Sussex", "retreat Warwick", "retreat Wilts"]
    act(g, "retreat Wilts")
    assert g.loc[B["Warwick/Y"]] == A["Wilts"]
    assert any("Lancaster wins the battle in Oxford" in line for line in g.log)


def test_6_2_a_forced_retreat_with_one_way_out_is_applied_by_the_engine():
    g = battle({"Warwick/Y": "Kent", "Oxford": "Kent", "York": "Ireland",
                "Henry VI": "Middlesex"}, "Kent", YORK, {"Warwick/Y": "Sussex"})
    turn_order(g, rounds=3)
    act(g, "pass")                                  # Oxford in round 4
    assert g.loc[B["Warwick/Y"]] == A["Sussex"]
    assert texts(g, LANC) == ["regroup Oxford: Kent > Middlesex", "end"]     # 6.7


def test_6_2_attacker_unable_to_retreat_in_round_4_is_eliminated():
    # Sussex (the way in) and Middlesex (held by Lancaster) are closed: no way out.
    g = battle({"Kent/Y": "Kent", "Oxford": "Kent", "Beaumont": "Sussex",
                "Clifford": "Middlesex", "York": "Ireland", "Henry VI": "Middlesex"},
               "Kent", YORK, {"Kent/Y": "Sussex"})
    g.attacker[A["Sussex"]] = -1
    turn_order(g, rounds=3)
    assert g.battle[2] == 4
    act(g, "pass")
    assert g.loc[B["Kent/Y"]] >= len(C.area_names)      # eliminated without a decision
    assert any("Kent/Y is eliminated" in line and "no retreat" in line for line in g.log)


def test_6_2_bombard_is_A3_in_round_1_then_D3():
    g = battle({"Bombard/L": "Middlesex", "Beaumont": "Middlesex", "Kent/Y": "Middlesex",
                "Henry VI": "Lancaster", "York": "Ireland"}, "Middlesex", YORK,
               {"Kent/Y": "Kent"})
    # Round 1: the bombard (A3) goes with the A blocks, before Beaumont (B2).
    assert turn_order(g) == ["Bombard/L", "Kent/Y", "Beaumont"]
    # Round 2: the bombard is D3 and goes last.
    assert turn_order(g) == ["Kent/Y", "Beaumont", "Bombard/L"]


def test_6_2_bombard_arriving_as_a_reserve_is_D3_throughout():
    g = battle({"Bombard/Y": "Middlesex", "Kent/Y": "Middlesex", "Oxford": "Middlesex",
                "Henry VI": "Lancaster", "York": "Ireland"}, "Middlesex", YORK,
               {"Kent/Y": "Kent", "Bombard/Y": "Sussex"}, reserves=["Bombard/Y"])
    assert turn_order(g) == ["Oxford", "Kent/Y"]        # the Reserve waits in round 1
    assert turn_order(g) == ["Oxford", "Kent/Y", "Bombard/Y"]
    rating = {b["block"]: b["rating"] for b in g.observation(LANC)["battle"]["blocks"]}
    assert rating["Bombard/Y"] == "D3"


def test_6_1_public_battle_record_shows_sides_round_turn_blocks_and_last_roll(monkeypatch):
    import json
    g = battle({"Warwick/Y": "Kent", "Oxford": "Kent", "York": "Ireland",
                "Henry VI": "Middlesex"}, "Kent", YORK, {"Warwick/Y": "Sussex"})
    Dice(monkeypatch, 6, 6, 2)
    act(g, "fire")                                   # Oxford: A2 (no shield in Kent)
    rec = g.observation(YORK)["battle"]
    json.dumps(rec)
    assert rec["area"] == "Kent" and rec["attacker"] == "York" and rec["defender"] == "Lancaster"
    assert rec["round"] == 1 and rec["turn"] == "Warwick/Y" and rec["deciding"] == ["York"]
    blocks = {b["block"]: b for b in rec["blocks"]}
    assert blocks["Oxford"]["rating"] == "A2" and blocks["Oxford"]["strength"] == 3
    assert blocks["Warwick/Y"]["initiative"] == "B" and blocks["Warwick/Y"]["strength"] == 3
    assert rec["last_roll"] == {"block": "Oxford", "kind": "fire", "target": None,
                                "firepower": 2, "dice": [6, 6, 2], "hits": 1}
    assert rec == g.observation(LANC)["battle"]
