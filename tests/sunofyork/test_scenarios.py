"""Sun of York scenarios (9.1-9.3): the data file loads, matches the rulebook's Special Rules,
and broken files are refused with a message naming the file, the scenario and the key."""

import re
from pathlib import Path

import pytest

from sunofyork.cards import LANCASTER, YORK
from sunofyork.scenario import (CAMPAIGN_ORDER, DATA_FILE, REARS, SCENARIO_IDS, Scenario,
                                ScenarioError, SideSetup, load_scenario, load_scenarios,
                                parse_scenarios)

RULEBOOK = Path("/work/shared/rules/sun-of-york-rules.md")
L, Y = LANCASTER, YORK


@pytest.fixture(scope="module")
def scenarios():
    return load_scenarios()


def sc(sid) -> Scenario:
    return load_scenario(sid)


def side(sid, s) -> SideSetup:
    return load_scenario(sid).sides[s]


# --- loading ---------------------------------------------------------------------------------

def test_every_scenario_loads_in_order(scenarios):
    assert tuple(scenarios) == SCENARIO_IDS
    assert len(SCENARIO_IDS) == 21 and SCENARIO_IDS[-1] == "random"
    for n, sid in enumerate(SCENARIO_IDS[:-1], 1):
        s = scenarios[sid]
        assert s.id == sid and s.section == f"9.1.{n}"
        assert isinstance(s.sides[L], SideSetup) and isinstance(s.sides[Y], SideSetup)
        assert s.summary and "\n" not in s.summary and s.history
        assert s.weather in ("good", "heat", "fog", "winter")
        assert s.attacker in (L, Y)
        assert s.year == int(s.date[:4])
        assert s.warwick_before_1468 == (s.year < 1468)
    assert scenarios["random"].section == "9.2"


def test_loaded_once_and_copies(scenarios):
    a, b = load_scenarios(), load_scenarios()
    assert a == b and a is not b
    a.clear()
    assert len(load_scenarios()) == 21
    assert load_scenario("towton") is load_scenario("towton")
    with pytest.raises(KeyError):
        load_scenario("agincourt")


def test_scenarios_are_frozen():
    s = sc("barnet")
    with pytest.raises(AttributeError):
        s.weather = "good"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        s.sides[Y].eliminate = 3  # type: ignore[misc]


def test_names_and_dates(scenarios):
    assert sc("blore_heath").name == "The Battle of Blore Heath"
    assert sc("blore_heath").date == "1459-09-23" and sc("blore_heath").year == 1459
    assert sc("st_albans_1").name == "The First Battle of St. Albans"
    assert sc("heworth_moor").name == "The Skirmish at Heworth Moor"
    assert sc("shrewsbury").year == 1403
    assert sc("bosworth").date == "1485-08-22"


@pytest.mark.skipif(not RULEBOOK.exists(), reason="rulebook transcription not present")
def test_names_dates_and_histories_match_the_rulebook(scenarios):
    text = RULEBOOK.read_text(encoding="utf-8")
    months = {m: i for i, m in enumerate(
        "January February March April May June July August September October November December"
        .split(), 1)}
    heads = re.findall(r"^#### (9\.1\.\d+) (.*) – (\d+) (\w+) (\d{4})\n\n(.*)\n", text, re.M)
    assert len(heads) == 20
    for section, name, day, month, year, history in heads:
        s = next(s for s in scenarios.values() if s.section == section)
        assert s.name == name
        assert s.date == f"{year}-{months[month]:02d}-{int(day):02d}"
        assert s.history == history
    assert scenarios["random"].history in text


# --- the campaign (9.3) ----------------------------------------------------------------------

def test_campaign_order(scenarios):
    assert CAMPAIGN_ORDER == (
        "st_albans_1", "blore_heath", "northampton", "wakefield", "mortimers_cross",
        "st_albans_2", "ferrybridge_1", "ferrybridge_2", "towton", "hedgeley_moor", "hexham",
        "edgecote_moor", "losecote_field", "barnet", "tewkesbury", "bosworth", "stoke")
    for sid in ("ludford_bridge", "shrewsbury", "heworth_moor", "random"):
        assert sid not in CAMPAIGN_ORDER and not scenarios[sid].in_campaign
    dates = [scenarios[sid].date for sid in CAMPAIGN_ORDER]
    assert dates == sorted(dates) and len(set(dates)) == len(dates)
    assert all(scenarios[sid].in_campaign for sid in CAMPAIGN_ORDER)


