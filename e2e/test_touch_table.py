"""The table on a tablet and a phone (issue 27): whole games by touch at 1024x768, 768x1024,
390x844 and 844x390 (a phone held sideways), and the first campaign of 1460 upright, by taps
only, never the list of every choice (#all-choices).

At every decision the test asserts what a player's finger meets: the element it taps is at
least 44x44 CSS px where it is tapped (its box as drawn, cut to what is in view: the map's frame
and the window), and the tap lands on it (nothing covers that point); an own block's name on
the map is at least 11 px high on the two tablet sizes; no error is shown or logged. A lit
area or a block the player wants that is out of view is brought into view by dragging the map
with a finger (a real touch drag, counted apart from the taps), as a player would.

It prints the figures that go into the issue's note: the smallest tapped element per screen,
taps per land move (median and worst), the share of its frame the map covers (the least seen),
and the longest main-thread task of the game (PerformanceObserver "longtask", from the first
table drawn: the drawings that start the glides, the taps, the AI's answers), against the
200 ms bound. That figure is printed, not asserted: a time is a benchmark's figure (the
developers' guide), and on a machine whose cores are shared it would fail by chance.
"""

from __future__ import annotations

import json
import random
import statistics

import pytest

from e2e.test_play_on_map import FREE_POINT, Player, start, wait_for_drawing

pytestmark = pytest.mark.e2e

FINGER = 44        # CSS px: Apple's and WCAG 2.5.5's touch target
NAME_PX = 11       # CSS px: an own block's name on a tablet
LONG_TASK_MS = 200  # the bound the printed figure is read against

LONGTASKS = """
window.__r3LongTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__r3LongTasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
"""

# The part of an element that is in view: its box cut to the window and, on the map, to the
# map's frame; null when nothing of it is.
VISIBLE_BOX = """(el) => {
  const r = el.getBoundingClientRect();
  let l = Math.max(r.left, 0), t = Math.max(r.top, 0);
  let rr = Math.min(r.right, innerWidth), b = Math.min(r.bottom, innerHeight);
  const frame = el.closest('#map, #panel');
  if (frame) {
    const f = frame.getBoundingClientRect();
    l = Math.max(l, f.left); t = Math.max(t, f.top);
    rr = Math.min(rr, f.right); b = Math.min(b, f.bottom);
  }
  if (rr <= l || b <= t) return null;
  return {x: l, y: t, w: rr - l, h: b - t};
}"""

# Per decision: the smallest own block name on the map (CSS px), the share of #map that the
# map's drawing covers, whether an error is shown.
DECISION_FACTS = """() => {
  const names = [...document.querySelectorAll('#map [data-block] .blk-name')].map((t) => {
    const m = t.getScreenCTM();
    return parseFloat(t.getAttribute('font-size')) * Math.hypot(m.b, m.d);
  });
  const holder = document.getElementById('map');
  const svg = holder.querySelector('svg');
  const f = holder.getBoundingClientRect();
  const s = svg.getBoundingClientRect();
  const vb = svg.viewBox.baseVal;
  const k = Math.min(s.width / vb.width, s.height / vb.height);   // viewBox "meet"
  const w = vb.width * k, h = vb.height * k;
  const x = s.left + (s.width - w) / 2, y = s.top + (s.height - h) / 2;
  const ix = Math.max(0, Math.min(f.right, x + w) - Math.max(f.left, x));
  const iy = Math.max(0, Math.min(f.bottom, y + h) - Math.max(f.top, y));
  const error = document.querySelector('#message[data-kind="error"]:not([hidden])');
  return {name: names.length ? Math.min(...names) : null,
          cover: ix * iy / (f.width * f.height),
          error: error ? error.textContent : null,
          scrolled: document.scrollingElement.scrollTop};
}"""


