"""Panels of the table drawn as a board game: cards, the reveal, the battle board, the log and
the victory screen. Pure functions returning HTML strings, no browser import.

Like table.py (read its docstring) this runs on MicroPython on the page's main thread and on
CPython in the tests (tests/test_panels.py; tests/test_micropython.py checks both give the same
HTML): no engine import, no `{**d}` / `[*xs]`, no `re` look-arounds, no functools; dicts are
never iterated for an order the player sees, and sorts use full keys (MicroPython's sort is not
stable). Block names, ratings, sides and the cards' AP and events come from facts.py (the
build's page data, mpy.json); only the words of each event card are the page's own.

Inputs, as the worker sends them with a side's view (game_host.GameHost.view):

- ``obs``: ``Game.observation(side)`` (hand, played, player1, king, battle, own_blocks, ...);
- ``choices``: ``richard3.describe.describe_actions(game, side)``, one dict per legal action:
  {"notation", "kind", "text", "group", "note"?, "block"?, "block_name"?, "card"?, "ap"?,
  "event"?, "area"?, "from"?, "to"?, "target"?, "target_name"?, "cost"?};
- ``entries``: ``richard3.describe.plain_log(game.events_for(side))``: {"type", "text",
  "campaign", "turn", "phase", "line"?}.

Page hooks (what clicks.py wires):

- every game control is a ``<button type="button" data-action="NOTATION">`` for a notation the
  engine listed as legal (the choice's own notation, only ever in the attribute);
- a playable card is ``<button class="pcard" data-card="NAME" data-choose="NOTATION">``: a
  click shows ``confirm_card(choice)`` (``find_choice(choices, notation)`` finds it), whose
  Play button has ``data-confirm`` and ``data-action``, its Cancel button ``data-cancel``;
- the page may mark the card chosen (before the confirm) with aria-pressed="true";
- the battle board keeps ``<button id="odds">`` and ``<p id="odds-text" aria-live="polite">``
  while a battle is on;
- log_panel returns only the <li> items, for the page's own <ol> (or <ul>).
"""

import facts
import table
from facts import SIDES, card_ap, card_event, enemy_of
from table import e, link_rules

# ------------------------------------------------------------------------------- the cards
# What each event card lets its AP do, in our words (rulebook "Event cards", 5.1), by the
# event's name in the page data (a card's AP and event: facts.card_ap, facts.card_event).
EVENT_TEXT = {
    "Force March": "Move one group up to 3 areas; it may attack. No sea moves.",
    "Muster": "Name a friendly or empty area: your blocks may move to it. No sea moves.",
    "Piracy": "Sea moves only; sea attacks allowed, no free second ship.",
    "Plague": "One enemy city area: every block there loses a step.",
    "Surprise": "Move one group; each border takes one more block. Sea moves allowed.",
    "Treason": "Move one group; one treachery roll before any one battle.",
}
CARD_PHASE_KINDS = ("keep", "mulligan", "redeal")
BATTLE_KINDS = ("battle", "fire", "pass", "retreat", "charge", "treachery", "treason",
                "no_treason", "hit", "regroup", "end")


def is_event(name) -> bool:
    return card_event(name) is not None


def card_text(name) -> str:
    """One line of what a card does."""
    return EVENT_TEXT.get(card_event(name)) or "Move or recruit: 1 AP each."


def card_title(name) -> str:
    """How a card is named in a sentence: "Muster (AP 0)", "an AP 4 card"."""
    name = str(name)
    if is_event(name):
        return f"{name} (AP {card_ap(name)})"
    return f"an AP {card_ap(name)} card"


def card_face(name, tag: str = "div", attrs: str = "", extra: str = "") -> str:
    """A card drawn face up: its AP large, its name, its kind and a line of what it does.
    `tag` is "div" or "button"; `attrs` more attributes (already escaped)."""
    name = str(name)
    event = is_event(name)
    title = name if event else "Action"
    classes = "pcard" + (" pcard-event" if event else " pcard-action") + extra
    typ = ' type="button"' if tag == "button" else ""
    return (f'<{tag}{typ} class="{classes}" data-card="{e(name)}"{attrs}>'
            f'<span class="pcard-ap"><small>AP</small> {card_ap(name)}</span>'
            f'<span class="pcard-name">{e(title)}</span>'
            + ('<span class="pcard-kind">Event: plays first</span>' if event else "")
            + f'<span class="pcard-text">{e(card_text(name))}</span></{tag}>')


