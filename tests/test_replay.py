"""Replay and review (issue 26): a record stepped through (richard3.review), the balance over
time and its swings, and the page host's replay (web/game_host.py): its viewpoints, and a game
in progress reviewed from one side leaking nothing of the other's hidden blocks or hand."""

import json
import random
import sys
from pathlib import Path

import pytest

from richard3 import IllegalAction
from richard3.review import Review
from richard3.selfplay import play_game

from honesty import twin

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

from game_host import GameHost, SaveError, side_view  # noqa: E402


@pytest.fixture(scope="module", params=["1460", "1470", "1483"])
def finished(request):
    """A whole game of each scenario between the normal AI and itself, and its review."""
    game, _ = play_game(request.param, 11, "normal", "normal")
    return game, Review(game.record)


def test_every_step_of_a_review_is_the_game_after_that_many_actions(finished):
    game, review = finished
    assert review.steps == len(game.record["actions"])
    assert review.game_at(review.steps).to_json() == game.to_json()
    # Any step, reached from its snapshot, equals the game replayed from the start.
    rnd = random.Random(1)
    for step in sorted(rnd.sample(range(review.steps + 1), 5)):
        again = Review(game.record, upto=step).final
        assert review.game_at(step).to_json() == again.to_json()
    with pytest.raises(ValueError):
        review.game_at(review.steps + 1)


def test_game_turns_cover_the_game_in_order(finished):
    game, review = finished
    turns = review.turns
    assert turns[0]["start"] == 0 and turns[-1]["end"] == review.steps
    for a, b in zip(turns, turns[1:]):
        assert a["end"] == b["start"] and a["start"] < a["end"]
        assert (a["campaign"], a["turn"]) < (b["campaign"], b["turn"])
    for t in turns:
        g = review.game_at(t["start"])
        assert (g.campaign, g.turn) == (t["campaign"], t["turn"])
        assert review.turn_at(t["start"]) == turns.index(t)


def test_balance_has_one_point_per_game_turn_and_ends_with_the_winner(finished):
    game, review = finished
    points = review.balance()
    assert len(points) == len(review.turns)
    assert all(p["lancaster"] + p["york"] == 100 for p in points)
    winner = "lancaster" if game.winner == 0 else "york"
    assert points[-1][winner] == 100
    # The battles of the game are marked in the turns they were fought, against their losers.
    battles = sum(1 for p in points for m in p["marks"] if m["kind"] == "battle")
    won = sum(1 for _, kind, _ in game.events() if kind == "battle_won")
    assert battles == won


def test_swings_are_the_biggest_moves_of_the_balance_in_words(finished):
    game, review = finished
    points = review.balance()
    swings = review.swings(points)
    assert 1 <= len(swings) <= 3
    sizes = [s["before"] - s["after"] for s in swings]
    assert sizes == sorted(sizes, reverse=True) and all(x > 0 for x in sizes)
    start = review.swings(points, n=len(points))
    assert [s["index"] for s in start[:len(swings)]] == [s["index"] for s in swings]
    for s in swings:
        p = points[s["index"]]
        assert s["text"].startswith(p["label"] + ": " + s["side"])
        assert s["text"].endswith(f"{s['before']}% → {s['after']}%")


