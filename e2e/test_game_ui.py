"""Playing in the page: a whole 1483 game against the AI, pass-and-play privacy, saves,
responsiveness while the AI thinks, accessibility, same-origin requests only.

The human side is driven only through the page's fallback for keyboards and screen readers:
the collapsed list of every legal choice (`#all-choices`, a <details>), opened, then one of its
`[data-action]` buttons; then the test waits for the next drawing (`body[data-view]` changes
and the AI is no longer thinking). Playing on the map is e2e/test_play_on_map.py.
"""

from __future__ import annotations

import json
import random
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import richard3
from e2e.conftest import wait_for_start_screen

pytestmark = pytest.mark.e2e

AREAS = set(richard3.load_components().area_names)


def start_game(page, site_url, lancaster, york, seed, scenario="1483", pace="fast", start=True):
    """The new-game form filled in (and Start pressed, unless not `start`)."""
    page.goto(f"{site_url}?pace={pace}")
    wait_for_start_screen(page)
    page.click("#new-game")
    page.wait_for_selector("#setup:not([hidden]) #scenario option[value='1483']", state="attached", timeout=60_000)
    page.select_option("#scenario", scenario)
    page.select_option("#player-lancaster", lancaster)
    page.select_option("#player-york", york)
    page.fill("#seed", str(seed))
    if start:
        page.click("#start-game")


def wait_for_decision(page, previous=None, timeout=120_000):
    """Wait until the page has drawn a new view (after `previous`) and no AI is thinking.
    On a timeout, the error says what the page was doing (its <body> data, its message, its
    console errors), so a failure far away (CI) can be understood."""
    try:
        page.wait_for_function(
            """prev => (document.body.dataset.view || null) !== prev
                       && document.body.dataset.thinking !== 'yes'
                       && ['table', 'victory', 'handover'].includes(document.body.dataset.screen)""",
            arg=previous, timeout=timeout)
    except PlaywrightTimeout as error:
        raise AssertionError(f"no new decision drawn after view {previous!r}: "
                             f"{page_state(page)}") from error
    return page.evaluate("document.body.dataset.screen")


def page_state(page) -> dict:
    """What the page shows and does now, for a failure's message."""
    state = page.evaluate("""() => ({
        body: Object.assign({}, document.body.dataset),
        message: (document.getElementById('message') || {}).textContent,
        thinking: (document.getElementById('thinking') || {}).textContent,
        prompt: ((document.getElementById('prompt') || {}).textContent || '').slice(0, 200)})""")
    state["console_errors"] = getattr(page, "console_errors", [])
    return state


def click_action(page, notation):
    previous = page.evaluate("document.body.dataset.view || null")
    page.evaluate("document.getElementById('all-choices').open = true")
    page.locator(f"#all-choices [data-action={json.dumps(notation)}]").click()
    return wait_for_decision(page, previous)


def offered(page):
    return page.eval_on_selector_all("#all-choices [data-action]",
                                     "els => els.map(e => e.dataset.action)")


