"""Supply phase (7.0), with the heir business that happens at its start (6.81, 6.82) and the
executions of 9.1.

In order:

1. 6.82 minors enter, one for each heir killed since the last supply phase, the most senior
   first (rulings.md): a royal heir in a friendly or vacant crown area, a PRETENDER heir in
   one of his side's exile areas (``enter B: A``; applied by the engine when there is one
   place). With no friendly or vacant crown area a royal heir enters in his exile
   (docs/rulings.md).
2. 6.81 the senior heir in play of a side without a KING or PRETENDER is crowned where he
   stands, and announced: the new KING with his location (6.81), the new PRETENDER by name
   only (his owner's log says where).
3. 9.1 a side holding a defected Clarence or Exeter may execute him (``execute B`` /
   ``no execution``).
4. 7.1 supply limits: in an area with more than four blocks of a side (five with a city),
   each surplus block, owner's choice, loses a step (``reduce B`` once per block); 7.2 exile
   limits: Calais and France supply four blocks plus their own mercenaries, Ireland and
   Scotland two plus theirs, and the surplus among the other blocks loses a step likewise.
5. The next game turn, or after the seventh the political turn (8.0).

``g.pending`` is the queue of these tasks: ``[ENTER, side, heir]``, ``[CROWN, -1]``,
``[EXECUTE, side, block]``, ``[SUPPLY, -1]``, ``[REDUCE, side, area, steps_left, reduced...]``.
A task with side -1 is done by the engine.
"""

from __future__ import annotations

from .actions import Action
from .components import HEIR, MERCENARY, NOBLE, SIDE_NAMES
from .game import DEAD, MINOR, NA, NB, OFF, PUBLIC, SUPPLY, C, PendingDecisions
from .movement import check_rescue

ENTER, CROWN, EXECUTE, SUPPLY_CHECK, REDUCE = 10, 11, 12, 13, 14
NO_EXECUTE = Action("no_execute")

#: 7.2 exile limits (blocks besides the exile's own mercenaries).
EXILE_LIMITS = {C.area_id["Calais"]: 4, C.area_id["France"]: 4,
                C.area_id["Ireland"]: 2, C.area_id["Scotland"]: 2}
SUPPLY_LIMIT, CITY_SUPPLY_LIMIT = 4, 5
#: Clarence and Exeter as nobles of the other side (9.1): the versions that can be executed.
DEFECTED_HEIRS = frozenset(b for b in range(NB) if C.btype[b] == NOBLE and C.counterpart[b] >= 0
                           and C.btype[C.counterpart[b]] == HEIR)


def begin_supply_phase(g) -> None:
    """Open the supply phase and queue its tasks (see the module docstring)."""
    g.phase = SUPPLY
    g.step = 0
    g.say(f"Supply phase of game turn {g.turn} (7.0).")
    tasks = []
    for s in (g.king, 1 - g.king):
        lost, g.heirs_lost[s] = g.heirs_lost[s], 0
        minors = [h for h in C.heirs[s] if g.loc[h] == MINOR][:lost]
        tasks += [[ENTER, s, h] for h in minors]
    tasks.append([CROWN, -1])
    for s in (g.king, 1 - g.king):
        tasks += [[EXECUTE, s, b] for b in executable(g, s)]
    tasks.append([SUPPLY_CHECK, -1])
    g.pending = tasks
    _advance(g)


def executable(g, side: int) -> list[int]:
    """The defected Clarence or Exeter that ``side`` holds and may execute (9.1)."""
    return [b for b in DEFECTED_HEIRS
            if C.side[b] == side and g.loc[b] not in (DEAD, OFF)]


def entry_areas(g, side: int) -> list[int]:
    """Where a minor heir of ``side`` may enter play (6.82)."""
    exiles = list(C.exile_areas[side])
    if side != g.king:
        return exiles
    lanc, york = g.presence()
    enemy = york if side == 0 else lanc
    crowns = [a for a in C.crown_areas if not enemy[a]]
    return crowns or exiles


def exile_counted(g, side: int, area: int) -> list[int]:
    """Blocks of ``side`` in exile area ``area`` that count against its exile limit: all but
    the local mercenaries (7.2)."""
    return [b for b in range(NB) if g.loc[b] == area and g.owner(b) == side
            and not (C.btype[b] == MERCENARY and C.home_area[b] == area)]


def overstack(g, side: int, area: int) -> tuple[int, list[int]]:
    """(surplus, blocks that may take the loss) for ``side`` in ``area`` (7.1, 7.2)."""
    if area in EXILE_LIMITS:
        blocks = exile_counted(g, side, area)
        return len(blocks) - EXILE_LIMITS[area], blocks
    blocks = [b for b in range(NB) if g.loc[b] == area and g.owner(b) == side]
    limit = CITY_SUPPLY_LIMIT if C.city[area] else SUPPLY_LIMIT
    return len(blocks) - limit, blocks


