"""The table on the map: SVG for the blocks in their areas, the pool and the boxes, the borders in
use and what the other side just did, drawn from one side's view (game_host.GameHost.view).

Runs on MicroPython (the page's main thread) and CPython (the tests), under the same rules as
table.py (see its docstring): no dict is walked for an order anyone sees, sorts use full keys.

Geometry comes from the map itself (web/map.svg's `#map-data` metadata: each area's label
point and block slots, in the SVG's units, viewBox 0 0 1024 768). mapview.py reads it once
into a `Geometry` and passes it here.

Hooks (stable, for tests and tools; see docs/ui.md):
- own blocks: `<g data-block="Gloucester" data-where="Middlesex">` with visible text (short
  name, strength, combat rating), focusable, labelled;
- enemy blocks: `<g data-enemy-block data-where="Kent">`, never data-block; within an area the
  revealed ones come first, by name (public while revealed), then the face-down ones, which
  are all alike: their order never depends on which blocks they are;
- the pool's own blocks carry `data-where="pool"`.
"""

from facts import SIDES, areas, block, enemy_of
from table import e, num

# Block sizes in map units by how many blocks share an area: legible alone, smaller in a crowd.
SIZES = ((2, 34), (4, 29), (6, 23), (9, 18), (999, 15))
POOL_SIZE = 13


def short_name(label: str) -> str:
    """A block's printed name cut to fit on its face: at most 7 letters ("Northu.")."""
    return label if len(label) <= 7 else label[:6] + "."


def block_label(name: str) -> str:
    """The printed name of a block id ("Warwick/Y" -> "Warwick")."""
    info = block(name)
    return info["label"] if info else name.split("/")[0]


class Geometry:
    """Where things go on the map: `centre[area]` (x, y), `slots[box]` [(x, y), ...] for the
    off-map boxes ("pool:York", "minors:Lancaster", "dead:York", ...), `borders["A|B"]` the
    midpoint of a border (x, y). Built by mapview.py from the map's metadata and the DOM."""

    def __init__(self, meta: dict, borders: dict = None):
        self.centre = {}
        self.slots = {}
        for name in meta.get("areas", {}):
            info = meta["areas"][name]
            slots = info.get("slots") or []
            first = slots[:4] or [info.get("label") or (0, 0)]
            self.centre[name] = (sum(p[0] for p in first) / len(first),
                                 sum(p[1] for p in first) / len(first))
        for box in meta.get("boxes", {}):
            self.slots[box] = [tuple(p) for p in meta["boxes"][box].get("slots") or []]
        self.borders = borders or {}


def _stack_layout(n: int, centre) -> list:
    """Top-left corners for `n` blocks in a grid centred on `centre`, and the size: [(x, y)], s."""
    size = next(s for limit, s in SIZES if n <= limit)
    cols = 2 if n <= 4 else (3 if n <= 9 else 4)
    rows = (n + cols - 1) // cols
    gap = 2
    width = cols * size + (cols - 1) * gap
    height = rows * size + (rows - 1) * gap
    x0, y0 = centre[0] - width / 2, centre[1] - height / 2
    spots = []
    for i in range(n):
        r, c = i // cols, i % cols
        in_row = min(cols, n - r * cols)  # centre a short last row
        shift = (cols - in_row) * (size + gap) / 2
        spots.append((x0 + shift + c * (size + gap), y0 + r * (size + gap)))
    return spots, size


