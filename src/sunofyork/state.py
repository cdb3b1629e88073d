"""The state of one battle of Sun of York (and of a campaign around it): plain lists and ints,
so that a copy is cheap (the AI copies games) and the JSON form is direct.

Cards are known by side and id (1-110, 2.0). Where a card is: ``loc[side][id]``, one of the
places below or a position (``field.py``, 0-12). The cards in a position: ``at[p][side]``, in
the order they came. The deck, hand and discard pile keep their own order (the deck's top is its
end). Per card: ``hits`` (Hit markers not yet checked, 6.2.1), ``lost`` (Cohesion lost) and
``flags`` (the markers below). ``flank_rolled``: 1 once the active player has rolled flank dice
in this Movement step, after which no further attempt may be specified (6.2.3 B).
"""

from __future__ import annotations

from roses import rng

from .field import NPOS

# where a card is, besides a position (>= 0)
DECK, HAND, DISCARD, OUT, BESIDE, ASIDE, DEALT = -1, -2, -3, -4, -5, -6, -7
PLACE_NAMES = {DECK: "deck", HAND: "hand", DISCARD: "discard", OUT: "out", BESIDE: "beside",
               ASIDE: "aside", DEALT: "dealt"}

# card markers (flags)
ATTACKED = 1        # 6.2.2 "Attacked" marker: may not move this turn
FATIGUED = 2        # 8.0 Fatigue
COMMITTED = 4       # 6.2.2 Leader Commitment marker
LEADER_HIT = 8      # 6.2.2 a committed leader's die hit this leader
ORDERED = 16        # 6.2.3 received orders (moved) this turn
LED = 32            # 6.2.3 began the turn in a position with a friendly leader
DECLARED = 64       # 6.2.2 declared to attack (before the dice)
FLANKING = 128      # 6.2.3 B declared to try a flank move
FACE_DOWN = 256     # 4.0 deployed face-down, not yet revealed
FATIGUE_START = 512  # 8.0 began this turn fatigued
CHARGED = 1024      # 6.2.3 C charged this turn (a morale check follows)
REACTIVATED = 2048  # 8.0 Margaret of Anjou: one reactivation used this turn

# phases
SETUP, MULLIGAN, DEPLOY, TERRAIN, INITIATIVE, MORALE, COMMIT, COMBAT, DAMAGE, MOVEMENT, \
    DISCARD_STEP, BETWEEN, OVER = range(13)
PHASE_NAMES = ("setup", "less random deployment", "deployment", "terrain", "initiative",
               "morale", "leader commitment", "combat", "damage", "movement", "discard",
               "between battles", "over")