# --- attackers and weather -------------------------------------------------------------------

YORK_ATTACKS = {"st_albans_1", "northampton", "ferrybridge_2", "hedgeley_moor", "hexham",
                "losecote_field", "barnet", "bosworth"}


@pytest.mark.parametrize("sid", SCENARIO_IDS[:-1])
def test_attacker(sid):
    assert sc(sid).attacker == (YORK if sid in YORK_ATTACKS else LANCASTER)


@pytest.mark.parametrize("sid", SCENARIO_IDS)
def test_weather(sid):
    expected = {"towton": "winter", "barnet": "fog"}.get(sid, "good")
    assert sc(sid).weather == expected


def test_random_scenario():
    r = sc("random")
    assert r.attacker == -1 and r.weather == "good" and r.random_setup
    assert r.date == "" and r.year == 0 and not r.in_campaign
    for s in (L, Y):
        assert r.sides[s].place == () and r.sides[s].beside == () and r.sides[s].eliminate == 0
        assert r.sides[s].deal == 16 and r.sides[s].hand == 4 and r.sides[s].deploy_at == REARS
    assert set(r.sides[L].may_play) == {"Margaret of Anjou", "King Henry VI"}
    assert not any(sc(sid).random_setup for sid in SCENARIO_IDS[:-1])


# --- placements per scenario -----------------------------------------------------------------

PLACEMENTS = {
    "st_albans_1": ({("somerset_2", "left rear"), ("clifford", "centre rear"),
                     ("Town", "centre rear")},
                    {("duke_of_york", "right rear"), ("warwick", "centre rear"),
                     ("salisbury", "left rear")}),
    "blore_heath": ({("audley", "centre rear")},
                    {("salisbury", "centre rear"), ("Woods", "centre rear"),
                     ("Woods", "left rear")}),
    "ludford_bridge": (set(), {("duke_of_york", "centre rear"), ("Hill", "centre rear"),
                               ("salisbury", "left rear"), ("Hill", "left rear")}),
    "northampton": ({("buckingham", "centre rear"), ("Wall", "centre rear"),
                     ("grey", "right rear")},
                    {("fauconberg", "left rear"), ("warwick", "centre rear"),
                     ("march", "right rear")}),
    "wakefield": ({("somerset_3", "centre rear"), ("roos", "left middle"),
                   ("Woods", "left middle")}, {("duke_of_york", "centre middle")}),
    "mortimers_cross": ({("wiltshire", "left rear"), ("pembroke", "centre rear")},
                        {("march", "centre rear")}),
    "st_albans_2": (set(), set()),
    "ferrybridge_1": ({("clifford", "centre rear")}, set()),
    "ferrybridge_2": ({("clifford", "centre rear")}, {("fauconberg", "centre rear")}),
    "towton": ({("buckingham_3", "centre rear"), ("Hill", "centre rear"),
                ("exeter", "left rear"), ("Hill", "left rear"),
                ("northumberland_3", "right rear"), ("Hill", "right rear")},
               {("warwick", "left rear"), ("Hill", "left rear"),
                ("edward_iv", "centre rear"), ("Hill", "centre rear"),
                ("fauconberg", "right rear"), ("Hill", "right rear"), ("Woods", "left flank")}),
    "hedgeley_moor": ({("northumberland_3", "right rear"), ("somerset_3", "centre rear"),
                       ("roos", "left rear")}, {("montague", "centre rear")}),
    "hexham": (set(), {("montague", "centre rear"), ("Hill", "left rear"),
                       ("Hill", "centre rear"), ("Hill", "right rear")}),
    "edgecote_moor": (set(), set()),
    "losecote_field": ({("welles", "centre rear")}, {("edward_iv", "centre rear")}),
    "barnet": ({("warwick", "centre rear"), ("Wall", "right rear")},
               {("hastings", "left rear"), ("edward_iv", "centre rear"),
                ("gloucester", "right rear")}),
    "tewkesbury": ({("somerset_3", "right rear"), ("prince_edward", "centre rear"),
                    ("devon", "left rear")},
                   {("gloucester", "left rear"), ("Hill", "left rear"),
                    ("edward_iv", "centre rear"), ("hastings", "right rear"),
                    ("Woods", "left flank")}),
    "bosworth": ({("henry_vii", "centre rear")},
                 {("richard_iii", "centre rear"), ("Hill", "centre rear"),
                  ("Hill", "right rear"), ("Hill", "left rear")}),
    "stoke": ({("Hill", "right flank"), ("Hill", "right middle"), ("Hill", "centre middle")},
              {("simnel", "centre rear"), ("Hill", "left flank")}),
    "shrewsbury": ({("henry_iv", "centre rear"), ("monmouth", "left rear"),
                    ("stafford", "right rear"), ("Hill", "left rear"), ("Hill", "centre rear"),
                    ("Hill", "right rear")},
                   {("hotspur", "centre rear"), ("worcester", "left rear"),
                    ("douglas", "right rear"), ("Hill", "left rear"), ("Hill", "centre rear"),
                    ("Hill", "right rear"), ("Battlefield Church", "centre middle")}),
    "heworth_moor": (set(), set()),
    "random": (set(), set()),
}

