"""The authoritative game of the page, kept in the engine's worker (worker.py exports it).

Hidden information never leaves this module except through ``Game.observation(side)`` of the
side the page asks for, and through ``save()`` (a save holds the whole state; the page keeps
it in localStorage and never renders it). The page only ever gets, per call, a JSON string:

- ``status()``: public facts only (who must decide, whether an AI must move, the winner),
  so that the page can put up a hand-over screen *before* asking for a side's private view;
- ``view(side)``: that side's observation, plus its legal actions' notations when it is a
  human side that must decide now, and what the page draws from it that the rules decide
  (the usurpation estimate);
- ``act(side, notation)``, ``undo(side)``, ``ai_step(watcher)``: one answer per decision,
  ``{"status", "view", "save"}`` (``answer()``): the page draws the view and stores the save
  without asking again. The view is only ever that of the side the page names, and only
  when the page shows that side next (never in pass-and-play when the other side decides:
  the page asks for that side's view after its hand-over screen);
- ``new_game`` and ``load``: ``{"status", "save"}``.

Pure Python, no browser import, so tests/test_web_host.py runs it directly.
"""

from __future__ import annotations

import hashlib
import json
import time
import secrets
import re

import richard3
from richard3.ai import REGISTRY, get_agent
from richard3.components import SIDE_NAMES
from richard3.ids import CARDS, EVENT_NAMES
from richard3.politics import COUNTED_TYPES, MIDDLESEX
from richard3.record import RECORD_FORMAT, ReplayError, read as read_record, replay
from richard3.review import Review, full_events
from richard3.describe import (battle_story, describe_actions, describe_decision,
                               last_usurpation, plain_log, summarize_events)

#: The log entries a view carries while the game goes on: the page shows the last 200
#: (tableview.LOG_LIMIT); the whole log grew the answer of every decision with the game.
LOG_TAIL = 200
SAVE_FORMAT = "richard3-save"
#: Area name -> area id, for ordering by public keys.
C_AREAS = {name: i for i, name in enumerate(richard3.load_components().area_names)}
SAVE_VERSION = 1
LEVELS = ("easy", "normal", "hard", "expert")
#: The two players' sides, as the engine names them (the third of SIDE_NAMES is the Rebel).
SIDES = SIDE_NAMES[:2]
#: The viewpoint of a replay or a watched game with both sides face up.
BOTH = "both"


#: What the player is told when a save's state could not be read but its record rebuilt it.
RECOVERED = ("This save's game could not be read as it was stored, so it was rebuilt from its "
             "record of every move: nothing is lost.")


class SaveError(ValueError):
    """A save file the page must refuse; the message is shown to the player as it is."""


def make_agent(level: str, seed):
    """The AI of `level` from the engine's registry of agents, or its random player for a level
    the registry does not have."""
    return get_agent(level if level in REGISTRY else "random", seed)


def agent_seed(seed: int, side: str) -> int:
    """The AI's own seed for `side` in a game of `seed`: fixed by the game's seed (a chosen seed
    replays the AI's play too) but not a way back to it (a one-way hash), so that nothing the
    AI holds tells the game's generator (issue 19, item 2)."""
    digest = hashlib.sha256(f"richard3-agent:{seed}:{side}".encode()).hexdigest()
    return int(digest[:15], 16)


def scenarios() -> list[dict]:
    """Every scenario's id, name and line of history, for the new-game screen."""
    out = []
    for sid in richard3.SCENARIO_IDS:
        sc = richard3.load_scenario(sid)
        out.append({"id": sid, "name": sc.name, "history": sc.history})
    return out


