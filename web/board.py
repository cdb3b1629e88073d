"""The table on the map: SVG for the blocks in their areas, the borders in use and what the
other side just did, drawn from one side's view (game_host.GameHost.view); and the boxes beside
the map (the pools, the minors, the dead, the campaign and turn) as HTML.

Runs on MicroPython (the page's main thread) and CPython (the tests), under the same rules as
table.py (see its docstring): no dict is walked for an order anyone sees, sorts use full keys.

Geometry comes from the map itself (web/map.svg's `#map-data` metadata: each area's label
point and block slots, in the SVG's units, viewBox 0 0 1024 768; the page shows its playing
part, PLAY_AREA) and from the areas' outlines (their boxes). mapview.py reads it once into a
`Geometry` and passes it here.

Sizes (issue 27): an own block is OWN map units wide, drawn at least 44 CSS px (a finger's
target) with its name at least 11 px high at the default zoom of a tablet (about 0.94 CSS px a
unit); a face-down enemy block is ENEMY units, not tapped but countable at a glance. An area's
stack is a grid (own blocks, then the enemy's beside them); stacks that would overlap are
pushed apart (relax()).

Motion: each drawing records where it put every block (`placed`); given the previous drawing's
record, a block that moved glides from where it was (own and revealed blocks by name, the
enemy's face-down ones by area, arrivals from the area the other side's move came from), and a
block whose strength fell is marked as hit. The page's CSS animates both (none with
prefers-reduced-motion).

Hooks (stable, for tests and tools; see docs/ui.md):
- own blocks: `<g data-block="Gloucester" data-where="Middlesex">` with visible text (short
  name, strength, combat rating), labelled; in the boxes beside the map, own pool blocks are
  `<button data-block=... data-where="pool">` (own minors `data-where="minors"`);
- enemy blocks: `<g data-enemy-block data-where="Kent">`, never data-block; within an area the
  revealed ones come first, by name (public while revealed), then the face-down ones, which
  are all alike: their order never depends on which blocks they are.
"""

from facts import SIDES, areas, block, enemy_of
from table import e, num
from taps import supply_over, target_cost, target_kind

# An own block's side and a face-down enemy block's, in map units (see the docstring).
OWN = 48
ENEMY = 32
GAP = 3
# The part of map.svg the page shows: England, Wales and what lies around them, without the
# printed track panel (its boxes are drawn beside the map: boxes_board()).
PLAY_AREA = (0, 0, 816, 768)
# How far a stack may be pushed from its area's centre to clear its neighbours, in map units.
MAX_PUSH = 40
# Pieces of block names left out on a block's face, and what the face says instead.
TAGS = (("(levy)", "levy"), ("(church)", "church"), (" Mercenary", "merc."))


def face_name(label: str, room: int = 10) -> tuple:
    """(name, tag) printed on a block: the name short enough for its face, `room` letters
    (a name of 10 letters, "Canterbury", is squeezed to fit on the map; "Northumberland" ->
    "Northumb."; the boxes beside the map have room for more), and what kind of block it is
    when the name leaves it out ("York (church)" -> ("York", "church"); "Irish Mercenary" ->
    ("Irish", "merc."))."""
    tag = ""
    for piece, said in TAGS:
        if label.endswith(piece):
            label, tag = label[:len(label) - len(piece)].strip(), said
    if label.startswith("Prince "):
        label = label[7:]
    if len(label) > room:
        label = label[:8] + "."
    return label, tag


def short_name(label: str) -> str:
    """A block's name as its face prints it (face_name's name)."""
    return face_name(label)[0]


def block_label(name: str) -> str:
    """The printed name of a block id ("Warwick/Y" -> "Warwick")."""
    info = block(name)
    return info["label"] if info else name.split("/")[0]


class Geometry:
    """Where things go on the map: `centre[area]` (x, y), `box[area]` (x, y, w, h) of its
    outline (when known), `borders["A|B"]` the midpoint of a border (x, y), `extent` the part of
    the map shown (x, y, w, h). Built by mapview.py from the map's metadata and the DOM."""

    def __init__(self, meta: dict, borders: dict = None, spots: dict = None):
        # {area: {"own": [[x, y]], "foe": [[x, y]]}}: where blocks stand (tools/spots.py)
        self.spots = spots or {}
        self.centre = {}
        self.box = {}
        self.slots = {}
        for name in meta.get("areas", {}):
            info = meta["areas"][name]
            slots = info.get("slots") or []
            first = slots[:4] or [info.get("label") or (0, 0)]
            self.centre[name] = (sum(p[0] for p in first) / len(first),
                                 sum(p[1] for p in first) / len(first))
            if info.get("box"):
                self.box[name] = tuple(info["box"])
        for box in meta.get("boxes", {}):
            self.slots[box] = [tuple(p) for p in meta["boxes"][box].get("slots") or []]
        self.borders = borders or {}
        self.extent = tuple(meta.get("extent") or PLAY_AREA)


