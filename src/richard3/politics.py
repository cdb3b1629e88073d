"""Political turn (8.0), victory (9.0) and the end of the 1470 prisoner rule.

In the exact order of 8.0:

1. 8.1 levies, bombards and the Welsh go to their pool, mercenaries to their home areas, the
   Rebel disbands.
2. 8.2 usurpation: each side counts its nobles and heirs on the map (not in exile, not on the
   Isle of Man, not in a pool), each church block as one, one more for the side that alone
   holds Middlesex (London), and in 1470 the prisoner Henry VI for Lancaster; the PRETENDER
   takes the throne with more than the KING (rulings.md). After the last campaign the KING
   wins here (9.0); if York wins with Henry VI still a prisoner, he is murdered.
3. 8.3 the PRETENDER goes home: his heirs on the map to one of his exile areas, nobles to a
   shield and church to its cathedral, to the pool if enemy-occupied (with the Neville notes
   and 9.1 for Clarence and Exeter); 8.4 the KING goes home: the KING and royal heirs on the
   map to one of their shields or any crown area, nobles and church as for the PRETENDER.
   Blocks in exile stay there. Each block with a choice is one decision ``home B: A`` (or
   ``home B: pool``); the engine moves blocks with one way home.
4. 8.5 campaign reset: face-down blocks stand up, eliminated mercenaries return home, the Rebel
   to the PRETENDER's pool, all blocks to full strength; extra blocks in an exile area
   (7.2, owner's choice, ``home B: pool``) go to the pool; then the phase ends and the turn
   sequence deals the next campaign's cards (``cards.begin_campaign``).

``g.pending`` is the queue of tasks: ``[GO_HOME, -1, side]`` (expands into ``[HOME, side,
block]`` for each block of that side on the map), ``[RESET, -1]``, ``[EXILE_POOL, side, area,
left]``; when the queue is empty the next campaign begins.
"""

from __future__ import annotations

from .actions import TO_POOL, Action
from .components import BOMBARD, CHURCH, HEIR, LEVY, MERCENARY, NOBLE, REBEL_TYPE, YORK
from .eliminations import crown
from .ids import (DEAD, MERC_DOWN, NA, NB, POLITICAL, POOL, POOL_DOWN, PRISON, PUBLIC, SIDE_NAMES,
                  C)
from .limits import DEFECTED_HEIRS, EXILE_LIMITS, exile_counted
from .rescue import check_rescue
from .state import PendingDecisions, must_choose

GO_HOME, HOME, RESET, EXILE_POOL = 20, 21, 22, 23
MIDDLESEX = C.area_id["Middlesex"]
CALAIS = C.area_id["Calais"]
COUNTED_TYPES = (HEIR, NOBLE, CHURCH)
_BLOCKS = range(NB)
_COUNTED = [C.btype[b] in COUNTED_TYPES for b in range(NB)]
_LAND = [C.kind[a] == "land" for a in range(NA)]
YORK_SHIELDS = tuple(a for a in range(NA) if "York" in C.shields[a])
LANCASTER_SHIELDS = tuple(a for a in range(NA) if "Lancaster" in C.shields[a])
#: The Exeter, Somerset and Richmond shields: heir -> areas (2.2).
SPECIFIC_SHIELDS = {h: tuple(a for a in range(NA) if C.own_shield[h] in C.shields[a])
                    for h in range(NB) if C.own_shield[h]}


def begin_political_turn(g) -> None:
    """Play the political turn after the seventh game turn of a campaign (8.0)."""
    g.phase = POLITICAL
    g.step = 0
    g.battle = []
    g.say(PUBLIC, "political", g.campaign)
    g.stats[3 + g.king] += 1              # the campaign ended with this side as KING
    disband(g)
    usurpation(g)
    if g.campaign >= g.last_campaign:
        final_victory(g)
        return
    g.pending = [[GO_HOME, -1, 1 - g.king], [GO_HOME, -1, g.king], [RESET, -1]]
    _advance(g)


# --------------------------------------------------------------------------- 8.1 and 8.2
def disband(g) -> None:
    """8.1: levies, bombards and the Welsh to the pool; mercenaries home; the Rebel disbands."""
    for b in range(NB):
        a = g.loc[b]
        if a >= NA:
            continue
        t = C.btype[b]
        if t in (LEVY, BOMBARD, REBEL_TYPE) or b == C.welsh:
            g.loc[b], g.strength[b] = POOL, 0
        elif t == MERCENARY and a != C.home_area[b]:
            g.loc[b] = C.home_area[b]
    g.say(PUBLIC, "disband")


