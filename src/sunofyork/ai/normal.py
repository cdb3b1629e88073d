"""The ``normal`` agent: one ply over a determinized copy with the hand-written evaluation
(``evaluate.py``), chance actions averaged over a few dice samples, and rules for the steps
where one ply sees nothing:

- deployment (4.0): the orders cards (and then the weakest units) kept as the hand, the units
  spread over the rear positions by strength, the centre heaviest;
- initiative (6.1): go first; leader commitment (6.2.2): commit a leader where three or more
  of his units fight, withdraw him where one or none is left;
- combat (6.2.2): every possible attack declared, then rolled; Margaret's reactivations used;
  the Combat step's special cards (Battle Confusion, A Warwick!, Ambush) by one ply;
- damage (6.2.2): each hit on the unit that survives it best (most Cohesion left over the
  hits it carries; the least worth unit when none can stand it);
- movement (6.2.3): greedy, one action at a time: the action whose result evaluates best,
  an Orders card valued by the best move it pays for, a flank move valued with its roll; the
  step ends when nothing improves on standing still;
- discard (6.2.4): orders cards kept, the weakest units let go while three or more units
  crowd the hand (card flow, the Designer's Notes); Fatigue played on the strongest enemy
  position.
"""

from __future__ import annotations

import random

from ..cards import UNIT
from ..field import CENTRE, column, rear
from ..state import (BETWEEN, COMBAT, COMMIT, DAMAGE, DEPLOY, DISCARD_STEP, FACE_DOWN,
                     INITIATIVE, MOVEMENT, MULLIGAN, TERRAIN)
from .base import Agent
from .determinize import determinize
from .evaluate import W, evaluate, strengths, worth

#: actions whose outcome the dice decide: valued over several samples of the dice
CHANCE = frozenset(("roll", "roll_flanks", "charge", "charge_move", "treason", "rally",
                    "ambush_flank", "ambush_attack", "warwick", "confusion", "go"))
#: actions valued by what they make possible next (one more ply of the side's own moves)
ENABLERS = frozenset(("orders", "margaret"))
MARGIN = 0.05


def card_value(g, t: int, c: int) -> float:
    card = g.decks[t][c - 1]
    return card.cohesion * worth(card) if card.kind == UNIT else 0.0


def resolve_pending(g, damage) -> None:
    """Give out queued hits by the damage rule until a side has a real decision again."""
    n = 0
    while g.phase == DAMAGE and n < 200:
        s = g.decider
        g.play(s, damage(g, s, g._legal(s)))
        n += 1


def damage_best(g, side: int, legal: list) -> tuple:
    """The hit on the unit that survives it best (6.2.2)."""
    best, key = legal[0], None
    for a in legal:
        c = a[1]
        coh = g.cohesion(side, c)
        room = coh - g.hits[side][c]
        if room > 0:
            k = (1, room, -worth(g.decks[side][c - 1]))
        else:
            k = (0, -card_value(g, side, c), 0)
        if key is None or k > key:
            best, key = a, k
    return best


def damage_first(g, side: int, legal: list) -> tuple:
    """The first unit offered takes the hit (easy's rule)."""
    return legal[0]


def damage_least_room(g, side: int, legal: list) -> tuple:
    """The hit on the unit with the least room left under its Cohesion, the least worth
    first among equals (6.2.2): the hits fill the frail units and the strong keep their
    room."""
    def key(a):
        c = a[1]
        return (g.cohesion(side, c) - g.hits[side][c], card_value(g, side, c), c)
    return min(legal, key=key)


def damage_least_worth(g, side: int, legal: list) -> tuple:
    """The hit on the least worth unit offered (6.2.2)."""
    return min(legal, key=lambda a: (card_value(g, side, a[1]), a[1]))


#: the damage rules by name (the ``damage`` option of hard and expert)
DAMAGE_RULES = {"best": damage_best, "first": damage_first, "room": damage_least_room,
                "worth": damage_least_worth}


