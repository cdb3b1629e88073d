"""The turn sequence (1.0, 8.0): which phase follows which, in one place.

Each phase module runs its own phase and, when its part is done, marks it ended
(``State.end_phase``); it never opens another phase. ``settle`` then opens the next one, as
the rulebook's sequence says:

- campaign: the deal and the mulligans (``cards.begin_campaign``), then seven game turns;
- game turn: card phase (1.1) -> action phase, Player 1 then Player 2 (1.2) -> battle phase
  (1.3) -> supply phase (1.4) -> the next game turn, or after the seventh the political turn
  (8.0) -> the next campaign, or after the last the end of the game (9.0).

``HANDLERS[phase]`` is the phase's handler: ``active(g)``, ``legal(g, side)``,
``apply(g, side, action)`` (and, for battles, ``public(g)``).
"""

from __future__ import annotations

from . import battle, cards, movement, politics, supply
from .ids import ACTION, BATTLE, CARDS, ENDED, MULLIGAN, OVER, POLITICAL, SUPPLY


class _Over:
    """The handler of a finished game: nobody decides."""

    @staticmethod
    def active(g):
        return []

    @staticmethod
    def legal(g, s):
        return []


#: Game turns a campaign (1.0).
TURNS = 7

HANDLERS = {MULLIGAN: cards.MulliganPhase, CARDS: cards.CardPhase,
            ACTION: movement.ActionPhase, BATTLE: battle.BattlePhase,
            SUPPLY: supply.SupplyPhase, POLITICAL: politics.PoliticalPhase, OVER: _Over}


def _after_supply(g) -> None:
    """1.0: seven game turns a campaign, then the political turn (8.0)."""
    if g.turn < TURNS:
        g.turn += 1
        cards.begin_turn(g)
    else:
        politics.begin_political_turn(g)


def _after_political(g) -> None:
    """8.5: the next campaign's deal (the last campaign ended the game at its usurpation)."""
    g.campaign += 1
    g.turn = 1
    cards.begin_campaign(g)


#: phase that has just ended -> how the next one opens.
_NEXT = {
    CARDS: lambda g: movement.begin_action_phase(g, g.p1),
    ACTION: battle.begin_battle_phase,
    BATTLE: supply.begin_supply_phase,
    SUPPLY: _after_supply,
    POLITICAL: _after_political,
}


def settle(g) -> None:
    """Open the next phase while the current one has ended (a phase may end as it opens: a
    battle phase with no battle, a supply phase with nothing to decide)."""
    while g.step == ENDED and g.phase != OVER:
        _NEXT[g.phase](g)


#: phase -> how it opens (for ``begin``).
_BEGIN = {MULLIGAN: cards.begin_campaign, CARDS: cards.begin_turn,
          BATTLE: battle.begin_battle_phase, SUPPLY: supply.begin_supply_phase,
          POLITICAL: politics.begin_political_turn}


def begin(g, phase: int, side: int | None = None) -> None:
    """Open ``phase`` now (a new game's first campaign; tests that set up a position) and run
    the game on to its next decision. ``side``: whose action phase, for ACTION."""
    if phase == ACTION:
        movement.begin_action_phase(g, g.p1 if side is None else side)
    else:
        _BEGIN[phase](g)
    settle(g)
