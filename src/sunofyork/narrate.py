"""The log and the legal actions in plain English, from one side's point of view.

- ``sentence(g, event, side) -> str``: one sentence for an event of ``g.log`` (the tuples the
  rules append: ``("attack", side, cid, target, ability, rolls, hits)``...), with the rule
  number where it helps. Positions in ``side``'s words (``field.name``: "your left rear", "the
  enemy's centre rear"), units by ``Card.label()`` ("Longbowmen (1:2/1)"), leaders, terrain
  and specials by name. An unknown event kind raises KeyError. ``side`` 2 (``SPECTATOR``):
  neither side's words, every side in the third person and positions in ``field.plain``'s
  neutral words (a replay with both sides face up).
- ``describe_action(g, side, action) -> str`` and ``describe_actions(g, side)``: the actions
  (docs/sunofyork-actions.md) as a player reads them: "Move Longbowmen (1:2/2) from your left
  rear to the left middle ground (1 order)".

Hidden information: a sentence names only what its event holds. The events that name no
public card are the private ones of ``game.PRIVATE``, which ``Game.log_for`` shows only to
their side; for the other side their sentences still name nothing secret (``_private``).
Actions are described for the side that may take them, so they may name its own hand.
"""

from __future__ import annotations

from .cards import HENRY_VI, MARGARET, SIDE_NAMES, UNIT
from .effects import engaged, order_cost
from .field import name, plain, rear
from .movement import _captured as _in_captured_battle, _free, hand_entries, standard_moves
from .scenario import SECTIONS, load_scenario
from .state import COMBAT, HAND, MOVEMENT, PHASE_NAMES

# ------------------------------------------------------------------------------ words


#: The ``side`` of a sentence for neither side (a replay with both sides face up).
SPECTATOR = 2


def _side(s: int) -> str:
    return SIDE_NAMES[s]


def _who(s: int, side: int, verb: str, verb3: str = "") -> str:
    """The subject and its verb: "You attack" or "York attacks"."""
    if s == side:
        return f"You {verb}"
    return f"{_side(s)} {verb3 or verb + 's'}"


def _whose(s: int, side: int) -> str:
    return "your" if s == side else f"{_side(s)}'s"


def _its(s: int, side: int) -> str:
    """The subject's own: "your" after "You", "its" after "York"."""
    return "your" if s == side else "its"


def _label(g, s: int, cid: int) -> str:
    """A card: units by their label "Longbowmen (1:2/1)", others by name."""
    card = g.decks[s][cid - 1]
    return card.label() if card.kind == UNIT else card.name


def _card(g, s: int, cid: int, side: int) -> str:
    """A card with its owner: "your Longbowmen (1:2/1)", "York's Earl of March"."""
    return f"{_whose(s, side)} {_label(g, s, cid)}"


def _Card(g, s: int, cid: int, side: int) -> str:
    t = _card(g, s, cid, side)
    return t[0].upper() + t[1:]


def _pos(p: int, side: int) -> str:
    """Position ``p`` in ``side``'s words; for neither side (a spectator, ``side`` 2) in
    neutral words ("York's left rear")."""
    if p == HAND:
        return "the hand"
    return name(p, side) if side in (0, 1) else plain(p)


def _plural(n: int, word: str, words: str = "") -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"


def _dice(rolls) -> str:
    rolls = tuple(rolls)
    if not rolls:
        return "no dice"
    return ", ".join(map(str, rolls))


def _needs(a: int) -> str:
    return "no roll can hit" if a <= 0 else f"needs {a} or less"


def _mod(m: int) -> str:
    return "" if not m else f", {m:+d} to each"


def _leader_name(g, s: int, key: str) -> str:
    """A leader (or card type) as the scenarios name it: its card's name when the deck has
    one of that key."""
    if not key:
        return "nobody"
    for card in g.decks[s]:
        if card.key == key:
            return card.name
    return key.replace("_", " ")


def _scenario(sid: str) -> str:
    try:
        sc = load_scenario(sid)
    except (KeyError, ValueError):
        return sid
    return f"{sc.name} ({SECTIONS.get(sid, '9.1')})"


