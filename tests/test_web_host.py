"""The page's game host (web/game_host.py): its answers, its hidden information, its saves, and
the page's drawing of its views (web/board.py, web/panels.py, web/table.py), without a browser."""

import json
import random
import sys
from pathlib import Path

import pytest

from richard3 import IllegalAction, describe

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

import board  # noqa: E402
import facts  # noqa: E402
import game_host  # noqa: E402
import panels  # noqa: E402
import table  # noqa: E402
from game_host import GameHost, SaveError  # noqa: E402
from web_views import decisions  # noqa: E402

# What build.py writes into mpy.json for the page's table (the main thread has no engine).
facts.set_data(game_host.page_data())


def play_to_end(host, rng, limit=20000):
    for _ in range(limit):
        st = json.loads(host.status())
        if st["over"]:
            return st
        if st["ai_pending"]:
            host.ai_step()
            continue
        side = st["humans"][0]
        view = json.loads(host.view(side))
        host.act(side, rng.choice(view["actions"]))
    raise AssertionError("game did not end")


@pytest.mark.parametrize("scenario", ["1460", "1470", "1483"])
def test_human_against_ai_plays_to_the_end(scenario):
    host = GameHost()
    host.new_game(scenario, 5, {"Lancaster": "easy", "York": "human"})
    st = play_to_end(host, random.Random(1))
    assert st["winner"] in ("Lancaster", "York")
    view = json.loads(host.view("York"))
    assert view["summary"]["reason"]
    assert "wins" in panels.victory_panel(view)


def test_view_lists_actions_only_for_a_deciding_human():
    host = GameHost()
    host.new_game("1483", 1, {"Lancaster": "human", "York": "human"})
    # 5.1: neither hand here may be redealt, so the host keeps both (issue 55, 7: no forced
    # "Keep your hand" tap) and the card phase is next
    kept = [e for e in host.game.events_for(0) if e["kind"] == "keep_hand"]
    assert kept
    st = json.loads(host.status())
    assert set(st["humans"]) == {"Lancaster", "York"}
    assert "obs" not in st and "hand" not in json.dumps(st)
    view = json.loads(host.view("York"))
    assert view["actions"] and all(isinstance(a, str) for a in view["actions"])


def test_a_hand_that_may_be_redealt_is_asked_about_one_that_may_not_is_kept():
    for seed in range(1, 30):
        host = GameHost()
        host.new_game("1460", seed, {"Lancaster": "human", "York": "human"})
        for side in ("Lancaster", "York"):
            actions = json.loads(host.view(side))["actions"]
            assert actions != ["keep"], (seed, side)


def one_slot_map():
    """A map geometry with one slot at the centre of every area and box (board.Geometry)."""
    return board.Geometry({"areas": {a: {"slots": [[10.0, 5.0]]} for a in facts.areas()}})


def drawn(view) -> str:
    """Everything the page draws from a view: the map's blocks, the cards, the boxes, the
    battle board, the log, every choice."""
    obs, choices = view["obs"], view["choices"]
    return "".join([board.blocks_layer(view, one_slot_map()), panels.hand_panel(obs, choices),
                    panels.battle_board(obs, choices), panels.log_panel(view["log_plain"]),
                    table.boxes_panel(obs), table.all_choices(view),
                    table.usurpation_panel(view)])


def secrets_of(host, side):
    """The names of the other side's blocks that `side`'s observation does not hold."""
    mine = json.dumps(json.loads(host.view(side))["obs"])
    other = json.loads(host.view(facts.enemy_of(side)))["obs"]
    return [b["block"] for b in other["own_blocks"] + other["pool"]
            if b["block"] not in mine and b["block"] not in facts.areas()]


def assert_nothing_of_the_other_side(html, host, side):
    blocks = secrets_of(host, side)
    assert blocks
    for name in blocks:
        assert f'data-block="{name}"' not in html and f">{name}<" not in html, name


def test_rendered_view_holds_nothing_of_the_other_side():
    host = GameHost()
    host.new_game("1483", 3, {"Lancaster": "human", "York": "human"})
    york = json.loads(host.view("York"))
    html = drawn(york)
    assert_nothing_of_the_other_side(html, host, "York")
    for b in york["obs"]["own_blocks"]:
        if b["area"] in facts.areas():
            assert f'data-block="{b["block"]}"' in html


