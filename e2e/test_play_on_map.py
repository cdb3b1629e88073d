"""Playing on the map (issue "Play on the map"): whole games driven only by taps on the map's
blocks and areas, the cards of the hand, the battle board and the contextual buttons beside
the map, never the collapsed list of every choice (#all-choices).

A tap is a real pointer event at a point of the element that is not covered by anything else
(a mouse click at 1280x800, a touchscreen tap at 1024x768). The tests also count what a player
meets: taps per land move and the controls visible outside #all-choices at each decision, and
print them (the figures go into the issue's note). `start`, `Player` and `play` take any page
with Playwright's calls: e2e/test_every_browser.py plays with them in Firefox and WebKit.
"""

from __future__ import annotations

import json
import random
import statistics

import pytest

from e2e.browsers import FREE_POINT_OF
from e2e.conftest import wait_for_start_screen
from e2e.test_game_ui import serious_violations

pytestmark = pytest.mark.e2e

# A point of the first element a CSS selector matches that the element itself (or, for an
# area, a block standing in it) receives: the centre if free, else the nearest free point.
FREE_POINT = f"(sel) => ({FREE_POINT_OF})(document.querySelector(sel))"

# Controls a player sees outside the collapsed list and the map itself: buttons, selects, inputs
# and disclosure summaries (links to the rules reference are not counted). The pools and minors
# beside the map (#board-boxes: the boxes of the map's printed track panel, drawn larger since
# issue 27) count as the map, where their blocks were.
VISIBLE_CONTROLS = """() => [...document.querySelectorAll(
    'button, select, input, summary, [role=button]')].filter((c) => {
  if (c.closest('#all-choices > :not(summary)') || c.closest('#map') || c.closest('#board-boxes'))
    return false;
  if (c.closest('details:not([open]) > :not(summary)')) return false;
  const r = c.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(c).visibility !== 'hidden';
}).map((c) => (c.textContent || c.id).trim().slice(0, 30))"""


class Player:
    """Plays one side through taps only; keeps the figures."""

    def __init__(self, page, rng, touch=False):
        self.page, self.rng, self.touch = page, rng, touch
        self.taps = 0
        self.moves = []       # taps for each land move made
        self.controls = []    # visible controls at each decision
        self.pending = None   # taps since the block of a move was selected

    def tap(self, selector):
        point = self.page.evaluate(FREE_POINT, selector)
        assert point, f"nothing to tap at {selector}"
        previous = self.page.evaluate("document.body.dataset.view || null")
        if self.touch:
            self.page.touchscreen.tap(point[0], point[1])
        else:
            self.page.mouse.click(point[0], point[1])
        self.taps += 1
        wait_for_drawing(self.page, previous)

    def tap_button(self, locator):
        previous = self.page.evaluate("document.body.dataset.view || null")
        if self.touch:
            locator.tap()
        else:
            locator.click()
        self.taps += 1
        return wait_for_drawing(self.page, previous, strict=False)

    def selectors(self, css):
        return self.page.eval_on_selector_all(
            css, """els => els.filter((e) => e.getBoundingClientRect().width > 0)
                         .map((e) => e.dataset.block || e.dataset.area || '')""")

    def step(self):
        """One tap (or a card chosen and confirmed)."""
        page, rng = self.page, self.rng
        confirm = page.locator(".card-confirm [data-confirm]")
        if confirm.count():
            self.tap_button(confirm.first)
            return
        cards = page.locator("#hand [data-choose]")
        if cards.count():
            self.tap_button(cards.nth(rng.randrange(cards.count())))
            page.wait_for_selector(".card-confirm [data-confirm]")
            return
        for css in ("#hand [data-action]:visible", "#battle [data-action]:visible"):
            buttons = page.locator(css)
            if buttons.count():
                self.decide_button(buttons)
                return
        targets = self.selectors("#map [data-target]")
        selected = page.locator("#map [data-block].selected").count()
        if targets and (selected or page.locator("#map [data-area][data-selected]").count()
                        or rng.random() < 0.9):
            area = rng.choice(targets)
            self.tap(f'#map [data-area="{area}"]')
            if self.pending is not None:
                self.moves.append(self.pending + 1)
                self.pending = None
            return
        movable = self.selectors("#map [data-block].can-act")
        buttons = page.locator("#choices [data-action]:visible")
        if movable and (not buttons.count() or rng.random() < 0.6) and not selected:
            block = rng.choice(movable)
            self.tap_block(block)
            self.pending = 1 if page.locator("#map [data-target]").count() else None
            return
        if buttons.count():
            self.pending = None
            self.decide_button(buttons)
            return
        if selected:  # a selected block with nothing to do: let it go
            self.tap("#map [data-block].selected")
            return
        pytest.fail(f"no control outside the list at: {page.inner_text('#prompt')}")

    def tap_block(self, block):
        self.tap(f'#map [data-block={json.dumps(block)}]')

    def decide_button(self, buttons):
        actions = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
        # Prefer progress, so the game stays short: end an action phase or regroup soon.
        if "end" in actions and self.rng.random() < 0.5:
            index = actions.index("end")
        elif "fire" in [a.split(" ")[0] for a in actions] and self.rng.random() < 0.7:
            index = [a.split(" ")[0] for a in actions].index("fire")
        else:
            index = self.rng.randrange(len(actions))
        self.tap_button(buttons.nth(index))


