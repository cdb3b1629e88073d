"""Sun of York on the table (issue 54): battles against the AI played by taps only, at 1280x800
with a mouse and by touch at 1024x768, 768x1024 and 390x844.

A player here never opens #all-choices: at each decision it taps a card of its own that may act
(a button with a gold edge, in the hand or on the field), then a lit position or one of the
choices beside the field, or a choice that names no card (Roll, End, Draw...). At every tap the
test asserts that the element tapped is at least 44x44 CSS px where it is tapped (its box cut to
the window and to its scrolling frame) and that the tap lands on it, and at every decision that
nothing on the page erred (no error in #message, no console error or uncaught exception).

Heworth Moor (the small scenario) and Blore Heath (the rulebook's example) are played to their
end where the battle ends within the test's budget of decisions, else at least through
deployment and several turns (the test says which).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from e2e.conftest import wait_for_service_worker, wait_for_start_screen
from e2e.test_play_on_map import wait_for_drawing
from e2e.test_site import wait_for_ai

pytestmark = pytest.mark.e2e

FINGER = 44
DATA = Path(__file__).resolve().parent.parent / "src" / "sunofyork" / "data"  # the decks

VISIBLE_BOX = """(el) => {
  const r = el.getBoundingClientRect();
  let l = Math.max(r.left, 0), t = Math.max(r.top, 0);
  let rr = Math.min(r.right, innerWidth), b = Math.min(r.bottom, innerHeight);
  for (const frame of [el.closest('#soy-field'), el.closest('#panel')]) {
    if (!frame) continue;
    const f = frame.getBoundingClientRect();
    l = Math.max(l, f.left); t = Math.max(t, f.top);
    rr = Math.min(rr, f.right); b = Math.min(b, f.bottom);
  }
  if (rr <= l || b <= t) return null;
  return {x: l, y: t, w: rr - l, h: b - t};
}"""

# The visible box of the first element of a selector, scrolled to the middle of the view, and
# whether the element itself gets a tap at its centre ("hit").
BOX_OF = f"""(sel) => {{
  const el = document.querySelector(sel);
  if (!el) return null;
  el.scrollIntoView({{block: 'center', inline: 'nearest'}});
  const box = ({VISIBLE_BOX})(el);
  if (!box) return null;
  const h = document.elementFromPoint(box.x + box.w / 2, box.y + box.h / 2);
  box.hit = !!h && (h === el || el.contains(h));
  return box;
}}"""

# What a player may tap now (outside #all-choices), as selectors.
TAPPABLE = """() => {
  const sel = (el) => {
    if (el.dataset.action) return `#choices [data-action="${el.dataset.action}"]`;
    if (el.id) return '#' + el.id;
    if (el.dataset.position) return `#soy-field [data-position="${el.dataset.position}"]`;
    const where = el.closest('#soy-field') ? '#soy-field' : '#hand';
    return `${where} button[data-card="${el.dataset.card}"]`;
  };
  const out = {lit: [], cards: [], choices: [], cancel: null};
  document.querySelectorAll('#soy-field [data-position][data-target]').forEach((e) => out.lit.push(sel(e)));
  document.querySelectorAll('#soy-field button[data-card], #hand button[data-card]').forEach((e) => {
    if (!e.classList.contains('picked')) out.cards.push(sel(e)); });
  document.querySelectorAll('#choices [data-action]').forEach((e) => out.choices.push(sel(e)));
  if (document.getElementById('soy-cancel')) out.cancel = '#soy-cancel';
  return out;
}"""


# The kinds of the rolls drawn beside the field, each with its dice drawn as die faces (as many
# as the roll's sentence says it rolled).
DICE_SHOWN = """() => [...document.querySelectorAll('#soy-dice .soy-roll')].filter((r) => {
  const faces = [...r.querySelectorAll('svg.soy-die')].map((d) => d.dataset.pips);
  const said = (r.title.match(/rolled ([\\d, ]+)/) || [null, ''])[1].split(',')
    .map((x) => x.trim()).filter((x) => x);
  return faces.length > 0 && (r.dataset.kind !== 'attack' || faces.join() === said.join());
}).map((r) => r.dataset.kind)"""


class SoyPlayer:
    def __init__(self, page, rng, touch):
        self.page, self.rng, self.touch = page, rng, touch
        self.taps = 0
        self.decisions = 0
        self.smallest = None
        self.dice = set()  # the kinds of roll whose dice were seen drawn

    def check_page(self):
        error = self.page.evaluate(
            "(() => { const m = document.querySelector('#message[data-kind=\"error\"]:not([hidden])');"
            " return m ? m.textContent : null; })()")
        assert error is None, error
        assert not self.page.console_errors, self.page.console_errors

    def tap(self, selector):
        """Tap (or click) the first element of `selector` at the centre of its visible box,
        after asserting that the box is at least FINGER px each way and that nothing covers
        its centre. Works with Playwright's page and e2e/browsers.py's driven pages."""
        box = self.page.evaluate(BOX_OF, selector)
        assert box, f"{selector} is not in view"
        size = min(box["w"], box["h"])
        assert size >= FINGER - 0.5, f"{selector}: {box['w']:.1f}x{box['h']:.1f} px where tapped"
        if self.smallest is None or size < self.smallest[0]:
            self.smallest = (size, selector)
        x, y = box["x"] + box["w"] / 2, box["y"] + box["h"] / 2
        assert box["hit"], f"{selector} is covered where it is tapped"
        previous = self.page.evaluate("document.body.dataset.view || null")
        if self.touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)
        self.taps += 1
        wait_for_drawing(self.page, previous, timeout=120_000)

    def step(self):
        """One tap of a decision (a card, then a lit position or a choice)."""
        self.check_page()
        t = self.page.evaluate(TAPPABLE)
        r = self.rng.random()
        if t["lit"] and r < 0.85:
            self.tap(self.rng.choice(t["lit"]))
        elif t["cancel"] and not t["lit"] and t["choices"] and r < 0.85:
            self.tap(self.rng.choice(t["choices"]))
        elif t["cancel"] and r < 0.95:
            self.tap(t["cancel"])
        elif t["cards"] and (r < 0.7 or not t["choices"]):
            self.tap(self.rng.choice(t["cards"]))
        else:
            assert t["choices"], f"nothing to tap: {self.page.inner_text('#prompt')}"
            self.tap(self.rng.choice(t["choices"]))


def start(page, site_url, scenario, seed, york="human", lancaster="easy"):
    page.goto(f"{site_url}?pace=fast")
    wait_for_start_screen(page)
    new_game(page, scenario, seed, york, lancaster)


def new_game(page, scenario, seed, york="human", lancaster="easy"):
    """From the start screen, New game: Sun of York's `scenario`, its sides and seed; Start, and
    wait until its table is drawn."""
    page.click("#new-game")
    page.wait_for_selector("#setup:not([hidden]) #game", state="visible")
    page.select_option("#game", "sunofyork")
    page.wait_for_selector(f"#scenario option[value='{scenario}']", state="attached")
    page.select_option("#scenario", scenario)
    assert page.inner_text("#history").strip()
    page.select_option("#player-lancaster", lancaster)
    page.select_option("#player-york", york)
    page.fill("#seed", str(seed))
    page.click("#start-game")
    wait_for_drawing(page, None)
    assert page.evaluate("document.body.dataset.game") == "sunofyork"


def play(page, seed, touch, limit, until=None):
    """Play the human side by taps (a SoyPlayer seeded `seed`) until the battle is over, `limit`
    taps are made or `until(page)` is true at a decision; return (player, phases seen)."""
    player = SoyPlayer(page, random.Random(seed), touch)
    phases = set()
    for _ in range(limit):
        screen = page.evaluate("document.body.dataset.screen")
        if screen == "victory" or (until is not None and until(page)):
            break
        assert screen == "table", screen
        phases.add(page.evaluate("document.body.dataset.phase"))
        player.dice |= set(page.evaluate(DICE_SHOWN))
        player.step()
    player.check_page()
    return player, phases


def turn(page):
    text = page.inner_text("#soy-status")
    return int(text.split("Turn ")[1].split()[0])


SIZES = [(1280, 800, False), (1024, 768, True), (768, 1024, True), (390, 844, True)]


@pytest.mark.parametrize("scenario,seed", [("heworth_moor", 3), ("blore_heath", 5)])
@pytest.mark.parametrize("width,height,touch", SIZES,
                         ids=[f"{w}x{h}" for w, h, _ in SIZES])
def test_battle_by_taps(new_page, site_url, scenario, seed, width, height, touch):
    page = new_page(viewport={"width": width, "height": height}, has_touch=touch,
                    is_mobile=touch and width < 500)
    start(page, site_url, scenario, seed)
    # the field: 9 battle positions and 4 flanks, each side's cards as cards
    assert page.locator("#soy-field [data-position]").count() == 13
    assert "stand-ins" in page.inner_text("#hand")
    player, phases = play(page, seed, touch, limit=260)
    over = page.evaluate("document.body.dataset.screen") == "victory"
    print(f"\n{scenario} {width}x{height}: {player.taps} taps; smallest tapped "
          f"{player.smallest[0]:.1f} px ({player.smallest[1]}); phases {sorted(phases)}; "
          + ("played to its end: " + page.inner_text("#victory-text").split("\n")[0]
             if over else f"stopped at turn {turn(page)}"))
    assert "deployment" in phases
    assert "attack" in player.dice, f"no attack's dice seen drawn: {sorted(player.dice)}"
    if not over:
        assert turn(page) >= 2, "not past deployment and into the turns"
        assert phases & {"movement", "combat", "discard"}
    # the log in words
    assert page.locator("#log li").count() > 5


# A request for one of Sun of York's files (wherever it lies)
SOY_FILE = re.compile(r"/(sunofyork-[^/]*\.whl|soy\.css|soy_(host|table|cards)\.\w+|data\.json)$")
# Sun of York's files in the service worker's cache of them (build.soy_cache_name), as paths
SOY_CACHED = """async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('richard3-sunofyork-'));
    const cache = name && await caches.open(name);
    return cache ? (await cache.keys()).map((r) => new URL(r.url).pathname) : [];
}"""


def test_only_a_sun_of_york_game_downloads_its_files(page, serve_dist):
    """Sun of York's files (issue 54: its wheel, its host, its table's modules, stylesheet and
    data): a Richard III visit never requests them (the engine's worker started, the service
    worker's precache done); starting a Sun of York game does, each once, and the service worker
    keeps them, so that the next Sun of York game takes them from there."""
    server = serve_dist()

    def soy_requests():
        return sorted(r.path for r in list(server.log) if SOY_FILE.search(r.path))

    page.goto(server.url)
    wait_for_start_screen(page)
    wait_for_ai(page)
    wait_for_service_worker(page)
    assert any("/richard3-" in r.path for r in server.log)
    assert soy_requests() == [] and page.evaluate(SOY_CACHED) == []
    start(page, server.url, "heworth_moor", 3)
    paths = soy_requests()
    assert [p.rsplit("/", 1)[1] for p in paths[:5]] == [
        "data.json", "soy.css", "soy_cards.mpy", "soy_host.py", "soy_table.mpy"]
    assert len({p.rsplit("/", 1)[0] for p in paths[:5]}) == 1 and "/soy/" in paths[0]
    assert len(paths) == 6 and paths[5].endswith(".whl") and "/wheels/" in paths[5]
    assert sorted(page.evaluate(SOY_CACHED)) == paths
    start(page, server.url, "blore_heath", 5)  # a new visit: the files from the cache
    assert soy_requests() == paths
    assert not page.console_errors


def test_a_sun_of_york_game_once_played_starts_offline(page, site_url):
    """Issue 54: after one Sun of York game online, the site reloaded with the network off (as
    test_site's Richard III test) starts another Sun of York game, to its deployment: the files
    that game fetched, none of them precached, were kept by the service worker. Offline before
    any Sun of York game, New game says that it cannot be downloaded and stays on Richard III."""
    page.goto(site_url)
    wait_for_start_screen(page)
    wait_for_ai(page)
    wait_for_service_worker(page)
    page.context.set_offline(True)
    page.click("#new-game")
    page.wait_for_selector("#setup:not([hidden]) #game", state="visible")
    page.select_option("#game", "sunofyork")
    page.wait_for_selector("#message[data-kind=error]:not([hidden])")
    assert page.inner_text("#message").startswith("Sun of York could not be downloaded")
    assert page.input_value("#game") == "richard3"
    assert page.locator("#scenario option[value='1483']").count() == 1
    page.console_errors.clear()  # the failed downloads, as the browser reports them

    page.context.set_offline(False)
    page.reload()
    wait_for_start_screen(page)
    new_game(page, "heworth_moor", 3)

    page.context.set_offline(True)
    page.reload()
    wait_for_start_screen(page)
    wait_for_ai(page)
    new_game(page, "blore_heath", 5)
    assert page.evaluate("document.body.dataset.phase") == "deployment"
    assert page.locator("#soy-field [data-position]").count() == 13
    assert page.locator("#soy-field").is_visible()
    assert not page.console_errors


def test_new_game_dialog_lists_both_games(page, site_url):
    page.goto(site_url)
    wait_for_start_screen(page)
    page.click("#new-game")
    page.wait_for_selector("#setup:not([hidden]) #game", state="visible")
    assert page.locator("#game option").all_inner_texts()[0] == "Richard III"
    page.select_option("#game", "sunofyork")
    # its scenarios come with its files, fetched now (soy_files.py)
    page.wait_for_selector("#scenario option[value='campaign']", state="attached")
    values = page.eval_on_selector_all("#scenario option", "os => os.map(o => o.value)")
    assert len(values) == 22 and "random" in values and "campaign" in values
    page.select_option("#scenario", "blore_heath")
    assert "Lancaster attacks" in page.inner_text("#history")
    page.select_option("#game", "richard3")
    assert page.eval_on_selector_all("#scenario option", "os => os.map(o => o.value)") == \
        ["1460", "1470", "1483"]


def test_pass_and_play_hands_over_with_nothing_private_left(page, site_url):
    """Both sides human: when the other side must decide, the hand-over screen comes up over an
    emptied field (no card of either side in the page), and its button shows that side."""
    start(page, site_url, "heworth_moor", 2, york="human", lancaster="human")
    assert page.evaluate("document.body.dataset.screen") == "handover"  # the first decider
    previous = page.evaluate("document.body.dataset.view")
    page.click("#handover-go")
    wait_for_drawing(page, previous)
    first = page.evaluate("document.body.dataset.side")
    assert first in ("Lancaster", "York")
    player = SoyPlayer(page, random.Random(2), touch=False)
    for _ in range(200):
        if page.evaluate("document.body.dataset.screen") == "handover":
            break
        player.step()
    assert page.evaluate("document.body.dataset.screen") == "handover"
    assert page.locator("[data-card]").count() == 0
    assert page.locator("#soy-field [data-position]").count() == 0
    previous = page.evaluate("document.body.dataset.view")
    page.click("#handover-go")
    wait_for_drawing(page, previous)
    assert page.evaluate("document.body.dataset.side") not in ("", first)
    assert page.locator("#soy-field [data-position]").count() == 13
    assert not page.console_errors


def choose_deck_file(page, side, name, text):
    """Choose `text` as `side`'s deck file in the New game dialog, as a player's file picker
    would, and wait until the dialog shows its name."""
    page.set_input_files(f"#deck-{side.lower()}", files=[
        {"name": name, "mimeType": "text/plain", "buffer": text.encode()}])
    page.wait_for_function(f"document.getElementById('deck-{side.lower()}-name').textContent "
                           f"=== {name!r}")


def test_load_deck_files_in_the_new_game_dialog(page, site_url):
    """Issue 54: Load deck file. The shipped example deck loads and plays (the stand-in note
    stays: it is the stand-in); a player's own deck says "deck loaded from file" where the
    cards are shown; a broken file is refused with the engine's words (the card and the field)
    and starts nothing."""
    york = (DATA / "york.toml").read_text("utf-8")
    printed = york.replace('name = "Duke of York"', 'name = "Richard, Duke of York"', 1)
    page.goto(f"{site_url}?pace=fast")
    wait_for_start_screen(page)
    page.click("#new-game")
    page.select_option("#game", "sunofyork")
    page.wait_for_selector("#decks-row:not([hidden]) #deck-files .file-button", state="visible")
    assert "stand-ins" in page.inner_text("#decks-row")
    choose_deck_file(page, "York", "york.toml", york)
    page.select_option("#scenario", "heworth_moor")
    page.select_option("#player-lancaster", "easy")
    page.click("#start-game")
    wait_for_drawing(page, None)
    assert page.evaluate("document.body.dataset.game") == "sunofyork"
    assert "stand-ins" in page.inner_text("#soy-field-note")

    # each broken file by its own name: the dialog shows it once read, and the refusal names
    # it (the first refusal stays shown until the second comes)
    for name, broken, words in (
            ("my-york.toml", printed.replace("cohesion = 1", "cohesion = 9", 1),
             "card 36 (Longbowmen): cohesion must be 1-6, not 9"),
            ("my-york-2.toml", "[deck]\nside = 'York'\n", "deck: name missing")):
        page.click("#menu")
        page.click("#new-game")
        page.select_option("#game", "sunofyork")
        page.select_option("#scenario", "blore_heath")
        choose_deck_file(page, "York", name, broken)
        page.click("#start-game")
        page.wait_for_function(
            """(name) => { const m = document.querySelector('#message[data-kind=error]');
                           return m && !m.hidden && m.textContent.includes(name + ':'); }""",
            arg=name)
        said = page.inner_text("#message")
        assert "The York deck file was not loaded" in said and name in said, said
        assert words in said, said
        assert page.evaluate("document.body.dataset.screen") == "setup"
        held = json.loads(page.evaluate("localStorage.getItem('richard3.autosave')"))
        assert held["scenario"] == "heworth_moor"          # the game held before is kept

    choose_deck_file(page, "York", "my-york.toml", printed)
    page.click("#start-game")
    wait_for_drawing(page, None)
    assert "York: deck loaded from file" in page.inner_text("#soy-field-note")
    assert "York: deck loaded from file" in page.inner_text("#hand")
    saved = page.evaluate("localStorage.getItem('richard3.autosave')")
    assert "Richard, Duke of York" in saved
    assert not page.console_errors


# A position with cards on it (with a card's name cut on the field, unless `anyStack`), when no
# card of one's own is selected: the centre of its name (a tap there is not a decision), or null.
STACK_TO_OPEN = """(anyStack) => {
  if (document.getElementById('soy-cancel')) return null;
  for (const pos of document.querySelectorAll('#soy-field [data-position]')) {
    if (pos.querySelectorAll('.soy-card:not(.back)').length < 1) continue;
    pos.scrollIntoView({block: 'center'});
    const r = pos.querySelector('.pos-name').getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (document.elementFromPoint(x, y) !== pos.querySelector('.pos-name')) continue;
    const cut = [...pos.querySelectorAll('.c-name')].filter((n) => n.scrollWidth > n.clientWidth + 1);
    if (cut.length === 0 && !anyStack) continue;
    return {p: pos.dataset.position, x, y, cut: cut.length};
  }
  return null;
}"""

# In the position opened large: its name, the cards' names shown whole or not, their sizes.
LARGE = """() => {
  const d = document.getElementById('soy-large');
  const names = [...d.querySelectorAll('.c-name')];
  return {open: d.open, title: d.querySelector('h3') ? d.querySelector('h3').textContent : '',
          cards: d.querySelectorAll('.soy-card').length,
          cut: names.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent),
          smallest: Math.min(...names.map((n) => parseFloat(getComputedStyle(n).fontSize))),
          buttons: d.querySelectorAll('button, [data-action]').length};
}"""


def test_a_position_opens_large_with_one_tap_on_a_phone(new_page, site_url):
    """Issue 54: at 390x844 one tap on a position's stack that is not a decision opens it large
    (its name and every card's name whole, at least 15 px, nothing in it that decides); one
    tap closes it, and so does Escape; the taps of decisions go on as before."""
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    start(page, site_url, "heworth_moor", 3)
    player = SoyPlayer(page, random.Random(3), touch=True)
    spot = None
    for i in range(100):
        spot = page.evaluate(STACK_TO_OPEN, i >= 80) if turn(page) >= 1 else None
        if spot:
            break
        player.step()
    assert spot, "no position with cards to open"
    cut_on_field = spot["cut"]
    view = page.evaluate("document.body.dataset.view")
    page.touchscreen.tap(spot["x"], spot["y"])
    page.wait_for_function("document.getElementById('soy-large').open")
    large = page.evaluate(LARGE)
    name = page.get_attribute(f"#soy-field [data-position='{spot['p']}']", "aria-label")
    print(f"\nposition {spot['p']} ({name}) opened large: {large['cards']} cards, "
          f"{cut_on_field} names cut on the field, none in the large view")
    assert large["title"] == name and large["cards"] >= 1
    assert large["cut"] == [] and large["smallest"] >= 15 and large["buttons"] == 0
    assert page.evaluate("document.body.dataset.view") == view       # no decision was made
    page.touchscreen.tap(195, 420)
    page.wait_for_function("!document.getElementById('soy-large').open")
    page.touchscreen.tap(spot["x"], spot["y"])
    page.wait_for_function("document.getElementById('soy-large').open")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.getElementById('soy-large').open")
    for _ in range(15):                 # the decisions' taps still work
        player.step()
    assert player.taps >= 15 and not page.console_errors
