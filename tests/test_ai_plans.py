"""The search's attack plans (``richard3.ai.plans``, issue 57): one activation's moves into one
area the enemy holds or contests, searched as one candidate."""

from __future__ import annotations

import json
import random
from pathlib import Path

from richard3 import new_game
from richard3.ai.plans import attack_plans
from richard3.ai.search import _moves_kept
from richard3.components import HEIR
from richard3.ids import ACTION, C

DATA = Path(__file__).parent / "data"


def _record_position(name: str, n: int):
    rec = json.loads((DATA / name).read_text())
    g = new_game(rec["scenario"], seed=int(rec["seed"]))
    for side, text in rec["actions"][:n]:
        g.apply(side, text)
    return g, rec["actions"][n][0]


def test_plans_send_a_stack_into_kent_and_close_its_other_road():
    """1483 against expert, action 43 (York, Player 2): the Lancastrian stack in Kent has two
    land exits, London and Sussex. A plan activates London and sends its blocks into Kent,
    the direct border first and, once it is full (5.21), by Sussex: the defender's retreat
    by Sussex closed (6.6). One plan leaves the heir (Gloucester) behind."""
    g, side = _record_position("1483-york-vs-expert-2.json", 43)
    kent, sussex = C.area_id["Kent"], C.area_id["Sussex"]
    plans = attack_plans(g, side, g.legal_actions(side), _moves_kept)
    into_kent = [p for p in plans if str(p[0]) == "activate Middlesex" and p[-1][-1] == kent]
    assert into_kent
    for plan in into_kent:
        assert len(plan) >= 3 and all(m[0] == "move" and m[-1] == kent for m in plan[1:])
        assert any(m[-2] == sussex for m in plan[1:])         # the road by Sussex
    assert any(all(C.btype[m[1]] != HEIR for m in p[1:]) for p in into_kent)


def test_every_plan_plays_legally_from_random_positions():
    """From positions of random games: each plan's first action is legal, each later one is
    legal after those before it, every move goes into one area where the enemy has blocks, and
    all its moves are by blocks of one area."""
    rnd = random.Random(57)
    checked = 0
    for scenario, seed in (("1460", 3), ("1470", 4), ("1483", 5)):
        g = new_game(scenario, seed=seed)
        for _ in range(400):
            if g.is_over:
                break
            s = g.active_sides()[0]
            legal = g.legal_actions(s)
            if g.phase == ACTION and g.acting == s:
                enemy = g.presence()[1 - s]
                for plan in attack_plans(g, s, legal):
                    assert plan[0] in legal
                    moves = [a for a in plan if a[0] == "move"]
                    assert moves and len({m[-1] for m in moves}) == 1
                    assert enemy[moves[0][-1]] and len({m[2] for m in moves}) == 1
                    h = g.copy()
                    for a in plan:
                        assert a in h.legal_actions(s), (scenario, str(a))
                        h.play(s, a)
                    checked += 1
            g.apply(s, rnd.choice(legal))
    assert checked >= 20


def test_no_plan_outside_the_own_action_phase():
    g = new_game("1460", seed=1)
    s = g.active_sides()[0]
    assert g.phase != ACTION
    assert attack_plans(g, s, g.legal_actions(s)) == []
