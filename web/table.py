"""HTML for the table's side panel, built from one side's view (game_host.GameHost.view) and
nothing else: the prompt and its rule links, the status bar, the boxes, the odds, the
usurpation count, every choice in plain words, what happened since one's last move.

Every function here returns a string of HTML; tableview.py puts it into the page. Because the
only input is the observation of the side being shown, nothing private to the other side can
end up in the page. Every game control is a <button data-action="NOTATION"> for exactly the
notations the engine listed as legal. (The map is board.py's; cards, the battle board, the log
and the victory are panels.py's.)

Runs on two interpreters: MicroPython on the page's main thread, and CPython in the tests
(tests/test_web_host.py, tests/test_micropython.py, which checks that both give the same
HTML). So: no engine import (the rules' facts come from facts.py, the build's page data, or
with the view), and only what MicroPython has: no `{**d}` or `[*xs]`, no `re` look-arounds, no
`functools`, and dicts are never iterated for an order the player sees (MicroPython's dicts
are unordered), nor is a sort relied on to be stable.
"""

from facts import SIDES


def num(x) -> str:
    """A coordinate with one decimal, the same on both interpreters (their "%.1f" round an
    exact half differently): 20.25 -> "20.3", 7 -> "7.0", -1.25 -> "-1.3"."""
    tenths = int(abs(x) * 10 + 0.5)
    return f"{'-' if x < 0 and tenths else ''}{tenths // 10}.{tenths % 10}"


PROMPTS = {
    "mulligan": "Keep your hand, or ask for a new deal (1.1).",
    "cards": "Choose the card to play this turn, in secret (1.1).",
    "action": "Spend your AP: activate an area, move, sea move or recruit; End when done (5.0).",
    "battle": "Fight the battle: choose what to do this battle round (6.0).",
    "supply": "Supply: choose which blocks to reduce or send home (7.0).",
    "political": "Political turn: decide the goes-home moves and usurpation (8.0).",
    "over": "The game is over.",
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


def e(value) -> str:
    """`value` as text escaped for HTML content and attribute values (what html.escape gives,
    at a twentieth of its time on MicroPython, where every drawing calls this some thousand
    times: most texts have nothing to escape)."""
    s = str(value)
    if "&" in s:
        s = s.replace("&", "&amp;")
    if "<" in s:
        s = s.replace("<", "&lt;")
    if ">" in s:
        s = s.replace(">", "&gt;")
    if '"' in s:
        s = s.replace('"', "&quot;")
    if "'" in s:
        s = s.replace("'", "&#x27;")
    return s


def action_button(notation: str, label: str | None = None, extra: str = "") -> str:
    return (f'<button type="button" class="action{extra}" data-action="{e(notation)}">'
            f'{e(label or notation)}</button>')


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
    digits, standing alone (not inside a word or a longer dotted number such as a version).
    Only the dots are looked at (a log line is drawn at every decision: a walk of every
    character was the log's longest part on MicroPython)."""
    spans, last, n = [], 0, len(text)
    dot = text.find(".", 1)
    while dot >= 0:
        i = dot - 1
        if i >= last and "1" <= text[i] <= "9" and dot + 1 < n and text[dot + 1].isdigit():
            j = dot + 2
            if j < n and text[j].isdigit():
                j += 1
            before = text[i - 1] if i else " "
            after = text[j:j + 2]
            alone_before = not (before.isalpha() or before.isdigit() or before in "._")
            longer = after[:1].isalpha() or after[:1].isdigit() or after[:1] == "_" or (
                after[:1] == "." and after[1:2].isdigit())
            if alone_before and not longer:
                spans.append((i, j))
                last = j
        dot = text.find(".", dot + 1)
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


def odds_text(odds: dict | None) -> str:
    if not odds:
        return "No odds: not enough known about this battle."
    role = "attack" if odds["attacking"] else "defence"
    return (f"The AI estimates your {role} in {odds['area']} wins {round(odds['win'] * 100)}% "
            f"of straight fights ({odds['own_blocks']} of your blocks against "
            f"{odds['enemy_blocks']}, {odds['unknown']} of them unknown).")


# ---------------------------------------------------------------------- usurpation (8.2)


def last_usurpation_lines(last) -> list:
    """The latest usurpation's count and result (8.2) as two sentences, from the worker's
    view["usurpation"]["last"] ({"lancaster", "york", "king", "usurped"}), or [] before the
    first political turn."""
    if not last:
        return []
    verb = "usurps the throne" if last.get("usurped") else "keeps the throne"
    return [f"Usurpation count (8.2): Lancaster {last['lancaster']}, York {last['york']}.",
            f"{last['king']} {verb} (8.2)."]


def usurpation_panel(view: dict) -> str:
    """The usurpation count for both sides as the side shown may know it (the worker's
    estimate, view["usurpation"]: game_host.usurpation_estimate), and the last one's result
    (its "last")."""
    est = view["usurpation"]
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
                     for line in last_usurpation_lines(est.get("last")))
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
    show the moves): the "since" of the view (describe.summarize_events)."""
    lines = [ev.get("text") for ev in events if ev.get("text")][-12:]
    if not lines:
        return ""
    # At the top of the panel, before the decision: the latest four (the log, always shown
    # under the decision, has the rest).
    shown = lines[-4:]
    earlier = len(lines) - len(shown)
    items = "".join(f"<li>{link_rules(t)}</li>" for t in shown)
    more = (f'<p class="since-more">{earlier} earlier in the log below.</p>' if earlier else "")
    return (f'<section class="since-panel" aria-label="What happened since your last move">'
            f'<h3>Since your last move</h3><ul>{items}</ul>{more}</section>')


def hint_text(hints: list, choices: list) -> str:
    """The AI's top choices in words, each with its chance to win ("about 62% to win"), from
    the worker's hints ([{"notation", "chance"}]) and the view's choices (their texts)."""
    texts = {c["notation"]: c["text"] for c in choices}
    parts = []
    for h in hints[:3]:
        text = texts.get(h["notation"], h["notation"])
        chance = h.get("chance")
        parts.append(f"{text} (about {chance}% to win)" if chance is not None else text)
    if not parts:
        return "No hint now."
    head = f"Hint: {parts[0]}."
    return head + (" Also good: " + "; ".join(parts[1:]) + "." if len(parts) > 1 else "")
