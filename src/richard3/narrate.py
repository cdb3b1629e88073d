"""The one renderer of the log: each event (``events.py``) written as an English sentence.

``line(kind, fields)`` gives the sentence of one event, with rule numbers, in the engine's
notation of blocks and routes ("Lancaster moves Rivers/L: Kent > Sussex (5.2)."): ``Game.log``,
``Game.log_for(side)``, observations' "log" and the exported log. ``line(kind, fields,
plain=True)`` writes the same sentence in plain words for the page ("Lancaster moves Rivers
from Kent to Sussex (5.2)."): blocks by their printed names, with their side where the
sentence does not already say it, routes as "from A to C via B". Sentences are written only
when read (the engine and its AI rollouts log data, never text) and never parsed back: the
page reads the events' fields (``describe.py``).
"""

from __future__ import annotations

from .events import BATTLE_WON, CAUSES, P1_REASONS
from .ids import DEAD, EVENT_NAMES, LOC_NAMES, MERC_DOWN, NA, SIDE_NAMES, C
from .components import MERCENARY, REBEL_TYPE
from .eliminations import elimination_place


def card_label(c: int) -> str:
    """A card as the log names it: "AP3", "Surprise (AP1)" (5.1)."""
    ev = C.card_event[c]
    return f"{EVENT_NAMES[ev]} (AP{C.card_ap[c]})" if ev else f"AP{C.card_ap[c]}"


def _s(side: int) -> str:
    return SIDE_NAMES[side]


def _a(area: int) -> str:
    return C.area_names[area]


class _Names:
    """How a sentence names blocks and routes: the engine's notation, or plain words."""

    __slots__ = ("plain",)

    def __init__(self, plain: bool):
        self.plain = plain

    def b(self, block: int, lead: int | None = None) -> str:
        """A block: its id ("Rivers/L"), or in plain words its printed name, with its side
        unless the sentence is about that side (``lead``) or names no side (None)."""
        if not self.plain:
            return C.block_names[block]
        side = C.side[block]
        if lead is None or side == lead or side == 2:
            return C.label[block]
        name = C.label[block]
        if name.endswith(")") and " (" in name:
            return f"{name[:-1]}, {SIDE_NAMES[side]})"
        return f"{name} ({SIDE_NAMES[side]})"

    def route(self, path) -> str:
        """A route after its mover: ": Kent > Sussex > Essex", or " from Kent to Essex via
        Sussex"."""
        names = [_a(a) for a in path]
        if not self.plain:
            return ": " + " > ".join(names)
        mid = names[1:-1]
        via = "" if not mid else " via " + (
            mid[0] if len(mid) == 1 else ", ".join(mid[:-1]) + " and " + mid[-1])
        return f" from {names[0]} to {names[-1]}{via}"


_NOTATION, _PLAIN = _Names(False), _Names(True)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _dice(dice) -> str:
    return " ".join(map(str, dice))


def _where(place: int) -> str:
    return _a(place) if place < NA else LOC_NAMES.get(place, "?")


def _fate(b: int) -> str:
    """Where an eliminated block goes (6.81-6.86), in words."""
    place = elimination_place(b)
    if place == DEAD:
        return "is dead"
    if place == MERC_DOWN:
        return "goes face-down to its home"
    if C.btype[b] == MERCENARY:
        return "goes face-down to the Lancaster pool"
    if C.btype[b] == REBEL_TYPE:
        return "goes face-down to the PRETENDER's pool"
    return "goes face-down to the pool"


def _steps(n, pairs) -> str:
    return ", ".join(f"{n.b(b)} {st}" for b, st in pairs)


def _who(n, s, b) -> str:
    """A block named after its side ("York Warwick/Y"), or "a block" when unknown."""
    return n.b(b, s) if b >= 0 else "a block"


def _someone(n, s, b) -> str:
    """A sentence's subject: "York Warwick/Y", or "A York block" when unknown."""
    return f"{_s(s)} {n.b(b, s)}" if b >= 0 else f"A {_s(s)} block"


