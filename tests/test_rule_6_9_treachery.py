"""6.9 treachery rolls, 6.91 Warwick and the Nevilles, the Treason card, and 9.1 Clarence and
Exeter defecting."""

from battle_setup import A, B, C, Dice, act, actor, battle, texts, turn_order

from richard3.battle import LAST_N
from richard3.ids import DEAD, OFF

LANC, YORK = 0, 1


def rolls(g):
    return sorted(t for t in texts(g) if t.startswith("treachery"))


def test_6_9_the_king_rolls_once_per_battle_instead_of_firing(monkeypatch):
    g = battle({"Henry VI": "Kent", "Stanley/Y": "Kent", "Hastings": "Kent", "York": "Ireland"},
               "Kent", YORK, {"Stanley/Y": "Sussex", "Hastings": "Sussex"}, king=LANC)
    assert actor(g) == "Henry VI"
    assert rolls(g) == ["treachery Stanley/Y"]      # Hastings is a rose: never defects
    Dice(monkeypatch, 3)                            # loyalty 1: one die, odd
    act(g, "treachery Stanley/Y")
    assert g.loc[B["Stanley/Y"]] == A["Kent"]
    turn_order(g)                                   # the rest of round 1
    assert actor(g) == "Henry VI" and rolls(g) == []   # no second roll in this battle


def test_6_9_all_even_dice_defect_to_the_rollers_reserve_at_current_strength(monkeypatch):
    g = battle({"Henry VI": "Kent", "Stanley/Y": "Kent", "Hastings": "Kent", "York": "Ireland"},
               "Kent", YORK, {"Stanley/Y": "Sussex", "Hastings": "Sussex"}, king=LANC,
               strengths={"Stanley/Y": 2})
    Dice(monkeypatch, 4)
    act(g, "treachery Stanley/Y")
    new = B["Stanley/L"]
    assert g.loc[B["Stanley/Y"]] == OFF
    assert g.loc[new] == A["Kent"] and g.strength[new] == 2 and g.reserve[new] == 1
    assert g.shown[new] == 1                        # the defection is seen by both sides
    assert turn_order(g) == ["Hastings"]            # Stanley waits for the next round
    assert "Stanley/L" in turn_order(g)


def test_6_9_dice_equal_the_target_loyalty_on_its_own_side(monkeypatch):
    # Rivers is loyalty 1 as a Lancastrian, 2 as a Yorkist (3.13).
    g = battle({"York": "Kent", "Rivers/L": "Kent", "Oxford": "Kent", "Henry VI": "Middlesex"},
               "Kent", YORK, {"York": "Sussex"}, king=LANC)
    act(g, "pass")                                  # Oxford
    act(g, "pass")                                  # Rivers
    Dice(monkeypatch, 2)
    act(g, "treachery Rivers/L")                    # the PRETENDER rolls one die
    assert g.battle[LAST_N] == 1 and g.loc[B["Rivers/Y"]] == A["Kent"]


def test_6_91_kent_and_salisbury_are_loyalty_1_against_warwick_2_otherwise(monkeypatch):
    g = battle({"Warwick/L": "Kent", "Henry VI": "Kent", "Kent/Y": "Kent",
                "Salisbury/Y": "Kent", "York": "Ireland"}, "Kent", YORK,
               {"Kent/Y": "Sussex", "Salisbury/Y": "Sussex"}, king=LANC)
    act(g, "pass")                                  # Kent (A2)
    assert actor(g) == "Henry VI"
    Dice(monkeypatch, 2, 3)
    act(g, "treachery Salisbury/Y")                 # the KING: two dice
    assert g.battle[LAST_N] == 2
    assert actor(g) == "Warwick/L"
    Dice(monkeypatch, 2)
    act(g, "treachery Kent/Y")                      # Warwick: one die
    assert g.battle[LAST_N] == 1 and g.loc[B["Kent/L"]] == A["Kent"]


def test_6_91_warwick_never_rolls_on_northumberland_or_westmoreland():
    g = battle({"Warwick/Y": "Kent", "Northumberland/L": "Kent", "Westmoreland/L": "Kent",
                "Stanley/L": "Kent", "Henry VI": "Middlesex", "York": "Ireland"}, "Kent", YORK,
               {"Warwick/Y": "Sussex"}, king=LANC)
    while actor(g) != "Warwick/Y":
        act(g, "pass")
    assert rolls(g) == ["treachery Stanley/L"]


def test_6_9_a_defected_block_cannot_be_rolled_back_in_the_same_battle(monkeypatch):
    g = battle({"Henry VI": "Kent", "Stanley/Y": "Kent", "York": "Kent", "Oxford": "Kent"},
               "Kent", YORK, {"Stanley/Y": "Sussex", "York": "Sussex"}, king=LANC)
    Dice(monkeypatch, 2)
    act(g, "pass")                                  # Oxford
    act(g, "treachery Stanley/Y")                   # Henry VI: Stanley defects
    turn_order(g)                                   # the rest of round 1
    while actor(g) != "York":
        act(g, "pass")
    assert "treachery Stanley/L" not in rolls(g)


