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
- ``regroup`` (6.7): the regroup of the victor's last block out of the battle's area, where
  the enemy then recruits (5.4: a friendly or vacant area) in the same campaign;
- ``treachery-exposure`` (6.9): the move that sent a block into a battle where the enemy turned
  it by a Treachery roll or Treason;
- ``events``: Force March, Surprise or Treason played before the campaign's last turn, with
  a card in hand that is none of them, on a turn the side then started no battle (and made no
  Treason roll);
- ``heirs-homes`` (8.4): an heir sent home to an area where the enemy killed him in the
  next campaign's first three turns;
- ``heir-risk``: an heir of the side's killed in a battle the enemy began: the side's first
  decision of its last action phase before the attack (this turn's when the side was
  Player 1, the last turn's when the enemy was, since an attacked block is pinned; none on
  a campaign's first turn, after the political turn's homes); ``bad`` is the choice
  played only (which choices would have covered him is for the judge, not the finder);
- ``p2-reinforcement`` (6.3): as Player 2, the side's first decision of its action phase at
  which it could send Reserves into a battle the enemy had started against it (a move into
  the area, or the activation or muster that allows one) enough to match the attacker's
  steps (the blocks of one such choice), when it then sent none and lost the area in that
  battle; ``bad`` is every choice there that sends none and allows none, and the note ends
  with the strongest single choice's line (``reserve_line``), to play against the choice
  made: ``tools/play_lines.py --sampled``.

A record played under other rules (its ``code``) is scanned as far as it replays. Prints one
JSON line per position: the scenario and game seed, the record's index of the
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
from richard3.ai.hopeless import GROUP_EVENTS
from richard3.components import HEIR
from richard3.ids import ACTION, BATTLE, DEAD, NA, OFF, C
from richard3.politics import COUNTED_TYPES
from richard3.sequence import TURNS

MIDDLESEX = C.area_id["Middlesex"]
#: Events whose use is an attack or a Treachery roll (the rules' EVENT CARDS, 5.1): the
#: search's own set (``hopeless.GROUP_EVENTS``, which ``_events_at_par`` judges).
ATTACK_EVENTS = GROUP_EVENTS
IDLE_EVENT = "an attack event played on a turn with no battle of the side's"
#: What a ``p2-reinforcement`` note says before its line of Reserves (tools/play_lines.py
#: reads the line after it).
RESERVES = "; the strongest Reserves: "


def game_seed(rec: dict) -> int:
    """The game's seed: a tournament record's ``seed``, a ratings record's ``game_seed``
    (its ``seed`` is the run's)."""
    return rec.get("game_seed", rec["seed"])


def counted(b: int) -> bool:
    return C.btype[b] in COUNTED_TYPES


def area_count(g, side: int, a: int) -> int:
    return sum(1 for b in range(len(g.loc)) if g.loc[b] == a and g.owner(b) == side)


def steps(g, side: int, a: int) -> int:
    return sum(g.strength[b] for b in range(len(g.loc)) if g.loc[b] == a and g.owner(b) == side)


def reserves(g, side: int, legal, a: int) -> dict:
    """The choices among ``legal`` that send a block into area ``a`` (6.3: as Player 2, a
    Reserve) or allow one next (an activation or a muster): {choice: blocks it may send}.
    ``g`` is the position, ``side`` the side to decide; actions as ``legal_actions`` gives
    them."""
    out = {}
    for x in legal:
        if x[0] in ("move", "sea") and x[-1] == a:
            out.setdefault(x, set()).add(x[1])
        elif x[0] in ("activate", "muster"):
            h = g.copy()
            h.apply(side, x)
            sent = {y[1] for y in h.legal_actions(side) if y[0] in ("move", "sea") and y[-1] == a}
            if sent:
                out[x] = sent
    return out


