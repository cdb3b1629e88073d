"""6.0 Game turns: initiative (6.1) and each player's four steps (6.2): Morale (automatic but
for leader commitment), Combat, Movement (movement.py) and Discard.

Each phase has ``legal_X(g, side) -> list of actions`` and ``apply_X(g, side, action, ev)``;
an action is a tuple whose first item is its verb (docs/sunofyork-actions.md lists them).
"""

from __future__ import annotations

from .cards import AMBUSH, ARTILLERY, CONFUSION, FATIGUE, FOOTSOLDIER, LEADER, MISSILE, UNIT, \
    WARWICK
from .combat import (attack_options, damage_choices, leader_die, leader_targets, resolve,
                     take_hit, unit_attack)
from .effects import FOG, WINTER, engaged, has_units
from .field import ADJACENT, NBATTLE, SIDEWAYS
from .morale import check_morale, cohesion_hit, morale_step, settle
from .state import (ATTACKED, CHARGED, COMBAT, COMMIT, COMMITTED, DAMAGE, DECLARED, DISCARD,
                    FATIGUE_START, FATIGUED, HAND, INITIATIVE, LED, MOVEMENT, ORDERED,
                    OUT, REACTIVATED)

HAND_SIZE = 4


# ------------------------------------------------------------------------------ 6.1 initiative
def roll_initiative(g, ev: list) -> None:
    """6.1: both roll a die plus the best Orders of their leaders in a battle (and a first-turn
    bonus from the less random deployment options); the higher decides who goes first; a tie
    keeps the last winner, or on the first turn goes to the attacker."""
    g.turn += 1
    g.turn_hits = 0
    totals = []
    for s in (0, 1):
        best = max((g.decks[s][c - 1].orders for p in range(NBATTLE) for c in g.leaders_at(p, s)),
                   default=0)
        r = g.roll()
        bonus = g.bonus[s] if g.turn == 1 else 0
        totals.append(r + best + bonus)
        ev.append(("initiative_roll", s, r, best + bonus))
    if totals[0] != totals[1]:
        g.initiative = 0 if totals[0] > totals[1] else 1
    elif g.initiative < 0:
        g.initiative = g.attacker
    ev.append(("initiative", g.initiative, g.turn))
    g.phase, g.decider = INITIATIVE, g.initiative


def legal_initiative(g, side: int) -> list:
    return [("first",), ("second",)]


def apply_initiative(g, side: int, a: tuple, ev: list) -> None:
    g.first = side if a[0] == "first" else 1 - side
    ev.append(("goes_first", g.first))
    start_sequence(g, g.first, ev)


# ------------------------------------------------------------------------------ 6.2.1 morale
def start_sequence(g, side: int, ev: list) -> None:
    """Begin ``side``'s steps: the turn's markers cleared, the leaders' free orders noted
    (6.2.3 A), Margaret and King Henry's orders (8.0), then the Morale step (6.2.1)."""
    g.active = side
    g.rolled = 0
    flags = g.flags[side]
    for p in range(len(g.at)):
        eng = engaged(g, p)
        for c in g.at[p][side]:
            f = flags[c] & ~(ATTACKED | ORDERED | LED | DECLARED | REACTIVATED | CHARGED |
                             FATIGUE_START)
            if f & FATIGUED and not eng:
                f |= FATIGUE_START
            flags[c] = f
    g.margaret[side] = 3 if g.margaret_on[side] else 0
    g.pool = 0
    g.commit_done = []
    ev.append(("sequence", side))
    morale_step(g, side, ev)
    if g.winner >= 0:
        return
    g.phase, g.decider = COMMIT, side
    if not legal_commit(g, side)[:-1]:
        g.phase = COMBAT


def legal_commit(g, side: int) -> list:
    """6.2.2 Leader Combat: at the end of the Morale step a leader in an engaged position may be
    committed, and a committed one withdrawn."""
    out = []
    for p in range(NBATTLE):
        if not engaged(g, p):
            continue
        for lid in g.leaders_at(p, side):
            if lid in g.commit_done:
                continue
            out.append(("withdraw" if g.flags[side][lid] & COMMITTED else "commit", lid))
    out.append(("done",))
    return out


def apply_commit(g, side: int, a: tuple, ev: list) -> None:
    if a[0] == "done":
        g.phase = COMBAT
        return
    lid = a[1]
    if a[0] == "commit":
        g.flags[side][lid] |= COMMITTED
    else:
        g.flags[side][lid] &= ~COMMITTED
    ev.append((a[0], side, lid))
    # a leader's status changes once a Morale step: the others may still change
    g.commit_done.append(lid)