class SupplyPhase(PendingDecisions):
    """The handler of the SUPPLY phase (see the module docstring)."""

    @staticmethod
    def legal(g, s: int) -> list[Action]:
        """Every legal action of side ``s``, the deciding side (see the module docstring)."""
        task = g.pending[0]
        code = task[0]
        if code == ENTER:
            return [Action("enter", task[2], a) for a in entry_areas(g, s)]
        if code == EXECUTE:
            return [Action("execute", task[2]), NO_EXECUTE]
        return [Action("reduce", b) for b in _reducible(g, task)]

    @staticmethod
    def apply(g, s: int, action: Action) -> None:
        """Apply a legal action of side ``s`` (checked by ``Game.apply``), then run the phase
        on to the next decision."""
        task = g.pending[0]
        kind = action[0]
        if kind == "enter":
            g.pending.pop(0)
            _enter(g, s, action[1], action[2])
        elif kind == "execute":
            g.pending.pop(0)
            g.eliminate(action[1], "executed by its captors, 9.1")
        elif kind == "no_execute":
            g.pending.pop(0)
            g.say(f"{SIDE_NAMES[s]} spares {C.label[task[2]]} (9.1).")
        else:
            _reduce(g, task, action[1])
        _advance(g)


def _reducible(g, task: list[int]) -> list[int]:
    _, side, area, _left, *done = task
    return [b for b in overstack(g, side, area)[1] if b not in done]


def _advance(g) -> None:
    """Do the engine's tasks and forced steps until a side must decide or the phase ends."""
    while g.phase == SUPPLY:
        if not g.pending:
            end_game_turn(g)
            return
        task = g.pending[0]
        code = task[0]
        if code == ENTER:
            if g.loc[task[2]] != MINOR:
                g.pending.pop(0)
                continue
            areas = entry_areas(g, task[1])
            if len(areas) > 1:
                return
            g.pending.pop(0)
            _enter(g, task[1], task[2], areas[0])
        elif code == CROWN:
            g.pending.pop(0)
            _crown(g)
        elif code == EXECUTE:
            if g.loc[task[2]] not in (DEAD, OFF):
                return
            g.pending.pop(0)
        elif code == SUPPLY_CHECK:
            g.pending.pop(0)
            _queue_supply_losses(g)
        elif must_choose(g, task, _reducible(g, task), _reduce):
            return


def must_choose(g, task: list[int], candidates: list[int], do) -> bool:
    """One step of a "choose ``task[3]`` more of these blocks" task (supply losses 7.1/7.2,
    exile extras to the pool 8.5): drop the task when done, apply a forced pick with
    ``do(g, task, block)``, or return True when the owner has a real choice."""
    if task[3] <= 0 or not candidates:
        g.pending.pop(0)
    elif len(candidates) <= task[3]:
        do(g, task, candidates[0])
    else:
        return True
    return False


def _enter(g, s: int, h: int, a: int) -> None:
    g.loc[h] = a
    g.strength[h] = C.max_str[h]
    g.say(f"{SIDE_NAMES[s]} heir {C.block_names[h]} comes of age and enters play in "
          f"{C.area_names[a]} (6.82).", PUBLIC)
    check_rescue(g)


def _crown(g) -> None:
    """6.81: a side whose KING or PRETENDER is dead crowns its senior heir in play, where he
    stands; a rescued or entering heir senior to the crowned one takes his place (3.21)."""
    for s in (g.king, 1 - g.king):
        h = g.senior_heir(s)
        if h >= 0 and h != g.crowned[s]:
            g.crowned[s] = h
            if s == g.king:         # 6.81: "the location of the new KING must be announced"
                g.say(f"{C.block_names[h]} is now the {SIDE_NAMES[s]} KING, in "
                      f"{C.area_names[g.loc[h]]} (6.81).", PUBLIC)
            else:                   # the new PRETENDER is named; where he stands is not
                g.say(f"{C.block_names[h]} is now the {SIDE_NAMES[s]} PRETENDER (6.81).",
                      PUBLIC)
                g.say(f"{C.block_names[h]} is now the {SIDE_NAMES[s]} PRETENDER, in "
                      f"{C.area_names[g.loc[h]]} (6.81).", s)


def _queue_supply_losses(g) -> None:
    tasks = []
    presence = g.presence()
    for s in (g.king, 1 - g.king):
        count = presence[s]
        for a in range(NA):
            if count[a] <= EXILE_LIMITS.get(a, SUPPLY_LIMIT):
                continue                    # within any limit: no need to look closer
            surplus, _ = overstack(g, s, a)
            if surplus > 0:
                rule = "7.2 exile limit" if a in EXILE_LIMITS else "7.1 supply limit"
                g.say(f"{SIDE_NAMES[s]} is over the {rule} in {C.area_names[a]} by {surplus}: "
                      f"as many blocks lose a step.")
                tasks.append([REDUCE, s, a, surplus])
    g.pending[:0] = tasks


def _reduce(g, task: list[int], b: int) -> None:
    s, area = task[1], task[2]
    task[3] -= 1
    task.append(b)
    g.strength[b] -= 1
    rule = "7.2" if area in EXILE_LIMITS else "7.1"
    if g.strength[b] <= 0:
        g.eliminate(b, f"supply, {rule}")
    else:
        g.say(f"{SIDE_NAMES[s]} {C.block_names[b]} loses a step in {C.area_names[area]} "
              f"({rule}).", s)
        g.say(f"A {SIDE_NAMES[s]} block loses a step in {C.area_names[area]} ({rule}).", 1 - s)
    if task[3] <= 0 and g.pending and g.pending[0] is task:
        g.pending.pop(0)


def end_game_turn(g) -> None:
    """After the supply phase: the next game turn (1.0), or the political turn (8.0)."""
    from .cards import begin_turn
    from .politics import begin_political_turn
    if g.turn < 7:
        g.turn += 1
        begin_turn(g)
    else:
        begin_political_turn(g)
