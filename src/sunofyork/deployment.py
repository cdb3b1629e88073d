"""4.0 Initial Deployment, its two less random options, the scenario's setup (9.0, 9.1) and the
random scenario's leaders and terrain (9.2).

Order: the scenario's placements and cards beside the field; the shuffle; (option 2: the deal
and redraws first); the scenario's eliminations; the deal of sixteen; (option 1: swaps of
non-troop cards, attacker first); the defender deploys face-down, then the attacker (who may
thus rearrange after him, 4.0); the reveal; (9.2: terrain played in turn); the first
initiative.
"""

from __future__ import annotations

from .cards import (BRIDGE, HENRY_VI, LEADER, MARGARET, STREAM, TERRAIN, UNIT, ARTILLERY, CHURCH,
                    HILL, TOWN, WALL)
from .field import NBATTLE, position
from .state import (BESIDE, DEALT, DECK, DEPLOY, DISCARD, FACE_DOWN, HAND, MULLIGAN, OUT,
                    TERRAIN as TERRAIN_PHASE)
from .turn import HAND_SIZE, roll_initiative

BATTLE_ONLY = (HILL, TOWN, CHURCH, WALL)


def _find(g, side: int, what: str, where=(DECK,)) -> int:
    """The first card of ``side`` named ``what`` (a leader key or a card type) that is in one
    of the places ``where``; 0 if none."""
    deck = g.decks[side]
    for card in deck:
        if (card.key == what or (not card.key and card.type == what)) \
                and g.loc[side][card.id] in where:
            return card.id
    return 0


def setup(g, ev: list) -> None:
    """Lay out the scenario ``g.sc`` for both sides and deal (4.0, 9.0)."""
    sc = g.sc
    for s in (0, 1):
        g.deck[s] = [c.id for c in g.decks[s]]
        for c in g.deck[s]:
            g.loc[s][c] = DECK
    if sc.random_setup:
        _cut(g, ev)
    for s in (0, 1):
        _strip(g, s)
        ss = sc.sides[s]
        for what, word in ss.place:
            cid = _find(g, s, what)
            if cid and g.campaign_bars(s, cid):
                alt = g.stand_in(s, what)
                cid = _find(g, s, alt) if alt else 0
            if not cid or g.campaign_bars(s, cid):
                ev.append(("absent", s, what))
                continue
            g.put(s, cid, position(s, word))
        extra = tuple(w for w in g.campaign_beside(s) if w not in ss.beside)
        for what in ss.beside + extra:
            if what == HENRY_VI and not g.henry_available():
                continue
            if what == MARGARET and not g.margaret_available():
                continue                    # 9.3.2: only Orders once Henry VI is dead
            cid = _find(g, s, what)
            if cid:
                play_beside(g, s, cid, ev)
        if ss.margaret_rolls:
            r = g.roll()
            ev.append(("margaret_roll", s, r))
            if r in ss.margaret_rolls and g.margaret_available():
                cid = _find(g, s, MARGARET)
                if cid:
                    play_beside(g, s, cid, ev)
        g.shuffle(g.deck[s])
    if g.options == 2:
        for s in (0, 1):
            _deal(g, s, ev)
        g.phase, g.decider = MULLIGAN, g.attacker
        return
    for s in (0, 1):
        _eliminate(g, s, ev)
        _deal(g, s, ev)
    if g.options == 1:
        g.phase, g.decider = MULLIGAN, g.attacker
    else:
        g.phase, g.decider = DEPLOY, 1 - g.attacker


def _cut(g, ev: list) -> None:
    """9.2: each cuts his deck; the higher card number attacks (cut again on a tie)."""
    while True:
        a, b = g.below(110) + 1, g.below(110) + 1
        if a != b:
            break
    g.attacker = 0 if a > b else 1
    ev.append(("cut", a, b, g.attacker))


def _strip(g, s: int) -> None:
    """9.1.20: the classes and kinds the scenario removes from the deck."""
    strip = g.sc.sides[s].strip
    if not strip:
        return
    for card in g.decks[s]:
        if card.kind in strip or card.unit_class in strip:
            g.put(s, card.id, OUT)


