"""The page in Firefox and in WebKit, through one small page object that answers the calls the
Playwright tests make, so that the same scenario runs in each browser (e2e/test_every_browser.py
plays e2e/test_play_on_map.py's `start`, `Player` and `play` with it).

- `FirefoxPage`: headless Firefox (Debian's firefox-esr) driven by puppeteer-core over WebDriver
  BiDi, from the Node script e2e/firefox.mjs (one JSON command a line on its stdin, one answer a
  line on its stdout).
- `WebKitPage`: WebKitGTK's MiniBrowser driven by WebKitWebDriver through selenium, on a virtual
  X screen (`virtual_screen`: Xvfb), since the MiniBrowser hangs headless without a display.

What both offer is a subset of Playwright's `Page`, with the same meanings (timeouts in ms):
`goto`, `reload`, `evaluate(source, arg)` (a JS expression, or a function called with `arg`),
`wait_for_function`, `wait_for_selector` (state "visible" or "attached"), `locator(css)`
(`count`, `first`, `nth`, `click`, `get_attribute`; `:visible` at the end of the selector keeps
the visible elements, as in Playwright), `click`, `select_option`, `fill`, `inner_text`,
`eval_on_selector_all`, `mouse.click(x, y)`, `screenshot(path=)`, and `console_errors`.
A click is a real pointer event at a point of the element that nothing covers
(`FREE_POINT_OF`), after scrolling it into view; `select_option` and `fill` set the value and
send input and change events, as Playwright's do.

WebKitGTK's WebDriver reports no console messages, so the page these browsers are given carries
`ERROR_RECORDER` (`add_error_recorder` writes a copy of dist/ with it): it records the console
errors, uncaught errors and failed loads of the page, which `console_errors` reads (with, for
Firefox, what the browser itself reported).
"""

from __future__ import annotations

import json
import os
import queue
import select
import shutil
import subprocess
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

E2E = Path(__file__).resolve().parent
ROOT = E2E.parent
VIEWPORT = (1280, 800)

# A point of an element that the element itself (or, for an area, a block standing in it)
# receives: the centre if free, else the nearest free point of a grid over its box.
FREE_POINT_OF = """(el) => {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  const area = el.dataset.area;
  const mine = (hit) => hit && (el === hit || el.contains(hit)
      || (area && hit.closest('[data-where]') && hit.closest('[data-where]').dataset.where === area));
  const points = [];
  for (let i = 0; i <= 16; i++) for (let j = 0; j <= 16; j++)
    points.push([r.left + r.width * i / 16, r.top + r.height * j / 16]);
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  points.sort((a, b) => Math.hypot(a[0] - cx, a[1] - cy) - Math.hypot(b[0] - cx, b[1] - cy));
  for (const [x, y] of points) {
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    if (mine(document.elementFromPoint(x, y))) return [x, y];
  }
  return null;
}"""

# The elements a selector matches, only the visible ones (a box, not visibility: hidden) if
# `visible`: what Playwright's `:visible` keeps.
ELEMENTS = """(css, visible) => [...document.querySelectorAll(css)].filter((e) => {
  if (!visible) return true;
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
})"""

# The point to click the i-th element at, once it exists, is enabled and can be reached.
CLICK_POINT = f"""([css, visible, i]) => {{
  const el = ({ELEMENTS})(css, visible)[i];
  if (!el || el.disabled) return null;
  el.scrollIntoView({{block: 'nearest', inline: 'nearest'}});
  return ({FREE_POINT_OF})(el);
}}"""

# Sets a <select>'s or an <input>'s value as a person would: once the element (and, for a
# select, the option) exists; then the input and change events.
SET_VALUE = """([css, value]) => {
  const el = document.querySelector(css);
  if (!el || (el.options && ![...el.options].some((o) => o.value === value))) return false;
  el.focus();
  el.value = value;
  el.dispatchEvent(new Event('input', {bubbles: true}));
  el.dispatchEvent(new Event('change', {bubbles: true}));
  return true;
}"""

# The first script of the page these browsers are given: records the page's console errors,
# uncaught errors, unhandled rejections and failed loads (an <img>, <script> or <link> whose
# load failed) in window.__r3Errors.
ERROR_RECORDER = """<script>/* e2e tests: records the page's errors */ (() => {
  const errors = window.__r3Errors = [];
  const text = (error) => error instanceof Error ? `${error}\n${error.stack || ''}` : `${error}`;
  addEventListener('error', (e) => errors.push(e.target === window
      ? `pageerror: ${e.error ? text(e.error) : e.message}`
      : `failed to load: ${e.target.src || e.target.href}`), true);
  addEventListener('unhandledrejection', (e) => errors.push(`unhandledrejection: ${text(e.reason)}`));
  const error = console.error;
  console.error = (...args) => { errors.push(`console: ${args.join(' ')}`); error.apply(console, args); };
})();</script>"""


class BrowserUnavailable(RuntimeError):
    """The browser could not be started."""


