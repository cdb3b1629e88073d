"""Combat rules used by the battle phase: firepower (6.4 with 2.2-2.6), heirs present (2.2,
2.3, 6.5) and treachery (6.9, 6.91, 9.1).

Pure functions of a ``Game`` and integer ids; they change nothing except ``defect``. "Engaged"
blocks are those in the battle area that are not Reserves still waiting to arrive (6.3): only
they fire, take hits, charge, roll treachery or count as "present" (rulings.md).
"""

from __future__ import annotations

from .components import BOMBARD, CHURCH, HEIR, LEVY, NOBLE, YORK
from .ids import DEAD, NB, OFF, C

#: Heirs whose Lancaster shield serves only themselves while they live (2.2, rulings.md).
SPECIFIC_SHIELD_HEIRS = tuple(b for b in range(NB) if C.own_shield[b])
#: Nobles a Warwick treachery roll may not target (6.91).
WARWICK_IMMUNE = frozenset(b for b in range(NB) if C.label[b] in ("Northumberland", "Westmoreland"))
#: Kent and Salisbury: loyalty 2, but 1 when Warwick rolls (6.91).
NEVILLE_KIN = frozenset(b for b in range(NB)
                        if C.label[b] in ("Kent", "Salisbury") and C.btype[b] == NOBLE)
WARWICKS = frozenset(C.warwick)


def engaged(g, area: int, side: int) -> list[int]:
    """Blocks of ``side`` fighting in ``area`` now: present and not waiting in Reserve (6.3)."""
    loc, reserve, king = g.loc, g.reserve, g.king
    out = []
    for b in range(NB):
        if loc[b] == area and not reserve[b]:
            s = C.side[b]
            if (1 - king if s == 2 else s) == side:
                out.append(b)
    return out


def senior_heir_present(g, area: int, side: int) -> int:
    """The senior heir of ``side`` engaged in the battle in ``area``, or -1 (2.2, 6.5).

    Reserves still waiting do not count (rulings.md); a defected Clarence or Exeter is a noble,
    not an heir (9.1).
    """
    loc, reserve = g.loc, g.reserve
    for h in C.heirs[side]:
        if loc[h] == area and not reserve[h]:
            return h
    return -1


def heir_bonus(g, b: int, area: int, side: int) -> int:
    """+0, +1 or +2 firepower of heir ``b`` of ``side`` defending ``area`` (2.2, 2.3).

    Shield: York heirs share the York shields, Lancaster heirs the Lancaster shields; either
    way only the senior heir present gains it. The Exeter, Somerset and Richmond shields serve
    only their own heir while he lives (defected counts as living), after his death the senior
    Lancaster heir present. Crown: the senior royal heir present (the KING's side only).
    """
    senior = senior_heir_present(g, area, side)
    names = C.shields[area]
    shield = False
    if side == YORK:
        shield = b == senior and "York" in names
    else:
        if b == senior and "Lancaster" in names:
            shield = True
        for h in SPECIFIC_SHIELD_HEIRS:
            if C.own_shield[h] in names:
                if g.loc[h] != DEAD:
                    shield = shield or b == h
                else:
                    shield = shield or b == senior
    crown = C.crown[area] and side == g.king and b == senior
    return int(shield) + int(crown)


def firepower(g, b: int, area: int, defending: bool) -> int:
    """Block b's firepower now: its rating, +1 (or +2) when defending (6.4, 2.2-2.6).

    Nobles at their shields, church at its cathedral, levies at their city, the Welsh in Wales;
    heirs as ``heir_bonus``. The bonus applies to the Defender of the battle, even a block that
    moved there this turn or defected during the battle (2.2).
    """
    fp = C.firepower[b]
    if not defending:
        return fp
    t = C.btype[b]
    if t == NOBLE:
        return fp + (area in C.shield_areas[b])
    if t in (CHURCH, LEVY):
        return fp + (area == C.home_area[b])
    if b == C.welsh:
        return fp + C.wales[area]
    if t == HEIR:
        side = C.side[b]
        return fp + heir_bonus(g, b, area, side)
    return fp


def initiative(b: int, battle_round: int, was_reserve: bool) -> int:
    """Initiative 0=A..3=D of block b in a round: bombards are A3 in round 1, D3 later, and D3
    throughout if they entered the battle as Reserves (6.2)."""
    if C.btype[b] == BOMBARD:
        return 0 if battle_round == 1 and not was_reserve else 3
    return C.initiative[b]


def loyalty(target: int, by_warwick: bool) -> int:
    """Dice a treachery roll on ``target`` uses (6.9): its loyalty; Kent and Salisbury 1 when
    Warwick rolls (6.91). 0 means the block never defects (rose, heirs, levies...)."""
    if target in NEVILLE_KIN and by_warwick:
        return 1
    return C.loyalty[target]


def may_defect(g, target: int, by_warwick: bool, immune) -> bool:
    """True if a treachery roll may target this block (6.9, 6.91, 9.1).

    It needs a loyalty rating and another version to defect to; Warwick never rolls on
    Northumberland or Westmoreland; Clarence and Exeter cannot defect while they are the KING
    or PRETENDER (9.1: the crowned block, ``g.crowned``; between the death of one and the next
    supply phase, 6.81, nobody is, so no heir is protected); a block that defected in this
    battle cannot be rolled back (``immune``).
    """
    if C.counterpart[target] < 0 or not loyalty(target, by_warwick) or target in immune:
        return False
    if by_warwick and target in WARWICK_IMMUNE:
        return False
    return C.btype[target] != HEIR or g.crowned[C.side[target]] != target


def defect(g, target: int) -> int:
    """Replace ``target`` by its other version at the same place and strength, in Reserve and
    revealed (6.9); return the new block id. The caller logs it."""
    new = C.counterpart[target]
    where, st = g.loc[target], g.strength[target]
    g.loc[target], g.strength[target], g.reserve[target], g.shown[target] = OFF, 0, 0, 0
    g.loc[new], g.strength[new], g.reserve[new], g.shown[new] = where, st, 1, 1
    g.moved[new] = g.moved[target]
    g.entry[new] = g.entry[target]
    return new
