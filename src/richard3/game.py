"""The game state and the engine API every driver uses (UI, AI, command line, tests, replays).

A ``Game`` holds the whole state of one game in flat lists indexed by integer ids (areas 0-32,
blocks 0-62, cards 0-24, borders 0-61), with the static facts kept apart in ``Components``; so a
copy for AI search is a handful of list slices. The rules live in the phase modules
(``cards``, ``movement``, ``battle``, ``supply``, ``politics``); this module dispatches to them,
owns the shared helpers (control of areas, dice, eliminations 6.8, the log) and the observation
that hides what a side may not know.

Sides are ints: ``LANCASTER`` 0, ``YORK`` 1. Every public method that takes a side also accepts
"Lancaster" / "York".
"""

from __future__ import annotations

import json

from . import rng
from .actions import Action, IllegalAction
from .components import (HEIR, LANCASTER, MERCENARY, NOBLE, REBEL, REBEL_TYPE,
                         SIDE_IDS, SIDE_NAMES, YORK, load_components)

C = load_components()
NA = len(C.area_names)      # 33 areas
NB = len(C.block_names)     # 63 blocks
NBORDER = len(C.border_ends)

# Off-map locations of a block (``Game.loc`` values >= NA).
POOL = 40        # standing in its owner's pool: can be recruited (4.2)
POOL_DOWN = 41   # face-down in the pool: cannot be recruited this campaign (6.83-6.86)
MINOR = 42       # a minor heir not yet in play (4.5)
OFF = 43         # the other version of a two-version noble is in play (4.6)
DEAD = 44        # permanently eliminated
MERC_DOWN = 45   # eliminated mercenary, face-down at its home until the reset (6.85)
PRISON = 46      # Henry VI, prisoner in the Tower (1470 scenario)
LOC_NAMES = {POOL: "pool", POOL_DOWN: "pool (face-down)", MINOR: "minor", OFF: "off-map",
             DEAD: "dead", MERC_DOWN: "home (face-down)", PRISON: "prisoner"}

# Phases of a game turn (1.0) and of the political turn (8.0).
MULLIGAN, CARDS, ACTION, BATTLE, SUPPLY, POLITICAL, OVER = range(7)
PHASE_NAMES = ("mulligan", "cards", "action", "battle", "supply", "political", "over")

SEA_ENTRY = -2   # ``entry`` value of a block that came in by sea (Piracy attack)
PUBLIC = -1      # log visibility: both sides

EVENT_NAMES = {"force_march": "Force March", "muster": "Muster", "piracy": "Piracy",
               "plague": "Plague", "surprise": "Surprise", "treason": "Treason"}


def side_id(side) -> int:
    """Return 0 or 1 for a side given as the int 0 / 1 or the name "Lancaster" / "York".

    Raises ValueError for anything else (another name or case, a bool, a float, None).
    """
    if isinstance(side, str):
        if side in ("Lancaster", "York"):
            return SIDE_IDS[side]
    elif type(side) is int and side in (LANCASTER, YORK):
        return side
    raise ValueError(f"unknown side {quote(side)}: use 0, 1, 'Lancaster' or 'York'")


def quote(value, limit: int = 200) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for error messages that quote their
    input (a forged save or action may be huge)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 -- a value whose repr fails is still described
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


