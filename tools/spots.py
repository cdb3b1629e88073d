"""Where blocks may stand on the map: for each area of web/map.svg, the spots (top-left corners
of cells of CELL map units) that lie over the area's own shape, clear of every printed area name
and of every other area's spots (issue 55). Computed at build time (build.py writes them into
the page's settings, `richard3.spots`) with the standard library only; board.py lays a stack
out on its area's spots, nearest the area's middle first, and draws what does not fit as a pile
with a count.

A spot is kept when its cell's centre is over the area and at least MIN_INSIDE of the cell is
(the e2e check asks for half of every drawn block's box); cells of one area form a grid (the
origin that gives the area the most cells, then the nearest its middle), areas with the fewest
possible cells choosing first. `python tools/spots.py --write` writes them into web/map-spots.json (build.py reads it; a test
checks it against the map), and prints each area's counts.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP_SVG = ROOT / "web" / "map.svg"
CELL = 48          # an own block's side (board.OWN)
GAP = 4            # between two cells, any areas
MIN_INSIDE = 0.6   # of a cell over its own area
PLAY_AREA = (0, 0, 816, 768)  # board.PLAY_AREA
NAME_SIZE = 10.5   # the page's font size of an area's name (style.css, #map .map-area-name)
NAME_PAD = 2.0
STEP = 3           # the lattice of cells tried, in map units


def _polygons(d: str) -> list:
    """The closed rings of an SVG path made of M, L and Z commands."""
    rings, ring = [], []
    for cmd, args in re.findall(r"([MLZmlz])([^MLZmlz]*)", d):
        nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", args)]
        if cmd in "Mm":
            if ring:
                rings.append(ring)
            ring = [(nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]
        elif cmd in "Ll":
            ring.extend((nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2))
        else:
            if ring:
                rings.append(ring)
            ring = []
    if ring:
        rings.append(ring)
    return rings


class Mask:
    """Which unit pixels of a box lie inside some rings (even-odd), and sums over rectangles."""

    def __init__(self, rings: list):
        xs = [p[0] for r in rings for p in r]
        ys = [p[1] for r in rings for p in r]
        self.x0, self.y0 = int(min(xs)) - 1, int(min(ys)) - 1
        self.w, self.h = int(max(xs)) + 2 - self.x0, int(max(ys)) + 2 - self.y0
        edges = []
        for r in rings:
            for i in range(len(r)):
                edges.append((r[i], r[(i + 1) % len(r)]))
        w = self.w
        # integral image, (h + 1) x (w + 1)
        table = [[0] * (w + 1)]
        for row in range(self.h):
            y = self.y0 + row + 0.5
            cuts = sorted(a[0] + (y - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
                          for a, b in edges if (a[1] <= y) != (b[1] <= y))
            line = [0] * w
            for k in range(0, len(cuts) - 1, 2):
                lo = max(0, int(cuts[k] - self.x0 + 0.5))
                hi = min(w, int(cuts[k + 1] - self.x0 + 0.5))
                for c in range(lo, hi):
                    line[c] = 1
            acc, prev, out = 0, table[-1], [0]
            for c in range(w):
                acc += line[c]
                out.append(prev[c + 1] + acc)
            table.append(out)
        self.table = table

    def count(self, x: float, y: float, w: float, h: float) -> int:
        """Pixels inside in the rectangle (clipped to the mask)."""
        c0 = min(max(int(round(x - self.x0)), 0), self.w)
        c1 = min(max(int(round(x + w - self.x0)), 0), self.w)
        r0 = min(max(int(round(y - self.y0)), 0), self.h)
        r1 = min(max(int(round(y + h - self.y0)), 0), self.h)
        t = self.table
        return t[r1][c1] - t[r0][c1] - t[r1][c0] + t[r0][c0]

    def inside(self, x: float, y: float) -> bool:
        return self.count(x - 0.5, y - 0.5, 1, 1) > 0


def _overlaps(a, b, pad=0.0) -> bool:
    return (a[0] < b[0] + b[2] + pad and b[0] < a[0] + a[2] + pad
            and a[1] < b[1] + b[3] + pad and b[1] < a[1] + a[3] + pad)


def read_map(text: str) -> tuple:
    """({area: rings}, [name boxes (x, y, w, h)], {area: its middle (x, y)}) from map.svg."""
    shapes = {}
    for tag in re.findall(r"<path\b[^>]*\bdata-area=\"[^\"]+\"[^>]*>", text):
        area = re.search(r'data-area="([^"]+)"', tag).group(1)
        d = re.search(r'\sd="([^"]+)"', tag).group(1)
        shapes.setdefault(area, []).extend(_polygons(d))
    names = []
    for x, y, words in re.findall(
            r'<text class="map-area-name" x="([\d.]+)" y="([\d.]+)">([^<]*)</text>', text):
        # bold serif capitals: about 0.72 em wide, letter-spacing 0.5; the baseline at y
        width = len(words) * (NAME_SIZE * 0.72 + 0.5)
        names.append((float(x) - width / 2 - NAME_PAD, float(y) - NAME_SIZE * 0.8 - NAME_PAD,
                      width + 2 * NAME_PAD, NAME_SIZE + 2 * NAME_PAD))
    meta = json.loads(re.search(r'<metadata id="map-data">(.*?)</metadata>', text, re.S).group(1))
    middles = {}
    for area, info in meta["areas"].items():
        first = (info.get("slots") or [])[:4] or [info.get("label")]
        middles[area] = (sum(p[0] for p in first) / len(first),
                         sum(p[1] for p in first) / len(first))
    return shapes, names, middles


# How much of a printed name cells may cover at most, all together (the e2e check allows 30%
# of the name's drawn box, which is smaller than the one estimated here).
NAME_COVER = 0.2


def _cover(a, b) -> float:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _fits(mask, cell, names, taken, inside) -> bool:
    """Whether `cell` may be an area's spot: over the shown map, its centre and `inside` of it
    over the area, clear of the cells `taken` and of the names: `names` is a list of boxes
    (none may be touched) or a dict {box: area covered so far} (each may be covered up to
    NAME_COVER in all)."""
    x, y, w, h = cell
    if not (PLAY_AREA[0] <= x and x + w <= PLAY_AREA[0] + PLAY_AREA[2]
            and PLAY_AREA[1] <= y and y + h <= PLAY_AREA[1] + PLAY_AREA[3]
            and mask.inside(x + w / 2, y + h / 2)
            and mask.count(x, y, w, h) >= inside * w * h
            and not any(_overlaps(cell, t, GAP - 0.01) for t in taken)):
        return False
    if isinstance(names, dict):
        return all(used + _cover(cell, n) <= NAME_COVER * n[2] * n[3]
                   for n, used in names.items())
    return not any(_overlaps(cell, n) for n in names)


def _choose(mask, middle, names, taken, size, inside):
    """The free cell of `size` over the area nearest its middle, or None."""
    best = None
    for row in range(0, mask.h, STEP):
        y = mask.y0 + row - size / 2
        for col in range(0, mask.w, STEP):
            x = mask.x0 + col - size / 2
            d = (x + size / 2 - middle[0]) ** 2 + (y + size / 2 - middle[1]) ** 2
            if best is not None and d >= best[0]:
                continue
            cell = (x, y, size, size)
            if _fits(mask, cell, names, taken, inside):
                best = (d, cell)
    return best[1] if best else None


def _all(mask, middle, names, taken, size, inside, limit):
    """The free cells of `size` over the area, nearest its middle first (at most `limit`)."""
    found = []
    for row in range(0, mask.h, STEP):
        y = mask.y0 + row - size / 2
        for col in range(0, mask.w, STEP):
            x = mask.x0 + col - size / 2
            cell = (x, y, size, size)
            if _fits(mask, cell, names, taken, inside):
                d = (x + size / 2 - middle[0]) ** 2 + (y + size / 2 - middle[1]) ** 2
                found.append((d, cell))
    found.sort()
    return [c for _, c in found[:limit]]


def _pair(mask, middle, names, taken, covered):
    """An own cell and a foe cell of an area, both free, the own one the nearest its middle
    that leaves room for a foe cell; the rules relaxed (half inside, over a part of names:
    `covered`, {name box: area covered so far}) where the area has no room otherwise.
    (own, foe), either None if there is no room at all."""
    for inside, clear in ((MIN_INSIDE, names), (0.52, names), (0.52, covered)):
        owns = _all(mask, middle, clear, taken, CELL, inside, 400)
        for own in owns[::4][:60] if len(owns) > 60 else owns:
            if isinstance(clear, dict):  # the foe cell counts what the own one covers
                clear = {n: covered[n] + _cover(own, n) for n in covered}
            foe = _choose(mask, middle, clear, taken + [own], FOE, inside)
            clear = covered if isinstance(clear, dict) else clear
            if foe is not None:
                return own, foe
    owns = _all(mask, middle, covered, taken, CELL, 0.52, 1)
    if not owns:
        return None, None
    # no room for a foe cell beside it: a smaller one (face-down blocks are not tapped)
    foe = _choose(mask, middle, names, taken + [owns[0]], SMALL_FOE, 0.52)
    return owns[0], foe


# The order an area's cells are chosen in: "own" cells (an own block, CELL wide) and "foe"
# cells (an enemy block, FOE wide), alternating so that a battle finds room for both sides.
ORDER = ("own", "foe", "own", "own", "foe", "own", "foe", "own")
FOE = 32  # board.ENEMY
SMALL_FOE = 24  # a foe cell where FOE finds no room (its size is the spot's third number)


def compute(text: str) -> dict:
    """{area: {"own": [[x, y], ...], "foe": [[x, y], ...]}}: each area's spots for its own
    blocks (CELL wide) and the enemy's (FOE wide), top-left corners, nearest its middle first.
    Areas left without an own and a foe spot choose earlier in the next try."""
    shapes, names, middles = read_map(text)
    names = [tuple(n) for n in names]
    masks = {a: Mask(r) for a, r in shapes.items()}
    order = sorted(masks, key=lambda a: (masks[a].count(masks[a].x0, masks[a].y0,
                                                        masks[a].w, masks[a].h), a))
    label_of = {a: i for i, a in enumerate(sorted(masks))}  # names are in the areas' order
    moved, best = {}, None
    for attempt in range(20):
        spots = _place(order, masks, names, middles)
        short = [a for a in order if not (spots[a]["own"] and spots[a]["foe"])]
        lacking = sum((not spots[a]["own"]) * 2 + (not spots[a]["foe"]) for a in short)
        if best is None or lacking < best[0]:
            best = (lacking, spots, dict(moved))
        if not short:
            break
        for area in short:  # its name moved to its edge, once, to give its blocks room
            if area not in moved or attempt >= 6:
                i = label_of[area]
                box = _name_place(masks[area], middles[area], names[i],
                                  [n for j, n in enumerate(names) if j != i])
                if box:
                    names[i] = box
                    moved[area] = [round(box[0] + box[2] / 2, 1),
                                   round(box[1] + NAME_PAD + NAME_SIZE * 0.8, 1)]
        order = short + [a for a in order if a not in short]
    _, spots, moved = best
    out = {a: spots[a] for a in sorted(spots)}
    for area in moved:
        out[area]["name"] = moved[area]
    return out


def _name_place(mask, middle, box, others):
    """A place for an area's name (`box`'s size) wholly over the area, clear of the other
    names, the farthest from the area's middle: its blocks stand there instead."""
    for share in (0.98, 0.8, 0.6):
        found = _name_at(mask, middle, box, others, share)
        if found:
            return found
    return None


