"""6.5 heir charges."""

from battle_setup import B, Dice, act, actor, battle, texts

LANC, YORK = 0, 1
BLOCKS = {"York": "Kent", "March": "Kent", "Oxford": "Kent", "Beaumont": "Kent",
          "Henry VI": "Middlesex"}
ENTRIES = {"York": "Sussex", "March": "Sussex"}


def test_6_5_only_the_senior_heir_present_may_charge_a_named_enemy():
    g = battle(BLOCKS, "Kent", YORK, ENTRIES)
    act(g, "pass")                                  # Oxford (A2, Defender)
    assert actor(g) == "March"                      # A3, but not the senior heir
    assert not [t for t in texts(g) if t.startswith("charge")]
    act(g, "pass")
    act(g, "pass")                                  # Beaumont
    assert actor(g) == "York"
    assert [t for t in texts(g) if t.startswith("charge")] == ["charge Oxford",
                                                               "charge Beaumont"]


def test_6_5_charge_hits_the_named_block_surplus_forfeit_and_a_survivor_fires_back(monkeypatch):
    g = battle(BLOCKS, "Kent", YORK, ENTRIES, strengths={"Beaumont": 2})
    for _ in range(3):
        act(g, "pass")
    dice = Dice(monkeypatch, 1, 6, 6, 6)            # York B3, 4 dice: one hit on Beaumont
    dice.add(2, 6)                                  # Beaumont (B2, 1 left) fires back: 1 hit
    act(g, "charge Beaumont")
    assert g.strength[B["Beaumont"]] == 1
    assert g.strength[B["York"]] == 3
    assert g.strength[B["Oxford"]] == 3             # the stronger Oxford is untouched
    assert g.battle[2] == 2                         # the round is over: Beaumont had its turn


def test_6_5_surplus_hits_of_a_charge_are_forfeit(monkeypatch):
    g = battle(BLOCKS, "Kent", YORK, ENTRIES, strengths={"Beaumont": 1})
    for _ in range(3):
        act(g, "pass")
    Dice(monkeypatch, 1, 1, 1, 1)                   # four hits, one needed
    act(g, "charge Beaumont")
    assert g.strength[B["Oxford"]] == 3             # nothing carries over
    assert g.strength[B["York"]] == 4               # a dead target cannot fire back


def test_6_5_target_fires_back_at_once_and_keeps_its_own_turn(monkeypatch):
    g = battle({"York": "Kent", "Beaumont": "Kent", "Coventry (levy)": "Kent",
                "Henry VI": "Middlesex"}, "Kent", YORK, {"York": "Sussex"})
    act(g, "pass")                                  # Beaumont (B, Defender)
    assert actor(g) == "York"
    Dice(monkeypatch, 6, 6, 6, 6, 6, 6, 6, 6)       # York misses, the levy's 4 dice miss
    act(g, "charge Coventry (levy)")
    assert g.battle[2] == 1 and actor(g) == "Coventry (levy)"
