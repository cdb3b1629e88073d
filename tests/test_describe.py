"""richard3.describe: plain-English legal actions, log and enemy-turn summaries for the page.

Seeded random games of every scenario check that every legal action at every decision gets a
description with no notation in its text, naming real blocks and areas, unique within the
decision, and only what the deciding side knows; then a handful of known positions check the
wording.
"""

from __future__ import annotations

import json
import random

import pytest
from battle_setup import act, actor, battle, position, tied_hits, treachery_turn
from helpers import C, game_at_card_phase, game_in_action
from invariants import hidden_variant

from richard3 import describe, new_game
from richard3.ai import RandomAgent
from richard3.describe import (KINDS, block_label, block_name, describe_actions,
                               describe_decision, last_usurpation, plain_log, summarize_events)
from richard3.ids import SIDE_NAMES, SUPPLY
from richard3.narrate import line
from richard3.sequence import begin

LANC, YORK = 0, 1
SCENARIOS = ("1460", "1470", "1483")
GAMES = 3                      # per scenario
LEAKS = ("/L", "/Y", ">", "|")
AREAS = set(C.area_names)
BLOCKS = set(C.block_names)


def _check_decision(g, s) -> list[dict]:
    """Every check that holds at any decision of ``s``; returns the descriptions."""
    legal = g.legal_actions(s)
    ds = describe_actions(g, s)
    json.dumps(ds)
    assert len(ds) == len(legal)
    texts = {}          # text -> notation (the engine may list one action twice)
    for action, d in zip(legal, ds):
        notation = str(action)
        assert d["notation"] == notation
        assert d["kind"] in KINDS and d["kind"] != "other", d
        assert d["text"] and d["group"]
        for field in ("text", "note", "group"):
            for leak in LEAKS:
                assert leak not in d.get(field, ""), (field, d)
        assert d["text"] != notation
        if len(action) > 1:
            assert notation not in d["text"], d
        for key in ("block", "target"):
            if key in d:
                assert d[key] in BLOCKS, d
        for key in ("from", "to", "area"):
            if key in d:
                assert d[key] in AREAS, d
        for a in d.get("path", ()):
            assert a in AREAS, d
        if "path" in d:
            assert d["path"][0] == d["from"] and d["path"][-1] == d["to"]
        if "card" in d:
            assert d["card"] in C.card_names
        if "cost" in d:
            assert d["cost"] in (0, 1)
        if texts.get(d["text"], notation) != notation:
            raise AssertionError(f"{d['text']!r} for both {texts[d['text']]!r} and {notation!r}")
        texts[d["text"]] = notation
    return ds


def _check_log(events: list[dict]) -> list[dict]:
    entries = plain_log(events)
    assert {e["line"] for e in entries if "line" in e} == set(range(len(events)))
    for e in entries:
        for leak in LEAKS:
            assert leak not in e["text"], e
    return entries


def _check_summary(summary: list[dict], viewer: str) -> None:
    json.dumps(summary)
    for e in summary:
        assert e["count"] >= 1 and e["text"]
        for key in ("from", "to", "area"):
            if e.get(key) is not None:
                assert e[key] in AREAS, e
        for leak in LEAKS:
            assert leak not in e["text"], e
        if e["kind"] in ("move", "sea", "recruit", "activate", "regroup", "home", "pool"):
            assert e["side"] != viewer, e       # one's own moves are not summarised


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_decision_of_random_games_is_described(scenario):
    kinds = set()
    for seed in range(GAMES):
        g = new_game(scenario, seed=100 + seed)
        agents = (RandomAgent(seed), RandomAgent(seed + 50))
        rnd = random.Random(seed)
        seen = [0, 0]
        n = 0
        while not g.is_over and n < 3000:
            s = g.active_sides()[0]
            ds = _check_decision(g, s)
            kinds.update(d["kind"] for d in ds)
            if rnd.randrange(25) == 0:       # the side's hidden facts change nothing
                h = hidden_variant(g, s, rnd.randrange(1000))
                assert describe_actions(h, s) == ds
            assert describe_decision(g, s)["prompt"]
            events = g.events_for(s)        # what s learnt since its last decision
            _check_summary(summarize_events(events[seen[s]:], s), SIDE_NAMES[s])
            seen[s] = len(events)
            g.apply(s, agents[s].choose(g, s))
            n += 1
        assert g.is_over
        for s in (0, 1):
            entries = _check_log(g.events_for(s))
            turns = [e for e in entries if e["type"] == "turn"]
            assert len(turns) == len([x for x in g.log if ", game turn " in x])
    # A random game reaches these every time; the rest are checked when they occur.
    assert {"play", "activate", "move", "sea", "recruit", "end", "fire", "pass"} <= kinds


