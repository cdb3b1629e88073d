#!/usr/bin/env python3
"""Screenshots of every phase of the table, for docs/screens/ (looked at and described in
docs/ui.md).

    python3 tools/screens.py [--out docs/screens] [--seed N]

Builds nothing: run `python3 build.py` first (it serves the dist/ there is). For each phase a
position where York (played by a human, against the easy AI) must decide is found by playing
seeded random games in CPython with the page's own game host (web/game_host.py), saved, put in
the page's localStorage as the autosave, and opened with "Continue"; the start, new-game and
hand-over screens are reached by clicking. Each is taken at 1280x800, 1024x768 (touch), 768x1024
(touch, a tablet held upright), 800x1280 (touch, an Android tablet upright), 390x844 (touch, a
phone) and 844x390 (touch, a phone held sideways), as `<phase>-<width>.png`; `--widths 844 390`
takes only those sizes. Played on in the page: `since-<width>.png` (the first card played from
the card phase's position: what the other side did, at the top of the panel) and
`battle-end-<width>.png` (the battle played on, Fire whenever York may, to its summary).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

import build  # noqa: E402
import game_host  # noqa: E402

SIZES = [(1280, 800, False), (1024, 768, True), (768, 1024, True), (800, 1280, True),
         (390, 844, True), (844, 390, True)]
PHASES = ("mulligan", "cards", "action", "battle", "supply", "political", "over")


def positions(seed: int) -> dict:
    """{phase: save text} with York (human) to decide in that phase ("over": a finished game),
    from seeded games of 1460 (the longest: every phase comes up) against the easy AI."""
    found = {}
    for attempt in range(40):
        rng = random.Random(seed + attempt)
        host = game_host.GameHost()
        host.new_game("1460", seed + attempt, {"Lancaster": "easy", "York": "human"})
        for _ in range(5000):
            st = json.loads(host.status())
            if st["over"]:
                found.setdefault("over", host.save())
                break
            if st["ai_pending"]:
                host.ai_step()
                continue
            view = json.loads(host.view("York"))
            phase = view["obs"]["phase"]
            if phase not in found and (phase != "action" or view.get("via_activation")):
                found[phase] = host.save()
            # Prefer moves over ending early, so that battles and supply come up.
            choices = view["choices"]
            moves = [c for c in choices if c["kind"] in ("move", "activate")]
            pick = rng.choice(moves) if moves and rng.random() < 0.7 else rng.choice(choices)
            host.act("York", pick["notation"])
        if all(p in found for p in PHASES):
            break
    return found


def wait_for_table(page, screen=("table", "victory")):
    page.wait_for_function(
        """(screens) => screens.includes(document.body.dataset.screen)
                        && document.body.dataset.thinking !== 'yes'""",
        arg=list(screen), timeout=120_000)
    settle(page)


def settle(page):
    """Wait until the map has stopped moving (it slides to the decision in 250 ms, blocks glide
    in 500 ms): what a player looks at."""
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.wait_for_function("""() => { const svg = document.querySelector('#map svg');
        return !svg || svg.getAnimations({subtree: true}).length === 0; }""", timeout=10_000)


def replay_screens(page, out: Path, width: int) -> None:
    """From the victory screen: the replay at the end, both sides face up
    (`replay-<width>.png`), its controls and balance chart alone (`replay-chart-<width>.png`),
    and the third game turn's end from Lancaster's side
    (`replay-lancaster-<width>.png`)."""
    page.click("#victory-replay")
    page.wait_for_selector("body[data-mode=replay][data-replay-step]", state="attached")
    settle(page)
    page.screenshot(path=str(out / f"replay-{width}.png"))
    # The chart and the turning points: the sheet pulled up (upright screens), the panel
    # scrolled to them.
    page.evaluate("document.getElementById('table-layout').dataset.sheet = 'full'")
    page.wait_for_timeout(600)   # the sheet slides up
    page.evaluate("document.getElementById('replay-slider').scrollIntoView({block: 'start'})")
    settle(page)
    page.screenshot(path=str(out / f"replay-chart-{width}.png"))
    page.evaluate("""() => { document.getElementById('table-layout').dataset.sheet = 'half';
        document.getElementById('panel').scrollTop = 0; }""")
    point = page.locator("#balance [data-turn='2']")
    step = point.get_attribute("data-step")
    point.dispatch_event("click")
    page.wait_for_function(f"document.body.dataset.replayStep === '{step}'")
    page.click("[data-viewpoint-choice=Lancaster]")
    page.wait_for_function("document.body.dataset.viewpoint === 'Lancaster' && "
                           f"document.body.dataset.replayStep === '{step}'")
    page.evaluate("document.getElementById('panel').scrollTop = 0")
    settle(page)
    page.screenshot(path=str(out / f"replay-lancaster-{width}.png"))
    page.click("#replay-close")
    page.wait_for_selector("#victory:not([hidden])")


IN_VIEW = """() => { const h = document.querySelector('#since .since-panel h3');
  return h && h.getBoundingClientRect().height > 0 ? true : null; }"""


def play_on(page, until, limit=40) -> bool:
    """York's decisions made in the page (a card chosen and played; Fire whenever it may;
    else End; else the first choice) until `until()`; False if it never came."""
    for _ in range(limit):
        if until():
            settle(page)
            return True
        if page.evaluate("document.body.dataset.screen") != "table":
            return False
        previous = page.evaluate("document.body.dataset.view || null")
        acts = page.eval_on_selector_all("#actions [data-action]",
                                         "els => els.map(e => e.dataset.action)")
        if not acts:
            return False
        fire = [a for a in acts if a.split(" ")[0] == "fire"]
        choice = fire[0] if fire else ("end" if "end" in acts else acts[0])
        page.evaluate("n => document.querySelector(`#actions [data-action=\"${n}\"]`).click()",
                      choice)
        page.wait_for_function(
            """prev => (document.body.dataset.view || null) !== prev
                       && document.body.dataset.thinking !== 'yes'""", arg=previous,
            timeout=120_000)
    return bool(until())


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screens"))
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--widths", type=int, nargs="+", help="only these sizes, by width")
    opts = parser.parse_args(argv)
    out = Path(opts.out)
    out.mkdir(parents=True, exist_ok=True)
    saves = positions(opts.seed)
    print("positions:", ", ".join(sorted(saves)), flush=True)
    from playwright.sync_api import sync_playwright
    server = build.StaticServer(build.DIST).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=build.find_chromium(), headless=True,
                                        args=build.CHROMIUM_ARGS)
            for width, height, touch in SIZES:
                if opts.widths and width not in opts.widths:
                    continue
                phone = touch and min(width, height) < 500
                context = browser.new_context(viewport={"width": width, "height": height},
                                              has_touch=touch, is_mobile=phone)
                page = context.new_page()
                page.goto(server.url + "?pace=fast")
                page.wait_for_selector("body[data-engine=ready]", state="attached",
                                       timeout=120_000)
                page.screenshot(path=str(out / f"start-{width}.png"))
                page.click("#new-game")
                page.wait_for_selector("#setup", state="visible")
                page.screenshot(path=str(out / f"setup-{width}.png"))
                for phase in PHASES:
                    if phase not in saves:
                        continue
                    page.evaluate("(s) => localStorage.setItem('richard3.autosave', s)",
                                  saves[phase])
                    page.goto(server.url + "?pace=fast")
                    page.wait_for_selector("body[data-state=ready] #continue:not([hidden])")
                    page.click("#continue")
                    wait_for_table(page)
                    page.screenshot(path=str(out / f"{phase}-{width}.png"))
                    if phase == "over":
                        replay_screens(page, out, width)
                    if phase == "cards":
                        play_on(page, lambda: page.evaluate(IN_VIEW) is not None)
                        page.screenshot(path=str(out / f"since-{width}.png"))
                    if phase == "battle":
                        play_on(page, lambda: page.locator("#battle .bb-rounds li").count()
                                >= 3 or page.locator("#battle-summary").count())
                        page.screenshot(path=str(out / f"battle-rolls-{width}.png"))
                        if play_on(page, lambda: page.locator("#battle-summary").count()):
                            settle(page)  # the page scrolls its panel to the summary
                            page.screenshot(path=str(out / f"battle-end-{width}.png"))
                    if phase == "action":
                        block = page.locator("#map [data-block].can-act").first
                        if block.count():
                            block.dispatch_event("click")
                            page.wait_for_selector("#map [data-target]", state="attached")
                            settle(page)
                            page.screenshot(path=str(out / f"action-selected-{width}.png"))
                context.close()
            browser.close()
    finally:
        server.stop()
    print(f"screens in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