BESIDE = {
    "st_albans_1": (("King Henry VI",), ()),
    "blore_heath": (("Stream", "Bridge"), ()),
    "ludford_bridge": (("King Henry VI",), ()),
    "northampton": (("King Henry VI", "Stream"), ()),
    "mortimers_cross": ((), ("Stream", "Bridge")),
    "st_albans_2": (("Margaret of Anjou",), ()),
    "hexham": (("Stream", "Bridge"), ()),
}


@pytest.mark.parametrize("sid", SCENARIO_IDS)
def test_placements(sid):
    s = sc(sid)
    for side_ in (L, Y):
        place = s.sides[side_].place
        assert len(set(place)) == len(place)
        assert set(place) == PLACEMENTS[sid][side_], (sid, side_)
        assert set(s.sides[side_].beside) == set(BESIDE.get(sid, ((), ()))[side_]), (sid, side_)


def test_placed_leaders_and_terrain():
    york = side("towton", Y)
    assert york.placed_leaders == ("warwick", "edward_iv", "fauconberg")
    assert ("Woods", "left flank") in york.placed_terrain
    assert side("hexham", L).placed_leaders == ()


# --- eliminations ----------------------------------------------------------------------------

ELIMINATE = {  # (Lancaster, York)
    "st_albans_1": (20, 0), "blore_heath": (0, 40), "northampton": (40, 0),
    "mortimers_cross": (30, 0), "towton": (0, 10), "losecote_field": (0, 15),
    "tewkesbury": (0, 20), "bosworth": (30, 0), "shrewsbury": (0, 30),
}


@pytest.mark.parametrize("sid", SCENARIO_IDS)
def test_eliminations(sid):
    s = sc(sid)
    assert (s.sides[L].eliminate, s.sides[Y].eliminate) == ELIMINATE.get(sid, (0, 0))
    expected_roll = (40, 40, 40, 60, 60, 60) if sid == "ludford_bridge" else ()
    assert s.sides[Y].eliminate_roll == expected_roll and s.sides[L].eliminate_roll == ()
    after = 50 if sid == "wakefield" else 0
    assert s.sides[Y].eliminate_after_deploy == after and s.sides[L].eliminate_after_deploy == 0


def test_st_albans_1_keeps_margaret_out_of_the_elimination():
    lanc = side("st_albans_1", L)
    assert lanc.keep_out == ("Margaret of Anjou",) and lanc.eliminate == 20
    assert "Margaret of Anjou" in lanc.may_play
    assert ("buckingham", "") in lanc.enter
    assert all(not side(sid, s).keep_out for sid in SCENARIO_IDS if sid != "st_albans_1"
               for s in (L, Y))


# --- special rules ---------------------------------------------------------------------------