def card_back(label: str) -> str:
    """A face-down card (the enemy's, not yet revealed)."""
    return (f'<div class="pcard pcard-back" role="img" aria-label="{e(label)}">'
            '<span class="pcard-name" aria-hidden="true">Richard III</span></div>')


def _card_key(name):
    # events first, then by AP, highest first; ties by name (a full key: equal keys are equal
    # cards, so the order cannot depend on the sort's stability)
    return (0 if is_event(name) else 1, -card_ap(name), str(name))


def find_choice(choices, notation):
    """The choice (describe_actions entry) with this notation, or None."""
    for c in choices or []:
        if c.get("notation") == notation:
            return c
    return None


def _side_class(side) -> str:
    return "side-" + str(side).lower()


def hand_panel(obs: dict, choices: list) -> str:
    """The side's hand as cards, largest first; in the card phase each playable card is a
    button (data-card, data-choose = the notation of its play choice) that asks for
    confirmation (confirm_card). Also the enemy's hand size and the deck."""
    hand = obs.get("hand") or []
    plays = {}
    for c in choices or []:
        if c.get("kind") == "play" and c.get("card") is not None:
            plays[str(c["card"])] = c["notation"]
    items = []
    for name in sorted(hand, key=_card_key):
        notation = plays.get(str(name))
        if notation is None:
            items.append(f"<li>{card_face(name)}</li>")
        else:
            items.append("<li>" + card_face(name, "button", f' data-choose="{e(notation)}"',
                                            " pcard-playable") + "</li>")
    total = 0
    for name in hand:
        total += card_ap(name)
    n = len(hand)
    head = (f"Your hand: {n} card{'' if n == 1 else 's'}, AP {total} in all" if n
            else "Your hand is empty")
    ask = ""
    if plays:
        ask = ('<p class="pcards-ask">Choose the card to play this turn; it stays face down '
               f'until both are played ({link_rules("1.1")}).</p>')
    enemy = enemy_of(obs.get("side"))
    en = obs.get("enemy_hand_size", 0)
    info = (f'<p class="pcards-info">{e(enemy)} holds {e(en)} card{"" if en == 1 else "s"}; '
            f'{e(obs.get("deck_size", 0))} left undealt.</p>')
    return (f'<section class="hand-panel" aria-label="Your hand"><h3>{e(head)}</h3>{ask}'
            f'<ul class="pcards">{"".join(items)}</ul>{info}</section>')


def confirm_card(choice: dict) -> str:
    """The confirm strip for a chosen card: "Play Muster (AP 0)?" with what it does, a Play
    button (data-confirm, data-action = the notation) and a Cancel button (data-cancel)."""
    if not choice:
        return ""
    text = str(choice.get("text") or "Play this card")
    note = choice.get("note") or ""
    card = choice.get("card")
    if card is not None and is_event(card):
        note = card_text(card) + " As its player you are Player 1 (1.1)."
    return (f'<div class="card-confirm" role="group" aria-label="Confirm your card">'
            f'<p class="card-confirm-q">{e(text)}?</p>'
            + (f'<p class="card-confirm-note">{link_rules(note)}</p>' if note else "")
            + f'<button type="button" class="confirm-play" data-confirm '
            f'data-action="{e(choice.get("notation"))}">Play</button>'
            f'<button type="button" class="confirm-cancel" data-cancel>Cancel</button></div>')


def _choice_list(choices: list, cls: str = "pn-choices") -> str:
    """Choices as buttons (data-action) each with its note, grouped by their "group" title in
    the order the engine listed them."""
    parts = []
    for g, group in table.grouped(choices):
        items = []
        for c in group:
            note = c.get("note")
            items.append(f'<li><button type="button" class="choice kind-{e(c.get("kind"))}" '
                         f'data-action="{e(c["notation"])}">{e(c.get("text"))}</button>'
                         + (f'<span class="choice-note">{link_rules(note)}</span>'
                            if note else "") + "</li>")
        title = f"<h4>{e(g)}</h4>" if g else ""
        parts.append(f'<div class="choice-group">{title}<ul>{"".join(items)}</ul></div>')
    return f'<div class="{cls}">{"".join(parts)}</div>'


#: With both sides face up (a finished game's replay, a game the AI plays alone) the panels,
#: written from Lancaster's seat, name the sides instead of "you" (for_both).
BOTH_WORDS = (("Your pool", "Lancaster's pool"), ("Your hand", "Lancaster's hand"),
              ("You are Player 1", "Lancaster is Player 1"), (" (you)", ""),
              ("Since your last move", "Since the step before"),
              ("What happened since your last move", "What happened since the step before"))


