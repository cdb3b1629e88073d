"""Battle phase (6.0). PLACEHOLDER until Rules engine II: battles are not yet fought."""

from .game import BATTLE


def begin_battle_phase(g) -> None:
    """Open the battle phase (6.1); placeholder: straight on to the supply phase."""
    from .supply import begin_supply_phase
    g.phase = BATTLE
    begin_supply_phase(g)


class BattlePhase:
    @staticmethod
    def active(g):
        return []

    @staticmethod
    def legal(g, s):
        return []

    @staticmethod
    def apply(g, s, action):
        raise NotImplementedError

    @staticmethod
    def public(g):
        return None