def test_margaret_of_anjou():
    assert side("blore_heath", L).margaret_rolls == (1,)
    assert "Margaret of Anjou" in side("st_albans_2", L).beside
    assert "Margaret of Anjou" in side("tewkesbury", L).may_play
    with_margaret = {sid for sid in SCENARIO_IDS
                     if side(sid, L).margaret_rolls or "Margaret of Anjou" in
                     side(sid, L).beside + side(sid, L).may_play}
    # 8.0's list, with Blore Heath's roll (9.1.2)
    assert with_margaret == {"st_albans_1", "blore_heath", "st_albans_2", "tewkesbury", "random"}


def test_king_henry_vi():
    with_henry = {sid for sid in SCENARIO_IDS
                  if "King Henry VI" in side(sid, L).beside + side(sid, L).may_play}
    assert with_henry == {"st_albans_1", "ludford_bridge", "northampton", "random"}  # 8.0
    assert all("King Henry VI" not in side(sid, Y).beside for sid in SCENARIO_IDS)


def test_blore_heath_dudley():
    lanc = side("blore_heath", L)
    assert lanc.enter == (("dudley", ""),) and lanc.placed_leaders == ("audley",)


def test_wakefield():
    lanc, york = side("wakefield", L), side("wakefield", Y)
    assert lanc.place[0] == ("somerset_3", "centre rear")
    assert {k for k, _ in lanc.enter} == {"clifford", "northumberland_3", "exeter"}
    assert york.enter == (("salisbury", ""),)
    assert york.deal == 8 and york.hand == 4 and lanc.deal == 16
    assert york.deploy_at == ("left rear", "centre rear", "right rear", "centre middle")
    assert york.units_only_at == ("centre middle",)
    assert york.eliminate == 0 and york.eliminate_after_deploy == 50


def test_leaders_entering_during_movement():
    assert side("st_albans_2", Y).enter == (("warwick", ""),)
    assert side("st_albans_2", Y).place == ()
    assert side("ferrybridge_1", Y).enter == (("fitzwalter", "centre rear"),)
    assert side("ferrybridge_1", Y).place == ()
    assert side("stoke", L).enter == (("henry_vii", "centre rear"),)
    assert set(side("edgecote_moor", Y).enter) == {("pembroke", ""), ("devon", "")}
    assert set(side("edgecote_moor", L).enter) == {("redesdale", ""), ("warwick", "")}
    assert side("edgecote_moor", L).requires == (("warwick", "redesdale"),)


def test_no_leaders():
    assert not side("hexham", L).leaders and side("hexham", Y).leaders
    assert not side("heworth_moor", L).leaders and not side("heworth_moor", Y).leaders
    off = {(sid, s) for sid in SCENARIO_IDS for s in (L, Y) if not side(sid, s).leaders}
    assert off == {("hexham", L), ("heworth_moor", L), ("heworth_moor", Y)}


def test_heworth_moor():
    s = sc("heworth_moor")
    assert s.centre_only and not s.in_campaign and s.attacker == LANCASTER
    assert sum(sc(sid).centre_only for sid in SCENARIO_IDS) == 1
    for side_ in s.sides:
        assert set(side_.strip) == {"missile", "polearm", "cavalry", "special", "terrain"}
        assert side_.deal == 8 and side_.hand == 4 and side_.deploy_at == ("centre rear",)
    assert all(not side(sid, x).strip for sid in SCENARIO_IDS if sid != "heworth_moor"
               for x in (L, Y))


def test_ferrybridge_1_no_long_range():
    assert not sc("ferrybridge_1").long_range
    assert all(sc(sid).long_range for sid in SCENARIO_IDS if sid != "ferrybridge_1")


def test_towton_hill_missiles():
    assert sc("towton").hill_missiles_barred == LANCASTER
    assert all(sc(sid).hill_missiles_barred == -1 for sid in SCENARIO_IDS if sid != "towton")


def test_bosworth_flanks():
    s = sc("bosworth")
    assert set(s.cavalry_barred) == {(YORK, "left flank"), (LANCASTER, "right flank")}
    assert set(s.flank_roll_plus) == {(YORK, "left flank", 1), (LANCASTER, "right flank", 1)}
    assert all(not sc(sid).cavalry_barred and not sc(sid).flank_roll_plus
               for sid in SCENARIO_IDS if sid != "bosworth")


def test_warwick_card_dates():
    assert sc("barnet").warwick_before_1468 is False
    assert sc("edgecote_moor").warwick_before_1468 is False
    assert sc("towton").warwick_before_1468 is True
    assert sc("random").warwick_before_1468 is True  # a ruling


