"""6.3 battle reserves: Main Attack and Reserves, arrival in round 2, immediate deployment,
the change of control in round 1, and Player 2's reinforcements."""

from battle_setup import A, B, C, Dice, act, actor, battle, texts, turn_order
from helpers import game_in_action

LANC, YORK = 0, 1

# The rulebook's example: York attacks Essex from Rutland with 3 blocks (the Main Attack) and
# from Middlesex with 2; Lancaster defends with 2 and moves 3 more in from East Anglia.
EXAMPLE = {"Norfolk": "Essex", "Suffolk": "Essex", "Hastings": "Essex", "Arundel": "Essex",
           "Kent/Y": "Essex", "Oxford": "Essex", "Beaumont": "Essex", "Clifford": "Essex",
           "Wiltshire": "Essex", "Devon": "Essex", "York": "Ireland", "Henry VI": "Lancaster"}
ENTRIES = {"Norfolk": "Rutland", "Suffolk": "Rutland", "Hastings": "Rutland",
           "Arundel": "Middlesex", "Kent/Y": "Middlesex", "Clifford": "East Anglia",
           "Wiltshire": "East Anglia", "Devon": "East Anglia"}
RESERVES = ["Arundel", "Kent/Y", "Clifford", "Wiltshire", "Devon"]


def example():
    return battle(EXAMPLE, "Essex", YORK, ENTRIES, reserves=RESERVES)


def test_6_3_rulebook_example_round_1_is_the_main_attack_against_the_defenders():
    g = example()
    assert turn_order(g) == ["Oxford", "Beaumont", "Hastings", "Suffolk", "Norfolk"]
    assert turn_order(g) == ["Oxford", "Clifford", "Kent/Y", "Devon", "Beaumont", "Wiltshire",
                             "Hastings", "Suffolk", "Norfolk", "Arundel"]


def test_6_3_reserves_stay_hidden_until_they_arrive_in_round_2():
    g = example()
    seen_by_york = {r["block"] for r in g.observation(YORK)["revealed"]}
    assert seen_by_york == {"Oxford", "Beaumont"}
    record = g.observation(YORK)["battle"]
    assert record["hidden_reserves"] == {"Lancaster": 3, "York": 2}
    assert not any("Clifford" in line for line in g.log_for(YORK))
    turn_order(g)
    seen_by_york = {r["block"] for r in g.observation(YORK)["revealed"]}
    assert seen_by_york == {"Oxford", "Beaumont", "Clifford", "Wiltshire", "Devon"}
    assert g.observation(LANC)["battle"]["hidden_reserves"] == {"Lancaster": 0, "York": 0}


def test_6_3_reserves_take_no_hits_in_round_1(monkeypatch):
    g = example()
    Dice(monkeypatch, 1, 1, 1)                    # Oxford A2: 3 hits
    act(g, "fire")
    # Norfolk (4) is the strongest engaged block; Kent and Arundel wait unhurt.
    assert g.strength[B["Norfolk"]] == 1
    assert g.strength[B["Kent/Y"]] == 3 and g.strength[B["Arundel"]] == 3


def test_6_3_when_every_round_1_block_is_gone_the_reserves_deploy_at_once(monkeypatch):
    g = battle({"Worcester": "Essex", "Arundel": "Essex", "Oxford": "Essex",
                "Beaumont": "Essex", "York": "Ireland", "Henry VI": "Lancaster"}, "Essex", YORK,
               {"Worcester": "Rutland", "Arundel": "Middlesex"}, reserves=["Arundel"])
    Dice(monkeypatch, 1, 1, 6)                   # Oxford: 2 hits kill Worcester (2), 1 lost
    act(g, "fire")
    assert g.loc[B["Worcester"]] >= len(C.area_names)
    # Arundel deploys now: revealed, takes hits from Beaumont, but does not fire this round.
    assert g.reserve[B["Arundel"]] == 0 and g.shown[B["Arundel"]] == 1
    assert g.strength[B["Arundel"]] == 3          # the surplus hit of that fire is lost
    assert actor(g) == "Beaumont"
    Dice(monkeypatch, 1, 6, 6)
    act(g, "fire")
    assert g.strength[B["Arundel"]] == 2
    assert g.battle[2] == 2 and actor(g) == "Oxford"   # round 2: Arundel had no round-1 turn
    assert turn_order(g) == ["Oxford", "Beaumont", "Arundel"]