def own_block(b: dict, side: str, x: float, y: float, size: float, marks: dict) -> str:
    """One own block, face up: short name, strength (big), combat rating; KING or PRETENDER
    crowned; moved blocks dimmed; `marks` holds the selected block and the movable ones."""
    name = b["block"]
    info = block(name) or {}
    label = info.get("label") or block_label(name)
    rating = info.get("rating", "")
    classes = ["blk", "own", "side-" + side.lower()]
    words = [f"{label} ({side})", f"combat rating {rating}", f"strength {b['strength']}"]
    crown = marks.get("crowned") == name
    if crown:
        classes.append("crowned")
        words.append(marks.get("crown_title", "KING"))
    if b.get("moved"):
        classes.append("moved")
        words.append("has moved")
    if name == marks.get("selected"):
        classes.append("selected")
        words.append("selected")
    if name in marks.get("movable", ()):
        classes.append("can-act")
    s = size
    pips = "".join(f'<circle class="pip" cx="{num(s * (i + 1) / (info.get("max_strength", 4) + 1))}"'
                   f' cy="{num(s * 0.1)}" r="{num(s * 0.045)}"/>'
                   for i in range(b["strength"]))
    crown_mark = (f'<path class="crown" d="M{num(s - 9)} {-3} l2 4 2 -4 2 4 2 -4 v6 h-8 z"/>'
                  if crown else "")
    return (f'<g class="{" ".join(classes)}" data-block="{e(name)}" data-where="{e(b["area"])}" '
            f'role="button" tabindex="0" aria-label="{e(", ".join(words))}" '
            f'transform="translate({num(x)} {num(y)})">'
            f'<rect width="{s}" height="{s}" rx="{num(s * 0.12)}"/>{pips}'
            f'{_face_text(s, label, b["strength"], rating, 0.27)}{crown_mark}</g>')


def _face_text(s: float, label: str, strength, rating: str, small: float) -> str:
    """The printed face of a block `s` units wide: short name, strength (big), combat rating;
    `small` the name's and rating's size as a share of `s`."""
    return (f'<text class="blk-name" x="{num(s / 2)}" y="{num(s * 0.38)}" '
            f'font-size="{num(s * small)}">{e(short_name(label))}</text>'
            f'<text class="blk-str" x="{num(s / 2)}" y="{num(s * 0.74)}" '
            f'font-size="{num(s * 0.42)}">{e(strength)}</text>'
            f'<text class="blk-rate" x="{num(s / 2)}" y="{num(s * 0.95)}" '
            f'font-size="{num(s * small)}">{e(rating)}</text>')


def enemy_block(enemy: str, area: str, x: float, y: float, size: float, shown=None) -> str:
    """One enemy block: face down in its house colour, or face up while revealed in a battle
    (`shown`: {block, strength})."""
    s = size
    if shown:
        label = block_label(shown["block"])
        rating = (block(shown["block"]) or {}).get("rating", "")
        return (f'<g class="blk enemy revealed side-{e(enemy.lower())}" data-enemy-block '
                f'data-where="{e(area)}" role="img" aria-label="{e(label)} ({e(enemy)}), '
                f'combat rating {e(rating)}, strength {e(shown["strength"])}, revealed in battle"'
                f' transform="translate({num(x)} {num(y)})"><rect width="{s}" height="{s}" '
                f'rx="{num(s * 0.12)}"/>{_face_text(s, label, shown["strength"], rating, 0.26)}'
                f'</g>')
    return (f'<g class="blk enemy face-down side-{e(enemy.lower())}" data-enemy-block '
            f'data-where="{e(area)}" role="img" aria-label="{e(enemy)} block, face down" '
            f'transform="translate({num(x)} {num(y)})"><rect width="{s}" height="{s}" '
            f'rx="{num(s * 0.12)}"/><circle class="rose" cx="{num(s / 2)}" cy="{num(s / 2)}" '
            f'r="{num(s * 0.2)}"/></g>')