def _grid(n: int, size: float, cols: int) -> tuple:
    """Top-left corners of `n` blocks of `size` in rows of `cols` (a short last row centred),
    from (0, 0), and the grid's width and height: ([(x, y)], w, h)."""
    if n <= 0:
        return [], 0, 0
    cols = max(1, min(cols, n))
    rows = (n + cols - 1) // cols
    step = size + GAP
    spots = []
    for i in range(n):
        r, c = i // cols, i % cols
        in_row = min(cols, n - r * cols)
        spots.append(((cols - in_row) * step / 2 + c * step, r * step))
    return spots, cols * step - GAP, rows * step - GAP


def _columns(n: int, tall: bool) -> int:
    if n <= 1:
        return 1
    if n == 2:
        return 1 if tall else 2
    if n <= 4:
        return 2
    if n <= 6:
        return 2 if tall else 3
    return 3 if n <= 9 else 4


def stack_shape(mine: int, theirs: int, box=None) -> tuple:
    """Where the blocks of a stack go, from its top-left corner: ([(x, y)] of `mine` own
    blocks, [(x, y)] of `theirs` enemy blocks, w, h). Own blocks first in a grid, the enemy's
    in a grid beside it (under it in a tall, narrow area)."""
    tall = bool(box) and box[2] < box[3] * 0.8
    key = (mine, theirs, tall)
    if key not in _shapes:
        _shapes[key] = _stack_shape(mine, theirs, tall)
    return _shapes[key]


_shapes = {}  # stack_shape's answers, by (mine, theirs, tall): a few dozen in a game


def _stack_shape(mine: int, theirs: int, tall: bool) -> tuple:
    own, ow, oh = _grid(mine, OWN, _columns(mine, tall))
    foe, fw, fh = _grid(theirs, ENEMY, _columns(theirs, tall))
    if not own or not foe:
        return own, foe, max(ow, fw), max(oh, fh)
    if tall:
        w = max(ow, fw)
        return ([((w - ow) / 2 + x, y) for x, y in own],
                [((w - fw) / 2 + x, oh + 2 * GAP + y) for x, y in foe], w, oh + 2 * GAP + fh)
    h = max(oh, fh)
    return ([(x, (h - oh) / 2 + y) for x, y in own],
            [(ow + 2 * GAP + x, (h - fh) / 2 + y) for x, y in foe], ow + 2 * GAP + fw, h)


def relax(rects: list, extent=PLAY_AREA, rounds: int = 16) -> list:
    """Push apart rectangles [x, y, w, h] (changed in place, in their list's order) that
    overlap, each at most MAX_PUSH from where it started, all inside `extent`."""
    start = [(r[0], r[1]) for r in rects]
    n = len(rects)
    for _ in range(rounds):
        moved = False
        for i in range(n):
            a = rects[i]
            for j in range(i + 1, n):
                b = rects[j]
                dx = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
                dy = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
                if dx <= 0 or dy <= 0:
                    continue
                moved = True
                if dx < dy:
                    push = dx / 2 + 1
                    sign = -1 if a[0] + a[2] / 2 <= b[0] + b[2] / 2 else 1
                    a[0] += sign * push
                    b[0] -= sign * push
                else:
                    push = dy / 2 + 1
                    sign = -1 if a[1] + a[3] / 2 <= b[1] + b[3] / 2 else 1
                    a[1] += sign * push
                    b[1] -= sign * push
        for k in range(n):
            r, (x0, y0) = rects[k], start[k]
            r[0] = min(max(r[0], x0 - MAX_PUSH, extent[0]), x0 + MAX_PUSH,
                       extent[0] + extent[2] - r[2])
            r[1] = min(max(r[1], y0 - MAX_PUSH, extent[1]), y0 + MAX_PUSH,
                       extent[1] + extent[3] - r[3])
        if not moved:
            break
    return rects


def _glide(start, x: float, y: float) -> str:
    """The opening of a block's gliding part when it was at `start` (x, y) before, else ""."""
    if not start:
        return ""
    dx, dy = start[0] - x, start[1] - y
    if -1 < dx < 1 and -1 < dy < 1:
        return ""
    return f'<g class="glide" style="--gx:{num(dx)}px;--gy:{num(dy)}px">'