def add_error_recorder(dist: Path, dest: Path) -> Path:
    """Copy the built site `dist` to `dest` with ERROR_RECORDER as the first script of
    index.html; return `dest` (its service worker is then to be written again)."""
    shutil.copytree(dist, dest)
    index = dest / "index.html"
    html = index.read_text()
    assert html.count("<head>") == 1, "index.html: no single <head>"
    index.write_text(html.replace("<head>", "<head>\n" + ERROR_RECORDER, 1))
    return dest


@contextmanager
def virtual_screen(xvfb: str, timeout: float = 30):
    """Start Xvfb on a free display; yield its DISPLAY (":N"); stop it afterwards."""
    read, write = os.pipe()
    process = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", "1920x1200x24",
                                "-nolisten", "tcp"], pass_fds=(write,),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            ready, _, _ = select.select([pipe], [], [], timeout)
            number = pipe.readline().strip() if ready else ""
        if not number:
            raise BrowserUnavailable(f"Xvfb ({xvfb}) did not start a display")
        yield f":{number}"
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()


class Locator:
    """Elements that a CSS selector matches (Playwright's `:visible` understood), or the
    `index`-th of them."""

    def __init__(self, page: DrivenPage, css: str, index: int | None = None):
        self.page, self.index = page, index
        self.visible = css.endswith(":visible")
        self.css = css[:-len(":visible")] if self.visible else css

    def count(self) -> int:
        return self.page.evaluate(f"([css, visible]) => ({ELEMENTS})(css, visible).length",
                                  [self.css, self.visible])

    def nth(self, index: int) -> Locator:
        return Locator(self.page, self.css + (":visible" if self.visible else ""), index)

    @property
    def first(self) -> Locator:
        return self.nth(0)

    def get_attribute(self, name: str):
        return self.page.evaluate(
            f"([css, visible, i, name]) => ({ELEMENTS})(css, visible)[i].getAttribute(name)",
            [self.css, self.visible, self.index or 0, name])

    def click(self, timeout: float = 30_000) -> None:
        """Click the element where nothing covers it, once it is there and enabled."""
        point = self.page.wait_for_function(
            CLICK_POINT, [self.css, self.visible, self.index or 0], timeout=timeout)
        self.page.mouse.click(*point)


class _Mouse:
    def __init__(self, page: DrivenPage):
        self.page = page

    def click(self, x: float, y: float) -> None:
        self.page._click(x, y)


class DrivenPage:
    """The part of Playwright's Page that the tests use, over a browser's own driver: a
    subclass gives `_execute(expression)`, `_click(x, y)`, `_goto(url)`, `_reload()`,
    `screenshot(path)`, `_browser_errors()` and `close()`."""

    name = "browser"

    def __init__(self):
        self.mouse = _Mouse(self)
        self._recorded: list[str] = []  # errors recorded by pages left since

    # The driver's part.
    def _execute(self, expression: str):
        raise NotImplementedError

    def _click(self, x: float, y: float) -> None:
        raise NotImplementedError

    def _goto(self, url: str) -> None:
        raise NotImplementedError

    def _reload(self) -> None:
        raise NotImplementedError

    def _browser_errors(self) -> list[str]:
        return []

    def screenshot(self, path: str) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # What the tests call.
    def evaluate(self, source: str, arg=None):
        """The value of the JS expression `source`, or of the function `source` called with
        `arg` (a promise is awaited)."""
        return self._execute(f"(async () => {{ const r3 = ({source}\n); return typeof r3 === "
                             f"'function' ? await r3({json.dumps(arg)}) : await r3; }})()")

    def wait_for_function(self, source: str, arg=None, timeout: float = 30_000, poll: float = 0.05):
        """Evaluate `source` (with `arg`) until its value is truthy; return that value."""
        deadline = time.monotonic() + timeout / 1000
        while True:
            value = self.evaluate(source, arg)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: waited {timeout / 1000:.0f} s for {source[:200]}")
            time.sleep(poll)

    def wait_for_selector(self, css: str, state: str = "visible", timeout: float = 30_000) -> None:
        """Wait until `css` matches an element (a visible one unless state="attached")."""
        assert state in ("visible", "attached"), state
        self.wait_for_function(f"([css, visible]) => ({ELEMENTS})(css, visible).length > 0",
                               [css, state == "visible"], timeout=timeout)

    def locator(self, css: str) -> Locator:
        return Locator(self, css)

    def click(self, css: str, timeout: float = 30_000) -> None:
        self.locator(css).first.click(timeout=timeout)

    def select_option(self, css: str, value: str, timeout: float = 30_000) -> None:
        self.wait_for_function(SET_VALUE, [css, value], timeout=timeout)

    def fill(self, css: str, text: str, timeout: float = 30_000) -> None:
        self.wait_for_function(SET_VALUE, [css, text], timeout=timeout)

    def inner_text(self, css: str, timeout: float = 30_000) -> str:
        self.wait_for_selector(css, state="attached", timeout=timeout)
        return self.evaluate("(css) => document.querySelector(css).innerText", css)

    def eval_on_selector_all(self, css: str, source: str):
        return self.evaluate(f"(css) => ({source})([...document.querySelectorAll(css)])", css)

    def goto(self, url: str) -> None:
        self._keep_recorded_errors()
        self._goto(url)

    def reload(self) -> None:
        self._keep_recorded_errors()
        self._reload()

    @property
    def console_errors(self) -> list[str]:
        """The console errors, uncaught errors and failed loads seen so far (strings)."""
        return self._browser_errors() + self._recorded + self._recorded_now()

    def _recorded_now(self) -> list[str]:
        try:
            return self.evaluate("window.__r3Errors || ['(no error recorder in this page: "
                                 "serve it from recorded_dist)']")
        except Exception as error:  # a page that is gone or not yet there
            return [f"(the page's errors could not be read: {error})"]

    def _keep_recorded_errors(self) -> None:
        try:
            self._recorded += self.evaluate("window.__r3Errors || []")
        except Exception:
            pass  # no page yet (about:blank has no recorder either)