def _setup(n, scenario, name, king, kb, pb):
    return (f"Scenario {scenario} ({name}): {_s(king)} is KING ({n.b(kb, king)}), "
            f"{_s(1 - king)} is PRETENDER ({n.b(pb, 1 - king)}) (4.0).")


def _mulligan(n, s, ap, cards):
    shown = ", ".join(card_label(c) for c in cards)
    return f"{_s(s)} shows a mulligan hand of AP{ap} ({shown}) and asks for a redeal (5.1)."


def _play(n, s, c):
    return f"{_s(s)} plays {card_label(c) if c >= 0 else 'a card'} face-down."


def _reveal(n, cl, cy, p1, why):
    return (f"Cards revealed: Lancaster {card_label(cl)}, York {card_label(cy)}; {_s(p1)} is "
            f"Player 1 ({P1_REASONS[why]}, 1.1).")


def _action_phase(n, s, event, ap):
    what = f"{EVENT_NAMES[event]} event, " if event else ""
    return f"{_s(s)} action phase: {what}{ap} AP (5.0)."


def _sea(n, s, b, a, d, free):
    cost = "port to port, no further AP" if free else "1 AP"
    return f"{_s(s)} sea moves {_who(n, s, b)}{n.route((a, d))} ({cost}, 5.3)."


def _from(area):
    return "the sea (Piracy)" if area < 0 else _a(area)


def _sides(n, att, attacking, defending):
    return (f"{_s(att)} attacks with {_steps(n, attacking) or 'no block yet'}; {_s(1 - att)} "
            f"defends with {_steps(n, defending) or 'no block yet'}.")


def _battle(n, area, att, attacking, defending):
    return f"Battle in {_a(area)} (6.1): {_sides(n, att, attacking, defending)}"


def _fire(n, s, b, ini, fp, dice, hits):
    return (f"{_s(s)} {n.b(b, s)} ({'ABCD'[ini]}{fp}) fires {len(dice)} "
            f"{'die' if len(dice) == 1 else 'dice'}: {_dice(dice)}: {_plural(hits, 'hit')} (6.4).")


def _treachery(n, s, b, t, loyalty, dice, defects):
    who = f"{_s(s)}'s Treason card" if b < 0 else f"{_s(s)} {n.b(b, s)}"
    outcome = (f"{C.label[t]} defects to {_s(s)} and joins its Reserve" if defects
               else "no defection")
    return (f"{who} makes a treachery roll on {n.b(t, s)} (loyalty {loyalty}, 6.9): "
            f"{_dice(dice)}: {outcome}.")


def _eliminated(n, s, b, where, cause):
    why = f" ({CAUSES[cause]})" if CAUSES[cause] else ""
    if b < 0:
        return f"A {_s(s)} block is eliminated in {_where(where)}{why} (6.8)."
    return (f"{_s(s)} {n.b(b, s)} is eliminated in {_where(where)}{why} and {_fate(b)} "
            f"(6.8).")


def _crowned(n, h, s, king, area):
    title = "KING" if king else "PRETENDER"
    where = f", in {_a(area)}" if area >= 0 else ""
    return f"{n.b(h, s)} is now the {_s(s)} {title}{where} (6.81)."


def _usurps(n, p, b, k):
    if b < 0:
        return f"{_s(p)} usurps the throne (8.2)."
    return (f"{_s(p)} usurps the throne: {n.b(b, p)} is KING, and {_s(k)} is deposed and "
            f"becomes the PRETENDER (8.2).")


def _home(n, s, b, frm, to, king):
    start = _a(frm)
    dest = "the pool" if to < 0 else _a(to)
    how = f"stays at home in {start}" if dest == start else f"goes home from {start} to {dest}"
    return f"{_someone(n, s, b)} {how} ({'8.4' if king else '8.3'})."


