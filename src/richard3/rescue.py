"""The 1470 scenario's prisoner (Kingmaker): Henry VI rescued from the Tower (a rule helper of
the action phase, battles, the supply phase and the political turn)."""

from __future__ import annotations

from .ids import NB, PRISON, PUBLIC, C

MIDDLESEX = C.area_id["Middlesex"]


def check_rescue(g) -> None:
    """1470 scenario: Henry VI, prisoner in the Tower, is rescued when a Lancastrian block
    occupies Middlesex; he becomes the PRETENDER (the senior Lancaster heir)."""
    h = g.prisoner
    if h < 0 or g.loc[h] != PRISON:
        return
    lanc = york = 0
    for b in range(NB):
        if g.loc[b] == MIDDLESEX:
            if g.owner(b) == 0:
                lanc += 1
            else:
                york += 1
    if lanc and not york:
        g.loc[h] = MIDDLESEX
        g.strength[h] = C.max_str[h]
        g.moved[h] = 3
        side = C.side[h]
        if g.king != side:
            g.crowned[side] = h
        g.say(PUBLIC, "rescue", h)