def page_data() -> dict:
    """The static facts the page's main thread draws with, which it may not get by importing
    the engine (it runs MicroPython): build.py writes them into mpy.json's "richard3" section.

    {"sides": ["Lancaster", "York"], "scenarios": scenarios(), "areas": [area name, ...] in
    map order, "land": [land area names], "blocks": {block id: {"side": "Lancaster" | "York" |
    "Rebel", "type": block type (3.1: "heir", "noble", ...), "label": printed name, "rating":
    combat rating "B3" (initiative letter, firepower), "max_strength": 2-4}}, "borders":
    {"A|B": how many blocks may cross it in a turn (5.21)}, "cards": {card name: {"ap": its AP
    as printed, "event": the event's name ("Muster") or None}}}. All public: the printed
    blocks, cards and the map.
    """
    C = richard3.load_components()
    return {
        "sides": list(SIDES),
        "scenarios": scenarios(),
        "areas": list(C.area_names),
        "land": [a for i, a in enumerate(C.area_names) if C.kind[i] == "land"],
        "borders": {f"{C.area_names[a]}|{C.area_names[b]}": C.border_limit[k]
                    for k, (a, b) in enumerate(C.border_ends)},
        "blocks": {name: {"side": SIDE_NAMES[C.side[b]], "type": C.btype[b],
                          "label": C.label[b],
                          "rating": "ABCD"[C.initiative[b]] + str(C.firepower[b]),
                          "max_strength": C.max_str[b]}
                   for b, name in enumerate(C.block_names)},
        "cards": {name: {"ap": ap, "event": EVENT_NAMES[event] if event else None}
                  for name, ap, event in zip(C.card_names, C.card_ap, C.card_event)},
    }


def usurpation_estimate(obs: dict) -> dict:
    """The usurpation count (8.2) as far as `obs`'s side can know it, from its observation and
    the engine's components only, for the page to draw.

    {"side", "enemy", "king", "own": the side's own count, exact (its heirs, nobles and church
    on land areas, as politics.usurpation_counts counts them, +1 for London held alone, the 1470
    prisoner for his side); "enemy_known": what is public of the enemy's (revealed blocks,
    London, the prisoner); "enemy_at_most": that plus every enemy block on land whose identity
    is hidden, as if it counted; "london": the side holding London alone, or None}.
    """
    C = richard3.load_components()
    me = SIDES.index(obs["side"])

    def counted(name):
        return C.btype[C.block_id[name]] in COUNTED_TYPES

    def on_land(area):
        return area in C.area_id and C.kind[C.area_id[area]] == "land"

    counts = [0, 0]
    counts[me] = sum(1 for b in obs["own_blocks"] if on_land(b["area"]) and counted(b["block"]))
    revealed = [b for b in obs["revealed"] if on_land(b["area"])]
    counts[1 - me] = sum(1 for b in revealed if counted(b["block"]))
    hidden = sum(n for area, n in obs["enemy_counts"].items() if on_land(area)) - len(revealed)
    london = C.area_names[MIDDLESEX]
    held = {me: any(b["area"] == london for b in obs["own_blocks"]),
            1 - me: obs["enemy_counts"].get(london, 0) > 0}
    alone = None if held[0] == held[1] else (0 if held[0] else 1)
    if alone is not None:
        counts[alone] += 1
    if obs.get("prisoner"):
        owner = C.side[C.block_id[obs["prisoner"]]]
        if owner in (0, 1):
            counts[owner] += 1
    known = counts[1 - me]
    return {"side": SIDES[me], "enemy": SIDES[1 - me], "own": counts[me],
            "enemy_known": known, "enemy_at_most": known + hidden,
            "london": SIDES[alone] if alone is not None else None, "king": obs["king"]}


def activation_moves(game, side: int) -> list[dict]:
    """The moves each legal activation would open (5.2: an area is activated for 1 AP, then its
    blocks move), so that the page can offer "tap a block, tap an area" for a block whose area
    is not active yet. For every `activate AREA` action: the move and sea-move choices of the
    blocks in AREA on a copy of the game with the activation applied, each as its describe
    dict with "notation" the list [activate notation, move notation] and "cost" the AP of both.
    Only `side`'s own legal actions are looked at: nothing hidden is revealed."""
    out = []
    for action in game.legal_actions(side):
        if action.kind != "activate":
            continue
        area = str(action).split(" ", 1)[1]
        trial = game.copy()
        trial.apply(side, action)
        for choice in describe_actions(trial, side):
            if choice["kind"] in ("move", "sea") and choice.get("from") == area:
                choice = dict(choice)
                choice["notation"] = [str(action), choice["notation"]]
                choice["cost"] = 1 + choice.get("cost", 0)
                choice["activates"] = area
                out.append(choice)
    return out


