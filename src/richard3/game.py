"""The engine's API, every driver's one way in (UI, AI, command line, tests, replays).

``Game`` (OpenSpiel's State / python-chess's Board in spirit) is a ``State`` (``state.py``:
the fields, copies, the JSON form) with the public API: who must decide
(``active_sides``), what each side may do (``legal_actions``), doing it (``apply``, or
``play`` for an action taken from ``legal_actions``), what each side may know
(``observation``), the log as sentences (``log``, ``log_for``) or as events (``events_for``)
and a save loaded back (``from_json``). The rules are in the phase modules, run by the turn
sequence (``sequence.py``); build a game with ``richard3.new_game``.

Sides are ints: ``LANCASTER`` 0, ``YORK`` 1. Every public method that takes a side also accepts
"Lancaster" / "York".
"""

from __future__ import annotations

from .actions import Action, IllegalAction, parse_action
from .events import as_dict
from .ids import (ACTION, BATTLE, DEAD, ENDED, EVENT_NAMES, MERC_DOWN, MINOR, NA, NB, NBORDER,
                  OVER, PHASE_NAMES, POOL, POOL_DOWN, PRISON, PUBLIC, SIDE_NAMES, C, quote,
                  side_id)
from .narrate import line
from .savecheck import load_state
from .scenario import Scenario
from .sequence import HANDLERS, settle
from .setup import setup
from .state import State
from .whereabouts import update


