"""Sun of York's cards and battlefield as HTML (issue 54): pure drawing, no page access, so that
it runs on MicroPython and on CPython alike (tests/test_soy_cards.py).

A card is drawn as a card: a combat unit with its class badge (Msl missile, Pol polearm, Foot
footsoldier, Cav cavalry), name, Ability (a missile's "close:long"), Cohesion, the veteran star
and its move; a leader with his orders, Ability and Leadership and the royal crown / loyal
heart; terrain and specials with their orders. Markers on the card: hits, cohesion lost,
Attacked, Committed, Fatigue, face-down. Own cards that may act are buttons (`data-card`, the
card's id, `data-side`); the enemy's face-down cards are backs. Positions carry
`data-position` (0-12, the engine's numbers: field.py) and, when the selected card may go
there, `data-target`. Besides: a position opened large (position_large_html) and the dice of
the last roll, die by die (dice_html).
"""

from table import e

SIDES = ("Lancaster", "York")
CLASS_BADGE = {"missile": "Msl", "polearm": "Pol", "footsoldier": "Foot", "cavalry": "Cav"}
# the engine's card markers (state.py)
ATTACKED, FATIGUED, COMMITTED, FACE_DOWN = 1, 2, 4, 256
COLUMN_WORDS = ("left", "centre", "right")
FLANKS = ((9, 10), (11, 12))  # FLANKS[edge][side], edge 0 beside column 0 (field.py)
#: cards beside the field whose effect the status line states in words already
SAID_BESIDE = ("Stream", "Bridge", "Margaret of Anjou", "King Henry VI")


def cap(text):
    """text with its first letter capital (MicroPython's str has no capitalize())."""
    return text[:1].upper() + text[1:]


def facts(view, side, cid):
    return view["cards"].get(f"{side}:{cid}") or {"kind": "?", "type": "", "name": f"card {cid}"}


def stats(f):
    """The card's numbers in one short line."""
    kind = f["kind"]
    if kind == "unit":
        ab = f"{f['ability']}:{f['long']}" if f.get("cls") == "missile" else str(f["ability"])
        out = f"Ab {ab} · Coh {f['cohesion']}"
        if f.get("move", 1) > 1:
            out += f" · Mv {f['move']}"
        return out
    if kind == "leader":
        return f"Ord {f['orders']} · Ab {f['ability']} · Ldr {f['leadership']}"
    return f"{f['type']} · Ord {f['orders']}" if f["type"] != f["name"] else f"Ord {f['orders']}"


def badge(f):
    kind = f["kind"]
    if kind == "unit":
        return CLASS_BADGE.get(f.get("cls", ""), "Unit")
    return {"leader": "Ldr", "terrain": "Ter", "special": "Spc"}.get(kind, "?")


def marks(entry, f):
    """The markers on a card on the field, as short words."""
    out = []
    if entry.get("hits"):
        out.append(f'<span class="m-hit">{entry["hits"]} hit</span>')
    if entry.get("lost"):
        left = max(0, f.get("cohesion", 0) - entry["lost"])
        out.append(f'<span class="m-lost">−{entry["lost"]} coh ({left})</span>')
    flags = entry.get("flags", 0)
    if flags & ATTACKED:
        out.append('<span class="m-att">Attacked</span>')
    if flags & COMMITTED:
        out.append('<span class="m-com">Committed</span>')
    if flags & FATIGUED:
        out.append('<span class="m-fat">Fatigue</span>')
    if flags & FACE_DOWN:
        out.append('<span class="m-down">face-down</span>')
    return "".join(out)


def card_html(view, side, cid, entry=None, state=""):
    """One card. `state`: "" (shown), "pick" (may be tapped: a button), "picked" (selected)."""
    f = facts(view, side, cid)
    extra = ""
    if f.get("veteran"):
        extra += '<span class="c-vet" title="Veteran">★</span>'
    if f.get("royal"):
        extra += '<span class="c-royal" title="Royal">♛</span>'
    if f.get("loyal"):
        extra += '<span class="c-loyal" title="Loyal">♥</span>'
    body = (f'<span class="c-top"><span class="c-badge">{badge(f)}</span>'
            f'<span class="c-name">{e(f["name"])}</span>{extra}</span>'
            f'<span class="c-stats">{e(stats(f))}</span>')
    if entry is not None:
        m = marks(entry, f)
        if m:
            body += f'<span class="c-marks">{m}</span>'
    cls = (f'soy-card k-{f["kind"]} cls-{f.get("cls", "")} s-{side}'
           + (" picked" if state == "picked" else ""))
    label = e(f"{SIDES[side]} {f['name']}: {stats(f)}")
    if state:
        return (f'<button type="button" class="{cls}" data-card="{cid}" data-side="{side}" '
                f'aria-pressed="{"true" if state == "picked" else "false"}" '
                f'aria-label="{label}">{body}</button>')
    return f'<div class="{cls}" data-card="{cid}" data-side="{side}" aria-label="{label}">{body}</div>'


