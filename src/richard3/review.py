"""A game looked at again: its record stepped through action by action, its game turns, and the
balance of the game over time (who was winning after each game turn, from the AI's learned
value of the full position) with the moments it turned, in words.

``Review(record)`` replays a record (``Game.record``: the scenario, the seed and every action)
once, keeping a copy of the game every ``SNAPSHOT`` actions, so that any step is reached by
applying at most ``SNAPSHOT - 1`` actions. Step ``n`` is the game after the record's first ``n``
actions (0: the game as set up, 4.0). The page's replay (game_host.GameHost.replay_*) shows
``game_at(n)`` from one side's observation, or from both; ``balance()`` and ``swings()`` are
only for a finished game (they read the full position, which a game in progress hides).
"""

from __future__ import annotations

import math

from roses.timeline import game_at

from .ai.value import logit
from .components import SIDE_NAMES
from .events import EVENTS, as_dict
from .game import Game, new_game
from .ids import PUBLIC, C

#: A copy of the game is kept every SNAPSHOT actions.
SNAPSHOT = 16


class Review:
    """The timeline of one game's record (``Game.record``'s dict).

    ``steps``: how many actions the record holds; ``turns``: one dict per game turn played, in
    order, ``{"campaign", "turn", "start", "end", "label"}``: the steps at which it begins and
    ends (``end`` is the next game turn's ``start``, or ``steps`` for the last one);
    ``over``: whether the game was won at the record's end. Raises ValueError (the record's
    ``ReplayError``, from ``richard3.record.replay``'s checks) for a record that does not
    replay."""

    def __init__(self, record: dict, upto: int | None = None):
        actions = record["actions"] if upto is None else record["actions"][:upto]
        g = new_game(record["scenario"], seed=int(record["seed"]))
        self.scenario = record["scenario"]
        self.actions = actions
        self.steps = len(actions)
        self._snapshots = [g.copy()]
        # _events[n]: how many events the log holds after n actions (a slice of the log is
        # what happened between two steps).
        self._events = [_count(g._log, None, 0)]
        keys = [(g.campaign, g.turn)]
        for n, (side, notation) in enumerate(actions, 1):
            before = g._log
            g.apply(side, notation)
            self._events.append(_count(g._log, before, self._events[-1]))
            keys.append((g.campaign, g.turn))
            if n % SNAPSHOT == 0:
                self._snapshots.append(g.copy())
        self.final = g
        self.over = g.is_over
        self.turns = []
        for n, key in enumerate(keys):
            if not self.turns or key != (self.turns[-1]["campaign"], self.turns[-1]["turn"]):
                if self.turns:
                    self.turns[-1]["end"] = n
                self.turns.append({"campaign": key[0], "turn": key[1], "start": n,
                                   "label": f"Campaign {key[0]}, turn {key[1]}"})
        self.turns[-1]["end"] = self.steps

    def game_at(self, step: int) -> Game:
        """The game after the record's first ``step`` actions (a copy: change it freely).
        Raises ValueError for a step outside 0..steps."""
        return game_at(self._snapshots, self.actions, step, Game.apply, SNAPSHOT)

    def turn_at(self, step: int) -> int:
        """The index in ``turns`` of the game turn being played at ``step``."""
        for i in range(len(self.turns) - 1, -1, -1):
            if self.turns[i]["start"] <= step:
                return i
        return 0

    def events_between(self, g: Game, start: int, end: int, side: int | None) -> list[dict]:
        """The events of ``g`` (the game at step ``end``) logged after step ``start``, as dicts
        (``events.as_dict``), those ``side`` may see (None: both sides', each private event
        in its owner's words, see ``full_events``)."""
        first = self._events[max(0, min(start, end))]
        events = g.events()
        if side is None:
            return full_events(events, first)
        return [as_dict(vis, kind, fields) for vis, kind, fields in events[first:]
                if vis == PUBLIC or vis == side]

    # ------------------------------------------------------------------------- balance
    def balance(self) -> list[dict]:
        """Lancaster's and York's winning chances after every game turn (0-100, summing to
        100), from the AI's learned value of the full position (``ai.value``: the mean of
        Lancaster's chance and 1 - York's, so the two add up), with what marked that turn.

        One dict per game turn played: ``{"index", "label", "campaign", "turn", "step" (the
        turn's end), "start", "lancaster", "york", "marks": [{"kind": "battle" | "usurpation"
        | "heir", "side" (the side it went against: the battle's loser, the side deposed, the
        heir's), "text"}]}``; the game's end is 100/0. Raises ValueError for a game not over
        (its full position is hidden from both players)."""
        if not self.over:
            raise ValueError("the balance of a game is shown once it is over")
        points = []
        for i, t in enumerate(self.turns):
            g = self.game_at(t["end"])
            lanc = _lancaster_chance(g)
            marks = _marks(self.events_between(g, t["start"], t["end"], None))
            points.append({"index": i, "label": t["label"], "campaign": t["campaign"],
                           "turn": t["turn"], "start": t["start"], "step": t["end"],
                           "lancaster": round(100 * lanc), "york": 100 - round(100 * lanc),
                           "marks": marks})
        return points

    def swings(self, points: list[dict] | None = None, n: int = 3) -> list[dict]:
        """The ``n`` game turns in which the balance moved most (``balance()``'s points; the
        first against the game as set up), biggest first: ``{"index", "step", "side" (the side
        whose chance fell), "before", "after" (that side's chance, 0-100), "text"}``, e.g.
        "Campaign 1, turn 4: York lost the battle of Kent and Edward IV with it: 62% → 21%"."""
        points = self.balance() if points is None else points
        start = round(100 * _lancaster_chance(self.game_at(0)))
        moves = []
        for i, p in enumerate(points):
            before = points[i - 1]["lancaster"] if i else start
            moves.append((abs(p["lancaster"] - before), i, before))
        moves.sort(key=lambda m: (-m[0], m[1]))
        out = []
        for size, i, before in moves[:n]:
            if size == 0:
                break
            p = points[i]
            side = "Lancaster" if p["lancaster"] < before else "York"
            was = before if side == "Lancaster" else 100 - before
            now = p["lancaster"] if side == "Lancaster" else p["york"]
            text = f"{p['label']}: {side} {_what_happened(p['marks'], side)}: {was}% → {now}%"
            out.append({"index": i, "step": p["step"], "side": side, "before": was,
                        "after": now, "text": text})
        return out


