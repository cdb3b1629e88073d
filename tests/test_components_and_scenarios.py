"""Components (2.0, 3.0, 5.1) and scenarios (4.0-4.6, 1470, 1483) as validated data."""

from importlib import resources

import pytest

from helpers import A, B, C
from richard3 import new_game
from richard3.components import ComponentError, Components, _read_toml
from richard3.ids import MINOR, OFF, POOL, PRISON
from richard3.scenario import ScenarioError, load_scenario, parse_scenario


def test_components_counts():
    assert len(C.area_names) == 33
    assert sum(1 for k in C.kind if k == "land") == 28
    assert len(C.border_ends) == 62 and len(C.block_names) == 63 and len(C.card_names) == 25
    assert sorted(C.card_ap[i] for i in range(25) if C.card_event[i] is None) == \
        [2] * 6 + [3] * 7 + [4] * 6


def test_borders_are_symmetric():
    for (a, b), k in C.border_between.items():
        assert C.border_between[(b, a)] == k
        assert (b, k) in C.neighbours[a] and (a, k) in C.neighbours[b]


def _broken(mutate):
    data = [_read_toml("map.toml"), _read_toml("blocks.toml"), _read_toml("cards.toml")]
    mutate(data)
    return data


@pytest.mark.parametrize("mutate,where", [
    (lambda d: d[0]["borders"].append({"a": "Kent", "b": "Atlantis", "type": "red"}), "map.toml"),
    (lambda d: d[0]["areas"]["Kent"].update(kind="ocean"), "areas.Kent.kind"),
    (lambda d: d[1]["blocks"][0].update(rating="E9"), "block York.rating"),
    (lambda d: d[1]["blocks"].pop(), "expected 31 Lancaster"),
    (lambda d: d[1]["blocks"][25].update(home="Winchester"), "Canterbury (church)/Y.home"),
    (lambda d: d[2]["cards"].pop(), "cards.toml"),
])
def test_broken_component_data_is_reported_with_file_and_entry(mutate, where):
    with pytest.raises(ComponentError, match=where.replace("(", r"\(").replace(")", r"\)")):
        Components(*_broken(mutate))


@pytest.mark.parametrize("sid", ["1460", "1470", "1483"])
def test_scenario_places_every_block_exactly_once(sid):
    sc = load_scenario(sid)
    assert len(sc.placement) == 63 and None not in sc.placement


def _text(sid):
    return resources.files("richard3.scenarios").joinpath(f"{sid}.toml").read_text()


def test_broken_scenario_names_file_and_key():
    text = _text("1460")
    with pytest.raises(ScenarioError, match=r"1460.toml: key 'blocks.Norfolk'"):
        parse_scenario(text.replace('"Norfolk" = "pool"', '"Norfolk" = "Atlantis"'), "1460.toml")
    with pytest.raises(ScenarioError, match=r"1460.toml: blocks not placed: Norfolk"):
        parse_scenario(text.replace('"Norfolk" = "pool"\n', ""), "1460.toml")
    with pytest.raises(ScenarioError, match=r"1460.toml: not valid TOML"):
        parse_scenario(text + '\n"Norfolk" = "pool"\n', "1460.toml")
    with pytest.raises(ScenarioError, match=r"key 'blocks.Warwick/Y' = 'Calais' and 'blocks.Warwick/L' = 'pool'"):
        parse_scenario(text.replace('"Warwick/L" = "enemy"', '"Warwick/L" = "pool"'), "1460.toml")
    with pytest.raises(ScenarioError, match=r"key 'king'"):
        parse_scenario(text.replace('king = "Lancaster"', 'king = "Tudor"'), "1460.toml")
    with pytest.raises(KeyError, match="unknown scenario"):
        load_scenario("1066")


def test_4_3_and_4_4_deployment_1460():
    g = new_game("1460", seed=1)
    assert g.loc[B["Henry VI"]] == A["Middlesex"] and g.loc[B["York"]] == A["Ireland"]
    assert g.loc[B["Warwick/Y"]] == A["Calais"] and g.loc[B["Warwick/L"]] == OFF
    assert g.loc[B["Buckingham/L"]] == POOL and g.loc[B["Buckingham/Y"]] == OFF
    assert g.strength[B["Henry VI"]] == 4 and g.strength[B["Norfolk"]] == 0
    assert g.king == 0 and g.crowned == [B["Henry VI"], B["York"]]


def test_4_5_minor_heirs():
    g = new_game("1460", seed=1)
    minors = {g.name(b) for b in range(63) if g.loc[b] == MINOR}
    assert minors == {"Prince Edward", "Richmond", "Clarence/Y", "Gloucester"}


def test_4_6_enemy_nobles_have_two_versions_one_in_play():
    for sid in ("1460", "1470", "1483"):
        g = new_game(sid, seed=1)
        for b, other in enumerate(C.counterpart):
            if other >= 0:
                assert not (g.loc[b] != OFF and g.loc[other] != OFF and g.loc[b] < 40
                            and g.loc[other] < 40), (sid, g.name(b))


def test_1470_kingmaker_setup_and_prisoner():
    g = new_game("1470", seed=1)
    assert g.king == 1 and g.campaign == 2 and g.last_campaign == 3
    assert g.loc[B["Henry VI"]] == PRISON
    assert g.crowned == [B["Prince Edward"], B["March"]]      # Henry VI is a prisoner
    assert g.loc[B["Clarence/L"]] == A["France"] and g.loc[B["Clarence/Y"]] == OFF


def test_1483_richard_iii_setup_sole_heirs():
    g = new_game("1483", seed=1)
    assert g.campaign == g.last_campaign == 3
    assert g.heirs_alive(0) == [B["Richmond"]] and g.heirs_alive(1) == [B["Gloucester"]]
    assert load_scenario("1483").victory == "sole_heir"
