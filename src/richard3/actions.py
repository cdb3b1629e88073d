"""Actions: the small decisions a player makes, and their notation.

An ``Action`` is a tuple ``(kind, *args)`` whose arguments are integer ids of blocks, areas and
cards, so that actions are cheap to create, hash and compare in AI search. ``str(action)`` gives a
stable human-readable notation (used by saves, logs and the command line) and
``parse_action(game, side, text)`` is its inverse over the legal actions of that moment.

Notation (block ids and area names as in the data files):

=================  ======================================  ===============================
kind               text                                    rule
=================  ======================================  ===============================
play               ``play 3`` / ``play Surprise``          1.1 card phase
mulligan / keep    ``mulligan``, ``keep``                  5.1 mulligan
redeal             ``redeal`` (opponent redeals too)       5.1 mulligan
activate           ``activate East Anglia``                5.2 one AP per area
move               ``move Oxford: Essex > Middlesex``      5.2 land move (path)
sea                ``sea Warwick/Y: Calais > East Anglia`` 5.3 sea move
recruit            ``recruit Norfolk: East Anglia``        5.4 recruit
muster             ``muster Middlesex``                    Muster event
plague             ``plague Middlesex``                    Plague event
end                ``end``                                 end of this side's action phase
battle             ``battle Kent``                         6.1 Player 1 picks the battle
fire / pass        ``fire``, ``pass``                      6.2 the block whose turn it is
retreat            ``retreat Sussex``                      6.6
charge             ``charge Rivers/L``                     6.5
treachery          ``treachery Stanley/L``                 6.9
treason            ``treason Stanley/L``, ``no treason``   Treason event
hit                ``hit Warwick/Y``                       6.4 owner picks among ties
regroup            ``regroup Warwick/Y: Kent > Sussex``    6.7
reduce             ``reduce Norfolk``                      7.1 / 7.2 supply loss
execute            ``execute Clarence/L``                  9.1
enter              ``enter Prince Edward: Chester``        6.81 / 6.82
home               ``home Oxford: Essex`` / ``: pool``     8.3 / 8.4
=================  ======================================  ===============================
"""

from __future__ import annotations

from .components import load_components
from .ids import quote, side_id


class IllegalAction(ValueError):
    """Raised by ``Game.apply`` (and ``parse_action``) for an action that is not legal now.

    The message says why; the game is left unchanged.
    """


# Argument shapes of each kind: 'b' block, 'a' area, 'c' card, 'p' path of areas.
SHAPES = {
    "play": "c", "mulligan": "", "keep": "", "redeal": "",
    "activate": "a", "move": "bp", "sea": "bp", "recruit": "ba", "muster": "a", "plague": "a",
    "end": "",
    "battle": "a", "fire": "", "pass": "", "retreat": "a", "charge": "b", "treachery": "b",
    "treason": "b", "no_treason": "", "hit": "b", "regroup": "bp",
    "reduce": "b", "execute": "b", "no_execute": "", "enter": "ba", "home": "ba",
}
KIND_TEXT = {"no_treason": "no treason", "no_execute": "no execution"}

#: Area argument meaning "the pool" in ``home`` actions (8.3 / 8.4).
TO_POOL = -1


class Action(tuple):
    """One decision: ``Action(kind, *int_args)``. Compare and hash as a tuple.

    ``action.kind`` is the kind string; ``str(action)`` the notation (see module docstring).
    """

    __slots__ = ()

    def __new__(cls, kind: str, *args: int):
        return tuple.__new__(cls, (kind, *args))

    @property
    def kind(self) -> str:
        return self[0]

    def __repr__(self) -> str:
        try:
            return f"Action({str(self)!r})"
        except (KeyError, IndexError, TypeError):   # forged: Action("fly"), Action("play", 99)
            return f"Action{tuple.__repr__(self)}"

    def __str__(self) -> str:
        return format_action(self)


def format_action(action: tuple) -> str:
    """Return the notation of an action tuple (see the module docstring)."""
    c = load_components()
    kind, args = action[0], action[1:]
    head = KIND_TEXT.get(kind, kind)
    shape = SHAPES[kind]
    if not shape:
        return head
    if shape == "c":
        return f"{head} {c.card_names[args[0]]}"
    if shape == "a":
        return f"{head} {c.area_names[args[0]]}"
    if shape == "b":
        return f"{head} {c.block_names[args[0]]}"
    if shape == "ba":
        where = "pool" if args[1] == TO_POOL else c.area_names[args[1]]
        return f"{head} {c.block_names[args[0]]}: {where}"
    # 'bp': a block and its path of areas
    return f"{head} {c.block_names[args[0]]}: " + " > ".join(c.area_names[a] for a in args[1:])


def parse_action(game, side, text: str) -> Action:
    """Return the legal action of ``side`` in ``game`` whose notation is ``text``.

    ``side`` is 0/1 or "Lancaster"/"York". Surrounding white space and runs of spaces are
    ignored. Raises ValueError for another side or a ``text`` that is not a string,
    IllegalAction if no legal action has that notation (the message quotes at most about
    200 characters of ``text``).
    """
    s = side_id(side)
    if not isinstance(text, str):
        raise ValueError(f"an action's notation is a string, not {quote(text)}")
    want = " ".join(text.split())
    legal = game.legal_actions(s)
    for action in legal:
        if str(action) == want:
            return action
    raise IllegalAction(game.why_illegal(s, quote(text), legal))
