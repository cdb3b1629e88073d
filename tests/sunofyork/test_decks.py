"""The decks (2.0-2.2): the shipped stand-ins and the deck file loader/validator.

The rulebook does not list the 110 cards of each deck; the shipped decks are the project's
stand-ins (docs/sunofyork-decks.md). These tests hold them to what the rulebook does say, and
hold load_deck to refusing broken files with a message naming the card and the field.
"""

from collections import Counter

import pytest

from sunofyork.cards import (KINDS, LANCASTER, LEADER, MISSILE, SPECIAL, TERRAIN, UNIT,
                             UNIT_TYPES, YORK, Card)
from sunofyork.decks import (DECK_SIZE, HISTORICAL_IDS, DeckError, deck_file_name, load_deck,
                             standard_deck)

# ---------------------------------------------------------------- the rulebook's facts

# The spec's leader keys, by deck.
YORK_KEYS = {"duke_of_york", "warwick", "salisbury", "fauconberg", "march", "edward_iv",
             "fitzwalter", "montague", "pembroke", "devon", "hastings", "gloucester",
             "richard_iii", "simnel", "hotspur", "worcester", "douglas"}
LANCASTER_KEYS = {"somerset_2", "clifford", "buckingham", "buckingham_3", "audley", "dudley",
                  "grey", "somerset_3", "roos", "northumberland_3", "exeter", "wiltshire",
                  "pembroke", "redesdale", "warwick", "welles", "prince_edward", "henry_vii",
                  "henry_iv", "monmouth", "stafford", "devon"}

# 9.1 Special Rules: the leaders each side places, or is explicitly allowed to play.
SCENARIO_LEADERS = {
    "st_albans_1": ({"somerset_2", "clifford", "buckingham"},
                    {"duke_of_york", "warwick", "salisbury"}),
    "blore_heath": ({"audley", "dudley"}, {"salisbury"}),
    "ludford_bridge": (set(), {"duke_of_york", "salisbury"}),
    "northampton": ({"buckingham", "grey"}, {"fauconberg", "warwick", "march"}),
    "wakefield": ({"somerset_3", "roos", "clifford", "northumberland_3", "exeter"},
                  {"duke_of_york", "salisbury"}),
    "mortimers_cross": ({"wiltshire", "pembroke"}, {"march"}),
    "st_albans_2": (set(), {"warwick"}),
    "ferrybridge_1": ({"clifford"}, {"fitzwalter"}),
    "ferrybridge_2": ({"clifford"}, {"fauconberg"}),
    "towton": ({"buckingham_3", "exeter", "northumberland_3"},
               {"warwick", "edward_iv", "fauconberg"}),
    "hedgeley_moor": ({"northumberland_3", "somerset_3", "roos"}, {"montague"}),
    "hexham": (set(), {"montague"}),
    "edgecote_moor": ({"redesdale", "warwick"}, {"pembroke", "devon"}),
    "losecote_field": ({"welles"}, {"edward_iv"}),
    "barnet": ({"warwick"}, {"hastings", "edward_iv", "gloucester"}),
    "tewkesbury": ({"somerset_3", "prince_edward", "devon"},
                   {"gloucester", "edward_iv", "hastings"}),
    "bosworth": ({"henry_vii"}, {"richard_iii"}),
    "stoke": ({"henry_vii"}, {"simnel"}),
    "shrewsbury": ({"henry_iv", "monmouth", "stafford"}, {"hotspur", "worcester", "douglas"}),
    "heworth_moor": (set(), set()),  # 9.1.20: leaders only as Orders cards
}

# 9.1 Special Rules: the most terrain cards of one type a side places at once.
SCENARIO_TERRAIN = {
    LANCASTER: {"Hill": 3, "Woods": 1, "Stream": 1, "Bridge": 1, "Town": 1, "Wall": 1},
    YORK: {"Hill": 3, "Woods": 2, "Stream": 1, "Bridge": 1, "Battlefield Church": 1},
}