class GameHost:
    """One game and who plays each side ("human" or an AI level)."""

    def __init__(self):
        self.game = None
        self.controllers = {}  # side name -> "human" or a level of LEVELS
        self.agents = {}
        self.undo_stack = []   # (side, Game) snapshots the current human decider may go back to
        # [level, milliseconds, samples drawn (search levels; else None), "card" or "other"]
        # of each AI decision with a choice: bench/ai_browser.py reads what the budget buys.
        self.thinking = []
        self.seen = {}         # side -> length of its log when it last acted (for "since")
        self.review = None     # the replay open (Review), and the viewpoints it allows
        self.review_viewpoints = ()

    # ---------------------------------------------------------------- starting and loading
    def new_game(self, scenario: str, seed, controllers: dict) -> str:
        """Start `scenario` with `seed` (a number the player chose: it replays the game; none:
        63 unpredictable bits, as richard3.new_game draws them) and who plays each side.
        Returns answer(): the status and the save."""
        seed = int(seed) if seed not in (None, "") else secrets.randbits(63)
        self._set_controllers(controllers, seed)
        self.game = richard3.new_game(str(scenario), seed=seed)
        self.undo_stack = []
        self.thinking = []
        self.seen = {}
        return self.answer()

    def _set_controllers(self, controllers: dict, seed: int) -> None:
        ctl = {}
        for side in SIDES:
            who = controllers.get(side, "human")
            if who != "human" and who not in LEVELS:
                raise SaveError(f"unknown player for {side}: {who!r}")
            ctl[side] = who
        self.controllers = ctl
        self.agents = {side: make_agent(who, agent_seed(seed, side)) for side, who in
                       ctl.items() if who != "human"}

    def save(self) -> str:
        """The whole game as a versioned save (JSON text); hidden state included: never render."""
        if self.game is None:
            raise SaveError("no game to save")
        return json.dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION,
                           "app": richard3.__version__, "controllers": self.controllers,
                           "scenario": self.game.scenario,
                           "game": json.loads(self.game.to_json())}, separators=(",", ":"))

    def record(self) -> str:
        """The game's record file (Game.record_json(): the scenario, the seed and every action,
        which ``python -m richard3 replay FILE`` replays), for "Export game record"."""
        if self.game is None:
            raise SaveError("There is no game to export.")
        try:
            return self.game.record_json()
        except ValueError:
            raise SaveError("This game has no record to export: it was loaded from a save "
                            "made before records were kept.") from None

    def load(self, text: str) -> str:
        """Replace the game by a save; on any problem raise SaveError and keep the current game.
        Returns answer() (the status and the save), with "recovered": RECOVERED when the save's
        state could not be read and its record rebuilt the game (parse_save)."""
        game, controllers, recovered = parse_save(text)
        self.game = game
        self._set_controllers(controllers, game.seed if isinstance(game.seed, int) else 0)
        self.undo_stack = []
        # "since" starts from the loaded position: what happened before is in the log
        self.seen = {side: len(game.events_for(i)) for i, side in enumerate(SIDES)}
        return self.answer(**({"recovered": RECOVERED} if recovered else {}))

    # ---------------------------------------------------------------------- what is going on
    def _human(self, side: str) -> bool:
        return self.controllers.get(side) == "human"

    def status(self) -> str:
        """Public facts only: safe to hold in the page whoever is looking at it."""
        return json.dumps(self._status())

    def _status(self) -> dict:
        g = self.game
        if g is None:
            return {"game": False}
        active = [SIDE_NAMES[s] for s in g.active_sides()]
        humans = [s for s in active if self._human(s)]
        ai = [s for s in active if not self._human(s)]
        return {
            "game": True, "scenario": g.scenario, "controllers": self.controllers,
            "active": active, "humans": humans, "ai_pending": bool(ai),
            "over": g.is_over, "winner": SIDE_NAMES[g.winner] if g.winner >= 0 else None,
            "reason": g.reason or None, "campaign": g.campaign, "turn": g.turn,
        }

    def answer(self, watcher: str = "", **extra) -> str:
        """What the page needs after a change of the game, in one answer (one round trip):
        {"status": status(), "save": save() (the autosave), "view": the view of `watcher` (the
        side whose table the page shows) when the page shows that side next, else None, and
        `extra`}. Never another side's view: with another human side to decide now and not
        `watcher` (pass-and-play), the page puts up its hand-over screen first and asks for
        that side's view after it. A human side's only choice "keep" (its hand may not be
        redealt: nothing to decide) is made here first (issue 55, 7)."""
        self._keep_forced_hands()
        out = {"status": self._status(), "save": self.save(),
               "view": self._view(watcher) if watcher and self._shown_next(watcher) else None}
        out.update(extra)
        return json.dumps(out)

    def _keep_forced_hands(self) -> None:
        """Keep the hand of each human side whose only legal action is to keep it (5.1: a
        hand that may not be redealt), so that the player is not asked to tap it."""
        g = self.game
        if g is None:
            return
        for _ in range(4):
            if g.is_over:
                return
            forced = [s for s in g.active_sides() if self._human(SIDE_NAMES[s])
                      and [str(a) for a in g.legal_actions(s)] == ["keep"]]
            if not forced:
                return
            g.apply(forced[0], g.legal_actions(forced[0])[0])
            self.undo_stack = []

    def _shown_next(self, side: str) -> bool:
        """Whether the page shows `side`'s table next: the game is over, or an AI is to move
        (the page shows the side watching it), or `side` is a human who must decide now."""
        g = self.game
        humans = [SIDE_NAMES[s] for s in g.active_sides() if self._human(SIDE_NAMES[s])]
        return g.is_over or not humans or side in humans

    def _all_may_see(self) -> bool:
        """Whether both sides may be shown face up: the game is over, or no human plays it
        (the AI against itself, watched)."""
        return self.game.is_over or not any(self._human(x) for x in SIDES)

    # ------------------------------------------------------------------------- replay
    def replay_open(self, text: str = "", side: str = "") -> str:
        """Open the replay of a game (issue 26): `text`, a save or record file of a finished
        game, or "" for the game held here, reviewed by `side`. JSON of {"replay": {"steps",
        "turns": Review.turns, "viewpoints", "over", "winner", "reason", "scenario",
        "source": "file" | "game", "balance": Review.balance() and "swings":
        Review.swings() for a finished game, else None}}, or {"replay": None,
        "unfinished": True} for a file whose game is not over (the page loads it to play).

        Viewpoints: "Lancaster", "York" and "both" for a finished game (or one the AI plays on
        both sides); a game in progress only from `side`, which must be a human side of it
        (the replay never shows what that side could not see). Raises SaveError for a file
        that is not a game or does not replay, or a side that may not review the game."""
        if text:
            try:
                record, _ = read_record(text)
                review = Review(record)
            except (ReplayError, ValueError) as exc:
                raise SaveError(f"This file cannot be replayed: {exc}.") from None
            if not review.over:
                return json.dumps({"replay": None, "unfinished": True})
            viewpoints, source = (*SIDES, BOTH), "file"
        else:
            g = self.game
            if g is None or g.record is None:
                raise SaveError("There is no game with a record to replay.")
            review = Review(g.record)
            source = "game"
            if self._all_may_see():
                viewpoints = (*SIDES, BOTH)
            elif self._human(side):
                viewpoints = (side,)
            else:
                raise SaveError("A game in progress is reviewed from a human player's side.")
        points = review.balance() if review.over else None
        self.review, self.review_viewpoints = review, viewpoints
        final = review.final
        return json.dumps({"replay": {
            "steps": review.steps, "turns": review.turns, "viewpoints": list(viewpoints),
            "over": review.over, "scenario": review.scenario, "source": source,
            "winner": SIDE_NAMES[final.winner] if final.winner >= 0 else None,
            "reason": final.reason or None, "balance": points,
            "swings": review.swings(points) if points else None}})

    def replay_view(self, step: int, viewpoint: str, since: int = -1) -> str:
        """The replay's view at `step` (0..steps) from `viewpoint` (one of the viewpoints
        replay_open allowed): as view(), with no choices, "since" what happened after step
        `since` (the step shown before; none when going back), and "replay": {"step",
        "turn" (the index of its game turn)}. Raises SaveError without a replay open,
        IllegalAction for a viewpoint not allowed, ValueError for a step out of range."""
        review = self.review
        if review is None:
            raise SaveError("No replay is open.")
        if viewpoint not in self.review_viewpoints:
            raise richard3.IllegalAction(f"this replay cannot be seen from {viewpoint!r}")
        step = int(step)
        g = review.game_at(step)
        since = int(since)
        start = since if 0 <= since < step else step
        if viewpoint == BOTH:
            view = both_view(g, full_events(g.events()),
                             review.events_between(g, start, step, None))
        else:
            s = SIDES.index(viewpoint)
            view = side_view(g, s, review.events_between(g, start, step, s))
        view["controllers"] = self.controllers
        view["replay"] = {"step": step, "turn": review.turn_at(step)}
        if g.is_over:
            view["summary"] = game_summary(g)
        return json.dumps(view)

    def replay_close(self) -> str:
        """Close the replay (its copies of the game are freed)."""
        self.review, self.review_viewpoints = None, ()
        return json.dumps({"closed": True})

    def view(self, side: str) -> str:
        """What `side` may see, its decision in plain words if it is a human side deciding now,
        and what happened since it last acted. JSON of:

        {"side", "obs": Game.observation(side), "actions": [notation, ...] (the legal actions,
        [] unless a human side must decide now), "choices": describe_actions (one dict per
        action: notation, kind, text, group, and block / from / to / area / card / cost / note
        where they apply), "prompt": what to do, in one line, "via_activation": the moves an
        activation would open (activation_moves), "log_plain": plain_log of the side's log,
        its entries with a text, the last LOG_TAIL of them while the game goes on (all once
        it is over), "log_count": how many there are in all, "since": summarize_events of the events since this side last acted (public facts
        only), "battle_story" and "battle_ends": battle_fields (every roll of the latest
        battle round by round, and the summaries of finished battles), "usurpation": usurpation_estimate(obs), "controllers", "can_undo", and
        "summary" once the game is over}.
        """
        return json.dumps(self._view(side))

    def _view(self, side: str) -> dict:
        g = self.game
        if side == BOTH:
            if not self._all_may_see():
                raise richard3.IllegalAction("both sides face up only for a game over or one "
                                             "the AI plays on both sides")
            events = full_events(g.events())
            seen = min(self.seen.get(BOTH, 0), len(events))
            self.seen[BOTH] = len(events)  # the next view's "since": the next decisions
            return dict(both_view(g, events, events[seen:]), controllers=self.controllers)
        s = SIDES.index(side)
        deciding = self._human(side) and s in g.active_sides()
        obs = g.observation(s)
        decision = describe_decision(g, s) if deciding else {"prompt": "", "actions": []}
        events = g.events_for(s)
        seen = min(self.seen.get(side, 0), len(events))
        out = {"side": side, "obs": obs, "actions": [c["notation"] for c in decision["actions"]],
               "choices": decision["actions"], "prompt": decision["prompt"],
               "via_activation": activation_moves(g, s) if deciding else [],
               **log_fields(events, g.is_over),
               "since": summarize_events(events[seen:], s),
               **battle_fields(events, s, seen),
               "usurpation": dict(usurpation_estimate(obs), last=last_usurpation(events)),
               "controllers": self.controllers,
               "can_undo": deciding and bool(self.undo_stack) and self.undo_stack[-1][0] == side}
        if g.is_over:
            out["summary"] = self.summary()
        return out

    def summary(self) -> dict:
        """Public end-of-game figures (the game is over, so nothing here is secret any more)."""
        return game_summary(self.game)

    def odds(self, side: str):
        """The battle odds for `side`, from its own observation only (None without a battle)."""
        return battle_odds_for(self.game.observation(SIDES.index(side)))


    # ------------------------------------------------------------------------- deciding
    def act(self, side: str, *notations: str) -> str:
        """Apply a human side's decision: its actions in turn (one tap may be an activation and
        a move). Raises richard3.IllegalAction if one is not legal, and then the game is as it
        was before the first. Returns answer(side): the status, `side`'s new view and the
        save."""
        if not self._human(side):
            raise richard3.IllegalAction(f"{side} is played by the AI")
        first = self.game.copy()
        kept = (list(self.undo_stack), dict(self.seen))
        try:
            for i, notation in enumerate(notations):
                self._apply(side, notation, first if i == 0 else self.game.copy())
        except Exception:
            self.game = first
            self.undo_stack, self.seen = kept
            raise
        return self.answer(side)

    def _apply(self, side: str, notation: str, before) -> None:
        """Apply one action; `before`, a copy of the game as it was, is kept for Undo."""
        g = self.game
        g.apply(side, notation)
        self.seen[side] = len(g.events_for(SIDES.index(side)))
        # Undo is offered only while nothing random happened and nothing new was shown:
        # the same phase, the same side acting, and the generator untouched.
        if (g.rng == before.rng and g.phase == before.phase and g.acting == before.acting
                and g.campaign == before.campaign and g.turn == before.turn
                and g.shown == before.shown and SIDES.index(side) in g.active_sides()):
            self.undo_stack.append((side, before))
        else:
            self.undo_stack = []

    def undo(self, side: str) -> str:
        """Take back `side`'s last step; returns answer(side)."""
        if not self.undo_stack or self.undo_stack[-1][0] != side:
            raise richard3.IllegalAction("nothing to undo")
        self.game = self.undo_stack.pop()[1]
        return self.answer(side)

    def ai_step(self, watcher: str = "") -> str:
        """Let one AI side that must decide now make one decision. Returns answer(watcher):
        the status, the save and the view of `watcher`, the side whose table the page shows
        while the AI plays ("": none)."""
        g = self.game
        for s in g.active_sides():
            name = SIDE_NAMES[s]
            if not self._human(name):
                start = time.perf_counter()
                agent = self.agents[name]
                action = agent.choose(g.copy(), s)
                if len(g.legal_actions(s)) > 1:     # forced steps take no thought
                    self.thinking.append([self.controllers[name],
                                          round((time.perf_counter() - start) * 1000),
                                          getattr(agent, "drawn", None),
                                          "card" if g.phase == CARDS else "other"])
                g.apply(s, action)
                self.undo_stack = []
                break
        return self.answer(watcher)

    def hint(self, side: str) -> list:
        """The AI's top three choices for a human side deciding now, best first, each with
        its estimated winning chance: [{"notation", "chance" (0-100)}], from the hard level's
        search (``SearchAgent.analyse``) on what `side` may know; [] if it has no decision."""
        g = self.game
        s = SIDES.index(side)
        if s not in g.active_sides():
            return []
        agent = make_agent("hard", hashlib.sha256(f"hint:{g.seed}:{len(g.log)}".encode())
                           .digest()[0])
        found = agent.analyse(g.copy(), s)[:3]
        return [{"notation": str(a), "chance": round(100 * p)} for a, p in found]


