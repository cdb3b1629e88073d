"""Plain-English descriptions of a side's legal actions, log and the enemy's turn, for the page.

The page's main thread does not import the engine: the worker (which holds the ``Game``) sends
it these JSON-serialisable answers instead of engine notation. Everything here uses only what
``side`` may know: ``describe_actions`` describes that side's own legal actions (reading the
game only for facts the side knows: its own blocks, the public battle record, enemy presence);
``plain_log`` and ``summarize`` read only that side's log (``Game.log_for(side)``, which is also
``Game.observation(side)["log"]``).

API
---
``describe_actions(game, side) -> list[dict]``
    One dict per legal action of ``side`` now, in ``game.legal_actions(side)`` order::

        {"notation": "move Rivers/L: Kent > Sussex",   # str(action): what Game.apply accepts
         "kind": "move",                               # see KINDS
         "text": "Move Rivers from Kent to Sussex",    # plain English, no notation
         "group": "Move Rivers from Kent",             # a title to group a list of choices
         # only where they apply:
         "block": "Rivers/L",        # the block id (as in blocks.toml; name it with
         "block_name": "Rivers",     #   block_name / block_label)
         "from": "Kent", "to": "Sussex",     # area names as in map.toml
         "path": ["Kent", "Sussex"],          # land moves: every area on the way
         "area": "Kent",             # the one area an action is about (activate, battle ...)
         "target": "Stanley/Y",      # the enemy block a charge / treachery / treason aims at
         "card": "Muster",           # card name as in cards.toml, "ap": 0, "event": "Muster"
         "cost": 1,                  # AP it costs (action phase only; 0 when free)
         "attack": True,             # move / sea into an enemy or contested area
         "note": "..."}              # one short line of what it risks or means, with rules

``describe_decision(game, side) -> {"prompt": str, "actions": [...]}``
    The same list with a one-line prompt saying what is being decided (with rule numbers).

``block_name(block_id) -> str`` / ``block_label(block_id, side=None) -> str``
    "Rivers/L" -> "Rivers"; with the side: "Rivers (Lancaster)", "Canterbury (church, York)".

``plain_log(events) -> list[dict]``
    A side's log (``game.events_for(side)``) as entries and headers (see the function).

``summarize_events(events, side)``
    What the other side did in these events of ``side``'s log: a list of
    ``{"kind", "side", "from", "to", "count", "text", ...}`` for arrows and a short text.

``last_usurpation(events)``
    The latest usurpation count (8.2) and its result, from the events.

Everything here reads the log's events (``events.py``) and writes them with the log's one
renderer (``narrate.py``); no sentence is ever parsed back.

The engine models activation (5.2) as its own action: ``activate A`` costs 1 AP and the land
moves of the blocks there are then free, so a ``move`` costs 0 here (Muster moves too); a sea
move costs 1 AP except the second block of a port-to-port pair (5.31), which is free.
"""

from __future__ import annotations

from . import battle as bt
from .actions import SHAPES, TO_POOL
from .combat import WARWICKS, firepower, loyalty
from .components import MERCENARY
from .events import CAUSES, EVENTS
from .ids import (ACTION, BATTLE, CARDS, EVENT_NAMES, LOC_NAMES, MULLIGAN, NA, NB, POLITICAL,
                  SIDE_NAMES, SUPPLY, C, side_id)
from .limits import CITY_SUPPLY_LIMIT, EXILE_LIMITS, SUPPLY_LIMIT, exile_counted, overstack
from .narrate import battle_sides, card_label, line
from .politics import EXILE_POOL
from .retreat import by_sea
from .supply import EXECUTE

#: The kinds of ``describe_actions`` entries (the engine's verbs; ``home`` to the pool is
#: ``pool``; an action of a verb this module does not know is ``other``).
KINDS = ("keep", "mulligan", "redeal", "play", "activate", "move", "sea", "recruit", "muster",
         "plague", "end", "battle", "fire", "pass", "retreat", "charge", "treachery", "treason",
         "no_treason", "hit", "regroup", "reduce", "execute", "no_execute", "enter", "home",
         "pool", "other")


#: What each event card lets its AP do (the event cards' text, rulebook "Event cards").
EVENT_NOTES = {
    "force_march": "Force March: move one group up to 3 areas, attacking allowed; no sea "
                   "moves; border limits apply.",
    "muster": "Muster: name one friendly or vacant area; any of your blocks may move "
              "normally to reach it; no sea moves.",
    "piracy": "Piracy: the AP are for sea moves only; sea attacks allowed, no port-to-port "
              "bonus; attackers retreat and regroup only by sea.",
    "plague": "Plague: choose one enemy city area; every block there loses one step.",
    "surprise": "Surprise: move one group with every border limit +1; sea moves allowed.",
    "treason": "Treason: move one group, and make one treachery roll before any one battle "
               "this turn (6.9).",
}



# ----------------------------------------------------------------------------- names
def block_name(block) -> str:
    """The printed name of a block, given its id string or int: "Rivers/L" -> "Rivers",
    "Canterbury (church)/Y" -> "Canterbury (church)", "Bombard/Y" -> "Bombard"."""
    b = block if isinstance(block, int) else C.block_id.get(block, -1)
    if b < 0:
        return _strip_suffix(str(block))
    return C.label[b]


def block_label(block, side=None) -> str:
    """A block's name with its side where the side must be said: "Northumberland (York)",
    "Canterbury (church, Lancaster)", "Bombard (York)".

    ``side``: "Lancaster" / "York" / 0 / 1 (the side it fights for); by default the side of the
    block's version (the Rebel: just "Rebel", its side depends on who is KING).
    """
    name = block_name(block)
    if side is None:
        b = block if isinstance(block, int) else C.block_id.get(block, -1)
        if b < 0 or C.side[b] == 2:
            return name
        side = C.side[b]
    if isinstance(side, int):
        side = SIDE_NAMES[side]
    if name.endswith(")") and " (" in name:
        return f"{name[:-1]}, {side})"
    return f"{name} ({side})"


def _strip_suffix(name: str) -> str:
    return name[:-2] if name.endswith(("/L", "/Y")) else name


