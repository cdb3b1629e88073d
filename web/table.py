"""HTML for the table, built from one side's view (game_host.GameHost.view) and nothing else.

Every function here returns a string of HTML; ui.py puts it into the page. Because the only
input is the observation of the side being shown, nothing private to the other side can end
up in the page. Every game control is a <button data-action="NOTATION"> for exactly the
notations the engine listed as legal; own blocks carry data-block, enemy blocks never do.

Runs on two interpreters: MicroPython on the page's main thread, and CPython in the tests
(tests/test_web_host.py, tests/test_micropython.py, which checks that both give the same
HTML). So: no engine import (the static tables come from `DATA`, which build.py writes into
mpy.json), and only what MicroPython has: no `{**d}` or `[*xs]`, no `re` look-arounds, no
`functools`, and dicts are never iterated for an order the player sees (MicroPython's dicts
are unordered), nor is a sort relied on to be stable.
"""

from html import escape

# The static tables the page draws with (game_host.page_data(): areas in map order, land
# areas, blocks' sides, types and combat ratings, scenarios). ui.py sets it from mpy.json.
DATA = {"areas": [], "land": [], "blocks": {}, "scenarios": []}


def set_data(data: dict) -> None:
    """Use `data` (game_host.page_data()'s shape) for every drawing from now on."""
    DATA.clear()
    DATA.update(data)


def areas() -> list:
    """The area names, in map order."""
    return DATA["areas"]


SIDES = ("Lancaster", "York")


def num(x) -> str:
    """A coordinate with one decimal, the same on both interpreters (their "%.1f" round an
    exact half differently): 20.25 -> "20.3", 7 -> "7.0", -1.25 -> "-1.3"."""
    tenths = int(abs(x) * 10 + 0.5)
    return f"{'-' if x < 0 and tenths else ''}{tenths // 10}.{tenths % 10}"


def roll_text(roll) -> str:
    """A battle roll from the public battle record, as words: the block, what it did, the dice
    and the hits ({"block", "kind", "dice", "hits", ...}; any other shape as plain text)."""
    if not isinstance(roll, dict):
        return str(roll)
    dice = roll.get("dice") or []
    words = [str(roll.get("block") or ""), str(roll.get("kind") or "")]
    if dice:
        words.append(" ".join(str(d) for d in dice))
    if "hits" in roll:
        words.append(f"{roll['hits']} hit{'' if roll['hits'] == 1 else 's'}")
    return ": ".join(w for w in words if w)

PROMPTS = {
    "mulligan": "Keep your hand, or ask for a new deal (1.1).",
    "cards": "Choose the card to play this turn, in secret (1.1).",
    "action": "Spend your AP: activate an area, move, sea move or recruit; End when done (5.0).",
    "battle": "Fight the battle: choose what to do this battle round (6.0).",
    "supply": "Supply: choose which blocks to reduce or send home (7.0).",
    "political": "Political turn: decide the goes-home moves and usurpation (8.0).",
    "over": "The game is over.",
}

# The verb of a notation ("move Rivers/L: A > B" -> "move"), to group the buttons.
VERB_TITLES = {
    "keep": "Hand", "mulligan": "Hand", "redeal": "Hand", "play": "Play a card",
    "activate": "Activate an area", "muster": "Muster", "move": "Move", "sea": "Sea move",
    "recruit": "Recruit", "end": "Finish", "plague": "Plague", "battle": "Choose the battle",
    "fire": "Battle turn", "pass": "Battle turn", "retreat": "Retreat", "charge": "Charge",
    "treachery": "Treachery", "treason": "Treason", "no": "Treason", "hit": "Take the hit",
    "regroup": "Regroup", "reduce": "Supply losses", "execute": "Execute", "enter": "Heir enters",
    "home": "Goes home",
}


