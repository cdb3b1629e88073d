"""The ``hard`` and ``expert`` agents: determinized Monte Carlo at the key decisions.

Key decisions: the Movement step's actions, the Combat step's special cards, leader
commitment and the initiative choice. For each, the normal agent's one-ply ranking gives the
top ``candidates`` actions (the initiative and commitment: all of them); each candidate is then
played out on the same samples (paired): a fresh determinization of the game (``determinize``)
with the same dice for every candidate, the candidate applied, then both sides played by the
normal policy (one dice sample per chance action) until the enemy's next Movement step begins
(his fire and melee in reply seen) or ``depth`` decisions have been made, and the end position
evaluated. The candidate with the best mean wins (ties
to the normal agent's order). Every other decision (a single legal action, deployment,
damage, attacks, discards) is taken by normal's rules, but for one: the own side's hits
(6.2.2) go to the unit with the least room under its Cohesion (``damage``, by default
``"room"``: ``normal.damage_least_room``), here and in the play-outs, where the enemy keeps
normal's rule.

Bounds: at most ``samples`` samples AND at most ``budget_ms`` of thinking (after at least
``min_samples``; a sample the bound cuts short is dropped); tournaments set ``budget_ms=0``
(no time bound) so the iteration bound alone decides and games are reproducible.
"""

from __future__ import annotations

import random
import time

from ..state import COMBAT, COMMIT, INITIATIVE, MOVEMENT, OVER
from .determinize import determinize
from .normal import DAMAGE_RULES, NormalAgent


class Rollout(NormalAgent):
    """The play-out policy: normal's rules and one ply, one dice sample per chance action."""

    name = "rollout"
    samples = 1


class HardAgent(NormalAgent):
    """The ``hard`` level (see the module docstring)."""

    name = "hard"

    def __init__(self, seed: int = 0, samples: int = 6, candidates: int = 3, depth: int = 48,
                 budget_ms: float = 350.0, min_samples: int = 1, weights: dict | None = None,
                 noise: float = 0.0, rollout_noise: float = 0.0, horizon: int = 1,
                 damage: str = "room"):
        super().__init__(seed, weights=weights)
        if damage not in DAMAGE_RULES:
            raise ValueError(f"damage={damage!r}: the rules are {', '.join(DAMAGE_RULES)}")
        #: who takes the own side's hits, here and in the play-outs (6.2.2)
        self.damage_rule = DAMAGE_RULES[damage]
        self.max_samples = samples
        self.candidates = candidates
        self.depth = depth
        self.budget_ms = budget_ms
        self.min_samples = min_samples
        #: Gaussian noise on the one-ply values that pick the candidates
        self.noise = noise
        self.policy = Rollout(seed, weights=weights)
        #: Gaussian noise on the play-out policy's one-ply values
        self.policy.noise = rollout_noise
        #: the enemy's play-out policy: normal's rules (the same object when the own side's
        #: damage rule is normal's too)
        self.enemy_policy = self.policy
        if self.damage_rule is not NormalAgent.damage_rule:
            self.policy.damage_rule = self.damage_rule
            self.enemy_policy = Rollout(seed, weights=weights)
            self.enemy_policy.noise = rollout_noise
        #: the play-outs stop when the ``horizon``-th Movement step after this one begins
        self.horizon = horizon
        #: samples used at the last key decision (for the bench)
        self.last_samples = 0

    def choose(self, game, side: int):
        legal = game.legal_actions(side)
        if not legal:
            raise ValueError("no legal action: this side has no decision to make now")
        if len(legal) == 1:
            return legal[0]
        t0 = time.perf_counter()
        d = determinize(game, side, self.rnd)
        ph = d.phase
        if ph == INITIATIVE or ph == COMMIT:
            rule = self.rule(d, side, legal)
            cands = [rule] + [a for a in legal if a != rule]
        elif ph == MOVEMENT or ph == COMBAT:
            rule = self.rule(d, side, legal)
            if rule is not None:
                return rule
            ranked = self.rank(d, side, legal)
            cands = [a for _, a in ranked[:self.candidates]]
        else:
            return self.decide(d, side, legal)
        if len(cands) == 1:
            return cands[0]
        return self.search(game, side, cands, t0)

    def search(self, game, side: int, cands: list, t0: float):
        totals = [0.0] * len(cands)
        n = 0
        budget = self.budget_ms / 1000.0
        while n < self.max_samples:
            if budget and n >= self.min_samples and time.perf_counter() - t0 > budget:
                break
            world = determinize(game, side, self.rnd)
            dice = self.rnd.getrandbits(64)
            pseed = self.rnd.getrandbits(32)
            values = []
            for a in cands:
                # past the time bound, a sample not finished is dropped (the paired
                # comparison needs every candidate on it): the latency stays near the bound
                if budget and n >= self.min_samples and time.perf_counter() - t0 > budget:
                    break
                g = world.copy()
                g.rng = dice
                # one generator for both play-out policies, so that they draw one stream
                self.policy.rnd = self.enemy_policy.rnd = random.Random(pseed)
                values.append(self.playout(g, side, a))
            if len(values) < len(cands):
                break
            for i, v in enumerate(values):
                totals[i] += v
            n += 1
        self.last_samples = n
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        return cands[best]

    def playout(self, g, side: int, a: tuple) -> float:
        """Play ``a``, then both sides by the play-out policy until the enemy's next Movement
        step begins (so his reply of fire and melee is seen: his Morale, commitment and Combat
        steps are cheap rules), the battle ends or ``depth`` decisions are made; evaluate.
        With ``horizon`` 2 it goes on through that Movement step and stops as the one after it
        begins (always in the next turn; each more Movement step one more)."""
        here = (g.turn, g.active)
        own, enemy = self.policy, self.enemy_policy
        g.play(side, a)
        steps = 0
        left = self.horizon
        while g.phase != OVER and steps < self.depth:
            if g.phase == MOVEMENT and (g.turn, g.active) != here:
                left -= 1
                if not left:
                    break
                here = (g.turn, g.active)
            s = g.decider if g.phase != 11 else g.active_sides()[0]
            legal = g._legal(s)
            pol = own if s == side else enemy
            g.play(s, legal[0] if len(legal) == 1 else pol.decide(g, s, legal))
            steps += 1
        return self.evaluate(g, side)


class ExpertAgent(HardAgent):
    """The ``expert`` level: hard with more samples, one more candidate and deeper play-outs
    (14 x 4 x 64 against 6 x 3 x 48: about four times its work)."""

    name = "expert"

    def __init__(self, seed: int = 0, samples: int = 14, candidates: int = 4, depth: int = 64,
                 budget_ms: float = 1400.0, min_samples: int = 2, weights: dict | None = None,
                 noise: float = 0.0, rollout_noise: float = 0.0, horizon: int = 1,
                 damage: str = "room"):
        super().__init__(seed, samples=samples, candidates=candidates, depth=depth,
                         budget_ms=budget_ms, min_samples=min_samples, weights=weights,
                         noise=noise, rollout_noise=rollout_noise, horizon=horizon,
                         damage=damage)


__all__ = ["HardAgent", "ExpertAgent", "Rollout"]