def _battle_words(c: int, side: int) -> str:
    """Battle (column) ``c`` in ``side``'s words: "your left battle" is York's column 0 for
    York, Lancaster's right for Lancaster ("left"/"right" are each army's own)."""
    if side not in (0, 1):   # a spectator: York's left and right
        return f"the {name(rear(1, c), 1).split()[1]} battle (York's)"
    word = name(rear(side, c), side).split()[1]
    return f"the {word} battle"


# ------------------------------------------------------------------------------ events
# each takes (g, e, side) and returns the sentence without its final full stop

def _battle(g, e, side):
    return f"{_scenario(e[1])} begins: each side deals its cards and deploys (4.0)"


def _absent(g, e, side):
    return f"{_whose(e[1], side).capitalize()} {_leader_name(g, e[1], e[2])} is not available " \
           f"for this battle and is left out (9.3)"


def _margaret_roll(g, e, side):
    return f"{_who(e[1], side, 'roll')} {e[2]} to see whether Margaret of Anjou joins the " \
           f"battle (9.1)"


def _cut(g, e, side):
    return f"Lancaster cuts card {e[1]}, York card {e[2]}: {_side(e[3])} attacks (9.2)"


def _elimination_roll(g, e, side):
    return f"{_who(e[1], side, 'roll')} {e[2]}: {_plural(e[3], 'card')} will be eliminated " \
           f"from {_its(e[1], side)} deck (9.1.3)"


def _eliminated_cards(g, e, side):
    return f"{_plural(e[2], 'card')} {'is' if e[2] == 1 else 'are'} eliminated unseen from " \
           f"{_whose(e[1], side)} deck (9.0)"


def _beside(g, e, side):
    card = g.decks[e[1]][e[2] - 1]
    rule = "8.0" if card.type in (MARGARET, HENRY_VI) else "7.0"
    return f"{_who(e[1], side, 'play')} {card.name} beside the field ({rule})"


def _swapped(g, e, side):
    if e[1] != side:
        return f"{_side(e[1])} swaps a dealt card for a new one (4.0, less random deployment)"
    return "You swap a dealt card for a new one (4.0, less random deployment)"


def _ready(g, e, side):
    return f"{_who(e[1], side, 'are', 'is')} ready, having swapped " \
           f"{_plural(e[2], 'card')} (4.0, less random deployment)"


def _deployed(g, e, side):
    return f"{_who(e[1], side, 'have', 'has')} finished deploying face-down (4.0)"


def _revealed_discard(g, e, side):
    return f"{_Card(g, e[1], e[2], side)}, deployed face-down, is turned up and discarded " \
           f"(4.0)"


def _revealed(g, e, side):
    s = e[1]
    units = [_label(g, s, c) for c in e[2] if g.decks[s][c - 1].kind == UNIT]
    others = [_label(g, s, c) for c in e[2] if g.decks[s][c - 1].kind != UNIT]
    text = f"{_whose(s, side).capitalize()} deployment is turned face-up: " \
           f"{_plural(len(units), 'combat unit')} in the battle positions"
    if units:
        text += " (" + ", ".join(units) + ")"
    if others:
        text += ", with " + ", ".join(others)
    return text + " (4.0)"


def _terrain(g, e, side):
    s, h, p = e[1], e[2], e[3]
    card = g.decks[s][h - 1]
    if p <= -10:
        t = -10 - p
        where = "beside the field, against you" if t == side else \
            f"beside the field, against {_side(t)}"
    else:
        where = f"in {_pos(p, side)}"
    return f"{_who(s, side, 'play')} {card.name} {where} (7.0, 9.2)"


def _no_terrain(g, e, side):
    return f"{_who(e[1], side, 'play')} no more terrain (9.2)"


def _victory(g, e, side):
    s, why = e[1], e[2]
    if why == "capture":
        return f"{_who(s, side, 'win', 'wins')} the battle: the enemy's central rear or both " \
               f"of his side rears are captured (5.0)"
    return f"{_who(s, side, 'hold', 'holds')} the field and {'win' if s == side else 'wins'} " \
           f"the battle: neither side can force a decision (the defender wins a stalemate)"


def _initiative_roll(g, e, side):
    s, r, plus = e[1], e[2], e[3]
    return f"{_who(s, side, 'roll')} {r} + {plus} = {r + plus} for the initiative (6.1)"