def serious_violations(page):
    from axe_playwright_python.sync_playwright import Axe
    results = Axe().run(page)
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def test_whole_1483_game_against_the_ai(page, site_url, artifacts_dir):
    own = "{0.scheme}://{0.netloc}".format(urlsplit(site_url))
    foreign = []
    page.context.on("request", lambda r: None if r.url.startswith(("data:", "blob:"))
                    or r.url.startswith(own) else foreign.append(r.url))
    page.goto(site_url)
    wait_for_start_screen(page)
    assert serious_violations(page) == []
    start_game(page, site_url, lancaster="easy", york="human", seed=11)
    screen = wait_for_decision(page)
    assert serious_violations(page) == []  # the table
    # Keyboard: Tab reaches a game control and Enter plays it (a card: Enter chooses it,
    # then Enter on the confirm strip's Play, which takes the focus).
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.action !== undefined"
                         " || document.activeElement.dataset.choose !== undefined"):
            break
    else:
        pytest.fail("no game control reachable with Tab")
    previous = page.evaluate("document.body.dataset.view")
    if page.evaluate("document.activeElement.dataset.choose !== undefined"):
        page.keyboard.press("Enter")
        page.wait_for_function("document.activeElement.dataset.confirm !== undefined")
    page.keyboard.press("Enter")
    screen = wait_for_decision(page, previous)
    rng = random.Random(11)
    checked_battle = False
    for step in range(3000):
        if screen == "victory":
            break
        actions = offered(page)
        assert actions, page.inner_text("#prompt")
        assert page.locator("#prompt").inner_text().strip()
        if page.locator("#battle-board").count() and not checked_battle:
            checked_battle = True
            assert serious_violations(page) == []
            page.click("#odds")
            page.wait_for_function("document.getElementById('odds-text').textContent.length > 0")
            assert "odds" in page.inner_text("#odds-text") or "%" in page.inner_text("#odds-text")
            page.screenshot(path=str(artifacts_dir / "game-battle.png"))
        if step == 5:
            page.screenshot(path=str(artifacts_dir / "game-table.png"))
            page.click("#hint")
            page.wait_for_selector("#table button.hinted[data-action]", state="attached")
            assert "Hint:" in page.inner_text("#message")
        # Prefer progress over wandering, so the game stays short: end an action phase soon.
        choice = "end" if "end" in actions and rng.random() < 0.5 else rng.choice(actions)
        screen = click_action(page, choice)
    assert screen == "victory"
    text = page.inner_text("#victory-text")
    assert "wins" in text and "Battles fought" in text
    page.screenshot(path=str(artifacts_dir / "game-victory.png"))
    assert foreign == []
    assert page.console_errors == []


def secrets_of(game, shown):
    """Names of the other side's blocks that `shown`'s observation does not contain."""
    other = 1 - shown
    visible = json.dumps(game.observation(shown))
    theirs = game.observation(other)
    return [b["block"] for b in theirs["own_blocks"] + theirs["pool"]
            if b["block"] not in visible and b["block"] not in AREAS]


def page_html_without_map_art(page):
    """The page's HTML less the map's static artwork (the printed board: shields named for
    nobles, badges), which is the same for both sides; blocks drawn on the map are checked
    apart, by their data-block and aria-label."""
    return page.evaluate("""() => {
        const copy = document.documentElement.cloneNode(true);
        const map = copy.querySelector('#map');
        const drawn = map ? [...map.querySelectorAll('[data-block], [aria-label]')]
            .map((n) => (n.dataset.block || '') + ' ' + (n.getAttribute('aria-label') || '')) : [];
        if (map) map.remove();
        return copy.outerHTML + drawn.join(' ');
    }""")


def keep_forced(game):
    """As the worker does for human sides (game_host._keep_forced_hands): a hand that may not
    be redealt is kept without asking."""
    while not game.is_over:
        forced = [s for s in game.active_sides()
                  if [str(a) for a in game.legal_actions(s)] == ["keep"]]
        if not forced:
            return
        game.apply(forced[0], "keep")


def test_pass_and_play_never_shows_the_other_sides_blocks(new_page, site_url, artifacts_dir):
    """Also on a tablet-sized touch screen, with no horizontal scrolling."""
    page = new_page(viewport={"width": 1024, "height": 768}, has_touch=True, is_mobile=True)
    seed = 21
    start_game(page, site_url, lancaster="human", york="human", seed=seed)
    mirror = richard3.new_game("1483", seed=seed)  # the same game, replayed beside the page
    keep_forced(mirror)
    rng = random.Random(seed)
    screen = wait_for_decision(page)
    handovers = 0
    for _ in range(40):
        html = page_html_without_map_art(page)
        if screen == "handover":
            handovers += 1
            for s in (0, 1):
                leaked = [n for n in secrets_of(mirror, s) if n in html]
                assert leaked == [], f"hand-over screen shows {leaked}"
            assert page.locator("[data-block]").count() == 0
            side = page.get_attribute("#handover-go", "data-side")
            assert page.inner_text("#handover-title") == f"Pass to {side}"
            previous = page.evaluate("document.body.dataset.view || null")
            page.click("#handover-go")
            screen = wait_for_decision(page, previous)
            continue
        if screen == "victory":
            break
        side = page.evaluate("document.body.dataset.side")
        s = 0 if side == "Lancaster" else 1
        leaked = [n for n in secrets_of(mirror, s) if n in html]
        assert leaked == [], f"{side}'s table shows {leaked}"
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        actions = offered(page)
        assert sorted(actions) == sorted(str(a) for a in mirror.legal_actions(s))
        choice = rng.choice(actions)
        mirror.apply(s, choice)
        keep_forced(mirror)
        screen = click_action(page, choice)
    assert handovers >= 2
    page.screenshot(path=str(artifacts_dir / "pass-and-play-tablet.png"))
    assert page.console_errors == []


