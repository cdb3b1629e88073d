"""Helpers for the battle, supply and political-turn rule tests: exact positions, scripted dice.

``position(...)`` clears the map of a real 1460 game (every block to its pool, so no heir
counts as dead) and places the listed blocks; ``battle(...)`` goes on to the battle phase as if
both action phases had just ended, with the attacker, entry borders and Reserves that the
action phase would have recorded.
"""

from __future__ import annotations

from helpers import cards_of

from richard3 import Game, new_game


from richard3.components import YORK, load_components
from richard3.sequence import begin
from richard3.ids import BATTLE, CARDS, NA, NB, POOL, SEA_ENTRY

C = load_components()
A = C.area_id
B = C.block_id


class Dice:
    """Scripted dice: patch ``Game.roll`` so the next rolls are the given numbers in order."""

    def __init__(self, monkeypatch, *values: int):
        self.values = list(values)
        dice = self

        def roll(game, n):
            if len(dice.values) < n:
                raise AssertionError(f"the test scripted too few dice ({n} wanted)")
            out, dice.values[:n] = dice.values[:n], []
            return out

        monkeypatch.setattr(Game, "roll", roll)

    def add(self, *values: int) -> None:
        self.values.extend(values)


def position(blocks: dict, king: int = 0, seed: int = 0, scenario: str = "1460",
             strengths: dict | None = None) -> Game:
    """A game in the card phase of turn 1 whose map holds only ``blocks`` (id -> area name)."""
    g = new_game(scenario, seed=seed)
    g.pending = []
    begin(g, CARDS)
    for b in range(NB):
        if g.loc[b] < NA:
            g.loc[b], g.strength[b] = POOL, 0
    for name, where in blocks.items():
        b = B[name]
        g.loc[b] = A[where]
        g.strength[b] = (strengths or {}).get(name, C.max_str[b])
    g.king = king
    g.crowned = [g.senior_heir(0), g.senior_heir(1)]
    g._legal_cache = None
    return g


def battle(blocks: dict, area: str, attacker: int, entries: dict, reserves=(), p1=None,
           king: int = 0, strengths: dict | None = None, treason: int | None = None,
           extra: dict | None = None, scenario: str = "1460") -> Game:
    """A game at the start of the battle phase with a battle in ``area``.

    ``blocks`` and ``extra`` (blocks elsewhere) map block ids to area names; ``entries`` maps
    the attacking (or reinforcing) blocks to the area they came from, or "sea" for a Piracy
    attack; ``reserves`` lists the blocks in Reserve; ``treason`` is the side that played the
    Treason card, if any; ``scenario`` names the game whose blocks are used (1483: one heir
    a side).
    """
    g = position({**blocks, **(extra or {})}, king=king, strengths=strengths, scenario=scenario)
    a = A[area]
    for name, came in entries.items():
        b = B[name]
        g.moved[b] = 1
        if came == "sea":
            g.moved[b], g.entry[b] = 2, SEA_ENTRY
        else:
            g.entry[b] = C.border_between[(A[came], a)]
            g.border_used[g.owner(b) * len(C.border_ends) + g.entry[b]] += 1
    for name in reserves:
        g.reserve[B[name]] = 1
    g.attacker[a] = attacker
    main = [g.entry[B[n]] for n in entries if g.owner(B[n]) == attacker and n not in reserves]
    g.main_border[a] = main[0] if main else -1
    p1 = attacker if p1 is None else p1
    cards = cards_of("treason", 2) if treason is not None else cards_of(3, 2)
    g.played = [0, 0]
    if treason is not None:
        g.played[treason], g.played[1 - treason] = cards
    else:
        g.played[p1], g.played[1 - p1] = cards
    g.revealed, g.p1 = 1, p1
    g.hands = [[], []]
    begin(g, BATTLE)
    g._legal_cache = None
    return g


def tied_hits(monkeypatch, strengths: dict | None = None) -> Game:
    """6.4: a battle in Kent where Warwick (York, B3) fires 2 hits at Oxford and Beaumont, both
    Lancaster's strongest at 3 (or at ``strengths``), after both passed; the game after the fire
    (Lancaster to choose which block takes the hits, unless they are all eliminated)."""
    g = battle({"Warwick/Y": "Kent", "Oxford": "Kent", "Beaumont": "Kent", "York": "Ireland",
                "Henry VI": "Middlesex"}, "Kent", YORK, {"Warwick/Y": "Sussex"},
               strengths=strengths)
    act(g, "pass")
    act(g, "pass")
    Dice(monkeypatch, 1, 1, 6, 6)
    act(g, "fire")
    return g


def treachery_turn(monkeypatch) -> Game:
    """6.9: a battle in Kent, Warwick (York) against Stanley (Lancaster), every die a 6, played
    on by passing until it is Warwick's turn (his treachery roll on Stanley among his choices)."""
    g = battle({"Warwick/Y": "Kent", "Stanley/L": "Kent", "Henry VI": "Middlesex",
                "York": "Ireland"}, "Kent", YORK, {"Warwick/Y": "Sussex"})
    Dice(monkeypatch, *([6] * 40))
    while actor(g) != "Warwick/Y":
        act(g, "pass")
    return g


def texts(g, side=None) -> list[str]:
    """The notation of the legal actions of ``side`` (default: the side to decide)."""
    s = g.active_sides()[0] if side is None else side
    return [str(a) for a in g.legal_actions(s)]


def act(g, text: str, side=None) -> None:
    """Apply the action with this notation for ``side`` (default: the side to decide)."""
    s = g.active_sides()[0] if side is None else side
    g.apply(s, text)


def actor(g) -> str | None:
    """The block whose battle turn it is, by id."""
    rec = g.battle
    return C.block_names[rec[3]] if rec and rec[3] >= 0 and not g.pending else None


def turn_order(g, rounds: int = 1) -> list[str]:
    """Pass with every block for ``rounds`` rounds; return who acted, in order."""
    order = []
    start = g.battle[2]
    while g.battle and g.battle[2] < start + rounds:
        order.append(actor(g))
        act(g, "pass")
    return order