def test_no_decision_at_all_gives_an_empty_list():
    g = game_at_card_phase()
    g.apply(LANC, "play 3")
    assert describe_actions(g, LANC) == []
    assert describe_decision(g, "Lancaster") == {"prompt": "", "actions": []}


# ------------------------------------------------------------------------ known wording
def _by_notation(g, s):
    return {d["notation"]: d for d in describe_actions(g, s)}


def test_card_play_texts():
    g = game_at_card_phase(lancaster=(3, 4, "muster", 2, 2, 3, 3))
    ds = _by_notation(g, LANC)
    assert ds["play Muster"]["text"] == "Play Muster (AP 0)"
    assert ds["play Muster"]["kind"] == "play"
    assert ds["play Muster"]["event"] == "Muster" and ds["play Muster"]["ap"] == 0
    assert "(1.1)" in ds["play Muster"]["note"]
    assert ds["play 4"]["text"] == "Play an AP 4 card"
    assert ds["play 4"]["card"] == "4"


def test_action_phase_texts_and_costs():
    g = game_in_action(LANC, spec=3, clear=True,
                       positions={"Rivers/L": "Kent", "Oxford": "pool", "Devon": "Kent"})
    ds = _by_notation(g, LANC)
    assert ds["activate Kent"]["text"] == "Activate Kent"
    assert ds["activate Kent"]["cost"] == 1
    assert "your 2 blocks there" in ds["activate Kent"]["note"]
    assert ds["recruit Oxford: Essex"]["text"] == "Recruit Oxford in Essex"
    assert ds["recruit Oxford: Essex"]["cost"] == 1
    assert ds["end"]["text"] == "End your action phase"
    assert "3 AP unused" in ds["end"]["note"]
    g.apply(LANC, "activate Kent")
    ds = _by_notation(g, LANC)
    d = ds["move Rivers/L: Kent > Sussex"]
    assert d["text"] == "Move Rivers from Kent to Sussex"
    assert (d["kind"], d["block"], d["from"], d["to"], d["cost"]) == (
        "move", "Rivers/L", "Kent", "Sussex", 0)
    assert d["group"] == "Move Rivers from Kent"
    two = [d for n, d in ds.items() if n.startswith("move Rivers/L: Kent > Sussex > ")]
    assert two and all(d["text"].startswith("Move Rivers from Kent to ") and
                       d["text"].endswith(" via Sussex") for d in two)


def test_attack_moves_say_so():
    g = game_in_action(YORK, spec=3, clear=True,
                       positions={"Warwick/Y": "Kent", "Oxford": "Sussex"})
    g.apply(YORK, "activate Kent")
    d = _by_notation(g, YORK)["move Warwick/Y: Kent > Sussex"]
    assert d["text"] == "Move Warwick from Kent to Sussex (attack)"
    assert d["attack"] is True
    assert "Main Attack (6.3)" in d["note"] and "1 Lancaster block" in d["note"]


def test_sea_moves_and_the_free_port_to_port_move():
    g = game_in_action(YORK, spec=3, clear=True,
                       positions={"Essex": "Calais", "Hastings": "Calais"})
    ds = _by_notation(g, YORK)
    d = ds["sea Essex: Calais > Northumbria"]
    assert d["text"] == "Essex by sea from Calais to Northumbria"
    assert d["kind"] == "sea" and d["cost"] == 1
    assert "free (5.31)" in d["note"]
    g.apply(YORK, "sea Essex: Calais > Northumbria")
    d = _by_notation(g, YORK)["sea Hastings: Calais > Northumbria"]
    assert d["text"] == "Hastings by sea from Calais to Northumbria (free)"
    assert d["cost"] == 0


