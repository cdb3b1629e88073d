"""The map (dist/map.svg) in headless Chromium: it renders without errors, from its own origin,
and a 1024x768 screenshot is kept in test-artifacts/map-1024x768.png for review."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e


def test_map_renders_at_1024x768(new_page, site_url, artifacts_dir):
    page = new_page(viewport={"width": 1024, "height": 768})
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    response = page.goto(site_url + "map.svg")
    assert response.ok
    assert "svg" in response.headers.get("content-type", "")
    page.wait_for_selector("#richard3-map")
    drawn = page.evaluate(
        """() => {
            const root = document.getElementById('richard3-map');
            const box = root.getBoundingClientRect();
            const sized = (sel) => [...root.querySelectorAll(sel)]
                .filter((el) => { const b = el.getBBox(); return b.width > 0 && b.height > 0; }).length;
            return {
                width: box.width, height: box.height,
                areas: sized('[data-area]'), borders: sized('[data-border]'), seas: sized('[data-sea]'),
                texts: root.querySelectorAll('text').length,
            };
        }"""
    )
    assert (round(drawn["width"]), round(drawn["height"])) == (1024, 768)
    assert drawn["areas"] == 33 and drawn["borders"] == 62 and drawn["seas"] == 3
    assert drawn["texts"] > 100
    page.screenshot(path=str(artifacts_dir / "map-1024x768.png"))
    # Opened on its own, the SVG makes Chromium ask for /favicon.ico, which the site has not.
    assert [e for e in page.console_errors if "favicon.ico" not in e] == []
    assert requested and all(url.startswith(site_url) for url in requested)

    # The same map with a block on each of the first eight slots of every area and on every
    # off-map slot, as the table would draw them: for review of the room and legibility.
    page.evaluate(
        """() => {
            const root = document.getElementById('richard3-map');
            const meta = JSON.parse(document.getElementById('map-data').textContent);
            const size = meta.block_size, ns = 'http://www.w3.org/2000/svg';
            const layer = document.createElementNS(ns, 'g');
            const put = ([x, y], i) => {
                const r = document.createElementNS(ns, 'rect');
                Object.entries({x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 1.5,
                                fill: i % 2 ? '#f3efe4' : '#8f1d1d', stroke: '#222', 'stroke-width': 0.8})
                    .forEach(([k, v]) => r.setAttribute(k, v));
                layer.append(r);
            };
            Object.values(meta.areas).forEach((a) => a.slots.slice(0, 8).forEach(put));
            Object.values(meta.boxes).forEach((slots) => slots.forEach(put));
            root.append(layer);
        }"""
    )
    page.screenshot(path=str(artifacts_dir / "map-1024x768-blocks.png"))


def test_map_inlined_in_a_page_keeps_its_look_and_the_page_its_own(new_page, site_url):
    """The game inlines map.svg into its page: the map's styles stay on the map."""
    page = new_page(viewport={"width": 1024, "height": 768})
    svg_text = page.goto(site_url + "map.svg").text()
    page.goto("about:blank")
    page.set_content('<div class="box title area" id="probe">probe</div><div id="holder"></div>')
    page.evaluate("(text) => { document.getElementById('holder').innerHTML = text; }", svg_text)
    probe = page.evaluate("() => { const s = getComputedStyle(document.getElementById('probe'));"
                          " return [s.fill, s.fontSize, s.stroke]; }")
    plain = page.evaluate("() => { const d = document.createElement('div'); document.body.append(d);"
                          " const s = getComputedStyle(d); return [s.fill, s.fontSize, s.stroke]; }")
    assert probe == plain
    fill = page.evaluate("() => getComputedStyle(document.querySelector('#richard3-map .map-area-name')).fill")
    assert fill == "rgb(59, 42, 26)"
    assert page.console_errors == []