def back_html(side):
    return (f'<div class="soy-card back s-{side}" aria-label="{SIDES[side]} card, face-down">'
            f'<span class="c-name">face-down</span></div>')


def layout(me):
    """The grid as `me` sees it, each side's rear nearest its player: rows top to bottom
    (enemy rear, middle ground, own rear) and columns left to right (an edge, the three
    battles, the other edge), as [[position or None or ("flank-gap", edge)]]."""
    rows = (2, 1, 0) if me == 1 else (0, 1, 2)             # row 0 is York's rear (field.py)
    cols = (0, 1, 2) if me == 1 else (2, 1, 0)             # York's left is column 0
    edges = (0, 1) if me == 1 else (1, 0)
    own_rear_row, enemy_rear_row = rows[2], rows[0]
    grid = []
    for r in rows:
        line = []
        for i, edge in enumerate((edges[0], None, None, None, edges[1])):
            if edge is None:
                line.append(cols[i - 1] * 3 + r)
            elif r == own_rear_row:
                line.append(FLANKS[edge][me])
            elif r == enemy_rear_row:
                line.append(FLANKS[edge][1 - me])
            else:
                line.append(None)
        grid.append(line)
    return grid


def whose(view):
    """(own, enemy's) as the field's labels say them: "Your", "Enemy's" to a player; the
    sides' names in a replay, whose watcher plays neither."""
    me = view["obs"]["side"]
    if view.get("replay"):
        return f"{SIDES[me]}’s", f"{SIDES[1 - me]}’s"
    return "Your", "Enemy's"


def position_name(p, me, words=("Your", "Enemy's")):
    """Position `p` in `me`'s words (as field.name); `words`: whose() of the view."""
    own, foe = words
    if p >= 9:
        owner = (p - 9) % 2
        edge = (p - 9) // 2
        col = 0 if edge == 0 else 2
        word = COLUMN_WORDS[col if owner == 1 else 2 - col]
        return f"{own} {word} flank" if owner == me else f"{foe} {word} flank"
    col, r = p // 3, p % 3
    word = COLUMN_WORDS[col if me == 1 else 2 - col]
    if r == 1:
        return f"{cap(word)} middle ground"
    mine = (r == 0) == (me == 1)
    return f"{own} {word} rear" if mine else f"{foe} {word} rear"


def stacks(view, p, picked=None, pickable=()):
    """The cards at position `p`, the enemy's stack first, as a list of HTML stacks; own cards
    in `pickable` are buttons, `picked` the selected one."""
    obs = view["obs"]
    me = obs["side"]
    inner = []
    for t in (1 - me, me):
        cards = []
        for x in obs["field"][p]:
            if x["side"] != t:
                continue
            if x.get("hidden"):
                cards.append(back_html(t))
                continue
            c = x["card"]
            state = "picked" if (t == me and c == picked) else (
                "pick" if t == me and c in pickable else "")
            cards.append(card_html(view, t, c, x, state))
        if cards:
            inner.append(f'<div class="soy-stack s-{t}">{"".join(cards)}</div>')
    return inner


def position_large_html(view, p):
    """Position `p` opened large (a phone's one tap on its stack): its name in full and its
    cards, each side's under a heading (the sides by name in a replay), drawn large; nothing
    in it decides."""
    me = view["obs"]["side"]
    words = whose(view)
    heads = (f"{words[1]} cards", f"{words[0]} cards") if view.get("replay") else (
        "The enemy's cards", "Your cards")
    inner = stacks(view, p)
    sides = [x for x in (1 - me, me) if any(y["side"] == x for y in view["obs"]["field"][p])]
    body = "".join(f'<h4>{heads[t == me]}</h4>{html}' for t, html in zip(sides, inner))
    return (f'<h3>{e(position_name(p, me, words))}</h3>{body or "<p>No cards here.</p>"}'
            f'<p class="soy-note">{e(view["public"]["note"])}</p>'
            f'<p class="soy-large-close">Tap anywhere or press Escape to close.</p>')


