"""Political turn (8.0) and victory (9.0). PLACEHOLDER until Rules engine II."""

from .game import POLITICAL


def begin_political_turn(g) -> None:
    g.phase = POLITICAL
    g.end_game(g.king, "the KING after the last usurpation (placeholder)")


class PoliticalPhase:
    @staticmethod
    def active(g):
        return []

    @staticmethod
    def legal(g, s):
        return []

    @staticmethod
    def apply(g, s, action):
        raise NotImplementedError
