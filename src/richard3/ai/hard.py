"""The ``hard`` agent: determinized Monte Carlo search (ISMCTS-style) over the normal agent's
best candidates.

Each iteration draws a fresh determinization of the game (``determinize.py``: the enemy hand,
undrawn deck, unrevealed enemy blocks and the dice re-sampled from the agent's generator), picks
a root candidate by UCB1, applies it and plays a short rollout for both sides with the normal
level's ranking (on the determinized game, which is a sample, so the rollout may read it; a
cheaper greedy policy when a time budget is nearly spent) for ``ROLLOUT_DECISIONS`` decisions,
then scores the position with ``evaluate``. Values are averaged per candidate across samples
(information-set statistics at the root); the most valuable candidate is returned. The normal
agent's ranking gives the candidates (the best ``CANDIDATES``) and a prior that is blended into
the mean so that few iterations still play like ``normal``, but with ``HARD_WEIGHTS``: hard also
weighs what its own side risks in a battle, guards its last heir against enemy power within
reach, and keeps enemy armies away from all its heirs more than normal does.

Bounded by ``iterations`` (reproducible tournaments) or by ``budget_ms`` wall-clock time
(default 1000 ms, the browser setting); a budget of 0 iterations plays normal's ranking with
``HARD_WEIGHTS``.
"""

from __future__ import annotations

import math
import random
import time

from ..game import CARDS, MULLIGAN, OVER, Game
from .determinize import determinize
from .evaluate import W, evaluate
from .normal import NormalAgent, after, card_choice, mulligan_choice, rank_actions

CANDIDATES = 4
ROLLOUT_DECISIONS = 4
ROLLOUT_POLICY = "normal"  # "normal": the normal ranking; "fast": greedy over a sample
ROLLOUT_SAMPLE = 10        # rollout policy: at most this many legal actions are scored
PRIOR_WEIGHT = 4.0         # the normal ranking counts as this many virtual visits
UCB_C = 6.0
#: Hard's evaluation: normal's, but a battle also stakes the own last heir as the game
#: (``risk`` 1; normal weighs only the enemy's last heir so, ``risk`` 0), and enemy power
#: within reach of the own last heir costs what its attack would win (``guard`` 20: as
#: York on 1483 hard then lost its last heir in 4 of 50 games against normal, 12 without);
#: while its side has several heirs (where ``guard`` does not act), enemy power next to any
#: of them, more than his stack, costs twice what it costs normal (``threat_many`` 2: as
#: York on 1470, where York has two heirs, a doubled threat won 46 of 50 games against
#: normal, 42 without).
HARD_WEIGHTS = dict(W, risk=1.0, guard=20.0, threat_many=2.0)


def rollout_policy(d: Game, s: int, rnd: random.Random, fast: bool = False):
    """Policy for rollouts: rule-based cards and mulligans; otherwise the normal ranking
    (ROLLOUT_POLICY "normal", unless ``fast``), or one-ply greedy over a random subset of at
    most ROLLOUT_SAMPLE legal actions (fast: used when a time budget is nearly spent)."""
    legal = d.legal_actions(s)
    if len(legal) == 1:
        return legal[0]
    if d.phase == CARDS:
        return card_choice(d, s, legal)
    if d.phase == MULLIGAN:
        return mulligan_choice(d, s, legal)
    if ROLLOUT_POLICY == "normal" and not fast:
        # The normal level's ranking, on the sample itself (no further determinization).
        scored = rank_actions(d, s, legal, rnd)
        return legal[max(scored, key=lambda t: (t[0], -t[1]))[1]]
    pool = legal if len(legal) <= ROLLOUT_SAMPLE else rnd.sample(legal, ROLLOUT_SAMPLE)
    best, best_v = pool[0], None
    for a in pool:
        v = evaluate(after(d, s, a), s) + (0.4 if a[0] == "activate" else 0.0)
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best


class HardAgent(NormalAgent):
    """The ``hard`` level. ``iterations``: fixed number of search iterations per decision
    (reproducible); otherwise ``budget_ms`` (milliseconds of wall-clock time, default 1000)."""

    name = "hard"

    def __init__(self, seed: int = 0, iterations: int | None = None, budget_ms: float = 1000.0,
                 weights: dict | None = None):
        super().__init__(seed, weights=weights or HARD_WEIGHTS)
        self.iterations = iterations
        self.budget_ms = budget_ms

    def choose(self, game: Game, side: int):
        """Return one of ``game.legal_actions(side)``; raises ValueError if there is none."""
        start = time.perf_counter()
        # Card play and mulligans are secret, simultaneous choices: search over them would
        # need the enemy's policy; the rules of the normal level decide them.
        legal, d0, rule = self.prepare(game, side)
        if rule is not None:
            return rule
        ranked = sorted(rank_actions(d0, side, legal, self.rnd), key=lambda t: (-t[0], t[1]))
        cands = [legal[i] for _v, i in ranked[:CANDIDATES]]
        if len(cands) == 1:
            return cands[0]
        prior = [v for v, _i in ranked[:CANDIDATES]]
        lo = min(prior)
        spread = (max(prior) - lo) or 1.0
        # Values are normalised to the prior's spread so UCB's constant has one scale.
        total = [PRIOR_WEIGHT * (p - lo) / spread for p in prior]
        visits = [PRIOR_WEIGHT] * len(cands)
        deadline = None if self.iterations is not None else start + self.budget_ms / 1000.0 * 0.85
        n = 0
        while True:
            if self.iterations is not None:
                if n >= self.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
            n += 1
            logn = math.log(sum(visits))
            k = max(range(len(cands)),
                    key=lambda j: total[j] / visits[j] + UCB_C * math.sqrt(logn / visits[j]))
            d = determinize(game, side, self.rnd)
            if cands[k] not in d.legal_actions(side):
                continue
            d._apply_legal(side, cands[k])
            late = False
            for _ in range(ROLLOUT_DECISIONS):
                fast = False
                if deadline is not None:
                    now = time.perf_counter()
                    if now >= deadline:
                        late = True     # out of time: this iteration's value is dropped
                        break
                    # Near the deadline a normal-ranking decision could overrun the budget.
                    fast = deadline - now < self.budget_ms / 1000.0 * 0.25
                if d.phase == OVER:
                    break
                act = d.active_sides()
                if not act:
                    break
                s = act[0]
                d._apply_legal(s, rollout_policy(d, s, self.rnd, fast))
            if late:
                break
            v = (evaluate(d, side) - lo) / spread
            total[k] += max(-5.0, min(5.0, v))
            visits[k] += 1
        best = max(range(len(cands)), key=lambda j: (total[j] / visits[j], -j))
        return cands[best]