# The sections of rules.html (our own short rules reference), as "5.21" -> id "r5-21".
_RULE_LIST = (
    "1.0 1.1 1.2 1.3 1.4 2.0 2.1 2.2 2.3 2.4 2.5 2.6 2.7 2.71 2.72 2.8 2.81 2.82 2.83 3.0 3.1 "
    "3.11 3.12 3.13 3.14 3.2 3.21 3.22 3.23 3.24 3.25 3.26 4.0 4.1 4.2 4.3 4.4 4.5 4.6 5.0 5.1 "
    "5.2 5.21 5.22 5.3 5.31 5.4 6.0 6.1 6.2 6.3 6.4 6.5 6.6 6.7 6.8 6.81 6.82 6.83 6.84 6.85 "
    "6.86 6.9 6.91 7.0 7.1 7.2 8.0 8.1 8.2 8.3 8.4 8.5 9.0 9.1")
RULE_SECTIONS = frozenset(_RULE_LIST.split())
# Phases whose decisions are the supply losses and the political turn's moves: highlighted.
HIGHLIGHT_PHASES = ("supply", "political")
HIGHLIGHT_GROUPS = {
    "Supply losses": "Too many blocks in an area: each block over the limit loses a step (7.1, 7.2).",
    "Execute": ("A defected Clarence or Exeter serves you as a noble; you may execute him in "
                "any supply phase so that he can never defect back (9.1)."),
    "Heir enters": "A new heir comes into play (6.81, 6.82).",
    "Goes home": "Political turn: each block on the map goes home (8.3, 8.4).",
}


def e(value) -> str:
    """`value` as text escaped for HTML content and attribute values."""
    return escape(str(value))


def action_button(notation: str, label: str | None = None, extra: str = "") -> str:
    return (f'<button type="button" class="action{extra}" data-action="{e(notation)}">'
            f'{e(label or notation)}</button>')


def group_actions(actions: list) -> list:
    """Actions grouped by verb, in the engine's order of first appearance:
    [(title, [notation, ...]), ...]."""
    groups, order = {}, []
    for a in actions:
        verb = a.split(" ", 1)[0].rstrip(":")
        title = VERB_TITLES.get(verb, verb[:1].upper() + verb[1:])
        if title not in groups:
            groups[title] = []
            order.append(title)
        groups[title].append(a)
    return [(title, groups[title]) for title in order]


def prompt(view: dict) -> str:
    obs = view["obs"]
    if obs.get("winner"):
        return f"{obs['winner']} wins: {obs.get('reason') or ''}"
    if not view["actions"]:
        waiting = " and ".join(obs.get("active") or []) or "nobody"
        return f"Waiting for {waiting}."
    text = PROMPTS.get(obs["phase"], f"{obs['phase']}: choose an action.")
    if obs["phase"] == "action" and obs.get("ap"):
        text = f"{obs['ap']} AP left. " + text
    return f"{view['side']}: {text}"


def rule_anchor(number: str) -> str | None:
    """The rules.html anchor for a rule number ("6.83" -> "r6-83"), or its parent section's."""
    major, _, minor = number.partition(".")
    for candidate in (minor, minor[:1], "0"):
        if f"{major}.{candidate}" in RULE_SECTIONS:
            return f"r{major}-{candidate}"
    return None


def rule_numbers(text: str) -> list:
    """Every rule number in `text` as (start, end) spans: a digit 1-9, a dot and one or two
    digits, standing alone (not inside a word or a longer dotted number such as a version)."""
    spans, i, n = [], 0, len(text)
    while i < n:
        ch = text[i]
        if "1" <= ch <= "9" and i + 2 < n and text[i + 1] == "." and text[i + 2].isdigit():
            j = i + 3
            if j < n and text[j].isdigit():
                j += 1
            before = text[i - 1] if i else " "
            after = text[j:j + 2]
            alone_before = not (before.isalpha() or before.isdigit() or before in "._")
            longer = after[:1].isalpha() or after[:1].isdigit() or after[:1] == "_" or (
                after[:1] == "." and after[1:2].isdigit())
            if alone_before and not longer:
                spans.append((i, j))
                i = j
                continue
        i += 1
    return spans


