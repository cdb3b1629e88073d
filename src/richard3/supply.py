"""Supply phase (7.0). PLACEHOLDER until Rules engine II."""

from .game import SUPPLY


def begin_supply_phase(g) -> None:
    """Open the supply phase; placeholder: next game turn or the political turn."""
    g.phase = SUPPLY
    end_game_turn(g)


def end_game_turn(g) -> None:
    from .cards import begin_turn
    from .politics import begin_political_turn
    if g.turn < 7:
        g.turn += 1
        begin_turn(g)
    else:
        begin_political_turn(g)


class SupplyPhase:
    @staticmethod
    def active(g):
        return []

    @staticmethod
    def legal(g, s):
        return []

    @staticmethod
    def apply(g, s, action):
        raise NotImplementedError
