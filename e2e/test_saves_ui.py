"""Saves in the page (issue 19, item 12; item 13's Export game record): a browser that blocks
storage (the page starts, New game works, a strip says saves are off), a full storage (play
goes on, a strip says so and offers Export), an unfinished game kept as the previous game when
a new game replaces it, the slot list (date, scenario, turn) and deleting a slot, a save of an
unknown scenario refused in plain words, and the victory screen's Export game record, which
the engine's replay accepts.
"""

from __future__ import annotations

import json
import random

import pytest

import richard3
from richard3 import record
from e2e.conftest import wait_for_start_screen
from e2e.test_game_ui import click_action, offered, start_game, wait_for_decision

pytestmark = pytest.mark.e2e

BLOCKED = """Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }
});"""
FULL = """Storage.prototype.setItem = function () {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
};"""


def wait_for_message(page, words, selector="#message", timeout=30_000):
    page.wait_for_function(
        "([sel, w]) => { const m = document.querySelector(sel);"
        " return m && !m.hidden && m.innerText.includes(w); }",
        arg=[selector, words], timeout=timeout)
    return page.inner_text(selector)


def play(page, steps, seed):
    rng = random.Random(seed)
    screen = wait_for_decision(page)
    for _ in range(steps):
        if screen != "table":
            break
        actions = offered(page)
        screen = click_action(page, "end" if "end" in actions else rng.choice(actions))
    return screen


def new_game_again(page, seed, from_start_screen=False):
    """Menu, New game, Start (York human against Lancaster AI easy, 1483)."""
    if not from_start_screen:
        page.click("#menu")
    wait_for_start_screen(page)
    page.click("#new-game")
    page.wait_for_selector("#setup:not([hidden]) #scenario option[value='1483']",
                           state="attached", timeout=60_000)
    page.select_option("#player-lancaster", "easy")
    page.select_option("#player-york", "human")
    page.fill("#seed", str(seed))
    previous = page.evaluate("document.body.dataset.view || null")
    page.click("#start-game")
    return wait_for_decision(page, previous)


def open_more(page):
    """Open the closed section holding the saves (it stays open from one game to the next)."""
    page.evaluate("document.getElementById('more').open = true")


def slot_options(page):
    return page.eval_on_selector_all("#slots option",
                                     "os => os.map(o => [o.value, o.textContent])")


def test_blocked_storage_the_page_starts_and_plays(page, site_url):
    page.add_init_script(BLOCKED)
    page.goto(f"{site_url}?pace=fast")
    wait_for_start_screen(page)
    assert page.evaluate("(() => { try { localStorage; return 'open'; } catch (e) { return e.name; } })()") == "SecurityError"
    text = wait_for_message(page, "Saves are off", "#storage-warning")
    assert "export the save file" in text
    assert page.locator("#continue").is_hidden()
    start_game(page, site_url, lancaster="easy", york="human", seed=21)
    assert play(page, 3, 21) == "table"  # (the forced keep is the worker's now)
    assert "Saves are off" in page.inner_text("#storage-warning")
    assert page.locator("#warning-export").is_visible()
    with page.expect_download() as download:
        page.click("#warning-export")
    assert json.loads(open(download.value.path()).read())["format"] == "richard3-save"
    # A new game does not lose the unfinished one: it is held in the page, and said so.
    assert new_game_again(page, 22) == "table"
    said = page.inner_text("#message")
    assert "Your unfinished game (1483, campaign" in said and "until you close this page" in said
    open_more(page)
    assert slot_options(page)[0][0] == "(previous game)"
    previous = page.evaluate("document.body.dataset.view")
    page.click("#load-slot")
    wait_for_decision(page, previous)
    assert "Game loaded." in page.inner_text("#message")
    # Saving a named slot says why it cannot.
    page.fill("#slot-name", "mine")
    page.click("#save-slot")
    assert "Not saved" in wait_for_message(page, "Not saved")
    assert page.console_errors == []


def test_full_storage_play_goes_on_with_a_message_and_export(page, site_url):
    page.add_init_script(FULL)
    start_game(page, site_url, lancaster="easy", york="human", seed=23)
    wait_for_decision(page)
    text = wait_for_message(page, "could not be saved", "#storage-warning")
    assert "Play goes on" in text and page.locator("#warning-export").is_visible()
    # Play goes on: the table keeps redrawing and the AI indicator clears.
    assert play(page, 6, 23) in ("table", "victory")
    assert page.evaluate("document.body.dataset.thinking") != "yes"
    with page.expect_download() as download:
        page.click("#warning-export")
    saved = json.loads(open(download.value.path()).read())
    assert saved["format"] == "richard3-save" and saved["scenario"] == "1483"
    open_more(page)
    page.fill("#slot-name", "full")
    page.click("#save-slot")
    said = wait_for_message(page, "Not saved")
    assert "storage is full or blocked" in said and "export the save file" in said
    assert page.console_errors == []


