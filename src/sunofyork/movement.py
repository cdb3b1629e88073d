"""6.2.3 Movement: orders, standard moves, leaders, flank moves and the Movement step's
special cards (Charge, Rally, Treason!, A Warwick! after 1468, Ambush, Artillery, Margaret of
Anjou), and leaders played into battle from the hand.

Costs (6.2.3 A/B): one order to move an unengaged unit within its battle or to bring a unit
from the hand into a rear position (four with a stream, two once bridged, 7.0); two to
disengage, to bring a unit into a flank position or to move between flank positions; nothing
for a unit that began the turn in a position with a friendly leader. Heat and fatigue add one
(3.4, 8.0). A flank attempt into a battle position costs one order, like any move into an
adjacent position (docs/sunofyork-rulings.md).
"""

from __future__ import annotations

from .cards import (AMBUSH, ARTILLERY, BRIDGE, CAVALRY, CHARGE, HILL, LEADER, MARGARET, RALLY,
                    TREASON, UNIT, WARWICK, WOODS)
from .combat import resolve, unit_attack
from .effects import (controls, engaged, entry_cost, has_units, leadership_at, may_enter,
                      order_cost, stops_in, terrain_at)
from .field import (ADJACENT, CENTRE, FLANKS, NBATTLE, SIDEWAYS, column, is_flank, middle,
                    rear, toward_rear)
from .morale import MAX_STACK, check_morale, settle
from .state import (ASIDE, ATTACKED, BESIDE, COMMITTED, DISCARD, DISCARD_STEP, FLANKING, LED,
                    MOVEMENT, ORDERED, OUT, REACTIVATED)
from .turn import _damage_from

FLANK_ENTRY, FLANK_MOVE, DISENGAGE = 2, 2, 2


def _full(g, p: int, side: int) -> bool:
    return len(g.units_at(p, side)) >= MAX_STACK


def _captured(g, p: int) -> bool:
    return p < NBATTLE and g.captured[column(p)] >= 0


def _free(g, side: int, c: int) -> bool:
    return bool(g.flags[side][c] & LED)


