"""The honesty check of the AI (issue 6, issue 19): twins that differ in every hidden fact, the
check itself, and cheating agents it must catch (fixtures of tests/test_ai_honesty.py, also
used by bench/fog.py).

``twin(g, side, rnd)`` is a copy of ``g`` that ``side`` cannot tell from ``g``
(``g.observation(side)`` has the same JSON text) but that differs, where the position allows,
in every fact hidden from ``side``: the enemy hand (another hand, disjoint if the unseen cards
allow), the undrawn deck, the enemy's face-down card (another value if one is unseen), the
seed and the generator, the identities of every unrevealed enemy block on the map, in the pool
and face-down off the map (blocks eliminated unseen included), their damage, the battle flags
and pending decisions that follow those blocks, the enemy's private log lines, and the game
record (``Game.record``: the seed and every decision; the twin has none).

``first_dishonest(make_agent, scenario, checks)`` plays seeded games and returns how many
decisions it checked and the first one where a fresh agent chooses differently in a position
and its twin (None if none). ``CHEATS``: the cheating agents, by name. ``hidden_elimination()``:
a position with a block lost unseen.
"""

from __future__ import annotations

import json
import random

from richard3 import new_game
from richard3.ai import get_agent
from richard3.ai.determinize import deal_identities, hidden_enemy_blocks, move_identities
from richard3.ai.normal import NormalAgent
from richard3.narrate import card_label
from richard3.components import SIDE_NAMES, load_components
from richard3.events import EVENTS
from richard3.ids import CARDS, NA, POOL
from richard3.eliminations import eliminate
from richard3.events import SUPPLY_71

C = load_components()


# ---------------------------------------------------------------------------------- twins
def _twin_cards(g, t, e: int, rnd: random.Random) -> None:
    """Deal ``t`` another enemy hand (fresh cards first) and face-down card, and reshuffle."""
    hand = list(g.hands[e])
    face_down = g.played[e] >= 0 and not g.revealed
    unseen = list(g.deck) + hand + ([g.played[e]] if face_down else [])
    rnd.shuffle(unseen)
    if face_down:       # another value if any: an event, or another AP
        label = card_label(g.played[e])
        unseen.sort(key=lambda c: card_label(c) == label)
        t.played[e] = unseen.pop(0)
    unseen.sort(key=lambda c: c in hand)          # cards not in the true hand first
    t.hands[e] = sorted(unseen[:len(hand)])
    t.deck = unseen[len(hand):]
    rnd.shuffle(t.deck)


def _most_moved(g, hidden: list[int], rnd: random.Random, tries: int = 8) -> dict[int, int]:
    """The dealing of the hidden identities (``deal_identities``) that changes most: first
    which blocks are face-down off the map (eliminated unseen), then how many blocks move."""
    def change(dealt):
        down = [a for a in dealt if g.loc[a] >= NA and g.loc[a] != POOL]
        return (sum(dealt[a] not in down for a in down), sum(a != b for a, b in dealt.items()))
    best = {b: b for b in hidden}
    for _ in range(tries):
        dealt = deal_identities(g, hidden, rnd)
        if change(dealt) > change(best):
            best = dealt
    return best


def _renamed(value, kind: str, dealt: dict[int, int]):
    """An event field with its blocks dealt anew (``events.EVENTS`` field types)."""
    if kind in ("block", "block?"):
        return dealt.get(value, value)
    if kind == "blocks":
        return tuple(dealt.get(b, b) for b in value)
    if kind == "steps":
        return tuple((dealt.get(b, b), st) for b, st in value)
    return value


def _twin_log(g, e: int, dealt: dict[int, int], t) -> None:
    """The enemy's private events of ``g`` rewritten for ``t``: blocks follow the dealing, and
    the event of a face-down card still unrevealed names the twin's card."""
    events = g.events()
    last_card = max((i for i, (vis, kind, fields) in enumerate(events)
                     if vis == e and kind == "play"), default=-1)
    t.clear_log()
    for i, (vis, kind, fields) in enumerate(events):
        if vis == e:
            fields = tuple(_renamed(v, k, dealt) for v, (_, k) in zip(fields, EVENTS[kind]))
            if i == last_card and t.played[e] >= 0 and not t.revealed:
                fields = (e, t.played[e])
        t.say(vis, kind, *fields)


def twin(g, side: int, rnd: random.Random):
    """A copy of ``g`` that ``side`` cannot tell apart from ``g`` and that differs in every
    fact hidden from ``side`` the position allows (see the module docstring)."""
    e = 1 - side
    t = g.copy()
    _twin_cards(g, t, e, rnd)
    hidden = hidden_enemy_blocks(g, side)
    dealt = _most_moved(g, hidden, rnd)
    move_identities(g, t, dealt, strength="place")
    for b in hidden:                    # the damage of hidden blocks is hidden too, below the
        if t.loc[b] < NA:               # strength they were last seen at
            t.strength[b] = rnd.randint(1, g.seen_strength[b] or C.max_str[b])
    t.seed = rnd.getrandbits(63)
    t.reseed(rnd.getrandbits(64))       # and no record: it holds both sides' decisions
    _twin_log(g, e, dealt, t)
    return t


def same_view(g, t, side: int) -> bool:
    """Whether ``side``'s observations of ``g`` and ``t`` have the same JSON text."""
    return json.dumps(g.observation(side)) == json.dumps(t.observation(side))


