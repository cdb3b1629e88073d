"""6.6 retreats and 6.7 regroups."""

from battle_setup import A, B, Dice, act, actor, battle, texts, turn_order

LANC, YORK = 0, 1


def retreats(g):
    return sorted(t[len("retreat "):] for t in texts(g) if t.startswith("retreat"))


def test_6_6_retreat_to_adjacent_friendly_or_vacant_areas_only():
    # Battle in Oxford: Warwick friendly, Leicester enemy, Gloucester contested.
    g = battle({"Warwick/Y": "Oxford", "Beaumont": "Oxford", "Clifford": "Warwick",
                "Norfolk": "Leicester", "Suffolk": "Gloucester", "Devon": "Gloucester",
                "Henry VI": "Lancaster", "York": "Ireland"}, "Oxford", YORK,
               {"Warwick/Y": "Middlesex", "Suffolk": "Wilts"}, p1=YORK)
    g.attacker[A["Gloucester"]] = YORK
    act(g, "battle Oxford")
    turn_order(g)
    assert actor(g) == "Beaumont"
    # Not Leicester (enemy), not Gloucester (contested), not Middlesex (York's way in).
    assert retreats(g) == ["Sussex", "Warwick", "Wilts"]


def test_6_6_a_border_both_sides_crossed_is_open_to_player_2_only():
    g = battle({"Warwick/Y": "Oxford", "Beaumont": "Oxford", "Clifford": "Oxford",
                "Henry VI": "Lancaster", "York": "Ireland"}, "Oxford", YORK,
               {"Warwick/Y": "Middlesex", "Clifford": "Middlesex"}, reserves=["Clifford"],
               p1=YORK)
    turn_order(g)
    assert actor(g) == "Clifford"                   # A2, arrived in round 2
    assert "Middlesex" in retreats(g)               # Lancaster is Player 2
    turn_order(g, rounds=2)                         # to round 4: York must retreat
    while actor(g) != "Warwick/Y":
        act(g, "pass")
    assert "Middlesex" not in retreats(g)           # York, Player 1, may not use it
    assert retreats(g) == ["Gloucester", "Leicester", "Sussex", "Warwick", "Wilts"]


def test_6_6_border_limits_apply_to_retreats_each_round():
    # Derby|Lancaster is a red border: two blocks a round.
    blocks = {"Norfolk": "Derby", "Clifford": "Derby", "Beaumont": "Derby", "Wiltshire": "Derby",
              "Suffolk": "South Yorks", "Hastings": "Chester", "Essex": "Warwick",
              "Arundel": "Lincoln", "Henry VI": "Middlesex", "York": "Ireland"}
    g = battle(blocks, "Derby", YORK, {"Norfolk": "Leicester"})
    turn_order(g)
    assert retreats(g) == ["Lancaster"]
    act(g, "retreat Lancaster")                     # Clifford (A2)
    act(g, "retreat Lancaster")                     # Beaumont
    assert actor(g) == "Wiltshire" and retreats(g) == []
    act(g, "pass")
    act(g, "pass")                                  # Norfolk
    assert g.battle[2] == 3 and actor(g) == "Wiltshire"
    assert retreats(g) == ["Lancaster"]             # a new round, a new count


def test_6_6_piracy_attackers_retreat_only_by_sea_within_the_same_sea_zone():
    g = battle({"Warwick/Y": "Sussex", "Arundel": "Sussex", "Beaumont": "Sussex",
                "Henry VI": "Lancaster", "York": "Ireland", "Clifford": "Kent"}, "Sussex", YORK,
               {"Warwick/Y": "sea", "Arundel": "sea"})
    turn_order(g, rounds=3)
    while actor(g) != "Arundel":
        act(g, "pass")
    # English Channel coast, friendly or vacant (Kent is Lancastrian): no land retreat.
    assert retreats(g) == ["Calais", "Cornwall", "Dorset"]      # not France (2.7)
    act(g, "retreat Calais")
    assert g.loc[B["Arundel"]] == A["Calais"]


def test_6_7_victor_regroups_with_reserves_to_friendly_or_vacant_within_border_limits(
        monkeypatch):
    g = battle({"Norfolk": "Derby", "Suffolk": "Derby", "Hastings": "Derby", "Essex": "Derby",
                "Clifford": "Derby", "Beaumont": "Lancaster", "Henry VI": "Middlesex",
                "York": "Ireland"}, "Derby", YORK,
               {"Norfolk": "South Yorks", "Suffolk": "South Yorks", "Hastings": "South Yorks",
                "Essex": "Leicester"}, reserves=["Essex"], strengths={"Clifford": 1})
    Dice(monkeypatch, 6, 1, 1, 1, 1)
    act(g, "fire")                                  # Clifford misses
    act(g, "fire")                                  # Hastings kills Clifford: York wins
    moves = texts(g, YORK)
    assert moves[-1] == "end"
    areas = {m.split(" > ")[1] for m in moves[:-1]}
    assert "Lancaster" not in areas                 # enemy-held: never
    assert "regroup Essex: Derby > Leicester" in moves     # a Reserve regroups too
    for name in ("Norfolk", "Suffolk", "Hastings"):
        act(g, f"regroup {name}: Derby > Leicester", YORK)
    # Derby|Leicester is blue: three blocks; the fourth may not follow.
    assert "regroup Essex: Derby > Leicester" not in texts(g, YORK)
    act(g, "end", YORK)
    assert g.battle == [] and g.loc[B["Essex"]] == A["Derby"]


def test_6_7_a_victor_that_cannot_regroup_is_told_so_and_the_battle_ends(monkeypatch):
    """Lancaster holds Cornwall against York's attack from Dorset, with York also in Somerset:
    every way out is enemy-held, so the log says no block can regroup (not "it may regroup"
    followed by nothing) and the battle ends without a regroup decision."""
    g = battle({"Norfolk": "Cornwall", "Devon": "Cornwall", "Suffolk": "Somerset",
                "Hastings": "Dorset", "Henry VI": "Middlesex", "York": "Ireland"},
               "Cornwall", YORK, {"Norfolk": "Dorset"}, strengths={"Norfolk": 1})
    Dice(monkeypatch, 1, 1, 1, 1)
    while g.battle:
        act(g, "fire")
    won = [x for x in g.log if "wins the battle in Cornwall" in x]
    assert won == ["Lancaster wins the battle in Cornwall: every block of the other side is "
                   "gone; no block of it can regroup (6.7)."]
    assert g.loc[B["Devon"]] == A["Cornwall"]


def test_6_6_a_border_a_defender_crossed_before_the_attack_stays_open_to_the_enemy():
    # York (Player 1) moved Norfolk from East Anglia into vacant Essex; Lancaster then
    # attacked Essex from Middlesex. Norfolk did not enter a battle: East Anglia stays open.
    g = battle({"Norfolk": "Essex", "Oxford": "Essex", "York": "Ireland",
                "Henry VI": "Lancaster"}, "Essex", LANC,
               {"Norfolk": "East Anglia", "Oxford": "Middlesex"}, p1=YORK)
    turn_order(g, rounds=3)
    assert g.battle[2] == 4 and actor(g) == "Oxford"    # the Attacker must retreat
    assert retreats(g) == ["East Anglia", "Leicester", "Middlesex", "Rutland"]
