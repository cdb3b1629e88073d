"""The ``normal`` agent: one-ply lookahead with a hand-written evaluation, and rules for cards.

Every decision is taken on a determinized copy of the game (``determinize.py``: hidden enemy
blocks dealt only where the public history allows, ``Game.whereabouts``), so it depends on the
side's observation, the public history and the agent's own generator only. The evaluation
values the enemy's last heir as the game and marches on him (``evaluate``: ``sole_heir``,
``hunt``).

- Card play (1.1): the highest AP card first (tempo: the higher card is Player 1 and moves
  first), Plague when an enemy holds a city, other events (low AP) kept for late turns.
- Mulligan (5.1): asks for one whenever allowed (the hand is weak by definition); answers a
  mulligan with a redeal when its own hand is below the average AP.
- Action phase (5.0): each move, sea move, recruit and event action is scored by applying it
  to the copy and evaluating the result (``evaluate.py``); an activation is scored by the best
  sequence of up to ``MOVES_PER_ACTIVATION`` greedy moves it opens. ``end`` when nothing helps.
- Battles (6.0) and the other phases: the same one-ply evaluation; actions with dice (fire,
  charge, treason) are averaged over a few re-seeded copies; a treachery roll (6.9) is valued
  exactly: its success (chance 1/2 per die of the target's loyalty) and its failure, each
  found by re-seeding the dice, weighted by that chance.
"""

from __future__ import annotations

import random

from ..battle import turn_block
from ..combat import WARWICKS, loyalty
from ..game import Game
from ..ids import ACTION, CARDS, MULLIGAN, NA, C
from .base import Agent
from .determinize import determinize
from .evaluate import W, evaluate
MOVES_PER_ACTIVATION = 3
DICE_KINDS = frozenset(("fire", "charge", "treachery", "treason"))
DICE_SAMPLES = 3
TREACHERY_TRIES = 8
AVERAGE_HAND_AP = 17


def card_choice(g: Game, side: int, legal: list) -> object:
    """Rule-based card play (1.1): ``legal`` holds ``play`` actions. Returns one of them."""
    enemy_in_city = any(C.city[g.loc[b]] for b in range(len(g.loc))
                        if g.loc[b] < NA and g.owner(b) != side)

    def key(action):
        c = action[1]
        ev = C.card_event[c]
        if ev == "plague":
            return 3.5 if enemy_in_city else -1
        if ev is not None:
            return C.card_ap[c] - (2 if g.turn < 6 else 0)
        return C.card_ap[c]
    return max(legal, key=key)


def mulligan_choice(g: Game, side: int, legal: list) -> object:
    """5.1: mulligan whenever allowed; redeal when the own hand is below average AP."""
    kinds = {a.kind: a for a in legal}
    if "mulligan" in kinds:
        return kinds["mulligan"]
    if "redeal" in kinds:
        hand_ap = sum(C.card_ap[c] for c in g.hands[side])
        return kinds["redeal"] if hand_ap < AVERAGE_HAND_AP else kinds["keep"]
    return legal[0]


def after(d: Game, side: int, action) -> Game:
    """A copy of ``d`` with ``action`` applied."""
    g2 = d.copy()
    g2.play(side, action)
    return g2


def treachery_value(d: Game, side: int, action, rnd: random.Random,
                    ev=evaluate) -> float | None:
    """Exact expectation of a treachery roll (6.9): it succeeds with chance 1/2 per die of the
    target's loyalty (all dice even); the values of one success and one failure, found by
    re-seeding the dice, are weighted by it. None if the tries found only one outcome."""
    target = action[1]
    n = loyalty(target, turn_block(d) in WARWICKS)
    outcomes = {}
    for _ in range(TREACHERY_TRIES):
        g2 = d.copy()
        g2.reseed(rnd.getrandbits(64))
        g2.play(side, action)
        ok = g2.loc[target] != d.loc[target]      # a defector leaves for its other version
        if ok not in outcomes:
            outcomes[ok] = ev(g2, side)
            if len(outcomes) == 2:
                break
    if len(outcomes) < 2:
        return None
    p = 0.5 ** max(1, n)
    return p * outcomes[True] + (1 - p) * outcomes[False]


def score_action(d: Game, side: int, action, rnd: random.Random, ev=evaluate) -> float:
    """One-ply value of ``action`` in determinized game ``d`` (averaged over dice if any) by
    the evaluation ``ev(game, side)`` (``evaluate`` with its default weights, or an agent's
    own)."""
    if action[0] == "treachery":
        v = treachery_value(d, side, action, rnd, ev)
        if v is not None:
            return v
    if action[0] in DICE_KINDS:
        total = 0.0
        for _ in range(DICE_SAMPLES):
            g2 = d.copy()
            g2.reseed(rnd.getrandbits(64))
            g2.play(side, action)
            total += ev(g2, side)
        return total / DICE_SAMPLES
    return ev(after(d, side, action), side)