# Detailed Example of Play (table B): (type, ability, long_range, cohesion) -> the most copies
# the Example shows in one game.
EXAMPLE_UNITS = {
    YORK: {("Longbowmen", 1, 2, 1): 6, ("Longbowmen", 1, 2, 2): 3, ("Longbowmen", 1, 2, 3): 1,
           ("Crossbowmen", 2, 1, 3): 1, ("Crossbowmen", 2, 1, 4): 1,
           ("Men-at-Arms", 2, 0, 3): 3, ("Men-at-Arms", 2, 0, 4): 1, ("Levies", 2, 0, 3): 1},
    LANCASTER: {("Longbowmen", 1, 2, 1): 5, ("Longbowmen", 1, 2, 3): 1,
                ("Crossbowmen", 2, 1, 3): 1, ("Crossbowmen", 2, 1, 4): 1,
                ("Men-at-Arms", 2, 0, 4): 1, ("Billmen", 1, 0, 3): 1, ("Billmen", 1, 0, 2): 1,
                ("Levies", 1, 0, 3): 1, ("Levies", 1, 0, 2): 2, ("Levies", 2, 0, 1): 1,
                ("Levies", 1, 0, 1): 1, ("Handgunners", 1, 3, 3): 1, ("Knights", 3, 0, 5): 1},
}
EXAMPLE_ORDERS = {  # (kind, key or type) -> orders printed (or inferred: Salisbury, Audley)
    YORK: {("leader", "march"): 5, ("leader", "richard_iii"): 4, ("leader", "salisbury"): 3,
           ("terrain", "Stream"): 2, ("terrain", "Bridge"): 1,
           ("terrain", "Battlefield Church"): 1, ("special", "Ambush"): 2,
           ("special", "Charge"): 2},
    LANCASTER: {("leader", "roos"): 2, ("leader", "prince_edward"): 2,
                ("leader", "henry_vii"): 3, ("leader", "audley"): 3,
                ("special", "King Henry VI"): 3},
}


def _deck(side):
    return standard_deck(side)


def _leaders(side):
    return {c.key: c for c in _deck(side) if c.kind == LEADER}


# ---------------------------------------------------------------- the shipped decks

@pytest.mark.parametrize("side", [LANCASTER, YORK])
def test_rule_2_0_shipped_decks_have_110_cards_numbered_1_to_110(side):
    deck = _deck(side)
    assert len(deck) == DECK_SIZE == 110
    assert [c.id for c in deck] == list(range(1, 111))
    assert all(isinstance(c, Card) and c.side == side for c in deck)
    assert all(c.kind in KINDS for c in deck)


def test_standard_deck_is_cached_and_takes_side_names():
    assert standard_deck(YORK) is standard_deck("York") is standard_deck("york")
    assert standard_deck(LANCASTER) is standard_deck("Lancaster")
    assert deck_file_name(YORK) == "york.toml"
    with pytest.raises(ValueError):
        standard_deck(2)


@pytest.mark.parametrize("side", [LANCASTER, YORK])
def test_shipped_decks_are_marked_stand_ins(side):
    from importlib import resources
    import tomllib
    text = resources.files("sunofyork.data").joinpath(deck_file_name(side)).read_text("utf-8")
    deck = tomllib.loads(text)["deck"]
    assert deck["stand_in"] is True
    assert "stand-in" in deck["note"]


@pytest.mark.parametrize("side", [LANCASTER, YORK])
def test_example_of_play_units_present(side):
    units = Counter((c.type, c.ability, c.long_range, c.cohesion)
                    for c in _deck(side) if c.kind == UNIT and not c.veteran)
    for rating, copies in EXAMPLE_UNITS[side].items():
        assert units[rating] >= copies, (side, rating)


@pytest.mark.parametrize("side", [LANCASTER, YORK])
def test_example_of_play_orders_present(side):
    deck = _deck(side)
    for (kind, what), orders in EXAMPLE_ORDERS[side].items():
        found = [c for c in deck
                 if c.kind == kind and (c.key if kind == LEADER else c.type) == what]
        assert found, (side, what)
        assert all(c.orders == orders for c in found), (side, what)
    if side == LANCASTER:
        assert _leaders(LANCASTER)["audley"].ability == 1          # "his Ability of 1"
        assert _leaders(LANCASTER)["monmouth"].orders == 2          # the other Prince of Wales


