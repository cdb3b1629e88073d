"""Fog-of-War figures (issue 19): how much of what a side may not know it can infer.

    .venv/bin/python bench/fog.py [--games N]

Prints, over seeded games of easy agents on the three scenarios:

1. order: positions whose first ``enemy_counts`` key is the area of the enemy's KING or
   PRETENDER, and twins (two hidden enemy blocks of one kind swapped) whose observation JSON
   text differs;
2. seed: games whose enemy hand is rebuilt from a seed found in the side's observation;
3. mulligan: correct inferences "the enemy was asked to decide the mulligan step, so his hand
   totals AP13 or less" (and "not asked, so more");
4. pretender: announcements of a new PRETENDER that tell the enemy his area;
5. eliminations: normal-agent decisions that change between twins differing only in which
   block was eliminated unseen (the face-down block and one that could have been it trade
   places);
6. honesty: the verdict of tests/honesty.py's check on each cheating agent per scenario.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from richard3 import new_game  # noqa: E402
from richard3.ai import get_agent  # noqa: E402
from richard3.cards import hand_ap  # noqa: E402
from richard3.components import HEIR, load_components  # noqa: E402
from richard3.ids import MERC_DOWN, MULLIGAN, NA, POOL_DOWN  # noqa: E402
from richard3.eliminations import eliminate
from richard3.events import SUPPLY_71

C = load_components()
SCENARIOS = ("1460", "1470", "1483")


def games(n: int, steps: int = 700):
    """Yield (scenario, seed, game, step) along ``n`` seeded easy-vs-easy games per scenario:
    before each action (the game is advanced after each yield), and once more when the game
    ends."""
    for sc in SCENARIOS:
        for seed in range(n):
            g = new_game(sc, seed=seed)
            players = [get_agent("easy", 2 * seed), get_agent("easy", 2 * seed + 1)]
            for step in range(steps):
                yield sc, seed, g, step
                if g.is_over:
                    break
                side = g.active_sides()[0]
                g.apply(side, players[side].choose(g, side))


def order(n: int) -> str:
    first_king = positions = twins = differ = 0
    for _, _, g, step in games(n):
        if step % 5 or g.is_over:
            continue
        for s in (0, 1):
            e = 1 - s
            obs = g.observation(s)
            crowned = g.crowned[e]
            if obs["enemy_counts"] and crowned >= 0 and g.loc[crowned] < NA:
                positions += 1
                first_king += next(iter(obs["enemy_counts"])) == C.area_names[g.loc[crowned]]
            hidden = [b for b in range(len(g.loc)) if g.owner(b) == e and g.loc[b] < NA
                      and not g.shown[b]]
            pair = next(((x, y) for x in hidden for y in hidden if g.loc[x] < g.loc[y]
                         and (C.btype[x] == HEIR) == (C.btype[y] == HEIR)), None)
            if pair:
                t = g.copy()
                x, y = pair
                t.loc[x], t.loc[y] = g.loc[y], g.loc[x]
                twins += 1
                differ += json.dumps(obs) != json.dumps(t.observation(s))
    return (f"1 order: first enemy_counts key is the enemy KING's/PRETENDER's area in "
            f"{first_king} of {positions} positions; twin observation text differs in "
            f"{differ} of {twins} twins")


def seed(n: int) -> str:
    rebuilt = total = 0
    for sc in SCENARIOS:
        for i in range(n):
            g = new_game(sc, seed=i)
            for s in (0, 1):
                total += 1
                m = re.search(r"seed (\d+)", json.dumps(g.observation(s)))
                if m and new_game(sc, seed=int(m.group(1))).hands[1 - s] == g.hands[1 - s]:
                    rebuilt += 1
    return f"2 seed: enemy hand rebuilt from the observation in {rebuilt} of {total} games"


def mulligan(n: int) -> str:
    right = total = 0
    for sc in SCENARIOS:
        for i in range(n * 10):
            g = new_game(sc, seed=i)
            qualifies = [hand_ap(g.hands[s]) <= 13 for s in (0, 1)]
            asked = set()
            while g.phase == MULLIGAN:          # every side keeps: the hands stay as dealt
                s = g.active_sides()[0]
                asked.add(s)
                g.apply(s, "keep")
            for e in (0, 1):
                total += 1
                right += (e in asked) == qualifies[e]
    return (f"3 mulligan: 'asked, so AP13 or less; not asked, so more' correct for "
            f"{right} of {total} hands")


def pretender(n: int) -> str:
    told = total = 0
    for sc, seed, g, _ in games(n, steps=10 ** 4):
        if not g.is_over:
            continue
        for vis, text in g._log_list():
            m = re.match(r".* is now the (\w+) PRETENDER", text)
            if m and vis != ("Lancaster", "York").index(m.group(1)):     # the enemy sees it
                total += 1
                told += "PRETENDER, in " in text
    return f"4 pretender: new PRETENDER's area told to the enemy in {told} of {total} crownings"


def _lose_unseen(g, b: int):
    """A copy of ``g`` in which block ``b`` is eliminated unseen (as to supply, 7.1)."""
    from richard3.whereabouts import update
    t = g.copy()
    loc, shown = t.loc[:], t.shown[:]
    eliminate(t, b, SUPPLY_71)
    update(t, loc, shown)
    t._legal_cache = None
    return t


def eliminations(n: int, every: int = 7) -> str:
    """Item 5: at every ``every``-th card or action decision of seeded games, an enemy block
    hidden in an area with others that would go to the same place if eliminated (and that
    moved in the same way this turn) is lost unseen (as to supply). Counts how often the AI's
    determinization keeps that block face-down, against the chance that it is any one of
    them, and how often easy and normal decisions change between twins in which another of
    them is the one lost."""
    import random
    from richard3.ai.determinize import determinize
    from richard3.ids import ACTION, CARDS
    rnd = random.Random(1)
    kept = samples = changed = checked = 0
    chance = 0.0
    for sc, i, g, step in games(n):
        if step % every or g.is_over or g.phase not in (CARDS, ACTION):
            continue
        side = g.active_sides()[0]
        e = 1 - side
        hidden = [b for b in range(len(g.loc)) if g.loc[b] < NA and not g.shown[b]
                  and g.owner(b) == e]
        lost = {b: _lose_unseen(g, b) for b in hidden}
        face_down = [b for b in hidden if lost[b].loc[b] in (POOL_DOWN, MERC_DOWN)]
        def place(b):       # what both sides saw of the block's place this turn, and its fate
            return g.loc[b], g.moved[b], g.entry[b], g.reserve[b], lost[b].loc[b]
        groups = [[b for b in face_down if place(b) == place(x)] for x in face_down]
        group = max(groups, key=len, default=[])
        if len(group) < 2:
            continue
        x = group[0]
        gx = lost[x]
        if gx.is_over or len(gx.legal_actions(side)) < 2:
            continue
        samples += 1
        chance += 1 / len(group)
        kept += determinize(gx, side, rnd).loc[x] == gx.loc[x]
        for y in group[1:]:
            gy = lost[y]
            if json.dumps(gx.observation(side)) != json.dumps(gy.observation(side)):
                continue
            for level in ("easy", "normal"):
                checked += 1
                changed += (get_agent(level, step).choose(gx, side)
                            != get_agent(level, step).choose(gy, side))
    return (f"5 eliminations: the AI's sample keeps the block eliminated unseen face-down in "
            f"{kept} of {samples} samples (chance {chance:.0f}); easy and normal decisions "
            f"changed in {changed} of {checked} twins that differ only in which block was "
            f"eliminated unseen")


def honesty() -> str:
    from honesty import CHEATS, first_dishonest
    rows = []
    for name, make in CHEATS.items():
        for sc in SCENARIOS:
            checked, diff = first_dishonest(make, sc, 60)
            rows.append(f"{name} {sc}: " + (f"caught after {checked} decisions" if diff
                                            else f"missed ({checked} decisions)"))
    return "6 honesty: " + "; ".join(rows)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=8, help="games per scenario (default 8)")
    p.add_argument("--only", default="", help="comma-separated figures (order,seed,...)")
    args = p.parse_args()
    figures = {"order": order, "seed": seed, "mulligan": mulligan, "pretender": pretender,
               "eliminations": eliminations, "honesty": lambda n: honesty()}
    for name, f in figures.items():
        if not args.only or name in args.only.split(","):
            print(f(args.games), flush=True)


if __name__ == "__main__":
    main()
