"""The engine's API, every driver's one way in: ``Game`` and ``new_game``.

``Game`` (OpenSpiel's State, python-chess's Board in spirit) is a ``State`` with: who must
decide (``active_sides``), what each side may do (``legal_actions``), doing it (``apply``),
what each side may know (``observation``), the log (``log_for``), ``copy``, ``to_json`` /
``Game.from_json`` and the ``record`` (scenario, seed, options, decks, every action) that
``record.replay`` plays again.

Sides are ints: LANCASTER 0, YORK 1 ("Lancaster" / "York" accepted too). Actions are tuples
whose first item is a verb (docs/sunofyork-actions.md).
"""

from __future__ import annotations

import secrets

from roses import rng

from . import campaign as camp
from .cards import HENRY_VI, SIDE_NAMES
from .decks import standard_deck
from .deployment import (apply_deploy, apply_mulligan, apply_terrain, legal_deploy,
                         legal_mulligan, legal_terrain, play_beside, setup)
from .field import NBATTLE, position
from .movement import apply_movement, legal_movement
from .narrate import sentence
from .scenario import SCENARIO_IDS, load_scenario
from .state import (BETWEEN, COMBAT, COMMIT, DAMAGE, DEALT, DECK, DEPLOY, DISCARD_STEP,
                    FACE_DOWN, HAND, INITIATIVE, MOVEMENT, MULLIGAN, OVER, PHASE_NAMES, TERRAIN,
                    State, blank)
from .turn import (apply_combat, apply_commit, apply_damage, apply_discard, apply_initiative,
                   legal_combat, legal_commit, legal_damage, legal_discard, legal_initiative,
                   roll_initiative)

CAMPAIGN = "campaign"
MAX_TURNS = 120          # docs/sunofyork-rulings.md "Every battle ends"
QUIET_TURNS = 6

HANDLERS = {
    MULLIGAN: (legal_mulligan, apply_mulligan),
    DEPLOY: (legal_deploy, apply_deploy),
    TERRAIN: (legal_terrain, apply_terrain),
    INITIATIVE: (legal_initiative, apply_initiative),
    COMMIT: (legal_commit, apply_commit),
    COMBAT: (legal_combat, apply_combat),
    DAMAGE: (legal_damage, apply_damage),
    MOVEMENT: (legal_movement, apply_movement),
    DISCARD_STEP: (legal_discard, apply_discard),
}


def _apply_between(g, side: int, a: tuple, ev: list) -> None:
    """9.3: once both players have seen the campaign's state, the next battle is laid out."""
    nxt = camp.apply_between(g, side, a, ev)
    if nxt:
        g._emit(ev)
        ev.clear()
        start_battle(g, nxt)


HANDLERS[BETWEEN] = (camp.legal_between, _apply_between)


class IllegalAction(ValueError):
    """An action that is not legal now; the game is left unchanged."""


def side_id(side) -> int:
    """0 or 1 from 0, 1, "Lancaster" or "York"; ValueError otherwise."""
    if side in (0, 1) and not isinstance(side, bool):
        return int(side)
    if isinstance(side, str) and side.capitalize() in SIDE_NAMES:
        return SIDE_NAMES.index(side.capitalize())
    raise ValueError(f"not a side: {side!r} (0, 1, 'Lancaster' or 'York')")