def test_example_of_play_labels():
    york = {c.label() for c in _deck(YORK)}
    lanc = {c.label() for c in _deck(LANCASTER)}
    assert {"Longbowmen (1:2/1)", "Crossbowmen (2:1/4)", "Men-at-Arms (2/3)", "Levies (2/3)",
            "Earl of March (5)", "King Richard III (4)", "Stream (2)", "Bridge (1)",
            "Battlefield Church (1)", "Ambush (2)", "Charge (2)"} <= york
    assert {"Handgunners (1:3/3)", "Knights (3/5)", "Levies (2/1)", "Lord Roos (2)",
            "King Henry VI (3)", "King Henry VII (3)", "Billmen (1/2)"} <= lanc


@pytest.mark.parametrize("side, keys", [(LANCASTER, LANCASTER_KEYS), (YORK, YORK_KEYS)])
def test_rule_2_2_1_every_spec_leader_in_his_deck(side, keys):
    assert set(_leaders(side)) == keys
    assert all(c.type == "Leader" for c in _deck(side) if c.kind == LEADER)


def test_rule_2_2_1_warwick_pembroke_devon_in_both_decks():
    for key in ("warwick", "pembroke", "devon"):
        assert key in _leaders(YORK) and key in _leaders(LANCASTER)
    assert set(_leaders(YORK)["warwick"].battles) == {"st_albans_1", "northampton",
                                                      "st_albans_2", "towton"}
    assert set(_leaders(LANCASTER)["warwick"].battles) == {"edgecote_moor", "barnet"}
    assert _leaders(YORK)["warwick"].royal and _leaders(LANCASTER)["warwick"].royal


def test_rule_2_2_1_battles_are_the_scenarios_that_place_or_allow_the_leader():
    assert set(SCENARIO_LEADERS) == set(HISTORICAL_IDS)
    for side in (LANCASTER, YORK):
        expected = {key: set() for key in _leaders(side)}
        for sid, by_side in SCENARIO_LEADERS.items():
            for key in by_side[side]:
                expected[key].add(sid)
        for key, card in _leaders(side).items():
            assert set(card.battles) == expected[key], (side, key)
            assert len(card.battles) == len(set(card.battles))


def test_rule_2_2_1_leader_ratings():
    for side in (LANCASTER, YORK):
        for c in _leaders(side).values():
            assert 1 <= c.ability <= 4 and 0 <= c.leadership <= 2, c.name
            assert 2 <= c.orders <= 5, c.name
            assert abs(c.orders - (c.ability + c.leadership)) <= 1, c.name  # DN: "combined"
    royal = {key for side in (LANCASTER, YORK) for key, c in _leaders(side).items() if c.royal}
    assert royal == {"warwick", "edward_iv", "richard_iii", "simnel", "henry_vii", "henry_iv",
                     "prince_edward", "monmouth"}
    for side, key in ((YORK, "salisbury"), (YORK, "hastings"), (LANCASTER, "clifford"),
                      (LANCASTER, "audley")):
        assert _leaders(side)[key].loyal
    for side in (LANCASTER, YORK):
        assert not any(c.royal and c.loyal for c in _leaders(side).values())


@pytest.mark.parametrize("side", [LANCASTER, YORK])
def test_rule_9_1_terrain_enough_for_every_scenario(side):
    terrain = Counter(c.type for c in _deck(side) if c.kind == TERRAIN)
    for ttype, most in SCENARIO_TERRAIN[side].items():
        assert terrain[ttype] >= most, (side, ttype)
    assert all(c.orders <= 2 for c in _deck(side) if c.kind == TERRAIN)  # DN: "low"


def test_rule_8_0_special_cards_by_deck():
    specials = {side: Counter(c.type for c in _deck(side) if c.kind == SPECIAL)
                for side in (LANCASTER, YORK)}
    for side in (LANCASTER, YORK):
        for shared in ("Artillery", "Rally", "Fatigue"):
            assert specials[side][shared] >= 1
    lanc, york = specials[LANCASTER], specials[YORK]
    assert lanc["King Henry VI"] == 1 and lanc["Margaret of Anjou"] == 1
    assert 1 <= lanc["Treason!"] <= 2
    assert york["Charge"] >= 2 and york["Battle Confusion"] >= 1 and york["Ambush"] >= 1
    assert york["A Warwick!"] == 1 and lanc["A Warwick!"] == 0       # ruling: York holds it
    for only_lanc in ("King Henry VI", "Margaret of Anjou", "Treason!"):
        assert york[only_lanc] == 0
    for only_york in ("Charge", "Battle Confusion"):
        assert lanc[only_york] == 0