# ------------------------------------------------------------------------------ 6.2.2 combat
def legal_combat(g, side: int) -> list:
    """Declare attacks (all before the dice, 6.2.2), roll them, play the Combat step's
    specials (8.0), reactivate with Margaret of Anjou, or end the step."""
    out = []
    deck, flags = g.decks[side], g.flags[side]
    declared = False
    for p in range(NBATTLE):
        for c in g.at[p][side]:
            f = flags[c]
            if f & DECLARED:
                declared = True
                continue
            card = deck[c - 1]
            if card.kind == UNIT:
                if g.rolled and not f & REACTIVATED:
                    continue
                for t in attack_options(g, side, c):
                    out.append(("attack", c, t))
            elif card.kind == LEADER and not g.rolled:
                for t in leader_targets(g, side, c):
                    out.append(("strike", c, t))
            elif card.type == ARTILLERY and not g.rolled:
                for q in ADJACENT[p]:
                    if q >= NBATTLE:
                        continue        # 3.1: no combat in the flank positions
                    for u in g.units_at(q, 1 - side):
                        out.append(("bombard", c, q, u))
    if declared:
        out.append(("roll",))
        return out
    if g.margaret[side]:
        for p in range(NBATTLE):
            for c in g.at[p][side]:
                if flags[c] & ATTACKED and deck[c - 1].kind == UNIT and not flags[c] & REACTIVATED:
                    out.append(("margaret", c))
    out.extend(_combat_specials(g, side))
    out.append(("end",))
    return out


def _combat_specials(g, side: int) -> list:
    out = []
    enemy = 1 - side
    for h in g.hand[side]:
        card = g.decks[side][h - 1]
        if card.type == CONFUSION:
            for p in range(NBATTLE):
                if has_units(g, p, enemy) and not engaged(g, p):
                    for q in _confusion_targets(g, enemy, p):
                        out.append(("confusion", h, p, q))
        elif card.type == WARWICK and g.sc.warwick_before_1468:
            for p in range(NBATTLE):
                if engaged(g, p):
                    out.append(("warwick", h, p))
        elif card.type == AMBUSH:
            for p in range(NBATTLE):
                for c in g.units_at(p, side):
                    if g.decks[side][c - 1].unit_class in (FOOTSOLDIER, MISSILE):
                        for t in _any_attack(g, side, c):
                            out.append(("ambush_attack", h, c, t))
    return out


def _any_attack(g, side: int, c: int) -> list:
    """Where a unit could attack, whether or not it has attacked this turn (8.0 Ambush)."""
    f = g.flags[side][c]
    g.flags[side][c] = f & ~ATTACKED
    try:
        return attack_options(g, side, c)
    finally:
        g.flags[side][c] = f


def _confusion_targets(g, side: int, p: int) -> list:
    """8.0 Battle Confusion: positions adjacent to ``p`` in the same or an adjacent battle
    holding ``side``'s own units (which the confused units attack)."""
    near = set(q for q in ADJACENT[p] if q < NBATTLE) | set(SIDEWAYS[p])
    return sorted(q for q in near if has_units(g, q, side))


def apply_combat(g, side: int, a: tuple, ev: list) -> None:
    verb = a[0]
    flags = g.flags[side]
    if verb == "attack":
        flags[a[1]] |= DECLARED
        g.targets[a[1]] = a[2]
    elif verb in ("strike", "bombard"):
        flags[a[1]] |= DECLARED
        g.targets[a[1]] = a[2] if verb == "strike" else (a[2], a[3])
    elif verb == "roll":
        _roll_declared(g, side, ev)
    elif verb == "margaret":
        g.margaret[side] -= 1
        flags[a[1]] = (flags[a[1]] & ~ATTACKED) | REACTIVATED
        ev.append(("margaret", side, a[1]))
    elif verb == "confusion":
        _confusion(g, side, a, ev)
    elif verb == "warwick":
        g.put(side, a[1], DISCARD)
        p = a[2]
        ev.append(("special", side, a[1], p))
        attackers = g.units_at(p, side)
        attacks = [unit_attack(g, side, c, p, 1) for c in attackers]
        for c in attackers:
            flags[c] |= ATTACKED        # 6.2.2: a unit that attacks may not move
        _damage_from(g, side, resolve(g, attacks, ev), ev, COMBAT)
    elif verb == "ambush_attack":
        g.put(side, a[1], DISCARD)
        ev.append(("special", side, a[1], a[3]))
        attack = unit_attack(g, side, a[2], a[3])
        flags[a[2]] |= ATTACKED         # 6.2.2 (docs/sunofyork-rulings.md, "8.0 Ambush")
        _damage_from(g, side, resolve(g, [attack], ev), ev, COMBAT)
    elif verb == "end":
        g.phase = MOVEMENT
        _mark_led(g, side)
        g.pool = 3 if side == 0 and g.henry else 0
        if g.pool:
            ev.append(("henry_orders", side, 3))