def blocks_layer(view: dict, geo: Geometry, marks: dict = None) -> str:
    """Every block of `view` on the map, area by area in map order, then the pool; wrapped in
    `<g class="block-layer">`. `marks`: {"selected": block id, "movable": set of block ids}."""
    marks = dict(marks or {})
    obs = view["obs"]
    side = view["side"]
    enemy = enemy_of(side)
    crowned = (obs.get("crowned") or {}).get(side)
    marks["crowned"] = crowned
    marks["crown_title"] = "KING" if obs.get("king") == side else "PRETENDER"
    own = {}
    for b in obs["own_blocks"]:
        own.setdefault(b["area"], []).append(b)
    revealed = {}
    for b in obs.get("revealed") or []:
        revealed.setdefault(b["area"], []).append(b)
    counts = obs.get("enemy_counts") or {}
    out = []
    for area in areas():
        mine = sorted(own.get(area) or [], key=lambda b: (block_label(b["block"]), b["block"]))
        shown = sorted(revealed.get(area) or [], key=lambda b: (block_label(b["block"]),
                                                                 b["block"]))
        hidden = max(0, counts.get(area, 0) - len(shown))
        n = len(mine) + len(shown) + hidden
        if not n or area not in geo.centre:
            continue
        spots, size = _stack_layout(n, geo.centre[area])
        parts = [own_block(b, side, x, y, size, marks) for b, (x, y) in zip(mine, spots)]
        rest = spots[len(mine):]
        parts += [enemy_block(enemy, area, x, y, size, b) for b, (x, y) in zip(shown, rest)]
        parts += [enemy_block(enemy, area, x, y, size) for x, y in rest[len(shown):]]
        out.append(f'<g class="stack" data-stack="{e(area)}">{"".join(parts)}</g>')
    out.append(pool_layer(obs, side, geo, marks))
    return f'<g class="block-layer">{"".join(out)}</g>'


def pool_layer(obs: dict, side: str, geo: Geometry, marks: dict) -> str:
    """The pool, minors and dead boxes of the map's track panel, filled: own pool blocks face
    up (name), the enemy's pool as face-down blocks, minors and the dead by name."""
    enemy = enemy_of(side)
    out = []
    pool = sorted(obs.get("pool") or [], key=lambda b: (block_label(b["block"]), b["block"]))
    for b, (x, y) in zip(pool, geo.slots.get("pool:" + side, [])):
        out.append(_own_box_block(b, side, x, y, "pool", marks))
    for x, y in geo.slots.get("pool:" + enemy, [])[:obs.get("enemy_pool_size", 0)]:
        s = POOL_SIZE
        out.append(f'<g class="blk enemy face-down pool side-{e(enemy.lower())}" '
                   f'data-enemy-block data-where="pool" role="img" aria-label="{e(enemy)} block, '
                   f'in the pool" transform="translate({num(x - s / 2)} {num(y - s / 2)})"><rect '
                   f'width="{s}" height="{s}" rx="1.5"/></g>')
    minors = obs.get("minors") or {}
    for who in SIDES:
        for name, (x, y) in zip(sorted(minors.get(who) or []), geo.slots.get("minors:" + who, [])):
            if who == side:  # own minors: tappable when one comes of age (6.82)
                out.append(_own_box_block({"block": name}, side, x, y, "minors", marks))
            else:
                out.append(_chip(name, who, x, y, "minor"))
    dead = sorted(obs.get("dead") or [])
    by_side = {who: [] for who in SIDES}
    for name in dead:
        owner = (block(name) or {}).get("side")
        # the Rebel (3.26) is drawn in the first side's box
        by_side.get(owner, by_side[SIDES[0]] if owner == "Rebel" else []).append(name)
    for who in SIDES:
        for name, (x, y) in zip(by_side[who], geo.slots.get("dead:" + who, [])):
            out.append(_chip(name, who, x, y, "dead"))
    return f'<g class="box-layer">{"".join(out)}</g>'