def _initiative(g, e, side):
    return f"{_who(e[1], side, 'win', 'wins')} the initiative for turn {e[2]} (6.1)"


def _goes_first(g, e, side):
    return f"{_who(e[1], side, 'go', 'goes')} first this turn (6.1)"


def _sequence(g, e, side):
    return f"{_whose(e[1], side).capitalize()} steps begin with the Morale step (6.2)"


def _commit(g, e, side):
    return f"{_who(e[1], side, 'commit')} {_label(g, e[1], e[2])} to the fight (6.2.2)"


def _withdraw(g, e, side):
    return f"{_who(e[1], side, 'withdraw')} {_label(g, e[1], e[2])} from the fight (6.2.2)"


def _attack(g, e, side):
    s, cid, target, a, rolls, hits = e[1:7]
    card = g.decks[s][cid - 1]
    what = "attack" if card.kind == UNIT else "strike"
    return f"{_Card(g, s, cid, side)} {what}s {_pos(target, side)}: rolled {_dice(rolls)} " \
           f"({_needs(a)}): {_plural(hits, 'hit')} (6.2.2)"


def _leader_hit(g, e, side):
    return f"{_Card(g, e[1], e[2], side)} is hit in leader combat and must check (6.2.2)"


def _hit(g, e, side):
    return f"{_Card(g, e[1], e[2], side)} takes a hit (6.2.2)"


def _routed(g, e, side):
    return f"{_Card(g, e[1], e[2], side)}, forced past its Cohesion, routs and is discarded " \
           f"(6.2.2)"


def _artillery(g, e, side):
    s, art, q, u, rolls, n = e[1:7]
    return f"{_Card(g, s, art, side)} fires at {_card(g, 1 - s, u, side)} in {_pos(q, side)}: " \
           f"rolled {_dice(rolls)} (needs 5 or less): {_plural(n, 'hit')}; the Artillery is " \
           f"removed from the game (8.0)"


def _confusion(g, e, side):
    s, h, p, q, r, mod, ok = e[1:8]
    mods = f" {mod:+d} = {r + mod}" if mod else ""
    text = f"{_who(s, side, 'play')} {_label(g, s, h)} on {_pos(p, side)}: rolled {r}{mods} " \
           f"(needs 2 or less): "
    if ok:
        text += f"the units there attack their own side in {_pos(q, side)}"
    else:
        text += "nothing happens"
    return text + " (8.0)"


def _special(g, e, side):
    s, h, p = e[1], e[2], e[3]
    return f"{_who(s, side, 'play')} {_label(g, s, h)} on {_pos(p, side)} (8.0)"


def _henry_orders(g, e, side):
    return f"King Henry VI gives {'you' if e[1] == side else _side(e[1])} " \
           f"{_plural(e[2], 'order')} (8.0)"


def _flank_back(g, e, side):
    s, c, p, back = e[1:5]
    return f"{_Card(g, s, c, side)} has no room in {_pos(p, side)} and goes back to " \
           f"{_pos(back, side)} (6.2.3 B)"


def _discarded(g, e, side):
    return f"{_who(e[1], side, 'discard')} {_label(g, e[1], e[2])} (6.2.4)"


def _fatigue(g, e, side):
    s = e[1]
    return f"{_who(s, side, 'play')} {_label(g, s, e[2])} on {_pos(e[3], side)}: " \
           f"{_whose(1 - s, side)} units there are fatigued (8.0)"


def _drew(g, e, side):
    return f"{_who(e[1], side, 'draw')} {_plural(e[2], 'card')} (6.2.4)"


def _drew_card(g, e, side):
    if e[1] != side:
        return f"{_side(e[1])} draws a card"
    return f"You draw {_label(g, e[1], e[2])}"


def _morale(g, e, side):
    s, cid, rolls, mod, ok = e[1:6]
    return f"{_Card(g, s, cid, side)} checks morale: rolled {_dice(rolls)}{_mod(mod)} " \
           f"(each must be at most its Cohesion): {'passes' if ok else 'fails'} (6.2.1)"


def _cohesion_hit(g, e, side):
    return f"{_Card(g, e[1], e[2], side)} loses a point of Cohesion (6.2.1)"


def _eliminated(g, e, side):
    return f"{_Card(g, e[1], e[2], side)} is eliminated (6.2.1)"