def _mark_led(g, side: int) -> None:
    """6.2.3 A: the units in a position with a friendly leader as the Movement step begins
    move without orders (the Example of Play, step 19: units that fell back to Salisbury in
    the Morale step go forward again free; docs/sunofyork-rulings.md)."""
    deck, flags = g.decks[side], g.flags[side]
    for p in range(NBATTLE):
        if g.leaders_at(p, side):
            for c in g.at[p][side]:
                if deck[c - 1].kind == UNIT:
                    flags[c] |= LED


def _roll_declared(g, side: int, ev: list) -> None:
    """6.2.2: every declared attack rolls together; each unit is marked Attacked."""
    attacks, direct = [], []
    flags = g.flags[side]
    for p in range(NBATTLE):
        for c in list(g.at[p][side]):
            if not flags[c] & DECLARED:
                continue
            flags[c] = (flags[c] & ~(DECLARED | REACTIVATED)) | ATTACKED
            card = g.decks[side][c - 1]
            t = g.targets.pop(c)
            if card.kind == UNIT:
                attacks.append(unit_attack(g, side, c, t))
            elif card.kind == LEADER:
                attacks.append(leader_die(g, side, c, t))
            else:
                direct.append((c, t))
    g.rolled = 1
    hits = resolve(g, attacks, ev) if attacks else {}
    enemy = 1 - side
    for art, (q, u) in direct:
        # 8.0 Artillery: two dice at 5 against one unit, terrain ignored; then removed
        rolls = (g.roll(), g.roll())
        n = sum(1 for r in rolls if r <= 5)
        ev.append(("artillery", side, art, q, u, rolls, n))
        g.put(side, art, OUT)
        for _ in range(n):
            if g.loc[enemy][u] == q:
                take_hit(g, enemy, u, ev)
                g.turn_hits += 1
    settle(g, ev)
    _damage_from(g, side, hits, ev, COMBAT)


def _confusion(g, side: int, a: tuple, ev: list) -> None:
    """8.0 Battle Confusion: on 2 or less (-1 winter, -2 fog) the enemy units in ``p`` attack
    their own side's units in ``q``."""
    _, h, p, q = a
    g.put(side, h, DISCARD)
    r = g.roll()
    mod = -1 if g.weather == WINTER else -2 if g.weather == FOG else 0
    ok = r + mod <= 2
    ev.append(("confusion", side, h, p, q, r, mod, ok))
    if not ok:
        return
    enemy = 1 - side
    attacks = []
    for c in g.units_at(p, enemy):
        att = unit_attack(g, enemy, c, p)
        attacks.append((enemy, c, q) + att[3:])
    hits = resolve(g, attacks, ev)
    # the hits fall on the enemy's own units: their owner distributes them
    _damage_from(g, side, hits, ev, COMBAT, victim=enemy)


def _damage_from(g, side: int, hits: dict, ev: list, then: int, victim: int = -1,
                 after=None) -> None:
    """Queue the hits on each position for the defender's distribution (6.2.2)."""
    victim = 1 - side if victim < 0 else victim
    queue = [[p, n] for p, n in sorted(hits.items()) if n]
    g.turn_hits += sum(n for _, n in queue)
    g.pending = {"queue": queue, "victim": victim, "then": then, "after": after or []}
    _advance_damage(g, ev)


def _advance_damage(g, ev: list) -> None:
    """Give out the queued hits, asking the defender only where he has a choice."""
    pend = g.pending
    victim = pend["victim"]
    q = pend["queue"]
    while q:
        p, n = q[0]
        if n <= 0:
            q.pop(0)
            continue
        choices = damage_choices(g, victim, p)
        if not choices:
            q.pop(0)
            continue
        if len(choices) > 1 and not _all_alike(g, victim, choices):
            g.phase, g.decider = DAMAGE, victim
            return
        take_hit(g, victim, choices[0], ev)
        q[0][1] -= 1
    settle(g, ev)
    after = pend["after"]
    g.pending = None
    g.phase, g.decider = pend["then"], g.active
    for task in after:
        _after(g, task, ev)


