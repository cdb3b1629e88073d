"""Action phase (1.2, 5.0): land moves, sea moves, recruits and the event cards.

Player 1 acts, then Player 2 (``end`` closes a side's action phase; unused AP are lost). The
decisions are small steps so the UI can offer them as clicks and the AI as branches:

- ``activate A`` (1 AP, 5.2): every unmoved block of the side in area A may then move (offered
  only where one of them can: not where all are pinned, 5.22);
- ``move B: A > X [> Y [> Z]]`` (5.2): a block of an activated area moves one or two areas
  (three with Force March) along the path, within border limits (5.21), stopping on entering
  an enemy or contested area or after a red border, never into the enemy's exile (2.7);
- ``sea B: A > X`` (5.3): 1 AP per block between areas of one sea zone; two blocks for 1 AP
  from one major port to one major port (5.31);
- ``recruit B: A`` (5.4): 1 AP, a block from the pool to its deployment area;
- events: ``muster A``, ``plague A``; Force March, Surprise, Treason and Piracy change what the
  AP may do (5.1 and rulings.md).

Pinning (5.22) and the battle bookkeeping of 6.3 (attacker, Main Attack, Reserves) are done
here as blocks enter enemy areas.
"""

from __future__ import annotations

from .actions import Action
from .components import BOMBARD, HEIR, LEVY, MERCENARY, REBEL_TYPE
from .eliminations import eliminate
from .events import BY_PLAGUE
from .ids import ACTION, NA, NB, NBORDER, POOL, PUBLIC, SEA_ENTRY, C
from .recruits import may_enter, recruit_areas
from .rescue import check_rescue

END = Action("end")

#: Events whose AP activate one group (or, but for Force March, make one sea move).
GROUP_EVENTS = ("force_march", "surprise", "treason")
#: Blocks that never sea move (5.3; the bombard is grouped with the levies, 3.24).
NO_SEA_TYPES = (LEVY, BOMBARD, REBEL_TYPE)
NO_SEA_BLOCKS = frozenset(b for b in range(NB) if C.btype[b] in NO_SEA_TYPES
                          or C.block_names[b] in ("Scots Mercenary", "Welsh Mercenary"))
#: For each area, the areas a sea move can reach from it (same sea zone, 5.3).
SEA_DESTINATIONS = tuple(tuple(d for d in range(NA) if C.sea_linked(a, d)) for a in range(NA))

MAX_ATTACK_BORDERS = 3      # 6.3: an attack via one, two or three borders
MAX_REINFORCE_BORDERS = 2   # 6.3: Player 2 reinforcing a battle, at most two borders


def begin_action_phase(g, side: int) -> None:
    """Open ``side``'s part of the action phase with the AP and event of its card (1.2)."""
    card = g.played[side]
    g.phase = ACTION
    g.acting = side
    g.ap = C.card_ap[card]
    g.event = C.card_event[card] or ""
    g.activated = []
    g.muster = -1
    g.port_bonus = (-1, -1)
    g.step = 0
    g.say(PUBLIC, "action_phase", side, g.event, g.ap)


class ActionPhase:
    """The handler of the ACTION phase (see the module docstring)."""

    @staticmethod
    def active(g) -> list[int]:
        return [g.acting]

    @staticmethod
    def legal(g, s: int) -> list[Action]:
        out = [END]
        ev = g.event
        lanc, york = g.presence()
        own, enemy = (lanc, york) if s == 0 else (york, lanc)
        if ev == "plague":
            if g.step == 0:
                out += [Action("plague", a) for a in range(NA)
                        if C.city[a] and enemy[a]]
            return out
        if ev == "muster":
            if g.muster < 0:
                out += [Action("muster", a) for a in range(NA)
                        if not enemy[a] and may_enter(s, a)]
            else:
                for b in range(NB):
                    if _owner(g, b) == s and g.loc[b] < NA and not g.moved[b]:
                        out += _land_moves(g, s, b, own, enemy, 2, g.muster)
            return out
        free_sea = g.port_bonus[0] >= 0
        if g.ap > 0 or free_sea:
            if ev != "piracy" and g.ap > 0:
                if ev == "" or ev in GROUP_EVENTS and not g.activated:
                    for a in _movable_areas(g, s):
                        if a not in g.activated and _may_march(g, s, a, enemy):
                            out.append(Action("activate", a))
            if ev != "force_march":
                out += _sea_moves(g, s, own, enemy)
            if ev == "" and g.ap > 0:
                out += _recruits(g, s, own, enemy)
        if g.activated:
            steps = 3 if ev == "force_march" else 2
            for b in range(NB):
                if not g.moved[b] and g.loc[b] in g.activated and _owner(g, b) == s:
                    out += _land_moves(g, s, b, own, enemy, steps, -1)
        return out

    @staticmethod
    def apply(g, s: int, action: Action) -> None:
        kind = action[0]
        if kind == "end":
            _end(g, s)
        elif kind == "activate":
            a = action[1]
            g.ap -= 1
            g.activated.append(a)
            g.say(PUBLIC, "activate", s, a)
        elif kind == "move":
            _apply_move(g, s, action[1], action[2:])
        elif kind == "sea":
            _apply_sea(g, s, action[1], action[2], action[3])
        elif kind == "recruit":
            b, a = action[1], action[2]
            g.ap -= 1
            g.loc[b] = a
            g.strength[b] = C.max_str[b]
            g.moved[b] = 3
            g.say(s, "recruit", s, b, a)
            g.say(1 - s, "recruit", s, -1, a)
        elif kind == "muster":
            g.muster = action[1]
            g.say(PUBLIC, "muster", s, g.muster)
        elif kind == "plague":
            _apply_plague(g, s, action[1])
        check_rescue(g)


