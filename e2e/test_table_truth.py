"""The table tells the truth at a glance (issue 55): every block drawn inside its own area's
shape, none over another or over an area's printed name; the table never moves when a message
shows; land and sea targets lit differently; a tap on an own block that may act selects it.

The geometry check walks the positions of a seeded 1460 game (a record made by `selfplay`,
imported and stepped through in the replay, seen from each side) at the five screen sizes and
prints its figures (blocks checked, the worst case of each measure)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from e2e.conftest import wait_for_start_screen
from e2e.test_replay import go_to

pytestmark = pytest.mark.e2e

SIZES = [(1280, 800, False), (1024, 768, True), (768, 1024, True), (800, 1280, True),
         (390, 844, True)]
POSITIONS = 40

# In map units: each visible block's box (a pile counts as one block), the share of it over its
# own area's shape (sampled on a 12x12 grid with the area's isPointInFill), whether its centre is
# over it, the worst overlap of two blocks and the most any printed name is covered.
MEASURE = """() => {
  const svg = document.querySelector('#map svg');
  const pt = svg.createSVGPoint();
  const shapes = {};
  for (const p of svg.querySelectorAll('path[data-area]')) shapes[p.dataset.area] = p;
  const inside = (area, x, y) => { pt.x = x; pt.y = y; return shapes[area].isPointInFill(pt); };
  const boxes = [];
  for (const g of svg.querySelectorAll('.block-layer .blk')) {
    if (g.classList.contains('in-pile') || getComputedStyle(g).display === 'none') continue;
    const m = /translate\\(([-\\d.]+) ([-\\d.]+)\\)/.exec(g.getAttribute('transform'));
    let size = 0;  // its square: the farthest edge of its rects (a pile's count badge aside)
    for (const r of g.querySelectorAll('rect:not(.pile-count rect)'))
      size = Math.max(size, parseFloat(r.getAttribute('x') || 0) + parseFloat(r.getAttribute('width')));
    const x = parseFloat(m[1]), y = parseFloat(m[2]);
    const area = g.dataset.where;
    let n = 0;
    for (let i = 0; i < 12; i++) for (let j = 0; j < 12; j++)
      if (inside(area, x + (i + 0.5) * size / 12, y + (j + 0.5) * size / 12)) n++;
    boxes.push({area, name: g.dataset.block || 'enemy', x, y, size, share: n / 144,
                centre: inside(area, x + size / 2, y + size / 2)});
  }
  let overlap = 0, pair = null;
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    const w = Math.min(a.x + a.size, b.x + b.size) - Math.max(a.x, b.x);
    const h = Math.min(a.y + a.size, b.y + b.size) - Math.max(a.y, b.y);
    if (w > 0 && h > 0 && w * h > overlap) { overlap = w * h; pair = [a.area, b.area]; }
  }
  let covered = 0, label = null;
  for (const t of svg.querySelectorAll('text.map-area-name')) {
    const r = t.getBBox();
    let n = 0;
    for (let i = 0; i < 20; i++) for (let j = 0; j < 6; j++) {
      const px = r.x + (i + 0.5) * r.width / 20, py = r.y + (j + 0.5) * r.height / 6;
      if (boxes.some((b) => px >= b.x && px <= b.x + b.size && py >= b.y && py <= b.y + b.size)) n++;
    }
    if (n / 120 > covered) { covered = n / 120; label = t.textContent; }
  }
  return {boxes, overlap, pair, covered, label};
}"""


@pytest.fixture(scope="module")
def record_1460(tmp_path_factory):
    out = tmp_path_factory.mktemp("records")
    subprocess.run([sys.executable, "-m", "richard3", "selfplay", "--scenario", "1460",
                    "--games", "1", "--seed", "5", "--lancaster", "normal", "--york", "normal",
                    "--records", str(out), "--quiet"], check=True)
    path = out / "1460-5.json"
    return path, len(json.loads(path.read_text())["actions"])


@pytest.mark.parametrize("width,height,touch", SIZES, ids=[f"{w}x{h}" for w, h, _ in SIZES])
def test_every_block_stands_inside_its_own_area(new_page, site_url, record_1460, width, height,
                                                touch):
    path, steps = record_1460
    page = new_page(viewport={"width": width, "height": height}, has_touch=touch,
                    is_mobile=touch and width < 700)
    page.goto(site_url)
    wait_for_start_screen(page)
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("body[data-mode='replay'] #replay:not([hidden])", timeout=60_000)
    last = int(page.evaluate("document.getElementById('replay-slider').max"))
    checked, worst_share, worst_overlap, worst_cover, piles = 0, 1.0, 0.0, 0.0, 0
    where = {}
    for k in range(POSITIONS):
        step = round(k * last / (POSITIONS - 1))
        go_to(page, step)
        for side in ("Lancaster", "York"):
            page.click(f"[data-viewpoint-choice='{side}']")
            page.wait_for_function(f"document.body.dataset.viewpoint === '{side}'")
            got = page.evaluate(MEASURE)
            for b in got["boxes"]:
                checked += 1
                assert b["centre"], f"step {step} {side}: {b} has its centre off {b['area']}"
                assert b["share"] >= 0.5, f"step {step} {side}: {b} mostly off {b['area']}"
                if b["share"] < worst_share:
                    worst_share, where["share"] = b["share"], (step, side, b["area"])
            piles += page.locator("#map .blk.pile").count()
            assert got["overlap"] == 0, f"step {step} {side}: blocks overlap in {got['pair']}"
            assert got["covered"] <= 0.3, (f"step {step} {side}: {got['label']} is "
                                           f"{got['covered']:.0%} covered")
            if got["covered"] > worst_cover:
                worst_cover, where["cover"] = got["covered"], (step, side, got["label"])
    assert checked > 500
    print(f"\n{width}x{height}: {POSITIONS} positions x 2 sides, {checked} blocks checked "
          f"({piles} piles); least share of a block over its own area {worst_share:.0%} "
          f"{where.get('share')}; most of a name covered {worst_cover:.0%} "
          f"{where.get('cover')}; overlap of two blocks 0")


def to_action_phase(page):
    """Play the human's cards (the first card offered, the hand kept) until the action phase
    is drawn with blocks that may act (either side)."""
    from e2e.test_game_ui import wait_for_decision
    for _ in range(30):
        if page.locator("#map [data-block].can-act").count() and page.locator(
                "#ap-box").inner_text().strip():
            return
        previous = page.evaluate("document.body.dataset.view || null")
        card = page.locator("#hand [data-choose]")
        if card.count():
            card.first.click()
            page.click(".card-confirm [data-confirm]")
        else:
            page.locator("#hand [data-action], #choices [data-action]").first.click()
        wait_for_decision(page, previous)
    raise AssertionError("no action phase")


def test_lit_targets_say_land_sea_or_attack_and_a_message_never_moves_the_table(new_page,
                                                                                site_url):
    from e2e.test_game_ui import start_game, wait_for_decision
    page = new_page()
    start_game(page, site_url, "human", "easy", 11, scenario="1460")  # Lancaster: land and sea
    wait_for_decision(page)
    to_action_phase(page)
    # A message (the hint) floats over the map: the map's box is the same before and after.
    before = page.eval_on_selector("#map", "m => JSON.stringify(m.getBoundingClientRect())")
    page.click("#hint")
    page.wait_for_selector("#message:not([hidden])")
    assert page.eval_on_selector("#map", "m => JSON.stringify(m.getBoundingClientRect())") \
        == before
    page.click("#message")
    assert page.locator("#message").is_hidden()
    # Every lit area says what a tap there makes, and land and sea are lit differently.
    seen, fills, picked = {}, {}, None
    for name in page.eval_on_selector_all("#map [data-block].can-act",
                                          "els => els.map(e => e.dataset.block)"):
        previous = page.evaluate("document.body.dataset.view")
        page.click(f'#map [data-block="{name}"]')
        page.wait_for_function("p => document.body.dataset.view !== p", arg=previous)
        lit = page.eval_on_selector_all(
            "#map [data-area][data-target]",
            """els => els.map(e => [e.dataset.area, e.dataset.targetKind || '',
                                    getComputedStyle(e).fill])""")
        for area, kind, fill in lit:
            assert kind in ("land", "sea", "attack"), (name, area, kind)
            badge = page.locator(f'#map [data-target-badge="{area}"] text').text_content()
            assert kind in badge and ("AP" in badge or "free" in badge), (area, badge)
            seen.setdefault(kind, area)
            fills[kind] = fill
        # an own block that may act, standing in a lit area: a tap selects it
        lit_areas = {a for a, _, _ in lit}
        others = page.eval_on_selector_all(
            "#map [data-block].can-act:not(.selected)",
            "els => els.map(e => [e.dataset.block, e.dataset.where])")
        inside = [b for b, where in others if where in lit_areas]
        if inside and picked is None:
            previous = page.evaluate("document.body.dataset.view")
            page.click(f'#map [data-block="{inside[0]}"]')
            page.wait_for_function("p => document.body.dataset.view !== p", arg=previous)
            assert page.locator(f'#map [data-block="{inside[0]}"].selected').count() == 1
            picked = inside[0]
        previous = page.evaluate("document.body.dataset.view")
        page.click("#map [data-block].selected")  # let it go
        page.wait_for_function("p => document.body.dataset.view !== p", arg=previous)
    assert "land" in seen and "sea" in seen, seen
    assert fills["land"] != fills["sea"]
    print(f"\nlit: {seen}; fills {fills}; a tap on {picked} in a lit area selected it")