def _all_alike(g, side: int, cids: list) -> bool:
    """Whether the units are interchangeable for a hit (same card values and markers): then
    the engine gives the hit without asking."""
    key = _unit_key(g, side, cids[0])
    return all(_unit_key(g, side, c) == key for c in cids[1:])


def _unit_key(g, side: int, c: int) -> tuple:
    card = g.decks[side][c - 1]
    return (card.type, card.ability, card.long_range, card.cohesion, card.veteran, card.move,
            g.hits[side][c], g.lost[side][c], g.flags[side][c])


def legal_damage(g, side: int) -> list:
    p = g.pending["queue"][0][0]
    return [("hit", c) for c in damage_choices(g, side, p)]


def apply_damage(g, side: int, a: tuple, ev: list) -> None:
    take_hit(g, side, a[1], ev)
    g.pending["queue"][0][1] -= 1
    _advance_damage(g, ev)


def _after(g, task: list, ev: list) -> None:
    """What follows an attack's damage: charging units check morale (6.2.3 C); flank
    attackers stay where there is room and the rest go back (6.2.3 B)."""
    kind = task[0]
    side = g.active
    if kind == "charge":
        for c in task[1]:
            if g.loc[side][c] >= 0 and not check_morale(g, side, c, 1, ev):
                cohesion_hit(g, side, c, ev)
    elif kind == "flank":
        p, origin = task[1], task[2]
        for c, back in zip(origin[0], origin[1]):
            if g.loc[side][c] != p:
                continue
            if len(g.units_at(p, side)) > 4:
                where = back
                ev.append(("flank_back", side, c, p, back))
                g.put(side, c, where)
    elif kind == "treason_flank":
        p = task[1]
        for c in task[2]:
            if g.loc[side][c] == p and len(g.units_at(p, side)) > 4:
                ev.append(("flank_back", side, c, p, HAND))
                g.put(side, c, HAND)
    settle(g, ev)


# ------------------------------------------------------------------------------ 6.2.4 discard
def legal_discard(g, side: int) -> list:
    """6.2.4: discard any cards, play Fatigue (8.0), then draw up to the hand size."""
    out = [("discard", c) for c in g.hand[side]]
    for h in g.hand[side]:
        if g.decks[side][h - 1].type == FATIGUE:
            for p in range(len(g.at)):      # "in any position", flanks too
                if g.units_at(p, 1 - side):
                    out.append(("fatigue", h, p))
    out.append(("draw",))
    return out


def hand_size(g, side: int) -> int:
    """Four cards; three for Lancaster while King Henry VI is beside the field (8.0)."""
    return 3 if side == 0 and g.henry else HAND_SIZE


def apply_discard(g, side: int, a: tuple, ev: list) -> None:
    verb = a[0]
    if verb == "discard":
        g.put(side, a[1], DISCARD)
        ev.append(("discarded", side, a[1]))
        return
    if verb == "fatigue":
        g.put(side, a[1], DISCARD)
        for c in g.units_at(a[2], 1 - side):
            g.flags[1 - side][c] |= FATIGUED
        ev.append(("fatigue", side, a[1], a[2]))
        return
    drawn = 0
    while len(g.hand[side]) < hand_size(g, side) and g.deck[side]:
        c = g.deck[side][-1]
        g.put(side, c, HAND)
        g.on_draw(side, c, ev)
        drawn += 1
    ev.append(("drew", side, drawn))
    end_sequence(g, side, ev)


def end_sequence(g, side: int, ev: list) -> None:
    """The end of a player's steps: fatigue wears off units that began the turn fatigued and
    unengaged (8.0); then the other player's steps, or a new turn."""
    flags = g.flags[side]
    for p in range(len(g.at)):
        for c in g.at[p][side]:
            if flags[c] & FATIGUE_START:
                flags[c] &= ~(FATIGUED | FATIGUE_START)
    g.pool = 0
    if g.winner >= 0:
        return
    if side == g.first:
        start_sequence(g, 1 - side, ev)
    else:
        g.new_turn(ev)


__all__ = ["roll_initiative", "legal_initiative", "apply_initiative", "start_sequence",
           "legal_commit", "apply_commit", "legal_combat", "apply_combat", "legal_damage",
           "apply_damage", "legal_discard", "apply_discard", "hand_size", "end_sequence",
           "HAND_SIZE"]