def _retreat_rout(g, e, side):
    return f"{_Card(g, e[1], e[2], side)} cannot retreat safely and routs at " \
           f"{_pos(e[3], side)}: it is discarded (6.2.1)"


def _retreat(g, e, side):
    return f"{_Card(g, e[1], e[2], side)} retreats from {_pos(e[3], side)} to " \
           f"{_pos(e[4], side)} (6.2.1)"


def _leader_killed(g, e, side):
    s, lid, rolls = e[1], e[2], e[3]
    fate = "falls (injured or dead, as the campaign decides: 9.3.1)" \
        if g.campaign is not None else "is killed"
    if rolls:
        return f"{_Card(g, s, lid, side)} rolls {_dice(rolls)} in his Leader Check: a 6, he " \
               f"{fate} (6.2.1)"
    return f"{_Card(g, s, lid, side)}, alone with the enemy in his rear, {fate} (6.2.1)"


def _leader_check(g, e, side):
    return f"{_Card(g, e[1], e[2], side)} rolls {_dice(e[3])} in his Leader Check and " \
           f"survives (6.2.1)"


def _leader_falls_back(g, e, side):
    s, lid, p, back = e[1:5]
    return f"{_Card(g, s, lid, side)}, alone with enemy units, falls back from " \
           f"{_pos(p, side)} to {_pos(back, side)} (6.2.1)"


def _artillery_lost(g, e, side):
    return f"{_Card(g, e[1], e[2], side)} is engaged in {_pos(e[3], side)} and eliminated " \
           f"(8.0)"


def _captured(g, e, side):
    by, c = e[1], e[2]
    return f"{_who(by, side, 'capture')} {_pos(rear(1 - by, c), side)}: " \
           f"{_battle_words(c, side)} is captured (5.0)"


def _flank_lost(g, e, side):
    return f"{_Card(g, e[1], e[2], side)} in {_pos(e[3], side)} is discarded: the battle " \
           f"beside it is captured (6.2.3 B)"


def _orders(g, e, side):
    return f"{_who(e[1], side, 'spend')} {_label(g, e[1], e[2])} as " \
           f"{_plural(e[3], 'order')} (6.2.3 A)"


def _enter(g, e, side):
    return f"{_who(e[1], side, 'bring')} {_label(g, e[1], e[2])} from the hand into " \
           f"{_pos(e[3], side)} (6.2.3)"


def _move(g, e, side):
    return f"{_who(e[1], side, 'move')} {_label(g, e[1], e[2])} from {_pos(e[3], side)} to " \
           f"{_pos(e[4], side)} (6.2.3)"


def _lead(g, e, side):
    return f"{_who(e[1], side, 'play')} {_label(g, e[1], e[2])} into {_pos(e[3], side)} " \
           f"(6.2.3 A)"


def _margaret(g, e, side):
    return f"Margaret of Anjou reactivates {_card(g, e[1], e[2], side)} (8.0)"


def _movement_done(g, e, side):
    return f"{_who(e[1], side, 'end')} the Movement step (6.2.3)"


def _flank_roll(g, e, side):
    s, c, q, r, mod, ok = e[1:7]
    total = r + mod
    mods = f" {mod:+d} = {total}" if mod else ""
    result = "it enters" if ok else "eliminated" if total > 6 else "it stays where it is"
    return f"{_Card(g, s, c, side)} tries a flank move into {_pos(q, side)}: rolled " \
           f"{r}{mods} (needs 3 or less): {result} (6.2.3 B)"


def _rallied(g, e, side):
    return f"{_Card(g, e[1], e[2], side)} rallies: rolled {e[3]}, up to " \
           f"{_plural(e[3], 'Cohesion hit')} removed (8.0)"


def _treason(g, e, side):
    s, h, lid, r, ok = e[1:6]
    enemy = 1 - s
    orders = g.decks[enemy][lid - 1].orders
    result = "he turns traitor and is discarded" if ok else "he stays loyal"
    return f"{_who(s, side, 'play')} {_label(g, s, h)} against {_card(g, enemy, lid, side)}: " \
           f"rolled {r} (must beat his {orders} Orders): {result} (8.0)"