def activation_value(d: Game, side: int, action, moves: int = MOVES_PER_ACTIVATION,
                     ev=evaluate, waste: float = 0.5, moves_filter=None) -> float:
    """Value of activating an area: the best greedy sequence of moves it opens (5.2), by the
    evaluation ``ev``; ``waste``: what an activation that moves nobody loses (an AP);
    ``moves_filter(game, side, moves)``: the moves the sequence may use (default all)."""
    g2 = after(d, side, action)
    area = action[1]
    best = ev(g2, side) - waste
    for _ in range(moves):
        if g2.phase != ACTION or g2.acting != side:
            break
        moves = [a for a in g2.legal_actions(side) if a[0] == "move" and g2.loc[a[1]] == area]
        if moves and moves_filter is not None:
            moves = moves_filter(g2, side, moves)
        if not moves:
            break
        top, top_v = None, best
        for m in moves:
            v = ev(after(g2, side, m), side)
            if v > top_v + 1e-9:
                top, top_v = m, v
        if top is None:
            break
        g2 = after(g2, side, top)
        best = top_v
    return best


def rank_actions(d: Game, side: int, legal: list, rnd: random.Random,
                 ev=evaluate, waste: float = 0.5, moves_filter=None) -> list[tuple[float, int]]:
    """Scores of every legal action in ``d`` by the evaluation ``ev(game, side)``: a list of
    (value, index into legal); ``moves_filter``: as ``activation_value``'s."""
    base = ev(d, side)
    out = []
    for i, a in enumerate(legal):
        k = a[0]
        if k == "end":
            v = base
        elif k == "activate":
            v = activation_value(d, side, a, ev=ev, waste=waste, moves_filter=moves_filter)
        else:
            v = score_action(d, side, a, rnd, ev)
        out.append((v, i))
    return out


class NormalAgent(Agent):
    """The ``normal`` level (see the module docstring). ``seed`` seeds its own generator;
    ``noise``: standard deviation of noise added to action values; ``weights``: evaluation
    weights (default ``evaluate.W``)."""

    name = "normal"
    #: The strength of a hidden enemy block in its determinized copies (``determinize``):
    #: "seen", the strength it was last seen at in battle this campaign, else full.
    hidden_strength = "seen"

    def __init__(self, seed: int = 0, noise: float = 0.0, weights: dict | None = None):
        self.rnd = random.Random(seed)
        self.noise = noise
        self.weights = weights or W

    def evaluate(self, g: Game, side: int) -> float:
        """The hand-written evaluation with this agent's weights."""
        return evaluate(g, side, self.weights)

    def prepare(self, game: Game, side: int):
        """Common first steps of a decision: ``(legal, determinized copy, rule_choice)``;
        ``rule_choice`` is the action when one is forced or a rule decides (cards, mulligans),
        else None. Raises ValueError if ``side`` has no legal action. Always draws one
        determinization, so the agent's generator advances the same way at every level."""
        legal = game.legal_actions(side)
        if not legal:
            raise ValueError("no legal action: this side has no decision to make now")
        d = determinize(game, side, self.rnd, self.hidden_strength)
        if len(legal) == 1:
            return legal, d, legal[0]
        if game.phase == CARDS:
            return legal, d, card_choice(d, side, legal)
        if game.phase == MULLIGAN:
            return legal, d, mulligan_choice(d, side, legal)
        return legal, d, None

    def choose(self, game: Game, side: int):
        """Return one of ``game.legal_actions(side)``; raises ValueError if there is none."""
        legal, d, rule = self.prepare(game, side)
        if rule is not None:
            return rule
        scored = rank_actions(d, side, legal, self.rnd, self.evaluate)
        if self.noise:
            scored = [(v + self.rnd.gauss(0.0, self.noise), i) for v, i in scored]
        v, i = max(scored, key=lambda t: (t[0], -t[1]))
        return legal[i]


def rule_choice(g: Game, s: int, legal: list):
    """The choice the rules or the normal level's rules make without a search: the only legal
    action, the card play (``card_choice``, 1.1) or the mulligan (``mulligan_choice``, 5.1);
    None when the decision is left to the caller's policy."""
    if len(legal) == 1:
        return legal[0]
    if g.phase == CARDS:
        return card_choice(g, s, legal)
    if g.phase == MULLIGAN:
        return mulligan_choice(g, s, legal)
    return None
