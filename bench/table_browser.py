#!/usr/bin/env python3
"""The main thread's longest tasks while the table is drawn, over whole long games (issue 27).

    python3 build.py bench-table [--games 2] [--scenario 1460] [--sizes 1024x768 768x1024]
                                 [--profile FILE] [--dist DIR]
    python3 build.py bench-table --game sunofyork [--scenario heworth_moor] [--games 1]

Sun of York (issue 54): ``--game sunofyork`` watches a battle (Heworth Moor unless
``--scenario`` names another) of easy against easy at 1280x800, 1024x768, 768x1024 and
390x844, its field, hand, dice and log drawn at every decision.

For each screen size (a touch screen; 1280x800 is a desktop), ``--games`` whole games of
``--scenario`` are started from the page (both sides the easy AI, the fast pace: every AI
decision is drawn on York's table, about 500 drawings a 1460 game of 21 turns) and watched to
their end in headless Chromium. The page records its main thread's long tasks
(PerformanceObserver "longtask", over 50 ms); the tasks of each game are split into thirds by
time, so that a drawing that grows with the game's length shows in the last third. Prints per
size: the longest task of each game, the median and the longest over the games, the longest
in each third, how many tasks were over 200 ms (the bound: no task of the drawing may keep the
page from answering longer) and over 50 ms, and the steps of a drawing as the page times them
(`?timing`: the answer's parse, the map, the prompt with the choices and the side panels, the
log and the rest). ``--dist DIR`` measures another build (to compare with), ``--profile FILE``
records a CPU profile of the first game (Chromium's CDP Profiler, a .cpuprofile that Chrome's
DevTools open) and prints the functions with the most time of their own. A benchmark, not a
test: it exits 0 whatever the figures. On a machine whose cores are shared, a single task can
be slowed several times by the machine: read the count of long tasks and the steps' medians
with the longest task.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

from load import LONGTASKS, mark_ms, ready_ms  # noqa: E402

BOUND_MS = 200


def watch(page, scenario: str, seed: int, timeout_s: float, game: str = "richard3") -> dict:
    """One game of `game` (Richard III, or a Sun of York battle) of easy against easy, York's
    table shown, watched to its end: its long tasks ([start, ms] from the first table drawn)
    and how many drawings it took."""
    page.click("#new-game")
    page.wait_for_selector("#setup", state="visible")
    page.evaluate("document.getElementById('pace').value = 'fast'")
    chosen = page.evaluate("performance.now()")
    page.select_option("#game", game)
    page.wait_for_selector(f"#scenario option[value='{scenario}']", state="attached")
    page.select_option("#scenario", scenario)
    page.select_option("#player-lancaster", "easy")
    page.select_option("#player-york", "easy")
    page.fill("#seed", str(seed))
    drawings = int(page.evaluate("document.body.dataset.view || '0'"))
    begin = page.evaluate("performance.now()")
    page.click("#start-game")
    page.wait_for_selector("body[data-screen=victory]", state="attached",
                           timeout=timeout_s * 1000)
    end = page.evaluate("performance.now()")
    every = page.evaluate("window.__r3LongTasks")
    tasks = [(t, d) for t, d in every if t >= begin]
    setup = max([d for t, d in every if chosen <= t < begin], default=0.0)
    steps = page.evaluate("""(begin) => performance.getEntriesByType('measure')
        .filter((m) => m.name.startsWith('r3-') && m.startTime >= begin)
        .map((m) => [m.name, m.duration])""", begin)
    return {"tasks": tasks, "begin": begin, "end": end, "steps": steps, "setup": setup,
            "drawings": int(page.evaluate("document.body.dataset.view")) - drawings}


def thirds(game: dict) -> list:
    """The longest task (ms) in each third of the game's time."""
    span = max(1.0, game["end"] - game["begin"])
    out = [0.0, 0.0, 0.0]
    for t, d in game["tasks"]:
        i = min(2, int(3 * (t - game["begin"]) / span))
        out[i] = max(out[i], d)
    return out


def steps_of(games: list) -> dict:
    """{measure: (median, 95th percentile, max) ms} of the page's timed steps (?timing:
    r3-json, the worker's answer parsed; r3-map, r3-panels (the prompt, the choices and the side
    panels) and r3-rest (the log and the rest), the tasks of tableview.render; r3-redraw, a
    selection's; r3-victory and r3-victory-log, the victory screen's)."""
    by = {}
    for game in games:
        for name, ms in game["steps"]:
            by.setdefault(name, []).append(ms)
    return {name: (round(statistics.median(v), 1), round(sorted(v)[int(0.95 * (len(v) - 1))], 1),
                   round(max(v), 1)) for name, v in by.items()}


