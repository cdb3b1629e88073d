"""Invariants of any reachable game state, checked after every action by the random-play and
hypothesis suites (issue 3 and issue 4 conformance)."""

from __future__ import annotations

from richard3.components import CHURCH, HEIR, NOBLE, load_components
from richard3.game import Game
from richard3.ids import DEAD, MERC_DOWN, MINOR, NA, NB, NBORDER, OFF, OVER, POOL, POOL_DOWN, PRISON
from richard3.whereabouts import place_bit

C = load_components()
OFF_MAP = {POOL, POOL_DOWN, MINOR, OFF, DEAD, MERC_DOWN, PRISON}
PAIRS = [(b, C.counterpart[b]) for b in range(NB) if C.counterpart[b] > b]
COUNTED = (HEIR, NOBLE, CHURCH)
SURPRISE = C.card_event.index("surprise")


class Tracker:
    """What must hold across the actions of one game: the dead stay dead."""

    def __init__(self, g: Game):
        self.dead = {b for b in range(NB) if g.loc[b] == DEAD}

    def check(self, g: Game) -> None:
        check_state(g)
        dead = {b for b in range(NB) if g.loc[b] == DEAD}
        assert self.dead <= dead, f"dead blocks came back: {self.dead - dead}"
        self.dead = dead


def check_state(g: Game) -> None:
    """Assert the invariants of one state (see the module docstring of the test suites)."""
    for b in range(NB):
        where, st = g.loc[b], g.strength[b]
        assert 0 <= where < NA or where in OFF_MAP, (C.block_names[b], where)
        if where < NA:
            assert 1 <= st <= C.max_str[b], (C.block_names[b], st)
            assert C.exile_of[where] != 1 - g.owner(b), f"{C.block_names[b]} in enemy exile"
        elif where != PRISON:
            assert st == 0, (C.block_names[b], where, st)
        # The enemy's public knowledge never rules out where a block really is.
        bit = place_bit(where)
        assert not bit or g.whereabouts[b] & bit, (C.block_names[b], where, g.whereabouts[b])
        # The strength it was last seen at bounds the block's strength from above (3.11).
        seen = g.seen_strength[b]
        assert not seen or (where < NA and st <= seen <= C.max_str[b]), (C.block_names[b], seen)
    for b, c in PAIRS:
        in_play = [x for x in (b, c) if g.loc[x] not in (OFF, DEAD)]
        assert len(in_play) <= 1, f"both versions of {C.label[b]} are in play"
        assert (g.loc[b] == DEAD) == (g.loc[c] == DEAD) or OFF in (g.loc[b], g.loc[c])
    for s in (0, 1):
        extra = 1 if g.played[s] == SURPRISE else 0
        for k in range(NBORDER):
            assert g.border_used[s * NBORDER + k] <= C.border_limit[k] + extra, (s, k)
    if g.battle:
        assert all(-2**31 < x < 2**31 for x in g.battle), "a save must stay exact in JSON"
        counts = g.battle[-2 * NBORDER:]
        for s in (0, 1):
            for k in range(NBORDER):
                assert counts[s * NBORDER + k] <= C.border_limit[k]
    assert g.king in (0, 1)
    for s in (0, 1):
        h = g.crowned[s]
        if h >= 0:       # -1 is reachable in any phase: see savecheck._heirs
            assert C.side[h] == s and C.btype[h] == HEIR and g.loc[h] < NA, (s, h)
    if g.phase == OVER:
        assert g.winner in (0, 1) and g.reason
    else:
        assert g.winner == -1
        sides = g.active_sides()
        assert sides, "nobody to decide in a game that is not over"
        for s in sides:
            assert g.legal_actions(s), f"{s} must decide but has no legal action"


def recount_usurpation(obs_lanc: dict, obs_york: dict) -> list[int]:
    """8.2 recounted from the two sides' observations: each side's nobles, heirs and church
    on land areas, London held alone, the 1470 prisoner (rulings.md)."""
    counts = [0, 0]
    in_london = [False, False]
    for s, obs in enumerate((obs_lanc, obs_york)):
        for blk in obs["own_blocks"]:
            area = C.area_id.get(blk["area"])
            if area is None:
                continue
            if blk["area"] == "Middlesex":
                in_london[s] = True
            if C.btype[C.block_id[blk["block"]]] in COUNTED and C.kind[area] == "land":
                counts[s] += 1
    if in_london[0] != in_london[1]:
        counts[0 if in_london[0] else 1] += 1
    if obs_lanc["prisoner"]:
        counts[C.side[C.block_id[obs_lanc["prisoner"]]]] += 1
    return counts


def hidden_variant(g: Game, side: int, pick: int) -> Game:
    """A copy of g that differs only in what ``side`` may not know: a card of the opponent's
    hand swapped with an undealt card, and an unrevealed enemy block's strength changed."""
    h = g.copy()
    e = 1 - side
    if h.hands[e] and h.deck:
        i, j = pick % len(h.hands[e]), pick % len(h.deck)
        h.hands[e] = h.hands[e][:]
        h.hands[e][i], h.deck[j] = h.deck[j], h.hands[e][i]
        h.hands[e].sort()
    hidden = [b for b in range(NB) if h.loc[b] < NA and h.owner(b) == e and not h.shown[b]
              and C.max_str[b] > 1]
    if hidden:
        b = hidden[pick % len(hidden)]
        h.strength[b] = h.strength[b] % C.max_str[b] + 1
    return h