def _eliminate(g, s: int, ev: list) -> None:
    """9.0: the scenario's eliminations from the shuffled deck (Ludford Bridge's by a die),
    with any card kept out of them shuffled back after (9.1.1)."""
    ss = g.sc.sides[s]
    n = ss.eliminate
    if ss.eliminate_roll:
        r = g.roll()
        n = ss.eliminate_roll[r - 1]
        ev.append(("elimination_roll", s, r, n))
    if not n:
        return
    kept = []
    for what in ss.keep_out:
        cid = _find(g, s, what)
        if cid:
            g.deck[s].remove(cid)
            kept.append(cid)
    for _ in range(min(n, len(g.deck[s]))):
        g.put(s, g.deck[s][-1], OUT)
    g.deck[s].extend(kept)
    if kept:
        g.shuffle(g.deck[s])
    ev.append(("eliminated_cards", s, n))


def _deal(g, s: int, ev: list) -> None:
    """4.0: the scenario's deal (sixteen cards) from the top of the deck."""
    for _ in range(min(g.sc.sides[s].deal, len(g.deck[s]))):
        _deal_one(g, s, ev)


def _deal_one(g, s: int, ev: list) -> None:
    """One card dealt from the top of the deck (4.0). King Henry VI, where he may be played,
    goes beside the field as soon as he is drawn (8.0 "You must (upon drawing) play to one side
    of the battlefield") and the next card is dealt in his place, so the deal keeps its count."""
    while g.deck[s]:
        c = g.deck[s][-1]
        g.put(s, c, DEALT)
        g.on_draw(s, c, ev)
        if g.loc[s][c] == DEALT:
            return


def play_beside(g, s: int, cid: int, ev: list) -> None:
    """Put a card to one side of the field: a stream or bridge (7.0), Margaret of Anjou or King
    Henry VI (8.0)."""
    card = g.decks[s][cid - 1]
    g.put(s, cid, BESIDE)
    if card.type == STREAM:
        g.stream[s] = 1
    elif card.type == BRIDGE:
        g.bridge[s] = 1
    elif card.type == HENRY_VI:
        g.henry = 1
    elif card.type == MARGARET:
        g.margaret_on[s] = 1
    ev.append(("beside", s, cid))


# ------------------------------------------------------------------------ less random options
def legal_mulligan(g, side: int) -> list:
    """Option 1: discard non-troop cards one at a time and draw replacements; option 2: any
    card, counted (4.0)."""
    out = []
    for c in g.dealt[side]:
        if g.options == 2 or g.decks[side][c - 1].kind != UNIT:
            if g.deck[side]:
                out.append(("swap", c))
    out.append(("ready",))
    return out


def apply_mulligan(g, side: int, a: tuple, ev: list) -> None:
    if a[0] == "swap":
        g.swaps[side] += 1
        if g.options == 2:
            g.put(side, a[1], DECK)
            g.deck[side].insert(0, g.deck[side].pop())
        else:
            g.put(side, a[1], DISCARD)
        _deal_one(g, side, ev)
        ev.append(("swapped", side))
        return
    ev.append(("ready", side, g.swaps[side]))
    if side == g.attacker:
        g.decider = 1 - side
        return
    # both have finished
    d = 1 - g.attacker
    if g.options == 1:
        if g.swaps[g.attacker] and not g.swaps[d]:
            g.bonus[d] = 1
    else:
        if g.swaps[0] != g.swaps[1]:
            g.bonus[0 if g.swaps[0] < g.swaps[1] else 1] = 1
        for s in (0, 1):
            g.shuffle(g.deck[s])
            _eliminate(g, s, ev)
    g.phase, g.decider = DEPLOY, d


# ------------------------------------------------------------------------ 4.0 deployment
def deploy_positions(g, side: int) -> list:
    return [position(side, w) for w in g.sc.sides[side].deploy_at]


def legal_deploy(g, side: int) -> list:
    """The first dealt card goes face-down to a deployment position with fewer than four
    face-down cards (3.2), or to the hand while it holds fewer than four; the hand must be
    filled by the last cards (4.0)."""
    ss = g.sc.sides[side]
    c = g.dealt[side][0]
    card = g.decks[side][c - 1]
    room_in_hand = ss.hand - len(g.hand[side])
    out = []
    if len(g.dealt[side]) > room_in_hand:
        units_only = {position(side, w) for w in ss.units_only_at}
        for p in deploy_positions(g, side):
            if p in units_only and card.kind != UNIT:
                continue
            down = sum(1 for x in g.at[p][side] if g.flags[side][x] & FACE_DOWN)
            if down < 4:
                out.append(("deploy", c, p))
    if room_in_hand > 0:
        out.append(("keep", c))
    return out