class TouchPlayer(Player):
    """Plays one side by touch (test_play_on_map.Player's choices), measuring every tap."""

    def __init__(self, page, rng, tablet):
        super().__init__(page, rng, touch=True)
        self.tablet = tablet
        self.smallest = None      # (size, what) of the smallest element tapped
        self.drags = 0
        self.cover = 1.0
        self.cdp = page.context.new_cdp_session(page)

    def check(self, handle, what):
        """Assert the element is at least FINGER x FINGER px in view; keep the smallest."""
        box = self.page.evaluate(VISIBLE_BOX, handle)
        assert box, f"{what} is not in view"
        size = min(box["w"], box["h"])
        assert size >= FINGER - 0.5, f"{what}: {box['w']:.1f}x{box['h']:.1f} px where tapped"
        if self.smallest is None or size < self.smallest[0]:
            self.smallest = (size, what)
        return box

    def drag(self, dx, dy):
        """A finger drags the map by (dx, dy) px from its frame's middle: out 40 px further
        along the way and back, so that even a short drag is no tap (a finger that moves less
        than the browser's slop taps)."""
        x, y = self.page.evaluate("(() => { const r = document.getElementById('map')"
                                  ".getBoundingClientRect(); return [r.left + r.width / 2,"
                                  " r.top + r.height / 2]; })()")
        length = max(1.0, (dx * dx + dy * dy) ** 0.5)
        far = (dx + 40 * dx / length, dy + 40 * dy / length) if length > 1 else (40, 0)
        path = [(far[0] * i / 8, far[1] * i / 8) for i in range(1, 9)]
        path += [(far[0] + (dx - far[0]) * i / 4, far[1] + (dy - far[1]) * i / 4)
                 for i in range(1, 5)]
        self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                                   "touchPoints": [{"x": x, "y": y}]})
        for px, py in path:
            self.cdp.send("Input.dispatchTouchEvent", {
                "type": "touchMove", "touchPoints": [{"x": x + px, "y": y + py}]})
            self.page.wait_for_timeout(16)
        self.page.wait_for_timeout(120)  # the finger rests before it lifts: no fling
        self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        self.drags += 1
        self.page.wait_for_timeout(350)  # the map settles (it slides back inside its bounds)

    def bring_into_view(self, selector):
        """Drag the map until the element at `selector` is wholly in the map's frame (or as
        much of it as the map's bounds allow)."""
        for _ in range(4):
            gap = self.page.evaluate("""(sel) => {
              const r = document.querySelector(sel).getBoundingClientRect();
              const f = document.getElementById('map').getBoundingClientRect();
              const need = (lo, hi, flo, fhi) => lo < flo + 4 ? flo + 4 - lo
                  : hi > fhi - 4 ? Math.max(fhi - 4 - hi, flo + 4 - lo) : 0;
              return [need(r.left, r.right, f.left, f.right), need(r.top, r.bottom, f.top, f.bottom)];
            }""", selector)
            if abs(gap[0]) < 2 and abs(gap[1]) < 2:
                return
            self.drag(gap[0], gap[1])

    def tap(self, selector):
        handle = self.page.query_selector(selector)
        assert handle, f"nothing at {selector}"
        box = self.page.evaluate(VISIBLE_BOX, handle)
        if (box is None or min(box["w"], box["h"]) < FINGER
                or not self.page.evaluate(FREE_POINT, selector)):
            self.bring_into_view(selector)
            handle = self.page.query_selector(selector)
        self.check(handle, selector)
        point = self.page.evaluate(FREE_POINT, selector)
        assert point, f"nothing of {selector} can be tapped"
        previous = self.page.evaluate("document.body.dataset.view || null")
        self.page.touchscreen.tap(point[0], point[1])
        self.taps += 1
        try:
            wait_for_drawing(self.page, previous, timeout=30_000)
        except Exception:
            hit = self.page.evaluate("([x, y]) => { const h = document.elementFromPoint(x, y);"
                                     " return h && h.outerHTML.slice(0, 200); }", point)
            raise AssertionError(f"no drawing after a tap on {selector} at {point} ({hit}); "
                                 f"prompt: {self.page.inner_text('#prompt')}") from None

    def tap_button(self, locator):
        locator.scroll_into_view_if_needed()
        handle = locator.element_handle()
        box = self.check(handle, (locator.text_content() or "").strip()[:40] or "a control")
        x, y = box["x"] + box["w"] / 2, box["y"] + box["h"] / 2
        hit = self.page.evaluate("([el, x, y]) => { const h = document.elementFromPoint(x, y);"
                                 " return !!h && (h === el || el.contains(h)); }", [handle, x, y])
        assert hit, "the control is covered where it is tapped"
        previous = self.page.evaluate("document.body.dataset.view || null")
        self.page.touchscreen.tap(x, y)
        self.taps += 1
        return wait_for_drawing(self.page, previous, strict=False)

    def selectors(self, css):
        # Blocks that may act stand on the map or, in the pool and the minors, beside it.
        if css == "#map [data-block].can-act":
            names = super().selectors("#board-boxes [data-block].can-act")
            self.boxed = set(names)
            return names + super().selectors(css)
        return super().selectors(css)

    def step(self):
        # The map settles first (it slides and zooms to the decision in 250 ms), as the
        # player's eye does.
        self.page.evaluate("new Promise((r) => requestAnimationFrame(() =>"
                           " requestAnimationFrame(r)))")  # a resize's refit is made by then
        self.page.wait_for_function("document.querySelector('#map svg').getAnimations()"
                                    ".length === 0", timeout=5_000)
        facts = self.page.evaluate(DECISION_FACTS)
        assert facts["error"] is None, facts["error"]
        assert facts["scrolled"] == 0, "the page scrolled"
        if self.tablet and facts["name"] is not None:
            assert facts["name"] >= NAME_PX - 0.05, f"block names {facts['name']:.1f} px"
        self.cover = min(self.cover, facts["cover"])
        self.boxed = set()
        super().step()

    def tap_block(self, block):
        if block in self.boxed:
            self.tap_button(self.page.locator(f'#board-boxes [data-block={json.dumps(block)}]'))
        else:
            self.tap(f'#map [data-block={json.dumps(block)}]')