def wait_for_drawing(page, previous, strict=True, timeout=120_000):
    """Wait for the page's next drawing after `previous` with no AI thinking; return the
    screen. strict=False: also return if nothing was drawn within 2 s (a control that only
    opens something, like a card's confirm strip), unless an AI is then playing (its turn can
    take longer than that, in a slower browser): then wait for it."""
    try:
        page.wait_for_function(
            """prev => (document.body.dataset.view || null) !== prev
                       && document.body.dataset.thinking !== 'yes'
                       && ['table', 'victory', 'handover'].includes(document.body.dataset.screen)""",
            arg=previous, timeout=timeout if strict else 2_000)
    except Exception:
        if strict:
            raise
        if page.evaluate("document.body.dataset.thinking") == "yes":
            return wait_for_drawing(page, previous, timeout=timeout)
    return page.evaluate("document.body.dataset.screen")


def start(page, site_url, scenario, seed, lancaster="easy", york="human"):
    page.goto(f"{site_url}?pace=fast")
    wait_for_start_screen(page)
    page.click("#new-game")
    page.wait_for_selector("#setup:not([hidden]) #scenario option[value='1483']", state="attached")
    page.select_option("#scenario", scenario)
    page.select_option("#player-lancaster", lancaster)
    page.select_option("#player-york", york)
    page.fill("#seed", str(seed))
    page.click("#start-game")
    wait_for_drawing(page, None)


def play(page, rng, touch, until, limit=4000, axe=True):
    """Tap until the game is over or `until(page)`; axe checks each phase's first screen (and
    a selection) for serious or critical accessibility issues (axe=False: not checked, for a
    browser that axe-playwright does not drive)."""
    player = Player(page, rng, touch)
    checked = set()
    for _ in range(limit):
        screen = page.evaluate("document.body.dataset.screen")
        if screen == "victory" or until(page):
            break
        assert screen == "table", screen
        phase = page.evaluate("document.body.dataset.phase")
        selected = page.locator("#map [data-block].selected").count() > 0
        if axe and (phase, selected) not in checked:
            checked.add((phase, selected))
            assert serious_violations(page) == [], (phase, selected)
        assert page.evaluate("document.getElementById('all-choices').open") is False
        controls = page.evaluate(VISIBLE_CONTROLS)
        if not player.controls or len(controls) > max(player.controls):
            player.worst = (page.inner_text("#prompt"), controls)
        player.controls.append(len(controls))
        player.step()
    return player


def report(name, player):
    moves = player.moves or [0]
    print(f"\n{name}: {player.taps} taps; land moves {len(player.moves)}, taps per move median "
          f"{statistics.median(moves)}, max {max(moves)}; visible controls outside the list "
          f"median {statistics.median(player.controls)}, max {max(player.controls)} at "
          f"{player.worst}")


def test_whole_1483_game_against_the_ai_by_taps_with_a_mouse(page, site_url, artifacts_dir):
    start(page, site_url, "1483", seed=21)
    player = play(page, random.Random(21), touch=False, until=lambda p: False)
    report("1483, 1280x800, mouse", player)
    assert page.evaluate("document.body.dataset.screen") == "victory"
    assert "wins" in page.inner_text("#victory-text")
    assert serious_violations(page) == []  # the victory screen
    assert statistics.median(player.moves or [2]) <= 2
    assert max(player.controls) <= 15
    page.screenshot(path=str(artifacts_dir / "taps-1483-victory.png"))
    assert page.console_errors == []


def test_whole_1483_game_by_touch_on_a_tablet(new_page, site_url, artifacts_dir):
    page = new_page(viewport={"width": 1024, "height": 768}, has_touch=True)
    start(page, site_url, "1483", seed=22)
    player = play(page, random.Random(22), touch=True, until=lambda p: False)
    report("1483, 1024x768, touch", player)
    assert page.evaluate("document.body.dataset.screen") == "victory"
    assert statistics.median(player.moves or [2]) <= 2
    assert max(player.controls) <= 15
    assert page.console_errors == []


def test_first_campaign_of_1460_by_taps(page, site_url):
    start(page, site_url, "1460", seed=23, lancaster="human", york="easy")
    player = play(page, random.Random(23), touch=False,
                  until=lambda p: p.evaluate("document.body.dataset.phase") == "political"
                  or p.evaluate("document.body.dataset.screen") == "victory")
    report("1460 first campaign, 1280x800, mouse", player)
    assert page.evaluate("document.body.dataset.phase") == "political" \
        or page.evaluate("document.body.dataset.screen") == "victory"
    assert player.moves and statistics.median(player.moves) <= 2
    assert max(player.controls) <= 15
    assert page.console_errors == []