def _name_at(mask, middle, box, others, share):
    w, h = box[2], box[3]
    best = None
    for row in range(0, mask.h, STEP):
        y = mask.y0 + row
        for col in range(0, mask.w, STEP):
            x = mask.x0 + col
            cell = (x, y, w, h)
            if mask.count(x, y, w, h) < w * h * share or any(_overlaps(cell, n) for n in others):
                continue
            d = (x + w / 2 - middle[0]) ** 2 + (y + h / 2 - middle[1]) ** 2
            if best is None or d > best[0]:
                best = (d, cell)
    return best[1] if best else None


def _place(order, masks, names, middles) -> dict:
    taken = []
    covered = {n: 0.0 for n in names}
    spots = {a: {"own": [], "foe": []} for a in masks}
    for area in order:  # first an own cell and a foe cell beside it, area by area
        pair = _pair(masks[area], middles[area], names, taken, covered)
        for kind, cell in zip(("own", "foe"), pair):
            if cell is not None:
                taken.append(cell)
                for n in covered:
                    covered[n] += _cover(cell, n)
                spot = [round(cell[0], 1), round(cell[1], 1)]
                if cell[2] not in (CELL, FOE):
                    spot.append(cell[2])
                spots[area][kind].append(spot)
    for kind in ORDER[2:]:  # then a round over every area for each more cell
        size = CELL if kind == "own" else FOE
        for area in order:
            cell = _choose(masks[area], middles[area], names, taken, size, MIN_INSIDE)
            if cell is not None:
                taken.append(cell)
                spots[area][kind].append([round(cell[0], 1), round(cell[1], 1)])
    return spots


SPOTS_JSON = ROOT / "web" / "map-spots.json"


def spots_of_map(path: Path = MAP_SVG) -> dict:
    return compute(path.read_text())


if __name__ == "__main__":
    got = spots_of_map()
    if "--write" in sys.argv:
        SPOTS_JSON.write_text(json.dumps(got, separators=(",", ":")) + "\n")
    for area, cells in got.items():
        print(f"{area:14} own {len(cells['own'])} foe {len(cells['foe'])}")