def _moving(inner: str, start, x: float, y: float) -> str:
    """`inner` wrapped in a gliding group when the block comes from `start`."""
    opening = _glide(start, x, y)
    return opening + inner + "</g>" if opening else inner


def own_block(b: dict, side: str, x: float, y: float, size: float, marks: dict,
              start=None, pile=0) -> str:
    """One own block, face up: short name, strength (big), combat rating; KING or PRETENDER
    crowned; moved blocks dimmed; `marks` holds the selected block, the movable ones and those
    just hit; `start`: where it was drawn before (it glides from there); `pile`: the top of a
    pile with this many more blocks under it (-1: a block inside a pile, not shown)."""
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
    movable = name in marks.get("movable", ()) and pile >= 0
    if pile < 0:
        classes.append("in-pile")
    elif pile:
        classes.append("pile")
        words.append(f"on top of {pile} more in a pile: tap to see them all")
    if movable:
        classes.append("can-act")
    if name in marks.get("hit", ()):
        classes.append("hit")
    s = size
    pips = "".join(f'<circle class="pip" cx="{num(s * (i + 1) / (info.get("max_strength", 4) + 1))}"'
                   f' cy="{num(s * 0.08)}" r="{num(s * 0.04)}"/>'
                   for i in range(b["strength"]))
    crown_mark = (f'<path class="crown" d="M{num(s - 9)} {-3} l2 4 2 -4 2 4 2 -4 v6 h-8 z"/>'
                  if crown else "")
    face = (f'<rect width="{s}" height="{s}" rx="{num(s * 0.12)}"/>{pips}'
            f'{_face_text(s, label, b["strength"], rating)}{crown_mark}')
    if b.get("moved"):  # a corner tick, opaque: the map's text never shows through a block
        face += (f'<path class="moved-mark" d="M{num(s * 0.72)} {num(s)} L{num(s)} '
                 f'{num(s * 0.72)} L{num(s)} {num(s)} z"/>')
    if pile > 0:
        face = _piled(face, s, pile)
    # Only the blocks that may act are stops of the keyboard (mapview.py moves the stop).
    focus = ' tabindex="-1"' if movable else ""
    return (f'<g class="{" ".join(classes)}" data-block="{e(name)}" data-where="{e(b["area"])}" '
            f'role="button"{focus} aria-label="{e(", ".join(words))}" '
            f'transform="translate({num(x)} {num(y)})">{_moving(face, start, x, y)}</g>')


PILE_STEP = 2  # map units between the blocks of a pile's edge


def _piled(face: str, s: float, more: int) -> str:
    """A block's face as the top of a pile of `more` more blocks: the face shrunk so that two
    edges below it stay inside the block's own square, and a count badge ("+3")."""
    k = (s - 2 * PILE_STEP) / s
    edges = "".join(f'<rect class="pile-edge" x="{d}" y="{d}" width="{num(s * k)}" '
                    f'height="{num(s * k)}" rx="{num(s * 0.12 * k)}"/>'
                    for d in (2 * PILE_STEP, PILE_STEP))
    badge = (f'<g class="pile-count" transform="translate({num(s - 17)} {num(s - 14)})">'
             f'<rect width="17" height="14" rx="4"/><text x="8.5" y="11">+{more}</text></g>')
    return (f'<rect class="pile-hit" width="{s}" height="{s}"/>{edges}'
            f'<g transform="scale({num(k)})">{face}</g>{badge}')


def _face_text(s: float, label: str, strength, rating: str) -> str:
    """The printed face of a block `s` units wide: its name (squeezed to fit when long), its
    strength (big), its combat rating and kind ("B2 levy")."""
    name, tag = face_name(label)
    size = s * 0.27
    fit = ""
    if len(name) * size * 0.56 > s * 0.9:  # a serif bold letter is about 0.56 em wide
        fit = f' textLength="{num(s * 0.9)}" lengthAdjust="spacingAndGlyphs"'
    foot = f"{rating} {tag}".strip()
    return (f'<text class="blk-name" x="{num(s / 2)}" y="{num(s * 0.34)}" '
            f'font-size="{num(size)}"{fit}>{e(name)}</text>'
            f'<text class="blk-str" x="{num(s / 2)}" y="{num(s * 0.72)}" '
            f'font-size="{num(s * 0.4)}">{e(strength)}</text>'
            f'<text class="blk-rate" x="{num(s / 2)}" y="{num(s * 0.93)}" '
            f'font-size="{num(s * 0.19)}">{e(foot)}</text>')