def for_both(view: dict, html: str) -> str:
    """`html` of a panel as a watcher of both sides reads it: BOTH_WORDS replaced when `view`
    shows both sides (view["viewpoint"] == "both"), else `html` unchanged."""
    if view.get("viewpoint") != "both":
        return html
    for mine, theirs in BOTH_WORDS:
        html = html.replace(mine, theirs)
    return html


def york_hand(obs: dict) -> str:
    """York's hand beside Lancaster's when both sides are face up (a finished game's replay,
    a game of the AI against itself: obs["york"], game_host.both_view), else ""."""
    york = obs.get("york")
    if not york:
        return ""
    return hand_panel({"hand": york["hand"], "side": "York",
                       "enemy_hand_size": len(obs.get("hand") or []),
                       "deck_size": obs.get("deck_size", 0)}, []).replace("Your hand", "York's hand")


def mulligan_panel(obs: dict, choices: list) -> str:
    """The mulligan offer in plain words (5.1) with its choices as buttons; "" when no
    keep / mulligan / redeal choice is open."""
    mine = [c for c in choices or [] if c.get("kind") in CARD_PHASE_KINDS]
    if not mine:
        return ""
    kinds = [c["kind"] for c in mine]
    total = 0
    for name in obs.get("hand") or []:
        total += card_ap(name)
    enemy = enemy_of(obs.get("side"))
    what = ("A mulligan is a weak hand: seven cards worth AP 13 or less in all. Its holder may "
            "show it and ask for a new deal, once per campaign; the other player then decides "
            "whether to keep his own cards or have them dealt again too (5.1).")
    if "redeal" in kinds:
        head = f"{enemy} asks for a new deal"
        say = (f"{enemy} showed a weak hand (AP 13 or less) and asked for a new deal. Keep your "
               "cards, or throw them in as well: every card not kept is shuffled and dealt "
               "again (5.1).")
    elif "mulligan" in kinds:
        head = "A weak hand: ask for a new deal?"
        say = (f"Your hand totals AP {total}, so you may show it to {enemy} and ask for a new "
               "deal. You can do this only once per campaign.")
    else:
        head = "Your hand"
        say = (f"Your hand totals AP {total}, more than 13: it is not a mulligan, so keep it.")
    # The buttons before the long explanation: in view on a phone's sheet.
    return (f'<section class="mulligan-panel" aria-label="Mulligan"><h3>{e(head)}</h3>'
            f'<p>{link_rules(say)}</p>{_choice_list(mine)}'
            f'<p class="mulligan-what">{link_rules(what)}</p></section>')


# ------------------------------------------------------------------------------ the reveal
def player_one_reason(lanc, york, king) -> tuple:
    """(Player 1, why in plain words) from the two played card names and the KING's side
    (1.1 and rulings.md)."""
    pretender = enemy_of(king)
    ev = (is_event(lanc), is_event(york))
    ap = (card_ap(lanc), card_ap(york))
    if ev[0] != ev[1]:
        side = SIDES[0] if ev[0] else SIDES[1]
        return side, f"{side} played an event card, and an event card's player always goes first"
    if ap[0] != ap[1]:
        side = SIDES[0] if ap[0] > ap[1] else SIDES[1]
        if ev[0]:
            return side, (f"both cards are events, so the higher AP goes first "
                          f"(AP {max(ap[0], ap[1])} against AP {min(ap[0], ap[1])})")
        return side, (f"the higher card goes first (AP {max(ap[0], ap[1])} against "
                      f"AP {min(ap[0], ap[1])})")
    both = "both events of" if ev[0] else "both"
    return pretender, (f"the cards tie ({both} AP {ap[0]}), and on a tie the PRETENDER, "
                       f"{pretender}, goes first")


