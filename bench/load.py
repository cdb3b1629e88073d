#!/usr/bin/env python3
"""Load benchmark: the game's page against a bare PyScript + Pyodide "hello" page.

    python3 build.py bench-load [--runs N]

Both pages use the same vendored runtime (dist/pyodide/..., dist/pyscript/); the hello page is
built into dist-bench/. Each run launches the same headless Chromium with a new, empty profile
(so a real disk cache, as a visitor has), the two pages alternating, and measures:

- time from navigation start to the start screen being interactive: the page's
  `performance.mark("r3-ready")`, set when #new-game is enabled (main.py) or, on the hello
  page, when its button is;
- bytes the first visit transfers (headers and bodies, counted by the server): until
  interactive, and for the whole visit once the network is quiet (the game's visit includes
  the AI worker's start and the service worker's precache);
- what a repeat visit in the same profile fetches from the network (the game's page only is
  expected to fetch nothing: its service worker serves every file).

Prints medians, ratios and the targets (time ratio <= 1.25, bytes ratio <= 1.10, a repeat
visit fetches nothing). A benchmark, not a test: it exits 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_DIST = ROOT / "dist-bench"

HELLO_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>hello</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="pyscript/core.css">
  <script type="module" src="pyscript/core.js"></script>
</head>
<body>
  <button id="new-game" disabled>hello</button>
  <script type="py" config="pyscript.json">
from pyscript import document, window
button = document.getElementById("new-game")
button.textContent = "hello"
button.disabled = False
window.performance.mark("r3-ready")
  </script>
</body>
</html>
"""


def build_hello(build, dist: Path) -> Path:
    """dist-bench/: the hello page on the runtime vendored in `dist`."""
    shutil.rmtree(BENCH_DIST, ignore_errors=True)
    BENCH_DIST.mkdir()
    shutil.copytree(dist / "pyscript", BENCH_DIST / "pyscript")
    shutil.copytree(dist / "pyodide", BENCH_DIST / "pyodide")
    interpreter = json.loads((dist / "pyscript.json").read_text())["interpreter"]
    (BENCH_DIST / "pyscript.json").write_text(json.dumps({"interpreter": interpreter}) + "\n")
    (BENCH_DIST / "index.html").write_text(HELLO_HTML)
    return BENCH_DIST


def settle(server, quiet=1.5, limit=60.0):
    """Wait until the server has seen no request for `quiet` seconds."""
    deadline = time.monotonic() + limit
    count, since = len(server.log), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.1)
        if len(server.log) != count:
            count, since = len(server.log), time.monotonic()
        elif time.monotonic() - since >= quiet:
            return


def ready_ms(page, timeout=120_000):
    page.wait_for_function(
        "() => performance.getEntriesByName('r3-ready').length > 0", timeout=timeout)
    return page.evaluate("performance.getEntriesByName('r3-ready')[0].startTime")


def one_run(playwright, build, chromium, server, game: bool):
    with tempfile.TemporaryDirectory(prefix="r3-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, headless=True, args=build.CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 800})
        try:
            page = context.new_page()
            start = len(server.log)
            page.goto(server.url)
            ms = ready_ms(page)
            bytes_ready = sum(r.bytes for r in server.log[start:])
            if game:
                page.wait_for_selector("body[data-ai]", state="attached", timeout=120_000)
                page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            settle(server)
            bytes_visit = sum(r.bytes for r in server.log[start:])
            page.close()
            time.sleep(3)  # let the first visit's background compiles finish, for both pages

            page = context.new_page()
            start = len(server.log)
            page.goto(server.url)
            repeat_ms = ready_ms(page)
            settle(server)
            repeat = list(server.log[start:])
            page.close()
        finally:
            context.close()
    return {"ms": ms, "bytes_ready": bytes_ready, "bytes_visit": bytes_visit,
            "repeat_ms": repeat_ms, "repeat": repeat}


def mb(n):
    return f"{n / 1e6:.2f} MB"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    opts = parser.parse_args(argv)

    sys.path.insert(0, str(ROOT))
    import build  # the project's build.py
    if not build.dist_is_fresh():
        build.build_dist()
    chromium = build.find_chromium()
    if not chromium:
        sys.exit("bench-load: no Chromium; run it as `python3 build.py bench-load`")
    with tempfile.TemporaryDirectory(prefix="r3-site-") as tmp:
        site = Path(tmp) / "dist"
        shutil.copytree(build.DIST, site)  # a snapshot: a rebuild cannot disturb the runs
        hello = build_hello(build, site)
        game_server = build.StaticServer(site).start()
        hello_server = build.StaticServer(hello).start()
        from playwright.sync_api import sync_playwright

        results = {"game": [], "hello": []}
        try:
            with sync_playwright() as playwright:
                for run in range(opts.runs):
                    for name, server in (("game", game_server), ("hello", hello_server)):
                        result = one_run(playwright, build, chromium, server, name == "game")
                        results[name].append(result)
                        print(f"  run {run + 1} {name:5}: interactive {result['ms'] / 1000:.2f} s,"
                              f" {mb(result['bytes_ready'])} then, {mb(result['bytes_visit'])}"
                              f" whole visit; repeat visit {result['repeat_ms'] / 1000:.2f} s,"
                              f" {len(result['repeat'])} requests", flush=True)
        finally:
            game_server.stop()
            hello_server.stop()

    def median(name, key):
        return statistics.median(r[key] for r in results[name])

    game_ms, hello_ms = median("game", "ms"), median("hello", "ms")
    game_bytes, hello_bytes = median("game", "bytes_visit"), median("hello", "bytes_visit")
    game_ready, hello_ready = median("game", "bytes_ready"), median("hello", "bytes_ready")
    repeats = [r["repeat"] for r in results["game"]]
    repeat_bytes = statistics.median(sum(q.bytes for q in rep) for rep in repeats)
    repeat_body = max(sum(q.body for q in rep) for rep in repeats)
    repeat_paths = sorted({f"{q.path} ({q.status})" for rep in repeats for q in rep})

    print(f"\nbench-load: {opts.runs} runs each, alternating, headless {chromium}")
    print(f"  time to interactive, median: game {game_ms / 1000:.2f} s, "
          f"hello {hello_ms / 1000:.2f} s; ratio {game_ms / hello_ms:.2f} (target <= 1.25)")
    print(f"  first visit bytes, median:   game {mb(game_bytes)}, hello {mb(hello_bytes)}; "
          f"ratio {game_bytes / hello_bytes:.3f} (target <= 1.10)")
    print(f"    until interactive:         game {mb(game_ready)}, hello {mb(hello_ready)}; "
          f"ratio {game_ready / hello_ready:.3f}")
    print(f"  repeat visit (game), from the network: median {repeat_bytes} bytes, at most "
          f"{repeat_body} body bytes; requests: {', '.join(repeat_paths) or 'none'} "
          f"(target: nothing)")
    print(f"  repeat visit, time to interactive, median: game "
          f"{median('game', 'repeat_ms') / 1000:.2f} s, hello "
          f"{median('hello', 'repeat_ms') / 1000:.2f} s (hello has no service worker)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