def test_defaults_elsewhere():
    for sid in SCENARIO_IDS:
        for s in (L, Y):
            x = side(sid, s)
            if (sid, s) not in {("wakefield", Y), ("heworth_moor", L), ("heworth_moor", Y)}:
                assert x.deal == 16 and x.deploy_at == REARS and not x.units_only_at
            assert x.hand == 4


# --- broken files ----------------------------------------------------------------------------

GOOD = """
[[scenario]]
id = "blore_heath"
section = "9.1.2"
name = "The Battle of Blore Heath"
date = "1459-09-23"
attacker = "lancaster"
weather = "good"
in_campaign = true
summary = "Lancaster attacks"
history = "Queen Margaret..."

[scenario.lancaster]
place = [["audley", "centre rear"]]
beside = ["Stream", "Bridge"]
margaret_rolls = [1]
enter = [["dudley", ""]]

[scenario.york]
place = [["salisbury", "centre rear"], ["Woods", "centre rear"], ["Woods", "left rear"]]
eliminate = 40
"""


def test_crafted_good_file_parses():
    got = parse_scenarios(GOOD, "crafted.toml")
    assert list(got) == ["blore_heath"]
    assert got["blore_heath"].sides[YORK].eliminate == 40
    with pytest.raises(ScenarioError, match=r"crafted\.toml: scenario 'st_albans_1'.*'id'"):
        parse_scenarios(GOOD, "crafted.toml", require_all=True)


BROKEN = [  # (replace this, with this, the key the message must name)
    ('weather = "good"', 'weather = "rain"', "weather"),
    ('weather = "good"', 'weather = 3', "weather"),
    ('attacker = "lancaster"', 'attacker = "scots"', "attacker"),
    ('attacker = "lancaster"', 'attacker = "cut"', "attacker"),
    ('in_campaign = true', 'in_campaign = "yes"', "in_campaign"),
    ('in_campaign = true', 'in_campaign = false', "in_campaign"),
    ('date = "1459-09-23"', 'date = "23 September 1459"', "date"),
    ('section = "9.1.2"', 'section = "9.1.3"', "section"),
    ('summary = "Lancaster attacks"', 'summary = "a\\nb"', "summary"),
    ('summary = "Lancaster attacks"', 'summry = "Lancaster attacks"', "summry"),
    ('summary = "Lancaster attacks"', '', "summary"),
    ('eliminate = 40', 'eliminate = "40"', "york.eliminate"),
    ('eliminate = 40', 'eliminate = true', "york.eliminate"),
    ('eliminate = 40', 'eliminate = 400', "york.eliminate"),
    ('eliminate = 40', 'eliminat = 40', "york.eliminat"),
    ('eliminate = 40', 'eliminate_roll = [40, 60]', "york.eliminate_roll"),
    ('["Woods", "left rear"]', '["Woods", "left reer"]', "york.place[2]"),
    ('["Woods", "left rear"]', '["Forest", "left rear"]', "york.place[2]"),
    ('["Woods", "left rear"]', '["Woods", "centre rear"]', "york.place[2]"),
    ('["Woods", "left rear"]', '["Stream", "left rear"]', "york.place[2]"),
    ('["Woods", "left rear"]', '["Town", "left flank"]', "york.place[2]"),
    ('["Woods", "left rear"]', '["salisbury", "left rear"]', "york.place[2]"),
    ('["Woods", "left rear"]', '["Woods"]', "york.place[2]"),
    ('["salisbury", "centre rear"]', '["salisbury", "left flank"]', "york.place[0]"),
    ('["audley", "centre rear"]', '["audly", "centre rear"]', "lancaster.place[0]"),
    ('["audley", "centre rear"]', '["salisbury", "centre rear"]', "lancaster.place[0]"),
    ('beside = ["Stream", "Bridge"]', 'beside = ["Bridge"]', "lancaster.beside"),
    ('beside = ["Stream", "Bridge"]', 'beside = ["Stream", "Hill"]', "lancaster.beside[1]"),
    ('margaret_rolls = [1]', 'margaret_rolls = [7]', "lancaster.margaret_rolls[0]"),
    ('enter = [["dudley", ""]]', 'enter = [["dudley", "behind"]]', "lancaster.enter[0]"),
    ('enter = [["dudley", ""]]', 'enter = [["audley", ""]]', "lancaster.enter[0]"),
    ('enter = [["dudley", ""]]', 'leaders = false', "lancaster.place[0]"),
    ('enter = [["dudley", ""]]', 'requires = [["dudley", "audley"]]', "lancaster.requires[0]"),
    ('enter = [["dudley", ""]]', 'strip = ["archers"]', "lancaster.strip[0]"),
    ('enter = [["dudley", ""]]', 'deploy_at = ["left flank"]', "lancaster.deploy_at[0]"),
    ('enter = [["dudley", ""]]', 'units_only_at = ["centre middle"]', "lancaster.units_only_at"),
    ('enter = [["dudley", ""]]', 'hand = 5\ndeal = 4', "lancaster.hand"),
    ('enter = [["dudley", ""]]', 'keep_out = ["Margaret of Anjou"]', "lancaster.keep_out"),
    ('enter = [["dudley", ""]]', 'may_play = ["Charge"]', "lancaster.may_play[0]"),
    ('[scenario.york]', '[scenario.yorkists]', "yorkists"),
    ('[scenario.lancaster]', 'centre_only = true\n[scenario.lancaster]', "york.place[2]"),
    ('[scenario.lancaster]', 'long_range = 0\n[scenario.lancaster]', "long_range"),
    ('[scenario.lancaster]', 'hill_missiles_barred = "scots"\n[scenario.lancaster]',
     "hill_missiles_barred"),
    ('[scenario.lancaster]', 'cavalry_barred = [["york", "left rear"]]\n[scenario.lancaster]',
     "cavalry_barred[0]"),
    ('[scenario.lancaster]', 'flank_roll_plus = [["york", "left flank"]]\n[scenario.lancaster]',
     "flank_roll_plus[0]"),
    ('[scenario.lancaster]', 'warwick_before_1468 = false\n[scenario.lancaster]',
     "warwick_before_1468"),
    ('[scenario.lancaster]', 'random_setup = true\n[scenario.lancaster]', "random_setup"),
]