#: The fields of a view in which no side decides (a replay, a side watching).
NO_DECISION = {"actions": [], "choices": [], "prompt": "", "via_activation": [],
               "can_undo": False}


def game_summary(g) -> dict:
    """Public end-of-game figures of a finished game `g` (nothing here is secret any more):
    {"winner", "reason", "blocks_lost": {side: n}, "battles", "campaigns_as_king": {side: n},
    "campaign", "turn"}."""
    st = list(g.stats) + [0] * 5
    return {"winner": SIDE_NAMES[g.winner] if g.winner >= 0 else None, "reason": g.reason,
            "blocks_lost": {SIDES[0]: st[0], SIDES[1]: st[1]}, "battles": st[2],
            "campaigns_as_king": {SIDES[0]: st[3], SIDES[1]: st[4]},
            "campaign": g.campaign, "turn": g.turn}


#: The events after which a finished battle's summary is no longer offered.
_NEW_STAGE = ("turn", "political", "campaign")


def battle_fields(events: list, s: int, seen: int | None = None) -> dict:
    """The battles as the side sees them (describe.battle_story: every roll round by round,
    and once one is over who won, the losses, the heirs killed, the retreats and regroups):
    {"battle_story": the latest battle, or None: no battle yet, or a new game turn (or the
    political turn) has begun since it and the side has decided something since it began;
    "battle_ends": the battles before it that ended since the side's last decision (`seen`:
    the length of its log then; None: none), oldest first, so that each finished battle's
    summary is shown once even when the next battle follows at once}."""
    story = battle_story(events, s)
    ends = []
    if story is not None and seen is not None:
        starts = [i for i in range(len(events)) if events[i]["kind"] == "battle"]
        for i in starts[:-1]:
            over = next((j for j in range(i + 1, len(events))
                         if events[j]["kind"] in ("battle_over", "battle")), None)
            if over is not None and over >= seen and events[over]["kind"] == "battle_over":
                ends.append(battle_story(events, s, i))
    if story is not None and not (seen is not None and story["key"] >= seen) \
            and any(e["kind"] in _NEW_STAGE for e in events[story["key"]:]):
        story = None
    return {"battle_story": story, "battle_ends": ends}