class Game(State):
    """One game of Richard III: its state (``State``), legal actions and the rules applied to
    them.

    Public API (OpenSpiel / python-chess style): ``active_sides()``, ``legal_actions(side)``,
    ``apply(side, action)`` and its fast path ``play(side, action)``, ``observation(side)``,
    ``copy()``, ``reseed(seed)``, ``to_json()`` / ``Game.from_json(text)``, ``record``,
    ``log`` / ``log_for(side)`` / ``events_for(side)``, ``winner`` / ``reason`` once over.
    Build one with ``richard3.new_game``.
    """

    __slots__ = ()

    @classmethod
    def from_json(cls, text) -> "Game":
        """Rebuild a game from ``to_json`` output (a str, bytes or the parsed dict).

        Every field is checked (type, length, range) and so are the invariants that tie the
        fields together (``savecheck``); the game built shares no list with ``text`` when it
        is a dict. Older saves still load: version 1 (engine 0.1.0, its log in English: the
        log is rebuilt from the record when it replays), ``rng`` and ``seed`` as JSON
        integers, no ``whereabouts`` (nothing known), no ``record`` (``Game.record`` is then
        None). Raises ValueError naming the field that is wrong; never another exception,
        never hangs.
        """
        g = load_state(cls, text)
        if g._log is not None and g._log[2] == "text" and g._record is not None:
            _rebuild_log(g)
        return g

    # ------------------------------------------------------------------------- public API
    def active_sides(self) -> list[int]:
        """The sides that must decide now (both during the secret card play); [] when over."""
        return HANDLERS[self.phase].active(self)

    def legal_actions(self, side) -> list[Action]:
        """Every legal action for ``side`` now (empty if that side need not decide).

        A new list each call: the caller may change it without touching the game.
        Raises ValueError for a side that is not 0, 1, "Lancaster" or "York".
        """
        return self._legal(side_id(side))[:]

    def _legal(self, s: int) -> list[Action]:
        """The cached list of ``legal_actions(s)`` (engine-internal: never hand it out)."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = [None, None]
        if cache[s] is None:
            handler = HANDLERS[self.phase]
            cache[s] = handler.legal(self, s) if s in handler.active(self) else []
        return cache[s]

    def apply(self, side, action) -> None:
        """Apply ``action`` (an Action, or its notation as a string) for ``side`` and add it
        to the game's record.

        Raises ValueError for a side that is not 0, 1, "Lancaster" or "York"; IllegalAction,
        saying why, for anything that is not one of ``legal_actions(side)`` now (a forged
        Action, another type); the game is then unchanged.
        """
        s = side_id(side)
        if isinstance(action, str):
            action = parse_action(self, s, action)
        if self.phase == OVER:
            raise IllegalAction(f"the game is over: {self.reason}")
        legal = self._legal(s)
        try:
            action = legal[legal.index(action)]    # the engine's own Action (ints, not 3.0)
        except ValueError:
            raise IllegalAction(self.why_illegal(s, _describe(action), legal)) from None
        if self._record is not None:
            self._record = (self._record, s, action)
        self.play(s, action)

    def play(self, s: int, action: Action) -> None:
        """The fast path of ``apply`` for search: apply ``action``, which must be one of
        ``legal_actions(s)`` of this very moment (``s`` 0 or 1), without checking it and
        without adding it to the record. An action that is not legal now leaves the game in
        a state the rules cannot reach: use ``apply`` for anything that did not come from
        ``legal_actions``."""
        self._legal_cache = None
        if self.whereabouts is None:        # a search's copy that keeps none (forget_history)
            HANDLERS[self.phase].apply(self, s, action)
            if self.step == ENDED:
                settle(self)
            self._legal_cache = None
            return
        loc, shown = self.loc[:], self.shown[:]
        HANDLERS[self.phase].apply(self, s, action)
        if self.step == ENDED:
            settle(self)
        if loc != self.loc or shown != self.shown:
            update(self, loc, shown)
        self._legal_cache = None

    def why_illegal(self, s: int, what: str, legal: list) -> str:
        """The message of an IllegalAction: whose decision it is, and what is legal."""
        phase = PHASE_NAMES[self.phase]
        if self.phase == OVER:
            return f"the game is over: {self.reason}"
        if not legal:
            waiting = " and ".join(SIDE_NAMES[x] for x in self.active_sides())
            return (f"{SIDE_NAMES[s]} has no decision to make now ({phase} phase; "
                    f"waiting for {waiting})")
        return (f"{what} is not a legal action for {SIDE_NAMES[s]} now ({phase} phase); "
                f"legal: " + ", ".join(str(a) for a in legal[:8])
                + (f" and {len(legal) - 8} more" if len(legal) > 8 else ""))

    # --------------------------------------------------------------------------- the log
    @property
    def log(self) -> list[str]:
        """Every log line so far, in order, including each side's private lines (English,
        written from the events by ``narrate``)."""
        return [line(kind, fields) for _, kind, fields in self.events()]

    def log_for(self, side) -> list[str]:
        """The log lines ``side`` may see: public lines and its own private ones."""
        s = side_id(side)
        return [line(kind, fields) for vis, kind, fields in self.events()
                if vis == PUBLIC or vis == s]

    def events_for(self, side) -> list[dict]:
        """The events ``side`` may see, as dicts ({"kind", "vis", and the kind's fields by
        name: ids as ints, see ``events.EVENTS``}), in the order of ``log_for(side)``."""
        s = side_id(side)
        return [as_dict(vis, kind, fields) for vis, kind, fields in self.events()
                if vis == PUBLIC or vis == s]

    def observation(self, side) -> dict:
        """A JSON-serialisable dict of all that ``side`` may know, and nothing more.

        Keys: side, scenario, campaign, turn, last_campaign, phase, king, kings (the KING and
        PRETENDER blocks when known to this side: one's own always, the enemy's when on the
        map it is public who he is, but his area only if revealed), player1, active, hand,
        played (own card; the enemy's only once revealed), enemy_hand_size, deck_size,
        mulligan_used, ap, event, activated, muster, border_used (this side's counts),
        own_blocks (list of {block, area, strength, moved, reserve}), enemy_counts (area ->
        number of enemy blocks there), revealed (enemy blocks revealed in the current battle:
        {block, area, strength}), pool (own pool blocks), enemy_pool_size, dead (every
        permanently eliminated block, public), minors (both sides, public), prisoner,
        battle (public battle record from the battle module), winner, reason, seed (the game's
        seed once it is over, else None), log.

        Every dict and list is ordered by public keys only (enemy_counts by area id, revealed
        blocks by area id then block, which both sides see), never by the ids of hidden enemy
        blocks, so the JSON text of two games that differ only in hidden facts is identical.
        """
        s = side_id(side)
        e = 1 - s
        own, revealed, pool, dead, minors = [], [], [], [], {}
        per_area = [0] * NA
        enemy_pool = 0
        for b in range(NB):
            where = self.loc[b]
            owner = self.owner(b)
            if where == DEAD:
                dead.append(C.block_names[b])
                continue
            if where == MINOR:
                minors.setdefault(SIDE_NAMES[owner], []).append(C.block_names[b])
                continue
            if owner == s:
                if where < NA:
                    own.append({"block": C.block_names[b], "area": C.area_names[where],
                                "strength": self.strength[b], "moved": self.moved[b],
                                "reserve": self.reserve[b]})
                elif where in (POOL, POOL_DOWN):
                    pool.append({"block": C.block_names[b], "face_down": where == POOL_DOWN})
                elif where == MERC_DOWN:
                    own.append({"block": C.block_names[b], "area": "home (face-down)",
                                "strength": 0, "moved": 0, "reserve": 0})
            elif owner == e:
                if where < NA:
                    per_area[where] += 1
                    if self.shown[b]:
                        revealed.append({"block": C.block_names[b], "area": C.area_names[where],
                                         "strength": self.strength[b]})
                elif where in (POOL, POOL_DOWN):
                    enemy_pool += 1
        # Ordered by public keys only (area id), never by the ids of hidden blocks.
        counts = {C.area_names[a]: n for a, n in enumerate(per_area) if n}
        revealed.sort(key=lambda r: C.area_id[r["area"]])      # stable: then block order
        both_played = self.revealed
        return {
            "side": SIDE_NAMES[s], "scenario": self.scenario, "campaign": self.campaign,
            "turn": self.turn, "last_campaign": self.last_campaign,
            "phase": PHASE_NAMES[self.phase], "king": SIDE_NAMES[self.king],
            "crowned": {SIDE_NAMES[x]: (C.block_names[self.crowned[x]]
                                        if self.crowned[x] >= 0 else None) for x in (0, 1)},
            "player1": SIDE_NAMES[self.p1] if self.p1 >= 0 else None,
            "active": [SIDE_NAMES[x] for x in self.active_sides()],
            "hand": [C.card_names[c] for c in self.hands[s]],
            "played": {SIDE_NAMES[s]: _card(self.played[s]),
                       SIDE_NAMES[e]: _card(self.played[e]) if both_played else None},
            "enemy_hand_size": len(self.hands[e]),
            "deck_size": len(self.deck),
            "mulligan_used": {SIDE_NAMES[x]: bool(self.mulligan_used[x]) for x in (0, 1)},
            "acting": SIDE_NAMES[self.acting] if self.acting >= 0 else None,
            "ap": self.ap if self.phase == ACTION else 0,
            "event": EVENT_NAMES.get(self.event) if self.event else None,
            "activated": [C.area_names[a] for a in self.activated],
            "muster": C.area_names[self.muster] if self.muster >= 0 else None,
            "border_used": {f"{C.area_names[a]}|{C.area_names[b]}": self.border_used[s * NBORDER + k]
                            for k, (a, b) in enumerate(C.border_ends)
                            if self.border_used[s * NBORDER + k]},
            "own_blocks": own, "enemy_counts": counts, "revealed": revealed, "pool": pool,
            "enemy_pool_size": enemy_pool, "dead": dead, "minors": minors,
            "prisoner": C.block_names[self.prisoner] if self.prisoner >= 0 and
            self.loc[self.prisoner] == PRISON else None,
            "battle": HANDLERS[BATTLE].public(self) if self.phase == BATTLE else None,
            "winner": SIDE_NAMES[self.winner] if self.winner >= 0 else None,
            "reason": self.reason or None,
            "seed": self.seed if self.phase == OVER else None,
            "log": self.log_for(s),
        }


def new_game(scenario_id: str = "1460", seed: int | None = 0,
             scenario: Scenario | None = None) -> Game:
    """Return a new game of the scenario ("1460", "1470" or "1483") with the given seed (4.0).

    The same seed replays the same game. ``seed=None`` draws a 63-bit seed from the system's
    secure generator, which neither side can guess. The seed is kept in the state (saves,
    replays) but shown in no observation and no log line until the game is over: from it
    every card dealt and every die rolled could be rebuilt (Fog-of-War).

    Blocks are deployed as the scenario says (4.1-4.6) at full strength, the cards are dealt
    (1.0) and the game waits for the mulligan offers or the first card play.
    Raises KeyError for an unknown scenario, ScenarioError for a malformed scenario file.
    """
    return setup(Game, scenario_id, seed, scenario)


def _rebuild_log(g: Game) -> None:
    """A save of version 1 (engine 0.1.0) kept its log as English lines ("text" events): when
    its record replays to the very same state, take the replay's log of events instead (the
    page's summaries and arrows read events) and its seen strengths (which no such save kept);
    else keep the lines."""
    rec = g.record
    replay = new_game(g.scenario, seed=g.seed)
    try:
        for side, text in rec["actions"]:
            replay.apply(side, text)
    except (IllegalAction, ValueError):
        return
    if all(getattr(replay, f) == getattr(g, f) for f in State._FIELDS if f != "seen_strength"):
        g._log, g.seen_strength = replay._log, replay.seen_strength


def _card(c: int):
    return C.card_names[c] if c >= 0 else None


def _describe(action) -> str:
    """An action's notation for a message, or its cut repr if it has none (a forged one)."""
    try:
        return quote(str(action))
    except Exception:  # noqa: BLE001 -- Action("play", 99), Action("fly"): no notation
        return quote(action)
