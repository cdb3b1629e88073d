"""Card phase: the deal, the mulligan (5.1) and the secret simultaneous card play (1.1).

Phase MULLIGAN (start of each campaign, after the deal): each side that has not used its
mulligan this campaign decides, the PRETENDER first: a hand that totals AP13 or less, events
included, may be shown with a request for a redeal (``mulligan``) or kept (``keep``); any other
hand has the one choice ``keep``. Both sides are asked whatever their hands hold, so being asked
tells the enemy nothing (the rules let a player show such a hand; one who does not shows
nothing: docs/rulings.md). After a mulligan the opponent chooses ``redeal`` (his own hand too)
or ``keep``. All cards not in a kept hand are reshuffled and dealt again.

Phase CARDS: both sides choose a card in secret (``play <card>``); when both have chosen they
are revealed and Player 1 is determined (1.1 and rulings.md): an event card's player is Player
1; two events: higher AP, then the PRETENDER; no event: higher AP, then the PRETENDER.
"""

from __future__ import annotations

from .actions import Action
from .ids import CARDS, MULLIGAN, NA, NB, NBORDER, PUBLIC, C

HAND_SIZE = 7
MULLIGAN_MAX_AP = 13

KEEP, MULL, REDEAL = Action("keep"), Action("mulligan"), Action("redeal")


def hand_ap(hand: list[int]) -> int:
    """Total AP of a hand, event cards included (5.1)."""
    return sum(C.card_ap[c] for c in hand)


# --------------------------------------------------------------------------- campaign start
def begin_campaign(g) -> None:
    """Shuffle the 25 cards, deal 7 to each side, then offer mulligans (1.0, 5.1)."""
    g.mulligan_used = [0, 0]
    g.hands = [[], []]
    g.deck = list(range(len(C.card_names)))
    g.shuffle(g.deck)
    for s in (0, 1):
        _deal(g, s)
    g.say(PUBLIC, "campaign", g.campaign)
    g.pending = [[s] for s in _mulligan_order(g)]
    g.phase = MULLIGAN
    g.step = 0


def _mulligan_order(g) -> tuple[int, int]:
    return (1 - g.king, g.king)


def _deal(g, s: int) -> None:
    g.hands[s] = sorted(g.deck[:HAND_SIZE])
    del g.deck[:HAND_SIZE]


def _may_mulligan(g, s: int) -> bool:
    return not g.mulligan_used[s] and hand_ap(g.hands[s]) <= MULLIGAN_MAX_AP


class MulliganPhase:
    """5.1 mulligan decisions; ``pending`` holds [side] decisions (``mulligan`` or ``keep``
    for a hand of AP13 or less not yet redealt by its own mulligan this campaign, else only
    ``keep``), or [side, 1] for the opponent's answer (``redeal`` or ``keep``) to a mulligan
    by the other side."""

    @staticmethod
    def active(g) -> list[int]:
        return [g.pending[0][0]] if g.pending else []

    @staticmethod
    def legal(g, s: int) -> list[Action]:
        if len(g.pending[0]) == 2:
            return [REDEAL, KEEP]
        return [MULL, KEEP] if _may_mulligan(g, s) else [KEEP]

    @staticmethod
    def apply(g, s: int, action: Action) -> None:
        offer = g.pending.pop(0)
        if len(offer) == 2:                     # the opponent answers a mulligan
            mulliganer = 1 - s
            redeal = [mulliganer] + ([s] if action == REDEAL else [])
            g.say(PUBLIC, "mulligan_answer", s, int(action == REDEAL))
            for x in redeal:
                g.deck.extend(g.hands[x])
                g.hands[x] = []
            g.shuffle(g.deck)
            for x in redeal:
                _deal(g, x)
            g.say(PUBLIC, "redealt")
            if s in redeal and not g.mulligan_used[s] and [s] not in g.pending:
                g.pending.append([s])
        elif action == MULL:
            g.mulligan_used[s] = 1
            g.say(PUBLIC, "mulligan", s, hand_ap(g.hands[s]), tuple(g.hands[s]))
            g.pending.insert(0, [1 - s, 1])
        else:
            g.say(s, "keep_hand", s)
        if not g.pending:
            begin_turn(g)


# ------------------------------------------------------------------------------- game turn
def begin_turn(g) -> None:
    """Start a game turn: clear the per-turn state and open the secret card play (1.1)."""
    g.phase = CARDS
    g.step = 0
    g.played = [-1, -1]
    g.revealed = 0
    g.p1 = -1
    g.acting = -1
    g.ap = 0
    g.event = ""
    g.activated = []
    g.muster = -1
    g.port_bonus = (-1, -1)
    g.moved = [0] * NB
    g.border_used = [0] * (2 * NBORDER)
    g.entry = [-1] * NB
    g.reserve = [0] * NB
    g.attacker = [-1] * NA
    g.main_border = [-1] * NA
    g.treason = -1
    g.say(PUBLIC, "turn", g.campaign, g.turn)


class CardPhase:
    """1.1 secret simultaneous card play: both sides are active until each has chosen."""

    @staticmethod
    def active(g) -> list[int]:
        return [s for s in (0, 1) if g.played[s] < 0]

    @staticmethod
    def legal(g, s: int) -> list[Action]:
        seen, out = set(), []
        for c in g.hands[s]:
            if C.card_names[c] not in seen:
                seen.add(C.card_names[c])
                out.append(Action("play", c))
        return out

    @staticmethod
    def apply(g, s: int, action: Action) -> None:
        c = action[1]
        g.hands[s].remove(c)
        g.played[s] = c
        g.say(s, "play", s, c)
        g.say(1 - s, "play", s, -1)
        if g.played[0] >= 0 and g.played[1] >= 0:
            reveal(g)


def player_one(g) -> tuple[int, int]:
    """Return (Player 1, why: an index into ``events.P1_REASONS``) from the two played cards
    (1.1, rulings.md)."""
    cl, cy = g.played
    ev = [C.card_event[cl] is not None, C.card_event[cy] is not None]
    ap = [C.card_ap[cl], C.card_ap[cy]]
    if ev[0] != ev[1]:
        return (0 if ev[0] else 1), 0
    if ap[0] != ap[1]:
        return (0 if ap[0] > ap[1] else 1), (1 if ev[0] else 2)
    return g.pretender(), 3


def reveal(g) -> None:
    """Reveal both cards and name Player 1 (1.1); the card phase is over (the turn sequence
    opens Player 1's action phase, 1.2)."""
    g.revealed = 1
    p1, why = player_one(g)
    g.p1 = p1
    g.say(PUBLIC, "reveal", g.played[0], g.played[1], p1, why)
    g.end_phase()