def test_act_answers_status_view_and_save_in_one():
    """One round trip a decision: act's answer holds the status, the acting side's new view
    (nothing of the other side's hidden blocks or hand) and the save, which loads and equals
    the game."""
    host = GameHost()
    host.new_game("1460", 7, {"Lancaster": "human", "York": "easy"})
    rng = random.Random(7)
    answers = 0
    for _ in range(300):
        st = json.loads(host.status())
        if st["over"]:
            break
        if st["ai_pending"]:
            answer = json.loads(host.ai_step("Lancaster"))
        else:
            view = json.loads(host.view("Lancaster"))
            answer = json.loads(host.act("Lancaster", rng.choice(view["actions"])))
            answers += 1
        assert set(answer) == {"status", "view", "save"}
        assert answer["status"] == json.loads(host.status())
        assert answer["view"] == json.loads(host.view("Lancaster"))
        # Lancaster's observation and nothing more (the engine's fog of war: no York hand,
        # pool or face-down block), and none of York's hidden blocks named anywhere in it
        assert answer["view"]["obs"] == json.loads(json.dumps(host.game.observation(0)))
        text = json.dumps(answer["view"])
        for name in secrets_of(host, "Lancaster"):
            assert f'"{name}"' not in text, name
        assert "hand" not in json.dumps(answer["status"])
        loaded = GameHost()
        loaded.load(answer["save"])
        assert loaded.game.to_json() == host.game.to_json()
    assert answers > 20


def test_in_pass_and_play_act_never_answers_with_the_other_sides_view():
    """The hand-over screen comes before the other side's view: an act that hands the decision
    to the other side answers with no view at all."""
    host = GameHost()
    host.new_game("1483", 14, {"Lancaster": "human", "York": "human"})
    assert json.loads(host.view("Lancaster"))["actions"] == ["mulligan", "keep"]
    answer = json.loads(host.act("Lancaster", "mulligan"))    # 5.1: now York answers
    assert answer["status"]["humans"] == ["York"] and answer["view"] is None
    answer = json.loads(host.act("York", "keep"))         # both choose a card now
    assert set(answer["status"]["humans"]) == {"Lancaster", "York"}
    assert answer["view"]["side"] == "York" and answer["view"]["actions"]
    assert_nothing_of_the_other_side(drawn(answer["view"]), host, "York")


def test_an_activation_and_its_move_are_one_call_and_all_or_nothing():
    for host, _, view in decisions("1483", 2, random.Random(2)):
        if view["via_activation"]:
            break
    else:
        pytest.fail("no activation offered")
    side = view["side"]
    choice = view["via_activation"][0]
    before = host.game.to_json()
    with pytest.raises(IllegalAction):
        host.act(side, choice["notation"][0], "fly to the moon")
    assert host.game.to_json() == before
    answer = json.loads(host.act(side, *choice["notation"]))
    assert answer["view"]["side"] == side
    assert json.loads(host.game.record_json())["actions"][-2:] == [
        [game_host.SIDES.index(side), n] for n in choice["notation"]]


def test_save_round_trip_and_refusals():
    host = GameHost()
    host.new_game("1460", 9, {"Lancaster": "human", "York": "normal"})
    text = host.save()
    other = GameHost()
    other.load(text)
    assert other.game.to_json() == host.game.to_json()
    assert other.controllers == host.controllers
    before = other.game.to_json()
    for bad, words in [("{not json", "not JSON"), ('{"a": 1}', "not a Richard III save"),
                       (json.dumps({**json.loads(text), "version": 99}), "newer version"),
                       (json.dumps({**json.loads(text), "game": {"format": "x"}}), "damaged")]:
        with pytest.raises(SaveError, match=words):
            other.load(bad)
        assert other.game.to_json() == before


def _played_save(seed=9, actions=60):
    host = GameHost()
    host.new_game("1460", seed, {"Lancaster": "human", "York": "human"})
    rng = random.Random(seed)
    for _ in range(actions):
        st = json.loads(host.status())
        side = st["humans"][0]
        host.act(side, rng.choice(json.loads(host.view(side))["actions"]))
    return host, json.loads(host.save())


def test_a_save_whose_state_is_damaged_is_rebuilt_from_its_record():
    host, data = _played_save()
    data["game"]["strength"][0] = 10**9          # the state is refused by Game.from_json
    other = GameHost()
    answer = json.loads(other.load(json.dumps(data)))
    assert answer["recovered"] == game_host.RECOVERED
    assert other.game.to_json() == host.game.to_json()
    assert "recovered" not in json.loads(other.status())


def test_a_save_whose_state_and_record_are_both_damaged_is_refused_and_changes_nothing():
    host, data = _played_save()
    data["game"]["strength"][0] = 10**9
    data["game"]["record"]["actions"][5] = [0, "fly to the moon"]
    other = GameHost()
    other.new_game("1483", 3, {"Lancaster": "human", "York": "easy"})
    before = other.game.to_json()
    with pytest.raises(SaveError, match="damaged"):
        other.load(json.dumps(data))
    assert other.game.to_json() == before