def apply_deploy(g, side: int, a: tuple, ev: list) -> None:
    if a[0] == "deploy":
        g.put(side, a[1], a[2])
        g.flags[side][a[1]] |= FACE_DOWN
    else:
        g.put(side, a[1], HAND)
    if g.dealt[side]:
        return
    ev.append(("deployed", side))
    if side != g.attacker:
        g.decider = g.attacker
        return
    _reveal(g, ev)


def _reveal(g, ev: list) -> None:
    """4.0: every deployed card turned up; all but combat units and Artillery discarded (9.2:
    one leader kept in each position, the best by Orders: docs/sunofyork-rulings.md); then
    Wakefield's elimination after deployment (9.1.5)."""
    for s in (0, 1):
        for p in range(NBATTLE):
            kept_leader = 0
            down = [c for c in g.at[p][s] if g.flags[s][c] & FACE_DOWN]
            leaders = [c for c in down if g.decks[s][c - 1].kind == LEADER]
            if g.sc.random_setup and leaders:
                kept_leader = max(leaders, key=lambda c: (g.decks[s][c - 1].orders, -c))
            for c in down:
                g.flags[s][c] &= ~FACE_DOWN
                card = g.decks[s][c - 1]
                if card.kind == UNIT or card.type == ARTILLERY or c == kept_leader:
                    continue
                g.put(s, c, DISCARD)
                ev.append(("revealed_discard", s, c))
        ev.append(("revealed", s, tuple(sorted(c for p in range(NBATTLE) for c in g.at[p][s]))))
        n = g.sc.sides[s].eliminate_after_deploy
        if n:
            g.shuffle(g.deck[s])
            for _ in range(min(n, len(g.deck[s]))):
                g.put(s, g.deck[s][-1], OUT)
            ev.append(("eliminated_cards", s, n))
    if g.sc.random_setup and any(_terrain_plays(g, s) for s in (0, 1)):
        g.phase, g.decider = TERRAIN_PHASE, g.attacker
        g.terrain_done = [0, 0]
        return
    _fill_hands(g, ev)
    roll_initiative(g, ev)


def _fill_hands(g, ev: list) -> None:
    for s in (0, 1):
        while len(g.hand[s]) < HAND_SIZE and g.deck[s]:
            c = g.deck[s][-1]
            g.put(s, c, HAND)
            g.on_draw(s, c, ev)


# ------------------------------------------------------------------------ 9.2 terrain
def _terrain_plays(g, side: int) -> list:
    """9.2 / 7.0: a Terrain card from the hand into an allowed position, friendly or enemy; a
    Stream beside the field against either side; a Bridge on a stream."""
    out = []
    for h in g.hand[side]:
        card = g.decks[side][h - 1]
        if card.kind != TERRAIN:
            continue
        if card.type == STREAM:
            for s in (0, 1):
                if not g.stream[s]:
                    out.append(("terrain", h, -10 - s))
            continue
        if card.type == BRIDGE:
            for s in (0, 1):
                if g.stream[s] and not g.bridge[s]:
                    out.append(("terrain", h, -10 - s))
            continue
        for p in range(len(g.at)):
            if p >= NBATTLE and (card.type in BATTLE_ONLY or len(g.columns) < 3):
                continue
            if p < NBATTLE and p // 3 not in g.columns:
                continue
            if card.type in _terrain_types(g, p):
                continue
            out.append(("terrain", h, p))
    return out


def _terrain_types(g, p: int) -> set:
    return {g.decks[s][c - 1].type for s in (0, 1) for c in g.at[p][s]
            if g.decks[s][c - 1].kind == TERRAIN}


def legal_terrain(g, side: int) -> list:
    return _terrain_plays(g, side) + [("no_terrain",)]


def apply_terrain(g, side: int, a: tuple, ev: list) -> None:
    if a[0] == "terrain":
        h, p = a[1], a[2]
        if p <= -10:
            card = g.decks[side][h - 1]
            target = -10 - p
            g.put(side, h, BESIDE)
            if card.type == STREAM:
                g.stream[target] = 1
            else:
                g.bridge[target] = 1
            ev.append(("terrain", side, h, p))
        else:
            g.put(side, h, p)
            ev.append(("terrain", side, h, p))
    else:
        g.terrain_done[side] = 1
        ev.append(("no_terrain", side))
    other = 1 - side
    for s in (other, side):
        if not g.terrain_done[s] and _terrain_plays(g, s):
            g.decider = s
            return
        g.terrain_done[s] = 1
    _fill_hands(g, ev)
    roll_initiative(g, ev)


__all__ = ["setup", "play_beside", "legal_mulligan", "apply_mulligan", "legal_deploy",
           "apply_deploy", "legal_terrain", "apply_terrain"]
