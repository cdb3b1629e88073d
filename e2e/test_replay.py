"""Replay and review in the page (issue 26): a record made by `python -m richard3 selfplay`
imported and stepped through, its final map, a battle seen from Lancaster's side only, the
balance chart; a game in progress reviewed from the player's side; a game the AI plays on both
sides watched face up, paused and stepped."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest

import richard3
from richard3.review import Review
from e2e.conftest import wait_for_start_screen
from e2e.test_game_ui import page_html_without_map_art, secrets_of, start_game, wait_for_decision

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    """A whole 1460 game between the normal AI and itself, as `selfplay --records` writes it."""
    out = tmp_path_factory.mktemp("records")
    subprocess.run([sys.executable, "-m", "richard3", "selfplay", "--scenario", "1460",
                    "--games", "1", "--seed", "3", "--lancaster", "normal", "--york", "normal",
                    "--records", str(out), "--quiet"], check=True)
    path = out / "1460-3.json"
    return path, Review(json.loads(path.read_text()))


def step_now(page) -> int:
    return int(page.evaluate("document.body.dataset.replayStep"))


def go_to(page, step: int) -> None:
    """Drag the slider to `step` and wait for it to be drawn."""
    page.evaluate("""s => { const r = document.getElementById('replay-slider');
                            r.value = String(s); r.dispatchEvent(new Event('input')); }""", step)
    page.wait_for_function(f"document.body.dataset.replayStep === '{step}'")


def click_and_wait(page, selector: str, step: int) -> None:
    page.click(selector)
    page.wait_for_function(f"document.body.dataset.replayStep === '{step}'")


def drawn_map(page):
    """(own blocks as {(block, area)}, Counter of the other side's blocks by area)."""
    own = page.eval_on_selector_all(
        "#map [data-block]", "els => els.map(e => [e.dataset.block, e.dataset.where])")
    enemy = page.eval_on_selector_all(
        "#map [data-enemy-block]", "els => els.map(e => e.dataset.where)")
    return {tuple(x) for x in own}, Counter(enemy)


def on_the_map(game, side: int):
    return [b for b in game.observation(side)["own_blocks"] if b["area"] != "home (face-down)"]


def battle_step(review: Review) -> int:
    """The last step of the game where a battle is being fought with York blocks still hidden
    from Lancaster elsewhere on the map."""
    for step in range(review.steps, 0, -1):
        g = review.game_at(step)
        if g.observation(0)["phase"] == "battle" and secrets_of(g, 0):
            return step
    raise AssertionError("no battle in this game")


def test_an_imported_record_replays_to_its_final_map_and_each_side_sees_only_its_own(
        new_page, site_url, record_file, artifacts_dir):
    path, review = record_file
    page = new_page()
    page.goto(site_url)
    wait_for_start_screen(page)
    page.set_input_files("#import-file", str(path))
    # A finished game's file opens its replay at once, at the end, both sides face up.
    page.wait_for_selector("body[data-mode='replay'] #replay:not([hidden])", timeout=60_000)
    page.wait_for_function(f"document.body.dataset.replayStep === '{review.steps}'")
    assert page.evaluate("document.body.dataset.viewpoint") == "both"
    # It opens at its controls (issue 55, 7), not scrolled down the panel.
    page.wait_for_function("""() => { const r = document.querySelector('[data-replay=start]')
        .getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }""",
                           timeout=5_000)
    click_and_wait(page, "[data-replay='start']", 0)
    click_and_wait(page, "[data-replay='next']", 1)
    click_and_wait(page, "[data-replay='end']", review.steps)

    # The final map is the saved game's: every block of both sides where the game left it.
    final = review.final
    own, enemy = drawn_map(page)
    assert own == {(b["block"], b["area"]) for b in on_the_map(final, 0)}
    assert enemy == Counter(b["area"] for b in on_the_map(final, 1))
    assert "won" in page.inner_text("#replay-title")

    # One point per game turn played; a tap on one takes the replay to that turn's end.
    points = page.locator("#balance svg [data-turn]")
    assert points.count() == len(review.turns)
    third = page.locator("#balance svg [data-turn='2']")
    third.scroll_into_view_if_needed()
    third.click()
    page.wait_for_function(f"document.body.dataset.replayStep === '{review.turns[2]['end']}'")
    assert page.locator("#balance .pt.now").get_attribute("data-turn") == "2"
    assert page.locator("#swings .swing").count() >= 1

    # Back to a battle, then Lancaster's view: no York block it could not see then.
    step = battle_step(review)
    go_to(page, step)
    assert page.locator("#battle-board").count() == 1
    page.click("[data-viewpoint-choice='Lancaster']")
    page.wait_for_function("document.body.dataset.viewpoint === 'Lancaster'")
    page.wait_for_function(f"document.body.dataset.replayStep === '{step}'")
    g = review.game_at(step)
    html = page_html_without_map_art(page)
    hidden = secrets_of(g, 0)
    assert hidden and [n for n in hidden if n in html] == []
    own, enemy = drawn_map(page)
    assert own == {(b["block"], b["area"]) for b in on_the_map(g, 0)}
    revealed = page.locator("#map .blk.enemy.revealed").count()
    assert revealed == len(g.observation(0)["revealed"])
    page.screenshot(path=str(artifacts_dir / "replay-battle-lancaster.png"))

    # The arrow keys step; Shift+arrow a game turn.
    page.locator("#replay-title").click()
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"document.body.dataset.replayStep === '{step - 1}'")
    page.keyboard.press("Shift+ArrowRight")
    after = review.turns[review.turn_at(step - 1)]
    page.wait_for_function(f"document.body.dataset.replayStep === '{after['end']}'")
    assert page.console_errors == []