# ---------------------------------------------------------------------------- move helpers
def _owner(g, b: int) -> int:
    s = C.side[b]
    return 1 - g.king if s == 2 else s


def _movable_areas(g, s: int) -> list[int]:
    out = []
    for b in range(NB):
        a = g.loc[b]
        if a < NA and not g.moved[b] and _owner(g, b) == s and a not in out:
            out.append(a)
    return out


def pin_state(g, s: int, a: int):
    """5.22 Pinning: for side ``s`` leaving area ``a`` (an area id), ``(may_leave, barred)``:
    whether a block may leave at all (bool), and the borders it may not cross (those the
    attackers entered by: an empty tuple or a set of border ids, ``C.border_between``).
    Used by the moves and by the AI's reading of who may still reinforce a battle
    (``ai.hopeless``).

    Only the side moving second can be pinned: where the other side attacked this turn, as many
    of its original blocks as there are attacking blocks not in Reserve must stay, and the
    others may not leave by a border the enemy used to enter.
    """
    if g.attacker[a] != 1 - s:
        return True, ()
    attackers = [b for b in range(NB) if g.loc[b] == a and _owner(g, b) != s]
    pinned = sum(1 for b in attackers if not g.reserve[b])
    originals = sum(1 for b in range(NB)
                    if g.loc[b] == a and _owner(g, b) == s and not g.moved[b])
    return originals > pinned, {g.entry[b] for b in attackers}


def _may_march(g, s: int, a: int, enemy) -> bool:
    """Whether a block of side s in area a could then move by land (5.2): activation is offered
    only where it lets something move (docs/rulings.md), not where every block is pinned
    (5.22) or every way out is closed (border limits 5.21, the enemy's exile 2.7)."""
    may_leave, barred = pin_state(g, s, a)
    if not may_leave:
        return False
    for nxt, k in C.neighbours[a]:
        if k in barred or not may_enter(s, nxt) or not _border_free(g, s, k):
            continue
        if not enemy[nxt] or _battle_borders_ok(g, s, nxt, k):
            return True
    return False


def _border_free(g, s: int, k: int) -> bool:
    limit = C.border_limit[k] + (1 if g.event == "surprise" else 0)
    return g.border_used[s * NBORDER + k] < limit


def _battle_borders_ok(g, s: int, a: int, k: int) -> bool:
    """6.3: an attacker uses at most three borders into a battle; Player 2 reinforcing, two."""
    used = {g.entry[b] for b in range(NB)
            if g.loc[b] == a and g.moved[b] and _owner(g, b) == s}
    used.add(k)
    reinforcing = g.attacker[a] == 1 - s
    return len(used) <= (MAX_REINFORCE_BORDERS if reinforcing else MAX_ATTACK_BORDERS)


def _land_moves(g, s, b, own, enemy, steps, target) -> list[Action]:
    """All land-move paths of block b (5.2), optionally only those ending at ``target``."""
    start = g.loc[b]
    may_leave, barred = pin_state(g, s, start)
    if not may_leave:
        return []
    out = []
    path = [start]

    def walk(a: int, left: int) -> None:
        for nxt, k in C.neighbours[a]:
            if nxt in path or not may_enter(s, nxt) or not _border_free(g, s, k):
                continue
            if len(path) == 1 and k in barred:
                continue
            path.append(nxt)
            if enemy[nxt]:      # enemy or contested: stop and fight (5.2)
                if target < 0 and _battle_borders_ok(g, s, nxt, k):
                    out.append(Action("move", b, *path))
            else:
                if target < 0 or nxt == target:
                    out.append(Action("move", b, *path))
                if left > 1 and C.border_type[k] != "red" and nxt != target:
                    walk(nxt, left - 1)
            path.pop()

    walk(start, steps)
    return out