def reveal_panel(obs: dict) -> str:
    """Both played cards face up once revealed, who is Player 1 and why (1.1); before the
    enemy's card is revealed, one's own card and the enemy's card back; "" when no card is
    down."""
    played = obs.get("played") or {}
    me = obs.get("side")
    enemy = enemy_of(me)
    mine = played.get(me)
    theirs = played.get(enemy)
    if mine is None and theirs is None:
        return ""
    slots = []
    for side in SIDES:
        card = played.get(side)
        who = f"{side} (you)" if side == me else side
        face = card_face(card) if card is not None else card_back(f"{side}'s card, face down")
        slots.append(f'<figure class="reveal-card {_side_class(side)}">{face}'
                     f'<figcaption>{e(who)}</figcaption></figure>')
    if mine is None or theirs is None:
        if mine is not None:
            text = f"You played {card_title(mine)} face down. Waiting for {enemy}'s card."
        else:
            text = f"{enemy} has played a card face down. Now choose yours."
        return (f'<section class="reveal-panel" aria-label="The cards played">'
                f'<div class="reveal-cards">{"".join(slots)}</div>'
                f'<p class="reveal-why">{e(text)}</p></section>')
    lanc, york = played.get(SIDES[0]), played.get(SIDES[1])
    p1, why = player_one_reason(lanc, york, obs.get("king"))
    if obs.get("player1") in SIDES and obs.get("player1") != p1:
        p1, why = obs["player1"], "as the cards decide (1.1)"
    p2 = enemy_of(p1)
    first = "You are" if p1 == me else f"{p1} is"
    text = (f"{first} Player 1: {why} (1.1). {p1} acts first this turn, then {p2}.")
    return (f'<section class="reveal-panel" aria-label="The cards revealed">'
            f'<h3>The cards are revealed</h3><div class="reveal-cards">{"".join(slots)}</div>'
            f'<p class="reveal-why {_side_class(p1)}">{link_rules(text)}</p></section>')


# ----------------------------------------------------------------------- the battle board
def block_label(block_id) -> str:
    """A block's printed name from its id ("Rivers/L" -> "Rivers")."""
    block_id = str(block_id)
    b = facts.block(block_id)
    if b and b.get("label"):
        return b["label"]
    if block_id.endswith("/L") or block_id.endswith("/Y"):
        return block_id[:-2]
    return block_id


def _printed_rating(block_id) -> str:
    b = facts.block(block_id)
    return b["rating"] if b else ""


def _max_strength(block_id) -> int:
    b = facts.block(block_id)
    return b["max_strength"] if b else 4


def _battle_block(b: dict, side: str, own: bool, acting: bool, hidden: bool,
                  hit: bool = False) -> str:
    name = block_label(b["block"])
    rating = b.get("rating") or _printed_rating(b["block"])
    st = b.get("strength", 0)
    classes = ["bb-block", _side_class(side)]
    if hit:
        classes.append("hit")
    label = f"{side} block {name}, combat rating {rating}, strength {st}"
    if acting:
        classes.append("acting")
        label += ", its battle turn now"
    if hidden:
        classes.append("bb-unseen")
        label += f", still face down to {enemy_of(side)}"
    extra = f' data-block="{e(b["block"])}"' if own else ""
    current = ' aria-current="true"' if acting else ""
    top = max(_max_strength(b["block"]), st)
    pips = "".join('<i class="on"></i>' if i < st else "<i></i>" for i in range(top))
    return (f'<span class="{" ".join(classes)}"{extra}{current} role="img" '
            f'aria-label="{e(label)}"><span class="bb-name">{e(name)}</span>'
            f'<span class="bb-rating">{e(rating)}</span><span class="bb-str">{e(st)}</span>'
            f'<span class="bb-pips" aria-hidden="true">{pips}</span></span>')


def _backs(side: str, n: int) -> str:
    if n <= 0:
        return ""
    what = f"{n} face-down {side} block{'' if n == 1 else 's'} in Reserve"
    return (f'<span class="bb-backs" role="img" aria-label="{e(what)}">'
            + "".join(f'<span class="bb-back {_side_class(side)}"></span>' for _ in range(n))
            + f'<b class="bb-count" aria-hidden="true">{n}</b></span>')


def _block_key(b):
    return (-int(b.get("strength") or 0), block_label(b["block"]), str(b["block"]))


def _battle_lines(obs: dict, battle: dict, side: str, hits=()) -> dict:
    """One side's blocks by line: {"A": [chip, ...], ..., "D": [...], "R": [...]} (R: the
    Reserves, the enemy's face-down ones as backs with their count)."""
    me = obs.get("side")
    area = battle.get("area")
    shown = [b for b in battle.get("blocks") or [] if b.get("side") == side]
    unseen = []
    if side == me:                      # own blocks still face down to the enemy
        names = [b["block"] for b in shown]
        for b in obs.get("own_blocks") or []:
            if b.get("area") == area and b["block"] not in names:
                unseen.append({"block": b["block"], "strength": b.get("strength", 0),
                               "reserve": bool(b.get("reserve")),
                               "rating": _printed_rating(b["block"])})
    turn = battle.get("turn")
    lines = {"A": [], "B": [], "C": [], "D": [], "R": []}
    for b in shown:
        letter = "R" if b.get("reserve") else str(b.get("initiative") or
                                                   (b.get("rating") or "D")[:1])
        lines[letter if letter in lines else "D"].append((b, False))
    for b in unseen:
        letter = "R" if b["reserve"] else (b["rating"] or "D")[:1]
        lines[letter if letter in lines else "D"].append((b, True))
    out = {}
    for letter in LINES:
        got = sorted(lines[letter], key=lambda x: _block_key(x[0]))
        out[letter] = [_battle_block(b, side, side == me, b["block"] == turn, hidden,
                                     b["block"] in hits)
                       for b, hidden in got]
    if side != me:
        backs = _backs(side, (battle.get("hidden_reserves") or {}).get(side, 0))
        if backs:
            out["R"].append(backs)
    return out


