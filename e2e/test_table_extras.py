"""The table's extras: map zoom and pan (Panzoom), the usurpation panel, rule links to our own
rules reference (rules.html), on a 1024x768 touch screen."""

from __future__ import annotations

import re

import pytest

import richard3
from e2e.test_game_ui import serious_violations, start_game, wait_for_decision
from richard3.politics import usurpation_counts

pytestmark = pytest.mark.e2e


def map_scale(page):
    return page.evaluate("""() => {
        const svg = document.querySelector('#map svg');
        // The transform Panzoom set (the computed one may be mid-transition).
        const m = new DOMMatrixReadOnly(svg.style.transform || 'none');
        return m.a;
    }""")


def test_zoom_usurpation_panel_and_rule_links(new_page, site_url, dist_dir, artifacts_dir):
    page = new_page(viewport={"width": 1024, "height": 768}, has_touch=True, is_mobile=True)
    seed = 5
    start_game(page, site_url, lancaster="human", york="human", seed=seed)
    mirror = richard3.new_game("1483", seed=seed)
    screen = wait_for_decision(page)
    if screen == "handover":
        previous = page.evaluate("document.body.dataset.view")
        page.click("#handover-go")
        screen = wait_for_decision(page, previous)
    assert screen == "table"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # The usurpation panel: exact for the side shown, a bound for the enemy.
    side = page.evaluate("document.body.dataset.side")
    s = 0 if side == "Lancaster" else 1
    truth = usurpation_counts(mirror)
    page.click("#more > summary")  # the count is in the section kept closed while playing
    own = page.locator('#usurpation [data-usurp="own"]')
    assert int(own.inner_text()) == truth[s]
    enemy = page.locator('#usurpation [data-usurp="enemy"]')
    assert int(enemy.get_attribute("data-known")) <= truth[1 - s] \
        <= int(enemy.get_attribute("data-at-most"))

    # The default zoom on a touch screen: blocks at a finger's size (0.95 CSS px a map unit),
    # the map filling its frame. Zoom buttons, labelled, change the map's transform; Fit shows
    # the whole map; so does the wheel zoom.
    page.wait_for_function("Number(document.getElementById('map').dataset.px) >= 0.949")
    default = map_scale(page)
    assert default > 1
    page.get_by_role("button", name="Zoom in on the map").click()
    page.wait_for_function("(d) => new DOMMatrixReadOnly(document.querySelector('#map svg')"
                           ".style.transform || 'none').a > d * 1.2", arg=default)
    page.get_by_role("button", name="Zoom out of the map").click()
    page.get_by_role("button", name="Zoom in on the map").click()
    page.get_by_role("button", name="Show the whole map").click()
    # Fit's zoom and its transform, read together in the page: a drawing that lands after the
    # click (a slow machine) brings the decision back into view at the default zoom, as it
    # should, and must not be mistaken for Fit failing.
    page.wait_for_function("""() => document.getElementById('map').dataset.zoom === '1.00'
        && Math.abs(new DOMMatrixReadOnly(document.querySelector('#map svg').style.transform
                                          || 'none').a - 1) < 1e-6""", timeout=10_000)
    box = page.locator("#map").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -400)
    page.wait_for_function("Number(document.getElementById('map').dataset.zoom) > 1")
    assert map_scale(page) > 1
    # A tap on an area of the zoomed map still reaches it as a click.
    page.evaluate("""() => { window.tapped = null;
        document.querySelector('#map').addEventListener('click',
            (e) => { const a = e.target.closest('[data-area]'); window.tapped = a && a.dataset.area; }); }""")
    # Tap a point the browser itself reports as lying on a visible area of the zoomed map
    # (after the zoom, the first area in document order may be scrolled out of view), once
    # the zoom has settled.
    page.wait_for_timeout(500)
    point = page.evaluate("""() => {
        const view = document.getElementById('map').getBoundingClientRect();
        for (const el of document.querySelectorAll('#map [data-area]:not(.area)')) {
            const r = el.getBoundingClientRect();
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            if (x < view.left || x > view.right || y < view.top || y > view.bottom) continue;
            const hit = document.elementFromPoint(x, y);
            if (hit && hit.closest('[data-area]') === el) return [x, y];
        }
        return null; }""")
    assert point, "no area of the zoomed map is visible"
    page.touchscreen.tap(point[0], point[1])
    page.wait_for_function("window.tapped !== null", timeout=5000)
    page.click("#zoom-fit")
    page.screenshot(path=str(artifacts_dir / "table-extras-tablet.png"))
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # The prompt's rule number links to an anchor that rules.html has.
    link = page.locator("#prompt a[href^='rules.html#']").first
    href = link.get_attribute("href")
    anchor = href.split("#", 1)[1]
    assert re.fullmatch(r"r\d-\d+", anchor)
    assert f'id="{anchor}"' in (dist_dir / "rules.html").read_text()
    assert link.get_attribute("target") == "_blank"
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.endswith(href)
    assert rules.locator(f"#{anchor}").is_visible()
    assert page.console_errors == []


def test_rules_reference_is_accessible_and_offline(page, site_url, dist_dir):
    page.goto(f"{site_url}rules.html#r8-2")
    assert page.locator("#r8-2 h3").inner_text().startswith("8.2")
    assert page.locator("section[id^='r']").count() >= 70
    assert serious_violations(page) == []
    sw = (dist_dir / "sw.js").read_text()
    assert "rules.html" in sw and "vendor/panzoom.min.js" in sw and "mapzoom.js" in sw