def _apply_move(g, s: int, b: int, path) -> None:
    k = -1
    for a, nxt in zip(path, path[1:]):
        k = C.border_between[(a, nxt)]
        g.border_used[s * NBORDER + k] += 1
    dest = path[-1]
    enemy_there = _enemy_present(g, s, dest)
    g.loc[b] = dest
    g.moved[b] = 1
    g.entry[b] = k
    path = tuple(path)
    g.say(s, "move", s, b, path)
    g.say(1 - s, "move", s, -1, path)
    if enemy_there:
        _enter_battle(g, s, b, dest, k, path[-2])


def _enemy_present(g, s: int, a: int) -> bool:
    return any(g.loc[x] == a and _owner(g, x) != s for x in range(NB))


def _enter_battle(g, s: int, b: int, a: int, k: int, came_from: int) -> None:
    """6.3 bookkeeping when block b of side s enters enemy-held area a by border k, from area
    ``came_from`` (-1: by sea)."""
    if g.attacker[a] < 0:
        g.attacker[a] = s
        g.main_border[a] = k
        g.reserve[b] = 0
        g.say(PUBLIC, "attack", s, a, came_from)
    elif g.attacker[a] == s:
        g.reserve[b] = 0 if k == g.main_border[a] else 1
    else:
        g.reserve[b] = 1
        g.say(PUBLIC, "reinforce", s, a, came_from)


# ----------------------------------------------------------------------------- sea moves
def _sea_moves(g, s, own, enemy) -> list[Action]:
    """5.3 sea moves of side s now possible (free port-to-port moves included).

    A Piracy attack costs one AP like any sea move: the free port-to-port move of 5.31 never
    attacks.
    """
    out = []
    piracy = g.event == "piracy"
    pf, pt = g.port_bonus
    ap = g.ap
    loc, moved, seas, side_of = g.loc, g.moved, C.seas, C.side
    barred_exile = 1 - s
    may_leave = {}
    new = tuple.__new__           # builds Actions directly: this loop makes most of them
    for b in range(NB):
        a = loc[b]
        # The Rebel never sea moves, so a block's own side is its owner here.
        if a >= NA or moved[b] or side_of[b] != s or not seas[a] or b in NO_SEA_BLOCKS:
            continue
        ok = may_leave.get(a)
        if ok is None:
            ok = may_leave[a] = pin_state(g, s, a)[0]
        if not ok:
            continue
        for d in SEA_DESTINATIONS[a]:
            if C.exile_of[d] == barred_exile:
                continue
            if enemy[d]:
                if not piracy or ap < 1 or not _battle_borders_ok(g, s, d, SEA_ENTRY):
                    continue
            elif ap < 1 and not (a == pf and d == pt):
                continue
            out.append(new(Action, ("sea", b, a, d)))
    return out


def _apply_sea(g, s: int, b: int, a: int, d: int) -> None:
    attack = _enemy_present(g, s, d)
    free = not attack and g.port_bonus == (a, d)
    if free:
        g.port_bonus = (-1, -1)
    else:
        g.ap -= 1
        if not attack and C.major_port[a] and C.major_port[d]:
            g.port_bonus = (a, d)     # 5.31: a second block may follow for the same AP
    g.loc[b] = d
    g.moved[b] = 2
    g.entry[b] = SEA_ENTRY
    g.say(s, "sea", s, b, a, d, int(free))
    g.say(1 - s, "sea", s, -1, a, d, int(free))
    if attack:
        _enter_battle(g, s, b, d, SEA_ENTRY, -1)


# ------------------------------------------------------------------------------- recruits
def _recruits(g, s, own, enemy) -> list[Action]:
    out = []
    for b in range(NB):
        if g.loc[b] == POOL and _owner(g, b) == s and (
                C.btype[b] not in (HEIR, MERCENARY) or b == C.welsh):
            out += [Action("recruit", b, a) for a in recruit_areas(g, s, b, own, enemy)]
    return out


# --------------------------------------------------------------------------------- events
def _apply_plague(g, s: int, a: int) -> None:
    """Plague: every block in the chosen enemy city area loses one step (5.1, rulings.md)."""
    g.step = 1
    g.say(PUBLIC, "plague", s, a)
    for b in range(NB):
        if g.loc[b] == a:
            g.strength[b] -= 1
            if g.strength[b] <= 0:
                eliminate(g, b, BY_PLAGUE)
                if g.phase != ACTION:
                    return


def _end(g, s: int) -> None:
    """``end``: Player 1's action phase gives way to Player 2's; after Player 2's the phase is
    over (the turn sequence opens the battle phase, 1.3)."""
    g.say(PUBLIC, "end_action", s, g.ap)
    if s == g.p1:
        begin_action_phase(g, 1 - s)
    else:
        g.acting = -1
        g.end_phase()