class Game:
    """One game of Richard III: state, legal actions and the rules applied to them.

    Public API (OpenSpiel / python-chess style):
    ``active_sides()``, ``legal_actions(side)``, ``apply(side, action)``,
    ``observation(side)``, ``copy()``, ``to_json()`` / ``Game.from_json(text)``, ``log``,
    ``winner`` / ``reason`` once over. Build one with ``richard3.new_game``.

    State fields (all plain ints / lists of ints, see ``_FIELDS``):

    - ``loc[b]``: area id 0-32, or an off-map location (POOL, POOL_DOWN, MINOR, OFF, DEAD,
      MERC_DOWN, PRISON); ``strength[b]``: current strength (steps) 1..max; 0 when off-map.
    - ``king``: the side that is KING; ``crowned[s]``: the block that is KING / PRETENDER of
      side s, or -1 between the death of one and the next supply phase (6.81).
    - ``campaign`` (1-3), ``turn`` (1-7), ``phase`` (MULLIGAN..OVER), ``step`` (sub-step of
      the phase, owned by the phase module).
    - cards: ``deck`` (undealt, in order), ``hands[s]``, ``played[s]`` (card or -1),
      ``revealed`` (both cards shown), ``mulligan_used[s]``, ``p1`` (Player 1 this turn).
    - action phase: ``acting`` (side moving now), ``ap`` (AP left), ``event`` (event key of
      the acting card or ""), ``activated`` (areas activated by the acting side),
      ``muster`` (muster area or -1), ``port_bonus`` ((from, to) major ports of a pending free
      port-to-port sea move, or (-1, -1)), ``moved[b]`` (0 no, 1 land, 2 sea, 3 recruited),
      ``border_used[s * NBORDER + k]`` (blocks of side s that crossed border k this turn),
      ``entry[b]`` (border used to enter its area this turn, SEA_ENTRY by sea, -1 none),
      ``reserve[b]`` (1 if in Reserve for its battle, 6.3), ``attacker[a]`` (side that attacked
      area a this turn or -1), ``main_border[a]`` (the attacker's Main Attack border, 6.3),
      ``treason`` (side holding an unused Treason roll this turn, or -1).
    - battle, supply, political: ``battle`` (a list-of-ints record owned by ``battle``,
      empty when no battle is being fought), ``pending`` (queue of pending decisions owned by
      the phase modules), ``heirs_lost[s]`` (heirs of side s killed since the last supply
      phase, 6.82), ``stats``.
    - ``whereabouts[b]``: where block b may be as its enemy knows from public history (a bit
      mask of areas and the pool, ``whereabouts.py``); ``shown[b]``: revealed in battle.
    - ``winner`` (side or -1), ``reason``; the generator ``rng``; the log.
    """

    _FIELDS = ("scenario", "seed", "rng", "loc", "strength", "king", "crowned", "campaign",
               "turn", "first_campaign", "last_campaign", "phase", "step", "deck", "hands",
               "played", "revealed", "mulligan_used", "p1", "acting", "ap", "event",
               "activated", "muster", "port_bonus", "moved", "border_used", "entry", "reserve",
               "attacker", "main_border", "treason", "battle", "pending", "heirs_lost",
               "prisoner", "stats", "winner", "reason", "shown", "whereabouts")
    __slots__ = _FIELDS + ("_log", "_legal_cache", "_record")

    # ------------------------------------------------------------------ construction / copy
    def copy(self) -> "Game":
        """Return an independent copy (cheap: list slices; the log is shared immutably)."""
        g = Game.__new__(Game)
        g.scenario, g.seed, g.rng = self.scenario, self.seed, self.rng
        g.loc, g.strength = self.loc[:], self.strength[:]
        g.king, g.crowned = self.king, self.crowned[:]
        g.campaign, g.turn, g.first_campaign, g.last_campaign = (
            self.campaign, self.turn, self.first_campaign, self.last_campaign)
        g.phase, g.step = self.phase, self.step
        g.deck, g.hands, g.played = self.deck[:], [self.hands[0][:], self.hands[1][:]], self.played[:]
        g.revealed, g.mulligan_used, g.p1 = self.revealed, self.mulligan_used[:], self.p1
        g.acting, g.ap, g.event = self.acting, self.ap, self.event
        g.activated, g.muster, g.port_bonus = self.activated[:], self.muster, self.port_bonus
        g.moved, g.border_used = self.moved[:], self.border_used[:]
        g.entry, g.reserve = self.entry[:], self.reserve[:]
        g.attacker, g.main_border, g.treason = self.attacker[:], self.main_border[:], self.treason
        g.battle, g.pending = self.battle[:], [p[:] for p in self.pending]
        g.heirs_lost, g.prisoner, g.stats = self.heirs_lost[:], self.prisoner, self.stats[:]
        g.winner, g.reason, g.shown = self.winner, self.reason, self.shown[:]
        g.whereabouts = self.whereabouts[:]
        g._log = self._log
        g._record = self._record
        g._legal_cache = None
        return g

    def to_json(self) -> str:
        """Serialise the whole state (log and record included) to a JSON string.

        The fields of ``_FIELDS`` as they are, but ``seed`` and the 64-bit generator state
        ``rng`` as decimal strings (exact in any JSON reader, JavaScript's too); ``log`` as
        [visibility, text] pairs; ``record`` as ``Game.record`` gives it (null for a game
        loaded from a save made before records were kept). See ``from_json``.
        """
        d = {"format": "richard3-game", "version": 1}
        for f in self._FIELDS:
            d[f] = getattr(self, f)
        d["seed"], d["rng"] = str(self.seed), str(self.rng)
        d["log"] = self._log_list()
        d["record"] = self.record
        return json.dumps(d, separators=(",", ":"))

    @property
    def record(self) -> dict | None:
        """The game's record, from which ``richard3.record.replay`` rebuilds it exactly:
        ``{"scenario": "1470", "seed": "<decimal>", "actions": [[side, notation], ...]}``,
        every action applied through ``apply`` in order (side 0 Lancaster, 1 York), or None
        for a game loaded from a save that had no record."""
        node = self._record
        if node is None:
            return None
        actions = []
        while node:
            node, s, a = node
            actions.append([s, a if isinstance(a, str) else str(a)])
        actions.reverse()
        return {"scenario": self.scenario, "seed": str(self.seed), "actions": actions}

    def record_json(self) -> str:
        """The record as JSON text (``{"format": "richard3-record", "version": 1, "scenario",
        "seed", "actions"}``), for "Export game record"; ``python -m richard3 replay FILE``
        replays it. Raises ValueError if the game has no record (see ``record``)."""
        rec = self.record
        if rec is None:
            raise ValueError("this game has no record: it was loaded from a save made before "
                             "records were kept")
        return json.dumps({"format": "richard3-record", "version": 1, **rec},
                          separators=(",", ":"))

    @classmethod
    def from_json(cls, text) -> "Game":
        """Rebuild a game from ``to_json`` output (a str, bytes or the parsed dict).

        Every field is checked (type, length, range) and so are the invariants that tie the
        fields together (``savecheck``); the game built shares no list with ``text`` when it
        is a dict. Older saves still load: ``rng`` and ``seed`` as JSON integers, no
        ``whereabouts`` (nothing known), no ``record`` (``Game.record`` is then None).
        Raises ValueError naming the field that is wrong; never another exception, never
        hangs.
        """
        from .savecheck import load_state
        return load_state(cls, text)

    # ------------------------------------------------------------------------- public API
    def active_sides(self) -> list[int]:
        """The sides that must decide now (both during the secret card play); [] when over."""
        from .phases import HANDLERS
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
            from .phases import HANDLERS
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
            from .actions import parse_action
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
        self._apply_legal(s, action)

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

    def _apply_legal(self, s: int, action: Action) -> None:
        """Apply an action already known to be legal (engine-internal and AI fast path)."""
        from .phases import HANDLERS
        from .whereabouts import update
        self._legal_cache = None
        loc, shown = self.loc[:], self.shown[:]
        HANDLERS[self.phase].apply(self, s, action)
        if loc != self.loc or shown != self.shown:
            update(self, loc, shown)
        self._legal_cache = None

    @property
    def log(self) -> list[str]:
        """Every log line so far, in order, including each side's private lines."""
        return [text for _, text in self._log_list()]

    def log_for(self, side) -> list[str]:
        """The log lines ``side`` may see: public lines and its own private ones."""
        s = side_id(side)
        return [text for vis, text in self._log_list() if vis == PUBLIC or vis == s]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

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
        from .phases import HANDLERS
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

    # ---------------------------------------------------------------------- shared helpers
    def owner(self, b: int) -> int:
        """The side a block fights for: its own, or the PRETENDER's for the Rebel (3.26)."""
        s = C.side[b]
        return 1 - self.king if s == REBEL else s

    def pretender(self) -> int:
        return 1 - self.king

    def blocks_in(self, area: int, side: int) -> list[int]:
        """Blocks of ``side`` in ``area`` (area id 0-32)."""
        loc, rebel = self.loc, C.rebel
        out = [b for b in range(NB) if loc[b] == area and C.side[b] == side]
        if loc[rebel] == area and side == 1 - self.king:
            out.append(rebel)
        return out

    def presence(self) -> tuple[list[int], list[int]]:
        """Per area, the number of Lancaster and of York blocks on it: (lanc[33], york[33])."""
        counts = ([0] * NA, [0] * NA)
        loc, side = self.loc, C.side
        pretender = 1 - self.king
        for b in range(NB):
            a = loc[b]
            if a < NA:
                s = side[b]
                counts[pretender if s == REBEL else s][a] += 1
        return counts

    def roll(self, n: int) -> list[int]:
        """Roll n six-sided dice with the game's generator."""
        out = []
        st = self.rng
        for _ in range(n):
            st, x = rng.below(st, 6)
            out.append(x + 1)
        self.rng = st
        return out

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place with the game's generator (Fisher-Yates)."""
        st = self.rng
        for i in range(len(items) - 1, 0, -1):
            st, j = rng.below(st, i + 1)
            items[i], items[j] = items[j], items[i]
        self.rng = st

    def say(self, text: str, vis: int = PUBLIC) -> None:
        """Append a log line; ``vis`` PUBLIC, or the only side that may see it."""
        self._log = (self._log, vis, text)

    def _log_list(self) -> list[tuple[int, str]]:
        out = []
        node = self._log
        while node is not None:
            node, vis, text = node
            out.append((vis, text))
        out.reverse()
        return out

    def heirs_alive(self, side: int) -> list[int]:
        """Heirs of ``side`` that live (on the map, in exile, minor or prisoner), senior first.

        A defected Clarence or Exeter is not an heir of either side (9.1): only the version
        of the heir's own side in play counts.
        """
        return [b for b in C.heirs[side] if self.loc[b] not in (DEAD, OFF)]

    def senior_heir(self, side: int, include_minors: bool = False) -> int:
        """The senior living heir of ``side`` in play (not minor, not prisoner), or -1."""
        for b in C.heirs[side]:
            where = self.loc[b]
            if where < NA or (include_minors and where == MINOR):
                return b
        return -1

    def name(self, b: int) -> str:
        return C.block_names[b]

    def eliminate(self, b: int, cause: str = "") -> None:
        """Remove block b from the map as 6.8 prescribes, and log it (public).

        6.81/6.82 heirs are dead for good (``heirs_lost`` counts them for the minors' entry at
        the next supply phase; a dead KING/PRETENDER leaves ``crowned`` empty until then), a
        defected Clarence or Exeter too, both versions, his own side's minor entering (9.1);
        6.83 rose nobles and the Nevilles are dead (both versions of a Neville), other nobles
        and church go face-down to their pool; 6.84 levies and bombards face-down to the pool; 6.85 mercenaries face-down
        at home, the Welsh face-down in the Lancaster pool; 6.86 the Rebel face-down to the
        PRETENDER pool. The log names the block publicly if it was revealed in battle or is
        dead for good; otherwise only its owner sees the name. The victory check (9.0) follows.
        """
        t = C.btype[b]
        side = self.owner(b)
        area = self.loc[b]
        other = C.counterpart[b]
        where = C.area_names[area] if area < NA else LOC_NAMES.get(area, "?")
        known = self.shown[b]
        self.strength[b] = 0
        self.reserve[b] = 0
        self.shown[b] = 0
        self.loc[b] = place = elimination_place(b)
        if place == DEAD:
            if other >= 0:              # both versions of a two-version block die
                self.loc[other] = DEAD
            if t == HEIR or (other >= 0 and C.btype[other] == HEIR):
                # An heir is dead for good even while he serves the other side as a noble
                # (9.1): his own side's next minor enters (6.82).
                self.heirs_lost[C.side[b] if t == HEIR else C.side[other]] += 1
                for s in (0, 1):
                    if self.crowned[s] == b:
                        self.crowned[s] = -1
            fate = "is dead"
        elif place == MERC_DOWN:
            fate = "goes face-down to its home"
        elif t == MERCENARY:
            fate = "goes face-down to the Lancaster pool"
        elif t == REBEL_TYPE:
            fate = "goes face-down to the PRETENDER's pool"
        else:
            fate = "goes face-down to the pool"
        self.stats[side] += 1
        why = f" ({cause})" if cause else ""
        if known or self.loc[b] == DEAD:      # revealed in battle, or dead: public record
            self.say(f"{SIDE_NAMES[side]} {C.block_names[b]} is eliminated in {where}{why} "
                     f"and {fate} (6.8).")
        else:                                 # a hidden block keeps its secret (6.83-6.86)
            self.say(f"A {SIDE_NAMES[side]} block is eliminated in {where}{why} (6.8).", 1 - side)
            self.say(f"{SIDE_NAMES[side]} {C.block_names[b]} is eliminated in {where}{why} "
                     f"and {fate} (6.8).", side)
        self.check_heirs_victory()

    def check_heirs_victory(self) -> None:
        """9.0: a side with no heir left loses at once (1483: its sole heir)."""
        if self.phase == OVER:
            return
        for s in (0, 1):
            if not self.heirs_alive(s):
                self.end_game(1 - s, f"every {SIDE_NAMES[s]} heir is dead (9.0)")
                return

    def end_game(self, winner: int, reason: str) -> None:
        """Set the winner and close the game (9.0). A game that ends before its campaign's
        political turn (every heir of a side dead) still counts that campaign as one of the
        KING's (``stats[3 + king]``), as the political turn would have."""
        if self.phase != POLITICAL:
            self.stats[3 + self.king] += 1
        self.winner = winner
        self.reason = reason
        self.phase = OVER
        self.pending = []
        self.battle = []
        self.say(f"{SIDE_NAMES[winner]} wins: {reason}.")
        # The seed rebuilds every deal and die: shown only now, for replays (Fog-of-War).
        self.say(f"The game's seed was {self.seed}: the same seed replays this game.")