def field_html(view, picked=None, targets=(), pickable=()):
    """The battlefield as `view`'s side sees it. `picked`: the selected own card's id;
    `targets`: positions lit for it; `pickable`: own card ids that may be tapped."""
    obs = view["obs"]
    me = obs["side"]
    columns = view["public"].get("columns") or [0, 1, 2]
    words = whose(view)
    cells = []
    for line in layout(me):
        for p in line:
            if p is None:
                cells.append('<div class="soy-gap" aria-hidden="true"></div>')
                continue
            inner = stacks(view, p, picked, pickable)
            kind = "flank" if p >= 9 else ("middle" if p % 3 == 1 else "rear")
            unused = p < 9 and (p // 3) not in columns
            attrs = f' data-position="{p}" data-kind="{kind}"'
            cls = "soy-pos"
            if p in targets:
                attrs += ' data-target="yes" role="button" tabindex="0"'
                cls += " lit"
            if unused:
                cls += " unused"
            name = position_name(p, me, words)
            cells.append(f'<div class="{cls}"{attrs} aria-label="{e(name)}">'
                         f'<span class="pos-name">{e(name)}</span>{"".join(inner)}</div>')
    return f'<div class="soy-grid">{"".join(cells)}</div>'


def status_html(view):
    """The line always in view: battle, turn, step, initiative, orders pool, decks and
    discards, weather, and what lies beside the field."""
    obs, pub = view["obs"], view["public"]
    me = obs["side"]
    foe = 1 - me
    init = obs.get("initiative", -1)
    seen = bool(view.get("replay"))   # a replay: the sides by name
    own, enemy = (SIDES[me] + "’s", SIDES[foe] + "’s") if seen else ("Your", "Enemy")
    parts = [f'<b>{e(pub["title"])}</b>',
             f'Turn {obs["turn"]} · {e(cap(obs["phase"]))}',
             ("Initiative: " + ("you" if init == me and not seen else SIDES[init]))
             if init in (0, 1) else "",
             f'Orders pool: {obs["pool"]}',
             f'{own} deck {obs["deck_counts"][me]}, discard {len(obs["discards"][me])}, '
             f'hand {obs["hand_counts"][me]}',
             f'{enemy} deck {obs["deck_counts"][foe]}, discard {len(obs["discards"][foe])}, '
             f'hand {obs["hand_counts"][foe]}',
             f'Weather: {e(pub["weather"])}']
    beside = []
    for t in (0, 1):
        who = SIDES[t] + "’s" if seen else "your" if t == me else "the enemy's"
        if pub["stream"][t]:
            beside.append(f"a stream behind {who} lines" + (" (bridged)" if pub["bridge"][t]
                                                            else ""))
        if pub["margaret_on"][t]:
            beside.append(f"Margaret of Anjou beside {who} side")
        for c in obs["beside"][t]:
            name = facts(view, t, c)["name"]
            if name not in SAID_BESIDE:      # their effect is said above, once
                beside.append(f"{name} beside {who} side")
    if pub.get("henry"):
        beside.append("King Henry VI with the Lancastrians")
    if beside:
        parts.append("Beside the field: " + e("; ".join(beside)))
    camp = view.get("campaign")
    if camp:
        parts.insert(1, f'Campaign: Lancaster {camp["wins"][0]}, York {camp["wins"][1]} '
                        f'(first to {camp["to_win"]})')
        if camp["between"]:   # the battle's own counts are over: the campaign screen says all
            parts = parts[:2] + ["Between battles"]
    return "".join(f"<span>{p}</span>" for p in parts if p)


# A die's pips on a 3x3 grid (0 top left .. 8 bottom right)
PIPS = {1: (4,), 2: (2, 6), 3: (2, 4, 6), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8),
        6: (0, 2, 3, 5, 6, 8)}


def die_html(die):
    """One die drawn as a die face: its pips; gold edged if it made its roll (a hit, he
    survives...), greyed if not."""
    n = die["pips"]
    made = die.get("made")
    cls = "soy-die" + ("" if made is None else (" made" if made else " missed"))
    pips = "".join(f'<circle cx="{6 + 6 * (i % 3)}" cy="{6 + 6 * (i // 3)}" r="2.1"/>'
                   for i in PIPS.get(n, ()))
    word = "" if made is None else (", made" if made else ", missed")
    return (f'<svg class="{cls}" viewBox="0 0 24 24" role="img" aria-label="{n}{word}" '
            f'data-pips="{n}"><rect x="1" y="1" width="22" height="22" rx="4"/>{pips}</svg>')