class Game(State):
    """One battle of Sun of York, or a campaign of them (9.3). See the module docstring."""

    __slots__ = ()

    # ------------------------------------------------------------------------ public API
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def active_sides(self) -> list:
        """The sides that must decide now ([] once over)."""
        if self.phase == OVER:
            return []
        if self.phase == BETWEEN:
            return [s for s in (0, 1) if not self.campaign["ready"][s]]
        return [self.decider]

    def legal_actions(self, side) -> list:
        """Every legal action of ``side`` now (a new list; empty if it need not decide)."""
        return list(self._legal(side_id(side)))

    def _legal(self, s: int) -> list:
        if s not in self.active_sides():
            return []
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = [None, None]
        if cache[s] is None:
            cache[s] = HANDLERS[self.phase][0](self, s)
        return cache[s]

    def apply(self, side, action) -> None:
        """Apply ``action`` (a tuple, or a list as read from JSON) for ``side``.

        Raises IllegalAction naming the action if it is not in ``legal_actions(side)``; the
        game is then unchanged.
        """
        s = side_id(side)
        a = tuple(action)
        if a not in self._legal(s):
            raise IllegalAction(f"{SIDE_NAMES[s]} may not {a!r} now "
                                f"({PHASE_NAMES[self.phase]})")
        self.play(s, a)

    def play(self, s: int, a: tuple) -> None:
        """Apply a legal action without checking it (the AI's fast path)."""
        ev: list = []
        if self.record is not None:
            self.record.append([s, list(a)])
        HANDLERS[self.phase][1](self, s, a, ev)
        if self.winner >= 0 and self.phase not in (OVER, BETWEEN):
            # the rules may go on setting their next step after a capture won the battle
            self.phase = OVER if self.campaign is None or self.reason == "campaign" \
                else BETWEEN
            self.pending = None
        self._legal_cache = None
        self._emit(ev)
        if self.campaign is not None and self.campaign.get("news"):
            self._emit(self.campaign.pop("news"))

    def _emit(self, ev: list) -> None:
        for e in ev:
            self.log.append(e)

    # ------------------------------------------------------------------------ hooks the rules call
    def end(self, winner: int, reason: str) -> None:
        """The battle is won (5.0, or the ruling of ``new_turn``)."""
        self.winner, self.reason = winner, reason
        self.flank_rolled = 0
        if self.campaign is not None:
            camp.battle_over(self, winner)
        else:
            self.phase = OVER
        self.pending = None

    def new_turn(self, ev: list) -> None:
        """A new turn (6.1), unless the battle can no longer be won by either side: past
        MAX_TURNS, or both decks spent and QUIET_TURNS turns without a hit; then the defender
        holds the field (docs/sunofyork-rulings.md, "Every battle ends")."""
        if not self.deck[0] and not self.deck[1]:
            self.quiet = self.quiet + 1 if not self.turn_hits else 0
        if self.turn >= MAX_TURNS or self.quiet >= QUIET_TURNS or not self._can_fight():
            d = 1 - self.attacker
            ev.append(("victory", d, "stalemate"))
            self.end(d, "stalemate")
            return
        roll_initiative(self, ev)

    def _can_fight(self) -> bool:
        """Whether either side still has a combat unit anywhere (field, hand or deck)."""
        for s in (0, 1):
            deck = self.decks[s]
            for c in range(1, len(deck) + 1):
                if deck[c - 1].kind == "unit" and (self.loc[s][c] >= 0 or self.loc[s][c] in (
                        HAND, DECK, DEALT)):
                    return True
        return False

    def on_draw(self, side: int, cid: int, ev: list) -> None:
        """King Henry VI must be played beside the field when drawn where the scenario allows
        him (8.0)."""
        card = self.decks[side][cid - 1]
        if card.type == HENRY_VI and HENRY_VI in self.sc.sides[side].may_play \
                and self.henry_available():
            play_beside(self, side, cid, ev)

    def leader_usable(self, side: int, lid: int) -> bool:
        """2.2.1: a leader may fight only in the battles on his card (or those the scenario
        lets in), never in a random scenario from the hand, never where the side may play no
        leaders; 9.1.13's order; 9.3's dead and uncrowned."""
        sc = self.sc
        ss = sc.sides[side]
        card = self.decks[side][lid - 1]
        if sc.random_setup or not ss.leaders:
            return False
        if sc.id not in card.battles and card.key not in (k for k, _ in ss.enter):
            return False
        for key, needed in ss.requires:
            if key == card.key and not self.deployed(side, needed):
                return False
        return not self.campaign_bars(side, lid)

    def deployed(self, side: int, key: str) -> bool:
        """Whether the leader ``key`` has come into this battle."""
        deck = self.decks[side]
        return any(deck[c - 1].key == key and (self.loc[side][c] >= 0 or c in self.fallen[side])
                   for c in range(1, len(deck) + 1)) or key in self.present[side]

    def forced_entry(self, side: int, lid: int) -> int:
        key = self.decks[side][lid - 1].key
        for k, word in self.sc.sides[side].enter:
            if k == key and word:
                return position(side, word)
        return -1

    def held_back(self, side: int, cid: int) -> bool:
        """9.1.13: a leader spent as Orders before the one he needs is deployed is set aside."""
        key = self.decks[side][cid - 1].key
        return any(k == key and not self.deployed(side, n) for k, n in self.sc.sides[side].requires)

    def leader_arrived(self, side: int, lid: int, ev: list) -> None:
        """A leader came into battle: note him (9.3.1) and reshuffle what waited on him
        (9.1.13)."""
        key = self.decks[side][lid - 1].key
        self.present[side].append(key)
        if any(n == key for _, n in self.sc.sides[side].requires) and self.setaside[side]:
            for c in list(self.setaside[side]):
                self.put(side, c, DECK)
            self.shuffle(self.deck[side])

    def campaign_bars(self, side: int, cid: int) -> bool:
        return camp.bars(self, side, cid) if self.campaign is not None else False

    def stand_in(self, side: int, key: str) -> str:
        return camp.stand_in(self, side, key) if self.campaign is not None else ""

    def henry_available(self) -> bool:
        return camp.henry_available(self) if self.campaign is not None else True

    def campaign_beside(self, side: int) -> tuple:
        """Cards the campaign puts beside the field at setup besides the scenario's own
        (9.3.2: King Henry VI "at the next battle")."""
        return camp.beside(self, side) if self.campaign is not None else ()

    def margaret_available(self) -> bool:
        return camp.margaret_available(self) if self.campaign is not None else True

    # ------------------------------------------------------------------------ what a side knows
    def observation(self, side) -> dict:
        """What ``side`` may know (4.0, 6.2.4): everything on the field face-up, both discard
        piles, the counts of decks and hands; its own hand and dealt cards; never the enemy's
        hand, either deck's order, the cards eliminated at setup or the enemy's face-down
        deployment (shown as a count per position)."""
        s = side_id(side)
        field = []
        for p in range(len(self.at)):
            here = []
            for t in (0, 1):
                for c in self.at[p][t]:
                    if t != s and self.flags[t][c] & FACE_DOWN:
                        here.append({"side": t, "hidden": True})
                        continue
                    here.append({"side": t, "card": c, "hits": self.hits[t][c],
                                 "lost": self.lost[t][c], "flags": self.flags[t][c]})
            field.append(here)
        beside = [[c for c in range(1, len(self.decks[t]) + 1) if self.loc[t][c] == -5]
                  for t in (0, 1)]
        return {
            "side": s, "scenario": self.scenario, "phase": PHASE_NAMES[self.phase],
            "turn": self.turn, "active": self.active, "decider": self.decider,
            "initiative": self.initiative, "first": self.first, "pool": self.pool,
            "flank_rolled": self.flank_rolled,
            "margaret": self.margaret[:], "field": field, "beside": beside,
            "hand": sorted(self.hand[s]), "dealt": self.dealt[s][:],
            "hand_counts": [len(self.hand[0]), len(self.hand[1])],
            "deck_counts": [len(self.deck[0]), len(self.deck[1])],
            "discards": [self.discard[0][:], self.discard[1][:]],
            "captured": self.captured[:], "control": self.control[:],
            "winner": self.winner, "reason": self.reason,
            "campaign": camp.public(self) if self.campaign is not None else None,
            # the shipped decks are the project's stand-ins for GMT's cards: say so where shown
            "stand_in": [self.decks[t] == standard_deck(t) for t in (0, 1)],
            "log": [e for e in self.log if visible(e, s)],
        }

    def log_for(self, side) -> list:
        """The log as English sentences, as ``side`` may read it (narrate.py)."""
        s = side_id(side)
        return [sentence(self, e, s) for e in self.log if visible(e, s)]

    # ------------------------------------------------------------------------ saves
    def to_json(self) -> str:
        from .savefile import dump  # the save format sits above the API: imported on use
        return dump(self)

    @classmethod
    def from_json(cls, text) -> "Game":
        """Rebuild a game from ``to_json`` text; ValueError naming the field that is wrong."""
        from .savefile import load  # imported on use (savefile imports this module)
        return load(cls, text)


