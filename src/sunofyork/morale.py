"""6.2.1 Morale: Morale Checks with retreats and routs, leader checks, and what follows a
change of who stands where (3.3 control, 5.0 capture, 8.0 engaged artillery).

``settle`` is called after anything that moves or removes a card; it updates control of the
middle grounds, eliminates engaged artillery, captures battles and declares the winner.
"""

from __future__ import annotations

from .cards import ARTILLERY, UNIT
from .effects import has_units, morale_modifier
from .field import CENTRE, EDGE_COLUMN, FLANKS, NBATTLE, SIDEWAYS, column, rear, rear_row, \
    row, toward_rear
from .state import COMMITTED, DISCARD, LEADER_HIT, OUT

MAX_STACK = 4   # 3.2


def check_morale(g, side: int, cid: int, dice: int, ev: list) -> bool:
    """Roll ``dice`` Morale Check dice for a unit; True if every one (modified) is at most its
    current Cohesion (6.2.1; no automatic results)."""
    p = g.loc[side][cid]
    mod = morale_modifier(g, side, cid, p)
    rolls = tuple(g.roll() for _ in range(dice))
    ok = all(r + mod <= g.cohesion(side, cid) for r in rolls)
    ev.append(("morale", side, cid, rolls, mod, ok))
    return ok


def cohesion_hit(g, side: int, cid: int, ev: list) -> None:
    """An immediate Cohesion hit (6.2.1 stacked retreats, 6.2.3 C charges): one Cohesion
    lost; at 0 the unit is eliminated."""
    g.lost[side][cid] += 1
    ev.append(("cohesion_hit", side, cid))
    if g.cohesion(side, cid) <= 0:
        ev.append(("eliminated", side, cid))
        g.put(side, cid, DISCARD)


def morale_step(g, side: int, ev: list) -> None:
    """6.2.1: every unit of ``side`` carrying Hit markers checks, one at a time, a retreat and
    its effects resolved before the next check; then the leader checks."""
    order = [(p, c) for p in range(NBATTLE) for c in g.at[p][side]
             if g.decks[side][c - 1].kind == UNIT and g.hits[side][c]]
    for p, cid in order:
        if g.loc[side][cid] != p or not g.hits[side][cid]:
            continue
        n = g.hits[side][cid]
        if check_morale(g, side, cid, n, ev):
            g.hits[side][cid] = 0
            g.lost[side][cid] += n
            if g.cohesion(side, cid) <= 0:
                ev.append(("eliminated", side, cid))
                g.put(side, cid, DISCARD)
        else:
            retreat(g, side, cid, ev)
        settle(g, ev)
        if g.winner >= 0:
            return
    leader_checks(g, side, ev)


def retreat(g, side: int, cid: int, ev: list) -> None:
    """6.2.1 Retreat Result: Hit markers dropped, one position back; in the own rear the unit
    is discarded; into a fully stacked position it goes sideways to an unengaged battle
    position with room if there is one (the one with the fewest own units, the centre first
    on a tie: docs/sunofyork-rulings.md), else back into it and routs, the units there checking
    morale as if hit (a failure costs a Cohesion hit)."""
    p = g.loc[side][cid]
    g.hits[side][cid] = 0
    back = toward_rear(side, p)
    if row(p) == rear_row(side) or back < 0:
        ev.append(("retreat_rout", side, cid, p))
        g.put(side, cid, DISCARD)
        return
    if len(g.units_at(back, side)) < MAX_STACK:
        ev.append(("retreat", side, cid, p, back))
        g.put(side, cid, back)
        return
    ways = [q for q in SIDEWAYS[p] if _retreat_sideways(g, side, q)]
    if ways:
        q = min(ways, key=lambda q: (len(g.units_at(q, side)), column(q) != CENTRE, q))
        ev.append(("retreat", side, cid, p, q))
        g.put(side, cid, q)
        return
    ev.append(("retreat_rout", side, cid, p))
    g.put(side, cid, DISCARD)
    for other in g.units_at(back, side):
        if not check_morale(g, side, other, 1, ev):
            cohesion_hit(g, side, other, ev)


def _retreat_sideways(g, side: int, q: int) -> bool:
    """6.2.1: may a unit of ``side`` retreat sideways into battle position ``q``? Only into a
    battle in play (9.1.20: Heworth Moor fights its central battle alone), not captured (a
    captured battle counts as a flank, 6.2.3 B, and the retreat is "not flank"), unengaged,
    with room, and free of enemy units: a retreat that moved in among the enemy would engage
    (docs/sunofyork-rulings.md, "6.2.1 Retreats sideways")."""
    c = column(q)
    return (c in g.columns and g.captured[c] < 0 and not has_units(g, q, 1 - side)
            and len(g.units_at(q, side)) < MAX_STACK)