_LINES = {
    "setup": _setup,
    "campaign": lambda n, c: f"Campaign {c}: the cards are shuffled and seven dealt to each "
                             "side (1.0).",
    "mulligan": _mulligan,
    "mulligan_answer": lambda n, s, redeal:
        f"{_s(s)} {'redeals too' if redeal else 'keeps his cards'} (5.1).",
    "redealt": lambda n: "All available cards are reshuffled and dealt again (5.1).",
    "keep_hand": lambda n, s: f"{_s(s)} keeps his hand.",
    "turn": lambda n, c, t: f"Campaign {c}, game turn {t}: card phase (1.1).",
    "play": _play,
    "reveal": _reveal,
    "action_phase": _action_phase,
    "activate": lambda n, s, a: f"{_s(s)} activates {_a(a)} (1 AP, 5.2).",
    "move": lambda n, s, b, path: f"{_s(s)} moves {_who(n, s, b)}{n.route(path)} (5.2).",
    "sea": _sea,
    "recruit": lambda n, s, b, a: f"{_s(s)} recruits {_who(n, s, b)} in {_a(a)} (5.4).",
    "muster": lambda n, s, a: f"{_s(s)} musters at {_a(a)} (Muster event).",
    "plague": lambda n, s, a: f"{_s(s)} brings Plague to {_a(a)}: every block there loses a "
                              "step.",
    "attack": lambda n, s, a, frm: f"{_s(s)} attacks {_a(a)} from {_from(frm)}: the Main "
                                   "Attack (6.3).",
    "reinforce": lambda n, s, a, frm: f"{_s(s)} reinforces {_a(a)} from {_from(frm)} "
                                      "(Reserve, 6.3).",
    "rescue": lambda n, h: f"{n.b(h)} is rescued from the Tower and joins the Lancastrians "
                           "in Middlesex (1470 scenario rule).",
    "end_action": lambda n, s, ap: f"{_s(s)} ends its action phase"
                                   + (f" ({ap} AP unused)." if ap else "."),
    "battle": _battle,
    "reserves": lambda n, s, count: f"{_s(s)} has {_plural(count, 'block')} in Reserve (6.3).",
    "reserves_named": lambda n, s, a, blocks:
        f"{_s(s)} Reserves in {_a(a)}: {', '.join(n.b(b, s) for b in blocks)}.",
    "round": lambda n, r, a: f"Round {r} of the battle in {_a(a)} (6.2).",
    "reserves_arrive": lambda n, s, pairs: f"{_s(s)} Reserves arrive (6.3): "
                                           f"{_steps(n, pairs)}.",
    "reserves_deploy": lambda n, s, pairs:
        f"{_s(s)} has no block left in the fight: its Reserves deploy at once and cannot fire "
        f"this round (6.3): {_steps(n, pairs)}.",
    "roles_swap": lambda n, s: f"Every defending block is gone in round 1: {_s(s)} is now "
                               f"the Attacker and {_s(1 - s)} the Defender (6.3).",
    "pass": lambda n, s, b: f"{_s(s)} {n.b(b, s)} passes (6.2).",
    "fire": _fire,
    "hits": lambda n, s, b, hits, st: f"{_s(s)} {n.b(b, s)} takes {_plural(hits, 'hit')} "
                                      f"(strength {st}, 6.4).",
    "hit_choice": lambda n, s, b: f"{_s(s)} chooses {n.b(b, s)} to take the hits (6.4).",
    "charge": lambda n, s, b, ts, t, dice, hits:
        f"{_s(s)} {n.b(b, s)} charges {_s(ts)} {n.b(t, ts)} (6.5): {_dice(dice)}: "
        f"{_plural(hits, 'hit')}.",
    "fire_back": lambda n, s, b, t, dice, hits:
        f"{_s(s)} {n.b(b, s)} survives and fires back at {n.b(t, s)} (6.5): {_dice(dice)}: "
        f"{_plural(hits, 'hit')}.",
    "treachery": _treachery,
    "keep_treason": lambda n, s: f"{_s(s)} keeps the Treason roll for another battle (5.1).",
    "retreat": lambda n, s, b, a, d, sea:
        f"{_s(s)} {n.b(b, s)} retreats {'by sea ' if sea else ''}from {_a(a)} to {_a(d)} "
        "(6.6).",
    "battle_won": lambda n, s, a, why, regroup:
        f"{_s(s)} wins the battle in {_a(a)}: {BATTLE_WON[why]}; "
        f"{'it may regroup' if regroup else 'no block of it can regroup'} (6.7).",
    "regroup": lambda n, s, b, a, d:
        f"{_s(s)} regroups {_who(n, s, b)} from {_a(a)} to {_a(d)} (6.7).",
    "regroup_identity": lambda n, b: f"(It is {n.b(b)}.)",
    "battle_over": lambda n, a: f"The battle in {_a(a)} is over (6.1).",
    "eliminated": _eliminated,
    "won_game": lambda n, s, reason: f"{_s(s)} wins: {reason}.",
    "seed": lambda n, seed: f"The game's seed was {seed}: the same seed replays this game.",
    "supply_phase": lambda n, t: f"Supply phase of game turn {t} (7.0).",
    "heir_enters": lambda n, s, h, a: f"{_s(s)} heir {n.b(h, s)} comes of age and enters "
                                      f"play in {_a(a)} (6.82).",
    "crowned": _crowned,
    "spare": lambda n, s, b: f"{_s(s)} spares {C.label[b]} (9.1).",
    "overstack": lambda n, s, exile, a, surplus:
        f"{_s(s)} is over the {'7.2 exile limit' if exile else '7.1 supply limit'} in {_a(a)} "
        f"by {surplus}: as many blocks lose a step.",
    "step_lost": lambda n, s, b, a, exile:
        f"{_someone(n, s, b)} loses a step in {_a(a)} ({'7.2' if exile else '7.1'}).",
    "political": lambda n, c: f"Political turn after campaign {c} (8.0).",
    "disband": lambda n: "Levies, bombards and the Welsh return to their pools, mercenaries "
                         "to their homes, and the Rebel disbands (8.1).",
    "usurpation": lambda n, lanc, york: f"Usurpation count (8.2): Lancaster {lanc}, York "
                                        f"{york}.",
    "usurps": _usurps,
    "keeps_throne": lambda n, k: f"{_s(k)} keeps the throne (8.2).",
    "murdered": lambda n, b: f"{n.b(b)}, still a prisoner in the Tower, is murdered (1470 "
                             "scenario).",
    "goes_home": lambda n, s, king:
        f"{'8.4 the KING' if king else '8.3 the PRETENDER'} goes home: {_s(s)}.",
    "home": _home,
    "reset": lambda n: "Campaign reset (8.5): pool blocks stand up, the Rebel goes to the "
                       "PRETENDER's pool, and all blocks return to full strength.",
    "exile_extra": lambda n, s, count, a: f"{_s(s)} has {_plural(count, 'block')} too many "
                                          f"in {_a(a)}: they go to the pool (7.2, 8.5).",
    "to_pool": lambda n, s, b, a: f"{_someone(n, s, b)} goes from {_a(a)} to the pool "
                                  "(7.2, 8.5).",
    "text": lambda n, text: text,
}


def line(kind: str, fields: tuple, plain: bool = False) -> str:
    """The English sentence of one event (``events.EVENTS[kind]`` fields, in order): in the
    engine's notation, or in plain words for the page (``plain``)."""
    return _LINES[kind](_PLAIN if plain else _NOTATION, *fields)


def battle_sides(fields: tuple) -> str:
    """A "battle" event's sentence after its "Battle in X (6.1): ", in plain words: who
    attacks and defends with what (for the plain log, which heads the battle with its area)."""
    _area, att, attacking, defending = fields
    return _sides(_PLAIN, att, attacking, defending)
