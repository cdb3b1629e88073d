"""Fixtures for the end-to-end tests: the built site (dist/) in headless Chromium, via Playwright,
and in Firefox and WebKit (e2e/browsers.py).

Reuse them in any e2e test (mark it `@pytest.mark.e2e`):

- `chromium_path` (session): the Chromium binary: $R3_CHROMIUM, /usr/bin/chromium or
  Playwright's own (`python3 build.py test` installs one when none is found).
- `browser` (session): one headless Playwright `Browser` for the whole run.
- `dist_dir` (session): a snapshot of dist/ (in a temporary folder), built first unless
  `build.py test` just built it or it is fresh (no input changed since the last build).
- `site_server` / `site_url` (session): dist/ served on 127.0.0.1 on a free port, in a thread;
  `site_url` ends in "/". `site_server.log` lists every request answered, as
  `Request(method, path, status, bytes, body)` tuples (bytes with headers; body alone).
- `serve_dist(prefix="/", directory=None)` (function): starts another server (another origin),
  e.g. for dist/ under a sub-path; stopped after the test.
- `new_page(**context_options)` (function): a page in a new browser context (default viewport
  1280x800; pass `viewport=`, `has_touch=`, `is_mobile=`, ...); closed after the test.
- `page` (function): `new_page()`. Every page made here has `page.console_errors`, a list of
  the console errors and uncaught page errors seen so far (strings); the `console_errors`
  fixture is the same list for `page`.
- `artifacts_dir` (session): test-artifacts/ (git-ignored), for screenshots. A failing test
  that used `page`/`new_page` leaves a screenshot there.
- `wait_for_start_screen(page_or_frame, timeout=120_000)`: waits until Python has booted and
  the start screen is interactive (`body[data-state=ready]`, `#new-game` enabled). Import it
  with `from e2e.conftest import wait_for_start_screen`.

Firefox and WebKit (e2e/browsers.py; `python3 build.py test` installs them):

- `driven_page` (function, parametrized: each test that uses it runs as `[firefox]` and as
  `[webkit]`): a `browsers.FirefoxPage` or `browsers.WebKitPage` at 1280x800, which answers
  the Playwright calls the tests make (see e2e/browsers.py); closed after the test, with a
  screenshot in test-artifacts/ if the test failed. A browser that is not installed skips the
  test, saying what to install, except in CI (CI set), where it fails; one that does not start
  fails.
- `recorded_dist` (session): a copy of `dist_dir` whose page records its errors
  (`browsers.ERROR_RECORDER`, read by `driven_page.console_errors`): serve it to `driven_page`.
  `recorded_site` (session): it served on 127.0.0.1 (a `StaticServer`, `.url`, `.log`).
- `virtual_screen` (session): the DISPLAY of an Xvfb started for WebKit.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sys
from pathlib import Path

import pytest

from e2e import browsers

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT_MS = 120_000


def _load_build():
    spec = importlib.util.spec_from_file_location("r3_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("r3_build", module)
    spec.loader.exec_module(module)
    return module


build = _load_build()


def wait_for_start_screen(target, timeout: float = START_TIMEOUT_MS) -> None:
    """Wait until the start screen of `target` (a Page or Frame) is interactive."""
    target.wait_for_selector("body[data-state=ready] #new-game:enabled", timeout=timeout)


def wait_for_service_worker(target, timeout: float = 60_000) -> str:
    """Wait until the service worker is active (its precache is then complete); return its scope."""
    return target.evaluate(
        """async (timeout) => {
            const ready = navigator.serviceWorker.ready.then((r) => r.active && r.scope);
            const late = new Promise((_, no) => setTimeout(() => no(new Error('no service worker')), timeout));
            return await Promise.race([ready, late]);
        }""",
        timeout,
    )


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = build.find_chromium()
    if not path:
        pytest.fail("No Chromium found: run `python3 build.py test`, which installs one, or "
                    "install Debian's chromium and/or set R3_CHROMIUM to a Chromium binary")
    return path


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path, headless=True, args=build.CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def dist_dir(tmp_path_factory) -> Path:
    if os.environ.get("R3_DIST_BUILT") != "1" and not build.dist_is_fresh():
        build.ensure_node_modules()
        build.build_dist()
    # Serve a snapshot, so that a rebuild of dist/ during the run cannot pull files away.
    snapshot = tmp_path_factory.mktemp("site") / "dist"
    shutil.copytree(build.DIST, snapshot)
    return snapshot


def serving(directory: Path):
    """A StaticServer of `directory`, for a fixture to yield from; stopped afterwards."""
    server = build.StaticServer(directory).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def site_server(dist_dir):
    yield from serving(dist_dir)


@pytest.fixture(scope="session")
def site_url(site_server) -> str:
    return site_server.url


@pytest.fixture
def serve_dist(dist_dir):
    servers = []

    def serve(prefix: str = "/", directory: Path | None = None):
        server = build.StaticServer(directory or dist_dir, prefix=prefix).start()
        servers.append(server)
        return server

    yield serve
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def recorded_dist(dist_dir, tmp_path_factory) -> Path:
    dest = browsers.add_error_recorder(dist_dir, tmp_path_factory.mktemp("recorded") / "dist")
    build.write_service_worker(dest)
    return dest


@pytest.fixture(scope="session")
def recorded_site(recorded_dist):
    yield from serving(recorded_dist)


def browser_unavailable(reason: str):
    """Fail in CI, where every browser must run; elsewhere skip, saying why."""
    if build.in_ci():
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def virtual_screen():
    webkit = build.find_webkit()
    if not webkit:
        browser_unavailable(build.browser_missing("webkit"))
    with browsers.virtual_screen(webkit.xvfb) as display:
        yield display


def start_driven_page(name: str, request) -> browsers.DrivenPage:
    """A page in `name` ("firefox" or "webkit"), or the test skipped or failed saying why."""
    try:
        if name == "firefox":
            path = build.find_firefox() or browser_unavailable(build.browser_missing(name))
            return browsers.FirefoxPage(path)
        webkit = build.find_webkit() or browser_unavailable(build.browser_missing(name))
        return browsers.WebKitPage(webkit.driver, webkit.browser,
                                   request.getfixturevalue("virtual_screen"))
    except browsers.BrowserUnavailable as error:
        pytest.fail(f"{build.OTHER_BROWSERS[name].title} did not start: {error}")


@pytest.fixture(params=["firefox", "webkit"])
def driven_page(request, artifacts_dir):
    page = start_driven_page(request.param, request)
    yield page
    try:
        if getattr(request.node, "r3_failed", False):
            name = re.sub(r"[^\w.-]+", "_", request.node.name)
            page.screenshot(path=str(artifacts_dir / f"failed-{name}.png"))
    except Exception:
        pass
    finally:
        page.close()


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    path = ROOT / "test-artifacts"
    path.mkdir(exist_ok=True)
    return path


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.r3_failed = report.failed
    return report


def _watch(page):
    errors = []

    def on_console(message):
        if message.type == "error":
            errors.append(f"console: {message.text} ({message.location.get('url', '')})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(f"pageerror: {error}"))
    page.console_errors = errors
    return page


@pytest.fixture
def new_page(browser, request, artifacts_dir):
    contexts, pages = [], []

    def make(**options):
        options.setdefault("viewport", {"width": 1280, "height": 800})
        context = browser.new_context(**options)
        contexts.append(context)
        page = _watch(context.new_page())
        pages.append(page)
        return page

    yield make
    if getattr(request.node, "r3_failed", False):
        name = re.sub(r"[^\w.-]+", "_", request.node.name)
        for i, page in enumerate(pages):
            try:
                page.screenshot(path=str(artifacts_dir / f"failed-{name}-{i}.png"))
            except Exception:
                pass
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page):
    return new_page()


@pytest.fixture
def console_errors(page):
    return page.console_errors