def usurpation_counts(g) -> list[int]:
    """[Lancaster, York] nobles and heirs for usurpation (8.2, rulings.md): on land areas of the
    map only, church as nobles, +1 for sole occupation of Middlesex, the 1470 prisoner for his
    side."""
    counts = [0, 0]
    present = [0, 0]
    pretender = 1 - g.king
    # Static facts read from tables looked up once: the AI's evaluation counts this in every
    # position of its play-outs.
    for b, a, s in zip(_BLOCKS, g.loc, C.side):
        if a >= NA:
            continue
        if s == 2:
            s = pretender                   # the Rebel fights for the PRETENDER (3.26)
        if a == MIDDLESEX:
            present[s] = 1
        if _COUNTED[b] and _LAND[a]:
            counts[s] += 1
    if present[0] != present[1]:
        counts[0 if present[0] else 1] += 1
    p = g.prisoner
    if p >= 0 and g.loc[p] == PRISON:
        counts[C.side[p]] += 1
    return counts


def usurpation(g) -> None:
    """8.2: the PRETENDER usurps the throne with a majority; ties go to the KING."""
    counts = usurpation_counts(g)
    k, p = g.king, 1 - g.king
    g.say(PUBLIC, "usurpation", counts[0], counts[1])
    if counts[p] > counts[k]:
        g.king = p
        g.say(PUBLIC, "usurps", p, g.crowned[p], k)
        if g.crowned[p] < 0:
            # "the PRETENDER'S senior heir becomes KING", even when his crowned heir died
            # after the last supply phase's crowning (a turn-7 supply loss, 6.81)
            crown(g, p)
    else:
        g.say(PUBLIC, "keeps_throne", k)


def final_victory(g) -> None:
    """9.0: after the last campaign's usurpation the KING wins; the 1470 prisoner dies if York
    wins with him still in the Tower."""
    p = g.prisoner
    if p >= 0 and g.loc[p] == PRISON and g.king == YORK:
        g.loc[p] = DEAD
        g.strength[p] = 0
        g.say(PUBLIC, "murdered", p)
    g.end_game(g.king, f"{SIDE_NAMES[g.king]} is KING after the usurpation of the last "
                       f"campaign (9.0)")


# ----------------------------------------------------------------------------- going home
def home_options(g, b: int) -> list[int]:
    """Where block b goes home now (8.3 for the PRETENDER, 8.4 for the KING): area ids, or
    ``[TO_POOL]`` when every place is enemy-occupied.

    PRETENDER heirs: either exile area. KING and royal heirs: a shield of theirs (2.2) or any
    crown area not enemy-occupied (else their exile, docs/rulings.md). Nobles: a shield not
    enemy-occupied; the Nevilles also the shields of a dead Neville, and Kent and Salisbury as
    Yorkists Calais when their own shields are all enemy-occupied and Calais has room (8.3
    note). Church: its cathedral. Exeter as a Yorkist: Cornwall; Clarence as a Lancastrian: a
    vacant York shield (9.1).
    """
    s = g.owner(b)
    lanc, york = g.presence()
    enemy = york if s == 0 else lanc
    t = C.btype[b]

    def free(areas):
        return [a for a in areas if not enemy[a] and C.exile_of[a] != 1 - s]

    if t == HEIR:
        exiles = list(C.exile_areas[s])
        if s != g.king:
            return exiles
        places = free(sorted(set(heir_shields(g, b)) | set(C.crown_areas)))
        return places or exiles
    if t == CHURCH:
        return free([C.home_area[b]]) or [TO_POOL]
    if b in DEFECTED_HEIRS and C.label[b] == "Clarence":
        here = g.loc[b]                  # vacant but for himself: he may stay where he is
        return [a for a in C.shield_areas[b]
                if lanc[a] + york[a] == (1 if a == here else 0)] or [TO_POOL]
    places = free(C.shield_areas[b])
    if b in C.neville_blocks:
        own_blocked = not places
        # "These three Nevilles may also go to each other's shields if their owner is dead":
        # each dead kinsman's own shields, whoever else has one in the same area (East Yorks
        # is Kent's and Salisbury's); Calais, an exile area, within its limit (7.2)
        dead_kin = free(a for n in C.neville_blocks
                        if C.label[n] != C.label[b] and g.loc[n] == DEAD
                        for a in C.shield_areas[n]
                        if C.kind[a] != "exile" or _exile_room(g, s, a))
        places = sorted(set(places) | set(dead_kin))
        if own_blocked and s == YORK and C.label[b] in ("Kent", "Salisbury") and \
                _exile_room(g, s, CALAIS):
            places.append(CALAIS)
    return places or [TO_POOL]


def heir_shields(g, h: int) -> list[int]:
    """The shield areas heir h may use (2.2): the York shields for York heirs; the Lancaster
    shields, his own specific shield and those of dead specific heirs for Lancaster heirs."""
    if C.side[h] == YORK:
        return list(YORK_SHIELDS)
    out = set(LANCASTER_SHIELDS)
    for x, areas in SPECIFIC_SHIELDS.items():
        if x == h or g.loc[x] == DEAD:
            out.update(areas)
    return sorted(out)