def link_rules(text: str) -> str:
    """`text` escaped as HTML, with every rule number a link to rules.html at its section
    (a new tab: the game stays where it is)."""
    out, last = [], 0
    for start, end in rule_numbers(text):
        number = text[start:end]
        anchor = rule_anchor(number)
        if anchor is None:
            continue
        out.append(e(text[last:start]))
        out.append(f'<a href="rules.html#{anchor}" target="_blank" rel="noopener" '
                   f'aria-label="rule {e(number)} (opens the rules reference)">'
                   f'{e(number)}</a>')
        last = end
    out.append(e(text[last:]))
    return "".join(out)


def prompt_html(view: dict) -> str:
    """The prompt as HTML: its rule number links to the rules reference."""
    return link_rules(prompt(view))


def status_bar(obs: dict) -> str:
    items = [("Scenario", obs["scenario"]), ("Campaign", f"{obs['campaign']} of {obs['last_campaign']}"),
             ("Turn", f"{obs['turn']} of 7"), ("Phase", obs["phase"]), ("KING", obs["king"]),
             ("Player 1", obs.get("player1") or "not yet")]
    if obs["phase"] == "action":
        items.append(("Acting", obs.get("acting") or "-"))
        items.append(("AP", obs.get("ap", 0)))
    if obs.get("event"):
        items.append(("Event", obs["event"]))
    return "".join(f'<span class="stat"><b>{e(k)}:</b> {e(v)}</span>' for k, v in items)


def rating(name: str) -> str:
    """A block's combat rating as printed on it: initiative letter and firepower ("B3")."""
    block = DATA["blocks"].get(name)
    return block["rating"] if block else ""


def block_chip(b: dict, side: str, kings: dict) -> str:
    """One own block: name, combat rating, strength, marks; data-block for tests and tools."""
    name = b["block"]
    marks = []
    if kings.get(side) == name:
        marks.append("KING" if b.get("_king") else "PRETENDER")
    combat = rating(name)
    label = f"{side} block {name}, combat rating {combat}, strength {b['strength']}"
    if b.get("moved"):
        marks.append("moved")
    if marks:
        label += ", " + ", ".join(marks)
    return (f'<span class="block side-{e(side.lower())}" data-block="{e(name)}" role="img" '
            f'aria-label="{e(label)}">{e(name)} <small>{e(combat)}</small> <b>{e(b["strength"])}</b>'
            + "".join(f' <i class="mark">{e(m)}</i>' for m in marks) + "</span>")


def enemy_chip(side: str) -> str:
    """A face-down enemy block: its colour and a label, never its identity."""
    return (f'<span class="block face-down side-{e(side.lower())}" role="img" '
            f'aria-label="{e(side)} block">{e(side[0])}</span>')


def revealed_chip(b: dict, side: str) -> str:
    return (f'<span class="block revealed side-{e(side.lower())}" role="img" '
            f'aria-label="{e(side)} block {e(b["block"])}, strength {e(b["strength"])}, '
            f'revealed">{e(b["block"])} <b>{e(b["strength"])}</b></span>')


def board(view: dict) -> str:
    """Every area with the blocks in it; areas named in the legal actions are highlighted."""
    obs = view["obs"]
    side = view["side"]
    enemy = "York" if side == "Lancaster" else "Lancaster"
    crowned = obs.get("crowned") or {}
    own = {}
    for b in obs["own_blocks"]:
        if crowned.get(side) == b["block"]:
            b = dict(b, _king=obs["king"] == side)
        own.setdefault(b["area"], []).append(b)
    revealed = revealed_by_area(obs)
    targets = set()
    for a in view["actions"]:
        for area in areas():
            if a.endswith(" " + area) or f"> {area}" in a:
                targets.add(area)
    activated = set(obs.get("activated") or [])
    cells = []
    for area in areas() + sorted(set(own) - set(areas())):
        chips = [block_chip(b, side, crowned) for b in own.get(area, [])]
        shown = revealed.get(area, [])
        chips += [revealed_chip(b, enemy) for b in shown]
        hidden = obs["enemy_counts"].get(area, 0) - len(shown)
        chips += [enemy_chip(enemy) for _ in range(max(0, hidden))]
        classes = ["area"]
        notes = []
        if area in targets:
            classes.append("target")
            notes.append("can be chosen")
        if area in activated:
            classes.append("activated")
            notes.append("activated")
        note = "".join(f'<span class="note">{e(n)}</span>' for n in notes)
        count = f"{len(own.get(area, []))} {side}, {obs['enemy_counts'].get(area, 0)} {enemy}"
        cells.append(f'<li class="{" ".join(classes)}" data-area="{e(area)}" '
                     f'aria-label="{e(area)}: {e(count)}"><h3>{e(area)}</h3>{note}'
                     f'<div class="blocks">{"".join(chips)}</div></li>')
    return f'<ul class="areas">{"".join(cells)}</ul>'


