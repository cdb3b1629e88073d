"""The table of phase handlers: ``HANDLERS[phase]`` has ``active(g)``, ``legal(g, side)`` and
``apply(g, side, action)`` (and, for battles, ``public(g)``)."""

from .battle import BattlePhase
from .cards import CardPhase, MulliganPhase
from .game import ACTION, BATTLE, CARDS, MULLIGAN, OVER, POLITICAL, SUPPLY
from .movement import ActionPhase
from .politics import PoliticalPhase
from .supply import SupplyPhase


class _Over:
    @staticmethod
    def active(g):
        return []

    @staticmethod
    def legal(g, s):
        return []


HANDLERS = {MULLIGAN: MulliganPhase, CARDS: CardPhase, ACTION: ActionPhase,
            BATTLE: BattlePhase, SUPPLY: SupplyPhase, POLITICAL: PoliticalPhase, OVER: _Over}