def test_undo_within_the_action_phase():
    host = GameHost()
    host.new_game("1483", 2, {"Lancaster": "human", "York": "human"})
    rng = random.Random(3)
    for _ in range(200):
        st = json.loads(host.status())
        side = st["humans"][0]
        view = json.loads(host.view(side))
        if view["can_undo"]:
            before = host.undo_stack[-1][1].to_json()
            host.undo(side)
            assert host.game.to_json() == before
            return
        moves = [a for a in view["actions"] if a.startswith("activate")]
        host.act(side, rng.choice(moves or view["actions"]))
    pytest.fail("no undoable action was offered")


def test_hint_gives_the_top_three_legal_choices_with_their_chances():
    host = GameHost()
    host.new_game("1470", 4, {"Lancaster": "human", "York": "easy"})
    st = json.loads(host.status())
    while st["ai_pending"]:
        answer = json.loads(host.ai_step())
        assert answer["view"] is None and answer["save"]    # no side named: no view
        st = answer["status"]
    side = st["humans"][0]
    hints = host.hint(side)
    actions = json.loads(host.view(side))["actions"]
    assert 1 <= len(hints) <= 3 and len({h["notation"] for h in hints}) == len(hints)
    assert all(h["notation"] in actions and 0 <= h["chance"] <= 100 for h in hints)
    assert [h["chance"] for h in hints] == sorted((h["chance"] for h in hints), reverse=True)
    words = table.hint_text(hints, json.loads(host.view(side))["choices"])
    assert words.startswith("Hint: ") and f"about {hints[0]['chance']}% to win" in words
    assert words.count("% to win") == len(hints)


def test_the_host_records_each_ai_decisions_time_and_samples():
    """bench/ai_browser.py reads, per AI decision with a choice, its level, milliseconds, the
    samples the search drew in its time budget and whether it was a card play (1.1)."""
    host = GameHost()
    host.new_game("1483", 3, {"Lancaster": "hard", "York": "human"})
    for _ in range(10):
        if any(t[3] == "card" for t in host.thinking):
            break
        st = json.loads(host.status())
        if st["ai_pending"]:
            host.ai_step()
        else:
            host.act("York", json.loads(host.view("York"))["actions"][0])
    card = [t for t in host.thinking if t[3] == "card"]
    assert card, host.thinking
    level, ms, samples, _kind = card[0]
    assert level == "hard" and ms > 0 and samples >= 1
    assert all(t[3] == "other" for t in host.thinking[:-1])   # the mulligan came first


def test_hint_text_names_choices_in_words():
    choices = [{"notation": "fire", "text": "Fire"}, {"notation": "retreat Kent",
                                                      "text": "Retreat to Kent"}]
    words = table.hint_text([{"notation": "retreat Kent", "chance": 41},
                             {"notation": "fire", "chance": 12}], choices)
    assert words == ("Hint: Retreat to Kent (about 41% to win). "
                     "Also good: Fire (about 12% to win).")
    assert table.hint_text([], choices) == "No hint now."


def test_scenarios_have_history():
    names = {s["id"]: s for s in game_host.scenarios()}
    assert set(names) == {"1460", "1470", "1483"}
    assert all(s["history"] for s in names.values())


def test_odds_on_request_during_a_battle():
    host = GameHost()
    host.new_game("1483", 11, {"Lancaster": "easy", "York": "human"})
    rng = random.Random(11)
    assert host.odds("York") is None
    for _ in range(2000):
        st = json.loads(host.status())
        assert not st["over"], "no battle for York in this game"
        if st["ai_pending"]:
            host.ai_step()
            continue
        view = json.loads(host.view("York"))
        if view["obs"]["battle"]:
            odds = host.odds("York")
            assert 0 <= odds["win"] <= 1
            assert "%" in table.odds_text(odds)
            return
        acts = view["actions"]
        host.act("York", "end" if "end" in acts and rng.random() < 0.5 else rng.choice(acts))


def test_own_blocks_show_rating_strength_and_crown():
    host = GameHost()
    host.new_game("1483", 3, {"Lancaster": "human", "York": "human"})
    york = board.blocks_layer(json.loads(host.view("York")), one_slot_map())
    assert 'aria-label="Gloucester (York), combat rating B3, strength 3, KING"' in york
    lanc = board.blocks_layer(json.loads(host.view("Lancaster")), one_slot_map())
    assert "PRETENDER" in lanc


def test_the_map_draws_every_block_of_a_stack_own_by_name_enemy_face_down():
    host = GameHost()
    host.new_game("1483", 3, {"Lancaster": "human", "York": "human"})
    york = json.loads(host.view("York"))
    svg = board.blocks_layer(york, one_slot_map())
    obs = york["obs"]
    on_map = [b for b in obs["own_blocks"] if b["area"] in facts.areas()]
    assert svg.count('data-block="') - svg.count('data-where="pool"') == len(on_map)
    assert svg.count("data-enemy-block data-where") - svg.count(
        'data-enemy-block data-where="pool"') == sum(obs["enemy_counts"].values())
    assert "Richmond" not in svg and 'data-block="Gloucester"' in svg


