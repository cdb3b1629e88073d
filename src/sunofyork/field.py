"""The battlefield (3.1): three battles of three positions each, and the flank positions.

Positions are ints. The nine battle positions are ``column * 3 + row``:

- ``column`` 0, 1, 2: the left, centre and right battles **as York sees them** (York's left is
  Lancaster's right: the two armies face each other);
- ``row`` 0 is York's rear, 1 the middle ground, 2 Lancaster's rear.

The four flank positions (docs/sunofyork-rulings.md, "3.1 The flank positions") stand beside
the two outer battles, one for each side on each edge of the field: ``FLANKS[edge][side]``.
A side's flank on an edge lies beside that side's rear and the middle ground of the outer
battle there, and beside the other side's flank on the same edge. So a unit in its own flank
may try to enter its own rear or the middle ground; from the enemy's flank, the middle ground
or the enemy's rear (6.2.3 B, with +1 to the roll).

Side-relative words ("left rear", "centre middle", "right flank"...) are how scenarios and the
page name positions; ``position(side, word)`` and ``name(p, side)`` convert.
"""

from __future__ import annotations

LANCASTER, YORK = 0, 1
LEFT, CENTRE, RIGHT = 0, 1, 2           # columns, as York sees them
NBATTLE = 9
FLANKS = ((9, 10), (11, 12))            # FLANKS[edge][side]: edge 0 beside column 0, 1 beside 2
NPOS = 13
EDGE_COLUMN = (LEFT, RIGHT)


def pos(column: int, row: int) -> int:
    """The battle position in ``column`` (0-2, York's view) and ``row`` (0 York rear - 2)."""
    return column * 3 + row


def column(p: int) -> int:
    """The battle's column of a battle position (0-8); flank positions: their edge's column."""
    return p // 3 if p < NBATTLE else EDGE_COLUMN[(p - NBATTLE) // 2]


def row(p: int) -> int:
    return p % 3


def rear_row(side: int) -> int:
    """The row of ``side``'s rear positions: York 0, Lancaster 2."""
    return 0 if side == YORK else 2


def rear(side: int, col: int) -> int:
    """``side``'s rear position in battle ``col``."""
    return pos(col, rear_row(side))


def middle(col: int) -> int:
    return pos(col, 1)


def is_flank(p: int) -> bool:
    return p >= NBATTLE


def flank_owner(p: int) -> int:
    """The side whose flank position ``p`` is (3.3: flanks are always friendly to it)."""
    return (p - NBATTLE) % 2


def flank_edge(p: int) -> int:
    return (p - NBATTLE) // 2


def toward_rear(side: int, p: int) -> int:
    """The next battle position toward ``side``'s rear from battle position ``p``, or -1."""
    r = row(p) + (-1 if side == YORK else 1)
    return pos(column(p), r) if 0 <= r <= 2 else -1


def _adjacent() -> tuple:
    adj = [[] for _ in range(NPOS)]
    for c in range(3):
        for r in range(2):
            a, b = pos(c, r), pos(c, r + 1)
            adj[a].append(b)
            adj[b].append(a)
    for edge in (0, 1):
        col = EDGE_COLUMN[edge]
        for side in (0, 1):
            f = FLANKS[edge][side]
            for p in (rear(side, col), middle(col)):
                adj[f].append(p)
                adj[p].append(f)
            adj[f].append(FLANKS[edge][1 - side])
    return tuple(tuple(sorted(a)) for a in adj)


#: ADJACENT[p]: the positions sharing a border with p (3.1: no diagonals).
ADJACENT = _adjacent()
#: SIDEWAYS[p]: the same row in the neighbouring battles (6.2.1 retreats; 5.0 captured battles).
SIDEWAYS = tuple(tuple(pos(c, row(p)) for c in (column(p) - 1, column(p) + 1) if 0 <= c <= 2)
                 if p < NBATTLE else () for p in range(NPOS))

_COLUMN_WORDS = ("left", "centre", "right")


def _column_of(side: int, word: str) -> int:
    c = _COLUMN_WORDS.index(word)
    return c if side == YORK else 2 - c


def position(side: int, word: str) -> int:
    """The position that ``side`` calls ``word`` ("left rear", "centre middle", "right flank";
    "center" is read as "centre"). Raises ValueError for any other word."""
    parts = word.replace("center", "centre").split()
    if len(parts) != 2 or parts[0] not in _COLUMN_WORDS:
        raise ValueError(f"not a position: {word!r}")
    col = _column_of(side, parts[0])
    if parts[1] == "rear":
        return rear(side, col)
    if parts[1] == "middle":
        return middle(col)
    if parts[1] == "flank" and col != CENTRE:
        return FLANKS[0 if col == LEFT else 1][side]
    raise ValueError(f"not a position: {word!r}")


def flank_position(side: int, word: str, owner: int) -> int:
    """``owner``'s flank on the edge that ``side`` calls ``word`` ("left" or "right")."""
    col = _column_of(side, word)
    return FLANKS[0 if col == LEFT else 1][owner]


def name(p: int, side: int) -> str:
    """Position ``p`` in ``side``'s words: "your left rear", "the centre middle ground",
    "the enemy's right rear", "your right flank", "the enemy's left flank"."""
    if is_flank(p):
        o = flank_owner(p)
        col = EDGE_COLUMN[flank_edge(p)]
        word = _COLUMN_WORDS[col if o == YORK else 2 - col]
        return f"your {word} flank" if o == side else f"the enemy's {word} flank"
    col = column(p)
    word = _COLUMN_WORDS[col if side == YORK else 2 - col]
    if row(p) == 1:
        return f"the {word} middle ground"
    return f"your {word} rear" if row(p) == rear_row(side) else f"the enemy's {word} rear"


def plain(p: int) -> str:
    """Position ``p`` in neutral words for the log: "York's left rear", "the left middle
    ground", "Lancaster's right flank" (left and right as each army's own)."""
    names = ("Lancaster", "York")
    if is_flank(p):
        s = flank_owner(p)
        col = EDGE_COLUMN[flank_edge(p)]
        return f"{names[s]}'s {_COLUMN_WORDS[col if s == YORK else 2 - col]} flank"
    col = column(p)
    if row(p) == 1:
        return f"the {_COLUMN_WORDS[col]} middle ground (York's {_COLUMN_WORDS[col]})" \
            if col != CENTRE else "the centre middle ground"
    s = YORK if row(p) == 0 else LANCASTER
    return f"{names[s]}'s {_COLUMN_WORDS[col if s == YORK else 2 - col]} rear"