def dice_html(view):
    """The dice of the last roll (view["rolls"]: soy_host.rolls_of), each roll a line: who
    rolled (the side by name in a replay), the dice die by die, what they made; the log's
    sentence as its title."""
    rolls = view.get("rolls") or []
    if not rolls:
        return ""
    me = SIDES[view["obs"]["side"]]
    seen = bool(view.get("replay"))   # a replay: the sides by name
    out = []
    for r in rolls:
        who = r["card"] or r["kind"].replace("_", " ")
        side = r.get("side")
        by = "" if side is None else (f"{side}’s " if seen else
                                      "Your " if side == me else "Enemy ")
        cls = "" if side is None else f" s-{SIDES.index(side)}"
        dice = "".join(die_html(d) for d in r["dice"])
        out.append(f'<div class="soy-roll{cls}" title="{e(r["text"])}" data-kind="{r["kind"]}">'
                   f'<span class="roll-who">{e(by + who)}</span>'
                   f'<span class="roll-dice">{dice}</span>'
                   f'<span class="roll-made">{e(r["made"])}</span></div>')
    return '<span class="soy-dice-title">Last roll</span>' + "".join(out)


def signed(n):
    """A modifier as the rolls write it: "+1", "-2" ("" for none)."""
    return "" if not n else (f"+{n}" if n > 0 else str(n))


def campaign_html(view):
    """The campaign screen between battles (9.3): the victories of each side (first to nine),
    the battles played and their winners, the nobles' rolls after the last battle (9.3.1),
    King Henry VI's state and rolls (9.3.2), the crowned kings and which royal cards are
    leaders or Orders cards now (9.3.3), and the Next battle button when the side may go on
    (`[data-action="next"]`)."""
    c = view["campaign"]
    me = view["obs"]["side"]
    wins = c["wins"]
    out = [(f'<section id="soy-campaign" class="soy-campaign" '
            f'aria-labelledby="soy-campaign-title">'
            f'<h2 id="soy-campaign-title">The campaign after {e(c["battle"])}</h2>'
            f'<p class="soy-score" aria-label="Victories: Lancaster {wins[0]}, York {wins[1]}">'
            f'<span class="s-0">Lancaster <b data-wins="Lancaster">{wins[0]}</b></span>'
            f'<span class="soy-dash">–</span>'
            f'<span class="s-1"><b data-wins="York">{wins[1]}</b> York</span></p>'
            f'<p class="soy-goal">The first side to {c["to_win"]} victories wins the Wars of '
            f'the Roses (9.3).</p>')]
    nxt = c.get("next")
    if nxt and "next" in (view.get("actions") or []):
        out.append(f'<button type="button" class="choice soy-next" data-action="next">'
                   f'Next battle: {e(nxt["title"])}</button>')
    elif nxt:
        out.append(f'<p class="soy-next-wait">Next battle: {e(nxt["title"])}</p>')
    played = "".join(f'<li>{e(r["battle"])}: <b class="w-{r["winner"]}">'
                     f'{e(r["winner"])}</b> won</li>' for r in c["results"])
    out.append(f'<h3>Battles played</h3><ol class="soy-results">{played}</ol>')
    rolls = []
    for r in c["rolls"]:
        whose = "Your" if SIDES.index(r["side"]) == me else r["side"] + "'s"
        fate = "dies" if r["died"] else "lives"
        mod = signed(r["mod"])
        sum_ = f' {mod} = {r["total"]}' if mod else ""
        rolls.append(f'<li class="{"died" if r["died"] else "lives"}">{whose} '
                     f'{e(r["leader"])}: rolled {r["roll"]}{sum_}: <b>{fate}</b></li>')
    out.append('<h3>The nobles after the battle (9.3.1)</h3>'
               + (f'<ul class="soy-rolls">{"".join(rolls)}</ul>' if rolls else
                  '<p>No noble rolled.</p>')
               + '<p class="soy-note">A noble dies on a total under 1: −1 on the winning side '
                 'if injured, −2 on the losing side (−3 injured), +1 while Henry VI lives.</p>')
    dead = [f'{t}: {e(", ".join(c["dead"][t]))}' for t in SIDES if c["dead"][t]]
    if dead:
        out.append(f'<p class="soy-dead">Dead in the campaign: {"; ".join(dead)}.</p>')
    henry = "".join(f"<li>{e(x)}</li>" for x in c["henry_rolls"])
    out.append(f'<h3>King Henry VI (9.3.2)</h3><p>He is {e(c["henry_words"])}.</p>'
               + (f'<ul class="soy-henry">{henry}</ul>' if henry else ""))
    kings = [f'{t}: {e(c["kings"][t]) if c["kings"][t] else "no king crowned yet"}'
             for t in SIDES]
    royal = "".join(f'<li>{e(r["side"])}’s {e(r["name"])}: ' + (
        "a leader" if r["leader"] else f'an Orders card only ({e(r["why"])})') + "</li>"
        for r in c["royal"])
    out.append(f'<h3>Kings and royal cards (9.3.3)</h3><p>Crowned: {"; ".join(kings)}.</p>'
               f'<ul class="soy-royal">{royal}</ul></section>')
    return "".join(out)