def test_the_page_draws_an_unpredictable_seed_and_the_ai_cannot_read_it_back():
    """Issue 19, item 2: with no seed chosen, 63 bits from the system's generator; the AI's
    own seeds are fixed by the game's (a chosen seed replays the AI too) but are no way back."""
    host = GameHost()
    seeds = set()
    for _ in range(3):
        host.new_game("1483", "", {"Lancaster": "human", "York": "human"})
        seeds.add(host.game.seed)
    assert len(seeds) == 3 and all(0 <= s < 1 << 63 for s in seeds)
    a = game_host.agent_seed(12345, "Lancaster")
    assert a == game_host.agent_seed(12345, "Lancaster")
    assert a != game_host.agent_seed(12345, "York")
    assert a not in (12345, 12346) and game_host.agent_seed(12346, "Lancaster") != a + 1


def test_a_page_save_of_version_0_1_0_continues():
    text = (Path(__file__).parent / "data" / "v0.1.0-1483-page-save.json").read_text()
    host = GameHost()
    st = json.loads(host.load(text))
    assert "recovered" not in st and st["status"]["controllers"]["Lancaster"] == "easy"
    view = json.loads(host.view("York"))
    saved = json.loads(text)["game"]["log"]                 # English lines in 0.1.0
    assert view["obs"]["log"] == [line for vis, line in saved if vis in (-1, 1)]
    assert view["log_plain"] and view["since"] == []
    play_to_end(host, random.Random(2))


def test_a_view_carries_the_logs_last_entries_and_the_whole_log_once_over():
    """The answer of every decision held the whole log and grew with the game (issue 27): a
    view carries the last LOG_TAIL entries (with a text) and how many there are; the finished
    game's view, for the victory screen, all of them."""
    host = GameHost()
    host.new_game("1460", 1, {"Lancaster": "easy", "York": "easy"})
    longest = 0
    while True:
        answer = json.loads(host.ai_step("York"))
        view = answer["view"]
        entries = [x for x in describe.plain_log(host.game.events_for(1)) if x["text"]]
        assert view["log_count"] == len(entries)
        if answer["status"]["over"]:
            assert view["log_plain"] == entries
            break
        assert view["log_plain"] == entries[-game_host.LOG_TAIL:]
        longest = max(longest, len(entries))
    assert longest > 2 * game_host.LOG_TAIL


def test_blocks_glide_from_where_they_were_and_hits_are_marked():
    """Motion (issue 27, item 4): a drawing given the previous one's record makes a block that
    moved glide from where it was (a `glide` group offset by the way it came), one that did
    not move still, and one whose strength fell marked as hit; with no record, nothing moves."""
    host = GameHost()
    host.new_game("1483", 3, {"Lancaster": "human", "York": "human"})
    view = json.loads(host.view("York"))
    geo = one_slot_map()
    before = {}
    board.blocks_layer(view, geo, {}, before)
    name = "Gloucester"
    assert ("b:" + name) in before and before["s:" + name] == 3
    moved = dict(before)
    moved["b:" + name] = (before["b:" + name][0] - 100, before["b:" + name][1] + 40)
    moved["s:" + name] = 4  # it had one step more: a hit since
    svg = board.blocks_layer(view, geo, {"before": moved})
    own = svg[svg.index(f'data-block="{name}"') - 80:]
    own = own[:own.index("</g></g>")]
    assert 'class="glide" style="--gx:-100.0px;--gy:40.0px"' in own
    assert " hit" in own[:120]
    assert board.hits(moved, view) == [name]
    still = board.blocks_layer(view, geo, {"before": before})
    assert "glide" not in still and " hit" not in still
    assert "glide" not in board.blocks_layer(view, geo)


def test_own_blocks_are_a_fingers_size_and_names_fit():
    """Sizes (issue 27, items 1-2): an own block is board.OWN map units (at the touch screens'
    default zoom of 0.95 CSS px a unit: at least 44 px) with its name at 0.27 of that (11 px
    and more); long names are cut to fit a face."""
    assert board.OWN * 0.95 >= 44 and board.OWN * 0.27 * 0.95 >= 11
    assert board.face_name("Northumberland") == ("Northumb.", "")
    assert board.face_name("York (church)") == ("York", "church")
    assert board.face_name("Irish Mercenary") == ("Irish", "merc.")
    spots, foe, w, h = board.stack_shape(3, 2)
    assert len(spots) == 3 and len(foe) == 2
    rects = [[x, y, board.OWN, board.OWN] for x, y in spots] + \
        [[x, y, board.ENEMY, board.ENEMY] for x, y in foe]
    for i, a in enumerate(rects):  # no two blocks of a stack overlap
        for b in rects[i + 1:]:
            assert a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] \
                or b[1] + b[3] <= a[1]
