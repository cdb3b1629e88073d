"""The usurpation estimate (computed by the worker, web/game_host.py, from one side's
observation), the table's usurpation panel and rule links (web/table.py), without a browser."""

import json
import random
import re
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"
sys.path.insert(0, str(WEB))

import facts  # noqa: E402
import game_host  # noqa: E402
import table  # noqa: E402

# What build.py writes into mpy.json for the page's table (the main thread has no engine).
facts.set_data(game_host.page_data())

from richard3 import new_game
from richard3.describe import last_usurpation
from richard3.politics import usurpation_counts


def random_positions(seed, steps=400, every=7):
    """Games of random play, sampled every few decisions (political turns included)."""
    rng = random.Random(seed)
    g = new_game("1460", seed=seed)
    for i in range(steps):
        if g.winner >= 0:
            return
        side = g.active_sides()[0]
        if i % every == 0:
            yield g
        g.apply(side, rng.choice(g.legal_actions(side)))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_estimate_is_exact_for_oneself_and_bounds_the_enemy(seed):
    seen = 0
    for g in random_positions(seed):
        truth = usurpation_counts(g)
        for s in (0, 1):
            est = game_host.usurpation_estimate(g.observation(s))
            assert est["own"] == truth[s]
            assert est["enemy_known"] <= truth[1 - s] <= est["enemy_at_most"]
            seen += 1
    assert seen > 20


def test_the_worker_estimates_as_the_page_did():
    """Positions of seeded games of every scenario (London held by either side or shared,
    revealed blocks, the 1470 prisoner) with what the page's own estimate showed for them
    before the worker took it over (table.usurpation_estimate at commit b08b7ed)."""
    positions = json.loads((Path(__file__).parent / "data" / "usurpation_shown.json").read_text())
    assert len(positions) >= 10
    for p in positions:
        assert game_host.usurpation_estimate(p["obs"]) == p["shown"], (p["scenario"], p["seed"],
                                                                       p["decision"])


def test_the_view_carries_the_estimate_and_the_panel_draws_it():
    host = game_host.GameHost()
    host.new_game("1470", 4, {"Lancaster": "human", "York": "human"})
    view = json.loads(host.view("York"))
    est = view["usurpation"]
    assert est == dict(game_host.usurpation_estimate(view["obs"]), last=None)
    html = table.usurpation_panel(view)
    assert f'<td data-usurp="own">{est["own"]}</td>' in html
    assert (f'data-known="{est["enemy_known"]}" data-at-most="{est["enemy_at_most"]}"' in html)


def test_the_panel_shows_the_engines_last_count():
    """8.2: after a political turn the view carries the engine's last count and its result,
    read from the log's events, and the panel says them."""
    game = new_game("1460", seed=2)
    rng = random.Random(2)
    while last_usurpation(game.events_for(0)) is None:
        s = game.active_sides()[0]
        game.apply(s, rng.choice(game.legal_actions(s)))
    c = [e for e in game.events_for(0) if e["kind"] == "usurpation"][-1]
    obs = game.observation(0)
    est = dict(game_host.usurpation_estimate(obs), last=last_usurpation(game.events_for(0)))
    html = table.usurpation_panel({"obs": obs, "usurpation": est})
    text = re.sub(r"<[^>]+>", "", html)
    assert f"Usurpation count (8.2): Lancaster {c['lancaster']}, York {c['york']}." in text
    king = est["last"]["king"]
    assert f"{king} usurps the throne (8.2)." in text or f"{king} keeps the throne (8.2)." in text
    assert 'data-usurp="own"' in html and 'href="rules.html#r8-2"' in html


def test_every_rule_section_has_an_anchor_in_rules_html():
    page = (WEB / "rules.html").read_text()
    ids = set(re.findall(r'<section id="(r[\d-]+)"', page))
    assert ids == {"r" + n.replace(".", "-") for n in table.RULE_SECTIONS}


def test_rule_numbers_become_links_to_existing_sections():
    html = table.link_rules("Fight (6.0); see 6.83-6.86, 5.21 and 7.2, 8.5; version 1.2.3 <b>")
    anchors = re.findall(r'href="rules.html#([\w-]+)"', html)
    assert anchors == ["r6-0", "r6-83", "r6-86", "r5-21", "r7-2", "r8-5"]
    assert "&lt;b&gt;" in html and "1.2.3" in html
    assert table.rule_anchor("6.87") == "r6-8" and table.rule_anchor("5.2") == "r5-2"