def log_fields(events: list, over: bool) -> dict:
    """A view's log: {"log_plain": describe.plain_log's entries with a text, the last
    LOG_TAIL of them while the game goes on (all once it is over), "log_count": how many there
    are in all} (the page draws only the new ones)."""
    log = [x for x in plain_log(events) if x.get("text")]
    return {"log_plain": log if over else log[-LOG_TAIL:], "log_count": len(log)}


def side_view(g, s: int, since: list) -> dict:
    """A view of `g` from side `s` (0/1) in which it decides nothing (a replay's step): its
    observation, its log in plain words, "since" from `since` (events of its log, as
    Game.events_for gives them) and its usurpation estimate; only what `s` may see."""
    events = g.events_for(s)
    obs = g.observation(s)
    view = {"side": SIDES[s], "obs": obs, **log_fields(events, g.is_over),
            "since": summarize_events(since, s),
            **battle_fields(events, s),
            "usurpation": dict(usurpation_estimate(obs), last=last_usurpation(events))}
    view.update(NO_DECISION)
    return view


def both_view(g, events: list, since: list = ()) -> dict:
    """A view of `g` with both sides face up (a finished game's replay, a game the AI plays on
    both sides): Lancaster's observation with every York block on the map revealed (as in a
    battle) and York's hand, pool and minors beside it under "york"; the log in both sides'
    words (`events`: review.full_events), "since" from `since` (the same kind of list).
    "viewpoint": "both"."""
    obs = g.observation(0)
    york = g.observation(1)
    obs["revealed"] = [{"block": b["block"], "area": b["area"], "strength": b["strength"]}
                       for b in york["own_blocks"] if b["area"] in C_AREAS]
    obs["revealed"].sort(key=lambda r: C_AREAS[r["area"]])
    obs["york"] = {"hand": york["hand"], "pool": york["pool"], "played": york["played"]}
    view = {"side": SIDES[0], "viewpoint": BOTH, "obs": obs, **log_fields(events, g.is_over),
            "since": summarize_events(list(since), 0),
            **battle_fields(events, 0),
            "usurpation": dict(usurpation_estimate(obs), last=last_usurpation(events))}
    view.update(NO_DECISION)
    if g.is_over:
        view["summary"] = game_summary(g)
    return view