def actions_panel(view: dict) -> str:
    if not view["actions"]:
        return '<p class="muted">No decision for you now.</p>'
    parts = []
    for title, acts in group_actions(view["actions"]):
        buttons = "".join(action_button(a) for a in acts)
        why = HIGHLIGHT_GROUPS.get(title)
        extra = f' highlight" data-decision="{e(title)}' if why else ""
        note = f"<p>{link_rules(why)}</p>" if why else ""
        parts.append(f'<fieldset class="group{extra}"><legend>{e(title)} ({len(acts)})</legend>'
                     f'{note}{buttons}</fieldset>')
    return "".join(parts)


def hand_panel(obs: dict) -> str:
    cards = "".join(f'<li class="card">{e(c)}</li>' for c in obs.get("hand") or [])
    played = obs.get("played") or {}
    shown = ", ".join(f"{k}: {played[k]}" for k in SIDES if played.get(k))
    mull = obs.get("mulligan_used") or {}
    return (f'<h3>Hand ({len(obs.get("hand") or [])} cards)</h3><ul class="hand">{cards}</ul>'
            f'<p>Cards played: {e(shown or "none shown")}. Enemy hand: '
            f'{e(obs.get("enemy_hand_size", 0))} cards. Deck: {e(obs.get("deck_size", 0))}.'
            f'{" Mulligan used." if mull.get(obs["side"]) else ""}</p>')


def boxes_panel(obs: dict) -> str:
    pool = ", ".join(b["block"] + (" (face-down)" if b.get("face_down") else "")
                     for b in obs.get("pool") or [])
    by_side = obs.get("minors") or {}
    minors = "; ".join(f"{k}: {', '.join(by_side[k])}" for k in SIDES if by_side.get(k))
    crowned = obs.get("crowned") or {}
    rows = [("Your pool", pool or "empty"), ("Enemy pool", f"{obs.get('enemy_pool_size', 0)} blocks"),
            ("Minors", minors or "none"), ("Dead", ", ".join(obs.get("dead") or []) or "none"),
            ("KING", f"{obs['king']} ({crowned.get(obs['king']) or 'none'})"),
            ("PRETENDER", next((f"{k} ({crowned[k]})" for k in SIDES
                                if k != obs["king"] and crowned.get(k)), "none"))]
    if obs.get("prisoner"):
        rows.append(("Prisoner", obs["prisoner"]))
    borders = obs.get("border_used") or {}
    if borders:
        rows.append(("Borders crossed this turn", "; ".join(
            f"{k.replace('|', '–')}: {borders[k]}" for k in sorted(borders))))
    return "<dl class=\"boxes\">" + "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in rows) + "</dl>"