#: events only their own side may read: what it drew, swapped, kept and deployed face-down
PRIVATE = {"deployed", "swapped", "drew_card"}


def visible(e: tuple, side: int) -> bool:
    return e[0] not in PRIVATE or e[1] == side


def derive(g, sc) -> None:
    """Fields that follow from the scenario (not saved)."""
    g.sc = sc
    g.weather = sc.weather
    g.columns = (1,) if sc.centre_only else (0, 1, 2)
    barred = set()
    for side, word in sc.cavalry_barred:
        barred.add(position(side, word))
    g.cavalry_barred = frozenset(barred)
    g.flank_plus = {position(side, word): n for side, word, n in sc.flank_roll_plus}


def new_game(scenario_id: str, seed=None, options: int = 0, decks=None) -> Game:
    """A new battle of ``scenario_id`` (one of ``SCENARIO_IDS``, "random" included) or a new
    campaign (``"campaign"``, 9.3), from ``seed`` (an int; a random one if None).

    ``options``: 0 the rules' deployment, 1 or 2 the less random deployment options (4.0).
    ``decks``: (Lancaster, York) tuples of ``Card`` (a deck file's cards, decks.load_deck);
    the shipped stand-ins if None. Raises ValueError for an unknown scenario or option.
    """
    if scenario_id != CAMPAIGN and scenario_id not in SCENARIO_IDS:
        raise ValueError(f"unknown scenario {scenario_id!r}: one of {', '.join(SCENARIO_IDS)}"
                         f" or {CAMPAIGN!r}")
    if options not in (0, 1, 2):
        raise ValueError(f"options must be 0, 1 or 2, not {options!r}")
    if seed is None:
        seed = secrets.randbits(63)
    decks = decks or (standard_deck(0), standard_deck(1))
    g = blank(decks, Game)
    g.seed, g.rng, g.options = int(seed), rng.seed_state(int(seed)), options
    g.scenario = scenario_id
    g.record = []
    if scenario_id == CAMPAIGN:
        camp.start(g)
    start_battle(g, g.campaign["order"][0] if g.campaign else scenario_id)
    return g