def test_a_game_in_progress_is_reviewed_from_the_players_side_then_play_goes_on(
        page, site_url):
    start_game(page, site_url, lancaster="human", york="easy", seed=5)
    wait_for_decision(page)
    previous = page.evaluate("document.body.dataset.view")
    page.evaluate("document.getElementById('all-choices').open = true")
    page.locator("#all-choices [data-action]").first.click()
    wait_for_decision(page, previous)
    page.click("#review")
    page.wait_for_selector("body[data-mode='replay']")
    assert page.evaluate("document.body.dataset.viewpoint") == "Lancaster"
    visible = page.eval_on_selector_all("[data-viewpoint-choice]:not([hidden])",
                                        "els => els.map(e => e.dataset.viewpointChoice)")
    assert visible == ["Lancaster"]
    assert page.locator("#balance svg").count() == 0    # the balance only once it is over
    click_and_wait(page, "[data-replay='start']", 0)
    previous = page.evaluate("document.body.dataset.view")
    page.click("#replay-close")
    wait_for_decision(page, previous)     # the game's table drawn again after the replay
    assert page.evaluate("document.body.dataset.mode") == ""
    assert page.locator("#all-choices [data-action]").count() > 0
    assert page.console_errors == []


def test_a_game_of_the_ai_against_itself_is_watched_face_up_paused_and_stepped(page, site_url):
    start_game(page, site_url, lancaster="easy", york="easy", seed=8, start=False)
    assert page.locator("#spectator").is_visible() and page.locator("#spectator").is_checked()
    page.click("#start-game")
    page.wait_for_selector("#pause:not([hidden])", timeout=60_000)
    page.click("#pause")
    page.wait_for_selector("#step-ai:not([hidden])")
    assert page.inner_text("#table-side") == "Both sides face up"
    # Paused: nothing moves on; a Step lets one decision through.
    page.wait_for_timeout(500)
    before = page.evaluate("document.body.dataset.view")
    page.wait_for_timeout(1000)
    assert page.evaluate("document.body.dataset.view") == before
    page.click("#step-ai")
    page.wait_for_function(f"document.body.dataset.view !== '{before}'")
    # Both sides face up: no face-down block on the map.
    assert page.locator("#map .blk.face-down").count() == 0
    assert page.locator("#map .blk.enemy.revealed").count() > 0
    assert page.console_errors == []
    # Resumed, the game plays to its end; the victory screen offers its replay and chart.
    page.click("#pause")
    page.wait_for_selector("#victory:not([hidden])", timeout=240_000)
    page.click("#victory-replay")
    page.wait_for_selector("body[data-mode='replay'] #balance svg")
    assert page.evaluate("document.body.dataset.viewpoint") == "both"
    turns = page.locator("#balance svg [data-turn]").count()
    assert turns >= 1
    assert f"of {page.evaluate('document.body.dataset.replayStep')} ·" in \
        page.inner_text("#replay-where")
    page.click("#replay-close")
    page.wait_for_selector("#victory:not([hidden])")
    assert page.console_errors == []
