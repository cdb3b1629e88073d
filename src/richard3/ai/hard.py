"""The ``hard`` agent: determinized Monte Carlo search over the normal agent's best candidates.

The normal agent's ranking (with ``HARD_WEIGHTS``) gives the candidates, its best
``CANDIDATES`` actions. Each iteration draws one determinization of the game
(``determinize.py``: the enemy hand, undrawn deck and unrevealed enemy blocks re-sampled from
the agent's generator) and one dice seed, and plays every candidate out on it: the candidate,
then ``ROLLOUT_DECISIONS`` decisions for whichever side is to decide, by the normal level's
ranking (on the determinized game, which is a sample, so the rollout may read it; a cheaper
greedy policy when a time budget is nearly spent), then ``evaluate``. The candidates are thus
compared on paired samples (common random numbers): what a sample is worth in itself, which
varies far more than the candidates do, cancels out. A candidate's value is the sum of its
rollout values plus its ranking value counted ``PRIOR_WEIGHT`` times (information-set
statistics at the root); the most valuable candidate is returned. Hard's weights also weigh
what its own side risks in a battle, guard its last heir against enemy power within reach,
and keep enemy armies away from all its heirs more than normal does; where one side of a
scenario needs another plan, ``SCENARIO_WEIGHTS`` adjusts them (Lancaster on 1470).

Bounded by ``iterations`` (samples, each played out for every candidate; reproducible
tournaments) or by ``budget_ms`` wall-clock time (default 1000 ms, the browser setting); a
budget of 0 iterations plays normal's ranking with hard's weights.
"""

from __future__ import annotations

import random
import time

from ..game import Game
from ..ids import LANCASTER, OVER
from .determinize import determinize
from .evaluate import HAND_WEIGHTS, evaluate
from .normal import NormalAgent, after, rank_actions, rule_choice

CANDIDATES = 4
ROLLOUT_DECISIONS = 4
ROLLOUT_POLICY = "normal"  # "normal": the normal ranking; "fast": greedy over a sample
ROLLOUT_SAMPLE = 10        # rollout policy: at most this many legal actions are scored
PRIOR_WEIGHT = 2.0         # the normal ranking counts as this many samples
#: Hard's evaluation: normal's, but a battle also stakes the own last heir as the game
#: (``risk`` 1; normal weighs only the enemy's last heir so, ``risk`` 0), and enemy power
#: within reach of the own last heir costs what its attack would win (``guard`` 20: as
#: York on 1483 hard then lost its last heir in 4 of 50 games against normal, 12 without);
#: while its side has several heirs (where ``guard`` does not act), enemy power next to any
#: of them, more than his stack, costs twice what it costs normal (``threat_many`` 2: as
#: York on 1470, where York has two heirs, a doubled threat won 46 of 50 games against
#: normal, 42 without).
HARD_WEIGHTS = HAND_WEIGHTS
#: One side's play in one scenario, on top of ``HARD_WEIGHTS`` (a scenario's name is public).
#: Kingmaker (1470), Lancaster: York's usurpation lead is out of reach (at the end York holds
#: about 10 counts to Lancaster's 5), so Lancaster wins by killing both York heirs: battles and
#: steps weigh three times as much, usurpation counts a third as much, threats to its own
#: heirs and the guard of its last one less, and own power next to a weaker enemy stack, most
#: of all an enemy heir's, pulls armies forward (``pressure``; a battle also stakes the heirs
#: in it, ``heir_stake``). Found by a random search over the weights (hard at 0 iterations as
#: Lancaster against normal, 1470, 200 games a variant), ``pressure`` carrying most of it;
#: ``usurp`` 2 came from a second, one-weight-at-a-time round (docs/ai-strength.md).
SCENARIO_WEIGHTS = {
    ("1470", LANCASTER): {"battle": 4.8, "step": 3.0, "threat": 0.84, "guard": 6.6,
                          "pressure": 0.2, "heir_stake": 3.0, "usurp": 2.0},
}
_SCENARIO_WEIGHTS = {key: dict(HARD_WEIGHTS, **v) for key, v in SCENARIO_WEIGHTS.items()}


def rollout_policy(d: Game, s: int, rnd: random.Random, fast: bool = False, ev=evaluate):
    """Policy for rollouts: rule-based cards and mulligans; otherwise the normal ranking
    (ROLLOUT_POLICY "normal", unless ``fast``), or one-ply greedy over a random subset of at
    most ROLLOUT_SAMPLE legal actions (fast: used when a time budget is nearly spent)."""
    legal = d.legal_actions(s)
    ruled = rule_choice(d, s, legal)
    if ruled is not None:
        return ruled
    if ROLLOUT_POLICY == "normal" and not fast:
        # The normal level's ranking, on the sample itself (no further determinization).
        scored = rank_actions(d, s, legal, rnd, ev)
        return legal[max(scored, key=lambda t: (t[0], -t[1]))[1]]
    pool = legal if len(legal) <= ROLLOUT_SAMPLE else rnd.sample(legal, ROLLOUT_SAMPLE)
    best, best_v = pool[0], None
    for a in pool:
        v = ev(after(d, s, a), s) + (0.4 if a[0] == "activate" else 0.0)
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best


