"""Sun of York's campaign screen and replay in the page (issue 54, items 4 and 7).

- A campaign started from the New game dialog; its first battle (St Albans) played by York's
  taps only (at 1280x800 by mouse, by touch at 1024x768, 768x1024 and 390x844) against the easy
  AI (e2e/test_soy_table.py's random tapping player, every tapped element at least 44 px where
  tapped) until the campaign screen between battles comes up (body[data-phase="between-battles"], #soy-campaign): the victories stand 1-0 or 0-1, the
  battle is listed with its winner, the nobles' rolls and King Henry VI are said; its Next
  battle button ([data-action="next"], at least 44 px) lays out Blore Heath's deployment; no
  dice (#soy-dice) are drawn above the campaign screen.
- A finished battle (Heworth Moor, the easy AI on both sides, watched) replayed from the
  victory screen: stepped forward and back, seen from both sides face up and from Lancaster's
  side (York's face-down cards as backs); at its end the last roll's dice say the sides by name
  and a position opens large (#soy-large) and closes.
"""

from __future__ import annotations

import random

import pytest

from e2e.test_soy_table import FINGER, SIZES, SoyPlayer, start

pytestmark = pytest.mark.e2e


def phase(page):
    return page.evaluate("document.body.dataset.phase")


@pytest.mark.parametrize("width,height,touch", SIZES, ids=[f"{w}x{h}" for w, h, _ in SIZES])
def test_a_campaign_s_first_battle_ends_on_the_campaign_screen_and_goes_on(
        new_page, site_url, width, height, touch):
    page = new_page(viewport={"width": width, "height": height}, has_touch=touch,
                    is_mobile=touch and width < 500)
    player = SoyPlayer(page, random.Random(7), touch=touch)
    # the New game dialog: the game, the campaign, York human against the easy AI
    start(page, site_url, "campaign", 7, york="human", lancaster="easy")
    assert "St. Albans" in page.inner_text("#soy-status")
    assert "Campaign: Lancaster 0, York 0" in page.inner_text("#soy-status")
    for _ in range(700):
        if phase(page) == "between-battles":
            break
        assert page.evaluate("document.body.dataset.screen") == "table"
        player.step()
    assert phase(page) == "between-battles", f"the battle did not end: {player.taps} taps"
    player.check_page()
    screen = page.locator("#soy-field #soy-campaign")
    assert screen.is_visible()
    wins = [int(page.inner_text(f'[data-wins="{s}"]')) for s in ("Lancaster", "York")]
    assert sorted(wins) == [0, 1], wins
    winner = ("Lancaster", "York")[wins.index(1)]
    text = screen.inner_text()
    assert f"The First Battle of St. Albans (1455-05-22): {winner} won" in text
    assert "The nobles after the battle (9.3.1)" in text and "rolled" in text
    assert "King Henry VI (9.3.2)" in text and "Kings and royal cards (9.3.3)" in text
    # one Next battle button, in the campaign screen only; the field is not drawn meanwhile
    assert page.locator("[data-action='next']:visible").count() == 1
    assert page.locator("#soy-field [data-position]").count() == 0
    # no dice above it (the nobles' rolls are in it) and no position open large
    assert page.evaluate("document.getElementById('soy-dice').innerHTML") == ""
    assert not page.evaluate("document.getElementById('soy-large').open")
    button = page.locator("#soy-campaign [data-action='next']")
    assert button.inner_text() == "Next battle: The Battle of Blore Heath (1459-09-23)"
    player.tap("#soy-campaign [data-action='next']")
    page.wait_for_function("document.body.dataset.phase === 'deployment'", timeout=60_000)
    assert "Blore Heath" in page.inner_text("#soy-status")
    assert f"Campaign: Lancaster {wins[0]}, York {wins[1]}" in page.inner_text("#soy-status")
    assert page.locator("#soy-field [data-position]").count() == 13
    assert player.smallest[0] >= FINGER - 0.5
    print(f"\ncampaign {width}x{height}: {player.taps} taps to the campaign screen ({winner} won); smallest "
          f"tapped {player.smallest[0]:.1f} px")
    player.check_page()


def replay_step(page):
    return int(page.evaluate("document.body.dataset.replayStep"))


def press(page, control, step):
    page.click(f'[data-replay="{control}"]')
    page.wait_for_function(f"document.body.dataset.replayStep === '{step}'")


def test_a_finished_battle_replays_from_either_side_and_both(new_page, site_url):
    page = new_page(viewport={"width": 1280, "height": 800})
    start(page, site_url, "heworth_moor", 3, york="easy", lancaster="easy")
    page.wait_for_function("document.body.dataset.screen === 'victory'", timeout=300_000)
    replay = page.locator("#victory-replay")
    assert replay.is_visible()
    page.click("#victory-replay")
    page.wait_for_function("document.body.dataset.mode === 'replay' && "
                           "document.body.dataset.replayStep")
    end = replay_step(page)
    assert end > 100
    assert "Heworth Moor (1453-08-24)" in page.inner_text("#replay-title")
    assert page.evaluate("document.body.dataset.viewpoint") == "both"
    press(page, "start", 0)
    assert "Deployment" in page.inner_text("#replay-where")
    # a few actions in: the cards dealt and deployed, nobody's face-down card hidden (both)
    for step in range(1, 6):
        press(page, "next", step)
    assert page.locator("#soy-field .soy-card.back").count() == 0
    both_hands = page.locator("#hand .soy-hand").count()
    assert both_hands == 2
    # Lancaster's side (York deployed first): York's face-down cards are backs, one hand
    page.click('[data-viewpoint-choice="Lancaster"]')
    page.wait_for_function("document.body.dataset.viewpoint === 'Lancaster' && "
                           "document.body.dataset.side === 'Lancaster'")
    page.wait_for_function("document.querySelectorAll('#hand .soy-hand').length === 1")
    assert "Lancaster’s" in page.inner_text("#hand")
    backs = page.locator("#soy-field .soy-card.back").count()
    assert backs > 0
    press(page, "prev", 4)
    page.click('[data-replay="next-turn"]')
    page.wait_for_function("Number(document.body.dataset.replayStep) > 5")
    assert "end of deployment" in page.inner_text("#replay-where")   # turn 1 starts there
    press(page, "next", replay_step(page) + 1)
    assert "Turn 1" in page.inner_text("#replay-where")
    press(page, "end", end)
    assert page.evaluate("document.body.dataset.phase") == "over"
    # the last roll's dice, the sides by name; a position with cards opens large and closes
    dice = page.inner_text("#soy-dice")
    assert "Last roll" in dice and "Your" not in dice and "Enemy" not in dice
    where = page.evaluate("""() => { const p = [...document.querySelectorAll(
        '#soy-field [data-position]')].find((x) => x.querySelector('.soy-card'));
        return p ? p.dataset.position : null; }""")
    assert where is not None
    page.click(f"#soy-field [data-position='{where}'] .pos-name")
    page.wait_for_function("document.getElementById('soy-large').open")
    assert "’s cards" in page.inner_text("#soy-large")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.getElementById('soy-large').open")
    page.click("#replay-close")
    page.wait_for_function("document.body.dataset.screen === 'victory' && "
                           "!document.body.dataset.mode")
    assert not page.console_errors