# --- The table's fonts found before its first drawing (soy_table.warm, issue 54).
# The first time a page lays out text in a font at a size and weight it has not used yet (a
# "strike"), or a character its fonts lack (★ ♛ ♥ ·, the AI's ⏳), Chromium asks its browser
# process, which asks fontconfig, and waits: under a ms to 30 ms each, in the task that lays the
# text out. The table's first drawing asked for about a dozen at once (up to 69 ms of an 85 ms
# task in a trace; docs/ui.md). warm_html() is one of each kind of text the table draws, in the
# classes that style it, laid out hidden a part a task before it (soy_table.warm); the browser
# keeps what it found for the page.
SAMPLE = {
    "1:1": {"kind": "unit", "type": "Unit", "name": "Longbowmen", "orders": 1, "cls": "missile",
            "ability": 3, "long": 2, "cohesion": 4, "veteran": True, "move": 2},
    "1:2": {"kind": "leader", "type": "Leader", "name": "Edward", "orders": 2, "ability": 3,
            "leadership": 2, "royal": True, "loyal": True},
    "1:3": {"kind": "terrain", "type": "Terrain", "name": "Hedge", "orders": 1},
    "0:4": {"kind": "special", "type": "Special", "name": "Treason", "orders": 2},
    "0:5": {"kind": "unit", "type": "Unit", "name": "Men-at-arms", "orders": 1,
            "cls": "polearm", "ability": 4, "long": 0, "cohesion": 5, "move": 1},
}
# every marker on a card
SAMPLE_ENTRY = {"hits": 1, "lost": 1, "flags": ATTACKED | COMMITTED | FATIGUED | FACE_DOWN}
SAMPLE_ROLL = {"kind": "attack", "side": "York", "card": "Longbowmen", "made": "1 hit",
               "text": "", "dice": [{"pips": 6, "made": True}, {"pips": 2, "made": False}]}


def sample_cards(view):
    """One card of each kind, face up (a plain card, a button, a selected one), one face-down,
    with every marker; no `data-card` (nothing in the page is a card but the table's)."""
    out = [back_html(0), back_html(1)]
    for i, key in enumerate(sorted(view["cards"])):
        side, cid = (int(x) for x in key.split(":"))
        out.append(card_html(view, side, cid, SAMPLE_ENTRY, ("", "pick", "picked")[i % 3]))
    return "".join(out).replace("data-card=", "data-sample=")


def warm_html():
    """The table's kinds of text as HTML parts (each laid out in a task of its own); with the
    page's own that come with it: the prompt, a choice, the log, the AI's thinking line (its
    ⏳ and italics), the game bar."""
    view = {"cards": SAMPLE, "obs": {"side": 1}, "rolls": [SAMPLE_ROLL]}
    cards = sample_cards(view)
    words = "Lancaster York 0123456789 ★♛♥·−–’…"
    return [
        f'<div class="soy-status"><span><b>{words}</b></span><span>{words}</span></div>',
        f'<div class="soy-dice">{dice_html(view)}</div>',
        (f'<div class="soy-pos"><span class="pos-name">{words}</span>'
         f'<div class="soy-stack">{cards}</div></div>'),
        (f'<section class="soy-hand"><h3>{words}</h3><div class="soy-hand-cards">{cards}</div>'
         f'</section><p class="soy-note">{words}</p>'),
        (f'<p class="prompt">{words}</p><button type="button" class="choice">{words}</button>'
         f'<ol class="log"><li>{words}</li></ol><span class="table-side">{words}</span>'
         f'<p class="thinking">{words}</p>'
         f'<span class="w-title">{words}</span><span class="w-hidden">Richard III</span>'),
        (f'<div class="soy-large"><h3>{words}</h3><h4>{words}</h4><div class="soy-stack">'
         f'{cards}</div><p class="soy-large-close">{words}</p></div>'),
    ]
