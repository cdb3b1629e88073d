"""Supply and exile limits (7.1, 7.2) and the defected heirs of 9.1: rule helpers shared by
the supply phase and the political turn."""

from __future__ import annotations

from .components import HEIR, MERCENARY, NOBLE
from .ids import NB, C

#: 7.2 exile limits (blocks besides the exile's own mercenaries).
EXILE_LIMITS = {C.area_id["Calais"]: 4, C.area_id["France"]: 4,
                C.area_id["Ireland"]: 2, C.area_id["Scotland"]: 2}
SUPPLY_LIMIT, CITY_SUPPLY_LIMIT = 4, 5
#: Clarence and Exeter as nobles of the other side (9.1): the versions that can be executed.
DEFECTED_HEIRS = frozenset(b for b in range(NB) if C.btype[b] == NOBLE and C.counterpart[b] >= 0
                           and C.btype[C.counterpart[b]] == HEIR)


def counts_against(b: int, area: int) -> bool:
    """Whether block ``b`` in ``area`` counts against its supply or exile limit: every block
    but, in an exile area, its own local mercenaries (7.1, 7.2)."""
    return not (area in EXILE_LIMITS and C.btype[b] == MERCENARY and C.home_area[b] == area)


def exile_counted(g, side: int, area: int) -> list[int]:
    """Blocks of ``side`` in exile area ``area`` that count against its exile limit: all but
    the local mercenaries (7.2)."""
    return [b for b in range(NB) if g.loc[b] == area and g.owner(b) == side
            and counts_against(b, area)]


def overstack(g, side: int, area: int) -> tuple[int, list[int]]:
    """(surplus, blocks that may take the loss) for ``side`` in ``area`` (7.1, 7.2)."""
    if area in EXILE_LIMITS:
        blocks = exile_counted(g, side, area)
        return len(blocks) - EXILE_LIMITS[area], blocks
    blocks = [b for b in range(NB) if g.loc[b] == area and g.owner(b) == side]
    limit = CITY_SUPPLY_LIMIT if C.city[area] else SUPPLY_LIMIT
    return len(blocks) - limit, blocks