def battle_board(obs: dict) -> str:
    """The public battle record: area, round, whose turn, both sides' revealed blocks in
    initiative order, hidden Reserves, and the last roll (empty when no battle is on)."""
    battle = obs.get("battle")
    if not battle:
        return ""
    if not isinstance(battle, dict):
        return f'<section id="battle-board" class="battle-board"><p>{e(battle)}</p></section>'
    facts = [("Area", battle.get("area")), ("Attacker", battle.get("attacker")),
             ("Defender", battle.get("defender")), ("Round", battle.get("round")),
             ("Stage", battle.get("stage")), ("Turn of", battle.get("turn")),
             ("Deciding", ", ".join(battle.get("deciding") or []) or "-")]
    if battle.get("victor"):
        facts.append(("Victor", battle["victor"]))
    roll = battle.get("last_roll")
    if roll:
        facts.append(("Last roll", roll if isinstance(roll, str) else roll_text(roll)))
    hidden = battle.get("hidden_reserves") or {}
    if any(hidden.get(k) for k in SIDES):
        facts.append(("Hidden Reserves", ", ".join(f"{k}: {hidden[k]}" for k in SIDES
                                                   if k in hidden)))
    rows = "".join(
        f'<tr class="side-{e(str(b.get("side", "")).lower())}"><td>{e(b.get("initiative"))}</td>'
        f'<td>{e(b.get("block"))}</td><td>{e(b.get("side"))}</td><td>{e(b.get("rating"))}</td>'
        f'<td>{e(b.get("strength"))}</td><td>{"Reserve" if b.get("reserve") else "Main"}</td></tr>'
        for b in sorted(battle.get("blocks") or [], key=lambda b: (
            str(b.get("initiative")), str(b.get("side")), str(b.get("block")))))
    others = ", ".join(str(a) for a in battle.get("battles") or [] if a != battle.get("area"))
    return (f'<section id="battle-board" class="battle-board" aria-label="Battle board">'
            f'<h3>Battle in {e(battle.get("area"))} (6.0)</h3><dl class="boxes">'
            + "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in facts)
            + f'</dl><table><caption>Blocks in initiative order</caption><thead><tr>'
            f'<th scope="col">Init.</th><th scope="col">Block</th><th scope="col">Side</th>'
            f'<th scope="col">Rating</th><th scope="col">Strength</th><th scope="col">Line</th>'
            f'</tr></thead><tbody>{rows}</tbody></table>'
            + (f'<p>Battles still to fight: {e(others)}</p>' if others else "")
            + '<button id="odds" type="button">Show the odds</button><p id="odds-text" '
            'aria-live="polite"></p></section>')


def odds_text(odds: dict | None) -> str:
    if not odds:
        return "No odds: not enough known about this battle."
    role = "attack" if odds["attacking"] else "defence"
    return (f"The AI estimates your {role} in {odds['area']} wins {round(odds['win'] * 100)}% "
            f"of straight fights ({odds['own_blocks']} of your blocks against "
            f"{odds['enemy_blocks']}, {odds['unknown']} of them unknown).")


def log_panel(obs: dict, limit: int = 200) -> str:
    lines = obs.get("log") or []
    return "".join(f"<li>{link_rules(line)}</li>" for line in lines[-limit:])


def victory(view: dict) -> str:
    s = view.get("summary") or {}
    lost = s.get("blocks_lost", {})
    kings = s.get("campaigns_as_king", {})
    return (f'<h2>{e(s.get("winner") or "Nobody")} wins</h2><p class="reason">{e(s.get("reason"))}</p>'
            f'<ul><li>Battles fought: {e(s.get("battles", 0))}</li>'
            f'<li>Blocks lost: Lancaster {e(lost.get("Lancaster", 0))}, York {e(lost.get("York", 0))}</li>'
            f'<li>Campaigns as KING: Lancaster {e(kings.get("Lancaster", 0))}, '
            f'York {e(kings.get("York", 0))}</li>'
            f'<li>Ended in campaign {e(s.get("campaign"))}, turn {e(s.get("turn"))}</li></ul>')