def enemy_block(enemy: str, area: str, x: float, y: float, size: float, shown=None,
                start=None, hit=False, pile=0) -> str:
    """One enemy block: face down in its house colour, or face up while revealed in a battle
    (`shown`: {block, strength}); `start`: where it was drawn before (it glides from there)."""
    s = size
    if shown and pile < 0:  # revealed, inside a pile whose top is drawn
        return (f'<g class="blk enemy revealed in-pile side-{e(enemy.lower())}" '
                f'data-enemy-block data-where="{e(area)}" aria-hidden="true" '
                f'transform="translate({num(x)} {num(y)})"></g>')
    if shown:
        label = block_label(shown["block"])
        rating = (block(shown["block"]) or {}).get("rating", "")
        face = (f'<rect width="{s}" height="{s}" rx="{num(s * 0.12)}"/>'
                f'{_face_text(s, label, shown["strength"], rating)}')
        more = ""
        if pile > 0:  # the top of a pile: the revealed block face up, the count on it
            face = _piled(face, s, pile)
            more = f", on top of {pile} more in a pile"
        return (f'<g class="blk enemy revealed side-{e(enemy.lower())}{" hit" if hit else ""}'
                f'{" pile" if pile > 0 else ""}" '
                f'data-enemy-block data-where="{e(area)}" role="img" aria-label="{e(label)} '
                f'({e(enemy)}), combat rating {e(rating)}, strength {e(shown["strength"])}, '
                f'revealed in battle{more}" transform="translate({num(x)} {num(y)})">'
                f'{_moving(face, start, x, y)}</g>')
    if pile < 0:
        return (f'<g class="blk enemy face-down in-pile side-{e(enemy.lower())}" '
                f'data-enemy-block data-where="{e(area)}" aria-hidden="true" '
                f'transform="translate({num(x)} {num(y)})"></g>')
    if pile > 0:  # a pile of face-down blocks: its count on its face
        face = (f'<rect class="pile-edge" x="4" y="4" width="{s - 4}" height="{s - 4}" '
                f'rx="{num(s * 0.12)}"/><rect width="{s - 4}" height="{s - 4}" '
                f'rx="{num(s * 0.12)}"/><text class="blk-str" x="{num((s - 4) / 2)}" '
                f'y="{num(s * 0.62)}" font-size="{num(s * 0.42)}">{pile + 1}</text>')
        return (f'<g class="blk enemy face-down pile side-{e(enemy.lower())}" data-enemy-block '
                f'data-where="{e(area)}" data-count="{pile + 1}" role="img" aria-label="'
                f'{pile + 1} {e(enemy)} blocks, face down" transform="translate({num(x)} '
                f'{num(y)})">{_moving(face, start, x, y)}</g>')
    face = (f'<rect width="{s}" height="{s}" rx="{num(s * 0.12)}"/><circle class="rose" '
            f'cx="{num(s / 2)}" cy="{num(s / 2)}" r="{num(s * 0.2)}"/>')
    return (f'<g class="blk enemy face-down side-{e(enemy.lower())}" data-enemy-block '
            f'data-where="{e(area)}" role="img" aria-label="{e(enemy)} block, face down" '
            f'transform="translate({num(x)} {num(y)})">{_moving(face, start, x, y)}</g>')


def _by_name(blocks: list) -> list:
    return sorted(blocks, key=lambda b: (block_label(b["block"]), b["block"]))


def _spotted(n: int, cells: list, size: float, cell: float) -> tuple:
    """Where `n` blocks of `size` go on `cells` (top-left corners of cells `cell` wide): the
    first ones each on a cell, the rest piled on the last cell used. ([(x, y)] per block,
    index of the pile's top or None)."""
    if n <= 0 or not cells:
        return [], None
    inset = (cell - size) / 2
    spots = [(c[0] + inset, c[1] + inset) for c in cells]
    if n <= len(spots):
        return spots[:n], None
    top = len(spots) - 1
    return spots[:top] + [spots[top]] * (n - top), top