def _exile_room(g, s: int, area: int) -> bool:
    blocks = sum(1 for x in range(NB) if g.loc[x] == area and g.owner(x) == s
                 and not (C.btype[x] == MERCENARY and C.home_area[x] == area))
    return blocks < EXILE_LIMITS[area]


def _blocks_going_home(g, side: int) -> list[int]:
    """Blocks of ``side`` on the map (not in exile) that go home (8.3 / 8.4)."""
    return [b for b in range(NB) if g.loc[b] < NA and C.kind[g.loc[b]] != "exile"
            and g.owner(b) == side and C.btype[b] in COUNTED_TYPES]


def _go_home(g, s: int, b: int, a: int) -> None:
    start = g.loc[b]
    king = int(s == g.king)             # 8.4 the KING goes home, else 8.3
    if a == TO_POOL:
        g.loc[b], g.strength[b] = POOL, 0
    else:
        g.loc[b] = a
    g.say(s, "home", s, b, start, a, king)
    g.say(1 - s, "home", s, -1, start, a, king)


# ------------------------------------------------------------------------------- 8.5 reset
def campaign_reset(g) -> None:
    """8.5: stand up the pools, mercenaries home, the Rebel to the PRETENDER's pool, every
    block to full strength; queue the exile overstack decisions (7.2)."""
    for b in range(NB):
        a = g.loc[b]
        if a == POOL_DOWN:
            g.loc[b] = POOL
        elif a == MERC_DOWN:
            g.loc[b] = C.home_area[b]
        if g.loc[b] < NA:
            g.strength[b] = C.max_str[b]
    if g.seen_strength is not None:     # every block is at full strength again
        g.seen_strength = [0] * NB
    g.say(PUBLIC, "reset")
    tasks = []
    for s in (0, 1):
        for a in C.exile_areas[s]:
            extra = len(exile_counted(g, s, a)) - EXILE_LIMITS[a]
            if extra > 0:
                g.say(PUBLIC, "exile_extra", s, extra, a)
                tasks.append([EXILE_POOL, s, a, extra])
    g.pending[:0] = tasks


def _pool_candidates(g, task: list[int]) -> list[int]:
    """Blocks the owner may send to the pool: never an heir, for no rule brings one back
    from the pool (docs/rulings.md)."""
    return [b for b in exile_counted(g, task[1], task[2]) if C.btype[b] != HEIR]


class PoliticalPhase(PendingDecisions):
    """The handler of the POLITICAL phase (see the module docstring)."""

    @staticmethod
    def legal(g, s: int) -> list[Action]:
        """Every legal action of side ``s``, the deciding side (see the module docstring)."""
        task = g.pending[0]
        if task[0] == HOME:
            b = task[2]
            return [Action("home", b, a) for a in home_options(g, b)]
        return [Action("home", b, TO_POOL) for b in _pool_candidates(g, task)]

    @staticmethod
    def apply(g, s: int, action: Action) -> None:
        """Apply a legal action of side ``s`` (checked by ``Game.apply``), then run the phase
        on to the next decision."""
        task = g.pending[0]
        b, a = action[1], action[2]
        if task[0] == HOME:
            g.pending.pop(0)
            _go_home(g, s, b, a)
        else:
            _to_pool(g, task, b)
        _advance(g)


def _to_pool(g, task: list[int], b: int) -> None:
    s = task[1]
    g.loc[b], g.strength[b] = POOL, 0
    task[3] -= 1
    g.say(s, "to_pool", s, b, task[2])
    g.say(1 - s, "to_pool", s, -1, task[2])


def _advance(g) -> None:
    """Do the engine's tasks and forced steps until a side must decide or the turn ends."""
    while g.phase == POLITICAL and g.pending:
        task = g.pending[0]
        code = task[0]
        if code == GO_HOME:
            g.pending.pop(0)
            s = task[2]
            g.say(PUBLIC, "goes_home", s, int(s == g.king))
            g.pending[:0] = [[HOME, s, b] for b in _blocks_going_home(g, s)]
        elif code == HOME:
            options = home_options(g, task[2])
            if len(options) > 1:
                return
            g.pending.pop(0)
            _go_home(g, task[1], task[2], options[0])
        elif code == RESET:
            g.pending.pop(0)
            campaign_reset(g)
        elif must_choose(g, task, _pool_candidates(g, task), _to_pool):
            return
    if g.phase == POLITICAL and not g.pending:
        check_rescue(g)                  # a Lancastrian block may have gone home to London
        g.end_phase()                    # the turn sequence begins the next campaign
