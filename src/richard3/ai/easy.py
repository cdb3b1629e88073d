"""The ``easy`` agent: the normal agent's one-ply evaluation with noise, and no lookahead
behind activations; one decision in ten is uniformly random."""

from __future__ import annotations

from ..game import Game
from .evaluate import evaluate
from .normal import NormalAgent, after, score_action

RANDOM_SHARE = 0.1
NOISE = 2.0


class EasyAgent(NormalAgent):
    """The ``easy`` level: noisy one-ply heuristic. ``seed`` seeds its own generator."""

    name = "easy"

    def choose(self, game: Game, side: int):
        """Return one of ``game.legal_actions(side)``; raises ValueError if there is none."""
        legal, d, rule = self.prepare(game, side)
        if len(legal) > 1 and self.rnd.random() < RANDOM_SHARE:
            return legal[self.rnd.randrange(len(legal))]
        if rule is not None:
            return rule
        best, best_v = legal[0], None
        for a in legal:
            if a[0] == "activate":
                v = evaluate(after(d, side, a), side) + 0.3
            elif a[0] == "end":
                v = evaluate(d, side)
            else:
                v = score_action(d, side, a, self.rnd)
            v += self.rnd.gauss(0.0, NOISE)
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best