def _hidden_to_york(g, name: str) -> None:
    """Lancaster's block ``name`` waits in Reserve and York knows nothing of it (6.3, rulings.md):
    not revealed, counted as a hidden Reserve, never named in York's log, its strength unseen."""
    b = B[name]
    assert g.reserve[b] == 1 and g.shown[b] == 0
    obs = g.observation(YORK)
    assert name not in {r["block"] for r in obs["revealed"]}
    assert obs["battle"]["hidden_reserves"]["Lancaster"] == 1
    assert name not in {r["block"] for r in obs["battle"]["blocks"]}
    assert not any(name in line for line in g.log_for(YORK))
    assert g.seen_strength[b] == 0


def test_6_3_only_the_side_without_engaged_blocks_deploys_its_reserves(monkeypatch):
    # Both sides hold a Reserve: York's Arundel (from Middlesex) and Lancaster's Clifford
    # (Player 2 reinforcing from East Anglia). York's only round-1 block is killed: the
    # exception deploys the Reserve blocks "for that side", York's, not Lancaster's.
    g = battle({"Worcester": "Essex", "Arundel": "Essex", "Oxford": "Essex",
                "Beaumont": "Essex", "Clifford": "Essex", "York": "Ireland",
                "Henry VI": "Lancaster"}, "Essex", YORK,
               {"Worcester": "Rutland", "Arundel": "Middlesex", "Clifford": "East Anglia"},
               reserves=["Arundel", "Clifford"])
    clifford = B["Clifford"]
    mask = g.whereabouts[clifford]
    Dice(monkeypatch, 1, 1, 6)                   # Oxford: 2 hits kill Worcester (2)
    act(g, "fire")
    assert g.loc[B["Worcester"]] >= len(C.area_names)
    assert g.reserve[B["Arundel"]] == 0 and g.shown[B["Arundel"]] == 1
    assert "Arundel" in {r["block"] for r in g.observation(LANC)["revealed"]}
    _hidden_to_york(g, "Clifford")
    assert g.whereabouts[clifford] == mask       # York learns nothing of where Clifford is
    assert g.observation(LANC)["battle"]["hidden_reserves"] == {"Lancaster": 1, "York": 0}
    deploy = [line for line in g.log_for(LANC) if "deploy at once" in line]
    assert len(deploy) == 1 and "Arundel" in deploy[0] and "Clifford" not in deploy[0]
    assert g.battle[1] == YORK                   # the Attacker's loss changes no roles
    # Beaumont still fires in round 1; Clifford takes no part in it.
    assert actor(g) == "Beaumont"
    act(g, "pass")
    # Round 2: Clifford arrives as usual, revealed, and takes his normal turn.
    assert g.battle[2] == 2
    assert g.reserve[clifford] == 0 and g.shown[clifford] == 1
    assert "Clifford" in {r["block"] for r in g.observation(YORK)["revealed"]}
    assert g.observation(YORK)["battle"]["hidden_reserves"] == {"Lancaster": 0, "York": 0}
    assert g.seen_strength[clifford] == g.strength[clifford]
    assert any("Reserves arrive" in line and "Clifford" in line for line in g.log_for(YORK))
    assert sorted(turn_order(g)) == ["Arundel", "Beaumont", "Clifford", "Oxford"]