def test_6_9_treason_card_rolls_once_before_a_battle_without_king_or_warwick(monkeypatch):
    g = battle({"Stanley/Y": "Kent", "Hastings": "Kent", "Oxford": "Kent",
                "Henry VI": "Middlesex", "York": "Ireland"}, "Kent", YORK,
               {"Stanley/Y": "Sussex", "Hastings": "Sussex"}, treason=LANC, king=LANC)
    assert g.active_sides() == [LANC] and g.battle[2] == 0
    assert texts(g) == ["treason Stanley/Y", "no treason"]
    Dice(monkeypatch, 6)
    act(g, "treason Stanley/Y")
    assert g.loc[B["Stanley/L"]] == A["Kent"] and g.reserve[B["Stanley/L"]] == 1
    assert g.treason == -1 and g.battle[2] == 1     # used up; round 1 begins


def test_6_9_treason_roll_may_be_kept_for_another_battle():
    g = battle({"Stanley/Y": "Kent", "Oxford": "Kent", "Rivers/Y": "Sussex",
                "Beaumont": "Sussex", "Henry VI": "Middlesex", "York": "Ireland"}, "Kent", YORK,
               {"Stanley/Y": "Middlesex"}, treason=LANC, king=LANC,
               p1=YORK)
    g.attacker[A["Sussex"]] = YORK
    act(g, "battle Kent")
    act(g, "no treason")
    assert g.treason == LANC and g.battle[2] == 1


def test_9_1_clarence_cannot_defect_while_pretender_but_may_as_a_junior_heir():
    g = battle({"Henry VI": "Kent", "Clarence/Y": "Kent", "Oxford": "Kent"}, "Kent", YORK,
               {"Clarence/Y": "Sussex"}, king=LANC)
    assert g.crowned[YORK] == B["Clarence/Y"]
    while actor(g) != "Henry VI":
        act(g, "pass")
    assert rolls(g) == []
    g2 = battle({"Henry VI": "Kent", "Clarence/Y": "Kent", "Oxford": "Kent",
                 "York": "Ireland"}, "Kent", YORK, {"Clarence/Y": "Sussex"}, king=LANC)
    while actor(g2) != "Henry VI":
        act(g2, "pass")
    assert rolls(g2) == ["treachery Clarence/Y"]



def test_9_1_exeter_may_defect_once_henry_vi_is_dead_as_he_is_not_the_pretender(monkeypatch):
    # 9.1 protects Clarence and Exeter only while they *are* KING or PRETENDER. Henry VI dies
    # in the first battle of the turn; Prince Edward (a minor) will be crowned at the supply
    # phase (6.81, 6.82), so Exeter, the senior Lancaster heir on the map, may be rolled on in
    # the next battle.
    g = battle({"Henry VI": "Kent", "York": "Kent", "Exeter/L": "Essex", "Warwick/Y": "Essex"},
               "Kent", YORK, {"York": "Sussex"}, king=YORK, strengths={"Henry VI": 1})
    essex, warwick = A["Essex"], B["Warwick/Y"]
    g.moved[warwick], g.attacker[essex] = 1, YORK
    g.entry[warwick] = C.border_between[(A["Middlesex"], essex)]
    act(g, "battle Kent")
    act(g, "pass")                                  # Henry VI
    Dice(monkeypatch, 1, 1, 1, 1)
    act(g, "fire")                                  # York kills Henry VI
    assert g.loc[B["Henry VI"]] == DEAD and g.crowned[LANC] == -1
    act(g, "end")                                   # no regroup; the Essex battle begins
    while actor(g) != "Warwick/Y":
        act(g, "pass")
    assert rolls(g) == ["treachery Exeter/L"]

def test_9_1_a_defected_clarence_is_no_heir_of_either_side(monkeypatch):
    g = battle({"Henry VI": "Kent", "Clarence/Y": "Kent", "Oxford": "Kent",
                "York": "Ireland"}, "Kent", YORK, {"Clarence/Y": "Sussex"}, king=LANC)
    while actor(g) != "Henry VI":
        act(g, "pass")
    Dice(monkeypatch, 2)
    act(g, "treachery Clarence/Y")
    assert g.loc[B["Clarence/L"]] == A["Kent"]
    assert B["Clarence/Y"] not in g.heirs_alive(YORK)
    assert B["Clarence/L"] not in g.heirs_alive(LANC)


def test_6_9_warwick_rolls_once_per_battle_whichever_side_he_serves(monkeypatch):
    g = battle({"Warwick/L": "Kent", "Rivers/L": "Kent", "March": "Kent", "Stanley/Y": "Kent",
                "Henry VI": "Middlesex"}, "Kent", LANC,
               {"Warwick/L": "Sussex", "Rivers/L": "Sussex"}, king=YORK)
    act(g, "pass")                                  # March (A3)
    act(g, "pass")                                  # Stanley (B2, Defender)
    assert actor(g) == "Warwick/L"
    Dice(monkeypatch, 3)
    act(g, "treachery Stanley/Y")                   # fails
    act(g, "pass")                                  # Rivers
    assert actor(g) == "March"
    Dice(monkeypatch, 2, 4, 6)
    act(g, "treachery Warwick/L")                   # the KING turns Warwick (loyalty 3)
    assert g.loc[B["Warwick/Y"]] == A["Kent"]
    turn_order(g)                                   # the rest of round 2
    while actor(g) != "Warwick/Y":
        act(g, "pass")
    assert rolls(g) == []                           # his roll of this battle is spent