LINES = ("A", "B", "C", "D", "R")


def _battle_table(obs: dict, battle: dict, sides: list, hits=()) -> str:
    """The board: one row per initiative line A-D (the order blocks act in, 6.2) and one for
    the Reserves (6.3), one column per side, attacker first."""
    me = obs.get("side")
    cols = [_battle_lines(obs, battle, s, hits) for s in sides]
    heads = []
    for s in sides:
        role = "attacking" if battle.get("attacker") == s else "defending"
        who = f"{s} (you)" if s == me else s
        heads.append(f'<th scope="col" class="{_side_class(s)} bb-{role}">{e(who)}, {role}'
                     "</th>")
    rows = []
    for letter in LINES:
        cells = ["".join(c[letter]) for c in cols]
        if letter == "R" and not "".join(cells):
            continue
        label = "Reserve" if letter == "R" else letter
        aria = "Reserves" if letter == "R" else f"initiative {letter}"
        tds = [f'<td class="{_side_class(s)}"><div class="bb-blocks">{c}</div></td>'
               for s, c in zip(sides, cells)]
        empty = "" if "".join(cells) else " bb-empty"
        line = "reserve" if letter == "R" else letter
        rows.append(f'<tr class="bb-line{empty}" data-line="{line}">{tds[0]}'
                    f'<th scope="row" class="bb-letter" aria-label="{aria}">{label}</th>'
                    f'{"".join(tds[1:])}</tr>')
    gone = []
    for s, c in zip(sides, cols):
        n = 0
        for letter in LINES:
            n += len(c[letter])
        if not n:
            gone.append(f'<p class="bb-gone">{e(s)} has no block left in the battle.</p>')
    return (f'<table class="bb-table"><caption>Blocks by initiative line: A acts first, '
            f'then B, C and D; the defender first on a tie (6.2)</caption><thead><tr>'
            f'{heads[0]}<th scope="col" class="bb-letter">Line</th>{"".join(heads[1:])}</tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table>{"".join(gone)}')


def die(value, good: bool, kind: str = "hit") -> str:
    """One die face: data-die = its value, pips drawn by CSS, class "hit" (or "even" for a
    treachery roll) when it counts; an aria-label says so."""
    try:
        v = int(value)
    except (TypeError, ValueError):
        v = 0
    if kind == "even":
        said = "even" if good else "odd"
    else:
        said = "a hit" if good else "a miss"
    cls = "die" + ((" " + kind) if good else "")
    pips = "".join("<i></i>" for _ in range(v if 1 <= v <= 6 else 0))
    return (f'<span class="{cls}" data-die="{v}" role="img" aria-label="die showing {v}, '
            f'{said}">{pips}</span>')


def _hits(n) -> str:
    return "no hit" if not n else (f"{n} hit" if n == 1 else f"{n} hits")