class NormalAgent(Agent):
    """The ``normal`` level (see the module docstring). ``seed`` seeds its own generator."""

    name = "normal"
    #: dice samples for a chance action
    samples = 3
    #: Gaussian noise on each action's value (easy)
    noise = 0.0
    #: what standing still (and rolling for the flanks) is worth over the position as it is
    margin = MARGIN
    #: who takes each hit (6.2.2): one of ``DAMAGE_RULES``
    damage_rule = staticmethod(damage_best)

    def __init__(self, seed: int = 0, weights: dict | None = None):
        self.rnd = random.Random(seed)
        self.w = weights or W

    # ------------------------------------------------------------------ entry point
    def choose(self, game, side: int):
        """Return one of ``game.legal_actions(side)``; raises ValueError if there is none."""
        legal = game.legal_actions(side)
        if not legal:
            raise ValueError("no legal action: this side has no decision to make now")
        if len(legal) == 1:
            return legal[0]
        d = determinize(game, side, self.rnd)
        return self.decide(d, side, legal)

    def decide(self, d, side: int, legal: list):
        """The choice among ``legal`` in the fully known game ``d`` (a determinized copy)."""
        if len(legal) == 1:
            return legal[0]
        a = self.rule(d, side, legal)
        if a is not None:
            return a
        return self.rank(d, side, legal)[0][1]

    def evaluate(self, g, side: int) -> float:
        return evaluate(g, side, self.w)

    # ------------------------------------------------------------------ rules
    def rule(self, d, side: int, legal: list):
        """The rule's action for the steps one ply does not decide; None where it does."""
        ph = d.phase
        if ph == DAMAGE:
            return self.damage(d, side, legal)
        if ph == COMBAT:
            return self.combat_rule(d, side, legal)
        if ph == MOVEMENT:
            if d.pending is not None and d.pending.get("kind") == "treason":
                joins = [a for a in legal if a[0] == "join"]
                return joins[0] if joins else ("go",)
            return None
        if ph == DISCARD_STEP:
            return self.discard_rule(d, side, legal)
        if ph == DEPLOY:
            return deploy_rule(d, side, legal)
        if ph == INITIATIVE:
            return ("first",)
        if ph == COMMIT:
            return self.commit_rule(d, side, legal)
        if ph == MULLIGAN:
            return ("ready",) if ("ready",) in legal else legal[-1]
        if ph == TERRAIN:
            return terrain_rule(d, side, legal)
        if ph == BETWEEN:
            return legal[0]
        return None

    def damage(self, g, side, legal):
        return self.damage_rule(g, side, legal)

    def combat_rule(self, d, side: int, legal: list):
        """Declare every attack, then roll; reactivate with Margaret; specials by one ply."""
        for a in legal:
            if a[0] == "attack":
                return a
        for a in legal:
            if a[0] == "strike":
                return (a[0], a[1], 0) if (a[0], a[1], 0) in legal else a
        bomb = [a for a in legal if a[0] == "bombard"]
        if bomb:
            return max(bomb, key=lambda a: card_value(d, 1 - side, a[3]))
        if ("roll",) in legal:
            return ("roll",)
        for a in legal:
            if a[0] == "margaret":
                return a
        if len(legal) == 1:
            return legal[0]
        return None

    def commit_rule(self, d, side: int, legal: list):
        for a in legal:
            if a[0] == "done":
                continue
            p = d.loc[side][a[1]]
            n = len(d.units_at(p, side))
            if a[0] == "commit" and n >= 3:
                return a
            if a[0] == "withdraw" and n <= 1:
                return a
        return ("done",)

    def discard_rule(self, d, side: int, legal: list):
        deck = d.decks[side]
        fat = [a for a in legal if a[0] == "fatigue"]
        if fat:
            st = strengths(d, self.w)
            best = max(fat, key=lambda a: st[1 - side][a[2]])
            if st[1 - side][best[2]] >= 5.0:
                return best
        if d.deck[side]:
            units = sorted((c for c in d.hand[side] if deck[c - 1].kind == UNIT),
                           key=lambda c: card_value(d, side, c))
            if units and (len(units) >= 3 or card_value(d, side, units[0]) < 1.0):
                return ("discard", units[0])
        return ("draw",)

    # ------------------------------------------------------------------ one ply
    def after(self, d, side: int, a: tuple, rnd=None):
        """A copy of ``d`` after ``a`` (and the hits it deals given out by the rule); with
        ``rnd`` the copy's dice are redrawn first."""
        g = d.copy()
        if rnd is not None:
            g.rng = rnd.getrandbits(64)
        g.play(side, a)
        if a[0] == "treason_flank":
            while g.pending is not None and g.pending.get("kind") == "treason":
                joins = [x for x in g._legal(side) if x[0] == "join"]
                g.play(side, joins[0] if joins else ("go",))
        elif a[0] == "flank":
            g.play(side, ("roll_flanks",))
        resolve_pending(g, damage_best)
        return g

    def value(self, d, side: int, a: tuple, samples: int) -> float:
        chancy = a[0] in CHANCE or a[0] in ("flank", "treason_flank")
        if not chancy:
            return self.evaluate(self.after(d, side, a), side)
        n = max(1, samples)
        return sum(self.evaluate(self.after(d, side, a, self.rnd), side) for _ in range(n)) / n

    def follow_up(self, d, side: int, a: tuple) -> float:
        """An Orders card or a reactivation: valued by the best move it is followed by."""
        g = self.after(d, side, a)
        best = self.evaluate(g, side)
        if g.phase != d.phase:
            return best
        for b in g._legal(side):
            if b[0] in ENABLERS or b[0] in ("end", "roll_flanks"):
                continue
            v = self.value(g, side, b, 1)
            if v > best:
                best = v
        return best

    def rank(self, d, side: int, legal: list) -> list:
        """[(value, action)] best first, for the one-ply steps (movement, combat specials)."""
        base = self.evaluate(d, side)
        out = []
        for a in legal:
            verb = a[0]
            if verb in ("end", "no_terrain"):
                v = base + self.margin
            elif verb in ENABLERS:
                v = self.follow_up(d, side, a)
            elif verb == "roll_flanks":
                v = self.value(d, side, a, self.samples) + self.margin
            else:
                v = self.value(d, side, a, self.samples)
            if self.noise:
                v += self.rnd.gauss(0.0, self.noise)
            out.append((v, a))
        out.sort(key=lambda x: -x[0])
        return out


