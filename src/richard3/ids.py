"""The shared vocabulary of the engine: sides, places, phases and the id tables.

Every module of the engine speaks in integer ids: sides 0/1 (``LANCASTER``, ``YORK``), areas
0-32, blocks 0-62, cards 0-24, borders 0-61 (``C``, the static ``Components``), and the
off-map places and phases below. This module holds them once, with the two helpers every
message needs (``side_id``, ``quote``); it imports nothing of the engine but the components.
"""

from __future__ import annotations

from .components import LANCASTER, SIDE_IDS, SIDE_NAMES, YORK, load_components

__all__ = ["LANCASTER", "YORK", "SIDE_NAMES", "C", "NA", "NB", "NBORDER", "side_id", "quote"]

C = load_components()
NA = len(C.area_names)      # 33 areas
NB = len(C.block_names)     # 63 blocks
NBORDER = len(C.border_ends)

# Off-map locations of a block (``Game.loc`` values >= NA).
POOL = 40        # standing in its owner's pool: can be recruited (4.2)
POOL_DOWN = 41   # face-down in the pool: cannot be recruited this campaign (6.83-6.86)
MINOR = 42       # a minor heir not yet in play (4.5)
OFF = 43         # the other version of a two-version noble is in play (4.6)
DEAD = 44        # permanently eliminated
MERC_DOWN = 45   # eliminated mercenary, face-down at its home until the reset (6.85)
PRISON = 46      # Henry VI, prisoner in the Tower (1470 scenario)
OFF_MAP = (POOL, POOL_DOWN, MINOR, OFF, DEAD, MERC_DOWN, PRISON)
LOC_NAMES = {POOL: "pool", POOL_DOWN: "pool (face-down)", MINOR: "minor", OFF: "off-map",
             DEAD: "dead", MERC_DOWN: "home (face-down)", PRISON: "prisoner"}

# Phases of a game turn (1.0) and of the political turn (8.0).
MULLIGAN, CARDS, ACTION, BATTLE, SUPPLY, POLITICAL, OVER = range(7)
PHASE_NAMES = ("mulligan", "cards", "action", "battle", "supply", "political", "over")
#: ``Game.step`` of a phase that has just ended: the turn sequence (``sequence.py``) begins
#: the next one before the game is handed back to a caller, so no saved state holds it.
ENDED = -1

SEA_ENTRY = -2   # ``entry`` value of a block that came in by sea (Piracy attack)
PUBLIC = -1      # log visibility: both sides

#: Event keys (cards.toml) -> the event card's name.
EVENT_NAMES = {e: C.card_names[c] for c, e in enumerate(C.card_event) if e}


def side_id(side) -> int:
    """Return 0 or 1 for a side given as the int 0 / 1 or the name "Lancaster" / "York".

    Raises ValueError for anything else (another name or case, a bool, a float, None).
    """
    if isinstance(side, str):
        if side in ("Lancaster", "York"):
            return SIDE_IDS[side]
    elif type(side) is int and side in (LANCASTER, YORK):
        return side
    raise ValueError(f"unknown side {quote(side)}: use 0, 1, 'Lancaster' or 'York'")


def quote(value, limit: int = 200) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for error messages that quote their
    input (a forged save or action may be huge)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 -- a value whose repr fails is still described
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"
