"""Sun of York's host in the page's worker (web/soy_host.py) and its table's drawing
(web/soy_cards.py) on both interpreters (issue 54): games against the AI, saves and their
refusals, views that hold only what the side may see, and the battlefield drawn from views of
seeded games by CPython and by MicroPython alike."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(WEB))

import game_host  # noqa: E402
import soy_host  # noqa: E402

MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
DRIVER = Path(__file__).resolve().parent / "micropython_driver.mjs"
BOTH_AI = {"Lancaster": "easy", "York": "easy"}


def finish(host, limit=5000):
    for _ in range(limit):
        if host.game.is_over:
            return
        host.ai_step()
    raise AssertionError("the battle did not end")


def test_the_engine_is_this_worktree_s():
    import sunofyork
    assert Path(sunofyork.__file__).resolve().is_relative_to(ROOT / "src")


@pytest.mark.parametrize("scenario", ["heworth_moor", "blore_heath"])
def test_ai_against_ai_to_the_end_and_the_save_loads(scenario):
    host = soy_host.SoyHost()
    first = json.loads(host.new_game(scenario, 7, BOTH_AI))
    assert first["status"]["title"] == "sunofyork" and first["status"]["ai_pending"]
    finish(host)
    st = host._status()
    assert st["over"] and st["winner"] in ("Lancaster", "York")
    game, controllers = soy_host.parse_save(host.save())
    assert controllers == BOTH_AI
    assert game.is_over and game.winner == host.game.winner
    assert game.record == host.game.record


def test_a_save_mid_battle_round_trips_after_every_action():
    host = soy_host.SoyHost()
    host.new_game("heworth_moor", 11, BOTH_AI)
    for i in range(60):
        host.ai_step()
        if i % 6 == 0:
            again = soy_host.SoyHost()
            again.load(host.save())
            assert again.game.record == host.game.record
            assert again.game.observation(0) == host.game.observation(0)
            assert again.game.observation(1) == host.game.observation(1)


def test_each_game_refuses_the_other_s_saves_in_words():
    r3 = game_host.GameHost()
    r3.new_game("1483", 1, {"Lancaster": "easy", "York": "human"})
    with pytest.raises(soy_host.SaveError, match="Richard III save, not a Sun of York"):
        soy_host.parse_save(r3.save())
    soy = soy_host.SoyHost()
    soy.new_game("heworth_moor", 1, BOTH_AI)
    with pytest.raises(game_host.SaveError, match="Sun of York save, not a Richard III"):
        game_host.parse_save(soy.save())
    with pytest.raises(soy_host.SaveError, match="not JSON"):
        soy_host.parse_save("{")
    data = json.loads(soy.save())
    data["scenario"] = "agincourt"
    with pytest.raises(soy_host.SaveError, match="agincourt"):
        soy_host.parse_save(json.dumps(data))


def test_the_worker_routes_each_save_to_its_game(monkeypatch):
    """worker.load sends a Sun of York save to its host, a Richard III one to the other."""
    soy = soy_host.SoyHost()
    soy.new_game("blore_heath", 2, BOTH_AI)
    assert game_host.is_soy_save(soy.save())
    assert game_host.is_soy_save(json.dumps(json.loads(soy.save()) | {"format": "sunofyork-record"}))
    r3 = game_host.GameHost()
    r3.new_game("1460", 1, {"Lancaster": "easy", "York": "human"})
    assert not game_host.is_soy_save(r3.save())
    assert not game_host.is_soy_save("not JSON")


@pytest.mark.parametrize("missing", ["sunofyork", "soy_host"])
def test_the_worker_asks_for_sun_of_york_s_wheel_only_for_its_games(monkeypatch, missing):
    """worker.needs_sunofyork (issue 54): engine-worker.js downloads the sunofyork wheel and
    soy_host.py before a call that starts, loads or replays a Sun of York game, while either
    cannot be imported (as in the page before that); never for Richard III, nor once they can."""
    import importlib.util

    import worker
    soy = soy_host.SoyHost()
    soy.new_game("blore_heath", 2, BOTH_AI)
    save = soy.save()
    r3 = game_host.GameHost()
    r3.new_game("1460", 1, {"Lancaster": "easy", "York": "human"})
    calls = [("new_game", "heworth_moor", 5, "{}", "sunofyork", 0, ""), ("load", save),
             ("replay_open", save, ""), ("new_game", "1460", 5, "{}", "richard3", 0, ""),
             ("new_game", "1460", 5, "{}"), ("load", r3.save()), ("replay_open", "", ""),
             ("status",)]
    assert [worker.needs_sunofyork(*call) for call in calls] == [False] * 8  # importable here
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == missing else find_spec(name, *a))
    for name in [n for n in sys.modules if n == "sunofyork" or n.startswith("sunofyork.")]:
        monkeypatch.delitem(sys.modules, name)
    assert [worker.needs_sunofyork(*call) for call in calls] == [True] * 3 + [False] * 5


def test_the_worker_starts_without_sun_of_york():
    """Issue 54: worker.py imports neither soy_host nor the sunofyork engine at its start (the
    page's worker has neither until a Sun of York game needs them)."""
    code = "import sys, worker; print(sorted({'soy_host', 'sunofyork'} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], cwd=WEB, capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_a_human_view_holds_its_choices_in_words_and_no_hidden_card():
    host = soy_host.SoyHost()
    host.new_game("blore_heath", 5, {"Lancaster": "easy", "York": "human"})
    view = host._view("York")
    assert view["game"] == "sunofyork" and view["choices"]
    for c in view["choices"]:
        assert c["text"] and "(" in c["text"]
        host.game.legal_actions(1).index(soy_host.parse_notation(c["notation"]))
    while host._status()["ai_pending"] or host.game.phase < 4:
        if host._status()["ai_pending"]:
            host.ai_step()
        else:
            host.act("York", host._view("York")["actions"][0])
    view = host._view("York")
    enemy = {k for k in view["cards"] if k.startswith("0:")}
    for p in view["obs"]["field"]:
        for x in p:
            if x["side"] == 0 and not x.get("hidden"):
                assert f"0:{x['card']}" in enemy
    shown = {int(k[2:]) for k in enemy}
    hand = set(host.game.hand[0])
    assert not (hand & shown - set(view["obs"]["discards"][0])), "the enemy's hand is shown"


def _views():
    """Views of seeded games at several moments, from both sides."""
    out = []
    for scenario, seed in (("heworth_moor", 3), ("blore_heath", 4)):
        host = soy_host.SoyHost()
        host.new_game(scenario, seed, {"Lancaster": "human", "York": "human"})
        g = host.game
        import random
        rng = random.Random(seed)
        for i in range(400):
            if g.is_over:
                break
            s = g.active_sides()[0]
            if i % 25 == 0:
                out.append(host._view(soy_host.SIDES[s]))
            host._apply(s, rng.choice(g.legal_actions(s)))
    return json.loads(json.dumps(out))


DRAW = '''
import json
import soy_cards
views = json.load(open("views.json"))
out = []
for v in views:
    ids = [c["ints"][0] for c in v["choices"] if c["ints"]]
    out.append([soy_cards.status_html(v), soy_cards.field_html(v, ids[0] if ids else None,
                {0, 4}, set(ids)), soy_cards.dice_html(v) + soy_cards.position_large_html(v, 4),
                soy_cards.campaign_html(v) if v["campaign"] else ""])
warm = soy_cards.warm_html()
'''


def test_the_battlefield_draws_alike_on_micropython(tmp_path):
    between = _to_between()
    between._set_controllers({"Lancaster": "human", "York": "human"}, 6)
    done = _finished()                  # a replay's steps: the sides by name, "both" face up
    info = json.loads(done.replay_open())["replay"]
    replays = [json.loads(done.replay_view(info["steps"] // 2, x)) for x in ("York", "both")]
    views = _views() + replays + json.loads(json.dumps([between._view(s)
                                                        for s in soy_host.SIDES]))
    assert len(views) >= 10
    scope = {}
    exec(DRAW.replace('json.load(open("views.json"))', "VIEWS"), {"VIEWS": views,
                                                                   "__name__": "x"}, scope)
    ours = scope["out"]
    for status, field, dice, campaign in ours:
        assert field.count("data-position=") == 13
    assert sum("soy-die" in dice for _, _, dice, _ in ours) >= 3   # some views show dice
    # the campaign screen: the score, the battle and its winner, the Next battle button
    campaign = ours[-1][3]
    assert 'data-wins="York"' in campaign and 'data-action="next"' in campaign
    assert "The First Battle of St. Albans (1455-05-22): <b" in campaign
    assert "Campaign: Lancaster" in ours[-1][0]
    for _, field, dice, _ in ours[-4:-2]:   # the replay names the sides (its log's titles aside)
        shown = re.sub(r' title="[^"]*"', "", field + dice)
        assert "Your" not in shown and "York’s" in shown
    mjs = MICROPYTHON / "micropython.mjs"
    if not mjs.exists() or not shutil.which("node"):
        pytest.fail("MicroPython or node missing: run `python3 build.py test`")
    for name in ("soy_cards.py", "table.py", "facts.py"):
        shutil.copy2(WEB / name, tmp_path / name)
    (tmp_path / "views.json").write_text(json.dumps(views))
    (tmp_path / "driver.py").write_text(DRAW + "\njson.dump([out, warm], open('soy.out.json', "
                                       "'w'))\n")
    done = subprocess.run(["node", str(DRIVER), str(mjs), str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    theirs = json.loads((tmp_path / "soy.out.json").read_text())
    assert theirs == [ours, scope["warm"]]


def _classes(html):
    return {name for attr in re.findall(r'class="([^"]*)"', html) for name in attr.split()}


def test_the_table_s_fonts_are_laid_out_before_its_first_drawing():
    """soy_cards.warm_html, laid out hidden before a battle's first drawing (soy_table.warm),
    holds every class of the field, the dice and a position opened large that soy.css gives a
    font of its own (a size or a weight: a font the browser looks for the first time it lays
    it out), and every character beyond ASCII they draw; and no card the page's hooks or tests
    would find (`data-card`)."""
    import soy_cards
    css = (WEB / "soy.css").read_text()
    fonts = {name for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", css)
             if "font" in body for name in re.findall(r"\.([a-z][\w-]*)", selectors)}
    page = (WEB / "index.html").read_text()
    drawn = page[page.index('<div id="soy-field"'):page.index('<p id="thinking"')]
    for v in _views():
        ids = [c["ints"][0] for c in v["choices"] if c["ints"]]
        drawn += (soy_cards.status_html(v) + soy_cards.dice_html(v)
                  + soy_cards.field_html(v, ids[0] if ids else None, {0, 4}, set(ids))
                  + soy_cards.position_large_html(v, 4)
                  + "".join(soy_cards.card_html(v, v["obs"]["side"], c)
                            for c in v["obs"].get("hand") or []))
    warm = "".join(soy_cards.warm_html())
    needed = fonts & _classes(drawn)
    assert {"soy-status", "c-name", "c-badge", "pos-name", "soy-large-close"} <= needed
    assert needed <= _classes(warm), needed - _classes(warm)
    assert {"soy-hand", "soy-hand-cards", "prompt", "choice", "log", "thinking"} <= _classes(warm)
    text = re.sub(r"<[^>]*>", "", drawn)
    assert {c for c in text if ord(c) > 126} <= set(warm)
    assert "data-card=" not in warm and "data-action=" not in warm


def test_the_view_carries_the_dice_of_the_last_roll():
    """Issue 54: the view's "rolls" are the dice of the last action that rolled (an attack's
    dice with the hits they made, a morale check, a leader check...), as the log says them;
    they stay until the next roll."""
    host = soy_host.SoyHost()
    host.new_game("blore_heath", 4, BOTH_AI)
    before = host._view("York")["rolls"]
    assert before == []
    seen = set()
    for _ in range(400):
        start = len(host.game.log)
        host.ai_step()
        new = host.game.log[start:]
        view = host._view("York")
        attacks = [e for e in new if e[0] == "attack"]
        if attacks:
            rolls = [r for r in view["rolls"] if r["kind"] == "attack"]
            assert [[d["pips"] for d in r["dice"]] for r in rolls] == [list(e[5]) for e in attacks]
            for r, e in zip(rolls, attacks):
                assert sum(d["made"] for d in r["dice"]) == e[6] and r["made"].startswith(str(e[6]))
                assert all(d["made"] == (d["pips"] <= e[4]) for d in r["dice"])
                assert r["card"] == host.game.card(e[1], e[2]).name and "rolled" in r["text"]
        elif not any(soy_host.rolled(e) for e in new):
            assert view["rolls"] == before        # no new roll: the last one stays
        before = view["rolls"]
        seen |= {r["kind"] for r in view["rolls"]}
        assert all(r["dice"] for r in view["rolls"])       # every roll shown has its dice
    assert {"attack", "initiative_roll", "morale"} <= seen
    # a leader who falls alone with the enemy rolls no dice: no roll to show
    assert soy_host.rolled(("leader_killed", 1, 2, (6,)))
    assert not soy_host.rolled(("leader_killed", 1, 2, ()))
    assert soy_host.rolls_of(host.game, [("leader_killed", 1, 2, ())], 1) == []
    # a loaded save shows its last roll (its last rolling event and those of its kind before)
    last = [r for r in host._view("York")["rolls"]][-1]
    host.load(host.save())
    assert host._view("York")["rolls"][-1] == last


# ---------------------------------------------------------------- deck files (issue 54)
def deck_text(side: str) -> str:
    """The shipped stand-in deck file of `side`, as a player would load it."""
    from importlib import resources
    return resources.files("sunofyork.data").joinpath(f"{side.lower()}.toml").read_text("utf-8")


def printed_york() -> str:
    """A York deck file that is not the stand-in (a player's own: one card renamed)."""
    text = deck_text("York").replace("stand_in = true", "stand_in = false")
    return text.replace('name = "Duke of York"', 'name = "Richard, Duke of York"', 1)


def test_a_loaded_deck_file_plays_and_says_so_and_survives_the_save():
    host = soy_host.SoyHost()
    decks = {"York": {"name": "my-york.toml", "text": printed_york()}}
    host.new_game("heworth_moor", 5, {"Lancaster": "human", "York": "easy"}, 0, decks)
    assert host.game.card(1, 1).name == "Richard, Duke of York"
    assert host.game.decks[0] == soy_host.sunofyork().standard_deck(0)
    note = host._view("Lancaster")["public"]["note"]
    assert "York: deck loaded from file" in note and "Lancaster: this project's stand-in" in note
    for _ in range(30):
        host.ai_step()
    # the save keeps the loaded deck: in its state and, for the record's replay, beside it
    saved = host.save()
    game, _ = soy_host.parse_save(saved)
    assert game.card(1, 1).name == "Richard, Duke of York" and game.record == host.game.record
    data = json.loads(saved)
    assert data["decks"] != "standard"
    del data["state"]                       # the record alone replays with the loaded deck
    game, _ = soy_host.parse_save(json.dumps(data))
    assert game.card(1, 1).name == "Richard, Duke of York" and game.record == host.game.record
    record = json.loads(host.record())
    assert record["decks"][1][0]["name"] == "Richard, Duke of York"
    # the stand-ins: "standard" in the save, the stand-in note shown
    host.new_game("heworth_moor", 5, BOTH_AI)
    assert json.loads(host.save())["decks"] == "standard"
    assert host._view("York")["public"]["note"] == soy_host.STAND_IN_NOTE


def test_the_stand_in_file_loaded_is_the_stand_in():
    host = soy_host.SoyHost()
    decks = {side: {"name": f"{side}.toml", "text": deck_text(side)} for side in soy_host.SIDES}
    host.new_game("heworth_moor", 5, BOTH_AI, 0, decks)
    assert host._view("York")["public"]["note"] == soy_host.STAND_IN_NOTE
    assert json.loads(host.save())["decks"] == "standard"


@pytest.mark.parametrize("text,words", [
    (printed_york().replace("cohesion = 1", "cohesion = 9", 1), "cohesion must be 1-6, not 9"),
    ("not = [a toml", "not a valid TOML file"),
    (deck_text("Lancaster"), "but a York deck was expected"),
])
def test_a_bad_deck_file_is_refused_in_words_and_nothing_is_lost(text, words):
    host = soy_host.SoyHost()
    host.new_game("blore_heath", 3, BOTH_AI)
    before = host.save()
    with pytest.raises(soy_host.DeckFileError) as refused:
        host.new_game("heworth_moor", 5, BOTH_AI, 0, {"York": {"name": "my-york.toml",
                                                               "text": text}})
    message = str(refused.value)
    assert message.startswith("The York deck file was not loaded, and no game was started: "
                               "my-york.toml: ")
    assert words in message
    assert host.save() == before            # the game held before is still held
    if "cohesion" in words:
        assert "card " in message and "cohesion" in message  # the card and the field named


def test_the_worker_passes_deck_files_and_answers_a_refusal_in_words():
    """worker.new_game hands the deck files to the host; a refusal is its answer's error and
    the game held stays the one held."""
    import worker
    good = {"York": {"name": "my-york.toml", "text": printed_york()}}
    answer = json.loads(worker.new_game("heworth_moor", 5, json.dumps(BOTH_AI), "sunofyork", 0,
                                        json.dumps(good)))
    assert answer["status"]["title"] == "sunofyork"
    held = worker.save()
    bad = {"York": {"name": "my-york.toml", "text": printed_york().replace(
        "cohesion = 1", "cohesion = 9", 1)}}
    answer = json.loads(worker.new_game("blore_heath", 5, json.dumps(BOTH_AI), "sunofyork", 0,
                                        json.dumps(bad)))
    assert "cohesion must be 1-6, not 9" in answer["error"]
    assert worker.save() == held


# --------------------------------------------------------------- the campaign screen (9.3)
def _to_between(seed=6):
    host = soy_host.SoyHost()
    st = json.loads(host.new_game("campaign", seed, BOTH_AI))["status"]
    assert st["campaign"] == 1
    for _ in range(5000):
        if host._view("York")["campaign"]["between"]:
            return host
        host.ai_step()
    raise AssertionError("the first battle of the campaign did not end")


def test_a_single_battle_has_no_campaign_part():
    host = soy_host.SoyHost()
    host.new_game("heworth_moor", 1, BOTH_AI)
    assert host._view("York")["campaign"] is None


def test_between_battles_the_view_holds_the_campaign_as_it_stands():
    host = _to_between()
    g = host.game
    view = host._view("Lancaster")
    c = view["campaign"]
    assert view["obs"]["phase"] == "between battles"
    assert sorted(c["wins"]) == [0, 1] and c["to_win"] == 9
    winner = soy_host.SIDES[c["wins"].index(1)]
    assert c["results"] == [{"battle": "The First Battle of St. Albans (1455-05-22)",
                             "winner": winner}]
    # the nobles' rolls of this battle, each as the log has it, the dead among the dead
    rolls = [ev for ev in g.log if ev[0] == "noble_roll"]
    assert len(c["rolls"]) == len(rolls) > 0
    for shown, ev in zip(c["rolls"], rolls):
        assert shown["side"] == soy_host.SIDES[ev[1]] and shown["roll"] == ev[3]
        assert shown["total"] == ev[3] + ev[4] and shown["died"] == ev[5]
        assert (shown["leader"] in c["dead"][shown["side"]]) == shown["died"]
    assert c["henry"] == g.campaign["henry"] and len(c["henry_rolls"]) == 1
    assert c["kings"]["Lancaster"] == "King Henry VI"
    royal = {r["name"]: r["leader"] for r in c["royal"]}
    assert royal["King Richard III"] is False and royal["Duke of Gloucester"] is True
    assert royal["King Edward IV"] == (c["kings"]["York"] == "King Edward IV")
    assert c["next"] == {"id": "blore_heath", "title": "The Battle of Blore Heath (1459-09-23)"}


def test_next_battle_lays_out_the_second_battle_once_both_sides_go_on():
    host = _to_between()
    host._set_controllers({"Lancaster": "easy", "York": "human"}, 6)
    view = host._view("York")
    assert view["actions"] == ["next"]
    answer = json.loads(host.act("York", "next"))
    assert answer["status"]["ai_pending"]    # Lancaster has still to go on
    host.ai_step()
    view = host._view("York")
    assert view["obs"]["phase"] == "deployment" and view["campaign"]["between"] is False
    assert view["public"]["title"] == "The Battle of Blore Heath (1459-09-23)"
    assert host._status()["campaign"] == 2
    assert view["campaign"]["next"]["id"] == "northampton"


# ------------------------------------------------------------------------------ replay
def _finished(seed=3):
    host = soy_host.SoyHost()
    host.new_game("heworth_moor", seed, BOTH_AI)
    finish(host)
    return host


def test_a_finished_battle_replays_from_either_side_or_both():
    host = _finished()
    info = json.loads(host.replay_open())["replay"]
    assert info["steps"] == len(host.game.record) and info["viewpoints"] == \
        ["Lancaster", "York", "both"]
    assert info["turns"][0]["label"] == "Deployment" and info["turns"][-1]["end"] == \
        info["steps"]
    assert all(a["end"] == b["start"] for a, b in zip(info["turns"], info["turns"][1:]))
    end = json.loads(host.replay_view(info["steps"], "York"))
    assert end["obs"] == json.loads(json.dumps(host._view("York")["obs"]))
    assert end["actions"] == [] and end["replay"]["step"] == info["steps"]
    # any step equals the game replayed from the start to it (from its snapshot)
    import sunofyork
    for step in (0, 5, 17, 40):
        g = sunofyork.new_game("heworth_moor", seed=3)
        for s, a in host.game.record[:step]:
            g.apply(s, a)
        shown = json.loads(host.replay_view(step, "Lancaster"))["obs"]
        assert shown == json.loads(json.dumps(dict(g.observation(0), log=shown["log"])))
    # during deployment each side sees the other's face-down cards as backs; "both" not
    step = next(n for n in range(info["steps"])
                if any(x.get("hidden") for p in json.loads(host.replay_view(n, "Lancaster"))
                       ["obs"]["field"] for x in p))
    both = json.loads(host.replay_view(step, "both"))
    assert not any(x.get("hidden") for p in both["obs"]["field"] for x in p)
    assert both["viewpoint"] == "both" and both["obs"]["foe_hand"]
    assert "foe_hand" not in json.loads(host.replay_view(step, "Lancaster"))["obs"]
    with pytest.raises(ValueError):
        host.replay_view(info["steps"] + 1, "York")


def test_a_record_file_replays_and_an_unfinished_game_s_does_not_open():
    host = _finished()
    other = soy_host.SoyHost()
    info = json.loads(other.replay_open(host.record()))["replay"]
    assert info["steps"] == len(host.game.record) and info["source"] == "file"
    assert json.loads(other.replay_open(host.save()))["replay"]["steps"] == info["steps"]
    going = soy_host.SoyHost()
    going.new_game("heworth_moor", 3, {"Lancaster": "easy", "York": "human"})
    assert json.loads(other.replay_open(going.record())) == {"replay": None,
                                                             "unfinished": True}
    # a game in progress is reviewed from its human side only
    assert json.loads(going.replay_open("", "York"))["replay"]["viewpoints"] == ["York"]
    with pytest.raises(soy_host.SaveError):
        going.replay_open("", "Lancaster")
    with pytest.raises(Exception, match="cannot be seen"):
        going.replay_view(0, "both")


def test_a_campaign_replays_battle_by_battle_and_shows_its_screen_between_them():
    host = _to_between()
    host.ai_step()
    host.ai_step()   # both went on: Blore Heath laid out
    for _ in range(40):
        host.ai_step()
    info = json.loads(host.replay_open())["replay"]
    labels = [t["label"] for t in info["turns"]]
    assert labels[0] == "The First Battle of St. Albans: deployment"
    blore = labels.index("The Battle of Blore Heath: deployment")
    start = info["turns"][blore]["start"]
    before = json.loads(host.replay_view(start - 1, "York"))
    assert before["obs"]["phase"] == "between battles" and before["actions"] == []
    assert sorted(before["campaign"]["wins"]) == [0, 1]
    after = json.loads(host.replay_view(start, "both"))
    assert after["public"]["title"] == "The Battle of Blore Heath (1459-09-23)"


def test_a_game_with_a_loaded_deck_replays_with_it_and_shows_its_dice():
    """The replay (Timeline) and the record file (the engine's, record_json) keep a deck
    loaded from a file; a replay's step shows the dice of its last roll as a loaded game
    does, every roll seen when both sides are face up."""
    host = soy_host.SoyHost()
    decks = {"York": {"name": "my-york.toml", "text": printed_york()}}
    host.new_game("heworth_moor", 5, BOTH_AI, 0, decks)
    finish(host)
    record = json.loads(host.record())
    assert record["format"] == "sunofyork-record" and record["version"] == 1
    assert record["decks"][1][0]["name"] == "Richard, Duke of York"
    for source, file in (("game", ""), ("file", host.record()), ("file", host.save())):
        other = soy_host.SoyHost() if file else host
        info = json.loads(other.replay_open(file))["replay"]
        assert info["source"] == source and info["steps"] == len(host.game.record)
        end = json.loads(other.replay_view(info["steps"], "York"))
        assert end["obs"] == json.loads(json.dumps(host._view("York")["obs"]))
        assert "York: deck loaded from file" in end["public"]["note"]
        assert "Richard, Duke of York" in {c["name"] for c in end["cards"].values()}
        step = next(n for n in range(info["steps"], 0, -1)
                    if json.loads(other.replay_view(n, "both"))["rolls"])
        both = json.loads(other.replay_view(step, "both"))
        g = soy_host.Timeline(host.game).game_at(step)
        assert both["rolls"] == json.loads(json.dumps(soy_host.rolls_of(
            g, g.log[slice(*soy_host.last_roll(g.log))], 2)))
    # a record file of a deck the engine cannot read is refused in words
    bad = dict(record, decks=[record["decks"][0], [{"name": "no such card"}]])
    with pytest.raises(soy_host.SaveError, match="cannot be replayed"):
        soy_host.SoyHost().replay_open(json.dumps(bad))
