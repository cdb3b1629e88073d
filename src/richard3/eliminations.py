"""Eliminated blocks (6.8): where each goes, the elimination itself, and the crowning of a
side's senior heir in a dead KING's or PRETENDER's place (6.81, 8.2): a rule helper of the
battle, the supply phase, the Plague, executions and the political turn."""

from __future__ import annotations

from .components import HEIR, MERCENARY, NOBLE
from .events import NO_CAUSE
from .ids import DEAD, MERC_DOWN, POOL_DOWN, PUBLIC, C


def elimination_place(b: int) -> int:
    """Where block ``b`` goes when eliminated (6.8): DEAD for an heir (6.81, 6.82), a version of
    Clarence or Exeter (9.1), a rose noble or a Neville (6.83); MERC_DOWN for a mercenary but
    the Welsh (6.85); POOL_DOWN for the others (6.83-6.86)."""
    t = C.btype[b]
    other = C.counterpart[b]
    if t == HEIR or (other >= 0 and C.btype[other] == HEIR):
        return DEAD
    if t == NOBLE and (C.rose[b] or b in C.neville_blocks):
        return DEAD
    return MERC_DOWN if t == MERCENARY and b != C.welsh else POOL_DOWN


def eliminate(g, b: int, cause: int = NO_CAUSE) -> None:
    """Remove block b from the map as 6.8 prescribes, and log it (``cause``: an index into
    ``events.CAUSES``).

    6.81/6.82 heirs are dead for good (``heirs_lost`` counts them for the minors' entry at
    the next supply phase; a dead KING/PRETENDER leaves ``crowned`` empty until then), a
    defected Clarence or Exeter too, both versions, his own side's minor entering (9.1);
    6.83 rose nobles and the Nevilles are dead (both versions of a Neville), other nobles
    and church go face-down to their pool; 6.84 levies and bombards face-down to the pool;
    6.85 mercenaries face-down at home, the Welsh face-down in the Lancaster pool; 6.86 the
    Rebel face-down to the PRETENDER pool. The log names the block publicly if it was
    revealed in battle or is dead for good; otherwise only its owner sees the name. The
    victory check (9.0) follows.
    """
    t = C.btype[b]
    side = g.owner(b)
    where = g.loc[b]
    other = C.counterpart[b]
    known = g.shown[b]
    g.strength[b] = 0
    g.reserve[b] = 0
    g.shown[b] = 0
    g.loc[b] = place = elimination_place(b)
    if place == DEAD:
        if other >= 0:              # both versions of a two-version block die
            g.loc[other] = DEAD
        if t == HEIR or (other >= 0 and C.btype[other] == HEIR):
            # An heir is dead for good even while he serves the other side as a noble
            # (9.1): his own side's next minor enters (6.82).
            g.heirs_lost[C.side[b] if t == HEIR else C.side[other]] += 1
            for s in (0, 1):
                if g.crowned[s] == b:
                    g.crowned[s] = -1
    g.stats[side] += 1
    if known or place == DEAD:      # revealed in battle, or dead: public record
        g.say(PUBLIC, "eliminated", side, b, where, cause)
    else:                           # a hidden block keeps its secret (6.83-6.86)
        g.say(1 - side, "eliminated", side, -1, where, cause)
        g.say(side, "eliminated", side, b, where, cause)
    g.check_heirs_victory()


def crown(g, s: int) -> None:
    """Crown side ``s``'s senior heir in play (6.81, 8.2) if he is not its crowned block
    already; nothing when it has none in play. The KING's place is announced (6.81), the
    PRETENDER's told to his side only."""
    h = g.senior_heir(s)
    if h >= 0 and h != g.crowned[s]:
        g.crowned[s] = h
        if s == g.king:             # 6.81: "the location of the new KING must be announced"
            g.say(PUBLIC, "crowned", h, s, 1, g.loc[h])
        else:                       # the new PRETENDER is named; where he stands is not
            g.say(PUBLIC, "crowned", h, s, 0, -1)
            g.say(s, "crowned", h, s, 0, g.loc[h])