def test_the_balance_of_a_game_in_progress_is_not_shown():
    game, _ = play_game("1483", 4, "easy", "easy")
    review = Review(game.record, upto=len(game.record["actions"]) // 2)
    assert not review.over
    with pytest.raises(ValueError):
        review.balance()


def finished_host(scenario="1483", seed=7):
    host = GameHost()
    host.new_game(scenario, seed, {"Lancaster": "normal", "York": "easy"})
    while not host.game.is_over:
        host.ai_step()
    return host


def test_a_finished_game_replays_from_either_side_or_both():
    host = finished_host()
    info = json.loads(host.replay_open())["replay"]
    assert info["viewpoints"] == ["Lancaster", "York", "both"]
    assert len(info["balance"]) == len(info["turns"]) and info["swings"]
    end = json.loads(host.replay_view(info["steps"], "both"))
    york = json.loads(host.replay_view(info["steps"], "York"))["obs"]["own_blocks"]
    # Both sides face up: every York block on the map is drawn revealed.
    on_map = {(b["block"], b["area"]) for b in york if b["area"] != "home (face-down)"}
    assert {(b["block"], b["area"]) for b in end["obs"]["revealed"]} == on_map
    assert end["viewpoint"] == "both" and end["summary"]["winner"] == info["winner"]
    assert end["actions"] == [] and end["replay"]["step"] == info["steps"]


def test_a_record_file_of_a_finished_game_opens_its_replay_and_an_unfinished_one_loads():
    host = finished_host()
    record = host.game.record_json()
    other = GameHost()
    info = json.loads(other.replay_open(record))["replay"]
    assert info["source"] == "file" and info["steps"] == len(host.game.record["actions"])
    game = in_progress_host(80).game
    assert json.loads(other.replay_open(game.record_json())) == {"replay": None,
                                                                 "unfinished": True}
    answer = json.loads(other.load(game.record_json()))
    assert answer["status"]["controllers"] == {"Lancaster": "human", "York": "human"}
    with pytest.raises(SaveError):
        other.replay_open('{"format": "richard3-record", "version": 1}')


def in_progress_host(actions=150):
    """Lancaster human (random choices) against the easy AI, part way through 1460."""
    host = GameHost()
    host.new_game("1460", 5, {"Lancaster": "human", "York": "easy"})
    rng = random.Random(3)
    while len(host.game.record["actions"]) < actions and not host.game.is_over:
        if host.game.active_sides() == [0]:
            view = json.loads(host.view("Lancaster"))
            host.act("Lancaster", rng.choice(view["actions"]))
        else:
            host.ai_step()
    return host


def test_a_game_in_progress_is_reviewed_from_the_players_own_side_only():
    host = in_progress_host()
    info = json.loads(host.replay_open("", "Lancaster"))["replay"]
    assert info["viewpoints"] == ["Lancaster"] and info["balance"] is None
    with pytest.raises(IllegalAction):
        host.replay_view(3, "York")
    with pytest.raises(IllegalAction):
        host.replay_view(3, "both")
    with pytest.raises(SaveError):
        host.replay_open("", "York")     # the AI's side


def test_the_replay_of_a_game_in_progress_leaks_nothing_of_the_other_side():
    """The twin-observation method (tests/honesty.py): at every step, the replay's view from
    Lancaster is the same for the game and for a twin that differs in everything hidden from
    Lancaster (York's hand, deck, face-down card, unrevealed blocks' identities and damage)."""
    host = in_progress_host()
    info = json.loads(host.replay_open("", "Lancaster"))["replay"]
    rnd = random.Random(5)
    review = host.review
    for step in range(0, info["steps"] + 1, 3):
        shown = json.loads(host.replay_view(step, "Lancaster", max(0, step - 3)))
        g = review.game_at(step)
        assert shown["obs"] == json.loads(json.dumps(g.observation(0)))
        since = review.events_between(g, max(0, step - 3), step, 0)
        t = twin(g, 0, rnd)
        assert json.dumps(side_view(g, 0, since)) == json.dumps(side_view(t, 0, since))
        for key in ("log_plain", "since", "usurpation"):
            assert shown[key] == json.loads(json.dumps(side_view(g, 0, since)[key]))


def test_the_balance_chart_has_a_column_per_game_turn_a_finger_can_tap():
    import re

    import balance
    host = finished_host("1470", 3)
    info = json.loads(host.replay_open())["replay"]
    svg = balance.chart(info["balance"], current=1, width=300)
    turns = re.findall(r'<g class="pt( now)?" data-turn="(\d+)" data-step="(\d+)"', svg)
    assert [int(t) for _, t, _ in turns] == list(range(len(info["turns"])))
    assert [int(s) for _, _, s in turns] == [t["end"] for t in info["turns"]]
    assert [t for now, t, _ in turns if now] == ["1"]
    widths = [float(w) for w in re.findall(r'<rect class="hit" x="[\d.-]+" y="0" width="([\d.]+)"',
                                           svg)]
    assert len(widths) == len(turns) and min(widths) >= balance.COLUMN - 0.1
    assert balance.chart([]) == ""
    assert svg.count('class="mark ') == sum(min(4, len(p["marks"])) for p in info["balance"])


def test_with_both_sides_face_up_the_panels_name_the_sides_not_you():
    import facts
    import game_host
    import panels
    import table
    facts.set_data(game_host.page_data())
    host = finished_host()
    steps = json.loads(host.replay_open())["replay"]["steps"]
    both = json.loads(host.replay_view(steps, "both"))
    lanc = json.loads(host.replay_view(steps, "Lancaster"))
    boxes = panels.for_both(both, table.boxes_panel(both["obs"]))
    assert "Your pool" not in boxes and "Lancaster's pool" in boxes
    hand = panels.for_both(both, panels.hand_panel(both["obs"], []) + panels.york_hand(both["obs"]))
    assert "Your hand" not in hand and "Lancaster's hand" in hand and "York's hand" in hand
    # From one side's seat nothing changes.
    assert panels.for_both(lanc, table.boxes_panel(lanc["obs"])) == table.boxes_panel(lanc["obs"])