def roll_panel(battle: dict) -> str:
    """The last roll of the battle as dice and a sentence ("Gloucester (B4) fires 4 4 2:
    3 hits."); "" when nothing was rolled yet."""
    roll = battle.get("last_roll")
    if not isinstance(roll, dict) or not roll.get("dice"):
        return ""
    dice = roll["dice"]
    kind = roll.get("kind")
    fp = roll.get("firepower") or 0
    b = roll.get("block")
    name = block_label(b) if b else ""
    target = block_label(roll["target"]) if roll.get("target") else ""
    letter = ""
    for x in battle.get("blocks") or []:
        if x.get("block") == b:
            letter = str(x.get("initiative") or "")
    if b and not letter:
        letter = _printed_rating(b)[:1]
    nums = " ".join(str(d) for d in dice)
    treachery = kind in ("treachery", "treason")
    if treachery:
        faces = "".join(die(d, int(d) % 2 == 0, "even") for d in dice)
        outcome = (f"all even: {target} changes sides" if roll.get("hits")
                   else "not all even: no change of sides")
        who = "The Treason card" if kind == "treason" or not b else name
        text = f"{who} tries to turn {target} (loyalty {fp}): {nums}: {outcome}."
        rule = "A treachery roll succeeds only if every die is even (6.9)."
    else:
        faces = "".join(die(d, int(d) <= fp, "hit") for d in dice)
        hits = _hits(roll.get("hits"))
        rating = f"{letter}{fp}"
        if kind == "charge":
            text = f"{name} ({rating}) charges {target}: {nums}: {hits}."
            rule = f"Each die of {fp} or less hits {target} alone (6.5)."
        elif kind == "bonus fire":
            text = f"{name} ({rating}) fires back at {target}: {nums}: {hits}."
            rule = f"Each die of {fp} or less hits {target} (6.5)."
        else:
            text = f"{name} ({rating}) fires {nums}: {hits}."
            rule = f"Each die of {fp} or less is a hit (6.4)."
    side = ""
    for x in battle.get("blocks") or []:
        if x.get("block") == b:
            side = " " + _side_class(x.get("side"))
    return (f'<div class="bb-roll{side}" aria-label="The last roll">'
            f'<div class="dice">{faces}</div><p class="bb-roll-text">{e(text)}</p>'
            f'<p class="bb-roll-rule">{link_rules(rule)}</p></div>')


def _roll_faces(roll: dict) -> str:
    """A roll of a battle's story (describe.battle_story's rolls) as small dice."""
    fp = roll.get("firepower") or 0
    dice = roll.get("dice") or []
    if roll.get("kind") == "treachery":
        return "".join(die(d, int(d) % 2 == 0, "even") for d in dice)
    return "".join(die(d, int(d) <= fp, "hit") for d in dice)


def battle_rounds(story: dict, title: str = "Every roll of this battle") -> str:
    """Every roll of the battle round by round, both sides, each with its dice, its sentence
    and what it hit ("Exeter takes 1 hit, 2 left"): <section class="bb-rounds">, its rounds
    as <li class="bb-round" data-round="N">, each roll <li class="bb-rollline" data-side>;
    "" before the first roll."""
    rounds = [r for r in (story or {}).get("rounds") or [] if r.get("rolls")]
    if not rounds:
        return ""
    items = []
    for r in rounds:
        rolls = []
        for x in r["rolls"]:
            hit = "; ".join(h.get("text") or "" for h in x.get("hit") or [])
            side = _side_class(x.get("side"))
            rolls.append(
                f'<li class="bb-rollline {side}" '
                f'data-side="{e(x.get("side") or "")}"><span class="dice small">'
                f'{_roll_faces(x)}</span> <span class="bb-rolltext">{e(x.get("text") or "")}'
                + (f' <b class="bb-rollhits">{e(hit)}.</b>' if hit else "")
                + '</span></li>')
        items.append(f'<li class="bb-round" data-round="{e(r.get("round"))}">'
                     f'<span class="bb-round-no">Round {e(r.get("round"))}</span>'
                     f'<ul>{"".join(rolls)}</ul></li>')
    return (f'<section class="bb-rounds" aria-label="{e(title)}"><h4>{e(title)}</h4>'
            f'<ol>{"".join(items)}</ol></section>')


def battle_summary(story: dict) -> str:
    """A finished battle's summary, shown until the player dismisses it: who won, what each
    side lost (heirs named), the heirs killed, retreats and regroups, and every roll round by
    round behind a disclosure; <section id="battle-summary" data-battle="KEY"> with
    <button data-dismiss-battle="KEY">. "" when `story` is not a finished battle."""
    if not isinstance(story, dict) or not story.get("over"):
        return ""
    key = battle_key(story)
    victor = story.get("victor")
    head = (f"Battle in {story.get('area')}: {victor} won" if victor
            else f"Battle in {story.get('area')}: over")
    dead = story.get("heirs_dead") or []
    lines = [x for x in story.get("summary") or [] if x not in dead]
    heirs = "".join(f'<p class="bs-heir">{e(x)}</p>' for x in dead)
    rounds = battle_rounds(story, "Every roll")
    more = (f'<details class="bs-rolls"><summary>Every roll, round by round</summary>'
            f'{rounds}</details>') if rounds else ""
    cls = " " + _side_class(victor) if victor else ""
    items = "".join("<li>" + e(x) + "</li>" for x in lines)
    return (f'<section id="battle-summary" class="battle-summary{cls}" data-battle="{e(key)}" '
            f'aria-label="{e(head)}" tabindex="-1"><h3>{e(head)}</h3>{heirs}'
            f'<ul>{items}</ul>{more}'
            f'<button type="button" class="bs-ok" data-dismiss-battle="{e(key)}">'
            'Continue</button></section>')