def _layout_spots(area, mine, shown, hidden, spots, prefer) -> dict:
    """A stack laid out on its area's spots (geo.spots): own blocks on the own cells, the
    enemy's on the foe cells (and on the own cells when no own block is there); what does not
    fit is a pile on the last cell, its top the first of `prefer` (the selected block, then
    those that may act) among the piled."""
    own_cells = spots.get("own") or []
    foe_cells = spots.get("foe") or []
    if len(mine) > len(own_cells) and prefer:
        rank = {n: i for i, n in enumerate(prefer)}
        mine = sorted(mine, key=lambda b: rank.get(b["block"], len(rank)))  # stable: by name
    own, own_pile = _spotted(len(mine), own_cells, OWN, OWN)
    cells = foe_cells if mine else foe_cells + own_cells
    n = len(shown) + hidden
    foe, foe_pile, sizes = [], None, []
    if n and cells:
        # a foe cell's size is its third number when it is not ENEMY (tools/spots.py)
        widths = [c[2] if len(c) > 2 else (ENEMY if k < len(foe_cells) else OWN)
                  for k, c in enumerate(cells)]
        at = [(c[0] + (OWN - ENEMY) / 2, c[1] + (OWN - ENEMY) / 2) if w == OWN else (c[0], c[1])
              for c, w in zip(cells, widths)]
        sizes = [ENEMY if w == OWN else w for w in widths]
        if n <= len(at):
            foe, sizes = at[:n], sizes[:n]
        else:
            foe_pile = len(at) - 1
            foe = at[:foe_pile] + [at[foe_pile]] * (n - foe_pile)
            sizes = sizes[:foe_pile] + [sizes[foe_pile]] * (n - foe_pile)
    used = own + foe
    x0 = min(p[0] for p in used)
    y0 = min(p[1] for p in used)
    ends = [OWN] * len(own) + sizes
    x1 = max(p[0] + w for p, w in zip(used, ends))
    y1 = max(p[1] + w for p, w in zip(used, ends))
    return {"area": area, "rect": [x0, y0, x1 - x0, y1 - y0], "mine": mine, "shown": shown,
            "hidden": hidden, "own": [(x - x0, y - y0) for x, y in own],
            "foe": [(x - x0, y - y0) for x, y in foe], "own_pile": own_pile,
            "foe_pile": foe_pile, "foe_size": sizes}


def layout(view: dict, geo: Geometry, prefer=()) -> list:
    """The stacks of `view`'s map, in map order, placed: [{"area", "rect": [x, y, w, h],
    "mine": own blocks by name, "shown": revealed enemy blocks by name, "hidden": how many
    face-down enemy blocks, "own": [(x, y)] and "foe": [(x, y)] from the rect's corner,
    "own_pile" / "foe_pile": the index of a pile's top block (the blocks after it are in the
    pile) or None}. With the map's spots (geo.spots, issue 55) each stack stands inside its
    area; without them (tests' geometries) stacks are grids pushed apart (relax)."""
    obs = view["obs"]
    own, revealed = {}, {}
    for b in obs["own_blocks"]:
        own.setdefault(b["area"], []).append(b)
    for b in obs.get("revealed") or []:
        revealed.setdefault(b["area"], []).append(b)
    counts = obs.get("enemy_counts") or {}
    stacks, loose = [], []
    for area in areas():
        mine = _by_name(own.get(area) or [])
        shown = _by_name(revealed.get(area) or [])
        hidden = max(0, counts.get(area, 0) - len(shown))
        if not (mine or shown or hidden) or area not in geo.centre:
            continue
        if geo.spots.get(area):
            stacks.append(_layout_spots(area, mine, shown, hidden, geo.spots[area], prefer))
            continue
        spots, foe, w, h = stack_shape(len(mine), len(shown) + hidden, geo.box.get(area))
        cx, cy = geo.centre[area]
        stacks.append({"area": area, "rect": [cx - w / 2, cy - h / 2, w, h], "mine": mine,
                       "shown": shown, "hidden": hidden, "own": spots, "foe": foe,
                       "own_pile": None, "foe_pile": None})
        loose.append(stacks[-1])
    if not loose:
        return stacks
    rects = [s["rect"] for s in loose]
    key = (tuple(tuple(r) for r in rects), tuple(geo.extent))
    pushed = _relaxed.get(key)
    if pushed is None:
        if len(_relaxed) >= 200:
            _relaxed.clear()
        pushed = [tuple(r) for r in relax(rects, geo.extent)]
        _relaxed[key] = pushed
    for s, r in zip(loose, pushed):
        s["rect"] = list(r)
    return stacks


_relaxed = {}  # relax()'s answers for the stacks of a map, by their rects: most drawings repeat one