def test_battle_turn_texts():
    g = battle({"York": "Kent", "March": "Kent", "Oxford": "Kent", "Beaumont": "Kent",
                "Henry VI": "Middlesex"}, "Kent", YORK, {"York": "Sussex", "March": "Sussex"})
    for _ in range(3):
        act(g, "pass")
    assert actor(g) == "York"
    ds = _by_notation(g, YORK)
    assert ds["fire"]["text"] == "Fire with York"
    assert ds["fire"]["kind"] == "fire" and ds["fire"]["area"] == "Kent"
    assert ds["fire"]["note"].startswith("4 dice, hits on 1-3")
    assert ds["pass"]["text"] == "York holds (pass)"
    c = ds["charge Oxford"]
    assert c["text"] == "York charges Oxford (Lancaster)"
    assert c["target"] == "Oxford"
    assert "surplus hits lost" in c["note"] and "fires back" in c["note"] and "(6.5)" in c["note"]
    assert describe_decision(g, YORK)["prompt"].startswith("Battle in Kent, round 1: York")


def test_treachery_and_retreat_texts(monkeypatch):
    g = treachery_turn(monkeypatch)
    ds = _by_notation(g, YORK)
    t = ds["treachery Stanley/L"]
    assert t["text"] == "Treachery roll by Warwick on Stanley (Lancaster)"
    assert "Roll 1 die for its loyalty 1: if it is even (50%), Stanley defects" in t["note"]
    assert "(6.9)" in t["note"]
    # round 2: retreats open
    while g.battle and not (g.battle[2] == 2 and actor(g) == "Warwick/Y"):
        act(g, "pass")
    d = [d for d in describe_actions(g, YORK) if d["kind"] == "retreat"]
    assert d and d[0]["text"] == f"Retreat Warwick to {d[0]['to']}"
    assert d[0]["from"] == "Kent" and "(6.6)" in d[0]["note"]


def test_names_and_labels():
    assert block_name("Rivers/L") == "Rivers"
    assert block_label("Northumberland/Y") == "Northumberland (York)"
    assert block_label("Canterbury (church)/L") == "Canterbury (church, Lancaster)"
    assert block_label("Stanley/L", "York") == "Stanley (York)"
    assert block_label("Rebel") == "Rebel"


def test_plain_words_of_log_events():
    A, B = C.area_id, C.block_id
    assert line("move", (LANC, B["Rivers/L"], (A["Kent"], A["Sussex"])), plain=True) == \
        "Lancaster moves Rivers from Kent to Sussex (5.2)."
    assert line("move", (LANC, B["Rivers/L"], (A["Kent"], A["Sussex"]))) == \
        "Lancaster moves Rivers/L: Kent > Sussex (5.2)."
    assert line("move", (YORK, -1, (A["Kent"], A["Sussex"], A["Wilts"])), plain=True) == \
        "York moves a block from Kent to Wilts via Sussex (5.2)."
    assert line("hit_choice", (LANC, B["Warwick/L"]), plain=True) == \
        "Lancaster chooses Warwick to take the hits (6.4)."
    assert line("treachery", (YORK, B["Warwick/Y"], B["Stanley/L"], 2, (2, 4), 0), plain=True) \
        == ("York Warwick makes a treachery roll on Stanley (Lancaster) (loyalty 2, 6.9): 2 4: "
            "no defection.")


def test_plain_log_headers():
    g = game_in_action(LANC, spec=3, clear=True, positions={"Rivers/L": "Kent"})
    g.apply(LANC, "activate Kent")
    g.apply(LANC, "move Rivers/L: Kent > Sussex")
    entries = plain_log(g.events_for(LANC))
    types = [(e["type"], e["text"]) for e in entries]
    assert ("turn", "Turn 1") in types
    assert ("phase", "Card phase (1.1)") in types
    assert ("phase", "Lancaster's action phase: 3 AP (5.0)") in types
    last = entries[-1]
    assert last["text"] == "Lancaster moves Rivers from Kent to Sussex (5.2)."
    assert (last["turn"], last["phase"]) == (1, "action")