def start_battle(g, sid: str) -> None:
    """Lay out battle ``sid`` on a clean field (4.0), keeping the game's generator, record and
    campaign."""
    sc = load_scenario(sid)
    fresh = blank(g.decks, Game)
    for name in ("deck", "hand", "discard", "removed", "dealt", "setaside", "loc", "at", "hits",
                 "lost", "flags", "captured", "control", "stream", "bridge", "margaret_on",
                 "swaps", "targets", "fallen", "bonus", "margaret", "terrain_done", "present"):
        setattr(g, name, getattr(fresh, name))
    g.pool = g.henry = g.turn = g.quiet = g.rolled = g.turn_hits = g.flank_rolled = 0
    g.first = g.active = g.initiative = g.decider = g.winner = -1
    g.reason, g.pending, g.commit_done = "", None, []
    derive(g, sc)
    g.attacker = sc.attacker
    if g.campaign is not None:
        g.campaign["battle"] = sid
    ev = [("battle", sid)]
    setup(g, ev)
    for s in (0, 1):
        for p in range(NBATTLE):
            for c in g.leaders_at(p, s):
                g.present[s].append(g.decks[s][c - 1].key)
    if g.campaign is not None:
        camp.before_battle(g, ev)
    g._emit(ev)
    g._legal_cache = None


__all__ = ["Game", "new_game", "IllegalAction", "CAMPAIGN", "side_id", "start_battle",
           "derive"]