def battle_odds_for(obs: dict) -> dict | None:
    """The AI's estimate of the current battle from one side's observation (6.0).

    Blocks the side knows (its own in the area and the revealed enemy ones) fight with their
    real strength, initiative and firepower; enemy blocks still face down count as average
    blocks (richard3.ai.odds.UNKNOWN_BLOCK). A straight fight: no Reserves, charges or
    treachery, and no defender bonus.
    """
    battle = obs.get("battle")
    if not battle or not battle.get("area"):
        return None
    from richard3.ai.odds import battle_odds, unknown_block
    C = richard3.load_components()
    area, me = battle["area"], obs["side"]

    def profile(name, strength):
        b = C.block_id[name]
        return (max(1, strength), C.initiative[b], C.firepower[b])

    mine = [profile(b["block"], b["strength"]) for b in obs["own_blocks"] if b["area"] == area]
    theirs = [profile(b["block"], b["strength"]) for b in battle.get("blocks") or []
              if b.get("side") != me]
    unseen = obs["enemy_counts"].get(area, 0) - len(theirs)
    theirs += [unknown_block()] * max(0, unseen)
    if not mine or not theirs:
        return None
    attacking = battle.get("attacker") == me
    result = battle_odds(mine if attacking else theirs, theirs if attacking else mine)
    win = result["attacker_wins"] if attacking else result["defender_wins"]
    return {"area": area, "win": round(win, 2), "attacking": attacking,
            "own_blocks": len(mine), "enemy_blocks": len(theirs), "unknown": max(0, unseen)}


