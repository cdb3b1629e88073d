"""7.1 supply limits, 7.2 exile limits, and 9.1 executions in the supply phase."""

from battle_setup import A, B, act, position, texts

from richard3.describe import describe_decision
from richard3.sequence import begin
from richard3.ids import CARDS, DEAD, MINOR, OFF, POOL_DOWN, SUPPLY


LANC, YORK = 0, 1
HEIRS = {"Henry VI": "Lancaster", "York": "Ireland"}
SIX_IN_DERBY = {"Oxford": "Derby", "Beaumont": "Derby", "Clifford": "Derby",
                "Wiltshire": "Derby", "Devon": "Derby", "Pembroke": "Derby"}


def test_7_1_each_block_over_four_loses_a_step_owner_choice():
    g = position({**SIX_IN_DERBY, **HEIRS})
    begin(g, SUPPLY)
    assert g.phase == SUPPLY and g.active_sides() == [LANC]
    assert len(texts(g)) == 6
    act(g, "reduce Oxford")
    assert "reduce Oxford" not in texts(g)           # each surplus block loses one step
    act(g, "reduce Devon")
    assert g.strength[B["Oxford"]] == 2 and g.strength[B["Devon"]] == 1
    assert g.phase == CARDS and g.turn == 2          # then the next game turn


def test_7_1_city_areas_supply_five_blocks():
    five = dict(list(SIX_IN_DERBY.items())[:5])
    g = position({k: "Middlesex" for k in five} | {"York": "Ireland"})
    begin(g, SUPPLY)
    assert g.phase == CARDS                          # London: five blocks are fine
    g = position({k: "Middlesex" for k in SIX_IN_DERBY} | {"York": "Ireland"})
    begin(g, SUPPLY)
    assert g.phase == SUPPLY and len(texts(g)) == 6


def test_7_1_a_block_eliminated_by_supply_is_treated_as_6_8():
    g = position({**SIX_IN_DERBY, **HEIRS}, strengths={"Devon": 1})
    begin(g, SUPPLY)
    act(g, "reduce Devon")
    assert g.loc[B["Devon"]] == DEAD                 # a rose noble dies (6.83)


def test_7_2_rulebook_example_three_york_exiles_in_ireland_without_the_irish():
    g = position({"York": "Ireland", "Rutland": "Ireland", "Warwick/Y": "Ireland",
                  "Henry VI": "Lancaster"})
    g.loc[B["Irish Mercenary"]] = POOL_DOWN
    begin(g, SUPPLY)
    assert g.active_sides() == [YORK] and len(texts(g)) == 3
    act(g, "reduce Warwick/Y")
    assert g.strength[B["Warwick/Y"]] == 3


def test_7_2_local_mercenaries_do_not_count_and_never_take_the_loss():
    g = position({"York": "Ireland", "Rutland": "Ireland", "Irish Mercenary": "Ireland",
                  "Henry VI": "Lancaster"})
    begin(g, SUPPLY)
    assert g.phase == CARDS                          # two blocks plus the Irish: fine
    g = position({"Exeter/L": "France", "Somerset": "France", "Oxford": "France",
                  "Devon": "France", "Pembroke": "France", "French Mercenary": "France",
                  "Scots Mercenary": "France", "York": "Ireland"})
    begin(g, SUPPLY)
    # Five exiles plus the Scots (not local to France) against four: two lose a step.
    options = texts(g)
    assert "reduce French Mercenary" not in options and "reduce Scots Mercenary" in options
    assert len(options) == 6


def test_9_1_a_defected_clarence_may_be_executed_in_a_supply_phase():
    g = position({"Clarence/L": "Kent", **HEIRS})
    g.loc[B["Clarence/Y"]] = OFF                     # Clarence serves Lancaster
    begin(g, SUPPLY)
    assert g.active_sides() == [LANC]
    assert texts(g) == ["execute Clarence/L", "no execution"]
    act(g, "execute Clarence/L")
    assert g.loc[B["Clarence/L"]] == DEAD and g.loc[B["Clarence/Y"]] == DEAD
    assert g.heirs_lost[YORK] == 1                   # a York minor enters next supply phase
    assert g.loc[B["Gloucester"]] == MINOR
    begin(g, SUPPLY)
    assert texts(g) == ["enter Gloucester: Ireland", "enter Gloucester: Calais"]


def test_9_1_the_captor_may_spare_him():
    g = position({"Clarence/L": "Kent", **HEIRS})
    g.loc[B["Clarence/Y"]] = OFF
    begin(g, SUPPLY)
    act(g, "no execution")
    assert g.loc[B["Clarence/L"]] == A["Kent"] and g.phase == CARDS


def test_9_1_the_execution_is_asked_at_every_supply_phase_in_the_rulebooks_words():
    """9.1: a defected Clarence is no heir of either side, only a noble of his new side, and
    may be executed during any supply phase: the choice comes back each supply phase while
    he is kept, worded so (never "a turned heir")."""
    g = position({"Clarence/L": "Kent", **HEIRS})
    g.loc[B["Clarence/Y"]] = OFF
    for _ in range(2):
        begin(g, SUPPLY)
        decision = describe_decision(g, LANC)
        assert "heir" not in decision["prompt"].replace("not an heir", "")
        assert "has defected to you from York" in decision["prompt"]
        assert "any supply phase" in decision["prompt"]
        assert [a["text"] for a in decision["actions"]] == ["Execute Clarence", "Keep Clarence"]
        act(g, "no execution")
    assert g.loc[B["Clarence/L"]] == A["Kent"]


def test_7_1_a_hidden_block_lost_to_supply_is_named_to_its_owner_only():
    blocks = dict(SIX_IN_DERBY)
    del blocks["Devon"]
    g = position({**blocks, "Stanley/L": "Derby", **HEIRS}, strengths={"Stanley/L": 1})
    begin(g, SUPPLY)
    act(g, "reduce Stanley/L")
    act(g, "reduce Oxford")
    assert g.loc[B["Stanley/L"]] == POOL_DOWN
    assert any("Stanley/L is eliminated" in x for x in g.log_for(LANC))
    assert not any("Stanley" in x for x in g.log_for(YORK))
    assert any("A Lancaster block is eliminated in Derby" in x for x in g.log_for(YORK))