class State:
    """The fields of a game; ``Game`` (game.py) adds the API. See the module docstring."""

    __slots__ = ("scenario", "seed", "rng", "options", "phase", "turn", "first", "active",
                 "initiative", "decider", "deck", "hand", "discard", "loc", "at", "hits", "lost",
                 "flags", "captured", "control", "pool", "margaret", "henry", "bonus",
                 "pending", "winner", "reason", "log", "record", "campaign", "quiet",
                 "removed", "dealt", "setaside", "decks", "attacker", "stream", "bridge",
                 "margaret_on", "swaps", "targets", "rolled", "turn_hits", "commit_done",
                 "terrain_done", "fallen", "sc", "weather", "columns", "cavalry_barred",
                 "flank_plus", "present", "flank_rolled", "_legal_cache")

    def copy(self):
        """A deep copy sharing nothing mutable with this game (the decks' cards are
        immutable and shared)."""
        g = object.__new__(type(self))
        g.scenario, g.seed, g.rng, g.options = self.scenario, self.seed, self.rng, self.options
        g.phase, g.turn, g.first, g.active = self.phase, self.turn, self.first, self.active
        g.initiative, g.decider = self.initiative, self.decider
        g.deck = [self.deck[0][:], self.deck[1][:]]
        g.hand = [self.hand[0][:], self.hand[1][:]]
        g.discard = [self.discard[0][:], self.discard[1][:]]
        g.removed = [self.removed[0][:], self.removed[1][:]]
        g.dealt = [self.dealt[0][:], self.dealt[1][:]]
        g.setaside = [self.setaside[0][:], self.setaside[1][:]]
        g.loc = [self.loc[0][:], self.loc[1][:]]
        g.at = [[a[0][:], a[1][:]] for a in self.at]
        g.hits = [self.hits[0][:], self.hits[1][:]]
        g.lost = [self.lost[0][:], self.lost[1][:]]
        g.flags = [self.flags[0][:], self.flags[1][:]]
        g.captured = self.captured[:]
        g.control = self.control[:]
        g.pool, g.margaret, g.henry = self.pool, self.margaret[:], self.henry
        g.bonus = self.bonus[:]
        g.pending = None if self.pending is None else _deep(self.pending)
        g.winner, g.reason, g.quiet = self.winner, self.reason, self.quiet
        g.log = self.log[:]
        g.record = None if self.record is None else self.record[:]
        g.campaign = None if self.campaign is None else _deep(self.campaign)
        g.decks = self.decks
        g.attacker = self.attacker
        g.stream, g.bridge, g.margaret_on = self.stream[:], self.bridge[:], self.margaret_on[:]
        g.swaps, g.targets, g.rolled = self.swaps[:], dict(self.targets), self.rolled
        g.turn_hits, g.commit_done = self.turn_hits, self.commit_done[:]
        g.terrain_done = self.terrain_done[:]
        g.fallen = [self.fallen[0][:], self.fallen[1][:]]
        g.present = [self.present[0][:], self.present[1][:]]
        g.flank_rolled = self.flank_rolled
        g.sc, g.weather, g.columns = self.sc, self.weather, self.columns
        g.cavalry_barred, g.flank_plus = self.cavalry_barred, self.flank_plus
        g._legal_cache = None
        return g

    # ------------------------------------------------------------------ the seeded dice
    def roll(self) -> int:
        """One six-sided die from the game's generator (1-6)."""
        self.rng, x = rng.below(self.rng, 6)
        return x + 1

    def below(self, n: int) -> int:
        self.rng, x = rng.below(self.rng, n)
        return x

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place (Fisher-Yates) with the game's generator."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    # ------------------------------------------------------------------ moving cards
    def card(self, side: int, cid: int):
        return self.decks[side][cid - 1]

    def take(self, side: int, cid: int) -> None:
        """Take card ``cid`` from wherever it is (it must then be put somewhere)."""
        where = self.loc[side][cid]
        if where >= 0:
            self.at[where][side].remove(cid)
        elif where == HAND:
            self.hand[side].remove(cid)
        elif where == DECK:
            self.deck[side].remove(cid)
        elif where == DISCARD:
            self.discard[side].remove(cid)
        elif where == OUT:
            self.removed[side].remove(cid)
        elif where == DEALT:
            self.dealt[side].remove(cid)
        elif where == ASIDE:
            self.setaside[side].remove(cid)

    def put(self, side: int, cid: int, where: int) -> None:
        """Put card ``cid`` (taken from its place first) at ``where`` (a position or a place);
        its markers are cleared when it leaves the field."""
        self.take(side, cid)
        self.loc[side][cid] = where
        if where >= 0:
            self.at[where][side].append(cid)
            return
        self.hits[side][cid] = self.lost[side][cid] = 0
        self.flags[side][cid] = 0
        {HAND: self.hand, DECK: self.deck, DISCARD: self.discard, OUT: self.removed,
         DEALT: self.dealt, ASIDE: self.setaside}.get(where, [[], []])[side].append(cid)

    def units_at(self, p: int, side: int) -> list:
        """The combat units of ``side`` in position ``p`` (3.2 counts these)."""
        deck = self.decks[side]
        return [c for c in self.at[p][side] if deck[c - 1].kind == "unit"]

    def leaders_at(self, p: int, side: int) -> list:
        deck = self.decks[side]
        return [c for c in self.at[p][side] if deck[c - 1].kind == "leader"]

    def cohesion(self, side: int, cid: int) -> int:
        """A unit's current Cohesion: printed less the hits it has stood (6.2.1)."""
        return self.decks[side][cid - 1].cohesion - self.lost[side][cid]


def _deep(x):
    if isinstance(x, list):
        return [_deep(y) for y in x]
    if isinstance(x, dict):
        return {k: _deep(v) for k, v in x.items()}
    return x


def blank(decks, cls=State) -> State:
    """An empty state (of class ``cls``) for the two decks (two tuples of ``Card``)."""
    g = object.__new__(cls)
    n = (len(decks[0]) + 1, len(decks[1]) + 1)
    g.decks = decks
    g.deck, g.hand, g.discard = [[], []], [[], []], [[], []]
    g.removed, g.dealt, g.setaside = [[], []], [[], []], [[], []]
    g.loc = [[DECK] * n[0], [DECK] * n[1]]
    g.at = [[[], []] for _ in range(NPOS)]
    g.hits = [[0] * n[0], [0] * n[1]]
    g.lost = [[0] * n[0], [0] * n[1]]
    g.flags = [[0] * n[0], [0] * n[1]]
    g.captured = [-1, -1, -1]
    g.control = [-1, -1, -1]
    g.pool, g.margaret, g.henry = 0, [0, 0], 0
    g.bonus = [0, 0]
    g.pending = None
    g.winner, g.reason, g.quiet = -1, "", 0
    g.phase, g.turn, g.first, g.active, g.initiative, g.decider = SETUP, 0, -1, -1, -1, -1
    g.log, g.record, g.campaign = [], [], None
    g.scenario, g.seed, g.rng, g.options = "", 0, 0, 0
    g.attacker = -1
    g.stream, g.bridge, g.margaret_on = [0, 0], [0, 0], [0, 0]
    g.swaps, g.targets, g.rolled = [0, 0], {}, 0
    g.turn_hits, g.commit_done, g.terrain_done = 0, [], [0, 0]
    g.fallen = [[], []]
    g.present = [[], []]
    g.flank_rolled = 0
    g.sc, g.weather, g.columns = None, "good", (0, 1, 2)
    g.cavalry_barred, g.flank_plus = frozenset(), {}
    g._legal_cache = None
    return g