def _deserted(g, e, side):
    return f"{_Card(g, e[1], e[2], side)} fails its Morale Check and deserts: it leaves the " \
           f"game (8.0)"


def _campaign_victory(g, e, side):
    s, sid, wins = e[1], e[2], e[3]
    return f"{_who(s, side, 'win', 'wins')} {_scenario(sid)}: the campaign stands Lancaster " \
           f"{wins[0]}, York {wins[1]} (9.3)"


def _noble_roll(g, e, side):
    s, key, r, mod, died = e[1:6]
    mods = f" {mod:+d} = {r + mod}" if mod else ""
    return f"{_whose(s, side).capitalize()} {_leader_name(g, s, key)} rolls {r}{mods} after " \
           f"the battle: {'he dies' if died else 'he lives'} (9.3.1)"


_HENRY_STATES = {"captured": "he is captured", "perturbed": "he is perturbed and misses the "
                 "next battle", "free": "he is in good spirits", "at_next": "he will be at the "
                 "next battle", "dead": "he dies in captivity"}


def _henry_roll(g, e, side):
    r, mod, state = e[1:4]
    mods = f" {mod:+d} = {r + mod}" if mod else ""
    return f"King Henry VI's roll after the battle: {r}{mods}: " \
           f"{_HENRY_STATES.get(state, state)} (9.3.2)"


def _prisoner_roll(g, e, side):
    r, mod, state = e[1:4]
    mods = f" {mod:+d} = {r + mod}" if mod else ""
    return f"The captive King Henry VI's roll: {r}{mods}: " \
           f"{_HENRY_STATES.get(state, state)} (9.3.2)"


def _crowned(g, e, side):
    s, key = e[1], e[2]
    if not key:
        return f"{_who(s, side, 'have', 'has')} no claimant left to crown (9.3.3)"
    return f"{_leader_name(g, s, key)} is crowned king for " \
           f"{'you' if s == side else _side(s)} (9.3.3)"


def _campaign_won(g, e, side):
    wins = e[2]
    return f"{_who(e[1], side, 'win', 'wins')} the Wars of the Roses: Lancaster {wins[0]}, " \
           f"York {wins[1]} victories (9.3)"


SENTENCES = {
    "battle": _battle, "absent": _absent, "margaret_roll": _margaret_roll, "cut": _cut,
    "elimination_roll": _elimination_roll, "eliminated_cards": _eliminated_cards,
    "beside": _beside, "swapped": _swapped, "ready": _ready, "deployed": _deployed,
    "revealed_discard": _revealed_discard, "revealed": _revealed, "terrain": _terrain,
    "no_terrain": _no_terrain, "victory": _victory, "initiative_roll": _initiative_roll,
    "initiative": _initiative, "goes_first": _goes_first, "sequence": _sequence,
    "commit": _commit, "withdraw": _withdraw, "attack": _attack, "leader_hit": _leader_hit,
    "hit": _hit, "routed": _routed, "artillery": _artillery, "confusion": _confusion,
    "special": _special, "henry_orders": _henry_orders, "flank_back": _flank_back,
    "discarded": _discarded, "fatigue": _fatigue, "drew": _drew, "drew_card": _drew_card,
    "morale": _morale, "cohesion_hit": _cohesion_hit, "eliminated": _eliminated,
    "retreat_rout": _retreat_rout, "retreat": _retreat, "leader_killed": _leader_killed,
    "leader_check": _leader_check, "leader_falls_back": _leader_falls_back,
    "artillery_lost": _artillery_lost, "captured": _captured, "flank_lost": _flank_lost,
    "orders": _orders, "enter": _enter, "move": _move, "lead": _lead, "margaret": _margaret,
    "movement_done": _movement_done, "flank_roll": _flank_roll, "rallied": _rallied,
    "treason": _treason, "deserted": _deserted, "campaign_victory": _campaign_victory,
    "noble_roll": _noble_roll, "henry_roll": _henry_roll, "prisoner_roll": _prisoner_roll,
    "crowned": _crowned, "campaign_won": _campaign_won,
}


def sentence(g, event, side: int) -> str:
    """``event`` (a tuple of ``g.log``) as one English sentence for ``side`` (0 or 1, or
    ``SPECTATOR``: both in the third person). KeyError for an event kind this module does not
    know."""
    text = SENTENCES[event[0]](g, tuple(event), side)
    return text[0].upper() + text[1:] + "."