def _count(node, stop, base: int) -> int:
    """``base`` plus the number of log nodes from ``node`` back to ``stop`` (the log is a
    linked list, newest first)."""
    n = base
    while node is not None and node is not stop:
        node = node[0]
        n += 1
    return n


def full_events(events: list, first: int = 0) -> list[dict]:
    """Both sides' events from index ``first`` on, as dicts: public ones, and of an event
    logged twice (in its owner's words and, with the identity hidden, in the other side's),
    the owner's only; for a game seen with both sides face up."""
    out = []
    for vis, kind, fields in events[first:]:
        if vis != PUBLIC and _hides_something(kind, fields):
            continue
        out.append(as_dict(vis, kind, fields))
    return out


def _hides_something(kind: str, fields: tuple) -> bool:
    return any(t in ("block?", "card?") and v == -1
               for (_, t), v in zip(EVENTS[kind], fields))


def _lancaster_chance(g: Game) -> float:
    """Lancaster's chance of winning ``g``, from both sides' learned values."""
    if g.is_over:
        return 1.0 if g.winner == 0 else 0.0
    mean = (logit(g, 0) - logit(g, 1)) / 2
    return 1.0 / (1.0 + math.exp(-mean))


def _marks(events: list[dict]) -> list[dict]:
    """What a game turn's events mark on the balance chart: battles (against their loser),
    usurpations (against the side deposed) and heirs' deaths (against the heir's side)."""
    marks = []
    battle_attacker = {}
    for e in events:
        kind = e["kind"]
        if kind == "battle":
            battle_attacker[e["area"]] = e["attacker"]
        elif kind == "battle_won":
            loser = 1 - e["side"]
            area = C.area_names[e["area"]]
            marks.append({"kind": "battle", "side": SIDE_NAMES[loser], "area": area,
                          "text": f"{SIDE_NAMES[e['side']]} won the battle of {area}"})
        elif kind == "usurps":
            deposed = e["deposed"]
            marks.append({"kind": "usurpation", "side": SIDE_NAMES[deposed],
                          "text": f"{SIDE_NAMES[e['side']]} took the throne"})
        elif kind == "eliminated" and e["block"] >= 0 and C.btype[e["block"]] == "heir":
            marks.append({"kind": "heir", "side": SIDE_NAMES[e["side"]],
                          "block": C.label[e["block"]],
                          "text": f"{SIDE_NAMES[e['side']]} lost {C.label[e['block']]}"})
    return marks


def _what_happened(marks: list[dict], side: str) -> str:
    """What ``side`` lost in a game turn, in words, from its marks ("lost the battle of Kent
    and Edward IV with it"), or what the other side gained."""
    battles = [m["area"] for m in marks if m["kind"] == "battle" and m["side"] == side]
    heirs = [m["block"] for m in marks if m["kind"] == "heir" and m["side"] == side]
    throne = any(m["kind"] == "usurpation" and m["side"] == side for m in marks)
    parts = []
    if battles:
        lost = (f"the battle of {battles[0]}" if len(battles) == 1 else
                f"the battles of {_and(battles)}" if len(battles) < 4 else
                f"{len(battles)} battles")
        with_it = " and {} with it" if len(battles) == 1 else ", and {} with them"
        parts.append(f"lost {lost}" + (with_it.format(_and(heirs)) if heirs else ""))
    elif heirs:
        parts.append(f"lost {_and(heirs)}")
    if throne:
        parts.append("lost the throne")
    if not parts:
        won = [m["area"] for m in marks if m["kind"] == "battle" and m["side"] != side]
        parts.append(f"fell behind as the other side won in {_and(won)}" if won
                     else "lost ground")
    return "; ".join(parts)


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
