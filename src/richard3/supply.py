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
5. The phase ends; the turn sequence opens the next game turn, or after the seventh the
   political turn (8.0).

``g.pending`` is the queue of these tasks: ``[ENTER, side, heir]``, ``[CROWN, -1]``,
``[EXECUTE, side, block]``, ``[SUPPLY, -1]``, ``[REDUCE, side, area, steps_left, reduced...]``.
A task with side -1 is done by the engine.
"""

from __future__ import annotations

from .actions import Action
from .eliminations import crown, eliminate
from .events import EXECUTED, SUPPLY_71, SUPPLY_72
from .ids import DEAD, MINOR, NA, OFF, PUBLIC, SUPPLY, C
from .limits import DEFECTED_HEIRS, EXILE_LIMITS, SUPPLY_LIMIT, overstack
from .rescue import check_rescue
from .state import PendingDecisions, must_choose

ENTER, CROWN, EXECUTE, SUPPLY_CHECK, REDUCE = 10, 11, 12, 13, 14
NO_EXECUTE = Action("no_execute")

def begin_supply_phase(g) -> None:
    """Open the supply phase and queue its tasks (see the module docstring)."""
    g.phase = SUPPLY
    g.step = 0
    g.say(PUBLIC, "supply_phase", g.turn)
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
            eliminate(g, action[1], EXECUTED)
        elif kind == "no_execute":
            g.pending.pop(0)
            g.say(PUBLIC, "spare", s, task[2])
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
            g.end_phase()              # the turn sequence opens the next game turn (1.0)
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


def _enter(g, s: int, h: int, a: int) -> None:
    g.loc[h] = a
    g.strength[h] = C.max_str[h]
    g.say(PUBLIC, "heir_enters", s, h, a)
    check_rescue(g)


def _crown(g) -> None:
    """6.81: a side whose KING or PRETENDER is dead crowns its senior heir in play, where he
    stands; a rescued or entering heir senior to the crowned one takes his place (3.21)."""
    for s in (g.king, 1 - g.king):
        crown(g, s)


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
                g.say(PUBLIC, "overstack", s, int(a in EXILE_LIMITS), a, surplus)
                tasks.append([REDUCE, s, a, surplus])
    g.pending[:0] = tasks


def _reduce(g, task: list[int], b: int) -> None:
    s, area = task[1], task[2]
    task[3] -= 1
    task.append(b)
    g.strength[b] -= 1
    exile = int(area in EXILE_LIMITS)
    if g.strength[b] <= 0:
        eliminate(g, b, SUPPLY_72 if exile else SUPPLY_71)
    else:
        g.say(s, "step_lost", s, b, area, exile)
        g.say(1 - s, "step_lost", s, -1, area, exile)
    if task[3] <= 0 and g.pending and g.pending[0] is task:
        g.pending.pop(0)