def map_blocks(view: dict, slots: dict) -> str:
    """SVG for the blocks on the map (web/map.svg): one small block per slot of its area.

    `slots` maps an area to its slot anchors [(x, y), ...] (the map's `data-slots-for`
    groups). Own blocks are <g data-block> with name and strength; enemy blocks face down
    show only their colour unless revealed in battle.
    """
    obs = view["obs"]
    side = view["side"]
    enemy = "York" if side == "Lancaster" else "Lancaster"
    crowned = obs.get("crowned") or {}
    per_area = {}  # area -> [(owner, name or "", label)]; drawn in map order (areas())
    for b in obs["own_blocks"]:
        mark = " KING" if crowned.get(side) == b["block"] and obs["king"] == side else ""
        per_area.setdefault(b["area"], []).append(
            (side, f"{b['block']}", f"{side} block {b['block']}, strength {b['strength']}{mark}"))
    revealed = revealed_by_area(obs)
    counts = obs["enemy_counts"]
    for area in areas():
        n = counts.get(area, 0)
        shown = revealed.get(area, [])
        for b in shown:
            per_area.setdefault(area, []).append(
                (enemy, "", f"{enemy} block {b['block']}, strength {b['strength']}, revealed"))
        per_area.setdefault(area, []).extend([(enemy, "", f"{enemy} block")] * max(0, n - len(shown)))
    out = []
    for area in areas():
        blocks = per_area.get(area) or []
        anchors = slots.get(area) or []
        for i, (owner, name, label) in enumerate(blocks):
            if not anchors:
                break
            # More blocks than slots (a big stack): later ones overlap the first slots,
            # shifted, so that no block is left undrawn.
            x, y = anchors[i % len(anchors)]
            shift = 4 * (i // len(anchors))
            x, y = x + shift, y - shift
            attr = f' data-block="{e(name)}"' if name else ""
            out.append(f'<g class="map-block side-{e(owner.lower())}"{attr} role="img" '
                       f'aria-label="{e(label)}" transform="translate({num(x)} {num(y)})">'
                       f'<rect x="-6" y="-6" width="12" height="12" rx="1.5"/></g>')
    return f'<g class="block-layer">{"".join(out)}</g>'


# ---------------------------------------------------------------------- usurpation (8.2)
COUNTED = ("heir", "noble", "church")
LONDON = "Middlesex"


def _counted(name: str) -> bool:
    block = DATA["blocks"].get(name)
    return block is not None and block["type"] in COUNTED


def _land(area: str) -> bool:
    return area in DATA["land"]


def revealed_by_area(obs: dict) -> dict:
    """The enemy blocks revealed in the current battle, by area: {area: [{block, strength}]}."""
    revealed = {}
    for b in obs.get("revealed") or []:
        revealed.setdefault(b["area"], []).append(b)
    return revealed


def usurpation_estimate(obs: dict) -> dict:
    """The usurpation count (8.2) as far as `obs`'s side can know it.

    Own side: exact (own heirs, nobles and church on land areas, not exile nor the Isle of Man,
    plus London held alone, plus the 1470 prisoner). Enemy side: `known` from what is public
    (revealed blocks, London, the prisoner) and `at_most` counting every enemy block on a land
    area whose identity is hidden as if it counted.
    """
    side = obs["side"]
    enemy = "York" if side == "Lancaster" else "Lancaster"
    own_areas = {b["area"] for b in obs["own_blocks"]}
    own = sum(1 for b in obs["own_blocks"] if _land(b["area"]) and _counted(b["block"]))
    revealed = revealed_by_area(obs)
    known = hidden = 0
    counts = obs.get("enemy_counts") or {}
    for area in counts:  # a sum: the order does not matter
        n = counts[area]
        if not _land(area):
            continue
        shown = revealed.get(area, [])
        known += sum(1 for b in shown if _counted(b["block"]))
        hidden += max(0, n - len(shown))
    enemy_in_london = (obs.get("enemy_counts") or {}).get(LONDON, 0) > 0
    london = None
    if (LONDON in own_areas) != enemy_in_london:
        london = side if LONDON in own_areas else enemy
    own += london == side
    known += london == enemy
    prisoner = DATA["blocks"].get(obs.get("prisoner") or "")
    if prisoner:
        owner = prisoner["side"]  # "Lancaster", "York" or "Rebel"
        own += owner == side
        known += owner == enemy
    return {"side": side, "enemy": enemy, "own": own, "enemy_known": known,
            "enemy_at_most": known + hidden, "london": london, "king": obs["king"]}


def last_usurpation(log: list[str]) -> list[str]:
    """The engine's latest usurpation count and result lines (8.2), if any."""
    for i in range(len(log) - 1, -1, -1):
        if log[i].startswith("Usurpation count (8.2)"):
            return [line for line in log[i:i + 3]
                    if line is log[i] or "throne" in line][:2]
    return []


def usurpation_panel(obs: dict) -> str:
    """The usurpation count for both sides from public facts, and the last one's result."""
    est = usurpation_estimate(obs)
    side, enemy = est["side"], est["enemy"]
    pretender = enemy if est["king"] == side else side
    at_most = est["enemy_at_most"]
    enemy_text = (f"{est['enemy_known']} known, at most {at_most}"
                  if at_most != est["enemy_known"] else f"{at_most}")
    london = est["london"] or "nobody alone"
    rows = (f'<tr><th scope="row">{e(side)} (you)</th><td data-usurp="own">{e(est["own"])}</td>'
            f'<td>exact</td></tr>'
            f'<tr><th scope="row">{e(enemy)}</th><td data-usurp="enemy" '
            f'data-known="{e(est["enemy_known"])}" data-at-most="{e(at_most)}">'
            f'{e(enemy_text)}</td><td>upper bound: every hidden {e(enemy)} block on land '
            f'counted as a noble</td></tr>')
    result = "".join(f'<p class="result">{link_rules(line)}</p>'
                     for line in last_usurpation(obs.get("log") or []))
    return (f'<section id="usurpation" class="politics" aria-labelledby="usurpation-title">'
            f'<h3 id="usurpation-title">Usurpation count ({link_rules("8.2")})</h3>'
            f'<table><caption>Heirs, nobles and church on the map (not exile nor the Isle '
            f'of Man), +1 for holding London alone ({e(london)}). The PRETENDER '
            f'({e(pretender)}) needs more than the KING ({e(est["king"])}).</caption>'
            f'<thead><tr><th scope="col">Side</th><th scope="col">Count</th>'
            f'<th scope="col">How sure</th></tr></thead><tbody>{rows}</tbody></table>'
            f'{result}</section>')


# ------------------------------------------------------------------ plain words (issue 18)
def grouped(choices: list, default: str = "") -> list:
    """[(group title, [choice, ...]), ...]: the choices by their "group" (`default` for those
    without), groups and choices in the order the engine listed them (a list, not a dict's
    order, which MicroPython does not keep)."""
    groups, order = {}, []
    for c in choices:
        title = c.get("group") or default
        if title not in groups:
            groups[title] = []
            order.append(title)
        groups[title].append(c)
    return [(title, groups[title]) for title in order]


def all_choices(view: dict) -> str:
    """Every legal choice in plain words, grouped, each a button with data-action (the page's
    fallback for keyboards and screen readers, inside the collapsed #all-choices)."""
    choices = view.get("choices") or []
    if not choices:
        return '<p class="muted">No decision for you now.</p>'
    parts = []
    for title, group in grouped(choices, "Choices"):
        buttons = "".join(action_button(c["notation"], c["text"]) for c in group)
        parts.append(f'<fieldset class="group"><legend>{e(title)} ({len(group)})'
                     f'</legend>{buttons}</fieldset>')
    return "".join(parts)


def since_panel(events: list) -> str:
    """What the other side did since this side last acted, in plain words (arrows on the map
    show the moves): the "since" of the view (describe.summarize_lines)."""
    lines = [ev.get("text") for ev in events if ev.get("text")]
    if not lines:
        return ""
    items = "".join(f"<li>{link_rules(t)}</li>" for t in lines[-12:])
    return (f'<section class="since-panel" aria-label="What happened since your last move">'
            f'<h3>Since your last move</h3><ul>{items}</ul></section>')


def plain_log_panel(entries: list, limit: int = 300) -> str:
    """The side's log in plain words (describe.plain_log entries), with the campaign, turn,
    phase and battle headers as headings of the list."""
    out = []
    for entry in entries[-limit:]:
        kind = entry.get("type")
        cls = f' class="log-head log-{e(kind)}"' if kind in ("campaign", "turn", "phase",
                                                            "battle") else ""
        out.append(f"<li{cls}>{link_rules(entry.get('text', ''))}</li>")
    return "".join(out)
