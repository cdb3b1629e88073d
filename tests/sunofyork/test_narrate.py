"""narrate.py: every event the rules log reads as one English sentence for either side, and
every legal action describes, over random games of every scenario and a campaign."""

import random
import re
from pathlib import Path

import pytest

from sunofyork import SCENARIO_IDS, new_game
from sunofyork.field import position
from sunofyork.game import PRIVATE, visible
from sunofyork.narrate import SENTENCES, SPECTATOR, describe_action, describe_actions, sentence

SRC = Path(__file__).resolve().parents[2] / "src" / "sunofyork"
RAW = re.compile(r"\(\s*'|\[\s*'|\(\d+, \d+|<|\bNone\b|\?")


def _check_text(text, what):
    assert isinstance(text, str) and text.strip(), what
    assert not RAW.search(text), f"{what}: {text!r}"
    assert text[0].isupper() or text[0].isdigit(), f"{what}: {text!r}"


def _play(sid, seed, steps, options=0, describe=True):
    """A random game: uniform over the legal actions of the first active side."""
    g = new_game(sid, seed, options=options)
    r = random.Random(seed)
    verbs = set()
    for _ in range(steps):
        if g.is_over:
            break
        s = g.active_sides()[0]
        acts = g.legal_actions(s)
        if describe:
            for a, text in zip(acts, describe_actions(g, s)):
                _check_text(text, f"{sid} {a!r}")
                verbs.add(a[0])
        g.apply(s, r.choice(acts))
    return g, verbs


def _check_log(g):
    kinds = set()
    for e in g.log:
        kinds.add(e[0])
        for side in (0, 1):
            _check_text(sentence(g, e, side), f"{e!r} for {side}")
        # for neither side (a replay face up): every side in the third person
        neutral = sentence(g, e, SPECTATOR)
        _check_text(neutral, f"{e!r} for a spectator")
        assert not re.search(r"\b(you|your)\b", neutral, re.I), neutral
    for side in (0, 1):
        lines = g.log_for(side)
        assert len(lines) == sum(1 for e in g.log if visible(e, side))
    return kinds


@pytest.fixture(scope="module")
def played():
    """Random games of every scenario (the three deployment options in turn) and a campaign:
    the event kinds logged and the action verbs described."""
    kinds, verbs = set(), set()
    for i, sid in enumerate(SCENARIO_IDS):
        for seed in (i, 100 + i):
            g, v = _play(sid, seed, 300, options=(i + seed) % 3)
            kinds |= _check_log(g)
            verbs |= v
    g, v = _play("campaign", 7, 2500, describe=False)
    kinds |= _check_log(g)
    g2, v2 = _play("campaign", 11, 400)
    kinds |= _check_log(g2)
    return kinds, verbs | v2


def test_every_event_of_random_games_reads_for_both_sides(played):
    kinds, _ = played
    # the common kinds, the setup's, the options' and the campaign's all came up
    for k in ("attack", "hit", "morale", "retreat", "move", "enter", "orders", "captured",
              "victory", "revealed", "deployed", "swapped", "ready", "campaign_victory",
              "noble_roll", "henry_roll", "cut", "terrain"):
        assert k in kinds, k


def test_every_legal_action_describes(played):
    _, verbs = played
    for v in ("deploy", "keep", "swap", "ready", "first", "second", "attack", "roll", "end",
              "orders", "enter", "move", "leader", "flank", "roll_flanks", "discard", "draw",
              "commit", "strike", "terrain", "no_terrain", "next"):
        assert v in verbs, v


def _emitted_kinds() -> set:
    """Every event kind written in the engine's source (ev.append / events.append / ev = [ /
    log.append), and the commit step's (a[0], side, lid)."""
    found = set()
    pat = re.compile(r"(?:\bev\.append|\bevents\.append|\.log\.append|\bev = \[)"
                     r"\s*\(?\(\s*\"(\w+)\"")
    for f in SRC.glob("*.py"):
        if f.name == "narrate.py":
            continue
        found |= set(pat.findall(f.read_text()))
    found |= {"commit", "withdraw"}
    return found