def elimination_place(b: int) -> int:
    """Where block ``b`` goes when eliminated (6.8): DEAD for an heir (6.81, 6.82), a version of
    Clarence or Exeter (9.1), a rose noble or a Neville (6.83); MERC_DOWN for a mercenary but
    the Welsh (6.85); POOL_DOWN for the others (6.83-6.86)."""
    t = C.btype[b]
    other = C.counterpart[b]
    if t == HEIR or (other >= 0 and C.btype[other] == HEIR):
        return DEAD
    if t == NOBLE and (C.rose[b] or b in C.neville_blocks):
        return DEAD
    return MERC_DOWN if t == MERCENARY and b != C.welsh else POOL_DOWN


class PendingDecisions:
    """Base of the phase handlers whose decisions wait in ``g.pending`` as
    ``[code, side, ...]`` lists (supply 7.0 and the political turn 8.0): the side of the first
    pending decision is the one that must decide."""

    @staticmethod
    def active(g) -> list[int]:
        """The side that must decide now: [0] or [1] (never both in these phases)."""
        return [g.pending[0][1]] if g.pending else []


def _card(c: int):
    return C.card_names[c] if c >= 0 else None


def _describe(action) -> str:
    """An action's notation for a message, or its cut repr if it has none (a forged one)."""
    try:
        return quote(str(action))
    except Exception:  # noqa: BLE001 -- Action("play", 99), Action("fly"): no notation
        return quote(action)
