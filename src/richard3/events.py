"""The log's events: every kind, its fields and their types (the shared vocabulary of the log).

The engine logs what happens as events, ``State.say(vis, kind, *fields)``: data, not
sentences. ``narrate.py`` writes each kind as English (one renderer for the log panel, the
plain log and the exports); the page's summaries, arrows and notes read the fields
(``describe.py``). A save holds the events as ``[vis, kind, field...]`` lists, checked with
``check`` when it is loaded.

``EVENTS[kind]`` is the tuple of the kind's fields as ``(name, type)``. Types: ``side`` 0/1;
``block`` a block id, ``block?`` a block id or -1 (a block whose identity this event's
reader may not know); ``area`` an area id, ``area?`` or -1 (the sea, the pool); ``place`` an
area id or an off-map place (``ids.OFF_MAP``); ``count`` an int from 0 to 10**6; ``flag`` 0/1;
``card`` a card id, ``card?`` or -1 (a card face-down); ``cards`` a list of card ids; ``path`` a
list of 2-4 area ids; ``dice`` a list of up to 8 dice (1-6); ``blocks`` a list of block ids;
``steps`` a list of ``[block, strength]`` pairs; ``text`` a string of at most 1000 characters;
``event`` an event key or ""; ``rating`` an initiative 0-3 (A-D); or a tuple of texts: an index
into it (the reasons below).
"""

from __future__ import annotations

from .ids import EVENT_NAMES, NA, NB, OFF_MAP, C

#: Why a side is Player 1 (1.1, docs/rulings.md).
P1_REASONS = ("the player of an event card is Player 1", "both cards are events: the higher AP",
              "the higher card", "tied: the PRETENDER is Player 1")
#: Why a battle was won (6.2, 6.3).
BATTLE_WON = ("every block of the other side is gone", "the Attacker has no block left",
              "the Attacker has retreated after four rounds (6.2)")
#: What eliminated a block (6.8): the cause said in the log.
CAUSES = ("", "battle", "no retreat open when it must retreat, 6.6", "Plague",
          "executed by its captors, 9.1", "supply, 7.1", "supply, 7.2")
NO_CAUSE, IN_BATTLE, NO_RETREAT, BY_PLAGUE, EXECUTED, SUPPLY_71, SUPPLY_72 = range(len(CAUSES))

S, B, B_, A, A_ = ("side", "side"), ("block", "block"), ("block", "block?"), ("area", "area"), \
    ("area", "area?")

EVENTS = {
    # 4.0 setup and the card phase (1.0, 1.1, 5.1)
    "setup": (("scenario", "text"), ("name", "text"), ("king", "side"),
              ("king_block", "block"), ("pretender_block", "block")),
    "campaign": (("campaign", "count"),),
    "mulligan": (S, ("ap", "count"), ("cards", "cards")),
    "mulligan_answer": (S, ("redeal", "flag")),
    "redealt": (),
    "keep_hand": (S,),
    "turn": (("campaign", "count"), ("turn", "count")),
    "play": (S, ("card", "card?")),
    "reveal": (("lancaster", "card"), ("york", "card"), ("player1", "side"),
               ("why", P1_REASONS)),
    # 5.0 the action phase
    "action_phase": (S, ("event", "event"), ("ap", "count")),
    "activate": (S, A),
    "move": (S, B_, ("path", "path")),
    "sea": (S, B_, ("from", "area"), ("to", "area"), ("free", "flag")),
    "recruit": (S, B_, A),
    "muster": (S, A),
    "plague": (S, A),
    "attack": (S, A, ("from", "area?")),
    "reinforce": (S, A, ("from", "area?")),
    "rescue": (B,),
    "end_action": (S, ("ap", "count")),
    # 6.0 battles
    "battle": (A, ("attacker", "side"), ("attacking", "steps"), ("defending", "steps")),
    "reserves": (S, ("count", "count")),
    "reserves_named": (S, A, ("blocks", "blocks")),
    "round": (("round", "count"), A),
    "reserves_arrive": (S, ("blocks", "steps")),
    "reserves_deploy": (S, ("blocks", "steps")),
    "roles_swap": (S,),
    "pass": (S, B),
    "fire": (S, B, ("initiative", "rating"), ("firepower", "count"), ("dice", "dice"),
             ("hits", "count")),
    "hits": (S, B, ("hits", "count"), ("strength", "count")),
    "hit_choice": (S, B),
    "charge": (S, B, ("target_side", "side"), ("target", "block"), ("dice", "dice"),
               ("hits", "count")),
    "fire_back": (S, B, ("target", "block"), ("dice", "dice"), ("hits", "count")),
    "treachery": (S, B_, ("target", "block"), ("loyalty", "count"), ("dice", "dice"),
                  ("defects", "flag")),
    "keep_treason": (S,),
    "retreat": (S, B, ("from", "area"), ("to", "area"), ("by_sea", "flag")),
    "battle_won": (S, A, ("why", BATTLE_WON), ("regroup", "flag")),
    "regroup": (S, B_, ("from", "area"), ("to", "area")),
    "regroup_identity": (B,),
    "battle_over": (A,),
    # 6.8 eliminations, 9.0 the end
    "eliminated": (S, B_, ("where", "place"), ("cause", CAUSES)),
    "won_game": (S, ("reason", "text")),
    "seed": (("seed", "text"),),
    # 7.0 the supply phase, 6.81/6.82 heirs, 9.1
    "supply_phase": (("turn", "count"),),
    "heir_enters": (S, B, A),
    "crowned": (B, S, ("king", "flag"), A_),
    "spare": (S, B),
    "overstack": (S, ("exile", "flag"), A, ("surplus", "count")),
    "step_lost": (S, B_, A, ("exile", "flag")),
    # 8.0 the political turn
    "political": (("campaign", "count"),),
    "disband": (),
    "usurpation": (("lancaster", "count"), ("york", "count")),
    "usurps": (S, B_, ("deposed", "side")),
    "keeps_throne": (S,),
    "murdered": (B,),
    "goes_home": (S, ("king", "flag")),
    "home": (S, B_, ("from", "area"), ("to", "area?"), ("king", "flag")),
    "reset": (),
    "exile_extra": (S, ("count", "count"), A),
    "to_pool": (S, B_, A),
    # a line of a save made by version 0.1.0, whose log was English (no record to rebuild it)
    "text": (("line", "text"),),
}

