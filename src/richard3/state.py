"""The state of one game and the helpers every rule module shares (the bottom layer).

A ``State`` holds the whole state of one game in flat lists indexed by integer ids (areas
0-32, blocks 0-62, cards 0-24, borders 0-61; the static facts stay in ``ids.C``), so a copy
for AI search is a handful of list slices. It knows no rule: the rules live in the phase
modules (``cards``, ``movement``, ``battle``, ``supply``, ``politics``) and the rule helpers;
the turn sequence (``sequence``) says which phase follows which; ``game.Game`` adds the public
API (legal actions, apply, observations, loading a save) on top of this class.

The log is a list of events, ``say(vis, kind, *fields)`` (``events.py`` lists every kind and
its fields), kept as data: ``narrate.py`` writes them as English only when someone reads
them, so the AI's rollouts never format a sentence.
"""

from __future__ import annotations

import json

from roses import rng

from .ids import C, DEAD, ENDED, MINOR, NA, NB, OFF, OVER, POLITICAL, PUBLIC, SIDE_NAMES

#: The version of ``to_json``'s format: 2 keeps the log as events (version 1, the engine
#: 0.1.0's, kept it as English lines; ``savecheck`` still reads it).
SAVE_VERSION = 2


class State:
    """The whole state of one game (see ``game.Game`` for the API built on it).

    State fields (all plain ints / lists of ints, see ``_FIELDS``):

    - ``loc[b]``: area id 0-32, or an off-map location (POOL, POOL_DOWN, MINOR, OFF, DEAD,
      MERC_DOWN, PRISON); ``strength[b]``: current strength (steps) 1..max; 0 when off-map.
    - ``king``: the side that is KING; ``crowned[s]``: the block that is KING / PRETENDER of
      side s, or -1 while it has none (6.81).
    - ``campaign`` (1-3), ``turn`` (1-7), ``phase`` (MULLIGAN..OVER), ``step`` (sub-step of
      the phase, owned by the phase module; ``ENDED`` for a moment when the phase is over).
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
      mask of areas and the pool, ``whereabouts.py``), or None in a search's copy
      (``forget_history``); ``seen_strength[b]``: the strength at which its enemy last saw
      block b in battle this campaign, 0 if not since it came onto the map or since the reset
      (public too, ``whereabouts.py``; None in a search's copy); ``shown[b]``: revealed in
      battle.
    - ``winner`` (side or -1), ``reason``; the generator ``rng``; the log (events) and the
      record (actions).
    """

    _FIELDS = ("scenario", "seed", "rng", "loc", "strength", "king", "crowned", "campaign",
               "turn", "first_campaign", "last_campaign", "phase", "step", "deck", "hands",
               "played", "revealed", "mulligan_used", "p1", "acting", "ap", "event",
               "activated", "muster", "port_bonus", "moved", "border_used", "entry", "reserve",
               "attacker", "main_border", "treason", "battle", "pending", "heirs_lost",
               "prisoner", "stats", "winner", "reason", "shown", "whereabouts", "seen_strength")
    __slots__ = _FIELDS + ("_log", "_legal_cache", "_record")

    # ------------------------------------------------------------------ construction / copy
    def copy(self):
        """Return an independent copy of the same class (cheap: list slices; the log and the
        record are shared immutably)."""
        g = self.__class__.__new__(self.__class__)
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
        w = self.whereabouts
        g.whereabouts = None if w is None else w[:]
        seen = self.seen_strength
        g.seen_strength = None if seen is None else seen[:]
        g._log = self._log
        g._record = self._record
        g._legal_cache = None
        return g

    def reseed(self, seed: int) -> None:
        """Give this game (an AI's copy, say) a generator of its own, seeded with ``seed``: its
        later dice and shuffles follow the new seed, so a search can sample chance outcomes
        (fire, charges, treachery, the deal) without touching the game it copied. The record
        is dropped (this game no longer replays from its scenario and seed), and so are the
        cached legal actions: call it after changing a copy's fields."""
        self.rng = rng.seed_state(seed)
        self._record = None
        self._legal_cache = None

    def clear_log(self) -> None:
        """Empty this game's log (to write another history into it, event by event)."""
        self._log = None

    def forget_history(self) -> None:
        """Make this game a search's copy: no log (an AI's determinized copy must not keep the
        other side's private events, and a search needs no history), no record, and no
        whereabouts or seen strengths kept up to date (``whereabouts`` and ``seen_strength``
        None: the search decides from the real game's). Such a copy plays on as fast as the
        rules allow; it cannot be saved."""
        self.clear_log()
        self._record = None
        self.whereabouts = self.seen_strength = None

    def to_json(self) -> str:
        """Serialise the whole state (log and record included) to a JSON string.

        ``{"format": "richard3-game", "version": 2, ...}``: the fields of ``_FIELDS`` as they
        are, but ``seed`` and the 64-bit generator state ``rng`` as decimal strings (exact in
        any JSON reader, JavaScript's too); ``log`` as ``[visibility, kind, field...]`` events
        (``events.py``); ``record`` as ``record`` gives it (null for a game loaded from a save
        made before records were kept). See ``Game.from_json``.
        """
        d = {"format": "richard3-game", "version": SAVE_VERSION}
        for f in self._FIELDS:
            d[f] = getattr(self, f)
        d["seed"], d["rng"] = str(self.seed), str(self.rng)
        d["log"] = [[vis, kind, *fields] for vis, kind, fields in self.events()]
        d["record"] = self.record
        return json.dumps(d, separators=(",", ":"))

    @property
    def record(self) -> dict | None:
        """The game's record, from which ``richard3.record.replay`` rebuilds it exactly:
        ``{"scenario": "1470", "seed": "<decimal>", "actions": [[side, notation], ...]}``,
        every action applied through ``apply`` in order (side 0 Lancaster, 1 York), or None
        for a game loaded from a save that had no record (or a reseeded copy)."""
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

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    # --------------------------------------------------------------------------- the log
    def say(self, vis: int, kind: str, *fields) -> None:
        """Add an event to the log: ``vis`` PUBLIC, or the only side that may see it; ``kind``
        and its ``fields`` (ints, tuples of ints, short texts) as ``events.EVENTS`` lists them.
        Nothing is formatted here."""
        self._log = (self._log, vis, kind, fields)

    def events(self) -> list[tuple[int, str, tuple]]:
        """Every event so far, in order, as ``(vis, kind, fields)`` (both sides' included)."""
        out = []
        node = self._log
        while node is not None:
            node, vis, kind, fields = node
            out.append((vis, kind, fields))
        out.reverse()
        return out

    # ---------------------------------------------------------------------- shared helpers
    def owner(self, b: int) -> int:
        """The side a block fights for: its own, or the PRETENDER's for the Rebel (3.26)."""
        s = C.side[b]
        return 1 - self.king if s == 2 else s

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
                counts[pretender if s == 2 else s][a] += 1
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

    def end_phase(self) -> None:
        """The phase module's part is done: the turn sequence begins the next phase."""
        self.step = ENDED

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
        self.say(PUBLIC, "won_game", winner, reason)
        # The seed rebuilds every deal and die: shown only now, for replays (Fog-of-War).
        self.say(PUBLIC, "seed", str(self.seed))


class PendingDecisions:
    """Base of the phase handlers whose decisions wait in ``g.pending`` as
    ``[code, side, ...]`` lists (supply 7.0 and the political turn 8.0): the side of the first
    pending decision is the one that must decide."""

    @staticmethod
    def active(g) -> list[int]:
        """The side that must decide now: [0] or [1] (never both in these phases)."""
        return [g.pending[0][1]] if g.pending else []


def must_choose(g, task: list[int], candidates: list[int], do) -> bool:
    """One step of a "choose ``task[3]`` more of these blocks" task (supply losses 7.1/7.2,
    exile extras to the pool 8.5): drop the task when done, apply a forced pick with
    ``do(g, task, block)``, or return True when the owner has a real choice."""
    if task[3] <= 0 or not candidates:
        g.pending.pop(0)
    elif len(candidates) <= task[3]:
        do(g, task, candidates[0])
    else:
        return True
    return False