def test_every_event_kind_the_engine_emits_has_a_sentence():
    kinds = _emitted_kinds()
    assert len(kinds) > 50
    missing = kinds - set(SENTENCES)
    assert not missing, f"no sentence for {sorted(missing)}"


def test_unknown_event_kinds_and_verbs_raise_keyerror():
    g = new_game("towton", 1)
    with pytest.raises(KeyError):
        sentence(g, ("no_such_event", 0), 0)
    with pytest.raises(KeyError):
        describe_action(g, 0, ("no_such_verb",))


def _unit(g, side, kind="unit"):
    return next(c.id for c in g.decks[side] if c.kind == kind)


def test_rule_6_2_2_attack_sentence_shows_the_dice_and_the_target_in_each_sides_words():
    g = new_game("towton", 1)
    cid = next(c.id for c in g.decks[1] if c.type == "Longbowmen")
    label = g.decks[1][cid - 1].label()
    target = position(0, "centre rear")
    e = ("attack", 1, cid, target, 3, (2, 5, 6), 1)
    york = sentence(g, e, 1)
    lanc = sentence(g, e, 0)
    assert york == f"Your {label} attacks the enemy's centre rear: rolled 2, 5, 6 " \
                   f"(needs 3 or less): 1 hit (6.2.2)."
    assert lanc == f"York's {label} attacks your centre rear: rolled 2, 5, 6 " \
                   f"(needs 3 or less): 1 hit (6.2.2)."


def test_rule_6_2_3_move_and_orders_sentences():
    g = new_game("towton", 1)
    march = next(c for c in g.decks[1] if c.key == "march")
    assert sentence(g, ("orders", 1, march.id, march.orders), 1) == \
        f"You spend {march.name} as {march.orders} orders (6.2.3 A)."
    assert sentence(g, ("orders", 1, march.id, march.orders), 0) == \
        f"York spends {march.name} as {march.orders} orders (6.2.3 A)."
    u = _unit(g, 0)
    lab = g.decks[0][u - 1].label()
    e = ("move", 0, u, position(0, "left rear"), position(0, "left middle"))
    assert sentence(g, e, 0) == f"You move {lab} from your left rear to the left middle ground " \
                                f"(6.2.3)."
    assert sentence(g, e, 1) == f"Lancaster moves {lab} from the enemy's right rear to the " \
                                f"right middle ground (6.2.3)."


def test_describe_actions_name_costs_and_positions():
    g, _ = _play("towton", 3, 0, describe=False)
    # play on to a Movement step and check the move descriptions carry their cost
    r = random.Random(3)
    seen = set()
    for _ in range(3000):
        if g.is_over:
            break
        s = g.active_sides()[0]
        acts = g.legal_actions(s)
        for a in acts:
            text = describe_action(g, s, a)
            if a[0] in ("move", "enter"):
                assert re.search(r"\((free[^)]*|\d+ orders?)\) \(6\.2\.3\)$", text), text
                seen.add(a[0])
            if a[0] == "orders":
                card = g.decks[s][a[1] - 1]
                assert text.startswith(f"Spend {card.name} as {card.orders} order"), text
                seen.add("orders")
            if a[0] == "roll":
                assert text == "Roll the declared attacks (6.2.2)"
        g.apply(s, r.choice(acts))
        if len(seen) == 3:
            break
    assert seen == {"move", "enter", "orders"}


def test_private_events_name_no_card_to_the_other_side():
    """4.0: what a side swapped, kept and deployed face-down, and what it drew, is its own."""
    g = new_game("towton", 1)
    cid = _unit(g, 1)
    label = g.decks[1][cid - 1].label()
    for e in (("swapped", 1), ("deployed", 1), ("drew_card", 1, cid)):
        assert e[0] in PRIVATE
        assert not visible(e, 0)
        assert label not in sentence(g, e, 0)
    assert label in sentence(g, ("drew_card", 1, cid), 1)