class FirefoxPage(DrivenPage):
    """A page in headless Firefox, driven by e2e/firefox.mjs (puppeteer-core, WebDriver BiDi)."""

    name = "Firefox"

    def __init__(self, executable: str, viewport=VIEWPORT, start_timeout: float = 120):
        super().__init__()
        node = shutil.which("node")
        if not node:
            raise BrowserUnavailable("node not found (Node.js drives Firefox)")
        self._stderr = tempfile.TemporaryFile(mode="w+")
        self._process = subprocess.Popen(
            [node, str(E2E / "firefox.mjs"), executable, *map(str, viewport)], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, text=True)
        self._answers: queue.Queue = queue.Queue()
        threading.Thread(target=self._read_answers, daemon=True).start()
        try:
            self.version = self._answer(start_timeout)
        except Exception as error:
            self.close()
            raise BrowserUnavailable(str(error)) from None

    def _read_answers(self) -> None:
        for line in self._process.stdout:
            self._answers.put(json.loads(line))
        self._answers.put(None)  # the script ended

    def _answer(self, timeout: float):
        try:
            answer = self._answers.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"Firefox's driver did not answer within {timeout:.0f} s") from None
        if answer is None:
            self._answers.put(None)
            self._stderr.seek(0)
            raise RuntimeError(f"Firefox's driver ended: {self._stderr.read()[-2000:]}")
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer["ok"]

    def _call(self, cmd: str, timeout: float = 150, **args):
        self._process.stdin.write(json.dumps({"cmd": cmd, **args}) + "\n")
        self._process.stdin.flush()
        return self._answer(timeout)

    def _execute(self, expression: str):
        return self._call("evaluate", expression=expression)

    def _click(self, x: float, y: float) -> None:
        self._call("click", x=x, y=y)

    def _goto(self, url: str) -> None:
        self._call("goto", url=url)

    def _reload(self) -> None:
        self._call("reload")

    def _browser_errors(self) -> list[str]:
        return self._call("errors")

    def screenshot(self, path: str) -> None:
        self._call("screenshot", path=str(path))

    def close(self) -> None:
        if self._process.poll() is None:
            try:
                self._process.stdin.close()
                self._process.wait(30)
            except (OSError, subprocess.TimeoutExpired):
                self._process.kill()
                self._process.wait()
        self._stderr.close()


class WebKitPage(DrivenPage):
    """A page in WebKitGTK's MiniBrowser, driven by WebKitWebDriver (selenium) on `display`."""

    name = "WebKit"

    def __init__(self, driver: str, browser: str, display: str, viewport=VIEWPORT,
                 start_timeout: int = 60, command_timeout: int = 200):
        super().__init__()
        from selenium import webdriver
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = browser
        options.add_argument("--automation")
        env = {**os.environ, "DISPLAY": display, "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1"}
        self._log = tempfile.TemporaryFile(mode="w+")
        self._service = Service(executable_path=driver, env=env, log_output=self._log)
        # Every call to the driver has a time limit: a browser that never comes would
        # otherwise hold the session's start for ever.
        config = ClientConfig(remote_server_addr="", timeout=start_timeout)
        try:
            self._service.start()
            config.remote_server_addr = self._service.service_url
            self.driver = webdriver.Remote(RemoteConnection(client_config=config), options=options)
        except Exception as error:
            self._service.stop()
            self._log.seek(0)
            raise BrowserUnavailable(f"{error} {self._log.read()[-2000:]}".strip()) from None
        config.timeout = command_timeout
        self.version = self.driver.capabilities.get("browserVersion", "")
        self.driver.set_script_timeout(command_timeout - 50)
        self.driver.set_page_load_timeout(command_timeout - 50)
        # The window's size less its frame is the viewport: size it so the viewport is `viewport`.
        width, height = viewport
        self.driver.set_window_size(width, height)
        inner = self.driver.execute_script("return [innerWidth, innerHeight]")
        self.driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])

    def _execute(self, expression: str):
        return self.driver.execute_script(f"return {expression};")

    def _click(self, x: float, y: float) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(round(x), round(y))
        actions.pointer_action.click()
        actions.perform()

    def _goto(self, url: str) -> None:
        self.driver.get(url)

    def _reload(self) -> None:
        self.driver.refresh()

    def screenshot(self, path: str) -> None:
        self.driver.save_screenshot(str(path))

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self._service.stop()
            self._log.close()
