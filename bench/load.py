#!/usr/bin/env python3
"""Load benchmark: the game's page against a bare PyScript + Pyodide "hello" page.

    python3 build.py bench-load [--runs N]

The bare page (HELLO_HTML: Pyodide on the main thread, PyScript's `type="py"`, a button its
script enables) runs on PyScript and Pyodide exactly as npm ships them (dist-bench/hello/): the
yardstick. The same page is loaded a second time on the game's own copy of the runtime
(dist-bench/hello-ours/: the same Pyodide with the worker's standard-library modules
byte-compiled and an empty package lock, see build.vendor_pyodide), so what the build's changes
to the runtime are worth to any page is printed too. Each run launches the same headless
Chromium with a new, empty profile (so a real disk cache, as a visitor has), the pages
alternating, and measures:

- time from navigation start to the start screen being interactive: the page's
  `performance.mark("r3-ready")`, set when #new-game is enabled (ui.start(), on MicroPython) or,
  on the hello page (Pyodide on the main thread), when its button is;
- on the game's page, time to the engine being ready: `performance.mark("r3-engine")`, set when
  the worker (the page's one Pyodide) has imported the engine and the AI and answered;
- the longest main-thread task (PerformanceObserver "longtask", installed before any script of
  the page runs) during boot (until the engine is ready and the network quiet) and, on the
  game's page, during play: a 1483 game as York against the normal AI at the fast pace,
  `--decisions` decisions made by clicking the first choice of the list of every choice each
  time (tables drawn, the AI thinking in the worker meanwhile);
- the engine's round trips per human decision in that play: every call the page makes to the
  worker (`r3Engine.call`) from the click to the next decision drawn, less the AI's own steps
  (`ai_step`, one call per AI decision), median over the decisions (the goal: 1, the `act`
  whose answer carries the status, the new view and the autosave);
- bytes the first visit transfers (headers and bodies, counted by the server): until
  interactive, and for the whole visit once the network is quiet (the game's visit includes
  the engine worker's start and the service worker's precache);
- what a repeat visit in the same profile fetches from the network (the game's page only is
  expected to fetch nothing: its service worker serves every file), and whether the game's
  page then starts offline (start screen and engine).

A fourth page, the floor (FLOOR_HTML: the game page's shape, MicroPython on the main thread and,
once its start screen is usable, a module worker that starts the game's copy of Pyodide and
answers, with nothing of the game in it), is loaded in each run too: its time until the worker
answers is what that shape costs on this machine before the engine adds anything, and is
printed beside the engine's.

Prints medians, ratios and the targets (issue "A light main thread": start screen at most 0.5
of the engine's time in the same load and at most 0.35 of the bare page's time to interactive;
engine at most 1.0 of it; no main-thread task over 200 ms in boot or play; first-visit bytes at
most 1.10 of the bare page's; a repeat visit fetches nothing; offline start works).
A benchmark, not a test: it exits 0 whatever the figures.
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

# The page's script: enable the button and mark the page interactive. Run on Pyodide (the bare
# page, `type="py"`) or on MicroPython (the floor, `type="mpy"`).
HELLO_SCRIPT = """
from pyscript import document, window
button = document.getElementById("new-game")
button.textContent = "hello"
button.disabled = False
window.performance.mark("r3-ready")
"""

HELLO_HTML = f"""<!doctype html>
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
  <script type="py" config="pyscript.json">{HELLO_SCRIPT}  </script>
</body>
</html>
"""


# The floor: the shape of the game's page (MicroPython on the main thread, Pyodide in a module
# worker started once the start screen is usable) with nothing of the game in it: a hello on
# the main thread, a worker that starts the runtime and says so. Its time until the worker
# answers is what that shape costs before the engine adds anything.
FLOOR_SCRIPTS = """
  <script type="module">
new PerformanceObserver((marks, observer) => {
  if (!marks.getEntriesByName("r3-ready").length) return;
  observer.disconnect();
  const worker = new Worker("floor-worker.js", {type: "module"});
  worker.onmessage = () => performance.mark("r3-engine");
}).observe({type: "mark", buffered: true});
  </script>