def arrivals(view: dict) -> dict:
    """{area: the area the other side's latest move into it came from}, from what it did
    since this side last acted (the view's "since")."""
    out = {}
    for ev in view.get("since") or []:
        if ev.get("kind") in ("move", "sea", "retreat", "regroup", "attack") and ev.get("from") \
                and ev.get("to"):
            out[ev["to"]] = ev["from"]
    return out


def hits(before: dict, view: dict) -> list:
    """The blocks (own, and the enemy's revealed ones) whose strength fell since the drawing
    that `before` records (blocks_layer's `placed`), sorted."""
    if not before:
        return []
    now = list(view["obs"]["own_blocks"]) + list(view["obs"].get("revealed") or [])
    return sorted(b["block"] for b in now
                  if before.get("s:" + b["block"], 0) > b.get("strength", 0))


# The HTML of blocks drawn lately, by everything it is made from (blocks_layer): most blocks are
# drawn at the next decision as they were, and the blocks' HTML was the costliest part of a
# drawing of the map on MicroPython.
_drawn = {}


def _remember(key, make, *args) -> str:
    """make(*args), the HTML of a block, made once for each `key` (its inputs)."""
    html = _drawn.get(key)
    if html is None:
        if len(_drawn) >= 3000:
            _drawn.clear()
        html = make(*args)
        _drawn[key] = html
    return html


def blocks_layer(view: dict, geo: Geometry, marks: dict = None, placed: dict = None) -> str:
    """Every block of `view` on the map, area by area in map order; wrapped in
    `<g class="block-layer">`. `marks`: {"selected": block id, "movable": block ids, "before":
    the previous drawing's `placed` (blocks that moved glide from there, those hit are marked)}.
    `placed`, if given, is filled with where each block went (for the next drawing)."""
    marks = dict(marks or {})
    before = marks.get("before") or {}
    obs = view["obs"]
    side = view["side"]
    enemy = enemy_of(side)
    marks["crowned"] = (obs.get("crowned") or {}).get(side)
    marks["crown_title"] = "KING" if obs.get("king") == side else "PRETENDER"
    marks["hit"] = hits(before, view)
    came = arrivals(view) if before else {}
    record = {} if placed is None else placed
    out = []
    prefer = ([marks["selected"]] if marks.get("selected") else []) + list(
        marks.get("movable") or ())
    for st in layout(view, geo, prefer):
        area = st["area"]
        x0, y0, w, h = st["rect"]
        record["c:" + area] = (x0 + w / 2, y0 + h / 2)
        parts = []
        top, n_own = st.get("own_pile"), len(st["mine"])
        for i, (b, (dx, dy)) in enumerate(zip(st["mine"], st["own"])):
            x, y = x0 + dx, y0 + dy
            record["b:" + b["block"]] = (x, y)
            record["s:" + b["block"]] = b["strength"]
            name = b["block"]
            start = before.get("b:" + name)
            pile = 0 if top is None or i < top else (n_own - top - 1 if i == top else -1)
            key = ("own", name, b["strength"], bool(b.get("moved")), b["area"], side, x, y,
                   start, marks["crowned"] == name, marks["crown_title"],
                   name == marks.get("selected"), name in marks.get("movable", ()),
                   name in marks["hit"], pile)
            parts.append(_remember(key, own_block, b, side, x, y, OWN, marks, start, pile))
        shown, foe = st["shown"], st["foe"]
        top, n_foe = st.get("foe_pile"), len(shown) + st["hidden"]

        def piled(i):
            return 0 if top is None or i < top else (n_foe - top - 1 if i == top else -1)

        for i, (b, (dx, dy)) in enumerate(zip(shown, foe)):
            x, y = x0 + dx, y0 + dy
            record["b:" + b["block"]] = (x, y)
            record["s:" + b["block"]] = b.get("strength", 0)
            start, hit = before.get("b:" + b["block"]), b["block"] in marks["hit"]
            pile = piled(i)
            size = (st.get("foe_size") or [])[i] if st.get("foe_size") else ENEMY
            key = ("shown", enemy, area, x, y, b["block"], b["strength"], start, hit, pile,
                   size)
            parts.append(_remember(key, enemy_block, enemy, area, x, y, size,
                                   b, start, hit, pile))
        known = before.get("n:" + area, 0)
        source = came.get(area)
        for i in range(st["hidden"]):
            dx, dy = foe[len(shown) + i]
            x, y = x0 + dx, y0 + dy
            key = f"e:{area}:{i}"
            record[key] = (x, y)
            start = before.get(key) if i < known else None
            if start is None and source:
                centre = before.get("c:" + source) or geo.centre.get(source)
                start = (centre[0] - ENEMY / 2, centre[1] - ENEMY / 2) if centre else None
            pile = piled(len(shown) + i)
            size = st["foe_size"][len(shown) + i] if st.get("foe_size") else ENEMY
            parts.append(_remember(("foe", enemy, area, x, y, start, pile, size), enemy_block,
                                   enemy, area, x, y, size, None, start, False, pile))
        record["n:" + area] = st["hidden"]
        out.append(f'<g class="stack" data-stack="{e(area)}">{"".join(parts)}</g>')
    return f'<g class="block-layer">{"".join(out)}</g>'