def test_summary_of_the_enemy_turn_shows_only_what_is_public():
    g = game_in_action(YORK, spec=4, clear=True,
                       positions={"Warwick/Y": "Kent", "Kent/Y": "Kent", "Essex": "Calais",
                                  "Oxford": "Wilts"})
    before = len(g.events_for(LANC))
    g.apply(YORK, "activate Kent")
    g.apply(YORK, "move Warwick/Y: Kent > Sussex")
    g.apply(YORK, "move Kent/Y: Kent > Sussex")
    g.apply(YORK, "sea Essex: Calais > Kent")
    summary = summarize_events(g.events_for(LANC)[before:], LANC)
    moves = [e for e in summary if e["kind"] == "move"]
    assert moves == [{"kind": "move", "side": "York", "from": "Kent", "to": "Sussex",
                      "count": 2, "text": "York moved 2 blocks from Kent to Sussex.",
                      "path": ["Kent", "Sussex"]}]
    sea = [e for e in summary if e["kind"] == "sea"]
    assert sea[0]["text"] == "York moved a block by sea from Calais to Kent."
    assert "block" not in sea[0]                       # hidden from Lancaster
    assert [e["kind"] for e in summary][0] == "activate"
    # York's own summary leaves its own moves out unless asked
    assert summarize_events(g.events_for(YORK)[-6:], YORK) == []
    own = summarize_events(g.events_for(YORK)[-6:], YORK, include_own=True)
    assert own[1]["text"] == "York moved 2 blocks from Kent to Sussex."


def test_an_unknown_verb_falls_back_to_plain_words(monkeypatch):
    monkeypatch.delitem(describe._DESCRIBERS, "move")
    g = game_in_action(LANC, spec=3, clear=True, positions={"Rivers/L": "Kent"})
    g.apply(LANC, "activate Kent")
    d = _by_notation(g, LANC)["move Rivers/L: Kent > Sussex"]
    assert d["kind"] == "other"
    assert d["text"] == "Move Rivers (Lancaster) from Kent to Sussex"


def test_kinds_are_documented():
    assert len(set(KINDS)) == len(KINDS)
    assert set(describe._DESCRIBERS) | {"pool", "other"} == set(KINDS)


def test_hit_choice_texts(monkeypatch):
    g = tied_hits(monkeypatch)                     # 2 hits, Oxford and Beaumont both 3
    ds = _by_notation(g, LANC)
    assert ds["hit Oxford"]["text"] == "Oxford takes the 2 hits"
    assert ds["hit Oxford"]["note"] == "Oxford (strength 3) drops to strength 1 (6.4)."
    assert describe_decision(g, LANC)["prompt"].startswith("2 hits on your strongest blocks")


def test_treason_texts():
    g = battle({"Stanley/Y": "Kent", "Hastings": "Kent", "Oxford": "Kent",
                "Henry VI": "Middlesex", "York": "Ireland"}, "Kent", YORK,
               {"Stanley/Y": "Sussex", "Hastings": "Sussex"}, treason=LANC, king=LANC)
    ds = _by_notation(g, LANC)
    assert ds["treason Stanley/Y"]["text"] == "Treason roll on Stanley (York)"
    assert ds["treason Stanley/Y"]["kind"] == "treason"
    assert ds["no treason"]["text"] == "Keep the Treason roll for another battle"
    assert ds["no treason"]["kind"] == "no_treason"


def test_supply_loss_texts():
    g = position({"Oxford": "Derby", "Beaumont": "Derby", "Clifford": "Derby",
                  "Wiltshire": "Derby", "Devon": "Derby", "Pembroke": "Derby",
                  "Henry VI": "Lancaster", "York": "Ireland"}, strengths={"Devon": 1})
    begin(g, SUPPLY)
    ds = _by_notation(g, LANC)
    assert ds["reduce Oxford"]["text"] == "Oxford in Derby loses a step"
    assert ds["reduce Oxford"]["group"] == "Supply losses in Derby"
    assert "(to strength 2)" in ds["reduce Oxford"]["note"]
    assert "eliminated" in ds["reduce Devon"]["note"]


def test_mulligan_texts():
    for seed in range(500):
        g = new_game("1460", seed=seed)
        s = g.active_sides()[0]
        if "mulligan" in {str(a) for a in g.legal_actions(s)}:
            break
    ds = _by_notation(g, s)
    assert ds["mulligan"]["text"].startswith("Show your hand (AP ")
    assert ds["keep"]["text"] == "Keep your hand"
    g.apply(s, "mulligan")
    ds = _by_notation(g, 1 - s)
    assert ds["redeal"]["text"] == "Have your hand redealt too"
    assert ds["keep"]["text"].startswith("Keep your cards (only ")