class HardAgent(NormalAgent):
    """The ``hard`` level. ``iterations``: fixed number of samples per decision, each played
    out for every candidate (reproducible); otherwise ``budget_ms`` (milliseconds of
    wall-clock time, default 1000)."""

    name = "hard"
    #: hard-v1 is kept frozen: it assumed every hidden enemy block at full strength.
    hidden_strength = "full"

    def __init__(self, seed: int = 0, iterations: int | None = None, budget_ms: float = 1000.0,
                 weights: dict | None = None):
        super().__init__(seed, weights=weights or HARD_WEIGHTS)
        self.iterations = iterations
        self.budget_ms = budget_ms
        # Given weights (tuning runs) are used as they are, everywhere.
        self.per_scenario = weights is None

    def weights_for(self, game: Game, side: int) -> dict:
        """The weights hard plays ``side`` of ``game``'s scenario with: ``SCENARIO_WEIGHTS``
        over ``HARD_WEIGHTS`` where the pair has an entry, else the agent's own weights."""
        if self.per_scenario:
            return _SCENARIO_WEIGHTS.get((game.scenario, side), HARD_WEIGHTS)
        return self.weights

    def choose(self, game: Game, side: int):
        """Return one of ``game.legal_actions(side)``; raises ValueError if there is none."""
        start = time.perf_counter()
        self.weights = self.weights_for(game, side)
        # Card play and mulligans are secret, simultaneous choices: search over them would
        # need the enemy's policy; the rules of the normal level decide them.
        legal, d0, rule = self.prepare(game, side)
        if rule is not None:
            return rule
        ranked = sorted(rank_actions(d0, side, legal, self.rnd, self.evaluate),
                        key=lambda t: (-t[0], t[1]))
        cands = [legal[i] for _v, i in ranked[:CANDIDATES]]
        if len(cands) == 1:
            return cands[0]
        prior = [v for v, _i in ranked[:CANDIDATES]]
        # Paired samples: every candidate is played out on the same determinization with the
        # same dice, so what the sample itself is worth cancels out of their comparison.
        # (Measured: a UCB over single rollouts, where candidates get unequal visits, let a
        # rollout's noise, often ten times the spread of the candidates' ranking, pick the
        # move; on 1460 hard as the KING won 37 of 50 games against normal with it, 44 with
        # no search at all and 43 with paired samples, docs/ai-strength.md.)
        total = [PRIOR_WEIGHT * p for p in prior]
        budget = self.budget_ms / 1000.0
        deadline = None if self.iterations is not None else start + budget * 0.85
        n = 0
        while self.iterations is None or n < self.iterations:
            n += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
            d = determinize(game, side, self.rnd, self.hidden_strength)
            seed = self.rnd.getrandbits(64)
            # Near the deadline a normal-ranking rollout could overrun the budget.
            fast = deadline is not None and deadline - time.perf_counter() < budget * 0.25
            row = [self.rollout(d, side, c, seed, fast, deadline) for c in cands]
            if None in row:
                if deadline is not None and time.perf_counter() >= deadline:
                    break       # out of time: this sample is dropped
                continue        # a candidate not legal in this sample (none is known)
            for k, v in enumerate(row):
                total[k] += v
        best = max(range(len(cands)), key=lambda j: (total[j], -j))
        return cands[best]

    def rollout(self, d: Game, side: int, action, seed: int, fast: bool,
                deadline: float | None) -> float | None:
        """Value for ``side`` of ``action`` played in a copy of the determinized game ``d``,
        then ``ROLLOUT_DECISIONS`` decisions of ``rollout_policy`` for whichever side is to
        decide, the dice and the policy's generator seeded with ``seed`` (the same for every
        candidate). None if ``action`` is not legal in ``d`` or the deadline passed."""
        if action not in d.legal_actions(side):    # generated once per sample (cached on d)
            return None
        g = d.copy()
        g.reseed(seed)
        rnd = random.Random(seed)
        g.play(side, action)
        for _ in range(ROLLOUT_DECISIONS):
            if deadline is not None and time.perf_counter() >= deadline:
                return None
            act = g.active_sides()
            if g.phase == OVER or not act:
                break
            g.play(act[0], rollout_policy(g, act[0], rnd, fast, self.evaluate))
        return self.evaluate(g, side)
