"""Helpers for tests: build exact positions on top of a real scenario game; load the scripts
of tools/ as modules."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from richard3 import new_game
from richard3.components import load_components
from richard3.ids import ACTION, CARDS, NA, NB, OFF, POOL
from richard3.sequence import begin

C = load_components()
A = C.area_id      # area name -> id
B = C.block_id     # block id string -> id


def card(ap: int, event: str | None = None) -> int:
    """A card id with this AP (and event, if given)."""
    for i, (a, e) in enumerate(zip(C.card_ap, C.card_event)):
        if e == event and (event is not None or a == ap):
            return i
    raise LookupError((ap, event))


def cards_of(*specs) -> list[int]:
    """Distinct card ids for specs like 3, 4, "surprise"."""
    out = []
    for spec in specs:
        for i, (a, e) in enumerate(zip(C.card_ap, C.card_event)):
            if i in out:
                continue
            if (isinstance(spec, str) and e == spec) or (isinstance(spec, int) and e is None and a == spec):
                out.append(i)
                break
        else:
            raise LookupError(spec)
    return out


def game_at_card_phase(scenario="1460", seed=0, lancaster=(3, 3, 3, 3, 2, 2, 2),
                       york=(3, 3, 3, 4, 4, 4, 4)):
    """A new game with the given hands, waiting for the first card play (1.1)."""
    g = new_game(scenario, seed=seed)
    g.hands = [cards_of(*lancaster), []]
    g.hands[1] = [c for c in cards_of(*(list(lancaster) + list(york))) if c not in g.hands[0]]
    g.pending = []
    g.campaign = g.first_campaign
    begin(g, CARDS)
    g._legal_cache = None
    return g


def game_in_action(side: int, spec=3, scenario="1460", seed=0, other=2, positions=None,
                   clear=False):
    """A game in ``side``'s action phase, having played card ``spec`` (AP int or event key).

    ``positions`` maps block ids to area names or "pool"; ``clear`` first sends every block on
    the map off it (to OFF) so a test position holds only the listed blocks.
    """
    g = new_game(scenario, seed=seed)
    g.pending = []
    begin(g, CARDS)
    if clear:
        for b in range(NB):
            if g.loc[b] < NA:
                g.loc[b] = OFF
                g.strength[b] = 0
    for name, where in (positions or {}).items():
        b = B[name]
        g.loc[b] = POOL if where == "pool" else A[where]
        g.strength[b] = 0 if where == "pool" else C.max_str[b]
    mine, theirs = cards_of(spec, other)
    g.played = [0, 0]
    g.played[side], g.played[1 - side] = mine, theirs
    g.hands = [[], []]
    g.revealed = 1
    g.p1 = side
    begin(g, ACTION, side)
    g._legal_cache = None
    return g


def legal_texts(g, side) -> set[str]:
    return {str(a) for a in g.legal_actions(side)}


def destinations(g, side, block: str) -> set[str]:
    """Final areas of the legal land moves of a block."""
    out = set()
    for a in g.legal_actions(side):
        if a[0] == "move" and a[1] == B[block]:
            out.add(C.area_names[a[-1]])
    return out


def play_random(g, n: int, seed: int = 0) -> None:
    """Apply up to ``n`` uniformly random legal actions to ``g`` (fewer if it ends), the
    choices drawn from ``random.Random(seed)``."""
    import random
    r = random.Random(seed)
    for _ in range(n):
        if g.is_over:
            break
        s = g.active_sides()[0]
        g.apply(s, r.choice(g.legal_actions(s)))


def random_game(scenario: str = "1470", seed: int = 5, steps: int = 300, rseed: int = 1):
    """A new game of ``scenario`` and ``seed`` after ``play_random(g, steps, rseed)``."""
    g = new_game(scenario, seed=seed)
    play_random(g, steps, rseed)
    return g


def activation_values(g, side, area: str, value, moves_filter):
    """The one-ply value ``value`` gives ``g`` for ``side`` and that of activating ``area`` in
    ``normal.rank_actions``, without and with ``moves_filter``: (base, free, kept)."""
    import random

    from richard3.ai.normal import rank_actions
    legal = g.legal_actions(side)
    k = [str(a) for a in legal].index(f"activate {area}")

    def values(**kw) -> dict:
        return {i: v for v, i in rank_actions(g, side, legal, random.Random(1), value, 0.5, **kw)}
    free, kept = values(), values(moves_filter=moves_filter)
    return value(g, side), free[k], kept[k]


TOOLS = Path(__file__).resolve().parent.parent / "tools"


def load_tool(name: str, module_name: str | None = None):
    """The script ``tools/<name>.py`` loaded as a module (the tools are scripts, not a
    package), under ``module_name`` (default: ``name``); raises FileNotFoundError if there
    is no such tool."""
    spec = importlib.util.spec_from_file_location(module_name or name, TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def suite_position(case_id: str):
    """The position suite's case ``case_id`` (tests/data/positions.json) replayed: (game, the
    side to decide). StopIteration for an unknown id."""
    cases = json.loads((Path(__file__).parent / "data" / "positions.json").read_text())
    case = next(c for c in cases if c["id"] == case_id)
    g = new_game(case["scenario"], seed=case["seed"])
    for side, text in case["actions"]:
        g.apply(side, text)
    return g, case["side"]