def leader_checks(g, side: int, ev: list) -> None:
    """6.2.1 Leader Check: a die for each leader committed, each hit from leader combat and
    for being alone with enemy units; a 6 kills him (injures him in a campaign). A survivor
    alone with enemy units falls back toward his rear (killed there, and the battle captured);
    a committed leader with no enemy in his position withdraws (6.2.2)."""
    for p in range(NBATTLE):
        for lid in list(g.leaders_at(p, side)):
            f = g.flags[side][lid]
            alone = not has_units(g, p, side) and has_units(g, p, 1 - side)
            dice = (1 if f & COMMITTED else 0) + g.hits[side][lid] + (1 if alone else 0)
            g.flags[side][lid] &= ~LEADER_HIT
            g.hits[side][lid] = 0
            if dice:
                rolls = tuple(g.roll() for _ in range(dice))
                if 6 in rolls:
                    ev.append(("leader_killed", side, lid, rolls))
                    leader_falls(g, side, lid)
                    continue
                ev.append(("leader_check", side, lid, rolls))
            if alone:
                back = toward_rear(side, p)
                if row(p) == rear_row(side) or back < 0:
                    ev.append(("leader_killed", side, lid, ()))
                    leader_falls(g, side, lid)
                    continue
                g.flags[side][lid] &= ~COMMITTED
                ev.append(("leader_falls_back", side, lid, p, back))
                g.put(side, lid, back)
            elif g.flags[side][lid] & COMMITTED and not has_units(g, p, 1 - side):
                g.flags[side][lid] &= ~COMMITTED
    settle(g, ev)


def leader_falls(g, side: int, lid: int) -> None:
    """A leader killed in battle leaves the game; in a campaign he is recorded as injured or
    dead by the campaign's rolls (9.3.1)."""
    g.put(side, lid, OUT)
    g.fallen[side].append(lid)


def settle(g, ev: list) -> None:
    """After any change on the field: control of the middle grounds (3.3), engaged artillery
    eliminated (8.0), battles captured (5.0) with their flank units discarded (6.2.3 B) and the
    leaders alone in the captured rear killed (6.2.1), and victory (5.0)."""
    for c in range(3):
        m = 3 * c + 1
        y, lan = has_units(g, m, 1), has_units(g, m, 0)
        if y != lan:
            g.control[c] = 1 if y else 0
    for p in range(NBATTLE):
        for s in (0, 1):
            # 8.0: artillery may not engage: enemy combat units in its position eliminate it,
            # whether or not its own side's units are there (6.2.2's "together with enemy
            # combat units"). Artillery is rare: look for it before the enemy.
            deck = g.decks[s]
            guns = [cid for cid in g.at[p][s] if deck[cid - 1].type == ARTILLERY]
            if guns and has_units(g, p, 1 - s):
                for cid in guns:
                    ev.append(("artillery_lost", s, cid, p))
                    g.put(s, cid, DISCARD)
    for c in g.columns:
        if g.captured[c] >= 0:
            continue
        for s in (0, 1):
            r = rear(s, c)
            if has_units(g, r, 1 - s) and not has_units(g, r, s):
                capture(g, c, 1 - s, ev)
                break
    _victory(g, ev)


def capture(g, c: int, by: int, ev: list) -> None:
    """Battle ``c`` captured by side ``by`` (5.0)."""
    g.captured[c] = by
    loser = 1 - by
    ev.append(("captured", by, c))
    r = rear(loser, c)
    for lid in list(g.leaders_at(r, loser)):
        ev.append(("leader_killed", loser, lid, ()))
        leader_falls(g, loser, lid)
    if c != CENTRE:
        edge = EDGE_COLUMN.index(c)
        for p in FLANKS[edge]:
            for s in (0, 1):
                for cid in list(g.at[p][s]):
                    # 6.2.3 (B): the units there; terrain (Woods) stays, leaders never enter
                    if g.decks[s][cid - 1].kind == UNIT:
                        ev.append(("flank_lost", s, cid, p))
                        g.put(s, cid, DISCARD)


def _victory(g, ev: list) -> None:
    """5.0: the enemy's central rear, or both of his side rears, captured."""
    if g.winner >= 0:
        return
    for s in (0, 1):
        won = g.captured[CENTRE] == s or (
            len(g.columns) == 3 and g.captured[0] == s and g.captured[2] == s)
        if won:
            ev.append(("victory", s, "capture"))
            g.end(s, "capture")
            return
