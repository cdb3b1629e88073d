#!/usr/bin/env python3
"""Screenshots of Sun of York's table (issue 54), for docs/screens/ (looked at and described in
docs/ui.md).

    python3 tools/soy_screens.py [--out docs/screens] [--seed N] [--widths 1280 390]

Builds nothing: run `python3 build.py` first. Positions where York (human, against the easy AI)
must decide in each step of a Blore Heath turn are found by playing a seeded game in CPython
with the page's own host (web/soy_host.py), put in localStorage as the autosave and opened with
Continue; in deployment and in movement a card is then tapped so that the positions it may reach
are lit. Each is taken at 1280x800, 1024x768, 768x1024 and 390x844 as
`soy-<step>-<width>.png`; besides, `soy-deck-refused-<width>.png` (New game after Start with a
broken deck file) and `soy-large-<width>.png` (in movement, the position with the most cards
opened large); then the campaign screen between battles (`soy-campaign-<width>.png`:
a campaign's first battle played to its end the same way) and the replay of the finished battle
from both sides, a third of the way in (`soy-replay-<width>.png`). `--only campaign replay`
takes only those (`--only steps`: the steps with the deck refused and the position opened
large).
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
import soy_host  # noqa: E402

SIZES = [(1280, 800, False), (1024, 768, True), (768, 1024, True), (390, 844, True)]
STEPS = ("deployment", "initiative", "leader commitment", "combat", "damage", "movement",
         "discard", "over")


def positions(seed: int, scenario: str = "blore_heath") -> dict:
    """{step: save text} with York to decide in that step ("over": the battle's end)."""
    found = {}
    for attempt in range(30):
        host = soy_host.SoyHost()
        host.new_game(scenario, seed + attempt, {"Lancaster": "easy", "York": "human"})
        rng = random.Random(seed + attempt)
        g = host.game
        for _ in range(3000):
            if g.is_over:
                found.setdefault("over", host.save())
                break
            st = host._status()
            if st["ai_pending"]:
                host.ai_step()
                continue
            phase = g.observation(1)["phase"]
            if phase not in found and len(g.legal_actions(1)) > 1:
                found[phase] = host.save()
            g.apply(1, rng.choice(g.legal_actions(1)))
        if all(s in found for s in STEPS):
            break
    return found


def campaign_position(seed: int) -> str:
    """A campaign's save between its first two battles, York (human) to go on (9.3)."""
    host = soy_host.SoyHost()
    host.new_game("campaign", seed, {"Lancaster": "easy", "York": "human"})
    rng = random.Random(seed)
    g = host.game
    while g.observation(1)["phase"] != "between battles" or host._status()["ai_pending"]:
        if host._status()["ai_pending"]:
            host.ai_step()
        else:
            g.apply(1, rng.choice(g.legal_actions(1)))
    return host.save()


def wait_for_table(page):
    page.wait_for_function(
        """() => ['table', 'victory'].includes(document.body.dataset.screen)
                 && document.body.dataset.thinking !== 'yes'
                 && document.body.dataset.game === 'sunofyork'""", timeout=120_000)


def refused_deck(page, path):
    """The New game dialog after Start with a broken York deck file: the loader's words."""
    york = (ROOT / "src" / "sunofyork" / "data" / "york.toml").read_text("utf-8")
    broken = york.replace("cohesion = 1", "cohesion = 9", 1)
    page.set_input_files("#deck-york", files=[{"name": "my-york.toml", "mimeType": "text/plain",
                                               "buffer": broken.encode()}])
    page.wait_for_selector("#deck-york-clear", state="visible")
    page.click("#start-game")
    page.wait_for_selector("#message[data-kind=error]:not([hidden])")
    page.screenshot(path=str(path))
    page.click("#deck-york-clear")


def open_large(page, path):
    """The position with the most cards opened large (a tap on its name), then closed."""
    p = page.evaluate("""() => { let best = null, most = 0;
        document.querySelectorAll('#soy-field [data-position]').forEach((pos) => {
          const n = pos.querySelectorAll('.soy-card').length;
          if (n > most) { most = n; best = pos.dataset.position; } });
        return best; }""")
    if p is None:
        return
    page.click(f"#soy-field [data-position='{p}'] .pos-name")
    page.wait_for_function("document.getElementById('soy-large').open")
    page.screenshot(path=str(path))
    page.keyboard.press("Escape")


def replay_screen(page, path):
    """From the victory screen: the replay, a third of the way in, both sides face up."""
    page.click("#victory-replay")
    page.wait_for_function("document.body.dataset.mode === 'replay' && "
                           "document.body.dataset.replayStep")
    step = int(page.evaluate("document.body.dataset.replayStep")) // 3
    page.evaluate("""s => { const r = document.getElementById('replay-slider');
                            r.value = String(s); r.dispatchEvent(new Event('input')); }""", step)
    page.wait_for_function(f"document.body.dataset.replayStep === '{step}'")
    page.screenshot(path=str(path))
    page.click("#replay-close")
    page.wait_for_function("!document.body.dataset.mode")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screens"))
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--widths", type=int, nargs="+")
    parser.add_argument("--only", nargs="+", choices=("steps", "campaign", "replay"))
    opts = parser.parse_args(argv)
    out = Path(opts.out)
    out.mkdir(parents=True, exist_ok=True)
    saves = positions(opts.seed)
    if opts.only:
        saves = {k: v for k, v in saves.items() if "steps" in opts.only or
                 (k == "over" and "replay" in opts.only)}
    if not opts.only or "campaign" in opts.only:
        saves["campaign"] = campaign_position(opts.seed + 1)
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
                context = browser.new_context(viewport={"width": width, "height": height},
                                              has_touch=touch, is_mobile=width < 500)
                page = context.new_page()
                page.goto(server.url + "?pace=fast")
                page.wait_for_selector("body[data-engine=ready]", state="attached",
                                       timeout=120_000)
                page.click("#new-game")
                page.wait_for_selector("#setup", state="visible")
                page.select_option("#game", "sunofyork")
                page.select_option("#scenario", "blore_heath")
                steps = not opts.only or "steps" in opts.only
                if steps:
                    page.screenshot(path=str(out / f"soy-setup-{width}.png"))
                    refused_deck(page, out / f"soy-deck-refused-{width}.png")
                for step in (*STEPS, "campaign"):
                    if step not in saves:
                        continue
                    page.evaluate("(s) => localStorage.setItem('richard3.autosave', s)",
                                  saves[step])
                    page.goto(server.url + "?pace=fast")
                    page.wait_for_selector("body[data-state=ready] #continue:not([hidden])")
                    page.click("#continue")
                    wait_for_table(page)
                    name = step.replace(" ", "-")
                    if step != "over" or steps:
                        page.screenshot(path=str(out / f"soy-{name}-{width}.png"))
                    if step == "movement":
                        open_large(page, out / f"soy-large-{width}.png")
                    if step == "over" and (not opts.only or "replay" in opts.only):
                        replay_screen(page, out / f"soy-replay-{width}.png")
                    if step in ("deployment", "movement", "combat"):
                        card = page.locator("#soy-field button[data-card], #hand button[data-card]")
                        for i in range(card.count()):
                            card.nth(i).dispatch_event("click")
                            page.wait_for_timeout(150)
                            if page.locator("#soy-field [data-target]").count():
                                break
                        page.screenshot(path=str(out / f"soy-{name}-selected-{width}.png"))
                context.close()
            browser.close()
    finally:
        server.stop()
    print(f"screens in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