def _damaged(exc) -> str:
    """The engine's refusal of a saved game (a ValueError naming the field, see savecheck), in
    plain words: the field it names, never Python's own text ("'NoneType' object ...")."""
    text = str(exc)
    found = re.search(r"field '([^']+)'", text)
    if found:
        field = found.group(1)
        if field == "format":
            return "This save is damaged: it holds no game."
        return (f"This save is damaged: the game's “{field}” is not valid, so it cannot be "
                f"loaded.")
    if "version" in text:
        return "This save is damaged: its game has no version this page can read."
    return "This save is damaged and cannot be loaded."


def _is_soy(data) -> bool:
    """Whether parsed JSON `data` is a Sun of York save or record (their formats begin so)."""
    return isinstance(data, dict) and str(data.get("format", "")).startswith("sunofyork")


def is_soy_save(text) -> bool:
    """Whether `text` is a Sun of York save or record (issue 54): worker.py sends it to that
    game's host (soy_host), which it may first have to download, and this one refuses it."""
    try:
        return _is_soy(json.loads(text))
    except (TypeError, ValueError, RecursionError):
        return False


def parse_save(text) -> tuple:
    """Check a save and return (Game, controllers, recovered); raise SaveError with a plain
    sentence (never Python's exception text: it is shown to the player as it is).

    A save whose game state is refused (Game.from_json) but whose record replays gives the
    replayed game and recovered True; only a save whose record cannot replay either is
    refused."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise SaveError("This file is not a Richard III save (it is not JSON).") from None
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        # A game record (Export game record, or python -m richard3 selfplay --records):
        # the game it rebuilds, to go on with, both sides played here.
        game = _replayed(data)
        if game is None:
            raise SaveError("This game record cannot be replayed: it is damaged.")
        return game, {side: "human" for side in SIDES}, False
    if _is_soy(data):
        # Sun of York (issue 54): its saves load in its own host (soy_host), never as this game
        raise SaveError("This is a Sun of York save, not a Richard III one: load it from the "
                        "start screen as a Sun of York game.")
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("This file is not a Richard III save.")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError("This save has no version number; it cannot be loaded.")
    if version > SAVE_VERSION:
        raise SaveError(f"This save comes from a newer version of the game (save format "
                        f"{version}); this page reads format {SAVE_VERSION}. Update the game.")
    if version < 1:
        raise SaveError("This save is damaged: its version number is not valid.")
    controllers = data.get("controllers")
    if not isinstance(controllers, dict):
        raise SaveError("This save is damaged: it does not say who plays each side.")
    for side in SIDES:
        who = controllers.get(side, "human")
        if not isinstance(who, str) or not who:
            raise SaveError(f"This save is damaged: it does not say who plays {side}.")
        if who != "human" and who not in LEVELS:
            raise SaveError(f"This save is damaged: “{who[:40]}” is not a player for {side} "
                            f"(Human, or AI easy, normal or hard).")
    scenario = data.get("scenario")
    known = ", ".join(richard3.SCENARIO_IDS)
    if not isinstance(scenario, str) or not scenario:
        raise SaveError("This save is damaged: it does not say which scenario it is.")
    if scenario not in richard3.SCENARIO_IDS:
        raise SaveError(f"This save is damaged: it names scenario “{scenario[:40]}”, which "
                        f"this game does not have (only {known}).")
    if not isinstance(data.get("game"), dict):
        raise SaveError("This save is damaged: it holds no game.")
    try:
        game = _usable(richard3.Game.from_json(data["game"]))
        recovered = False
    except Exception as exc:
        # Nothing lost even if a check is wrong (issue 28): the save's record (the seed and
        # every action) rebuilds the game when its state cannot be read.
        game = _replayed(data["game"].get("record"))
        if game is None:
            raise SaveError(_damaged(exc)) from None
        recovered = True
    if game.scenario != scenario:
        raise SaveError(f"This save is damaged: it says scenario {scenario}, but its game is "
                        f"scenario {game.scenario}.")
    return game, controllers, recovered


def _usable(game):
    """The game, once it answers what the page asks of it (the state must be usable, not only
    well-formed); any exception propagates."""
    game.active_sides()
    game.observation(0)
    game.observation(1)
    return game


def _replayed(record):
    """The game a save's record rebuilds (richard3.record.replay), or None if the record is
    missing or cannot be replayed."""
    if not isinstance(record, dict):
        return None
    try:
        return _usable(replay(record))
    except Exception:  # noqa: BLE001 -- any failure means: no game from this record
        return None