def test_8_2_the_last_usurpation_is_read_from_the_events():
    g = new_game("1460", seed=3)
    agents = (RandomAgent(1), RandomAgent(2))
    while not g.is_over and last_usurpation(g.events_for(LANC)) is None:
        s = g.active_sides()[0]
        g.apply(s, agents[s].choose(g, s))
    found = last_usurpation(g.events_for(YORK))
    counts = [e for e in g.events_for(YORK) if e["kind"] == "usurpation"][-1]
    assert (found["lancaster"], found["york"]) == (counts["lancaster"], counts["york"])
    assert found["king"] == SIDE_NAMES[g.king]
    king, other = found[SIDE_NAMES[g.king].lower()], found[SIDE_NAMES[1 - g.king].lower()]
    assert king > other if found["usurped"] else king >= other      # ties go to the KING


def test_supply_warnings_before_the_move_and_a_supply_prompt_naming_the_area():
    """Issue 55, 6: a move, sea move, recruit or regroup that takes an area over its supply
    limit (7.1; 7.2 in exile) says so before it is made, with the limit and the steps; the
    supply prompt names the area, the blocks there, its limit and the steps due."""
    import random
    import richard3
    from richard3.describe import describe_decision
    from richard3.limits import overstack
    warned = prompted = 0
    for seed in range(4):
        g = richard3.new_game(("1460", "1470", "1483")[seed % 3], seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if g.is_over:
                break
            s = g.active_sides()[0]
            d = describe_decision(g, s)
            for c in d["actions"]:
                f = c.get("supply")
                if f and f["counts"] and f["over"] > 0:
                    assert f"{f['area']} supplies {f['limit']} blocks" in c["note"], c
                    steps = "1 step" if f["over"] == 1 else f"{f['over']} steps"
                    assert f"{steps} lost in the supply phase" in c["note"], c
                    warned += 1
                elif f:
                    assert "Supply:" not in (c.get("note") or ""), c
            if d["prompt"].startswith("Too many"):
                area = g.pending[0][2]
                _, counted = overstack(g, s, area)
                name = richard3.load_components().area_names[area]
                assert f"in {name}: {len(counted)} where it supplies" in d["prompt"], d["prompt"]
                prompted += 1
            g.apply(s, rng.choice(g.legal_actions(s)))
    assert warned > 20 and prompted > 2, (warned, prompted)


def test_a_battles_story_keeps_every_roll_and_its_summary_names_the_dead():
    """Issue 55, 4: describe.battle_story: every roll of the battle round by round, both
    sides; once over, who won, each side's losses by name (as the side saw them), the heirs
    killed said as such."""
    import random
    import richard3
    from richard3.describe import battle_story
    C = richard3.load_components()
    stories = heirs = 0
    for seed in range(6):
        g = richard3.new_game("1460", seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            s = g.active_sides()[0]
            g.apply(s, rng.choice(g.legal_actions(s)))
        events = g.events_for(1)
        starts = [i for i, e in enumerate(events) if e["kind"] == "battle"]
        for start, end in zip(starts, starts[1:] + [len(events)]):
            st = battle_story(events, 1, start)
            if not st["over"]:
                continue
            over = next(i for i in range(start, end) if events[i]["kind"] == "battle_over")
            rolls = [(r["round"], x) for r in st["rounds"] for x in r["rolls"]]
            fired = [e for e in events[start:over] if e["kind"] in ("fire", "charge",
                                                                     "fire_back", "treachery")]
            assert len(rolls) == len(fired)
            assert [n for n, _ in rolls] == sorted(n for n, _ in rolls)
            dead = [e for e in events[start:over] if e["kind"] == "eliminated"
                    and e["cause"] in (1, 2) and e["where"] == events[start]["area"]]
            text = " ".join(st["summary"])
            for e in dead:
                name = C.label[e["block"]] if e["block"] >= 0 else "a "
                assert name in text, (name, text)
                if e["block"] >= 0 and C.heir_rank[e["block"]]:
                    assert f"heir {name} (heir {C.heir_rank[e['block']]}) is dead" in text
                    heirs += 1
            stories += 1
    assert stories > 10