def _own_box_block(b: dict, side: str, x: float, y: float, where: str, marks: dict) -> str:
    """An own block in the pool or the minors box: small, named, tappable (a recruit, an heir
    coming of age)."""
    name = b["block"]
    label = block_label(name)
    classes = f"blk own {where} side-{side.lower()}"
    if name == marks.get("selected"):
        classes += " selected"
    if name in marks.get("movable", ()):
        classes += " can-act"
    state = "in the pool" if where == "pool" else "a minor"
    return _small_block(f'class="{classes}" data-block="{e(name)}" data-where="{where}" '
                        f'role="button" tabindex="0" aria-label="{e(label)} ({e(side)}), {state}'
                        f'{", face down" if b.get("face_down") else ""}"', label, x, y)


def _chip(name: str, side: str, x: float, y: float, where: str) -> str:
    """Another block in a box of the track panel (the enemy's minors, the dead): named only."""
    label = block_label(name)
    return _small_block(f'class="blk {where} side-{e(side.lower())}" role="img" '
                        f'aria-label="{e(label)} ({e(side)}), '
                        f'{"a minor" if where == "minor" else "dead"}"', label, x, y)


def _small_block(attrs: str, label: str, x: float, y: float) -> str:
    """A block of the track panel's boxes centred on (x, y): `attrs` (class, data-, role,
    label), a square of POOL_SIZE units and the first letters of its name."""
    s = POOL_SIZE
    return (f'<g {attrs} transform="translate({num(x - s / 2)} {num(y - s / 2)})"><rect '
            f'width="{s}" height="{s}" rx="1.5"/><text class="blk-name" x="{s / 2}" '
            f'y="{num(s * 0.68)}" font-size="4.2">{e(label[:5])}</text></g>')


def borders_layer(obs: dict, geo: Geometry, limits: dict = None) -> str:
    """The borders this side crossed this turn, labelled "used/limit" at their midpoint
    (5.21: yellow 2, blue 3, red 4... as the map data says; `limits` maps "A|B" to its limit)."""
    used = obs.get("border_used") or {}
    out = []
    for key in sorted(used):
        point = geo.borders.get(key)
        if not point:
            continue
        limit = (limits or {}).get(key)
        text = f"{used[key]}/{limit}" if limit else str(used[key])
        a, _, b = key.partition("|")
        out.append(f'<g class="border-use" role="img" aria-label="{e(used[key])} of '
                   f'{e(limit or "?")} blocks crossed from {e(a)} to {e(b)} this turn" '
                   f'transform="translate({num(point[0])} {num(point[1])})"><rect x="-9" y="-6" '
                   f'width="18" height="12" rx="3"/><text y="3.5">{e(text)}</text></g>')
    return f'<g class="border-layer">{"".join(out)}</g>'


def since_layer(events: list, geo: Geometry) -> str:
    """Arrows for what the other side did since this side last acted (game_host's "since":
    summarize_events entries with from/to), and battle marks; plain text in <title>s."""
    out = []
    for ev in events:
        a, b = ev.get("from"), ev.get("to")
        kind = ev.get("kind")
        if kind in ("move", "sea", "retreat", "regroup", "attack") and a in geo.centre \
                and b in geo.centre and a != b:
            (x1, y1), (x2, y2) = geo.centre[a], geo.centre[b]
            out.append(f'<g class="arrow kind-{e(kind)}"><title>{e(ev.get("text", ""))}</title>'
                       f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" '
                       f'marker-end="url(#r3-arrowhead)"/></g>')
        elif kind == "battle" and (ev.get("area") or b) in geo.centre:
            x, y = geo.centre[ev.get("area") or b]
            out.append(f'<g class="battle-mark" transform="translate({num(x)} {num(y)})"><title>'
                       f'{e(ev.get("text", ""))}</title><circle r="22"/></g>')
    defs = ('<defs><marker id="r3-arrowhead" viewBox="0 0 10 10" refX="8" refY="5" '
            'markerWidth="5" markerHeight="5" orient="auto-start-reverse">'
            '<path d="M0 0 L10 5 L0 10 z"/></marker></defs>')
    return f'<g class="since-layer" aria-hidden="true">{defs}{"".join(out)}</g>'