def test_new_game_keeps_the_unfinished_one_and_slots_list_and_delete(page, site_url):
    start_game(page, site_url, lancaster="easy", york="human", seed=31)
    assert play(page, 3, 31) == "table"
    open_more(page)
    page.fill("#slot-name", "first")
    page.click("#save-slot")
    wait_for_message(page, "Saved as “first”.")
    options = slot_options(page)
    assert [v for v, _ in options] == ["first"]
    label = options[0][1]
    status = json.loads(page.evaluate("JSON.stringify(document.body.dataset)"))
    assert label.startswith("first · 20") and " · 1483 · campaign " in label and ", turn " in label
    assert label.endswith("to play") or label.endswith("won")
    first_autosave = page.evaluate("localStorage.getItem('richard3.autosave')")

    # A new game: the unfinished game is kept as the previous game, and the page says so.
    assert new_game_again(page, 32) == "table"
    said = page.inner_text("#message")
    assert said.startswith("Your unfinished game (1483, campaign ") and "“Previous game”" in said
    assert page.evaluate("localStorage.getItem('richard3.previous')") == first_autosave
    open_more(page)
    values = [v for v, _ in slot_options(page)]
    assert values[0] == "(previous game)" and "first" in values
    # Loading the previous game swaps: the game left is kept in its turn.
    second = page.evaluate("localStorage.getItem('richard3.autosave')")
    page.select_option("#slots", "(previous game)")
    previous = page.evaluate("document.body.dataset.view")
    page.click("#load-slot")
    wait_for_decision(page, previous)
    assert "Game loaded. Your unfinished game" in page.inner_text("#message")
    assert page.evaluate("localStorage.getItem('richard3.previous')") == second
    assert page.evaluate("localStorage.getItem('richard3.autosave')") == first_autosave

    # A page opened later: New game keeps the stored unfinished game too.
    page.reload()
    wait_for_start_screen(page)
    assert page.locator("#continue").is_visible()
    page.click("#new-game")
    page.wait_for_selector("#setup:not([hidden]) #scenario option[value='1483']",
                           state="attached", timeout=60_000)
    page.fill("#seed", "33")
    previous = page.evaluate("document.body.dataset.view || null")
    page.click("#start-game")
    wait_for_decision(page, previous)
    assert "Your unfinished game (1483" in page.inner_text("#message")
    assert page.evaluate("localStorage.getItem('richard3.previous')") == first_autosave

    # Delete a slot: the first tap asks, the second deletes.
    open_more(page)
    page.select_option("#slots", "first")
    page.click("#delete-slot")
    assert page.inner_text("#delete-slot") == "Delete “first”? Tap again"
    assert page.evaluate("localStorage.getItem('richard3.slot.first')") is not None
    page.click("#delete-slot")
    wait_for_message(page, "Deleted “first”.")
    assert "first" not in [v for v, _ in slot_options(page)]
    assert page.evaluate("localStorage.getItem('richard3.slot.first')") is None
    assert page.evaluate("localStorage.getItem('richard3.meta.richard3.slot.first')") is None
    assert status  # (the page's hooks were readable throughout)
    assert page.console_errors == []


def test_a_save_of_an_unknown_scenario_is_refused_in_plain_words(page, site_url, tmp_path):
    start_game(page, site_url, lancaster="easy", york="human", seed=41)
    wait_for_decision(page)
    saved = json.loads(page.evaluate("localStorage.getItem('richard3.autosave')"))
    page.click("#menu")
    for name, content, words in [
            ("1999.json", dict(saved, scenario="1999"),
             "This save is damaged: it names scenario “1999”, which this game does not have"),
            ("nogame.json", dict(saved, game=None), "This save is damaged: it holds no game."),
            ("player.json", dict(saved, controllers={"York": None}),
             "This save is damaged: it does not say who plays York.")]:
        path = tmp_path / name
        path.write_text(json.dumps(content))
        page.set_input_files("#import-file", str(path))
        said = wait_for_message(page, words)
        assert "NoneType" not in said and "object" not in said
        assert json.loads(page.evaluate("localStorage.getItem('richard3.autosave')")) == saved
    assert page.console_errors == []


def test_victory_screen_exports_a_record_that_replays(page, site_url, tmp_path):
    start_game(page, site_url, lancaster="easy", york="easy", seed=5)
    page.wait_for_selector("body[data-screen=victory]", timeout=900_000)
    assert page.locator("#export-record").is_visible()
    with page.expect_download() as download:
        page.click("#export-record")
    assert download.value.suggested_filename == "richard3-record.json"
    path = tmp_path / "record.json"
    download.value.save_as(path)
    text = path.read_text()
    assert json.loads(text)["format"] == "richard3-record"
    ok, verdict = record.check(text)
    assert ok, verdict
    game = record.replay(text)
    saved = json.loads(page.evaluate("localStorage.getItem('richard3.autosave')"))
    assert game.is_over
    assert json.loads(game.to_json()) == json.loads(
        richard3.Game.from_json(saved["game"]).to_json())
    assert page.console_errors == []