# ------------------------------------------------------------------------------ actions

def _cost(n: int) -> str:
    return "free" if n <= 0 else _plural(n, "order")


def _move_cost(g, side: int, c: int, q: int) -> str:
    base = dict(standard_moves(g, side, c)).get(q)
    if base is None:
        return "?"
    if base == 0 or _free(g, side, c):
        return "free: led by a leader" if base else "free"
    return _cost(order_cost(g, side, c, base))


def _entry_cost(g, side: int, c: int, q: int) -> str:
    base = dict(hand_entries(g, side, c)).get(q)
    return "?" if base is None else _cost(order_cost(g, side, 0, base))


def _flank_cost(g, side: int, c: int) -> str:
    if _free(g, side, c) or _in_captured_battle(g, g.loc[side][c]):
        return "free"
    return _cost(order_cost(g, side, c, 1))


def _where(g, s: int, c: int, side: int) -> str:
    p = g.loc[s][c]
    return _pos(p, side) if p >= 0 or p == HAND else "?"


def describe_action(g, side: int, action) -> str:
    """A legal ``action`` of ``side`` in plain English (docs/sunofyork-actions.md)."""
    a = tuple(action)
    verb = a[0]
    L = lambda c: _label(g, side, c)  # noqa: E731 (own cards)
    P = lambda p: _pos(p, side)  # noqa: E731
    if verb == "swap":
        return f"Swap {L(a[1])} for a new card (4.0, less random deployment)"
    if verb == "ready":
        return "Keep these cards and finish swapping (4.0)"
    if verb == "deploy":
        return f"Deploy {L(a[1])} face-down in {P(a[2])} (4.0)"
    if verb == "keep":
        return f"Keep {L(a[1])} in your hand (4.0)"
    if verb == "terrain":
        p = a[2]
        if p <= -10:
            t = -10 - p
            who = "you" if t == side else _side(t)
            return f"Play {L(a[1])} beside the field, against {who} (7.0, 9.2)"
        return f"Play {L(a[1])} in {P(p)} (7.0, 9.2)"
    if verb == "no_terrain":
        return "Play no more terrain (9.2)"
    if verb == "beside":
        return f"Play {L(a[1])} beside the field: three orders a turn to reactivate units (8.0)"
    if verb == "bridge":
        who = "your" if a[2] == side else "the enemy's"
        return f"Play {L(a[1])} on {who} stream: bringing units in costs two orders (7.0)"
    if verb == "first":
        return "Take the first steps this turn (6.1)"
    if verb == "second":
        return "Let the enemy go first this turn (6.1)"
    if verb == "commit":
        return f"Commit {L(a[1])} to the fight in {_where(g, side, a[1], side)} (6.2.2)"
    if verb == "withdraw":
        return f"Withdraw {L(a[1])} from the fight (6.2.2)"
    if verb == "done":
        return "Go on to the Combat step (6.2.2)"
    if verb == "attack":
        c, t = a[1], a[2]
        how = "in melee" if g.loc[side][c] == t else "at long range"
        return f"Declare an attack by {L(c)} on {P(t)} {how} (6.2.2)"
    if verb == "strike":
        lid, t = a[1], a[2]
        target = "the enemy units" if not t else _card(g, 1 - side, t, side)
        return f"Declare {L(lid)}'s leader die against {target} in " \
               f"{_where(g, side, lid, side)} (6.2.2)"
    if verb == "bombard":
        return f"Declare {L(a[1])}'s fire at {_card(g, 1 - side, a[3], side)} in {P(a[2])} " \
               f"(8.0)"
    if verb == "roll":
        return "Roll the declared attacks (6.2.2)"
    if verb == "margaret":
        step = "attack" if g.phase == COMBAT else "move"
        return f"Reactivate {L(a[1])} to {step} again with Margaret of Anjou (8.0)"
    if verb == "confusion":
        return f"Play {L(a[1])} on {P(a[2])}: on 2 or less the units there attack their own " \
               f"in {P(a[3])} (8.0)"
    if verb == "warwick":
        return f"Play {L(a[1])} for a second attack in {P(a[2])}, +1 Ability (8.0)"
    if verb == "ambush_attack":
        return f"Play {L(a[1])} for an extra attack by {L(a[2])} on {P(a[3])} (8.0)"
    if verb == "end":
        if g.phase == COMBAT:
            return "End the Combat step and go on to Movement (6.2.2)"
        if g.phase == MOVEMENT:
            return "End the Movement step and go on to Discard (6.2.3)"
        return f"End the {PHASE_NAMES[g.phase]} step"
    if verb == "hit":
        c = a[1]
        return f"Give the next hit to {L(c)} in {_where(g, side, c, side)} (6.2.2)"
    if verb == "orders":
        card = g.decks[side][a[1] - 1]
        return f"Spend {L(a[1])} as {_plural(card.orders, 'order')} (6.2.3 A)"
    if verb == "enter":
        return f"Bring {L(a[1])} from your hand into {P(a[2])} " \
               f"({_entry_cost(g, side, a[1], a[2])}) (6.2.3)"
    if verb == "lead":
        return f"Play {L(a[1])} into {P(a[2])} (6.2.3 A)"
    if verb == "move":
        c, q = a[1], a[2]
        return f"Move {L(c)} from {_where(g, side, c, side)} to {P(q)} " \
               f"({_move_cost(g, side, c, q)}) (6.2.3)"
    if verb == "leader":
        return f"Move {L(a[1])} from {_where(g, side, a[1], side)} to {P(a[2])} (free) " \
               f"(6.2.3 A)"
    if verb == "flank":
        c, q = a[1], a[2]
        return f"Declare a flank move by {L(c)} from {_where(g, side, c, side)} into {P(q)} " \
               f"({_flank_cost(g, side, c)}; 3 or less to enter) (6.2.3 B)"
    if verb == "roll_flanks":
        return "Roll the declared flank moves (6.2.3 B)"
    if verb == "charge_move":
        c, q = a[1], a[2]
        return f"Charge {L(c)} down the hill from {_where(g, side, c, side)} into {P(q)} " \
               f"({_flank_cost(g, side, c)}) (6.2.3 C, 7.0)"
    if verb == "artillery":
        return f"Move {L(a[1])} from {_where(g, side, a[1], side)} to {P(a[2])} " \
               f"({_cost(order_cost(g, side, 0, 2))}) (8.0)"
    if verb == "charge":
        return f"Play {L(a[1])}: the units in {P(a[2])} charge into {P(a[3])} (8.0)"
    if verb == "rally":
        if not engaged(g, a[2]):
            return f"Play {L(a[1])} on {P(a[2])} (8.0)"
        hurt = sum(1 for c in g.units_at(a[2], side) if g.lost[side][c])
        n = a[3] if len(a) > 3 else min(hurt, g.pool)
        units = _plural(n, "hurt unit") if n == hurt else _plural(n, "most hurt unit")
        return f"Play {L(a[1])} on {P(a[2])}: its {units} ({_cost(n)}) (8.0)"
    if verb == "treason":
        return f"Play {L(a[1])} against {_card(g, 1 - side, a[2], side)} (8.0)"
    if verb == "treason_flank":
        return f"Play {L(a[1])} for a flank attack from your hand into {P(a[2])} (8.0)"
    if verb == "join":
        return f"Send {L(a[1])} in the flank attack (8.0)"
    if verb == "go":
        return "Launch the flank attack with the units chosen (8.0)"
    if verb == "ambush_flank":
        return f"Play {L(a[1])}: {L(a[2])} tries a flank move into {P(a[3])}, -2 to the roll " \
               f"(8.0)"
    if verb == "discard":
        return f"Discard {L(a[1])} (6.2.4)"
    if verb == "fatigue":
        return f"Play {L(a[1])} on {P(a[2])}: the enemy units there are fatigued (8.0)"
    if verb == "draw":
        return "Draw up to your hand size and end your steps (6.2.4)"
    if verb == "next":
        return "Go on to the next battle of the campaign (9.3)"
    raise KeyError(verb)


def describe_actions(g, side: int) -> list:
    """Every legal action of ``side`` now, described (in ``legal_actions`` order)."""
    return [describe_action(g, side, a) for a in g.legal_actions(side)]


__all__ = ["sentence", "describe_action", "describe_actions", "SENTENCES"]
