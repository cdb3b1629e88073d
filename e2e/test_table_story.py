"""What happened, told at the table (issue 55, points 4 and 5): the battle board keeps every roll
of the battle round by round, both sides, and a battle ends on a summary the player dismisses,
which names the dead (an heir's death said as such); what the other side did since the player's
last decision is at the top of the panel, in view, at every screen size; Menu reaches Saves.

The battle comes from a save made here with the worker's own host (web/game_host.py): York
(human) attacks in a seeded 1460 game until its first battle, then the page plays it on from
the imported save (Fire whenever it may)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from e2e.conftest import wait_for_start_screen
from e2e.test_game_ui import offered, start_game, wait_for_decision

pytestmark = pytest.mark.e2e

WEB = Path(__file__).resolve().parent.parent / "web"
SIZES = [(1280, 800, False), (1024, 768, True), (768, 1024, True), (800, 1280, True),
         (390, 844, True)]


def battle_save(seed: int = 19) -> str:
    """A save of a 1460 game (York human, Lancaster easy) at York's first decision in a battle:
    York attacks whenever it may, else moves at random, else ends its action phase."""
    sys.path.insert(0, str(WEB))
    import game_host as gh
    rng = random.Random(5)
    host = gh.GameHost()
    host.new_game("1460", seed, {"Lancaster": "easy", "York": "human"})
    for _ in range(800):
        assert not host.game.is_over
        if 1 not in host.game.active_sides():
            host.ai_step("York")
            continue
        view = host._view("York")
        acts = view["actions"]
        if view["obs"]["phase"] == "battle" and any(a.split(" ")[0] in ("fire", "pass")
                                                    for a in acts):
            return host.save()
        choice = None
        if view["obs"]["phase"] == "action":
            attacks = [c for c in view["choices"] if c.get("attack")]
            moves = [c for c in view["choices"] if c["kind"] in ("move", "sea", "recruit")]
            if attacks:
                choice = attacks[0]["notation"]
            elif moves and rng.random() < 0.8:
                choice = rng.choice(moves)["notation"]
        if choice is None:
            fire = [a for a in acts if a.split(" ")[0] == "fire"]
            choice = fire[0] if fire else ("end" if "end" in acts else acts[0])
        host.act("York", choice)
    raise AssertionError("no battle")


ROLLS = """() => [...document.querySelectorAll('#battle .bb-rounds .bb-round')].map(r => [
    Number(r.dataset.round),
    [...r.querySelectorAll('.bb-rollline')].map(x => [x.dataset.side, x.textContent])])"""


def test_the_battle_board_keeps_every_roll_and_the_battle_ends_on_a_summary(new_page, site_url,
                                                                          tmp_path):
    save = tmp_path / "battle.json"
    save.write_text(battle_save())
    page = new_page()
    page.goto(f"{site_url}?pace=fast")
    wait_for_start_screen(page)
    page.set_input_files("#import-file", str(save))
    wait_for_decision(page)
    area = page.locator("#battle-board h3").inner_text().replace("Battle in ", "")
    kept = []   # the board's rolls at each decision of the battle
    for _ in range(60):
        if page.locator("#battle-summary").count():
            break
        if page.locator("#battle-board").count() and area in page.inner_text("#battle-board"):
            kept.append(page.evaluate(ROLLS))
        acts = offered(page)
        fire = [a for a in acts if a.split(" ")[0] == "fire"]
        choice = fire[0] if fire else ("end" if "end" in acts else acts[0])
        previous = page.evaluate("document.body.dataset.view || null")
        page.evaluate("n => document.querySelector(`#actions [data-action=\"${n}\"]`).click()",
                      choice)
        wait_for_decision(page, previous)
    else:
        raise AssertionError("the battle did not end")
    # The board kept every roll: each drawing's rolls begin with the previous drawing's, the
    # rounds in order, and by the end both sides' rolls are there.
    for before, after in zip(kept, kept[1:]):
        flat_before = [(n, x) for n, rolls in before for x in rolls]
        flat_after = [(n, x) for n, rolls in after for x in rolls]
        assert flat_after[:len(flat_before)] == flat_before
    last = kept[-1]
    assert [n for n, _ in last] == sorted(n for n, _ in last)
    # The summary: who won, each side's losses, the dead named, every roll behind a tap.
    summary = page.inner_text("#battle-summary")
    assert f"Battle in {area}" in summary
    assert "won" in summary or "no victor" in summary
    assert summary.count(" lost ") >= 2
    rolls = page.evaluate("""() => [...document.querySelectorAll(
        '#battle-summary .bb-rollline')].map(x => [x.dataset.side, x.textContent])""")
    assert {side for side, _ in rolls} == {"York", "Lancaster"}, rolls
    dead = [t.split(" eliminated")[0].split(". ")[-1].split("; ")[-1]
            for _, t in rolls if " eliminated" in t]
    assert dead, rolls
    for name in dead:
        assert name in summary.split("Every roll")[0], (name, summary)
    if "(heir" in summary:
        assert "is dead" in summary
    print(f"\nbattle in {area}: {len(rolls)} rolls in {len(last)} rounds seen on the board; "
          f"summary: {summary.splitlines()[:6]}")
    # Dismissed: it goes, and the table goes on.
    page.click("#battle-summary [data-dismiss-battle]")
    assert page.locator("#battle-summary").count() == 0
    assert page.console_errors == []


IN_VIEW = """() => {
  const el = document.querySelector('#since .since-panel h3');
  if (!el) return null;
  const r = el.getBoundingClientRect();
  const panel = document.getElementById('panel').getBoundingClientRect();
  const top = Math.max(0, panel.top), bottom = Math.min(innerHeight, panel.bottom);
  return r.height > 0 && r.top >= top - 1 && r.bottom <= bottom + 1;
}"""


@pytest.mark.parametrize("width,height,touch", SIZES,
                         ids=[f"{w}x{h}" for w, h, _ in SIZES])
def test_since_your_last_move_is_in_view_after_the_ais_turn_and_menu_reaches_saves(
        new_page, site_url, width, height, touch):
    page = new_page(viewport={"width": width, "height": height}, has_touch=touch,
                    is_mobile=touch and width < 900)
    start_game(page, site_url, "easy", "human", 7, scenario="1460")
    wait_for_decision(page)
    seen = None
    for _ in range(40):
        shown = page.evaluate(IN_VIEW)
        # after the AI's whole action phase (its moves, then its end)
        if shown is not None and "Lancaster ended its action phase" in page.inner_text("#since"):
            seen = shown
            break
        acts = offered(page)
        choice = "end" if "end" in acts else acts[0]
        previous = page.evaluate("document.body.dataset.view || null")
        page.evaluate("n => document.querySelector(`#actions [data-action=\"${n}\"]`).click()",
                      choice)
        wait_for_decision(page, previous)
    assert seen is True, (width, height)
    # The arrows of its moves stay on the map (fading) until the player acts.
    lines = page.locator("#since .since-panel li").count()
    assert lines >= 1
    if " moved " in page.inner_text("#since"):
        assert page.locator("#map .arrow").count() >= 1
    # Menu, then Saves: back at the table with the saves open.
    page.click("#menu")
    page.click("#menu-saves")
    page.wait_for_selector("#play:not([hidden]) #more[open] #saves")
    assert page.locator("#slot-name").is_visible()
    assert page.console_errors == []
