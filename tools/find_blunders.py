#!/usr/bin/env python3
"""Find positions for the position suite (issue 57, tests/test_ai_positions.py) in recorded
tournament games: decisions of one agent that fall in a mistake class a rule can recognise.

    .venv/bin/python tools/find_blunders.py docs/results/1483-hard-vs-hard-v1-s20-seen.jsonl \
        --agent hard --games 40

Classes found (each a decision of ``--agent``'s side):

- ``supply-losses`` (7.1, 7.2: the owner chooses which blocks lose the steps): a ``reduce``
  that eliminates a block that counts for usurpation (a noble or the church at 1 step, 8.2)
  or costs an heir a step, when a block that does not count (a levy, a mercenary, a bombard)
  could take the loss;
- ``supply`` (7.1): the move that put a block into an area that then lost steps to supply in
  the same game turn (the area over its limit at the end of the turn);
- ``lone-blocks``: a move that made a lone block the attacker of an area where the enemy
  stands with three blocks or more when the battles begin;
- ``capital``: the move that took the side's last block out of London (Middlesex), which the
  enemy then held at the end of the game turn.

Prints one JSON line per position: the scenario and game seed, the record's index of the
decision and the actions before it as text (``actions``), the side, the choice played and
the choices of the same class (``bad``), the class and a note; the suite's data
(tests/data/positions.json) is written from these by hand, after asking the levels.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from richard3 import new_game
from richard3.components import HEIR
from richard3.ids import BATTLE, NA, C
from richard3.politics import COUNTED_TYPES

MIDDLESEX = C.area_id["Middlesex"]


def counted(b: int) -> bool:
    return C.btype[b] in COUNTED_TYPES


def area_count(g, side: int, a: int) -> int:
    return sum(1 for b in range(len(g.loc)) if g.loc[b] == a and g.owner(b) == side)


def scan(rec: dict, side_of_agent: int):
    """Yield the positions of one record (see the module docstring)."""
    g = new_game(rec["scenario"], seed=rec["seed"])
    history = []
    last_move = {}              # area -> index of the agent's last move into it this turn
    left_london = None          # index of the move that emptied London, this turn
    turn = None
    in_battles = False
    me = side_of_agent
    for m in rec["moves"]:
        s = g.active_sides()[0]
        legal = g.legal_actions(s)
        act = legal[m]
        if (g.campaign, g.turn) != turn:
            turn, last_move, left_london, in_battles = (g.campaign, g.turn), {}, None, False
        if g.phase == BATTLE and not in_battles:
            in_battles = True
            for a in range(NA):
                if g.attacker[a] == me and area_count(g, me, a) == 1 \
                        and area_count(g, 1 - me, a) >= 3 and a in last_move:
                    k = last_move[a]
                    yield k, "lone-blocks", [history[k][1]], \
                        f"a lone block attacks {C.area_names[a]}, held by 3 or more"
        if s == me and act[0] == "reduce":
            bad = [str(x) for x in legal if counted(x[1])
                   and (g.strength[x[1]] == 1 or C.btype[x[1]] == HEIR)]
            spare = [x for x in legal if not counted(x[1])]
            if str(act) in bad and spare:
                yield len(history), "supply-losses", bad, \
                    "a counted block or an heir loses the step while a levy or mercenary could"
            a = g.loc[act[1]]
            if a in last_move:          # once per area and turn
                k = last_move.pop(a)
                yield k, "supply", [history[k][1]], \
                    f"{C.area_names[a]} over its supply limit at the end of the turn"
        if s == me and act[0] in ("move", "sea"):
            last_move[act[-1]] = len(history)     # the path's last area (5.2, 5.3)
            if g.loc[act[1]] == MIDDLESEX and area_count(g, me, MIDDLESEX) == 1:
                left_london = len(history)
        history.append([s, str(act)])
        g.apply(s, act)
        if (left_london is not None and area_count(g, 1 - me, MIDDLESEX) > 0
                and area_count(g, me, MIDDLESEX) == 0 and g.phase == BATTLE):
            yield left_london, "capital", [history[left_london][1]], \
                "the last block out of London, which the enemy then took"
            left_london = None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results", nargs="+", type=Path)
    ap.add_argument("--agent", default="hard")
    ap.add_argument("--games", type=int, default=20, help="games read per file")
    args = ap.parse_args(argv)
    for path in args.results:
        recs = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
        for rec in [r for r in recs if r.get("moves")][:args.games]:
            names = {rec["a"]: rec["a_side"], rec["b"]: "York" if rec["a_side"] == "Lancaster"
                     else "Lancaster"}
            if args.agent not in names:
                continue
            me = 0 if names[args.agent] == "Lancaster" else 1
            # the actions before each decision, rebuilt as the scan goes
            g = new_game(rec["scenario"], seed=rec["seed"])
            texts = []
            try:
                for m in rec["moves"]:
                    s = g.active_sides()[0]
                    act = g.legal_actions(s)[m]
                    texts.append([s, str(act)])
                    g.apply(s, act)
            except (IndexError, ValueError):
                print(f"{path.name}: game {rec['game']} does not replay on this engine",
                      file=sys.stderr)
                continue
            for index, cls, bad, note in scan(rec, me):
                print(json.dumps({"file": path.name, "game": rec["game"],
                                  "scenario": rec["scenario"], "seed": rec["seed"],
                                  "index": index, "side": texts[index][0],
                                  "played": texts[index][1], "bad": bad, "class": cls,
                                  "note": note, "actions": texts[:index]}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