# ---------------------------------------------------------------------- shared rules
def deploy_rule(d, side: int, legal: list, centre: float = 1.35, tilt: tuple = (1.0, 1.0)):
    """4.0: keep the orders cards (the best first) and then the weakest units as the hand;
    spread the units over the deployment positions by strength, the centre heaviest (a
    position's load divided by ``centre`` in the centre battle, by ``tilt[0]`` / ``tilt[1]``
    in the battles of columns 0 / 2); a non-unit that cannot be kept goes down as a decoy (it
    is discarded at the reveal)."""
    c = legal[0][1]
    deck = d.decks[side]
    room = d.sc.sides[side].hand - len(d.hand[side])
    dealt = d.dealt[side]
    nonunits = sorted((x for x in dealt if deck[x - 1].kind != UNIT),
                      key=lambda x: (-deck[x - 1].orders, x))
    units = sorted((x for x in dealt if deck[x - 1].kind == UNIT),
                   key=lambda x: (card_value(d, side, x), x))
    keep = set((nonunits + units)[:max(0, room)])
    if c in keep and ("keep", c) in legal:
        return ("keep", c)
    deploys = [a for a in legal if a[0] == "deploy"]
    if not deploys:
        return legal[0]
    if deck[c - 1].kind != UNIT:
        return min(deploys, key=lambda a: len(d.at[a[2]][side]))
    v = card_value(d, side, c)

    def load(a):
        p = a[2]
        here = sum(card_value(d, side, x) for x in d.at[p][side]
                   if d.flags[side][x] & FACE_DOWN and deck[x - 1].kind == UNIT)
        col = column(p)
        weight = centre if col == CENTRE else tilt[0] if col == 0 else tilt[1]
        return ((here + v) / weight, p)
    return min(deploys, key=load)


def terrain_rule(d, side: int, legal: list):
    """9.2: a terrain card into the side's own rear positions if it can, else none."""
    mine = {rear(side, col) for col in d.columns}
    for a in legal:
        if a[0] == "terrain" and a[2] in mine:
            return a
    return ("no_terrain",)


__all__ = ["NormalAgent", "deploy_rule", "damage_best", "damage_first", "damage_least_room",
           "damage_least_worth", "DAMAGE_RULES", "resolve_pending", "card_value", "CHANCE"]