def _area(a: int) -> str:
    return C.area_names[a]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _dice(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


def _hit_range(fp: int) -> str:
    return "1" if fp <= 1 else f"1-{min(fp, 6)}"


def _via(path: list[str]) -> str:
    mid = path[1:-1]
    if not mid:
        return ""
    return " via " + (mid[0] if len(mid) == 1 else ", ".join(mid[:-1]) + " and " + mid[-1])


# ------------------------------------------------------------------------- the actions
class _Ctx:
    """Facts about the decision, computed once for all its actions (all known to ``side``)."""

    def __init__(self, g, s: int):
        self.g, self.s = g, s
        lanc, york = g.presence()
        self.own, self.enemy = (lanc, york) if s == 0 else (york, lanc)
        self.side_name = SIDE_NAMES[s]
        self.enemy_name = SIDE_NAMES[1 - s]
        self._battle = None

    def battle(self):
        """(area, attacker, round, actor) of the battle being fought, or None."""
        if self._battle is None:
            rec = self.g.battle
            self._battle = ((rec[bt.AREA], rec[bt.ATTACKER], rec[bt.ROUND], rec[bt.ACTOR])
                            if rec else ())
        return self._battle or None


def _supply_facts(g, s: int, b: int, dest: int) -> dict | None:
    """What moving (or recruiting, regrouping) block ``b`` of side ``s`` into ``dest`` means
    for the supply phase (7.1, 7.2): {"area", "limit" (blocks the area supplies), "there"
    (the side's blocks there now that count against it), "counts" (1 if ``b`` counts, 0 for a
    local mercenary in its exile), "over" (the blocks over the limit once it is there: as
    many steps lost in the supply phase unless some move on; may be 0 or less), "rule"
    ("7.1", or "7.2" in an exile)}, or None
    for a destination that is not an area."""
    if not 0 <= dest < NA:
        return None
    if dest in EXILE_LIMITS:
        limit = EXILE_LIMITS[dest]
        there = len(exile_counted(g, s, dest))
        counts = 0 if (C.btype[b] == MERCENARY and C.home_area[b] == dest) else 1
    else:
        limit = CITY_SUPPLY_LIMIT if C.city[dest] else SUPPLY_LIMIT
        there = sum(1 for x in range(NB) if g.loc[x] == dest and g.owner(x) == s)
        counts = 1
    if g.loc[b] == dest:
        there -= counts
    return {"area": C.area_names[dest], "limit": limit, "there": there, "counts": counts,
            "over": there + counts - limit, "rule": "7.2" if dest in EXILE_LIMITS else "7.1"}


def supply_warning(facts: dict | None, side_name: str, moving: int = 1) -> str:
    """The supply warning for ``moving`` blocks (each counting as in ``facts``) going into
    an area: "" when it stays within its limit."""
    if not facts or not facts["counts"]:
        return ""
    total = facts["there"] + facts["counts"] * moving
    over = total - facts["limit"]
    if over <= 0:
        return ""
    rule = facts.get("rule", "7.1")
    steps = "1 step" if over == 1 else f"{over} steps"
    return (f"Supply: {facts['area']} supplies {facts['limit']} blocks ({rule}); with this "
            f"{total} {side_name} blocks would be there: {steps} lost in the supply phase "
            f"unless some move on.")


def _with_supply(ctx, d: dict, b: int, dest: int) -> dict:
    """Adds a move's supply facts and, over the limit, its warning to the note."""
    facts = _supply_facts(ctx.g, ctx.s, b, dest)
    if facts is None:
        return d
    d["supply"] = facts
    warning = supply_warning(facts, ctx.side_name)
    if warning:
        d["note"] = (d.get("note") + " " if d.get("note") else "") + warning
    return d


def describe_actions(game, side) -> list[dict]:
    """Describe every legal action of ``side`` now, in ``game.legal_actions(side)`` order.

    Returns a list of JSON-serialisable dicts (see the module docstring for the keys); [] when
    ``side`` has no decision to make. Only ``side``'s own actions are described, with facts
    that side knows.
    """
    s = side_id(side)
    legal = game.legal_actions(s)
    if not legal:
        return []
    ctx = _Ctx(game, s)
    out = []
    for action in legal:
        try:
            d = _describe(ctx, action)
        except Exception:           # a verb or shape this module does not know yet
            d = None
        if d is None:
            d = _fallback(action)
        d["notation"] = str(action)
        out.append(d)
    return out


def _describe(ctx: _Ctx, action) -> dict | None:
    fn = _DESCRIBERS.get(action[0])
    return fn(ctx, action) if fn else None


def _fallback(action) -> dict:
    """A readable text for an action of a kind this module does not know: its verb, then its
    block (with its side), areas ("from A to C via B") or card, from the action's shape."""
    verb = action[0].replace("_", " ")
    words = [verb]
    try:
        for kind, x in zip(SHAPES.get(action[0], ""), action[1:]):
            if kind == "b":
                words.append(block_label(x))
            elif kind == "a":
                words.append("to the pool" if x == TO_POOL else C.area_names[x])
            elif kind == "c":
                words.append(C.card_names[x])
        if SHAPES.get(action[0]) == "bp":
            path = [C.area_names[a] for a in action[2:]]
            words = [verb, block_label(action[1]), f"from {path[0]} to {path[-1]}{_via(path)}"]
    except (IndexError, KeyError, TypeError):
        words = [verb]
    text = " ".join(words)
    return {"kind": "other", "text": text[:1].upper() + text[1:],
            "group": verb.capitalize()}


# -- cards (1.1, 5.1) ------------------------------------------------------------------
def _hand_ap(g, s: int) -> int:
    return sum(C.card_ap[c] for c in g.hands[s])


def _keep(ctx, action):
    g = ctx.g
    answering = bool(g.pending) and len(g.pending[0]) == 2
    if answering:
        return {"kind": "keep", "text": "Keep your cards (only " + ctx.enemy_name
                + " gets a new hand)", "group": "Answer the mulligan",
                "note": f"{ctx.enemy_name} asked for a redeal (5.1): you may keep your hand "
                        "or have it redealt too."}
    return {"kind": "keep", "text": "Keep your hand", "group": "Your hand",
            "note": f"Your hand totals AP {_hand_ap(g, ctx.s)} (5.1)."}


def _mulligan(ctx, action):
    ap = _hand_ap(ctx.g, ctx.s)
    return {"kind": "mulligan", "text": f"Show your hand (AP {ap}) and ask for a new deal",
            "group": "Your hand",
            "note": "A hand of AP 13 or less may be shown for a redeal once per campaign; "
                    f"{ctx.enemy_name} then chooses whether to keep his own cards (5.1)."}


def _redeal(ctx, action):
    return {"kind": "redeal", "text": "Have your hand redealt too", "group": "Answer the mulligan",
            "note": "All cards not kept are reshuffled and dealt again (5.1)."}


def _play(ctx, action):
    c = action[1]
    name, ap, ev = C.card_names[c], C.card_ap[c], C.card_event[c]
    d = {"kind": "play", "card": name, "ap": ap, "group": "Play a card"}
    if ev:
        d.update(text=f"Play {EVENT_NAMES[ev]} (AP {ap})", event=EVENT_NAMES[ev],
                 note=EVENT_NOTES[ev] + " An event card's player is Player 1 (1.1).")
    else:
        d.update(text=f"Play an AP {ap} card", note=f"{_plural(ap, 'action point')} (5.0).")
    return d


# -- action phase (5.0) ----------------------------------------------------------------
def _own_blocks_in(ctx, a: int) -> list[int]:
    g = ctx.g
    return [b for b in range(len(C.block_names)) if g.loc[b] == a and g.owner(b) == ctx.s
            and not g.moved[b]]


def _activate(ctx, action):
    a = action[1]
    n = len(_own_blocks_in(ctx, a))
    area = _area(a)
    group_ev = ctx.g.event
    steps = "up to three areas (Force March)" if group_ev == "force_march" else "one or two areas"
    return {"kind": "activate", "area": area, "from": area, "cost": 1,
            "text": f"Activate {area}", "group": "Activate an area",
            "note": f"1 AP: your {'block' if n == 1 else str(n) + ' blocks'} there may then "
                    f"move {steps} (5.2)."}


def _attack_note(ctx, a: int, k: int, by_sea: bool = False) -> str:
    """What entering enemy-held area ``a`` by border ``k`` means (5.2, 5.22, 6.3)."""
    g = ctx.g
    n = ctx.enemy[a]
    who = f"{_plural(n, ctx.enemy_name + ' block')} there"
    if g.attacker[a] == 1 - ctx.s:
        return (f"Reinforces the battle the enemy began in {_area(a)} ({who}): in Reserve, "
                "it fights from round 2 (6.3).")
    if g.attacker[a] == ctx.s:
        if k == g.main_border[a]:
            return f"Joins your Main Attack on {_area(a)} ({who}) (6.3)."
        return (f"Joins your attack on {_area(a)} ({who}) by another way: in Reserve, it "
                "fights from round 2 (6.3).")
    return f"Attack: it stops in {_area(a)} and fights the {who}; the Main Attack (6.3)."


def _move(ctx, action):
    g = ctx.g
    b, path_ids = action[1], list(action[2:])
    path = [_area(a) for a in path_ids]
    name = block_name(b)
    dest = path_ids[-1]
    d = {"kind": "move", "block": C.block_names[b], "block_name": name, "from": path[0],
         "to": path[-1], "path": path, "cost": 0, "group": f"Move {name} from {path[0]}"}
    text = f"Move {name} from {path[0]} to {path[-1]}{_via(path)}"
    if ctx.enemy[dest]:
        k = C.border_between[(path_ids[-2], dest)]
        d["attack"] = True
        d["note"] = _attack_note(ctx, dest, k)
        text += " (attack)" if g.attacker[dest] != 1 - ctx.s else " (reinforce)"
    if g.event == "muster":
        d["note"] = d.get("note") or "Muster: free, no AP needed."
    d["text"] = text
    return _with_supply(ctx, d, b, dest)


def _sea(ctx, action):
    g = ctx.g
    b, a, dest = action[1], action[2], action[3]
    name, src, to = block_name(b), _area(a), _area(dest)
    d = {"kind": "sea", "block": C.block_names[b], "block_name": name, "from": src, "to": to,
         "path": [src, to], "group": f"{name} by sea from {src}"}
    attack = bool(ctx.enemy[dest])
    free = not attack and tuple(g.port_bonus) == (a, dest)
    d["cost"] = 0 if free else 1
    text = f"{name} by sea from {src} to {to}"
    if attack:
        d["attack"] = True
        text += " (attack)"
        d["note"] = (_attack_note(ctx, dest, -2, by_sea=True) + " Piracy: it may retreat or "
                     "regroup only by sea.")
    elif free:
        text += " (free)"
        d["note"] = "Free: the second block from one major port to the same major port (5.31)."
    elif C.major_port[a] and C.major_port[dest] and g.event != "piracy":
        d["note"] = ("1 AP; major port to major port: a second block from "
                     f"{src} may follow to {to} free (5.31).")
    else:
        d["note"] = "1 AP (5.3)."
    d["text"] = text
    return _with_supply(ctx, d, b, dest)


def _recruit(ctx, action):
    b, a = action[1], action[2]
    name, area = block_name(b), _area(a)
    who = "the Rebel" if b == C.rebel else name
    return _with_supply(ctx, {
        "kind": "recruit", "block": C.block_names[b], "block_name": name, "to": area,
        "area": area, "cost": 1, "text": f"Recruit {who} in {area}", "group": "Recruit",
        "note": f"1 AP: {name} enters at full strength ({C.max_str[b]}) and cannot move "
                "this turn (5.4)."}, b, a)


def _muster(ctx, action):
    area = _area(action[1])
    return {"kind": "muster", "area": area, "to": area, "cost": 0,
            "text": f"Muster at {area}", "group": "Muster",
            "note": "Muster: any of your blocks may then move normally to reach "
                    f"{area}; no sea moves."}


def _plague(ctx, action):
    a = action[1]
    area = _area(a)
    own = ctx.own[a]
    also = f" (your {_plural(own, 'block')} there too)" if own else ""
    return {"kind": "plague", "area": area, "to": area, "cost": 0,
            "text": f"Bring Plague to {area}", "group": "Plague",
            "note": f"Every block in {area}{also} loses one step, even if eliminated."}


def _end(ctx, action):
    g = ctx.g
    if g.phase == BATTLE:
        area = ctx.battle()[0] if ctx.battle() else -1
        where = f" in {_area(area)}" if area >= 0 else ""
        d = {"kind": "end", "text": "Done regrouping", "group": "Finish",
             "note": f"Your blocks not yet regrouped stay{where} (6.7)."}
        if area >= 0:
            d["area"] = _area(area)
        return d
    if g.phase == ACTION:
        ap = g.ap
        note = (f"{ap} AP unused will be lost (1.2)." if ap
                else "Nothing left to spend.")
        if g.port_bonus[0] >= 0:
            note = ("A free port-to-port sea move is still open (5.31). " + note)
        if g.event == "muster" and g.muster >= 0:
            note = "Blocks that have not moved to the muster area stay where they are."
        who = "Player 2 acts next" if g.p1 == ctx.s else "then the battles"
        return {"kind": "end", "text": "End your action phase", "group": "Finish",
                "cost": 0, "note": f"{note} {who[0].upper() + who[1:]}."}
    return {"kind": "end", "text": "Done", "group": "Finish"}


# -- battles (6.0) ---------------------------------------------------------------------
def _battle(ctx, action):
    a = action[1]
    area = _area(a)
    return {"kind": "battle", "area": area, "text": f"Fight the battle in {area} next",
            "group": "Choose the next battle",
            "note": f"{_plural(ctx.own[a], 'block')} of yours against "
                    f"{_plural(ctx.enemy[a], 'enemy block')} (6.1)."}


def _actor(ctx):
    """(actor block, area, defending) of the battle turn being decided."""
    area, att, rnd, actor = ctx.battle()
    return actor, area, ctx.s != att, rnd


def _fp(ctx, b: int, area: int, defending: bool) -> int:
    return firepower(ctx.g, b, area, defending)


def _fire(ctx, action):
    b, area, defending, rnd = _actor(ctx)
    name = block_name(b)
    fp = _fp(ctx, b, area, defending)
    n = ctx.g.strength[b]
    return {"kind": "fire", "block": C.block_names[b], "block_name": name, "area": _area(area),
            "text": f"Fire with {name}", "group": f"{name}'s battle turn",
            "note": f"{_dice(n)}, hits on {_hit_range(fp)}; all hits go to the "
                    "strongest enemy block, the surplus to the next (6.4)."}


def _pass(ctx, action):
    b, area, defending, rnd = _actor(ctx)
    name = block_name(b)
    return {"kind": "pass", "block": C.block_names[b], "block_name": name, "area": _area(area),
            "text": f"{name} holds (pass)", "group": f"{name}'s battle turn",
            "note": f"{name} neither fires nor retreats this round (6.2)."}


def _retreat(ctx, action):
    g = ctx.g
    b, area, defending, rnd = _actor(ctx)
    name, dest = block_name(b), _area(action[1])
    sea = by_sea(g, b, ctx.s, area)
    how = " by sea" if sea else ""
    must = (not defending) and rnd >= 4
    note = ("Attackers must retreat in round 4 (6.2). " if must else "") + \
        f"{name} leaves the battle in {_area(area)} instead of firing (6.6)."
    return {"kind": "retreat", "block": C.block_names[b], "block_name": name,
            "from": _area(area), "to": dest, "area": _area(area),
            "text": f"Retreat {name}{how} to {dest}", "group": f"{name}'s battle turn",
            "note": note}


def _charge(ctx, action):
    g = ctx.g
    b, area, defending, rnd = _actor(ctx)
    t = action[1]
    name, tname = block_name(b), block_label(t, 1 - ctx.s)
    fp = _fp(ctx, b, area, defending)
    tfp = _fp(ctx, t, area, not defending)
    short = block_name(t)
    return {"kind": "charge", "block": C.block_names[b], "block_name": name,
            "target": C.block_names[t], "target_name": short, "area": _area(area),
            "text": f"{name} charges {tname}", "group": f"{name}'s battle turn",
            "note": f"Charge: {name} fires {_dice(g.strength[b])} (hits on "
                    f"{_hit_range(fp)}) at {short} alone, surplus hits lost; if {short} "
                    f"survives it fires back at {name} at once (hits on {_hit_range(tfp)}) "
                    "(6.5)."}


def _loyalty_note(n: int, tname: str, to_reserve: str) -> str:
    pct = round(100 / 2 ** n)
    even = "it is even" if n == 1 else "all are even"
    return (f"Roll {_dice(n)} for its loyalty {n}: if {even} ({pct}%), {tname} "
            f"defects to {to_reserve} at its current strength (6.9).")


def _treachery(ctx, action):
    b, area, defending, rnd = _actor(ctx)
    t = action[1]
    name, short = block_name(b), block_name(t)
    n = loyalty(t, b in WARWICKS)
    return {"kind": "treachery", "block": C.block_names[b], "block_name": name,
            "target": C.block_names[t], "target_name": short, "area": _area(area),
            "text": f"Treachery roll by {name} on {block_label(t, 1 - ctx.s)}",
            "group": f"{name}'s battle turn",
            "note": "Instead of firing; once per battle for " + name + ". "
                    + _loyalty_note(n, short, "your Reserve")}


def _treason(ctx, action):
    t = action[1]
    short = block_name(t)
    n = loyalty(t, False)
    area = ctx.battle()[0]
    return {"kind": "treason", "target": C.block_names[t], "target_name": short,
            "area": _area(area),
            "text": f"Treason roll on {block_label(t, 1 - ctx.s)}",
            "group": "Treason card",
            "note": "Your one Treason roll this turn, before the battle begins. "
                    + _loyalty_note(n, short, "your Reserve")}


def _no_treason(ctx, action):
    area = ctx.battle()[0]
    return {"kind": "no_treason", "area": _area(area),
            "text": "Keep the Treason roll for another battle", "group": "Treason card",
            "note": f"No treachery roll before the battle in {_area(area)} (5.1)."}


def _hit(ctx, action):
    g = ctx.g
    b = action[1]
    name = block_name(b)
    hits = g.pending[0][2] if g.pending and len(g.pending[0]) > 2 else 1
    st = g.strength[b]
    fate = "is eliminated" if hits >= st else f"drops to strength {st - hits}"
    extra = f"; the {hits - st} left over go to the next strongest" if hits > st else ""
    area = ctx.battle()[0] if ctx.battle() else g.loc[b]
    return {"kind": "hit", "block": C.block_names[b], "block_name": name,
            "area": _area(area) if 0 <= area < len(C.area_names) else None,
            "text": f"{name} takes the {'hit' if hits == 1 else str(hits) + ' hits'}",
            "group": "Choose who takes the hits",
            "note": f"{name} (strength {st}) {fate}{extra} (6.4)."}


def _regroup(ctx, action):
    g = ctx.g
    b, a, dest = action[1], action[2], action[3]
    name = block_name(b)
    sea = by_sea(g, b, ctx.s, a)
    return _with_supply(ctx, {
        "kind": "regroup", "block": C.block_names[b], "block_name": name,
        "from": _area(a), "to": _area(dest), "area": _area(a),
        "text": f"Regroup {name}{' by sea' if sea else ''} to {_area(dest)}",
        "group": f"Regroup {name}",
        "note": "The victor's blocks may move to an adjacent friendly or vacant area (6.7)."},
        b, dest)


def _reduce(ctx, action):
    g = ctx.g
    b = action[1]
    name = block_name(b)
    a = g.loc[b]
    area = _area(a) if 0 <= a < len(C.area_names) else "exile"
    st = g.strength[b]
    rule = "7.2" if C.kind[a] == "exile" else "7.1"
    fate = "and is eliminated (6.8)" if st <= 1 else f"(to strength {st - 1})"
    return {"kind": "reduce", "block": C.block_names[b], "block_name": name, "area": area,
            "from": area, "text": f"{name} in {area} loses a step",
            "group": f"Supply losses in {area}",
            "note": f"Too many blocks in {area} ({rule}): {name} loses one step {fate}."}


def _reduce_prompt(g, s: int) -> str:
    """The supply prompt: the area, its limit, the blocks there and the steps still due."""
    task = g.pending[0] if g.pending else []
    if len(task) < 4 or not 0 <= task[2] < NA:
        return "Too many blocks in one area: choose which loses a step (7.1, 7.2)."
    a, left = task[2], task[3]
    _, counted = overstack(g, s, a)
    area = C.area_names[a]
    rule = "7.2" if a in EXILE_LIMITS else "7.1"
    limit = EXILE_LIMITS.get(a) or (CITY_SUPPLY_LIMIT if C.city[a] else SUPPLY_LIMIT)
    done = len(task) - 4
    due = left + done
    who = "1 block loses a step" if due == 1 else f"{due} blocks lose a step each"
    still = f" ({left} still to choose)" if done else ""
    return (f"Too many {SIDE_NAMES[s]} blocks in {area}: {len(counted)} where it supplies "
            f"{limit} ({rule}), so {who}: choose which{still}.")


def _execute(ctx, action):
    b = action[1]
    name = block_name(b)
    where = ctx.g.loc[b]
    d = {"kind": "execute", "block": C.block_names[b], "block_name": name,
         "text": f"Execute {name}", "group": f"Execute {name}?",
         "note": f"{name} is eliminated for good, so he can never defect back to "
                 f"{SIDE_NAMES[1 - ctx.s]}; {SIDE_NAMES[1 - ctx.s]}'s next minor heir "
                 f"enters play (9.1, 6.82)."}
    if 0 <= where < len(C.area_names):
        d["area"] = _area(where)
    return d


def _execute_prompt(g, s: int) -> str:
    """9.1, worded as the rulebook does: a defected Clarence or Exeter is no heir of either
    side, only a noble of his new side, and may be executed in any supply phase."""
    b = g.pending[0][2]
    name = block_name(b)
    enemy = SIDE_NAMES[1 - s]
    return (f"{name} has defected to you from {enemy}: he serves you as a noble, not an heir. "
            f"You may execute him in any supply phase, so that he can never defect back to "
            f"{enemy}, or keep him (9.1).")


def _no_execute(ctx, action):
    g = ctx.g
    task = g.pending[0] if g.pending else []
    b = task[2] if len(task) > 2 and task[0] == EXECUTE else -1
    name = block_name(b) if b >= 0 else "him"
    d = {"kind": "no_execute", "text": f"Keep {name}",
         "group": f"Execute {name}?" if b >= 0 else "Execute?",
         "note": f"{name} stays in play as your noble; a treachery roll could turn him back. "
                 f"You may execute him at any later supply phase (9.1)."}
    if b >= 0:
        d["block"], d["block_name"] = C.block_names[b], name
    return d


def _enter(ctx, action):
    b, a = action[1], action[2]
    name, area = block_name(b), _area(a)
    royal = ctx.g.king == ctx.s
    where = "a friendly or vacant crown area" if royal else "either exile area"
    return {"kind": "enter", "block": C.block_names[b], "block_name": name, "to": area,
            "area": area, "text": f"{name} enters play in {area}", "group": f"{name} comes of age",
            "note": f"A minor heir enters in {where} (6.82)."}


def _home(ctx, action):
    g = ctx.g
    b, a = action[1], action[2]
    name = block_name(b)
    here = g.loc[b]
    src = _area(here) if 0 <= here < len(C.area_names) else None
    rule = "8.4" if g.king == ctx.s else "8.3"
    task = g.pending[0] if g.pending else []
    if a == TO_POOL:
        exile_extra = bool(task) and task[0] == EXILE_POOL
        d = {"kind": "pool", "block": C.block_names[b], "block_name": name,
             "text": f"Send {name} to the pool" + (f" from {src}" if src else ""),
             "group": (f"Too many blocks in {src}" if exile_extra and src
                       else f"{name} goes home"),
             "note": (f"{src} supplies too few blocks: one goes to your pool (7.2, 8.5)."
                      if exile_extra else
                      f"Every place {name} could go home to is enemy-held: to the pool "
                      f"({rule}).")}
    else:
        dest = _area(a)
        stays = a == here
        d = {"kind": "home", "block": C.block_names[b], "block_name": name, "to": dest,
             "text": f"{name} stays in {dest}" if stays else f"Send {name} home to {dest}",
             "group": f"{name} goes home",
             "note": f"Political turn: blocks on the map go home ({rule})."}
    if src:
        d["from"] = src
    return d


_DESCRIBERS = {
    "keep": _keep, "mulligan": _mulligan, "redeal": _redeal, "play": _play,
    "activate": _activate, "move": _move, "sea": _sea, "recruit": _recruit,
    "muster": _muster, "plague": _plague, "end": _end, "battle": _battle, "fire": _fire,
    "pass": _pass, "retreat": _retreat, "charge": _charge, "treachery": _treachery,
    "treason": _treason, "no_treason": _no_treason, "hit": _hit, "regroup": _regroup,
    "reduce": _reduce, "execute": _execute, "no_execute": _no_execute, "enter": _enter,
    "home": _home,
}


# ------------------------------------------------------------------------- the prompt
def describe_decision(game, side) -> dict:
    """``{"prompt": str, "actions": describe_actions(game, side)}``: what ``side`` must decide
    now, in one line with the rule number ("" when it has nothing to decide)."""
    actions = describe_actions(game, side)
    return {"prompt": _prompt(game, side, actions) if actions else "", "actions": actions}


def _prompt(g, side, actions) -> str:
    s = side_id(side)
    kinds = {d["kind"] for d in actions}
    if g.phase == MULLIGAN:
        if "redeal" in kinds:
            return (f"{SIDE_NAMES[1 - s]} showed a weak hand and asked for a new deal: keep "
                    "your cards, or have them redealt too (5.1).")
        if "mulligan" in kinds:
            return "Your hand totals AP 13 or less: keep it, or show it for a new deal (5.1)."
        return ("Your hand totals more than AP 13: keep it (a new deal may be asked only for "
                "AP 13 or less, 5.1).")
    if g.phase == CARDS:
        return "Choose the card to play this turn, in secret (1.1)."
    if g.phase == ACTION:
        ev = EVENT_NAMES.get(g.event)
        if g.event == "muster" and g.muster < 0:
            return "Muster: choose the area your blocks will gather in."
        if g.event == "plague" and "plague" in kinds:
            return "Plague: choose the enemy city area to strike."
        head = f"{ev}: " if ev else ""
        free = " (a free port-to-port sea move is open)" if g.port_bonus[0] >= 0 else ""
        if g.event == "piracy":
            what = "sea moves only, attacks allowed"
        elif g.event == "muster":
            what = f"move your blocks to {_area(g.muster)}"
        elif g.event in ("force_march", "surprise", "treason") and g.activated:
            what = f"move the blocks of {_area(g.activated[0])}"
        else:
            what = "activate an area, move, sea move or recruit"
        return f"{head}{g.ap} AP left{free}: {what}; end when done (5.0)."
    if g.phase == BATTLE:
        if "hit" in kinds:
            hits = g.pending[0][2] if g.pending else 1
            them = "it" if hits == 1 else "them"
            return (f"{_plural(hits, 'hit')} on your strongest blocks, tied: choose which one "
                    f"takes {them} (6.4).")
        if "battle" in kinds:
            return "Choose the battle to fight next (6.1)."
        if "treason" in kinds or "no_treason" in kinds:
            return "Treason: make your one treachery roll before this battle, or keep it (5.1)."
        if "regroup" in kinds:
            return "You won the battle: regroup your blocks, or stay (6.7)."
        ctx = _Ctx(g, s)
        bt = ctx.battle()
        if bt:
            area, att, rnd, actor = bt
            return (f"Battle in {_area(area)}, round {rnd}: {block_name(actor)}'s battle turn "
                    "(6.2).")
    if g.phase == SUPPLY:
        if "enter" in kinds:
            return "A minor heir comes of age: choose where he enters play (6.82)."
        if "execute" in kinds:
            return _execute_prompt(g, s)
        if "reduce" in kinds:
            return _reduce_prompt(g, side)
    if g.phase == POLITICAL:
        if "pool" in kinds and "home" not in kinds:
            return "Too many blocks in exile: choose which goes to the pool (7.2, 8.5)."
        return "Political turn: choose where this block goes home (8.3, 8.4)."
    return "Choose an action."


# ------------------------------------------------------------------------------ the log
def _fields(e: dict) -> tuple:
    """An event dict's fields in ``events.EVENTS`` order."""
    return tuple(e[name] for name, _ in EVENTS[e["kind"]])


def _side_of(e: dict) -> str:
    """The side an event is about, by name, or "" (the page colours its log line)."""
    if "side" in e:
        return SIDE_NAMES[e["side"]]
    if e["kind"] == "battle":
        return SIDE_NAMES[e["attacker"]]
    return ""


def plain_log(events: list[dict]) -> list[dict]:
    """A side's log (``game.events_for(side)``) as plain entries.

    Returns a list of dicts in order, each ``{"type", "text", "campaign", "turn", "phase"}``
    plus ``"line"`` (index into ``events``) and ``"side"`` (the side the entry is about, by
    name, or "") for the entries made from an event:

    - ``type`` "campaign": "Campaign 2" header (where a campaign's deal begins);
    - ``type`` "turn": "Turn 3" header (a game turn begins: its card phase);
    - ``type`` "phase": a phase header: "Card phase (1.1)", "Lancaster's action phase:
      Muster event, 0 AP (5.0)", "Battles (6.0)", "Supply phase (7.0)", "Political turn
      (8.0)", "Setup (4.0)";
    - ``type`` "battle": one battle's header, "Battle in Kent (6.1)", followed by an entry
      saying who attacks and defends;
    - ``type`` "entry": one event in plain words (``narrate.line(..., plain=True)``), rule
      numbers kept.

    ``phase`` is the phase key ("setup", "mulligan", "cards", "action", "battle", "supply",
    "political"); ``campaign`` and ``turn`` are ints or None before they are known.
    """
    out = []
    campaign = turn = None
    phase = "setup"

    def add(kind, text, i=None, side=""):
        d = {"type": kind, "text": text, "campaign": campaign, "turn": turn, "phase": phase}
        if i is not None:
            d["line"], d["side"] = i, side
        out.append(d)

    for i, e in enumerate(events):
        kind = e["kind"]
        side = _side_of(e)
        if kind == "setup":
            phase = "setup"
            add("phase", "Setup (4.0)")
        elif kind == "campaign":
            campaign, turn = e["campaign"], None
            phase = "mulligan"
            add("campaign", f"Campaign {campaign}", i)
        elif kind == "turn":
            campaign, turn = e["campaign"], e["turn"]
            phase = "cards"
            add("turn", f"Turn {turn}", i)
            add("phase", "Card phase (1.1)", i)
            continue
        elif kind == "action_phase":
            phase = "action"
            what = f"{EVENT_NAMES[e['event']]} event, " if e["event"] else ""
            add("phase", f"{side}'s action phase: {what}{e['ap']} AP (5.0)", i, side)
            continue
        elif kind == "supply_phase":
            phase = "supply"
            add("phase", "Supply phase (7.0)", i)
            continue
        elif kind == "political":
            phase, turn = "political", None
            add("phase", "Political turn (8.0)", i)
            continue
        elif kind == "battle":
            if phase != "battle":
                phase = "battle"
                add("phase", "Battles (6.0)")
            add("battle", f"Battle in {C.area_names[e['area']]} (6.1)", i, side)
            add("entry", battle_sides(_fields(e)), i, side)
            continue
        add("entry", line(kind, _fields(e), plain=True), i, side)
    return out


# -------------------------------------------------------------------- the enemy's turn
def _area_name(a: int) -> str | None:
    return C.area_names[a] if a >= 0 else None


def _known(b: int) -> str | None:
    """A block's plain name, or None when the event's reader does not know it."""
    return C.label[b] if b >= 0 else None


def _entry(kind, side, text, frm=None, to=None, **extra) -> dict:
    d = {"kind": kind, "side": side, "from": frm, "to": to, "count": 1, "text": text}
    d.update(extra)
    return d


def _blocks_words(pairs) -> str:
    """[(block, strength)...] -> 'with Warwick 3, Kent 2'; none -> 'with no block yet'."""
    if not pairs:
        return "with no block yet"
    return "with " + ", ".join(f"{C.label[b]} {st}" for b, st in pairs)


def _summary_entry(e: dict) -> dict | None:
    """The summary entry of one event, or None if it is not one summaries show."""
    kind = e["kind"]
    s = SIDE_NAMES[e["side"]] if "side" in e else None
    if kind == "move":
        path = [C.area_names[a] for a in e["path"]]
        return _entry("move", s, "", path[0], path[-1], path=path, block=_known(e["block"]))
    if kind == "sea":
        frm, to = C.area_names[e["from"]], C.area_names[e["to"]]
        return _entry("sea", s, "", frm, to, path=[frm, to], block=_known(e["block"]))
    if kind == "recruit":
        return _entry("recruit", s, "", None, C.area_names[e["area"]], block=_known(e["block"]))
    if kind in ("activate", "muster", "plague"):
        a = C.area_names[e["area"]]
        text = {"activate": f"{s} activated {a}.", "muster": f"{s} mustered at {a}.",
                "plague": f"{s} brought Plague to {a}: every block there lost a step."}[kind]
        return _entry(kind, s, text, a if kind == "activate" else None,
                      None if kind == "activate" else a, area=a)
    if kind in ("attack", "reinforce"):
        a, frm = C.area_names[e["area"]], _area_name(e["from"])
        if kind == "attack":
            text = f"{s} attacked {a} " + (f"from {frm}." if frm else "by sea.")
        else:
            text = f"{s} reinforced {a} from {frm or 'the sea (Piracy)'}."
        return _entry(kind, s, text, frm, a, area=a)
    if kind == "battle":
        a = C.area_names[e["area"]]
        att, dfd = SIDE_NAMES[e["attacker"]], SIDE_NAMES[1 - e["attacker"]]
        return _entry("battle", att, f"Battle in {a}: {att} attacks "
                      f"{_blocks_words(e['attacking'])}; {dfd} defends "
                      f"{_blocks_words(e['defending'])}.", None, a, area=a,
                      attacker=att, defender=dfd)
    if kind == "battle_won":
        a = C.area_names[e["area"]]
        return _entry("won", s, f"{s} won the battle in {a}.", None, a, area=a)
    if kind == "retreat":
        name, frm, to = C.label[e["block"]], C.area_names[e["from"]], C.area_names[e["to"]]
        how = "by sea " if e["by_sea"] else ""
        return _entry("retreat", s, f"{s} {name} retreated {how}from {frm} to {to}.", frm, to,
                      block=name)
    if kind == "regroup":
        return _entry("regroup", s, "", C.area_names[e["from"]], C.area_names[e["to"]],
                      block=_known(e["block"]))
    if kind == "eliminated":
        name = _known(e["block"])
        where = C.area_names[e["where"]] if e["where"] < len(C.area_names) \
            else LOC_NAMES.get(e["where"], "?")
        who = f"{s} {name}" if name else f"A {s} block"
        cause = f" ({CAUSES[e['cause']]})" if CAUSES[e["cause"]] else ""
        return _entry("eliminated", s, f"{who} was eliminated in {where}{cause}.", None, where,
                      area=where, block=name)
    if kind == "home":
        if e["to"] < 0:
            return None                        # to the pool: not on the map
        return _entry("home", s, "", C.area_names[e["from"]], C.area_names[e["to"]],
                      block=_known(e["block"]))
    if kind == "to_pool":
        return _entry("pool", s, "", C.area_names[e["area"]], None, block=_known(e["block"]))
    if kind == "heir_enters":
        name, a = C.label[e["block"]], C.area_names[e["area"]]
        return _entry("enter", s, f"{s} heir {name} came of age and entered play in {a}.",
                      None, a, block=name, area=a)
    if kind == "crowned":
        name, title = C.label[e["block"]], "KING" if e["king"] else "PRETENDER"
        if e["area"] < 0:                      # where he is is not public
            return _entry("crowned", s, f"{name} is now the {s} {title}.", block=name)
        a = C.area_names[e["area"]]
        return _entry("crowned", s, f"{name} is now the {s} {title}, in {a}.", None, a,
                      block=name, area=a)
    if kind == "reveal":
        lanc, york = card_label(e["lancaster"]), card_label(e["york"])
        p1 = SIDE_NAMES[e["player1"]]
        return _entry("cards", p1, f"Cards: Lancaster {lanc}, York {york}; {p1} is Player 1.",
                      lancaster=lanc, york=york, player1=p1)
    if kind == "treachery":
        roller = f"{s}'s Treason card" if e["block"] < 0 else f"{s} {C.label[e['block']]}"
        target = block_label(e["target"])
        outcome = (f"{C.label[e['target']]} defects to {s} and joins its Reserve"
                   if e["defects"] else "no defection")
        return _entry("treachery", s, f"{roller} tried to turn {target}: {outcome}.")
    if kind == "step_lost":
        name = _known(e["block"])
        a = C.area_names[e["area"]]
        who = f"{s} {name}" if name else f"A {s} block"
        rule = "7.2" if e["exile"] else "7.1"
        return _entry("step", s, f"{who} lost a step in {a} (supply, {rule}).", None, a,
                      area=a, block=name)
    if kind == "usurps":
        return _entry("usurp", s, line(kind, _fields(e), plain=True))
    if kind == "end_action":
        return _entry("end", s, f"{s} ended its action phase"
                      + (f" with {e['ap']} AP unused." if e["ap"] else "."))
    return None


_MERGED = ("move", "sea", "recruit", "regroup", "retreat", "home", "pool", "eliminated",
           "step")


# Merged summary entries whose sentence is one pattern (the others are built in _text_of).
_MERGED_TEXT = {
    "sea": "{side} moved {who} by sea from {frm} to {to}.",
    "recruit": "{side} recruited {who} in {to}.",
    "regroup": "{side} regrouped {who} from {frm} to {to}.",
    "retreat": "{side} retreated {who} from {frm} to {to}.",
    "pool": "{side} sent {who} from {frm} to the pool.",
}


def _text_of(e: dict) -> str:
    if e["text"] and e["count"] == 1:
        return e["text"]
    k, side, n = e["kind"], e["side"], e["count"]
    who = (f"{side} {e['block']}" if n == 1 and e.get("block")
           else f"{side} " + ("a block" if n == 1 else f"{n} blocks"))
    verb_who = (e["block"] if n == 1 and e.get("block") else
                ("a block" if n == 1 else f"{n} blocks"))
    if k == "move":
        path = e.get("path") or [e["from"], e["to"]]
        via = _via(path) if n == 1 else ""
        return f"{side} moved {verb_who} from {e['from']} to {e['to']}{via}."
    if k in _MERGED_TEXT:
        return _MERGED_TEXT[k].format(side=side, who=verb_who, frm=e["from"], to=e["to"])
    if k == "home":
        if e["from"] == e["to"]:
            if n == 1 and e.get("block"):
                return f"{side} {e['block']} stayed at home in {e['to']}."
            return (f"A {side} block stayed" if n == 1 else f"{n} {side} blocks stayed") \
                + f" at home in {e['to']}."
        return f"{side} sent {verb_who} home from {e['from']} to {e['to']}."
    if k == "eliminated":
        return f"{who} {'was' if n == 1 else 'were'} eliminated in {e['to']}."
    if k == "step":
        return f"{who} lost {'a step' if n == 1 else 'steps'} in {e['to']} (supply)."
    return e["text"]


def summarize_events(events: list[dict], side, include_own: bool = False) -> list[dict]:
    """What happened in these events of ``side``'s log (``game.events_for(side)``, or a slice
    of it), as seen by ``side``.

    Returns a list of ``{"kind", "side", "from", "to", "count", "text"}`` dicts in order
    (plus, where known, "path", "block" (a plain name, only when public), "area"), keeping
    the other side's actions and the public events of both (battles, results, eliminations,
    heirs, the cards revealed); ``include_own`` keeps ``side``'s own actions too. Moves,
    sea moves, recruits, retreats, regroups, goes-home and losses with the same side, kind,
    from and to are merged, ``count`` saying how many blocks.

    kinds: move, sea, recruit, activate, muster, plague, end, attack, reinforce, battle, won,
    retreat, regroup, eliminated, step, treachery, enter, crowned, home, pool, cards, usurp.
    """
    s = SIDE_NAMES[side_id(side)]
    out, index = [], {}
    public_kinds = ("battle", "won", "cards", "crowned", "enter", "eliminated", "treachery",
                    "usurp", "plague")
    for event in events:
        e = _summary_entry(event)
        if e is None:
            continue
        own = e["side"] == s
        if own and not include_own and e["kind"] not in public_kinds:
            continue
        if e["kind"] in _MERGED:
            key = (e["kind"], e["side"], e["from"], e["to"])
            if key in index:
                prev = out[index[key]]
                prev["count"] += 1
                if prev.get("block") != e.get("block"):
                    prev["block"] = None
                if prev.get("path") != e.get("path"):
                    prev["path"] = [e["from"], e["to"]]
                continue
            index[key] = len(out)
        out.append(e)
    for e in out:
        e["text"] = _text_of(e)
        if e.get("block") is None:
            e.pop("block", None)
    return out


def last_usurpation(events: list[dict]) -> dict | None:
    """The latest usurpation (8.2) in these events: {"lancaster", "york" (the counts),
    "king" (the side KING after it, by name), "usurped" (bool)}, or None before the first."""
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if e["kind"] == "usurpation":
            after = events[i + 1] if i + 1 < len(events) else {}
            usurped = after.get("kind") == "usurps"
            king = SIDE_NAMES[after["side"]] if "side" in after else None
            return {"lancaster": e["lancaster"], "york": e["york"], "king": king,
                    "usurped": usurped}
    return None


# ------------------------------------------------------------------ a battle as a story
_ROLL_KINDS = ("fire", "charge", "fire_back", "treachery")


def _heir_words(b: int) -> str:
    """" (heir 2)" for an heir (its rank: who inherits first), "" for another block."""
    rank = C.heir_rank[b] if 0 <= b < len(C.heir_rank) else 0
    return f" (heir {rank})" if rank else ""


def _roll_entry(e: dict) -> dict:
    """One roll of a battle (a fire, a charge, a fire back or a treachery roll) as
    {"side", "block", "kind", "dice", "firepower", "hits", "target", "text"}: the text as the
    battle board shows it ("Oxford (A3) fires 6 3 1: 2 hits.")."""
    k, s = e["kind"], SIDE_NAMES[e["side"]]
    b = e.get("block", -1)
    name = C.label[b] if b >= 0 else f"{s}'s Treason card"
    dice = [int(d) for d in e.get("dice") or ()]
    nums = " ".join(str(d) for d in dice)
    t = e.get("target", -1)
    tname = C.label[t] if isinstance(t, int) and t >= 0 else ""
    hits = e.get("hits", 0)
    said = "no hit" if not hits else ("1 hit" if hits == 1 else f"{hits} hits")
    if k == "fire":
        fp = e["firepower"]
        rating = f"{'ABCD'[e['initiative']] if 0 <= e['initiative'] < 4 else ''}{fp}"
        text = f"{name} ({rating}) fires {nums}: {said}."
    elif k == "charge":
        fp = firepower_of_roll(e)
        text = f"{name} charges {tname}: {nums}: {said}."
    elif k == "fire_back":
        fp = firepower_of_roll(e)
        text = f"{name} fires back at {tname}: {nums}: {said}."
    else:
        fp = e["loyalty"]
        hits = 1 if e["defects"] else 0
        text = (f"{name} tries to turn {tname} (loyalty {fp}): {nums}: "
                + ("all even, it changes sides." if e["defects"] else "no change of sides."))
    return {"side": s, "block": C.block_names[b] if b >= 0 else None,
            "kind": "treachery" if k == "treachery" else k.replace("_", " "),
            "dice": dice, "firepower": fp, "hits": hits,
            "target": C.block_names[t] if isinstance(t, int) and t >= 0 else None,
            "text": text}


def firepower_of_roll(e: dict) -> int:
    """A charge or fire back event carries no firepower: the highest die that hit, else 0
    (the board colours the dice that hit with it)."""
    dice = sorted(int(d) for d in e.get("dice") or ())
    hits = e.get("hits", 0)
    return dice[hits - 1] if 0 < hits <= len(dice) else 0


def battle_story(events: list[dict], side, start: int | None = None) -> dict | None:
    """The latest battle in these events of ``side``'s log (``game.events_for(side)``), as
    the battle board and the battle's summary show it; None before the first battle.

    {"key": the index of its "battle" event (the same battle keeps it), "area", "attacker",
    "defender", "rounds": [{"round": n, "rolls": [_roll_entry ..., each with "hit" (the
    blocks it hit: [{"block", "side", "hits", "strength", "text"}])]}], "over": bool,
    "victor" (a side's name or None), "lost": {side: [{"block" (a plain name, None where
    not known), "heir" (rank, 0 if not), "text"}]}, "heirs_dead": ["York (heir 1)" ...],
    "retreats": [text], "regroups": [text], "defected": [text], "summary": [text ...]}.
    Only what ``side`` sees: a block it never saw is "a York block". ``start``: the index
    of the battle's "battle" event (default: the latest battle)."""
    if start is None:
        for i in range(len(events) - 1, -1, -1):
            if events[i]["kind"] == "battle":
                start = i
                break
    if start is None or events[start]["kind"] != "battle":
        return None
    e0 = events[start]
    area = C.area_names[e0["area"]]
    att, dfd = SIDE_NAMES[e0["attacker"]], SIDE_NAMES[1 - e0["attacker"]]
    out = {"key": start, "area": area, "attacker": att, "defender": dfd, "rounds": [],
           "over": False, "victor": None, "lost": {att: [], dfd: []}, "heirs_dead": [],
           "retreats": [], "regroups": [], "defected": []}
    rnd = {"round": 0, "rolls": []}
    last = None
    for e in events[start + 1:]:
        k = e["kind"]
        if k == "battle":
            break
        if k == "round":
            rnd = {"round": e["round"], "rolls": []}
            out["rounds"].append(rnd)
        elif k in _ROLL_KINDS:
            last = dict(_roll_entry(e), hit=[])
            if not out["rounds"] or out["rounds"][-1] is not rnd:
                out["rounds"].append(rnd)
            rnd["rolls"].append(last)
            if k == "treachery" and e["defects"]:
                out["defected"].append(f"{C.label[e['target']]} changed sides to "
                                       f"{SIDE_NAMES[e['side']]}.")
        elif k == "hits" and last is not None:
            b = e["block"]
            name = C.label[b] if b >= 0 else f"a {SIDE_NAMES[e['side']]} block"
            n = e["hits"]
            last["hit"].append({"block": C.block_names[b] if b >= 0 else None,
                                "side": SIDE_NAMES[e["side"]], "hits": n,
                                "strength": e["strength"],
                                "text": f"{name} takes {n} hit{'s' if n != 1 else ''}"
                                        + (f", {e['strength']} left" if e["strength"] else "")})
        elif k == "eliminated" and e["where"] == e0["area"] and e["cause"] in (1, 2):
            s = SIDE_NAMES[e["side"]]
            b = e["block"]
            heir = C.heir_rank[b] if b >= 0 else 0
            name = C.label[b] if b >= 0 else None
            why = " (no retreat open)" if e["cause"] == 2 else ""
            out["lost"].setdefault(s, []).append(
                {"block": name, "heir": heir,
                 "text": (f"{name}{_heir_words(b)}" if name else f"a {s} block") + why})
            if last is not None and e["cause"] == 1:
                last["hit"].append({"block": C.block_names[b] if b >= 0 else None, "side": s,
                                    "hits": 0, "strength": 0,
                                    "text": f"{name or 'a ' + s + ' block'} eliminated"})
            if heir:
                out["heirs_dead"].append(f"{s}'s heir {name} (heir {heir}) is dead.")
        elif k == "retreat":
            how = " by sea" if e["by_sea"] else ""
            out["retreats"].append(f"{SIDE_NAMES[e['side']]} {C.label[e['block']]} retreated"
                                   f"{how} to {C.area_names[e['to']]}.")
        elif k == "regroup":
            b = e["block"]
            who = C.label[b] if b >= 0 else "a block"
            out["regroups"].append(f"{SIDE_NAMES[e['side']]} {who} regrouped to "
                                   f"{C.area_names[e['to']]}.")
        elif k == "battle_won":
            out["victor"] = SIDE_NAMES[e["side"]]
        elif k == "battle_over":
            out["over"] = True
            break
    out["rounds"] = [r for r in out["rounds"] if r["rolls"]]
    out["summary"] = _battle_summary(out)
    return out


def _battle_summary(st: dict) -> list[str]:
    """The battle's end in sentences: who won, what each side lost, the heirs killed, the
    retreats and regroups."""
    lines = [f"{st['victor']} won the battle in {st['area']}." if st["victor"]
             else f"The battle in {st['area']} ended with no victor."]
    for s in (st["attacker"], st["defender"]):
        lost = st["lost"].get(s) or []
        if lost:
            lines.append(f"{s} lost {len(lost)} block{'s' if len(lost) != 1 else ''}: "
                         + ", ".join(x["text"] for x in lost) + ".")
        else:
            lines.append(f"{s} lost no block.")
    lines += st["heirs_dead"] + st["defected"] + st["retreats"] + st["regroups"]
    return lines