@pytest.mark.parametrize("old,new,key", BROKEN)
def test_broken_files_are_refused(old, new, key):
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    with pytest.raises(ScenarioError) as info:
        parse_scenarios(text, "broken.toml")
    message = str(info.value)
    assert message.startswith("broken.toml: scenario 'blore_heath': ")
    assert f"key {key!r}" in message, message


def test_broken_ids_and_toml():
    with pytest.raises(ScenarioError, match=r"broken\.toml: scenario 'agincourt': key 'id'"):
        parse_scenarios(GOOD.replace('"blore_heath"', '"agincourt"'), "broken.toml")
    with pytest.raises(ScenarioError, match=r"broken\.toml: scenario #1: key 'id'"):
        parse_scenarios(GOOD.replace('id = "blore_heath"', ''), "broken.toml")
    with pytest.raises(ScenarioError, match=r"scenario 'blore_heath': key 'id': given twice"):
        parse_scenarios(GOOD + GOOD, "broken.toml")
    with pytest.raises(ScenarioError, match=r"broken\.toml: not valid TOML"):
        parse_scenarios(GOOD + "\n[[scenario\n", "broken.toml")
    with pytest.raises(ScenarioError, match=r"broken\.toml: top-level key 'title'"):
        parse_scenarios('title = "x"\n' + GOOD, "broken.toml")


def test_middle_ground_is_shared_between_the_sides():
    text = GOOD.replace('["Woods", "left rear"]', '["Hill", "left middle"]').replace(
        '["audley", "centre rear"]', '["audley", "centre rear"], ["Hill", "right middle"]')
    with pytest.raises(ScenarioError, match=r"key 'york.place\[2\]'"):
        parse_scenarios(text, "broken.toml")


def test_scenario_error_is_a_value_error():
    assert issubclass(ScenarioError, ValueError)


def test_the_real_file_round_trips():
    from importlib.resources import files
    text = files("sunofyork.data").joinpath(DATA_FILE).read_text(encoding="utf-8")
    assert parse_scenarios(text, DATA_FILE, require_all=True) == load_scenarios()