def _autosave_then_reload(page, site_url, change):
    """Play a few decisions, damage the autosave with `change(save dict)`, reload the page."""
    start_game(page, site_url, lancaster="easy", york="human", seed=43)
    play(page, 6, seed=43)
    saved = json.loads(page.evaluate("localStorage.getItem('richard3.autosave')"))
    damaged = json.loads(json.dumps(saved))
    change(damaged)
    page.evaluate("t => localStorage.setItem('richard3.autosave', t)", json.dumps(damaged))
    page.goto(f"{site_url}?pace=fast")
    wait_for_start_screen(page)
    page.wait_for_selector("#continue:not([hidden])")
    return saved, damaged


def test_a_save_whose_state_is_damaged_continues_from_its_record(page, site_url):
    def break_state(d):
        d["game"]["strength"][0] = 10**9
    saved, _ = _autosave_then_reload(page, site_url, break_state)
    page.click("#continue")
    said = wait_for_message(page, "rebuilt from its record")
    assert said.count(".") == 1                      # one line
    wait_for_decision(page)
    again = json.loads(page.evaluate("localStorage.getItem('richard3.autosave')"))
    assert again["game"]["record"] == saved["game"]["record"]
    assert json.loads(richard3.Game.from_json(again["game"]).to_json()) == json.loads(
        richard3.Game.from_json(saved["game"]).to_json())
    assert page.console_errors == []


def test_a_save_that_cannot_be_rebuilt_is_kept_in_a_slot_and_offered_for_export(page, site_url,
                                                                              tmp_path):
    def break_both(d):
        d["game"]["strength"][0] = 10**9
        d["game"]["record"]["actions"][0] = [0, "fly to the moon"]
    _, damaged = _autosave_then_reload(page, site_url, break_both)
    page.click("#continue")
    said = wait_for_message(page, "It is kept in Saves as “Unreadable save")
    assert "damaged" in said
    assert page.locator("#refused-export").is_visible()
    with page.expect_download() as download:
        page.click("#refused-export")
    path = tmp_path / "refused.json"
    download.value.save_as(path)
    assert json.loads(path.read_text()) == damaged
    kept = page.evaluate("""Object.keys(localStorage).filter(
        k => k.startsWith('richard3.slot.Unreadable save'))""")
    assert len(kept) == 1
    assert json.loads(page.evaluate("k => localStorage.getItem(k)", kept[0])) == damaged
    # A new game autosaves without touching the kept save.
    new_game_again(page, 44, from_start_screen=True)
    assert json.loads(page.evaluate("k => localStorage.getItem(k)", kept[0])) == damaged
    assert page.console_errors == []


def test_saves_the_browser_may_delete_are_said_once_with_export_beside_continue(page, site_url):
    """Issue 27, item 6: the page asks for persistent storage at its first autosave; where the
    browser does not grant it, the start screen says so once, with Export beside Continue, and
    How to play explains the home screen."""
    page.add_init_script("navigator.storage.persist = async () => false;"
                         "navigator.storage.persisted = async () => false;")
    from e2e.test_game_ui import start_game, wait_for_decision
    start_game(page, site_url, "easy", "human", seed=35)
    wait_for_decision(page)
    page.wait_for_selector("body[data-persist='denied']", state="attached")
    assert page.evaluate("localStorage.getItem('richard3.persist')") == "denied"
    page.reload()
    page.wait_for_selector("body[data-state=ready] #continue:not([hidden])")
    assert page.is_visible("#keep-note")
    assert "Safari: 7 days" in page.inner_text("#keep-note")
    with page.expect_download() as download:
        page.click("#export-autosave")
    assert '"richard3-save"' in open(download.value.path()).read()
    page.reload()  # said once: the button stays, the words do not
    page.wait_for_selector("body[data-state=ready] #continue:not([hidden])")
    assert page.is_visible("#export-autosave")
    assert page.inner_text("#keep-note-text") == ""
    assert "Add to Home Screen" in page.text_content(".how-to-play")
    assert page.console_errors == []


def test_granted_storage_says_nothing(page, site_url):
    page.add_init_script("navigator.storage.persist = async () => true;"
                         "navigator.storage.persisted = async () => false;")
    from e2e.test_game_ui import start_game, wait_for_decision
    start_game(page, site_url, "easy", "human", seed=36)
    wait_for_decision(page)
    page.wait_for_selector("body[data-persist='persisted']", state="attached")
    page.reload()
    page.wait_for_selector("body[data-state=ready] #continue:not([hidden])")
    assert not page.is_visible("#keep-note")