def play_by_touch(page, seed, tablet, until=lambda p: False, limit=3000):
    player = TouchPlayer(page, random.Random(seed), tablet)
    player.since = page.evaluate("performance.now()")
    for _ in range(limit):
        screen = page.evaluate("document.body.dataset.screen")
        if screen == "victory" or until(page):
            break
        assert screen == "table", screen
        assert page.evaluate("document.getElementById('all-choices').open") is False
        player.step()
    return player


def touch_page(new_page, width, height):
    """A touch screen of `width` x `height` CSS px; a phone (either side under 500 px) also
    has a phone's viewport handling (is_mobile)."""
    page = new_page(viewport={"width": width, "height": height}, has_touch=True,
                    is_mobile=min(width, height) < 500)
    page.add_init_script(LONGTASKS)
    return page


def report(name, page, player):
    """Print the figures, the longest main-thread tasks since the table was first drawn
    against ``LONG_TASK_MS`` among them (the page's start is bench-load's)."""
    moves = player.moves or [0]
    tasks = [(t, d) for t, d in page.evaluate("window.__r3LongTasks") if t >= player.since]
    durations = sorted((d for t, d in tasks), reverse=True) + [0, 0]
    longest = durations[0]
    print(f"\n{name}: {player.taps} taps, {player.drags} drags of the map; smallest element "
          f"tapped {player.smallest[0]:.1f} px ({player.smallest[1]}); land moves "
          f"{len(player.moves)}, taps per move median {statistics.median(moves)}, worst "
          f"{max(moves)}; the map covers at least {player.cover:.1%} of its frame; longest "
          f"main-thread task {longest:.0f} ms, next {durations[1]:.0f} ms (bound "
          f"{LONG_TASK_MS} ms)")


@pytest.mark.parametrize("width,height,tablet", [(1024, 768, True), (768, 1024, True),
                                                 (390, 844, False), (844, 390, False)])
def test_whole_1483_game_by_touch(new_page, site_url, width, height, tablet):
    page = touch_page(new_page, width, height)
    start(page, site_url, "1483", seed=40 + width)
    player = play_by_touch(page, 40 + width, tablet)
    report(f"1483, {width}x{height}, touch", page, player)
    assert page.evaluate("document.body.dataset.screen") == "victory"
    assert player.taps > 3
    assert player.smallest[0] >= FINGER - 0.5
    assert player.cover >= 0.9
    assert statistics.median(player.moves or [2]) <= 2
    assert page.console_errors == []


def test_first_campaign_of_1460_by_touch_upright(new_page, site_url):
    page = touch_page(new_page, 768, 1024)
    start(page, site_url, "1460", seed=47, lancaster="human", york="easy")
    player = play_by_touch(
        page, 47, True,
        until=lambda p: p.evaluate("document.body.dataset.phase") == "political"
        or p.evaluate("document.body.dataset.screen") == "victory")
    report("1460 first campaign, 768x1024, touch", page, player)
    assert player.moves and statistics.median(player.moves) <= 2
    assert player.smallest[0] >= FINGER - 0.5
    assert player.cover >= 0.9
    assert page.console_errors == []


GLIDES = """() => [...document.querySelectorAll('#map .glide')].map((g) =>
    g.getAnimations().map((a) => a.effect.getComputedTiming().duration))"""