def focus_rects(view: dict, geo: Geometry, placed: dict, selected=None, targets=None,
                movable=()):
    """The parts of the map the current decision is about, (rects, anchor), each rect
    (x, y, w, h) in map units: the areas lit, anchored on the selected block (None when it is
    not on the map); else the battle's area; else the blocks that may act (`placed`: where
    blocks_layer put them). ([], None) for none. mapzoom.js shows them all if they fit, else
    the anchor with the nearest of them (docs/ui.md)."""
    def area_rect(area):
        box = geo.box.get(area)
        if box:
            return tuple(box)
        if area in geo.centre:
            x, y = geo.centre[area]
            return (x - 30, y - 30, 60, 60)
        return None

    def block_rect(name):
        spot = placed.get("b:" + str(name))
        return (spot[0], spot[1], OWN, OWN) if spot else None

    battle = view["obs"].get("battle")
    anchor = None
    if targets:
        rects = [area_rect(a) for a in sorted(targets)]
        anchor = block_rect(selected) if selected else None
    elif isinstance(battle, dict) and battle.get("area"):
        rects = [area_rect(battle["area"])]
    else:
        rects = [block_rect(b) for b in movable]
    return [r for r in rects if r], anchor


# ------------------------------------------------------------- the boxes beside the map
def _box_block(b: dict, side: str, where: str, marks: dict) -> str:
    """An own block in the pool or the minors box, as HTML: a button (at least 44 px) when it
    may act now (a recruit, an heir coming of age), else a picture of it."""
    name = b["block"]
    info = block(name) or {}
    label = block_label(name)
    state = {"pool": "in the pool", "minors": "a minor"}.get(where, "in " + where)
    down = ", face down" if b.get("face_down") else ""
    classes = f"hblk own side-{side.lower()}" + (" down" if b.get("face_down") else "")
    short, tag = face_name(label, 16)
    face = (f'<span class="hb-name">{e(short)}</span>'
            f'<span class="hb-rate">{e((info.get("rating", "") + " " + tag).strip())}</span>')
    if name in marks.get("movable", ()):
        pressed = "true" if name == marks.get("selected") else "false"
        return (f'<button type="button" class="{classes} can-act" data-block="{e(name)}" '
                f'data-where="{where}" aria-pressed="{pressed}" aria-label="{e(label)} '
                f'({e(side)}), {state}{down}">{face}</button>')
    return (f'<span class="{classes}" data-block="{e(name)}" data-where="{where}" role="img" '
            f'aria-label="{e(label)} ({e(side)}), {state}{down}">{face}</span>')


def _chips(names: list, side: str, what: str) -> str:
    """Other blocks of a box (the enemy's minors, the dead), named."""
    return "".join(f'<span class="hblk chip side-{e(side.lower())}" role="img" '
                   f'aria-label="{e(block_label(n))} ({e(side)}), {what}">'
                   f'<span class="hb-name">{e(face_name(block_label(n), 16)[0])}</span></span>'
                   for n in names)


def pile_box(view: dict, geo: Geometry, marks: dict = None, group=None) -> str:
    """The blocks of the own pile the selection is in (the selected block's area, or the area
    selected as a group), each a button that selects it: a pile on the map shows one block
    and a count, so this is where the others are tapped (issue 55). "" when the selection is
    in no pile."""
    marks = marks or {}
    own = view["obs"]["own_blocks"]
    selected = marks.get("selected")
    area = group or next((b["area"] for b in own if b["block"] == selected), None)
    cells = (geo.spots.get(area) or {}).get("own") if area else None
    here = _by_name([b for b in own if b["area"] == area]) if cells else []
    if len(here) <= len(cells or []):
        return ""
    side = view["side"]
    chips = "".join(_box_block(b, side, area, marks) for b in here)
    return (f'<div class="bx bx-pile" data-pile="{e(area)}"><h3>Your blocks in {e(area)} '
            f'<small>({len(here)})</small></h3><div class="bx-blocks">{chips}</div></div>')