MAX_TEXT = 1000
NC = len(C.card_names)


def _int(x, lo, hi) -> bool:
    return type(x) is int and lo <= x <= hi


def _ints(x, lo, hi, min_len, max_len) -> bool:
    return (isinstance(x, (list, tuple)) and min_len <= len(x) <= max_len
            and all(_int(v, lo, hi) for v in x))


_TYPES = {
    "side": lambda x: _int(x, 0, 1),
    "block": lambda x: _int(x, 0, NB - 1),
    "block?": lambda x: _int(x, -1, NB - 1),
    "area": lambda x: _int(x, 0, NA - 1),
    "area?": lambda x: _int(x, -1, NA - 1),
    "place": lambda x: _int(x, 0, NA - 1) or (type(x) is int and x in OFF_MAP),
    "count": lambda x: _int(x, 0, 10**6),
    "flag": lambda x: _int(x, 0, 1),
    "rating": lambda x: _int(x, 0, 3),
    "card": lambda x: _int(x, 0, NC - 1),
    "card?": lambda x: _int(x, -1, NC - 1),
    "cards": lambda x: _ints(x, 0, NC - 1, 0, NC),
    "path": lambda x: _ints(x, 0, NA - 1, 2, 4),
    "dice": lambda x: _ints(x, 1, 6, 0, 8),
    "blocks": lambda x: _ints(x, 0, NB - 1, 0, NB),
    "steps": lambda x: isinstance(x, (list, tuple)) and len(x) <= NB and all(
        _ints(p, 0, NB - 1, 2, 2) and _int(p[1], 0, 4) for p in x),
    "text": lambda x: isinstance(x, str) and len(x) <= MAX_TEXT,
    "event": lambda x: x == "" or (isinstance(x, str) and x in EVENT_NAMES),
}


def _frozen(x):
    """Lists (a loaded save's) as tuples, as the engine logs them."""
    return tuple(_frozen(v) for v in x) if isinstance(x, list) else x


def check(kind, fields) -> tuple | None:
    """The fields of an event read from a save, as the engine holds them (tuples), or None if
    ``kind`` is no event kind or a field is not of its type."""
    spec = EVENTS.get(kind) if isinstance(kind, str) else None
    if spec is None or not isinstance(fields, (list, tuple)) or len(fields) != len(spec):
        return None
    for value, (_, kind_of) in zip(fields, spec):
        ok = _int(value, 0, len(kind_of) - 1) if isinstance(kind_of, tuple) \
            else _TYPES[kind_of](value)
        if not ok:
            return None
    return _frozen(list(fields))


def as_dict(vis: int, kind: str, fields: tuple) -> dict:
    """One event as a dict: {"kind", "vis", and each field by name} (ids as they are)."""
    d = {"kind": kind, "vis": vis}
    for (name, _), value in zip(EVENTS[kind], fields):
        d[name] = value
    return d