def test_6_3_when_the_defender_has_no_engaged_block_the_attackers_reserves_wait(monkeypatch):
    # The mirror case, with the change of control: Lancaster's only defender dies in round 1;
    # Lancaster's Reserve deploys and Lancaster becomes the Attacker, while York's Reserve
    # (Arundel, from Middlesex) stays hidden until round 2.
    g = battle({"Hastings": "Essex", "Worcester": "Essex", "Arundel": "Essex", "Devon": "Essex",
                "Clifford": "Essex", "York": "Ireland", "Henry VI": "Lancaster"}, "Essex", YORK,
               {"Hastings": "Rutland", "Worcester": "Rutland", "Arundel": "Middlesex",
                "Clifford": "East Anglia"},
               reserves=["Arundel", "Clifford"], strengths={"Devon": 1})
    arundel = B["Arundel"]
    assert actor(g) == "Devon"
    act(g, "pass")
    Dice(monkeypatch, 1, 6, 6)
    act(g, "fire")                                 # Hastings kills Devon
    assert g.battle[1] == LANC                     # Lancaster is now the Attacker
    assert g.reserve[B["Clifford"]] == 0 and g.shown[B["Clifford"]] == 1
    assert g.reserve[arundel] == 1 and g.shown[arundel] == 0
    obs = g.observation(LANC)
    assert "Arundel" not in {r["block"] for r in obs["revealed"]}
    assert obs["battle"]["hidden_reserves"] == {"Lancaster": 0, "York": 1}
    assert g.seen_strength[arundel] == 0
    deploy = [line for line in g.log_for(YORK) if "deploy at once" in line]
    assert len(deploy) == 1 and "Clifford" in deploy[0] and "Arundel" not in deploy[0]
    assert actor(g) == "Worcester"                 # Worcester fires as the Defender now
    act(g, "pass")
    assert g.battle[2] == 2
    assert g.reserve[arundel] == 0 and g.shown[arundel] == 1
    assert "Arundel" in {r["block"] for r in g.observation(LANC)["revealed"]}
    assert sorted(turn_order(g)) == ["Arundel", "Clifford", "Hastings", "Worcester"]


def test_6_3_control_changes_when_every_defender_is_gone_in_round_1(monkeypatch):
    # Lancaster defends Essex with Devon; Clifford reinforces it (Player 2, Reserve).
    g = battle({"Hastings": "Essex", "Worcester": "Essex", "Devon": "Essex",
                "Clifford": "Essex", "York": "Ireland", "Henry VI": "Lancaster"}, "Essex", YORK,
               {"Hastings": "Rutland", "Worcester": "Rutland", "Clifford": "East Anglia"},
               reserves=["Clifford"], strengths={"Devon": 1})
    assert actor(g) == "Devon"
    act(g, "pass")
    Dice(monkeypatch, 1, 6, 6)
    act(g, "fire")                                 # Hastings kills Devon
    assert g.battle[1] == LANC                     # Lancaster is now the Attacker
    assert g.reserve[B["Clifford"]] == 0
    # Worcester had not fired: it fires now as the Defender (rulings.md).
    assert actor(g) == "Worcester"
    act(g, "pass")
    turn_order(g, rounds=2)
    assert g.battle[2] == 4
    # Round 4: Worcester and Hastings (Defenders now) act before... Clifford must retreat.
    order = []
    while g.battle and g.battle[2] == 4 and actor(g):
        order.append(actor(g))
        if actor(g) == "Clifford":
            assert all(t.startswith("retreat") for t in texts(g))
        act(g, texts(g)[-1] if actor(g) == "Clifford" else "pass")
    assert "Clifford" in order and g.loc[B["Clifford"]] != A["Essex"]


def test_6_3_player_2_reinforcements_are_reserves_by_at_most_two_borders():
    # York (Player 1) attacked Essex; Lancaster (Player 2) moves in from East Anglia.
    g = game_in_action(LANC, 3, positions={"Norfolk": "Rutland", "Oxford": "Essex",
                                           "Clifford": "East Anglia", "Beaumont": "Leicester",
                                           "Wiltshire": "Middlesex"}, clear=True)
    g.attacker[A["Essex"]] = YORK
    g.loc[B["Norfolk"]] = A["Essex"]
    g.entry[B["Norfolk"]] = C.border_between[(A["Rutland"], A["Essex"])]
    g.moved[B["Norfolk"]] = 1
    g._legal_cache = None
    for area in ("East Anglia", "Leicester", "Middlesex"):
        g.apply(LANC, f"activate {area}")
    g.apply(LANC, "move Clifford: East Anglia > Essex")
    assert g.reserve[B["Clifford"]] == 1
    g.apply(LANC, "move Beaumont: Leicester > Essex")
    assert g.reserve[B["Beaumont"]] == 1
    # A third border is one too many for Player 2.
    assert "move Wiltshire: Middlesex > Essex" not in {str(a) for a in g.legal_actions(LANC)}