@pytest.mark.parametrize("side", [LANCASTER, YORK])
def test_rule_2_1_3_longbowmen_seven_or_eight_to_one(side):
    types = Counter(c.type for c in _deck(side) if c.kind == UNIT)
    longbows = types.pop("Longbowmen")
    ratio = longbows / max(types.values())
    assert 5 <= ratio <= 9, ratio
    assert 1 <= types["Handgunners"] <= 2                 # 2.1.3: rare
    assert types["Knights"] <= 3 and types["Pikemen"] <= 3
    assert set(types) | {"Longbowmen"} == set(UNIT_TYPES)  # every type in both decks


@pytest.mark.parametrize("side", [LANCASTER, YORK])
def test_rule_2_2_2_shipped_units_sound(side):
    for c in _deck(side):
        if c.kind != UNIT:
            assert c.orders >= 1
            continue
        assert c.orders == 0
        assert (c.move == 2) == (c.type == "Spears"), c.name
        assert c.name == ("Veteran " if c.veteran else "") + c.type
        if c.unit_class != MISSILE:
            assert c.long_range == 0
    vets = sum(c.veteran for c in _deck(side))
    assert 2 <= vets <= 10  # "Some units" (2.2.2)


def test_designers_notes_york_fewer_orders_cards_same_orders():
    def orders_cards(side):
        return [c for c in _deck(side) if c.gives_orders]
    assert len(orders_cards(YORK)) < len(orders_cards(LANCASTER))
    assert (sum(c.orders for c in orders_cards(YORK))
            == sum(c.orders for c in orders_cards(LANCASTER)))
    for side in (LANCASTER, YORK):
        assert len(orders_cards(side)) < DECK_SIZE / 2  # "a relatively small fraction"


def test_decks_even_in_unit_dice():
    def dice(side):
        return sum(c.ability * c.cohesion for c in _deck(side) if c.kind == UNIT)
    assert abs(dice(YORK) - dice(LANCASTER)) <= 0.05 * dice(LANCASTER)


# ---------------------------------------------------------------- the validator

HEADER = '[deck]\nside = "York"\nname = "test"\nstand_in = false\n\n'


def _unit(i, **over):
    card = {"id": i, "kind": "unit", "type": "Men-at-Arms", "name": "Men-at-Arms",
            "ability": 2, "cohesion": 3}
    card.update(over)
    return card