def battle_key(story: dict) -> str:
    """Which battle a story is (the same battle keeps it)."""
    return f"{story.get('area')}:{story.get('key')}"


def _battle_status(obs: dict, battle: dict) -> str:
    me = obs.get("side")
    stage = battle.get("stage")
    rnd = battle.get("round") or 0
    att, dfd = battle.get("attacker"), battle.get("defender")
    parts = []
    if stage == "treason":
        parts.append("Before round 1: a Treason roll may come first (5.1)")
    elif stage == "regroup":
        v = battle.get("victor")
        parts.append(f"{v} won the battle and may regroup (6.7)" if v
                     else "The battle is over (6.7)")
    else:
        parts.append(f"Round {rnd} of 4")
        turn = battle.get("turn")
        if turn:
            owner = ""
            for x in battle.get("blocks") or []:
                if x.get("block") == turn:
                    owner = x.get("side") or ""
            whose = "your" if owner == me else (f"{owner}'s" if owner else "the")
            parts.append(f"{whose[:1].upper() + whose[1:]} {block_label(turn)}'s battle "
                         "turn (6.2)")
    deciding = [s for s in battle.get("deciding") or [] if s in SIDES]
    if deciding and me not in deciding:
        parts.append(f"waiting for {' and '.join(deciding)}")
    head = f"{att} attacks, {dfd} defends" if att and dfd else ""
    return (f'<p class="bb-status">{link_rules(". ".join(parts) + ".")}</p>'
            + (f'<p class="bb-who">{e(head)}</p>' if head else ""))


def battle_board(obs: dict, choices: list, hits=(), story=None) -> str:
    """The battle as a board: area, round and whose turn; the last roll as dice with a
    sentence; the acting side's choices as buttons (data-action) with their one-line risk
    (before the lines, so that they are in view with the roll on a small screen); each side's
    blocks in initiative lines A-D with the Reserves apart (the enemy's face-down blocks as
    backs with their count; `hits`: the blocks just hit, marked); the odds button (while a
    battle is on); `story` (the view's "battle_story", describe.battle_story): every roll of
    this battle round by round under the last one. Before Player 1 picks the next battle: the
    battles to fight and those choices. "" outside the battle phase. Wrapped in
    <section id="battle-board" class="bboard">."""
    battle = obs.get("battle")
    if not isinstance(battle, dict):
        return ""
    mine = [c for c in choices or [] if c.get("kind") in BATTLE_KINDS]
    odds = ('<div class="bb-odds"><button id="odds" type="button">Show the odds</button>'
            '<p id="odds-text" aria-live="polite"></p></div>')
    area = battle.get("area")
    left = [a for a in battle.get("battles") or [] if a != area]
    others = ""
    if left:
        others = f'<p class="bb-others">Battles still to fight: {e(", ".join(left))}.</p>'
    if not area:
        head = "Battles to fight"
        body = (f'<p class="bb-status">{link_rules("Player 1 chooses the next battle (6.1).")}'
                '</p>')
        deciding = [s for s in battle.get("deciding") or [] if s in SIDES]
        if not mine and deciding:
            body += f'<p class="bb-status">Waiting for {e(" and ".join(deciding))}.</p>'
        return (f'<section id="battle-board" class="bboard" '
                f'aria-label="Battles"><h3>{e(head)}</h3>{body}{others}'
                f'{_choice_list(mine, "bb-choices") if mine else ""}</section>')
    if battle.get("stage") == "regroup" or battle.get("victor"):
        odds = ""  # the battle is won: nothing left to estimate
    rounds = ""
    if isinstance(story, dict) and story.get("area") == area:
        rounds = battle_rounds(story)
    sides = [battle.get("attacker"), battle.get("defender")]
    sides = [s for s in sides if s in SIDES] or list(SIDES)
    board = _battle_table(obs, battle, sides, hits)
    acts = ""
    if mine:
        # Charges and treachery rolls, one per enemy block, kept behind one control when
        # there are many: fire and pass stay in view (at most 15 controls beside the map).
        bold = [c for c in mine if c.get("kind") in ("charge", "treachery")]
        plain = [c for c in mine if c.get("kind") not in ("charge", "treachery")]
        if len(bold) > 2:
            acts = (_choice_list(plain, "bb-choices") + '<details class="bb-more"><summary>'
                    f'Charge or treachery ({len(bold)} choices)</summary>'
                    f'{_choice_list(bold, "bb-choices")}</details>')
        else:
            acts = _choice_list(mine, "bb-choices")
    return (f'<section id="battle-board" class="bboard" '
            f'aria-label="Battle in {e(area)}"><header class="bb-head">'
            f'<h3>Battle in {e(area)}</h3>{_battle_status(obs, battle)}</header>'
            f'{roll_panel(battle)}{acts}{board}{rounds}{others}{odds}'
            '</section>')