def test_save_reload_resume_and_a_refused_import(page, site_url, tmp_path):
    start_game(page, site_url, lancaster="easy", york="human", seed=31)
    screen = wait_for_decision(page)
    rng = random.Random(31)
    for _ in range(6):
        assert screen == "table"
        screen = click_action(page, rng.choice(offered(page)))
    before = {"actions": offered(page), "log": page.inner_text("#log"),
              "prompt": page.inner_text("#prompt"), "status": page.inner_text("#status-bar")}
    saved = page.evaluate("localStorage.getItem('richard3.autosave')")
    assert json.loads(saved)["format"] == "richard3-save"

    page.reload()
    wait_for_start_screen(page)
    page.click("#continue")
    wait_for_decision(page)
    after = {"actions": offered(page), "log": page.inner_text("#log"),
             "prompt": page.inner_text("#prompt"), "status": page.inner_text("#status-bar")}
    assert after == before

    # Export works and gives back the same save.
    with page.expect_download() as download:
        page.click("#more > summary")
        page.click("#export")
    exported = tmp_path / "export.json"
    download.value.save_as(exported)
    assert json.loads(exported.read_text())["game"] == json.loads(saved)["game"]

    # A named slot keeps this position.
    page.fill("#slot-name", "before the import")
    page.click("#save-slot")
    page.wait_for_function("localStorage.getItem('richard3.slot.before the import') !== null")
    assert page.evaluate("localStorage.getItem('richard3.slot.before the import')") == saved

    page.click("#menu")
    for name, content, words in [
            ("corrupt.json", '{"format": "richard3-save", "version": 1, "controllers": {}, "game": {', "not JSON"),
            ("newer.json", json.dumps({**json.loads(saved), "version": 99}), "newer version"),
            ("other.json", '{"hello": "world"}', "not a Richard III save")]:
        path = tmp_path / name
        path.write_text(content)
        page.set_input_files("#import-file", str(path))
        # The message of the previous file may still be showing: wait for this file's own.
        page.wait_for_function(
            "(w) => { const m = document.querySelector('#message');"
            " return m && !m.hidden && m.innerText.includes(w); }", arg=words, timeout=15000)
        assert words in page.inner_text("#message")
        assert page.evaluate("localStorage.getItem('richard3.autosave')") == saved
    page.reload()
    wait_for_start_screen(page)
    page.click("#continue")
    wait_for_decision(page)
    assert offered(page) == before["actions"]
    previous = page.evaluate("document.body.dataset.view")
    page.click("#more > summary")
    page.select_option("#slots", "before the import")
    page.click("#load-slot")
    wait_for_decision(page, previous)
    assert offered(page) == before["actions"]
    assert page.console_errors == []


def test_page_stays_responsive_while_the_hard_ai_thinks(page, site_url):
    page.goto(f"{site_url}?pace=fast")
    wait_for_start_screen(page)
    page.evaluate("""() => { window.ticks = 0; setInterval(() => { window.ticks += 1; }, 50); }""")
    page.click("#new-game")
    page.wait_for_selector("#setup:not([hidden]) #scenario option[value='1483']", state="attached", timeout=60_000)
    page.select_option("#player-lancaster", "hard")
    page.select_option("#player-york", "hard")
    page.click("#start-game")
    page.wait_for_selector("body[data-thinking=yes] #thinking:not([hidden])", timeout=60_000)
    start = page.evaluate("window.ticks")
    page.wait_for_timeout(3000)
    # The page answers at once and its timer went on ticking (about 60 ticks in 3 s).
    assert page.evaluate("window.ticks") - start >= 30
    assert page.locator("#pace").is_enabled()
    assert page.console_errors == []