def reserve_line(g, side: int, good: dict, a: int) -> list[str]:
    """The strongest single choice of ``good`` (``reserves``) and the moves that then send its
    blocks into ``a``, the strongest first, each by its shortest road: the line
    ``tools/play_lines.py`` plays against the choice made."""
    choice, sent = max(good.items(), key=lambda kv: sum(g.strength[b] for b in kv[1]))
    if choice[0] in ("move", "sea"):
        return [str(choice)]
    h = g.copy()
    h.apply(side, choice)
    line = [str(choice)]
    for b in sorted(sent, key=lambda b: -g.strength[b]):
        roads = [y for y in h.legal_actions(side) if y[0] in ("move", "sea") and y[1] == b
                 and y[-1] == a]
        if roads:
            road = min(roads, key=len)
            h.apply(side, road)
            line.append(str(road))
    return line


def scan(rec: dict, side_of_agent: int):
    """Yield the positions of one record (see the module docstring)."""
    g = new_game(rec["scenario"], seed=game_seed(rec))
    history = []
    last_move = {}              # area -> index of the agent's last move into it this turn
    left_london = None          # index of the move that emptied London, this turn
    turn = None
    in_battles = False
    me = side_of_agent
    entered = {}                # (area, block) -> index of the agent's move of it there
    vacated = {}                # area -> (index, campaign) of the regroup that emptied it
    event_played = None         # index of this turn's play of an attack event
    sent_home = {}              # heir -> (index, area, campaign) of his 8.4 home
    could_reinforce = {}        # area -> (index, bad, steps that could come, line) as P2
    first_action = None         # index of the agent's first decision of its action phase
    last_turns_first = None     # the same, of the last game turn
    unreinforced = {}           # area -> (index, bad, note, line): fought without them
    for n, m in enumerate(rec["moves"]):
        s = g.active_sides()[0]
        legal = g.legal_actions(s)
        if m >= len(legal):
            # a record of other rules (its "code"): the positions found up to here stand
            print(f"{rec['scenario']} game {rec.get('game')}: the record stops replaying at "
                  f"decision {n} (played on code {rec.get('code')}); scanned up to there",
                  file=sys.stderr)
            return
        act = legal[m]
        if (g.campaign, g.turn) != turn:
            if event_played is not None and not in_battles:     # no battle phase at all
                yield event_played, "events", [history[event_played][1]], IDLE_EVENT
            turn, last_move, left_london, in_battles = (g.campaign, g.turn), {}, None, False
            last_turns_first = first_action
            event_played, entered, could_reinforce, first_action = None, {}, {}, None
        if g.phase == BATTLE and not in_battles:
            in_battles = True
            if event_played is not None and not any(g.attacker[a] == me for a in range(NA)):
                if C.card_event[g.played[me]] != "treason":     # its roll may still come
                    yield event_played, "events", [history[event_played][1]], IDLE_EVENT
                event_played = None
            for a in range(NA):
                if g.attacker[a] == me and area_count(g, me, a) == 1 \
                        and area_count(g, 1 - me, a) >= 3 and a in last_move:
                    k = last_move[a]
                    yield k, "lone-blocks", [history[k][1]], \
                        f"a lone block attacks {C.area_names[a]}, held by 3 or more"
            for a, (k, bad, spare, line) in could_reinforce.items():
                if not any(area == a for area, _b in entered):
                    unreinforced[a] = (k, bad, (
                        f"{C.area_names[a]}: {steps(g, me, a)} steps against "
                        f"{steps(g, 1 - me, a)}, and {spare} more could come in as Reserves"),
                        line)
        if s == me and g.phase == ACTION and g.acting == me and first_action is None:
            first_action = len(history)
        if s == me and g.phase == ACTION and g.acting == me and g.p1 != me:
            for a in range(NA):
                if g.attacker[a] == 1 - me and area_count(g, me, a) and a not in could_reinforce:
                    good = reserves(g, me, legal, a)
                    # the steps one choice (one activation) could bring, against the odds
                    spare = max((sum(g.strength[b] for b in sent) for sent in good.values()),
                                default=0)
                    if good and steps(g, me, a) + spare >= steps(g, 1 - me, a):
                        could_reinforce[a] = (len(history),
                                              [str(x) for x in legal if x not in good], spare,
                                              ";".join(reserve_line(g, me, good, a)))
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
            entered[act[-1], act[1]] = len(history)
            if g.loc[act[1]] == MIDDLESEX and area_count(g, me, MIDDLESEX) == 1:
                left_london = len(history)
        if s == me and act[0] == "play" and C.card_event[act[1]] in ATTACK_EVENTS \
                and g.turn < TURNS and any(C.card_event[c] not in ATTACK_EVENTS
                                       for c in g.hands[me]):
            event_played = len(history)
        if s == me and act[0] == "treason":
            event_played = None             # the event used
        if s == me and act[0] == "home" and C.btype[act[1]] == HEIR:
            sent_home[act[1]] = (len(history), act[2], g.campaign)
        if s != me and act[0] == "recruit" and act[2] in vacated:
            k, campaign = vacated.pop(act[2])
            if campaign == g.campaign:
                yield k, "regroup", [history[k][1]], (
                    f"the last block regrouped out of {C.area_names[act[2]]}, where the "
                    f"enemy then recruited {C.block_names[act[1]]}")
        sent_into = g.loc[act[1]] if s != me and act[0] in ("treachery", "treason") else None
        # the side's last action phase before the enemy's attack (an attacked block is pinned)
        exposed_at = first_action if g.p1 == me else last_turns_first if g.turn > 1 else None
        heirs_at = {b: g.loc[b] for b in range(len(g.loc))
                    if C.btype[b] == HEIR and g.owner(b) == me and g.loc[b] < NA} \
            if g.phase == BATTLE and exposed_at is not None else {}
        history.append([s, str(act)])
        g.apply(s, act)
        if s == me and act[0] == "regroup" and area_count(g, me, act[2]) == 0:
            vacated[act[2]] = (len(history) - 1, g.campaign)
        if sent_into is not None and g.loc[act[1]] == OFF and (sent_into, act[1]) in entered:
            k = entered[sent_into, act[1]]
            yield k, "treachery-exposure", [history[k][1]], (
                f"{C.block_names[act[1]]} sent into {C.area_names[sent_into]}, "
                "where the enemy turned him")
        for b, a in heirs_at.items():
            if g.loc[b] == DEAD and g.attacker[a] == 1 - me:
                last = not any(C.btype[x] == HEIR and g.owner(x) == me and g.loc[x] != DEAD
                               for x in range(len(g.loc)))
                yield exposed_at, "heir-risk", [history[exposed_at][1]], (
                    f"{C.block_names[b]} killed in {C.area_names[a]}, which the enemy "
                    f"attacked on campaign {g.campaign}, turn {g.turn}"
                    + (": the side's last heir" if last else ""))
        for b, (k, area, campaign) in list(sent_home.items()):
            if g.campaign == campaign + 1 and g.turn <= 3 and g.loc[b] == DEAD:
                yield k, "heirs-homes", [history[k][1]], (
                    f"{C.block_names[b]} sent home to {C.area_names[area]} and killed "
                    f"in turn {g.turn} of the next campaign")
                del sent_home[b]
            elif g.campaign > campaign + 1 or (g.campaign == campaign + 1 and g.turn > 3):
                del sent_home[b]
        if unreinforced and g.phase != BATTLE:
            for a, (k, bad, note, line) in unreinforced.items():
                if area_count(g, me, a) == 0 and area_count(g, 1 - me, a) > 0:
                    yield k, "p2-reinforcement", bad, \
                        f"{note}; the enemy took it{RESERVES}{line}"
            unreinforced = {}
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
    ap.add_argument("--classes", nargs="+", metavar="CLASS",
                    help="only these classes (default: every class)")
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
            g = new_game(rec["scenario"], seed=game_seed(rec))
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
                if args.classes and cls not in args.classes:
                    continue
                print(json.dumps({"file": path.name, "game": rec["game"],
                                  "scenario": rec["scenario"], "seed": game_seed(rec),
                                  "index": index, "side": texts[index][0],
                                  "played": texts[index][1], "bad": bad, "class": cls,
                                  "note": note, "actions": texts[:index]}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