# ------------------------------------------------------------------------------- the log
HEAD_TYPES = ("campaign", "turn", "phase", "battle")


def log_panel(entries: list, limit: int = 200, total: int = None) -> str:
    """The plain log (describe.plain_log entries) as <li> items for an <ol>: the last `limit`
    entries; headers (campaign, turn, phase, battle) as <li class="log-head log-TYPE">,
    other entries as <li> (class log-lancaster / log-york when a side's doing); rule numbers
    link to the rules reference. `total`: how many entries the whole log has, when `entries`
    are its last ones only (a view's "log_count"). The same as log_more() and log_item() of
    each entry shown, which the page uses to add only a log's new entries to what it drew."""
    entries = [x for x in entries or [] if x.get("text")]
    shown = entries[len(entries) - limit:] if len(entries) > limit else entries
    return log_more(entries, limit, total) + "".join(log_item(x) for x in shown)


def log_more(entries: list, limit: int = 200, total: int = None) -> str:
    """The log's first line when its start is cut (more than `limit` entries in all: `total`,
    else those of `entries`, which have a text) and the first entry shown is no header: where
    the log shown starts; else ""."""
    if max(len(entries), total or 0) <= limit:
        return ""
    first = entries[max(0, len(entries) - limit)]
    if first.get("type") in HEAD_TYPES:
        return ""
    where = []
    if first.get("campaign") is not None:
        where.append(f"campaign {first['campaign']}")
    if first.get("turn") is not None:
        where.append(f"turn {first['turn']}")
    now = (", in " + ", ".join(where)) if where else ""
    return f'<li class="log-head log-more">Earlier entries not shown{e(now)}</li>'


def log_item(x: dict) -> str:
    """One entry of the log (with a text) as an <li>."""
    t = x.get("type")
    text = str(x["text"])
    if t in HEAD_TYPES:
        return f'<li class="log-head log-{t}">{link_rules(text)}</li>'
    side = str(x.get("side") or "")
    cls = f' class="log-{side.lower()}"' if side else ""
    return f"<li{cls}>{link_rules(text)}</li>"


# ---------------------------------------------------------------------------- the victory
def victory_panel(view: dict) -> str:
    """The end of the game: who won and why, and the game's figures (game_host.summary() in
    view["summary"]: campaigns as KING count the campaign the game ended in, even when it ended
    before that campaign's political turn); "" when the game is not over."""
    s = view.get("summary")
    if not isinstance(s, dict):
        return ""
    obs = view.get("obs") or {}
    winner = s.get("winner")
    reason = str(s.get("reason") or "")
    title = f"{winner} wins" if winner else "The game is over"
    why = (reason[:1].upper() + reason[1:] + ".") if reason else ""
    lost = s.get("blocks_lost") or {}
    kings = s.get("campaigns_as_king") or {}
    king = obs.get("king")
    crowned = (obs.get("crowned") or {}).get(king) if king in SIDES else None
    rows = [("Ended", f"Campaign {s.get('campaign')}, turn {s.get('turn')}"),
            ("Battles fought", str(s.get("battles", 0))),
            ("Blocks eliminated", ", ".join(f"{k} {lost.get(k, 0)}" for k in SIDES)),
            ("Campaigns as KING", ", ".join(f"{k} {int(kings.get(k) or 0)}" for k in SIDES))]
    if king in SIDES:
        rows.append(("KING at the end", f"{king}" + (f" ({block_label(crowned)})"
                                                       if crowned else "")))
    if obs.get("seed") is not None:
        rows.append(("Seed", f"{obs['seed']}: the same seed replays this game"))
    items = "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in rows)
    cls = f" {_side_class(winner)}" if winner in SIDES else ""
    return (f'<section class="victory-panel{cls}" aria-label="The game is over">'
            f'<h2 class="vp-title">{e(title)}</h2>'
            + (f'<p class="vp-reason">{link_rules(why)}</p>' if why else "")
            + f'<dl class="vp-stats">{items}</dl></section>')
