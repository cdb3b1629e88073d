"""The table by keyboard (issue 27, item 8) and a selection that ends with its decision (item 7).

Keyboard: the map has one tab stop (a roving tab stop): a block that may act, or after Enter on
it, a lit area; the arrow keys go from one to the next, Escape lets the block go, Enter on a lit
area makes the move. The test makes moves by keys alone, at most 4 keys from a focused block
to the move made, and checks the focus stays on the map's stop from one move to the next.
"""

from __future__ import annotations

import pytest

from e2e.test_game_ui import click_action, offered, serious_violations, start_game, \
    wait_for_decision

pytestmark = pytest.mark.e2e

FOCUSED = """() => { const a = document.activeElement;
  return a ? {block: a.dataset.block || null, area: a.dataset.area || null,
              where: a.dataset.where || null, lit: a.hasAttribute('data-target')} : null; }"""


def to_action_phase(page):
    """Play York's side through the list until York may act in an action phase."""
    for _ in range(60):
        if page.evaluate("document.body.dataset.phase") == "action" \
                and page.locator("#map [data-block].can-act").count():
            return
        actions = offered(page)
        pick = next((a for a in actions if a.startswith("play ")), None) or \
            next((a for a in actions if a in ("keep", "end")), actions[0])
        click_action(page, pick)
    pytest.fail("no action phase for York")


def press(page, key):
    previous = page.evaluate("document.body.dataset.view || null")
    page.keyboard.press(key)
    return previous


def test_moves_by_keyboard_alone(page, site_url):
    start_game(page, site_url, "easy", "human", seed=31)
    wait_for_decision(page)
    to_action_phase(page)
    page.focus("#prompt")
    page.keyboard.press("Shift+Tab")  # from the prompt back to the map's one stop
    tabs = 1
    while not page.evaluate(FOCUSED)["block"] and tabs < 12:
        page.keyboard.press("Shift+Tab")
        tabs += 1
    first = page.evaluate(FOCUSED)
    assert first["block"], "no block of the map in the tab order"
    print(f"\nkeyboard: {tabs} Shift+Tab from the prompt to the first block that may act")
    moves = 0
    for _ in range(3):
        focused = page.evaluate(FOCUSED)
        if not focused or not focused["block"] or page.evaluate(
                "document.body.dataset.phase") != "action":
            break
        keys = 0
        previous = press(page, "Enter")  # select the block
        keys += 1
        wait_for_decision(page, previous)
        lit = page.evaluate(FOCUSED)
        assert lit["area"] and lit["lit"], lit  # the focus went to a lit area
        n = page.locator("#map [data-target]").count()
        if n > 1:  # the arrows go round the lit areas
            page.keyboard.press("ArrowRight")
            keys += 1
            nxt = page.evaluate(FOCUSED)
            assert nxt["lit"] and nxt["area"] != lit["area"]
            lit = nxt
        ap = page.inner_text("#ap-box")
        previous = press(page, "Enter")  # the move
        keys += 1
        wait_for_decision(page, previous)
        assert keys <= 4
        moves += 1
        if page.evaluate("document.body.dataset.phase") == "action":
            assert page.inner_text("#ap-box") != ap or page.locator(
                f'#map [data-block="{focused["block"]}"][data-where="{lit["area"]}"]').count()
            after = page.evaluate(FOCUSED)
            assert after and (after["block"] or after["area"]), "the focus left the map"
    assert moves >= 1
    assert serious_violations(page) == []
    assert page.console_errors == []


def test_escape_lets_the_block_go(page, site_url):
    start_game(page, site_url, "easy", "human", seed=32)
    wait_for_decision(page)
    to_action_phase(page)
    block = page.locator("#map [data-block].can-act").first
    name = block.get_attribute("data-block")
    block.focus()
    previous = press(page, "Enter")
    wait_for_decision(page, previous)
    assert page.locator("#map [data-target]").count()
    assert page.locator("#map [data-block].selected").count() == 1
    previous = press(page, "Escape")
    wait_for_decision(page, previous)
    assert page.locator("#map [data-target]").count() == 0
    assert page.locator("#map [data-block].selected").count() == 0
    assert page.evaluate(FOCUSED)["block"] == name  # back on the block let go
    # Only one element of the map is in the tab order.
    assert page.locator("#map [tabindex='0']").count() == 1


def test_a_selection_ends_with_its_decision(page, site_url):
    """Item 7: a block tapped outside its decision (here in the card phase, where no block
    acts) is not selected, and the prompt stays the card phase's."""
    start_game(page, site_url, "easy", "human", seed=33)
    wait_for_decision(page)
    for _ in range(10):
        if page.locator("#hand [data-choose]").count():
            break
        click_action(page, next(a for a in offered(page) if a in ("keep", "redeal"))
                     if any(a in ("keep", "redeal") for a in offered(page)) else offered(page)[0])
    assert page.locator("#hand [data-choose]").count(), "no card phase"
    prompt = page.inner_text("#prompt")
    block = page.locator("#map [data-block]").first
    previous = page.evaluate("document.body.dataset.view || null")
    block.dispatch_event("click")
    wait_for_decision(page, previous)
    assert page.locator("#map [data-block].selected").count() == 0
    assert page.inner_text("#prompt") == prompt
    assert "choose below" not in page.inner_text("#prompt")
    # In the action phase: a block selected, then the phase ended by its button: the next
    # decision's prompt names no block and nothing stays selected.
    to_action_phase(page)
    mover = page.locator("#map [data-block].can-act").first
    label = mover.get_attribute("aria-label").split(" (")[0]
    previous = page.evaluate("document.body.dataset.view || null")
    mover.dispatch_event("click")
    wait_for_decision(page, previous)
    assert page.locator("#map [data-block].selected").count() == 1
    previous = page.evaluate("document.body.dataset.view || null")
    page.locator('#choices [data-action="end"]').click()
    wait_for_decision(page, previous)
    if page.evaluate("document.body.dataset.screen") == "table":
        assert not page.inner_text("#prompt").startswith(f"{label}: choose below")