def hidden_elimination():
    """A 1460 position (card phase) in which one of three hidden Lancastrian nobles in
    Northumbria, Shrewsbury, was lost unseen (as to supply, 7.1): Lancaster's log names him,
    York's does not, and York's whereabouts allow any of the three to be the one face-down."""
    from battle_setup import B, position
    from richard3.whereabouts import initial, update
    g = position({"Henry VI": "Middlesex", "Northumberland/L": "Northumbria",
                  "Shrewsbury/L": "Northumbria", "Westmoreland/L": "Northumbria",
                  "York": "Ireland"}, king=0)
    g.whereabouts = initial(g)
    loc, shown = g.loc[:], g.shown[:]
    eliminate(g, B["Shrewsbury/L"], SUPPLY_71)
    update(g, loc, shown)
    return g


# --------------------------------------------------------------------------- the check
def first_dishonest(make_agent, scenario: str, checks: int, seed: int = 3, every: int = 3,
                    twins: int = 2) -> tuple[int, tuple | None]:
    """Play seeded games of ``scenario`` (easy agents move; seeds ``seed``, ``seed + 1``, ...)
    and, at every card play (1.1) and every ``every``-th other decision with a choice, build
    ``twins`` twins for the deciding side; a fresh ``make_agent()`` must choose the same
    action in the position and in each twin. Returns (decisions checked, None) after
    ``checks`` decisions, or (decisions checked, (step, side, action, twin's action)) at the
    first difference. Raises AssertionError if a twin's observation differs."""
    rnd = random.Random(seed * 7 + 1)
    checked = 0
    while checked < checks:
        players = [get_agent("easy", 11 + seed), get_agent("easy", 12 + seed)]
        g = new_game(scenario, seed=seed)
        step = 0
        while not g.is_over and checked < checks:
            side = g.active_sides()[0]
            if (step % every == 0 or g.phase == CARDS) and len(g.legal_actions(side)) > 1:
                a1 = make_agent().choose(g, side)
                for _ in range(twins):
                    t = twin(g, side, rnd)
                    assert same_view(g, t, side), (scenario, seed, step)
                    a2 = make_agent().choose(t, side)
                    if a1 != a2:
                        return checked, (step, SIDE_NAMES[side], str(a1), str(a2))
                checked += 1
            g.apply(side, players[side].choose(g, side))
            step += 1
        seed += 1
    return checked, None


# ---------------------------------------------------------------------- cheating agents
def _best_response(g, side: int, legal: list, enemy_cards: list[int]):
    """The card that most often makes ``side`` Player 1 (1.1) against a card drawn from
    ``enemy_cards`` (the card or the hand it believes the enemy holds), a tenth of a win per AP
    and a third of one for an event spent: the play of one who knows the enemy's cards."""
    from richard3.cards import player_one
    probe = g.copy()

    def wins(c, x):
        probe.played = [c, x] if side == 0 else [x, c]
        return player_one(probe)[0] == side

    def value(a):
        c = a[1]
        return (sum(wins(c, x) for x in enemy_cards) / len(enemy_cards) - 0.1 * C.card_ap[c]
                - (0.3 if C.card_event[c] else 0.0), -c)
    return max(legal, key=value)


class TrueStateCheat(NormalAgent):
    """A full cheat: the normal agent deciding on the true state, no determinization."""

    def prepare(self, game, side):
        legal, _, rule = super().prepare(game, side)
        d = game.copy()
        d._log = None
        return legal, d, rule


class _CardCheat(NormalAgent):
    """The normal agent, but in the card phase (1.1) it answers the enemy cards it believes
    in from what it should not know (``predict``: a list of cards, or None)."""

    def predict(self, game, side):
        raise NotImplementedError

    def choose(self, game, side):
        if game.phase == CARDS:
            legal = game.legal_actions(side)
            cards = self.predict(game, side)
            if cards and len(legal) > 1:
                return _best_response(game, side, legal, cards)
        return super().choose(game, side)


class HandPeekCheat(_CardCheat):
    """Peeks at the enemy hand."""

    def predict(self, game, side):
        return game.hands[1 - side]


class LogCardCheat(_CardCheat):
    """Reads the enemy's face-down card from the log (the enemy's private event)."""

    def predict(self, game, side):
        for vis, kind, fields in reversed(game.events()):
            if kind == "play" and fields[0] == 1 - side:
                if fields[1] < 0:           # the public event: read on
                    continue
                return [fields[1]] if not game.revealed else None
            if kind == "turn":
                return None
        return None


class SeedCheat(_CardCheat):
    """Rebuilds the enemy's first hand from ``game.seed``, less the cards the enemy has played
    since (the revealed cards of its log)."""

    def predict(self, game, side):
        hand = new_game(game.scenario, seed=game.seed).hands[1 - side]
        for e in game.events_for(side):
            if e["kind"] == "reveal":
                label = card_label(e["lancaster" if side == 1 else "york"])
                i = next((j for j, x in enumerate(hand) if card_label(x) == label), None)
                if i is not None:
                    del hand[i]
        return hand


#: name -> factory of a fresh cheating agent (seed 99, like the honest agents checked).
CHEATS = {
    "true_state": lambda: TrueStateCheat(99),
    "hand_peek": lambda: HandPeekCheat(99),
    "log_card": lambda: LogCardCheat(99),
    "seed": lambda: SeedCheat(99),
}