@pytest.mark.parametrize("reduce", [False, True])
def test_moves_glide_briefly_and_not_at_all_for_reduced_motion(new_page, site_url, reduce):
    """Item 4: a block that moves glides from where it was, in at most 600 ms; with
    prefers-reduced-motion: reduce it just appears where it went."""
    from e2e.test_game_ui import wait_for_decision
    from e2e.test_table_keys import to_action_phase

    page = new_page(viewport={"width": 1024, "height": 768}, has_touch=True,
                    reduced_motion="reduce" if reduce else "no-preference")
    start(page, site_url, "1483", seed=34)
    to_action_phase(page)
    block = page.locator("#map [data-block].can-act").first
    previous = page.evaluate("document.body.dataset.view")
    block.dispatch_event("click")
    wait_for_decision(page, previous)
    area = page.locator("#map [data-area][data-target]").first
    previous = page.evaluate("document.body.dataset.view")
    area.dispatch_event("click")
    page.wait_for_function("(prev) => document.body.dataset.view !== prev", arg=previous)
    glides = page.evaluate(GLIDES)
    assert glides, "nothing glides"
    if reduce:
        assert all(g == [] for g in glides)
    else:
        durations = [d for g in glides for d in g]
        assert durations and max(durations) <= 600
    assert page.console_errors == []


LAYOUT = """() => {
  const box = (id) => { const r = document.getElementById(id).getBoundingClientRect();
                        return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  return {map: box('map'), panel: box('panel'), sheet: document.getElementById('table-layout')
          .dataset.sheet, prompt: box('prompt'), scroll: document.getElementById('panel').scrollTop};
}"""


@pytest.mark.parametrize("width,height,upright", [(1024, 768, False), (768, 1024, True),
                                                  (390, 844, True), (844, 390, False),
                                                  (667, 375, False)])
def test_layouts_sideways_and_upright(new_page, site_url, width, height, upright):
    """Item 3: held sideways the panel is beside the map; upright it is a sheet under the map,
    as wide as the screen, whose handle pulls it up and lets it down, the map following; the
    prompt in view in every state. A phone held sideways (under 500 px high) gives the map the
    screen's whole height, the top bar's controls sitting at the top of the panel."""
    page = touch_page(new_page, width, height)
    start(page, site_url, "1483", seed=37)
    lay = page.evaluate(LAYOUT)
    if not upright:
        assert lay["panel"]["x"] >= lay["map"]["x"] + lay["map"]["w"] - 1
        assert not page.is_visible("#sheet-handle")
        if height >= 500:
            assert lay["map"]["w"] >= 0.6 * width and lay["map"]["h"] >= height - 60
            return
        assert lay["map"]["y"] <= 0.5 and lay["map"]["h"] >= height - 1
        assert lay["map"]["w"] >= 0.55 * width
        assert lay["prompt"]["y"] >= lay["panel"]["y"] and lay["prompt"]["y"] + 20 <= height
        for control in ("#menu", "#zoom-in", "#zoom-out", "#zoom-fit"):
            box = page.locator(control).bounding_box()
            assert box["width"] >= FINGER - 0.5 and box["height"] >= FINGER - 0.5, control
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, control
        menu = page.locator("#menu").bounding_box()
        assert menu["x"] >= lay["map"]["x"] + lay["map"]["w"] - 1   # in the panel's column
        assert menu["y"] + menu["height"] <= lay["panel"]["y"] + 1   # above the panel
        assert page.evaluate("document.scrollingElement.scrollTop") == 0
        assert page.console_errors == []
        return
    assert lay["panel"]["y"] >= lay["map"]["y"] + lay["map"]["h"] - 1
    assert lay["map"]["w"] == width and lay["panel"]["w"] == width
    handle = page.locator("#sheet-handle")
    box = handle.bounding_box()
    assert box["height"] >= FINGER and box["width"] >= FINGER
    assert lay["sheet"] == "half"
    seen = {}
    for want in ("full", "half"):
        box = handle.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function("(s) => document.getElementById('table-layout').dataset.sheet"
                               " === s", arg=want)
        page.wait_for_timeout(100)
        seen[want] = page.evaluate(LAYOUT)
        prompt = seen[want]["prompt"]
        assert prompt["y"] >= seen[want]["panel"]["y"] and prompt["y"] + prompt["h"] <= height
    assert seen["full"]["panel"]["h"] > seen["half"]["panel"]["h"] + 100
    assert seen["full"]["map"]["h"] < seen["half"]["map"]["h"]
    # A finger drags the handle down: the sheet follows and settles on its lowest height.
    cdp = page.context.new_cdp_session(page)
    box = handle.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for i in range(1, 11):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove",
                                              "touchPoints": [{"x": x, "y": y + 30 * i}]})
        page.wait_for_timeout(16)
    page.wait_for_timeout(120)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_function("document.getElementById('table-layout').dataset.sheet === 'peek'")
    page.wait_for_timeout(100)
    peek = page.evaluate(LAYOUT)
    assert peek["panel"]["h"] < seen["half"]["panel"]["h"] and peek["map"]["h"] > seen["half"][
        "map"]["h"]
    assert peek["prompt"]["y"] + 20 <= height  # the prompt still shows
    assert page.console_errors == []
