"""The built site in headless Chromium: start screen, same origin only, offline, sub-path,
iframe, tablet, and a clean service-worker update."""

import shutil
from urllib.parse import urlsplit

import pytest

import richard3
from e2e.conftest import build, wait_for_service_worker, wait_for_start_screen

pytestmark = pytest.mark.e2e


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def wait_for_ai(target, timeout=120_000):
    """Wait until the worker has the engine and the AI (body[data-engine=ready])."""
    target.wait_for_selector("body[data-engine=ready]", state="attached", timeout=timeout)


def test_start_screen_loads_without_console_errors(page, site_url, artifacts_dir):
    page.goto(site_url)
    assert page.locator("#loading").is_visible() or page.locator("body[data-state=ready]").count()
    wait_for_start_screen(page)
    assert page.locator("h1").inner_text() == "Richard III"
    assert richard3.__version__ in page.locator("#version").inner_text()
    assert page.locator("#loading").is_hidden()
    wait_for_ai(page)
    assert richard3.__version__ in page.locator("#ai-status").inner_text()
    page.screenshot(path=str(artifacts_dir / "start-screen.png"))

    page.click("#new-game")
    page.wait_for_selector("#play", state="visible")
    assert page.locator("#start-screen").is_hidden()
    page.screenshot(path=str(artifacts_dir / "new-game.png"))
    page.click("#menu")
    assert page.locator("#new-game").is_visible()
    assert page.console_errors == []


def test_main_thread_runs_micropython_and_only_the_worker_runs_pyodide(page, site_url):
    """Issue 17: MicroPython on the main thread; the one Pyodide of the page in the worker."""
    worker_urls = []
    page.on("worker", lambda worker: worker_urls.append(worker.url))
    page.goto(site_url)
    wait_for_start_screen(page)
    wait_for_ai(page)
    main_thread = page.evaluate(
        "performance.getEntriesByType('resource').map((e) => e.name.split('/').pop())")
    assert "micropython.wasm" in main_thread and "main.py" in main_thread
    assert not [name for name in main_thread if name.startswith("pyodide")
                or name.endswith(".whl") or name == "game_host.py"], main_thread
    scripts = page.evaluate("""[...document.querySelectorAll('script[type=py], script[type=mpy]')]
        .map((s) => [s.type, s.hasAttribute('worker'), s.getAttribute('src')])""")
    assert scripts == [["mpy", False, "main.py"]]  # Pyodide only in engine.js's worker
    assert [url.rsplit("/", 1)[1] for url in worker_urls] == ["engine-worker.js"]
    marks = page.evaluate("""['r3-ready', 'r3-engine'].map(
        (name) => performance.getEntriesByName(name)[0].startTime)""")
    assert marks[0] < marks[1]
    assert page.console_errors == []


def test_start_screen_is_usable_before_the_engine(page, serve_dist):
    """The start screen works while the worker still loads; Start waits for the engine."""
    server = serve_dist()
    gate = server.hold(r"\.whl$")  # the engine's wheel: the worker cannot finish starting
    try:
        page.goto(server.url)
        wait_for_start_screen(page)
        assert page.evaluate("document.body.dataset.engine") is None
        assert "Loading the game engine" in page.locator("#ai-status").inner_text()
        page.click("#new-game")
        page.wait_for_selector("#setup", state="visible")
        assert page.locator("#scenario option").count() == 3
        page.select_option("#scenario", "1470")
        assert "Kingmaker" in page.locator("#scenario option:checked").inner_text()
        assert page.locator("#history").inner_text()
        page.select_option("#player-lancaster", "human")
        page.click("#start-game")
        page.wait_for_selector("#start-game[aria-busy=true]")
        assert "Loading the engine" in page.locator("#start-game").inner_text()
        assert page.evaluate("document.body.dataset.waiting") == "engine"
    finally:
        gate.set()
    page.wait_for_selector("body[data-screen=handover]", state="attached", timeout=120_000)
    assert page.evaluate("document.body.dataset.engine") == "ready"
    assert page.locator("#start-game").get_attribute("aria-busy") is None
    assert page.console_errors == []


@pytest.mark.parametrize("url, status, body, why", [
    ("engine-worker.js", 404, "gone", "did not load"),  # the worker's script: its error event
    ("richard3-*.whl", 404, "gone", "HTTP 404"),  # the engine's wheel: the worker's start fails
    ("worker.py", 200, "raise RuntimeError('broken engine')", "RuntimeError: broken engine"),
])
def test_an_engine_that_cannot_start_leaves_the_start_screen_usable(page, site_url, url, status,
                                                                    body, why):
    """The page says the engine could not start, and why in one line, instead of waiting."""
    page.context.route(f"**/{url}", lambda route: route.fulfill(status=status, body=body))
    page.goto(site_url)
    wait_for_start_screen(page)
    page.wait_for_selector("body[data-engine=failed]", state="attached", timeout=120_000)
    assert "could not start" in page.locator("#ai-status").inner_text()
    page.click("#new-game")
    page.wait_for_selector("#setup", state="visible")
    page.click("#start-game")
    page.wait_for_selector("#message:not([hidden])")
    text = page.locator("#message").inner_text()
    assert text.startswith("The game engine could not start (") and why in text
    assert "Traceback" not in text and "JsProxy" not in text and "\n" not in text
    assert page.evaluate("document.body.dataset.screen") != "table"