def _toml(cards, header=HEADER):
    def value(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return '"' + v + '"'
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return str(v)
    out = [header]
    for card in cards:
        out.append("[[card]]")
        out += [f"{k} = {value(v)}" for k, v in card.items()]
        out.append("")
    return "\n".join(out)


def _cards(**changes):
    """110 good cards (a leader, a terrain, a special and 107 units), card 17 changed."""
    cards = [_unit(i) for i in range(1, 111)]
    cards[0] = {"id": 1, "kind": "leader", "type": "Leader", "name": "Earl of Salisbury",
                "key": "salisbury", "orders": 3, "ability": 2, "leadership": 1,
                "loyal": True, "battles": ["blore_heath"]}
    cards[1] = {"id": 2, "kind": "terrain", "type": "Hill", "name": "Hill", "orders": 1}
    cards[2] = {"id": 3, "kind": "special", "type": "Charge", "name": "Charge", "orders": 2}
    cards[16] = {"id": 17, "kind": "unit", "type": "Longbowmen", "name": "Longbowmen",
                 "ability": 1, "long_range": 2, "cohesion": 3}
    return cards


def _refused(cards, *parts, source="york.toml", **kw):
    with pytest.raises(DeckError) as info:
        load_deck(_toml(cards) if isinstance(cards, list) else cards, source, **kw)
    message = str(info.value)
    for part in parts:
        assert part in message, message
    return message


def test_validator_accepts_a_good_file():
    deck = load_deck(_toml(_cards()), "york.toml", side=YORK)
    assert len(deck) == 110 and deck[16].label() == "Longbowmen (1:2/3)"
    assert deck[0].battles == ("blore_heath",) and deck[0].loyal and deck[0].side == YORK
    assert deck[5].move == 1 and deck[5].long_range == 0
    assert isinstance(DeckError("x"), ValueError)


def test_validator_reads_cards_in_any_order_and_defaults_move():
    cards = _cards()
    cards[5] = _unit(6, type="Spears", name="Spears")
    deck = load_deck(_toml(list(reversed(cards))), "york.toml")
    assert [c.id for c in deck] == list(range(1, 111))
    assert deck[5].move == 2  # cavalry default (6.2.3 (A))


def test_rule_2_2_2_unit_fields_validated():
    cards = _cards()
    cards[16]["cohesion"] = 9
    assert _refused(cards) == "york.toml: card 17 (Longbowmen): cohesion must be 1-6, not 9"
    cards = _cards()
    cards[16]["ability"] = 0
    _refused(cards, "card 17 (Longbowmen)", "ability must be 1-6, not 0")
    cards = _cards()
    cards[16]["move"] = 3
    _refused(cards, "card 17 (Longbowmen)", "move must be 1-2, not 3")
    cards = _cards()
    cards[16]["long_range"] = 7
    _refused(cards, "card 17 (Longbowmen)", "long_range must be 0-6, not 7")


def test_rule_2_2_2_missing_field_refused():
    cards = _cards()
    del cards[16]["cohesion"]
    _refused(cards, "york.toml: card 17 (Longbowmen): cohesion missing")
    cards = _cards()
    del cards[0]["battles"]
    _refused(cards, "card 1 (Earl of Salisbury): battles missing")


def test_rule_2_2_2_wrong_type_refused():
    cards = _cards()
    cards[16]["cohesion"] = "3"
    _refused(cards, "card 17 (Longbowmen): cohesion must be an integer, not a string")
    cards = _cards()
    cards[16]["veteran"] = 1
    _refused(cards, "card 17 (Longbowmen): veteran must be true or false")
    cards = _cards()
    cards[16]["ability"] = True
    _refused(cards, "card 17 (Longbowmen): ability must be an integer, not a boolean")
    cards = _cards()
    cards[0]["battles"] = "blore_heath"
    _refused(cards, "card 1 (Earl of Salisbury): battles must be a list")


def test_rule_2_2_2_missiles_need_long_range_others_refuse_it():
    cards = _cards()
    del cards[16]["long_range"]
    _refused(cards, "card 17 (Longbowmen): long_range missing")
    cards = _cards()
    cards[5]["long_range"] = 1
    _refused(cards, "card 6 (Men-at-Arms): long_range is for missile units only")


def test_rule_2_1_unknown_type_or_kind_refused():
    cards = _cards()
    cards[16]["type"] = "Archers"
    _refused(cards, "card 17 (Longbowmen): type must be a unit type", "'Archers'")
    cards = _cards()
    cards[1]["type"] = "Swamp"
    _refused(cards, "card 2 (Hill): type must be a terrain type")
    cards = _cards()
    cards[2]["type"] = "Longbowmen"
    _refused(cards, "card 3 (Charge): type must be a special card type")
    cards = _cards()
    cards[16]["kind"] = "fortress"
    _refused(cards, "card 17 (Longbowmen): kind must be one of")


def test_unknown_field_refused():
    cards = _cards()
    cards[16]["range"] = 2
    _refused(cards, "card 17 (Longbowmen): unknown field 'range'")
    cards = _cards()
    cards[1]["ability"] = 1
    _refused(cards, "card 2 (Hill): ability is not a field of a terrain card")
    cards = _cards()
    cards[16]["orders"] = 1
    _refused(cards, "card 17 (Longbowmen): orders is not a field of a unit card")
    _refused(_toml(_cards(), HEADER.replace("stand_in", "edition = 2\nstand_in")),
             "york.toml: deck: unknown field 'edition'")
    _refused(_toml(_cards()) + "\n[extras]\nx = 1\n", "unknown table 'extras'")


def test_rule_2_0_duplicate_id_refused():
    cards = _cards()
    cards[17]["id"] = 17
    _refused(cards, "card 17 (Men-at-Arms): id 17 is used twice (also by Longbowmen)")


def test_rule_2_0_109_cards_refused():
    cards = _cards()
    del cards[40]
    _refused(cards, "york.toml: deck: 109 cards, but a deck has 110", "missing ids: 41")
    cards = _cards()
    cards[16]["id"] = 111
    _refused(cards, "card 111 (Longbowmen): id must be 1-110, not 111")
    cards = _cards()
    del cards[16]["id"]
    _refused(cards, "card #17 in the file (Longbowmen): id missing")


def test_rule_2_2_1_leader_fields_validated():
    cards = _cards()
    cards[0]["battles"] = ["blore_heath", "agincourt"]
    _refused(cards, "card 1 (Earl of Salisbury): battles: unknown scenario id 'agincourt'")
    cards = _cards()
    cards[0]["leadership"] = 4
    _refused(cards, "card 1 (Earl of Salisbury): leadership must be 0-3, not 4")
    cards = _cards()
    cards[0]["orders"] = 7
    _refused(cards, "card 1 (Earl of Salisbury): orders must be 0-6, not 7")
    cards = _cards()
    cards[0]["key"] = "Salisbury Earl"
    _refused(cards, "card 1 (Earl of Salisbury): key must be lower-case")
    cards = _cards()
    cards[0]["type"] = "Noble"
    _refused(cards, "card 1 (Earl of Salisbury): type of a leader card must be 'Leader'")
    cards = _cards()
    cards[0]["battles"] = ["blore_heath", "blore_heath"]
    _refused(cards, "battles lists 'blore_heath' twice")
    cards = _cards()
    cards[1] = dict(cards[0], id=2, name="Earl of Salisbury (again)")
    _refused(cards, "card 2 (Earl of Salisbury (again)): key 'salisbury' is already the key "
                    "of card 1")


def test_terrain_and_special_orders_validated():
    cards = _cards()
    cards[1]["orders"] = -1
    _refused(cards, "card 2 (Hill): orders must be 0-6, not -1")
    cards = _cards()
    del cards[2]["orders"]
    _refused(cards, "card 3 (Charge): orders missing")


def test_rule_2_2_wrong_side_refused():
    text = _toml(_cards())
    _refused(text, "york.toml: deck: side is 'York', but a Lancaster deck was expected",
             side=LANCASTER)
    _refused(text, "but a Lancaster deck was expected", side="Lancaster")
    assert load_deck(text, "york.toml", side="York")[0].side == YORK
    _refused(_toml(_cards(), HEADER.replace('"York"', '"Tudor"')),
             "deck: side must be 'Lancaster' or 'York', not 'Tudor'")
    with pytest.raises(ValueError):
        load_deck(text, side="Burgundy")


def test_bad_toml_and_missing_deck_table_refused():
    _refused("[deck\nside=", "york.toml: not a valid TOML file")
    _refused(_toml(_cards(), header=""), "york.toml: deck: the [deck] table is missing")
    _refused(_toml(_cards(), HEADER.replace("stand_in = false\n", "")), "deck: stand_in missing")
    _refused(_toml(_cards(), HEADER.replace("stand_in = false", 'stand_in = "no"')),
             "deck: stand_in must be true or false")


@pytest.mark.parametrize("side", [LANCASTER, YORK])
def test_shipped_files_round_trip_through_load_deck(side):
    from importlib import resources
    text = resources.files("sunofyork.data").joinpath(deck_file_name(side)).read_text("utf-8")
    assert load_deck(text, deck_file_name(side), side=side) == standard_deck(side)
    other = YORK if side == LANCASTER else LANCASTER
    with pytest.raises(DeckError, match="was expected"):
        load_deck(text, deck_file_name(side), side=other)


def test_docs_example_cards_are_the_shipped_york_cards():
    import re
    import tomllib
    from pathlib import Path
    doc = (Path(__file__).parents[2] / "docs" / "sunofyork-decks.md").read_text("utf-8")
    section = doc.split("### One card of each kind", 1)[1]
    block = re.search(r"```toml\n(.*?)```", section, re.S).group(1)
    york = standard_deck(YORK)
    raws = tomllib.loads(block)["card"]
    assert {r["kind"] for r in raws} == set(KINDS)
    for raw in raws:
        card = york[raw["id"] - 1]
        for field, value in raw.items():
            assert getattr(card, field) == (tuple(value) if field == "battles" else value), \
                (raw["id"], field)