def top_functions(profile: dict, n: int = 25) -> list:
    """(self ms, function, url:line) of the profile's `n` functions with the most time of
    their own."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    deltas = profile.get("timeDeltas") or []
    own = {}
    for sample, dt in zip(profile.get("samples") or [], deltas):
        frame = nodes[sample]["callFrame"]
        key = (frame["functionName"] or "(anonymous)",
               f"{frame['url'].rsplit('/', 1)[-1]}:{frame['lineNumber']}")
        own[key] = own.get(key, 0.0) + dt / 1000
    return sorted(((ms, f, where) for (f, where), ms in own.items()), reverse=True)[:n]


def main(argv=None) -> int:
    import build
    from playwright.sync_api import sync_playwright
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--game", default="richard3", choices=["richard3", "sunofyork"],
                    help="sunofyork: a Sun of York battle (default heworth_moor) at four sizes")
    ap.add_argument("--scenario", help="1460, 1470 or 1483 (default 1460); for Sun of York a "
                    "battle's id (default heworth_moor)")
    ap.add_argument("--sizes", nargs="+")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=1800, help="seconds a game may take")
    ap.add_argument("--profile", help="write a CPU profile of the first game to this file")
    ap.add_argument("--dist", help="a built site to measure (another build, to compare with); "
                    "default: dist/, built first if any input changed")
    args = ap.parse_args(argv)
    soy = args.game == "sunofyork"
    args.scenario = args.scenario or ("heworth_moor" if soy else "1460")
    args.sizes = args.sizes or (["1280x800", "1024x768", "768x1024", "390x844"] if soy
                                else ["1024x768", "768x1024"])
    if args.dist is None and not build.dist_is_fresh():
        build.build_dist()
    chromium = build.find_chromium()
    server = build.StaticServer(Path(args.dist) if args.dist else build.DIST).start()
    results = {}
    profiled = False
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, headless=True,
                                     args=build.CHROMIUM_ARGS)
        for size in args.sizes:
            width, height = (int(v) for v in size.split("x"))
            touch = size != "1280x800"
            games = []
            for g in range(args.games):
                context = browser.new_context(viewport={"width": width, "height": height},
                                              has_touch=touch, is_mobile=touch and width < 500)
                context.add_init_script(LONGTASKS)
                page = context.new_page()
                page.goto(server.url + "?pace=fast&timing")
                ready_ms(page)
                mark_ms(page, "r3-engine")
                cdp = None
                if args.profile and not profiled:
                    cdp = context.new_cdp_session(page)
                    cdp.send("Profiler.enable")
                    cdp.send("Profiler.setSamplingInterval", {"interval": 200})
                    cdp.send("Profiler.start")
                games.append(watch(page, args.scenario, args.seed + g, args.timeout,
                                   args.game))
                if cdp is not None:
                    profile = cdp.send("Profiler.stop")["profile"]
                    Path(args.profile).write_text(json.dumps(profile))
                    profiled = True
                    print(f"CPU profile of {size}'s first game: {args.profile}; the "
                          f"functions with the most time of their own:")
                    for ms, name, where in top_functions(profile):
                        print(f"  {ms:9.0f} ms  {name}  {where}")
                context.close()
            longest = [max([d for _, d in game["tasks"]], default=0.0) for game in games]
            every = sorted((d for game in games for _, d in game["tasks"]), reverse=True)
            results[size] = {
                "games": len(games),
                "drawings": [game["drawings"] for game in games],
                "longest_task_ms": [round(x) for x in longest],
                "median_longest_ms": round(statistics.median(longest)),
                "max_ms": round(max(longest)),
                "thirds_ms": [round(max(thirds(game)[i] for game in games)) for i in range(3)],
                "tasks_over_bound": sum(d > BOUND_MS for d in every),
                "long_tasks": len(every),
                "top_ms": [round(d) for d in every[:6]],
                "setup_ms": [round(game["setup"]) for game in games],
                "longest_at_ms": [round(max(game["tasks"], key=lambda x: x[1])[0] - game["begin"])
                                  if game["tasks"] else None for game in games],
                "steps": steps_of(games)}
        browser.close()
    server.stop()
    print(f"The main thread's longest tasks while watching {args.scenario} (easy against easy, "
          f"York's table drawn at every decision), {args.games} game(s) a size:")
    for size, r in results.items():
        print(f"  {size:9s} drawings {r['drawings']}: longest task a game {r['longest_task_ms']} "
              f"ms (median {r['median_longest_ms']}, max {r['max_ms']}); by third of the game "
              f"{r['thirds_ms']} ms; {r['tasks_over_bound']} of {r['long_tasks']} long tasks over "
              f"{BOUND_MS} ms, the longest {r['top_ms']}; the longest began "
              f"{r['longest_at_ms']} ms after Start; in New game, from choosing the game to "
              f"Start: longest task {r['setup_ms']} ms")
        print("    steps of a drawing (ms, median / 95th percentile / max): " + "; ".join(
            f"{name[3:]} {m} / {p} / {x}" for name, (m, p, x) in sorted(r["steps"].items())))
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