def boxes_board(obs: dict, side: str, marks: dict = None) -> str:
    """The boxes of the map's track panel, drawn beside the map as HTML (readable and tappable
    on every screen): this side's pool (its blocks named, those that may be recruited now as
    buttons: `data-block`, `data-where="pool"`), the enemy's pool (face down, counted), the
    minors (this side's tappable when one comes of age: `data-where="minors"`), the dead, and
    the campaign and turn."""
    marks = marks or {}
    enemy = enemy_of(side)
    pool = _by_name(obs.get("pool") or [])
    mine = "".join(_box_block(b, side, "pool", marks) for b in pool)
    n = obs.get("enemy_pool_size", 0)
    backs = "".join(f'<span class="hblk back side-{e(enemy.lower())}"></span>'
                    for _ in range(min(n, 12)))
    minors = obs.get("minors") or {}
    dead = sorted(obs.get("dead") or [])
    by_side = {who: [] for who in SIDES}
    for name in dead:
        owner = (block(name) or {}).get("side")
        # the Rebel (3.26) is counted with the first side's dead
        by_side.get(owner, by_side[SIDES[0]] if owner == "Rebel" else []).append(name)
    rows = [f'<div class="bx bx-pool"><h3>Your pool <small>({len(pool)})</small></h3>'
            f'<div class="bx-blocks">{mine or "<i>empty</i>"}</div></div>',
            f'<div class="bx bx-enemy"><h3>{e(enemy)} pool <small>({e(n)})</small></h3>'
            f'<div class="bx-blocks" role="img" aria-label="{e(n)} {e(enemy)} blocks in the '
            f'pool, face down">{backs or "<i>empty</i>"}</div></div>']
    small = []
    for who in SIDES:
        names = sorted(minors.get(who) or [])
        if not names:
            continue
        if who == side:
            chips = "".join(_box_block({"block": m}, side, "minors", marks) for m in names)
        else:
            chips = _chips(names, who, "a minor")
        small.append(f'<div class="bx"><h3>{e(who)} minors</h3><div class="bx-blocks">'
                     f'{chips}</div></div>')
    for who in SIDES:
        if by_side[who]:
            small.append(f'<div class="bx"><h3>{e(who)} dead <small>({len(by_side[who])})'
                         f'</small></h3><div class="bx-blocks">'
                         f'{_chips(by_side[who], who, "dead")}</div></div>')
    track = (f'<p class="bx-track">Campaign <b>{e(obs.get("campaign"))}</b> of '
             f'{e(obs.get("last_campaign"))}, turn <b>{e(obs.get("turn"))}</b> of 7</p>')
    return (f'<section class="boxes-board side-{e(side.lower())}" data-board aria-label="Pools, '
            f'minors and the dead">{"".join(rows)}{"".join(small)}{track}</section>')


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


# What a lit target's badge says before its cost, by taps.target_kind: a mark, not colour alone.
TARGET_MARKS = {"land": "\u2192 land", "sea": "\u2693 sea", "attack": "\u2694 attack"}


def targets_layer(targets: dict, geo: Geometry) -> str:
    """A badge on each lit area (`targets`: {area: [choice, ...]}): what the tap makes (land,
    sea, attack) and the AP it costs, at the area's middle; taps go through it."""
    out = []
    for area in sorted(targets or {}):
        choice = targets[area][0]
        if area not in geo.centre or choice.get("kind") not in ("move", "sea"):
            continue
        kind = target_kind(choice)
        cost = sum(target_cost(c) for c in targets[area]) if len(targets[area]) > 1 \
            else target_cost(choice)
        text = f"{TARGET_MARKS[kind]} {cost} AP" if cost else f"{TARGET_MARKS[kind]} free"
        if supply_over(targets[area]):
            text += " \u26a0 supply"  # over the supply limit (7.1): the prompt says how much
        box = geo.box.get(area)
        x, y = (box[0] + box[2] / 2, box[1] + box[3] / 2) if box else geo.centre[area]
        w = len(text) * 5.6 + 8
        out.append(f'<g class="target-badge kind-{kind}" data-target-badge="{e(area)}" '
                   f'transform="translate({num(x - w / 2)} {num(y - 8)})"><rect width="{num(w)}" '
                   f'height="16" rx="5"/><text x="{num(w / 2)}" y="12">{e(text)}</text></g>')
    return f'<g class="target-layer" aria-hidden="true">{"".join(out)}</g>'


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