"""
FLOOR_HTML = HELLO_HTML.replace('<script type="py" config="pyscript.json">',
                                FLOOR_SCRIPTS.strip() + '\n  <script type="mpy" config="mpy.json">')
FLOOR_WORKER = """import {{ loadPyodide }} from "./{pyodide}/pyodide.mjs";
await loadPyodide({{ indexURL: "./{pyodide}/" }});
postMessage("ready");
"""


def build_pages(build, dist: Path) -> dict[str, Path]:
    """The pages the game's is measured against, in dist-bench/: "hello" (the bare page on the
    runtime npm ships), "hello-ours" (the bare page on the game's copy of it, from `dist`) and
    "floor" (FLOOR_HTML, on the game's copy), as {name: folder}."""
    shutil.rmtree(BENCH_DIST, ignore_errors=True)
    ours = build.engine_worker_paths(dist)["PYODIDE"]
    stock = f"pyodide/{build.npm_version('pyodide')}-stock"
    mpy = json.loads((dist / "mpy.json").read_text())["interpreter"]
    pages = {}
    for name, html in (("hello", HELLO_HTML), ("hello-ours", HELLO_HTML),
                       ("floor", FLOOR_HTML)):
        folder = BENCH_DIST / name
        folder.mkdir(parents=True)
        shutil.copytree(dist / "pyscript", folder / "pyscript")
        if name == "hello":
            runtime = folder / stock
            runtime.mkdir(parents=True)
            for file in (*build.PYODIDE_FILES, "pyodide-lock.json"):
                shutil.copy2(build.NODE_MODULES / "pyodide" / file, runtime / file)
        else:
            shutil.copytree(dist / ours, folder / ours)
        pyodide = stock if name == "hello" else ours
        (folder / "pyscript.json").write_text(
            json.dumps({"interpreter": f"./{pyodide}/pyodide.mjs"}) + "\n")
        if name == "floor":
            shutil.copytree(dist / "micropython", folder / "micropython")
            (folder / "mpy.json").write_text(json.dumps({"interpreter": mpy}) + "\n")
            (folder / "floor-worker.js").write_text(FLOOR_WORKER.format(pyodide=pyodide))
        (folder / "index.html").write_text(html)
        pages[name] = folder
    return pages


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


# Installed before the page's own scripts: every long task of the main thread, kept in order.
LONGTASKS = """
window.__r3LongTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__r3LongTasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
"""


def mark_ms(page, name="r3-ready", timeout=120_000):
    page.wait_for_function(
        f"() => performance.getEntriesByName('{name}').length > 0", timeout=timeout)
    return page.evaluate(f"performance.getEntriesByName('{name}')[0].startTime")


def ready_ms(page, timeout=120_000):
    return mark_ms(page, "r3-ready", timeout)


def longest_task(page, since=0.0):
    """The longest main-thread task (ms) that started at or after `since` (ms), or 0."""
    tasks = page.evaluate("window.__r3LongTasks")
    return max([duration for start, duration in tasks if start >= since], default=0.0)


# Installed once the page has started: every call to the engine's worker, by name, in order.
COUNT_CALLS = """() => {
  window.__r3Calls = [];
  const call = window.r3Engine.call;
  window.r3Engine.call = (name, ...args) => { window.__r3Calls.push(name); return call(name, ...args); };
}"""


def play(page, decisions):
    """Start 1483 as York against the normal AI (fast pace) and make `decisions` decisions by
    clicking the first choice offered; return (ms when play began, decisions made, the worker
    calls of each decision: [{"round_trips": calls less ai_step, "ai_steps": n}, ...])."""
    page.evaluate(COUNT_CALLS)
    calls = []
    begin = page.evaluate("performance.now()")
    page.click("#new-game")
    page.wait_for_selector("#setup", state="visible")
    page.evaluate("document.getElementById('pace').value = 'fast'")
    page.select_option("#scenario", "1483")
    page.select_option("#player-lancaster", "normal")
    page.select_option("#player-york", "human")
    page.click("#start-game")
    made = 0
    for _ in range(decisions):
        page.wait_for_selector("body[data-screen][data-thinking=no]", state="attached",
                               timeout=120_000)
        if page.evaluate("document.body.dataset.screen") != "table":
            break
        view = page.evaluate("document.body.dataset.view")
        page.evaluate("document.getElementById('all-choices').open = true")
        button = page.locator("#all-choices [data-action]").first
        if not button.count():
            break
        before = page.evaluate("window.__r3Calls.length")
        button.click()
        made += 1
        page.wait_for_function(
            f"() => document.body.dataset.view !== '{view}' && document.body.dataset.thinking === 'no'",
            timeout=120_000)
        names = page.evaluate(f"window.__r3Calls.slice({before})")
        steps = names.count("ai_step")
        calls.append({"round_trips": len(names) - steps, "ai_steps": steps})
    return begin, made, calls


def one_run(playwright, build, chromium, server, kind: str, decisions: int = 12):
    """One first visit (and, for "game" and "hello", a repeat visit) of page `kind` ("game",
    "hello", "hello-ours" or "floor") in a new profile; the game's page is also played and
    started offline."""
    game = kind == "game"
    with tempfile.TemporaryDirectory(prefix="r3-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, headless=True, args=build.CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 800})
        context.add_init_script(LONGTASKS)
        engine_ms = boot_task = play_task = made = calls = None
        offline = None
        try:
            page = context.new_page()
            start = len(server.log)
            page.goto(server.url)
            ms = ready_ms(page)
            bytes_ready = sum(r.bytes for r in server.log[start:])
            if kind in ("game", "floor"):
                engine_ms = mark_ms(page, "r3-engine")
            if game:
                page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            settle(server)
            bytes_visit = sum(r.bytes for r in server.log[start:])
            boot_task = longest_task(page)
            if game:
                begin, made, calls = play(page, decisions)
                play_task = longest_task(page, since=begin)
            page.close()
            if kind not in ("game", "hello"):
                return {"ms": ms, "engine_ms": engine_ms, "bytes_visit": bytes_visit,
                        "boot_task": boot_task}
            time.sleep(3)  # let the first visit's background compiles finish, for both pages

            page = context.new_page()
            start = len(server.log)
            page.goto(server.url)
            repeat_ms = ready_ms(page)
            if game:
                mark_ms(page, "r3-engine")
            settle(server)
            repeat = list(server.log[start:])
            page.close()

            if game:  # offline: the service worker alone starts the page and the engine
                context.set_offline(True)
                page = context.new_page()
                page.goto(server.url)
                try:
                    ready_ms(page, timeout=60_000)
                    mark_ms(page, "r3-engine", timeout=60_000)
                    offline = page.evaluate("document.body.dataset.engine") == "ready"
                except Exception:
                    offline = False
                page.close()
        finally:
            context.close()
    return {"ms": ms, "bytes_ready": bytes_ready, "bytes_visit": bytes_visit,
            "repeat_ms": repeat_ms, "repeat": repeat, "engine_ms": engine_ms,
            "boot_task": boot_task, "play_task": play_task, "decisions": made,
            "calls": calls, "offline": offline}


def mb(n):
    return f"{n / 1e6:.2f} MB"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--decisions", type=int, default=12,
                        help="decisions played on the game's page in each run (default 12)")
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
        servers = {"game": build.StaticServer(site).start()}
        for name, folder in build_pages(build, site).items():
            servers[name] = build.StaticServer(folder).start()
        from playwright.sync_api import sync_playwright

        results = {name: [] for name in servers}
        try:
            with sync_playwright() as playwright:
                for run in range(opts.runs):
                    for name, server in servers.items():
                        result = one_run(playwright, build, chromium, server, name,
                                         opts.decisions)
                        results[name].append(result)
                        engine = (f", engine {result['engine_ms'] / 1000:.2f} s"
                                  if result["engine_ms"] else "")
                        tasks = f"; longest task {result['boot_task']:.0f} ms in boot"
                        if "repeat" not in result:
                            print(f"  run {run + 1} {name}: interactive "
                                  f"{result['ms'] / 1000:.2f} s{engine}, "
                                  f"{mb(result['bytes_visit'])} whole visit{tasks}", flush=True)
                            continue
                        if result["play_task"] is not None:
                            trips = [c["round_trips"] for c in result["calls"]] or [0]
                            tasks += (f", {result['play_task']:.0f} ms in play "
                                      f"({result['decisions']} decisions, "
                                      f"{statistics.median(trips):g} round trips each)")
                        print(f"  run {run + 1} {name:5}: interactive {result['ms'] / 1000:.2f} s"
                              f"{engine}, {mb(result['bytes_ready'])} then,"
                              f" {mb(result['bytes_visit'])} whole visit{tasks}; repeat visit"
                              f" {result['repeat_ms'] / 1000:.2f} s,"
                              f" {len(result['repeat'])} requests", flush=True)
        finally:
            for server in servers.values():
                server.stop()

    def median(name, key):
        return statistics.median(r[key] for r in results[name])

    game_ms, hello_ms = median("game", "ms"), median("hello", "ms")
    game_bytes, hello_bytes = median("game", "bytes_visit"), median("hello", "bytes_visit")
    game_ready, hello_ready = median("game", "bytes_ready"), median("hello", "bytes_ready")
    repeats = [r["repeat"] for r in results["game"]]
    repeat_bytes = statistics.median(sum(q.bytes for q in rep) for rep in repeats)
    repeat_body = max(sum(q.body for q in rep) for rep in repeats)
    repeat_paths = sorted({f"{q.path} ({q.status})" for rep in repeats for q in rep})

    engine_ms = median("game", "engine_ms")
    same_load = statistics.median(r["ms"] / r["engine_ms"] for r in results["game"])
    print(f"\nbench-load: {opts.runs} runs each, alternating, headless {chromium}")
    ours_ms = median("hello-ours", "ms")
    print(f"  bare page (Pyodide on the main thread) interactive, median: {hello_ms / 1000:.2f} s"
          f" on the runtime npm ships; {ours_ms / 1000:.2f} s on the game's copy of it")
    print(f"  start screen usable, median: game {game_ms / 1000:.2f} s (MicroPython); ratio "
          f"{game_ms / hello_ms:.2f} to the bare page (target <= 0.35); "
          f"{game_ms / ours_ms:.2f} to the bare page on the game's runtime")
    floor_ms = median("floor", "engine_ms")
    print(f"  engine ready (worker), median: {engine_ms / 1000:.2f} s; ratio to the bare page "
          f"{engine_ms / hello_ms:.2f} (target <= 1.0); "
          f"{engine_ms / ours_ms:.2f} to the bare page on the game's runtime")
    print(f"    the floor (MicroPython hello + a worker that only starts Pyodide): worker ready "
          f"{floor_ms / 1000:.2f} s, ratio {floor_ms / hello_ms:.2f} to the bare page, "
          f"{floor_ms / ours_ms:.2f} on the game's runtime; the engine's page is "
          f"{engine_ms / floor_ms:.2f} of the floor")
    print(f"  start screen / engine in the same load, median: {same_load:.2f} (target <= 0.5)")
    print(f"  longest main-thread task: boot, worst of {opts.runs}: game "
          f"{max(r['boot_task'] for r in results['game']):.0f} ms (median "
          f"{median('game', 'boot_task'):.0f}), bare page "
          f"{max(r['boot_task'] for r in results['hello']):.0f} ms; play, worst: "
          f"{max(r['play_task'] for r in results['game']):.0f} ms (median "
          f"{median('game', 'play_task'):.0f}) (target <= 200 ms)")
    ours_bytes = median("hello-ours", "bytes_visit")
    per_decision = [c for r in results["game"] for c in r["calls"] or []]
    if per_decision:
        trips = [c["round_trips"] for c in per_decision]
        steps = sum(c["ai_steps"] for c in per_decision)
        print(f"  round trips per human decision: {statistics.median(trips):g} (median of "
              f"{len(trips)} decisions, at most {max(trips)}; the AI's {steps} decisions in "
              f"between, one ai_step call each, not counted)")
    print(f"  first visit bytes, median:   game {mb(game_bytes)}, hello {mb(hello_bytes)}; "
          f"ratio {game_bytes / hello_bytes:.3f} (target <= 1.10); "
          f"{game_bytes / ours_bytes:.3f} to the bare page on the game's runtime "
          f"({mb(ours_bytes)})")
    print(f"    until interactive:         game {mb(game_ready)}, hello {mb(hello_ready)}; "
          f"ratio {game_ready / hello_ready:.3f}")
    print(f"  repeat visit (game), from the network: median {repeat_bytes} bytes, at most "
          f"{repeat_body} body bytes; requests: {', '.join(repeat_paths) or 'none'} "
          f"(target: nothing)")
    offline = [r["offline"] for r in results["game"]]
    print(f"  offline start (start screen and engine) after the first visit: "
          f"{sum(offline)} of {len(offline)} runs")
    print(f"  repeat visit, time to interactive, median: game "
          f"{median('game', 'repeat_ms') / 1000:.2f} s, hello "
          f"{median('hello', 'repeat_ms') / 1000:.2f} s (hello has no service worker)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