def standard_moves(g, side: int, c: int) -> list:
    """[(destination, base cost)] for unit ``c`` on the field (6.2.3 A, B; 5.0)."""
    p = g.loc[side][c]
    card = g.decks[side][c - 1]
    out = []
    if is_flank(p):
        other = FLANKS[(p - NBATTLE) // 2][1 - (p - NBATTLE) % 2]
        if not _full(g, other, side) and may_enter(g, side, c, other):
            out.append((other, FLANK_MOVE))
        return out
    if _captured(g, p):
        # 5.0 / 6.2.3 B: only with a leader present, free, within the battle or sideways
        if not g.leaders_at(p, side) or engaged(g, p):
            return out
        for q in ADJACENT[p] + SIDEWAYS[p]:
            if q >= NBATTLE or _full(g, q, side) or not may_enter(g, side, c, q):
                continue
            if q in SIDEWAYS[p] and (_captured(g, q) or has_units(g, q, 1 - side)):
                continue
            out.append((q, 0))
        return out
    if has_units(g, p, 1 - side):
        back = toward_rear(side, p)
        if back >= 0 and not _full(g, back, side) and may_enter(g, side, c, back):
            out.append((back, DISENGAGE))
        return out
    seen = {p}
    frontier = [p]
    for _ in range(card.move):
        nxt = []
        for a in frontier:
            for q in ADJACENT[a]:
                if q >= NBATTLE or q in seen or _full(g, q, side) or not may_enter(g, side, c, q):
                    continue
                seen.add(q)
                out.append((q, 1))
                if not stops_in(g, side, c, q):
                    nxt.append(q)
        frontier = nxt
    return out


def flank_targets(g, side: int, c: int) -> list:
    """Battle positions a unit in a flank position may try to enter (6.2.3 B): adjacent, not in
    a captured battle, not the enemy's rear past enemy units in the middle ground, not past
    enemy units in the own rear. From a captured battle (with a leader): the same row of an
    adjacent battle held by the enemy (a flank attack). Never where the unit may not enter
    (Cavalry into walls, 7.0)."""
    p = g.loc[side][c]
    enemy = 1 - side
    if is_flank(p):
        out = []
        for q in ADJACENT[p]:
            if q >= NBATTLE or _captured(g, q) or not may_enter(g, side, c, q):
                continue
            col = column(q)
            if has_units(g, rear(side, col), enemy) and q != rear(side, col):
                continue
            if q == rear(enemy, col) and has_units(g, middle(col), enemy):
                continue
            out.append(q)
        return out
    if _captured(g, p) and g.leaders_at(p, side) and not engaged(g, p):
        return [q for q in SIDEWAYS[p] if not _captured(g, q) and has_units(g, q, enemy)
                and may_enter(g, side, c, q)]
    return []


def flank_roll_modifier(g, side: int, c: int, q: int, ambush: bool = False) -> int:
    """6.2.3 B: +1 from the enemy's flank, +1 into an unfriendly or engaged position, -1
    Cavalry, -1 out of woods, minus the Leadership present in a captured battle, -2 Ambush
    (8.0), plus a scenario's own (9.1.17)."""
    p = g.loc[side][c]
    mod = 0
    if is_flank(p) and (p - NBATTLE) % 2 != side:
        mod += 1
    if controls(g, q) != side or engaged(g, q):
        mod += 1
    if g.decks[side][c - 1].unit_class == CAVALRY:
        mod -= 1
    if WOODS in terrain_at(g, p):
        mod -= 1
    if not is_flank(p):
        mod -= leadership_at(g, p, side)
    if ambush:
        mod -= 2
    return mod + g.flank_plus.get(p, 0)


def hand_entries(g, side: int, c: int) -> list:
    """[(destination, base cost)] for a unit in the hand (6.2.3 A/B): a rear position (and on
    through it for a two-move unit), or a friendly flank position; never a captured battle."""
    card = g.decks[side][c - 1]
    out = []
    base = entry_cost(g, side)
    for col in g.columns:
        r = rear(side, col)
        if g.captured[col] >= 0 or _full(g, r, side) or not may_enter(g, side, c, r):
            continue
        out.append((r, base))
        if card.move > 1 and not stops_in(g, side, c, r):
            m = middle(col)
            if not _full(g, m, side) and may_enter(g, side, c, m):
                out.append((m, base))
    if len(g.columns) == 3:
        for edge in (0, 1):
            f = FLANKS[edge][side]
            if not _full(g, f, side) and may_enter(g, side, c, f):
                out.append((f, FLANK_ENTRY))
    return out


def leader_moves(g, side: int, lid: int) -> list:
    """An uncommitted leader moves up to two positions within his battle, stopping in woods;
    never out of his battle nor into a flank (6.2.3 A, 7.0)."""
    p = g.loc[side][lid]
    out, seen, frontier = [], {p}, [p]
    for _ in range(2):
        nxt = []
        for a in frontier:
            for q in ADJACENT[a]:
                if q >= NBATTLE or q in seen:
                    continue
                seen.add(q)
                out.append(q)
                if WOODS not in terrain_at(g, q):
                    nxt.append(q)
        frontier = nxt
    return out


def leader_entries(g, side: int, lid: int) -> list:
    """Where a leader from the hand may be played (6.2.3 A): the central battle first, then any
    battle without a leader, then any; into the own rear, or the position the scenario names;
    never into a captured battle. [] if the leader may not fight in this scenario (2.2.1)."""
    if not g.leader_usable(side, lid):
        return []
    forced = g.forced_entry(side, lid)
    if forced >= 0:
        return [] if _captured(g, forced) else [forced]
    with_leader = {column(p) for p in range(NBATTLE) if g.leaders_at(p, side)}
    cols = [col for col in g.columns if g.captured[col] < 0]
    if CENTRE not in with_leader:
        cols = [CENTRE] if CENTRE in cols else []
    else:
        empty = [col for col in cols if col not in with_leader]
        cols = empty or cols
    return [rear(side, col) for col in cols]


def legal_movement(g, side: int) -> list:
    """Every Movement-step action of ``side`` (6.2.3, 8.0)."""
    if g.pending is not None and g.pending.get("kind") == "treason":
        return _legal_treason_units(g, side)
    out = []
    deck, flags, pool = g.decks[side], g.flags[side], g.pool
    flanking = False
    for h in g.hand[side]:
        card = deck[h - 1]
        if card.gives_orders:
            out.append(("orders", h))
        if card.kind == UNIT:
            for q, base in hand_entries(g, side, h):
                if order_cost(g, side, 0, base) <= pool:
                    out.append(("enter", h, q))
        elif card.kind == LEADER:
            for q in leader_entries(g, side, h):
                out.append(("lead", h, q))
        else:
            out.extend(_special_moves(g, side, h, card))
    for p in range(len(g.at)):
        for c in g.at[p][side]:
            f = flags[c]
            card = deck[c - 1]
            if f & FLANKING:
                flanking = True
                continue
            if card.kind == UNIT:
                if f & (ORDERED | ATTACKED):
                    continue
                free = _free(g, side, c)
                for q, base in standard_moves(g, side, c):
                    if free or base == 0 or order_cost(g, side, c, base) <= pool:
                        out.append(("move", c, q))
                if not g.flank_rolled and flank_targets(g, side, c) and (
                        free or _captured(g, p) or order_cost(g, side, c, 1) <= pool):
                    for q in flank_targets(g, side, c):
                        out.append(("flank", c, q))
                if card.unit_class == CAVALRY and p < NBATTLE and HILL in terrain_at(g, p) \
                        and not has_units(g, p, 1 - side) and not _captured(g, p) \
                        and (free or order_cost(g, side, c, 1) <= pool):
                    for q in ADJACENT[p]:
                        if q < NBATTLE and has_units(g, q, 1 - side) and not _full(g, q, side) \
                                and may_enter(g, side, c, q):
                            out.append(("charge_move", c, q))
            elif card.kind == LEADER:
                if p < NBATTLE and not f & (ORDERED | COMMITTED):
                    for q in leader_moves(g, side, c):
                        out.append(("leader", c, q))
            elif card.type == ARTILLERY and p < NBATTLE and not f & ORDERED \
                    and order_cost(g, side, 0, 2) <= pool:
                for q in ADJACENT[p]:
                    if q < NBATTLE and not has_units(g, q, 1 - side):
                        out.append(("artillery", c, q))
    if g.margaret[side]:
        for p in range(len(g.at)):
            for c in g.at[p][side]:
                if deck[c - 1].kind == UNIT and flags[c] & (ORDERED | ATTACKED) \
                        and not flags[c] & REACTIVATED:
                    out.append(("margaret", c))
    if flanking:
        out.append(("roll_flanks",))
    else:
        out.append(("end",))
    return out


def _special_moves(g, side: int, h: int, card) -> list:
    out = []
    enemy = 1 - side
    t = card.type
    if t == CHARGE:
        for p in range(NBATTLE):
            if has_units(g, p, enemy):
                continue
            for q in ADJACENT[p]:
                if q >= NBATTLE or not has_units(g, q, enemy):
                    continue
                movers = _chargers(g, side, p, q)
                if movers and len(g.units_at(q, side)) + len(movers) <= MAX_STACK:
                    out.append(("charge", h, p, q))
    elif t == RALLY:
        for p in range(len(g.at)):
            hurt = [c for c in g.units_at(p, side) if g.lost[side][c]]
            if hurt and (not engaged(g, p) or g.pool >= 1):
                out.append(("rally", h, p))
            if hurt and engaged(g, p):
                # "Units in an engaged position are not required to benefit from the card":
                # fewer units than the pool pays for, for fewer orders (the most hurt first)
                for n in range(1, min(len(hurt), g.pool)):
                    out.append(("rally", h, p, n))
    elif t == TREASON or (t == WARWICK and not g.sc.warwick_before_1468):
        for lid in _treason_targets(g, side):
            out.append(("treason", h, lid))
        if t == TREASON:
            for q in range(NBATTLE):
                if column(q) != CENTRE and not _captured(g, q) and has_units(g, q, enemy) \
                        and _flank_rear_ok(g, side, q) and _treason_joiners(g, side, q):
                    out.append(("treason_flank", h, q))
    elif t == MARGARET:
        if MARGARET in g.sc.sides[side].may_play and not g.margaret_on[side] \
                and g.margaret_available():
            out.append(("beside", h))
    elif t == BRIDGE:
        # 7.0: in a random scenario a Bridge may be played on a stream in the Movement step
        if g.sc.random_setup:
            for s in (0, 1):
                if g.stream[s] and not g.bridge[s]:
                    out.append(("bridge", h, s))
    elif t == AMBUSH and not g.flank_rolled and not _declared(g, side):
        # 6.2.3 B: the Ambush's attempt rolls at once, so only while no other attempt waits
        # for its die, and never after the step's flank dice (docs/sunofyork-rulings.md)
        for p in range(len(g.at)):
            for c in g.units_at(p, side):
                if g.flags[side][c] & (ORDERED | ATTACKED):
                    continue
                for q in flank_targets(g, side, c):
                    out.append(("ambush_flank", h, c, q))
    return out


def _flank_rear_ok(g, side: int, q: int) -> bool:
    col = column(q)
    enemy = 1 - side
    if has_units(g, rear(side, col), enemy) and q != rear(side, col):
        return False
    return not (q == rear(enemy, col) and has_units(g, middle(col), enemy))


def _declared(g, side: int) -> bool:
    """Whether a flank attempt of ``side`` is declared and waits for its die (6.2.3 B)."""
    flags = g.flags[side]
    return any(flags[c] & FLANKING for here in g.at for c in here[side])


def _chargers(g, side: int, p: int, q: int) -> list:
    """8.0 Charge: the combat units in ``p`` able to move into ``q``: not yet moved nor
    attacked, not barred from ``q`` (Cavalry into walls, 7.0), and in a captured battle only
    with a leader present (5.0, 6.2.3 B)."""
    if _captured(g, p) and not g.leaders_at(p, side):
        return []
    return [c for c in g.units_at(p, side) if not g.flags[side][c] & (ORDERED | ATTACKED)
            and may_enter(g, side, c, q)]


def _treason_joiners(g, side: int, q: int) -> list:
    """8.0 Treason!: the combat units in the hand that may make the flank attack into ``q``
    (not Cavalry into walls, 7.0)."""
    deck = g.decks[side]
    return [u for u in g.hand[side] if deck[u - 1].kind == UNIT and may_enter(g, side, u, q)]


def _treason_targets(g, side: int) -> list:
    """8.0 Treason!: an unengaged enemy leader in play, not royal (2.2.1), and not loyal while
    a loyal leader of this side is deployed."""
    enemy = 1 - side
    my_loyal = any(g.decks[side][c - 1].loyal for p in range(NBATTLE)
                   for c in g.leaders_at(p, side))
    out = []
    for p in range(NBATTLE):
        if engaged(g, p):
            continue
        for lid in g.leaders_at(p, enemy):
            card = g.decks[enemy][lid - 1]
            if card.royal or (card.loyal and my_loyal):
                continue
            out.append(lid)
    return out


def _legal_treason_units(g, side: int) -> list:
    pend = g.pending
    out = [("join", u) for u in _treason_joiners(g, side, pend["p"]) if u not in pend["units"]]
    if pend["units"]:
        out.append(("go",))
    return out


def apply_movement(g, side: int, a: tuple, ev: list) -> None:
    verb = a[0]
    deck, flags = g.decks[side], g.flags[side]
    if verb == "orders":
        card = deck[a[1] - 1]
        g.pool += card.orders
        ev.append(("orders", side, a[1], card.orders))
        g.put(side, a[1], ASIDE if g.held_back(side, a[1]) else DISCARD)
    elif verb == "enter":
        base = dict(hand_entries(g, side, a[1]))[a[2]]
        g.pool -= order_cost(g, side, 0, base)
        g.put(side, a[1], a[2])
        flags[a[1]] |= ORDERED
        ev.append(("enter", side, a[1], a[2]))
    elif verb == "move":
        c, q = a[1], a[2]
        base = dict(standard_moves(g, side, c))[q]
        if not _free(g, side, c) and base:
            g.pool -= order_cost(g, side, c, base)
        ev.append(("move", side, c, g.loc[side][c], q))
        g.put(side, c, q)
        flags[c] |= ORDERED
    elif verb == "leader":
        ev.append(("move", side, a[1], g.loc[side][a[1]], a[2]))
        g.put(side, a[1], a[2])
        flags[a[1]] |= ORDERED
    elif verb == "lead":
        g.put(side, a[1], a[2])
        flags[a[1]] |= ORDERED
        ev.append(("lead", side, a[1], a[2]))
        g.leader_arrived(side, a[1], ev)
    elif verb == "flank":
        c = a[1]
        if not _free(g, side, c) and not _captured(g, g.loc[side][c]):
            g.pool -= order_cost(g, side, c, 1)
        flags[c] |= FLANKING | ORDERED
        g.targets[c] = a[2]
    elif verb == "roll_flanks":
        g.flank_rolled = 1
        _roll_flanks(g, side, ev)
        return
    elif verb == "ambush_flank":
        g.put(side, a[1], DISCARD)
        ev.append(("special", side, a[1], a[3]))
        flags[a[2]] |= ORDERED
        g.flank_rolled = 1
        _flank_attempts(g, side, [(a[2], a[3], True)], ev)
        return
    elif verb == "charge_move":
        c, q = a[1], a[2]
        if not _free(g, side, c):
            g.pool -= order_cost(g, side, c, 1)
        _charge(g, side, [c], q, 0, ev)
        return
    elif verb == "charge":
        g.put(side, a[1], DISCARD)
        ev.append(("special", side, a[1], a[3]))
        _charge(g, side, _chargers(g, side, a[2], a[3]), a[3], 1, ev)
        return
    elif verb == "rally":
        _rally(g, side, a[1], a[2], ev, a[3] if len(a) > 3 else None)
    elif verb == "treason":
        _treason(g, side, a[1], a[2], ev)
    elif verb == "treason_flank":
        g.put(side, a[1], DISCARD)
        ev.append(("special", side, a[1], a[2]))
        g.pending = {"kind": "treason", "p": a[2], "units": []}
        return
    elif verb == "join":
        g.pending["units"].append(a[1])
        return
    elif verb == "go":
        _treason_flank(g, side, ev)
        return
    elif verb == "artillery":
        g.pool -= order_cost(g, side, 0, 2)
        ev.append(("move", side, a[1], g.loc[side][a[1]], a[2]))
        g.put(side, a[1], a[2])
        flags[a[1]] |= ORDERED
    elif verb == "beside":
        # 8.0 Margaret of Anjou played to one side of the field: her orders from next turn
        g.put(side, a[1], BESIDE)
        g.margaret_on[side] = 1
        ev.append(("beside", side, a[1]))
    elif verb == "bridge":
        g.put(side, a[1], BESIDE)
        g.bridge[a[2]] = 1
        ev.append(("beside", side, a[1]))
    elif verb == "margaret":
        g.margaret[side] -= 1
        flags[a[1]] = (flags[a[1]] & ~(ORDERED | ATTACKED)) | REACTIVATED
        ev.append(("margaret", side, a[1]))
    elif verb == "end":
        g.pool = 0
        g.flank_rolled = 0
        g.phase = DISCARD_STEP
        ev.append(("movement_done", side))
        return
    settle(g, ev)


def _roll_flanks(g, side: int, ev: list) -> None:
    flags = g.flags[side]
    tries = []
    for p in range(len(g.at)):
        for c in g.at[p][side]:
            if flags[c] & FLANKING:
                flags[c] &= ~FLANKING
                tries.append((c, g.targets.pop(c), False))
    _flank_attempts(g, side, tries, ev)


def _flank_attempts(g, side: int, tries: list, ev: list) -> None:
    """6.2.3 B: one die each, all declared first; 3 or less (modified) enters and attacks
    at +1; more than 6 eliminates the unit; otherwise it stays where it was."""
    entered: dict = {}
    for c, q, ambush in tries:
        mod = flank_roll_modifier(g, side, c, q, ambush)
        r = g.roll()
        total = r + mod
        ok = total <= 3
        ev.append(("flank_roll", side, c, q, r, mod, ok))
        if ok:
            entered.setdefault(q, []).append((c, g.loc[side][c]))
            g.put(side, c, q)
        elif total > 6:
            ev.append(("eliminated", side, c))
            g.put(side, c, DISCARD)
    tasks, hits = [], {}
    for q, movers in sorted(entered.items()):
        if has_units(g, q, 1 - side):
            attacks = [unit_attack(g, side, c, q, 1) for c, _ in movers]
            for c, _ in movers:
                g.flags[side][c] |= ATTACKED
            for p2, n in resolve(g, attacks, ev).items():
                hits[p2] = hits.get(p2, 0) + n
        tasks.append(["flank", q, [[c for c, _ in movers], [o for _, o in movers]]])
    _damage_from(g, side, hits, ev, MOVEMENT, after=tasks)


def _charge(g, side: int, movers: list, q: int, bonus: int, ev: list) -> None:
    """6.2.3 C: the units advance into ``q`` and attack at once, ``bonus`` added to their
    Ability (1 with the Charge card, 8.0; 0 for Cavalry charging from a hill, 7.0); then each
    makes a Morale Check or takes a Cohesion hit."""
    for c in movers:
        ev.append(("move", side, c, g.loc[side][c], q))
        g.put(side, c, q)
        g.flags[side][c] |= ORDERED | ATTACKED
    attacks = [unit_attack(g, side, c, q, bonus) for c in movers]
    _damage_from(g, side, resolve(g, attacks, ev), ev, MOVEMENT, after=[["charge", movers]])


def _rally(g, side: int, h: int, p: int, ev: list, n: int | None = None) -> None:
    """8.0 Rally: a die per unit, that many Cohesion hits removed; in an engaged position one
    order a unit, the most hurt first, ``n`` of them (None: as many as the pool pays for)."""
    g.put(side, h, DISCARD)
    hurt = sorted((c for c in g.units_at(p, side) if g.lost[side][c]),
                  key=lambda c: -g.lost[side][c])
    if engaged(g, p):
        hurt = hurt[:g.pool if n is None else n]
        g.pool -= len(hurt)
    ev.append(("special", side, h, p))
    for c in hurt:
        r = g.roll()
        g.lost[side][c] = max(0, g.lost[side][c] - r)
        ev.append(("rallied", side, c, r))


def _treason(g, side: int, h: int, lid: int, ev: list) -> None:
    """8.0 Treason! (and A Warwick! from 1468): a die; above the leader's Orders he is
    discarded, and each unit in his position passes a Morale Check or leaves the game."""
    g.put(side, h, DISCARD)
    enemy = 1 - side
    p = g.loc[enemy][lid]
    card = g.decks[enemy][lid - 1]
    r = g.roll()
    ok = r > card.orders
    ev.append(("treason", side, h, lid, r, ok))
    if not ok:
        return
    g.put(enemy, lid, DISCARD)
    for c in g.units_at(p, enemy):
        if not check_morale(g, enemy, c, 1, ev):
            ev.append(("deserted", enemy, c))
            g.put(enemy, c, OUT)


def _treason_flank(g, side: int, ev: list) -> None:
    """8.0 Treason!'s other use: units from the hand make an automatic flank attack into a
    side battle's position; those with no room go back to the hand."""
    pend = g.pending
    g.pending = None
    q = pend["p"]
    for c in pend["units"]:
        g.put(side, c, q)
        g.flags[side][c] |= ORDERED | ATTACKED
        ev.append(("enter", side, c, q))
    attacks = [unit_attack(g, side, c, q, 1) for c in pend["units"]]
    _damage_from(g, side, resolve(g, attacks, ev), ev, MOVEMENT,
                 after=[["treason_flank", q, pend["units"]]])


__all__ = ["legal_movement", "apply_movement", "standard_moves", "hand_entries",
           "flank_targets", "flank_roll_modifier", "leader_entries"]