def test_every_request_goes_to_own_origin(page, site_url):
    requests = []
    page.context.on("request", lambda request: requests.append(request.url))
    page.goto(site_url)
    wait_for_start_screen(page)
    wait_for_ai(page)
    wait_for_service_worker(page)
    page.click("#new-game")
    page.wait_for_selector("#play", state="visible")
    page.wait_for_load_state("networkidle")

    own = origin(site_url)
    assert any(url.endswith("pyodide.asm.wasm") for url in requests), requests
    assert any(url.endswith(".whl") for url in requests), requests
    foreign = [url for url in requests
               if not url.startswith(("data:", "blob:")) and origin(url) != own]
    assert foreign == []
    assert page.console_errors == []


def test_offline_reload_after_first_visit(page, site_url):
    page.goto(site_url)
    wait_for_start_screen(page)
    wait_for_ai(page)
    wait_for_service_worker(page)

    page.context.set_offline(True)
    page.reload()
    wait_for_start_screen(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    wait_for_ai(page)
    page.click("#new-game")
    page.wait_for_selector("#play", state="visible")
    assert page.console_errors == []


def test_served_under_a_sub_path(page, serve_dist):
    server = serve_dist(prefix="/some/sub/path/")
    assert server.url.endswith("/some/sub/path/")
    page.goto(server.url)
    wait_for_start_screen(page)
    scope = wait_for_service_worker(page)
    assert scope == server.url
    assert all(request.path.startswith("/some/sub/path/") for request in server.log)
    assert all(request.status in (200, 304) for request in server.log), server.log
    assert page.console_errors == []


def test_embedded_in_an_iframe(page, site_url):
    page.goto(site_url + "embed.html")
    frame = page.wait_for_selector("#game-frame").content_frame()
    wait_for_start_screen(frame)
    frame.click("#new-game")
    frame.wait_for_selector("#play", state="visible")
    assert page.console_errors == []


def test_tablet_viewport_has_no_horizontal_scroll(new_page, site_url, artifacts_dir):
    page = new_page(viewport={"width": 1024, "height": 768}, has_touch=True, is_mobile=True,
                    device_scale_factor=2)
    page.goto(site_url)
    wait_for_start_screen(page)
    page.screenshot(path=str(artifacts_dir / "tablet-start-screen.png"))

    def no_horizontal_scroll():
        return page.evaluate("""() => document.documentElement.scrollWidth <= window.innerWidth
                                && document.body.scrollWidth <= window.innerWidth""")

    assert page.evaluate("window.innerWidth") == 1024
    assert no_horizontal_scroll()
    box = page.locator("#new-game").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 1024
    assert box["y"] + box["height"] <= 768, "New game is below the fold"
    page.tap("#new-game")
    page.wait_for_selector("#play", state="visible")
    assert no_horizontal_scroll()
    assert page.console_errors == []


def test_update_replaces_the_cache(page, serve_dist, dist_dir, tmp_path):
    """A new build's service worker takes over and leaves no stale file in the cache."""
    old, new = tmp_path / "old", tmp_path / "new"
    shutil.copytree(dist_dir, old)
    shutil.copytree(dist_dir, new)
    with open(new / "style.css", "a") as f:
        f.write("\n/* update */ #version { outline: 1px solid transparent; }\n")
    (new / "embed.html").unlink()  # a file that the new build no longer has
    build.write_service_worker(new)

    server = serve_dist(directory=old)
    page.goto(server.url)
    wait_for_start_screen(page)
    wait_for_service_worker(page)

    server.directory = str(new)
    page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration.update();
        const worker = registration.installing || registration.waiting;
        if (worker && worker.state !== 'activated') {
            await new Promise((done) => worker.addEventListener('statechange',
                () => worker.state === 'activated' && done()));
        }
    }""")
    cached = page.evaluate("""async () => {
        const urls = [];
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) urls.push(request.url);
        }
        return urls;
    }""")
    style = [url for url in cached if "/style.css" in url]
    assert len(style) == 1, style
    assert not any("/embed.html" in url for url in cached)
    assert any("pyodide.asm.wasm" in url for url in cached)

    page.context.set_offline(True)
    page.reload()
    wait_for_start_screen(page)
    css = page.evaluate("fetch('style.css').then((r) => r.text())")
    assert "/* update */" in css
    assert page.console_errors == []
