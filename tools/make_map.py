#!/usr/bin/env python3
"""Draw the Richard III map: writes web/map.svg from public-domain coastlines and the game's facts.

Build-time only (``python3 build.py map`` installs the ``map`` extra, then runs this file).
Inputs:
  - src/richard3/data/map.toml: areas (kind, seas, symbols, approx_lon_lat) and land borders;
  - node_modules/world-atlas/land-10m.json: Natural Earth 1:10m land (public domain), TopoJSON,
    installed by ``npm install`` (package.json devDependency ``world-atlas``).
Output: web/map.svg (committed; the page loads it from its own origin, nothing else).

How the map is made:
  1. Land polygons are decoded from the TopoJSON, clipped to a frame around England and Wales,
     projected to the British National Grid (EPSG:27700) and scaled to a 1024x768 viewBox.
  2. The estuaries of the Severn, Humber and Thames are re-cut as water channels that end in a
     sharp point, so that the areas on either bank share no edge (rules 2.1; the facts list no
     Glamorgan-Somerset, East Yorks-Lincoln or Kent-Essex border).
  3. England, Wales and southern Scotland are cut into the game's areas by a hand-drawn network
     of border lines (JUNCTIONS and BORDER_LINES below, in degrees of longitude and latitude),
     given a slight deterministic wiggle so they read as drawn rather than ruled.
  4. The water is cut into the three sea zones by two short divider lines (Dover-Calais and
     south from the Lizard); Scotland separates the North Sea from the Irish Sea by itself.
  5. Everything (frame, coasts, borders, dividers) is noded and polygonized in one pass, so a
     border shared by two areas has exactly the same vertices in both area paths, and so does a
     coast shared by an area and its sea zone; the tests rely on that to recover adjacency.
  6. The generator checks the drawn adjacency and sea contacts against map.toml and refuses to
     write a map that disagrees.
  7. Symbols, labels, block slots, port markers, off-map boxes and the legend are laid out
     (automatic placement with per-area hand-tuned nudges) and written as SVG.

Hand-tuned (edit these tables, then rerun):
  - JUNCTIONS / BORDER_LINES: where the area borders run (not historical county lines: the game's
    areas are its own; they are drawn so that exactly the facts' borders exist, with room for
    blocks in every area).
  - SCOTTISH_BORDER: the Anglo-Scottish border, Solway to Berwick.
  - ESTUARIES: the water channels (centre line, width at the mouth) and the land patches that
    fill the Natural Earth estuary heads they replace.
  - SEA_DIVIDERS and SEA_SEEDS: the sea-zone boundaries.
  - ISLE_OF_MAN_SCALE: the Isle of Man is drawn enlarged about its centre so eight blocks fit.
  - LAYOUT: per-area nudges of the label and the block slots; the off-map boxes' places.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import os
import re
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

import shapely
import shapely.affinity
import shapely.ops
from pyproj import Transformer
from shapely.geometry import (
    LineString,
    MultiLineString,
    Point,
    Polygon,
    box,
)
from shapely.ops import linemerge, polygonize, unary_union

ROOT = Path(__file__).resolve().parent.parent
FACTS_PATH = ROOT / "src" / "richard3" / "data" / "map.toml"
LAND_PATH = Path(
    os.environ.get("RICHARD3_LAND_JSON", ROOT / "node_modules" / "world-atlas" / "land-10m.json")
)
OUT_PATH = ROOT / "web" / "map.svg"

# ---------------------------------------------------------------------------------------------
# Frame and projection
# ---------------------------------------------------------------------------------------------
VIEW_W, VIEW_H = 1024, 768
# The frame in British National Grid metres: from west of Dublin to the Dutch coast, from below
# the Lizard (room for the France box) to just north of the Firth of Forth.
FRAME_E0, FRAME_N0, FRAME_N1 = 40_000.0, -8_000.0, 672_000.0
SCALE = VIEW_H / (FRAME_N1 - FRAME_N0)  # SVG units per metre
FRAME_E1 = FRAME_E0 + VIEW_W / SCALE
LONLAT_CLIP = (-10.5, 48.0, 7.5, 57.5)  # generous lon/lat box cut out before projecting

_TO_BNG = Transformer.from_crs("EPSG:4326", "EPSG:27700", always_xy=True)


def to_svg(lon: float, lat: float) -> tuple[float, float]:
    """Project one lon/lat point to SVG units (y down)."""
    e, n = _TO_BNG.transform(lon, lat)
    return ((e - FRAME_E0) * SCALE, (FRAME_N1 - n) * SCALE)


def km(d: float) -> float:
    """A distance in kilometres on the ground, in SVG units."""
    return d * 1000.0 * SCALE


def project_geom(geom):
    """Project a lon/lat shapely geometry to SVG units."""
    def f(coords):
        e, n = _TO_BNG.transform(coords[:, 0], coords[:, 1])
        return list(zip((e - FRAME_E0) * SCALE, (FRAME_N1 - n) * SCALE))

    import numpy as np

    return shapely.transform(geom, lambda c: np.asarray(f(c)))


# ---------------------------------------------------------------------------------------------
# Hand-tuned geography (lon, lat)
# ---------------------------------------------------------------------------------------------
# Points where three or more areas meet. Coast ends of border lines are given inline as points a
# little out in the water, so that each line crosses the coastline exactly once.
JUNCTIONS: dict[str, tuple[float, float]] = {
    "Scot/Cumb/Nhum": (-2.68, 55.17),
    "Cumb/Nhum/NYks": (-2.32, 54.72),
    "Cumb/NYks/Lanc": (-2.58, 54.28),
    "Nhum/NYks/EYks": (-1.48, 54.52),
    "NYks/EYks/SYks": (-1.30, 54.15),
    "Lanc/NYks/SYks": (-2.10, 54.00),
    "Lanc/SYks/Derb": (-1.95, 53.55),
    "Lanc/Derb/Ches": (-2.15, 53.36),
    "SYks/Linc/Derb": (-1.00, 53.38),
    "Ches/Derb/Warw": (-2.00, 52.96),
    "Derb/Warw/Leic": (-1.36, 52.82),
    "Derb/Leic/Linc": (-0.85, 52.97),
    "Linc/Leic/Rutl": (-0.58, 52.83),
    "Leic/Rutl/Essx": (-0.35, 52.30),
    "Rutl/EAng/Essx": (0.50, 52.22),
    "Leic/Essx/Midd": (-0.30, 51.95),
    "Leic/Midd/Oxfd": (-0.72, 51.80),
    "Leic/Oxfd/Warw": (-1.18, 52.20),
    "Warw/Oxfd/Glou": (-1.62, 52.10),
    "Warw/Glou/Here": (-2.22, 52.27),
    "Ches/Here/Warw": (-2.58, 52.58),
    "Ches/Powy/Here": (-2.95, 52.60),
    "Caer/Ches/Powy": (-3.05, 53.00),
    "Caer/Powy/Pemb": (-3.58, 52.60),
    "Pemb/Powy/Glam": (-3.45, 52.18),
    "Here/Powy/Glam": (-3.08, 52.16),
    "Glou/Wilt/Oxfd": (-1.42, 51.72),
    "Glou/Soms/Wilt": (-2.30, 51.40),
    "Oxfd/Wilt/Suss": (-1.25, 51.30),
    "Oxfd/Suss/Midd": (-0.85, 51.27),
    "Midd/Suss/Kent": (-0.08, 51.08),
    "Suss/Wilt/Dors": (-1.40, 50.98),
    "Dors/Wilt/Soms": (-2.22, 50.98),
    "Soms/Dors/Corn": (-3.40, 50.84),
    # Estuary heads: the water channel ends in a point where these areas meet.
    "Severn head": (-2.45, 51.735),
    "Humber head": (-0.74, 53.70),
}

# Each border line: (area a, area b, [points]); points are junction names or (lon, lat) in water.
BORDER_LINES: list[tuple[str, str, list]] = [
    ("Cumbria", "Northumbria", ["Scot/Cumb/Nhum", (-2.50, 54.90), "Cumb/Nhum/NYks"]),
    ("Cumbria", "North Yorks", ["Cumb/Nhum/NYks", (-2.45, 54.50), "Cumb/NYks/Lanc"]),
    ("Cumbria", "Lancaster", ["Cumb/NYks/Lanc", (-2.70, 54.22), (-2.90, 54.17)]),
    ("North Yorks", "Northumbria", ["Cumb/Nhum/NYks", (-1.85, 54.66), "Nhum/NYks/EYks"]),
    ("East Yorks", "Northumbria", ["Nhum/NYks/EYks", (-1.25, 54.58), (-1.12, 54.66)]),
    ("East Yorks", "North Yorks", ["Nhum/NYks/EYks", "NYks/EYks/SYks"]),
    ("Lancaster", "North Yorks", ["Cumb/NYks/Lanc", "Lanc/NYks/SYks"]),
    ("North Yorks", "South Yorks", ["Lanc/NYks/SYks", (-1.55, 54.10), "NYks/EYks/SYks"]),
    ("East Yorks", "South Yorks", ["NYks/EYks/SYks", (-0.97, 54.00), (-0.88, 53.83), "Humber head"]),
    ("Lincoln", "South Yorks", ["Humber head", (-0.85, 53.55), "SYks/Linc/Derb"]),
    ("Lancaster", "South Yorks", ["Lanc/NYks/SYks", (-2.05, 53.78), "Lanc/SYks/Derb"]),
    ("Derby", "South Yorks", ["Lanc/SYks/Derb", (-1.45, 53.47), "SYks/Linc/Derb"]),
    ("Derby", "Lancaster", ["Lanc/SYks/Derb", "Lanc/Derb/Ches"]),
    ("Chester", "Lancaster", ["Lanc/Derb/Ches", (-2.55, 53.36), (-2.80, 53.32), (-2.88, 53.315)]),
    ("Chester", "Derby", ["Lanc/Derb/Ches", (-2.00, 53.05), "Ches/Derb/Warw"]),
    ("Derby", "Warwick", ["Ches/Derb/Warw", "Derb/Warw/Leic"]),
    ("Derby", "Leicester", ["Derb/Warw/Leic", (-1.10, 52.88), "Derb/Leic/Linc"]),
    ("Derby", "Lincoln", ["Derb/Leic/Linc", (-0.90, 53.18), "SYks/Linc/Derb"]),
    ("Leicester", "Lincoln", ["Derb/Leic/Linc", "Linc/Leic/Rutl"]),
    ("Lincoln", "Rutland", ["Linc/Leic/Rutl", (-0.20, 52.86), (0.10, 52.88), (0.16, 52.92)]),
    ("East Anglia", "Rutland", ["Rutl/EAng/Essx", (0.46, 52.55), (0.36, 52.76), (0.33, 52.86)]),
    ("East Anglia", "Essex", ["Rutl/EAng/Essx", (0.80, 52.10), (1.20, 51.97), (1.32, 51.94)]),
    ("Leicester", "Rutland", ["Linc/Leic/Rutl", (-0.50, 52.50), "Leic/Rutl/Essx"]),
    ("Essex", "Rutland", ["Leic/Rutl/Essx", "Rutl/EAng/Essx"]),
    ("Essex", "Leicester", ["Leic/Rutl/Essx", (-0.35, 52.05), "Leic/Essx/Midd"]),
    ("Essex", "Middlesex", ["Leic/Essx/Midd", (0.05, 51.70), (0.20, 51.52), (0.20, 51.48)]),
    ("Leicester", "Middlesex", ["Leic/Essx/Midd", "Leic/Midd/Oxfd"]),
    ("Leicester", "Oxford", ["Leic/Midd/Oxfd", (-0.95, 52.02), "Leic/Oxfd/Warw"]),
    ("Leicester", "Warwick", ["Derb/Warw/Leic", (-1.24, 52.50), "Leic/Oxfd/Warw"]),
    ("Oxford", "Warwick", ["Leic/Oxfd/Warw", "Warw/Oxfd/Glou"]),
    ("Gloucester", "Warwick", ["Warw/Oxfd/Glou", "Warw/Glou/Here"]),
    ("Hereford", "Warwick", ["Warw/Glou/Here", "Ches/Here/Warw"]),
    ("Chester", "Warwick", ["Ches/Here/Warw", (-2.18, 52.68), "Ches/Derb/Warw"]),
    ("Chester", "Hereford", ["Ches/Powy/Here", "Ches/Here/Warw"]),
    ("Chester", "Powys", ["Caer/Ches/Powy", (-3.02, 52.78), "Ches/Powy/Here"]),
    ("Caernarvon", "Chester", ["Caer/Ches/Powy", (-3.05, 53.15), (-3.12, 53.27)]),
    ("Caernarvon", "Powys", ["Caer/Ches/Powy", (-3.40, 52.82), "Caer/Powy/Pemb"]),
    ("Caernarvon", "Pembroke", ["Caer/Powy/Pemb", (-3.90, 52.63), (-4.12, 52.64)]),
    ("Pembroke", "Powys", ["Caer/Powy/Pemb", "Pemb/Powy/Glam"]),
    ("Glamorgan", "Pembroke", ["Pemb/Powy/Glam", (-3.98, 51.75), (-4.12, 51.66)]),
    ("Glamorgan", "Powys", ["Pemb/Powy/Glam", "Here/Powy/Glam"]),
    ("Hereford", "Powys", ["Ches/Powy/Here", (-3.10, 52.20), "Here/Powy/Glam"]),
    ("Glamorgan", "Hereford", ["Here/Powy/Glam", (-2.80, 51.82), "Severn head"]),
    ("Gloucester", "Hereford", ["Warw/Glou/Here", (-2.35, 51.90), "Severn head"]),
    ("Gloucester", "Somerset", ["Severn head", (-2.35, 51.60), "Glou/Soms/Wilt"]),
    ("Gloucester", "Oxford", ["Warw/Oxfd/Glou", "Glou/Wilt/Oxfd"]),
    ("Gloucester", "Wilts", ["Glou/Wilt/Oxfd", "Glou/Soms/Wilt"]),
    ("Oxford", "Wilts", ["Glou/Wilt/Oxfd", "Oxfd/Wilt/Suss"]),
    ("Oxford", "Sussex", ["Oxfd/Wilt/Suss", "Oxfd/Suss/Midd"]),
    ("Middlesex", "Oxford", ["Leic/Midd/Oxfd", "Oxfd/Suss/Midd"]),
    ("Middlesex", "Sussex", ["Oxfd/Suss/Midd", "Midd/Suss/Kent"]),
    ("Kent", "Middlesex", ["Midd/Suss/Kent", (0.25, 51.35), (0.30, 51.44), (0.30, 51.47)]),
    ("Kent", "Sussex", ["Midd/Suss/Kent", (0.45, 50.98), (0.62, 50.82)]),
    ("Sussex", "Wilts", ["Oxfd/Wilt/Suss", "Suss/Wilt/Dors"]),
    ("Dorset", "Sussex", ["Suss/Wilt/Dors", (-1.15, 50.85), (-1.10, 50.78)]),
    ("Dorset", "Wilts", ["Suss/Wilt/Dors", "Dors/Wilt/Soms"]),
    ("Somerset", "Wilts", ["Glou/Soms/Wilt", "Dors/Wilt/Soms"]),
    ("Dorset", "Somerset", ["Dors/Wilt/Soms", "Soms/Dors/Corn"]),
    ("Cornwall", "Dorset", ["Soms/Dors/Corn", (-3.45, 50.72), (-3.43, 50.60)]),
    ("Cornwall", "Somerset", ["Soms/Dors/Corn", (-3.78, 51.05), (-3.92, 51.27)]),
]

# The Anglo-Scottish border, from the Solway to the sea at Berwick, through the Cumbria /
# Northumbria / Scotland junction.
SCOTTISH_BORDER: list = [
    (-3.09, 54.955), (-3.02, 55.02), (-2.86, 55.06), "Scot/Cumb/Nhum",
    (-2.48, 55.35), (-2.25, 55.45), (-2.28, 55.60), (-2.10, 55.76), (-1.98, 55.82),
]

# Estuaries re-cut as water wedges: centre line from the mouth to the head (the head is a
# junction), the half-width at the mouth in km (tapering to a point at the head), and a land patch
# (lon/lat polygon) that first fills Natural Earth's own estuary head so our wedge defines it.
ESTUARIES: dict[str, dict] = {
    "Severn": {
        "centre": [(-2.80, 51.52), (-2.66, 51.61), (-2.55, 51.67), "Severn head"],
        "half_width_km": 2.2,
        "fill": [(-2.74, 51.60), (-2.62, 51.56), (-2.30, 51.70), (-2.28, 51.82), (-2.45, 51.84)],
    },
    "Humber": {
        "centre": [(-0.35, 53.725), (-0.50, 53.71), (-0.62, 53.705), "Humber head"],
        "half_width_km": 1.6,
        "fill": [(-0.48, 53.735), (-0.47, 53.675), (-0.80, 53.66), (-0.80, 53.75)],
    },
    "Thames": {
        "centre": [(0.45, 51.465), (0.30, 51.47), (0.10, 51.49), (-0.10, 51.505)],
        "half_width_km": 1.1,
        "fill": [],
    },
}

# Sea-zone dividers, each drawn from land to land (or land to the frame) across the water.
SEA_DIVIDERS: dict[str, list[tuple[float, float]]] = {
    "North Sea|English Channel": [(1.30, 51.16), (1.88, 50.93)],
    "English Channel|Irish Sea": [(-5.66, 50.07), (-7.45, 50.13)],
}
# A point in each sea zone, to name the water faces.
SEA_SEEDS: dict[str, tuple[float, float]] = {
    "North Sea": (3.0, 54.5),
    "English Channel": (-2.0, 50.3),
    "Irish Sea": (-5.0, 53.5),
}

ISLE_OF_MAN_SCALE = 2.6
ISLE_OF_MAN_SHIFT_KM = (-14.0, -27.0)  # east, north: away from Galloway and Cumbria
# Islands below this size (km^2) are dropped; bigger ones are drawn as land without an area.
MIN_ISLAND_KM2 = 25.0


# ---------------------------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------------------------
def load_facts(path: Path = FACTS_PATH) -> dict:
    with open(path, "rb") as fh:
        facts = tomllib.load(fh)
    return facts


def decode_topojson_land(path: Path = LAND_PATH) -> list[Polygon]:
    """Decode world-atlas's land TopoJSON (quantized, delta-encoded arcs) into lon/lat polygons."""
    topo = json.loads(path.read_text())
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)

    def ring(indices):
        pts: list = []
        for i in indices:
            a = arcs[i] if i >= 0 else arcs[~i][::-1]
            pts.extend(a if not pts else a[1:])
        return pts

    polys = []
    for geom in topo["objects"]["land"]["geometries"]:
        parts = geom["arcs"] if geom["type"] == "MultiPolygon" else [geom["arcs"]]
        for part in parts:
            rings = [ring(r) for r in part]
            polys.append(Polygon(rings[0], rings[1:]))
    return polys


# ---------------------------------------------------------------------------------------------
# Geometry
# ---------------------------------------------------------------------------------------------
def lonlat_of(p) -> tuple[float, float]:
    """A point of a hand-tuned line: a junction name or a literal (lon, lat)."""
    return JUNCTIONS[p] if isinstance(p, str) else p


def svg_line(points) -> LineString:
    return LineString([to_svg(*lonlat_of(p)) for p in points])


def polygons_of(geom) -> list[Polygon]:
    """Flatten any geometry to its polygons."""
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    return [p for g in getattr(geom, "geoms", []) for p in polygons_of(g)]


def wiggle(line: LineString, key: str, amp: float = 1.4, step: float = 5.0) -> LineString:
    """Give a ruled border line a slight hand-drawn meander (deterministic: seeded by key).

    Vertices are kept; each segment is densified and its new points pushed sideways by a sum of
    two sines whose phases come from a hash of the key. The offset fades to nothing at both ends
    of the line, so junctions and coast crossings stay exactly where they were put.
    """
    h = hashlib.sha256(key.encode()).digest()
    ph1, ph2 = h[0] / 255 * 2 * math.pi, h[1] / 255 * 2 * math.pi
    total = line.length
    coords = list(line.coords)
    out = [coords[0]]
    run = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(coords):
        seg = math.hypot(x1 - x0, y1 - y0)
        n = max(1, int(seg // step))
        nx, ny = -(y1 - y0) / seg, (x1 - x0) / seg
        for i in range(1, n + 1):
            t = i / n
            s = run + t * seg
            x, y = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
            if i < n:  # keep the original vertices
                fade = min(1.0, s / 12.0, (total - s) / 12.0)
                off = amp * fade * (0.65 * math.sin(s / 9.0 + ph1) + 0.35 * math.sin(s / 3.7 + ph2))
                x, y = x + nx * off, y + ny * off
            out.append((x, y))
        run += seg
    return LineString(out)


def wedge(points, half_width_km: float) -> Polygon:
    """A water channel along a centre line, half_width at the mouth, tapering to a point."""
    pts = [to_svg(*lonlat_of(p)) for p in points]
    line = LineString(pts)
    total = line.length
    left, right = [], []
    run = 0.0
    for i, (x, y) in enumerate(pts[:-1]):
        if i > 0:
            run += math.dist(pts[i - 1], pts[i])
        # normal averaged over the segments meeting at this vertex
        dxs = [pts[j + 1][0] - pts[j][0] for j in (i - 1, i) if 0 <= j < len(pts) - 1]
        dys = [pts[j + 1][1] - pts[j][1] for j in (i - 1, i) if 0 <= j < len(pts) - 1]
        dx, dy = sum(dxs), sum(dys)
        norm = math.hypot(dx, dy)
        nx, ny = -dy / norm, dx / norm
        w = km(half_width_km) * (1 - run / total)
        left.append((x + nx * w, y + ny * w))
        right.append((x - nx * w, y - ny * w))
    return Polygon(left + [pts[-1]] + right[::-1])


@dataclass
class Land:
    gb: Polygon                     # Great Britain in the frame (estuaries re-cut)
    ireland: Polygon
    man: Polygon                    # the Isle of Man, enlarged
    continent: list[Polygon]        # France and the Low Countries: context only
    islands: list[Polygon]          # Anglesey, Wight, Scottish isles...: context only
    all: list[Polygon] = field(default_factory=list)


def frame_box() -> Polygon:
    return box(0, 0, VIEW_W, VIEW_H)


def load_land() -> Land:
    clip = box(*LONLAT_CLIP)
    frame = frame_box()
    pieces: list[Polygon] = []
    for poly in decode_topojson_land():
        if not poly.intersects(clip):
            continue
        for p in polygons_of(shapely.make_valid(poly).intersection(clip)):
            pieces.extend(polygons_of(project_geom(p).intersection(frame)))

    def pick(lon, lat):
        pt = Point(to_svg(lon, lat))
        found = [p for p in pieces if p.contains(pt)]
        if len(found) != 1:
            raise SystemExit(f"expected one land polygon at {lon},{lat}, found {len(found)}")
        return found[0]

    gb, ireland, man = pick(-1.5, 52.5), pick(-6.5, 53.3), pick(-4.5, 54.2)
    continent = [p for p in pieces if p.intersects(Point(to_svg(2.5, 50.5)))]
    islands = [
        p for p in pieces
        if p not in (gb, ireland, man) and p not in continent and p.area >= km(1) ** 2 * MIN_ISLAND_KM2
    ]
    # Estuaries: fill Natural Earth's estuary heads, then cut our own pointed channels.
    for est in ESTUARIES.values():
        if est["fill"]:
            gb = gb.union(Polygon([to_svg(*p) for p in est["fill"]]))
    gb = polygons_of(gb)[0] if isinstance(gb, Polygon) else max(polygons_of(gb), key=lambda p: p.area)
    tol = 0.35  # simplify coasts to ~0.35 SVG units (about 330 m): invisible, and keeps the file small
    gb = gb.simplify(tol)
    for est in ESTUARIES.values():
        gb = gb.difference(wedge(est["centre"], est["half_width_km"]))
    gb = max(polygons_of(gb), key=lambda p: p.area)
    c = man.centroid
    man = shapely.affinity.scale(man, ISLE_OF_MAN_SCALE, ISLE_OF_MAN_SCALE, origin=c)
    man = shapely.affinity.translate(man, km(ISLE_OF_MAN_SHIFT_KM[0]), -km(ISLE_OF_MAN_SHIFT_KM[1]))
    land = Land(
        gb=gb,
        ireland=ireland.simplify(tol),
        man=man.simplify(tol),
        continent=[p.simplify(tol) for p in continent],
        islands=[p.simplify(tol) for p in islands],
    )
    land.all = [land.gb, land.ireland, land.man, *land.continent, *land.islands]
    return land


def border_network() -> list[LineString]:
    """The hand-drawn border lines, wiggled, in SVG units."""
    lines = [wiggle(svg_line(pts), f"{a}|{b}") for a, b, pts in BORDER_LINES]
    lines.append(wiggle(svg_line(SCOTTISH_BORDER), "Scotland", amp=2.0))
    return lines


def divider_lines() -> dict[str, LineString]:
    frame = frame_box()
    return {k: svg_line(v).intersection(frame) for k, v in SEA_DIVIDERS.items()}


@dataclass
class Partition:
    areas: dict[str, Polygon]
    seas: dict[str, Polygon]
    context_land: list[Polygon]
    lakes: list[Polygon]


def area_seed(name: str, area: dict) -> tuple[float, float]:
    return SEED_OVERRIDES.get(name, tuple(area["approx_lon_lat"]))


# Where an area's approx_lon_lat would fall outside the drawn area, a point that is inside it.
SEED_OVERRIDES: dict[str, tuple[float, float]] = {}


def partition(facts: dict, land: Land) -> Partition:
    """Node all linework once and name every face: an area, a sea zone, context land or a lake."""
    frame = frame_box()
    lines = [frame.exterior]
    for p in land.all:
        lines.append(p.exterior)
        lines.extend(p.interiors)
    lines.extend(border_network())
    lines.extend(divider_lines().values())
    noded = unary_union(lines)
    faces = [f for f in polygonize(noded) if f.area > 1e-6]

    land_areas = {n: a for n, a in facts["areas"].items() if n not in ("France", "Calais")}
    seeds = {n: Point(to_svg(*area_seed(n, a))) for n, a in land_areas.items()}
    sea_seeds = {n: Point(to_svg(*ll)) for n, ll in SEA_SEEDS.items()}
    gb, ireland, man = land.gb, land.ireland, land.man

    area_faces: dict[str, list[Polygon]] = {n: [] for n in land_areas}
    sea_faces: dict[str, list[Polygon]] = {n: [] for n in SEA_SEEDS}
    context, lakes, problems = [], [], []
    for f in faces:
        rp = f.representative_point()
        if ireland.contains(rp) or man.contains(rp):
            area_faces["Ireland" if ireland.contains(rp) else "Isle of Man"].append(f)
        elif gb.contains(rp):
            named = [n for n, s in seeds.items() if f.contains(s) and n not in ("Ireland", "Isle of Man")]
            if len(named) == 1:
                area_faces[named[0]].append(f)
            elif f.area < 4.0:
                context.append(f)  # a sliver between a border and the coast: leave it plain land
            else:
                problems.append(f"land face at {svg_to_lonlat(rp)} has seeds {named} (area {f.area:.0f})")
        elif any(p.contains(rp) for p in land.all):
            context.append(f)
        else:
            named = [n for n, s in sea_seeds.items() if f.contains(s)]
            if len(named) == 1:
                sea_faces[named[0]].append(f)
            elif f.area < 30.0 or all(f.touches(p) or f.within(p) for p in [gb]):
                lakes.append(f)
            else:
                problems.append(f"water face at {svg_to_lonlat(rp)} has seeds {named} (area {f.area:.0f})")
    for n, fs in area_faces.items():
        if len(fs) != 1:
            problems.append(f"area {n} has {len(fs)} faces")
    for n, fs in sea_faces.items():
        if len(fs) != 1:
            problems.append(f"sea {n} has {len(fs)} faces")
    if problems:
        raise SystemExit("partition problems:\n  " + "\n  ".join(problems))
    return Partition(
        areas={n: fs[0] for n, fs in area_faces.items()},
        seas={n: fs[0] for n, fs in sea_faces.items()},
        context_land=context,
        lakes=lakes,
    )


_TO_LONLAT = Transformer.from_crs("EPSG:27700", "EPSG:4326", always_xy=True)


def svg_to_lonlat(pt) -> tuple[float, float]:
    x, y = (pt.x, pt.y) if hasattr(pt, "x") else pt
    lon, lat = _TO_LONLAT.transform(x / SCALE + FRAME_E0, FRAME_N1 - y / SCALE)
    return (round(lon, 3), round(lat, 3))


def shared_length(a: Polygon, b: Polygon) -> float:
    inter = a.boundary.intersection(b.boundary)
    return inter.length


def check_topology(facts: dict, part: Partition) -> list[str]:
    """Compare drawn adjacency and sea contacts with the facts; return the differences."""
    names = sorted(part.areas)
    want = {tuple(sorted((b["a"], b["b"]))) for b in facts["borders"]}
    got = set()
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if shared_length(part.areas[a], part.areas[b]) > 0.5:
                got.add((a, b))
    errors = [f"missing border {p}" for p in sorted(want - got)]
    errors += [f"extra border {p}" for p in sorted(got - want)]
    for n in names:
        want_seas = set(facts["areas"][n].get("seas", []))
        got_seas = {s for s, poly in part.seas.items() if shared_length(part.areas[n], poly) > 0.5}
        if want_seas != got_seas:
            errors.append(f"{n} touches seas {sorted(got_seas)}, facts say {sorted(want_seas)}")
    return errors


# ---------------------------------------------------------------------------------------------
# Look: palette, sizes and symbols (all our own simple designs)
# ---------------------------------------------------------------------------------------------
BLOCK = 13.0          # a block's side in SVG units (= px at 1024x768); the UI may draw smaller
PITCH = 14.0          # distance between neighbouring slots
SLOTS_PER_AREA = 8     # every area has room for at least this many blocks...
EXTRA_SLOTS = 4        # ...and up to this many more where it has room

INK = "#3b2a1a"        # sepia ink for coasts and text
SEA = "#c9d6cf"        # pale sea-green of old maps
SEA_TINT = {"North Sea": "#b7cad0", "English Channel": "#c2d4c5", "Irish Sea": "#c3c8d6"}
SEA_INK = "#2f4f63"
PARCHMENT = ["#f3e7c9", "#ecdcb4", "#f0e0bd", "#e8d8b6"]   # four tones for neighbouring areas
WALES_TONES = ["#e2e2bd", "#dadcb3", "#e0dfb6", "#d7d9b0"]
EXILE_TONE = {"Lancaster": "#ecd3c4", "York": "#ece8de"}
CONTEXT_LAND = "#ddd3bd"
BORDER_STYLE = {  # colour, width, dash: told apart by pattern and width as well as colour
    "yellow": ("#d9a614", 2.6, None),
    "blue": ("#2c5d9c", 2.6, "7 3"),
    "red": ("#b3261e", 3.4, "2.4 1.8"),
}
SIDE_COLOUR = {"Lancaster": "#b3202a", "York": "#fbf8f0"}
FONT = "serif"  # generic family only: the page loads no fonts

def rose_symbol(name: str, fill: str, stroke: str, width: float) -> str:
    """A Tudor-style five-petalled rose: red for Lancaster, white for York."""
    petals = "".join(
        f'<circle cx="{3 * math.sin(a * 2 * math.pi / 5):.2f}" cy="{-3 * math.cos(a * 2 * math.pi / 5):.2f}" r="2.6"/>'
        for a in range(5))
    return (f'<symbol id="g-rose-{name}" viewBox="-6 -6 12 12" overflow="visible">'
            f'<g fill="{fill}" stroke="{stroke}" stroke-width="{width}">{petals}</g>'
            '<circle r="1.5" fill="#e0b030" stroke="#5a3d12" stroke-width="0.4"/></symbol>')


GLYPHS = ("""
<symbol id="g-crown" viewBox="-6 -5 12 10" overflow="visible">
  <path d="M-5.5 3.2V-2.2L-2.8 0.6L0-3.8L2.8 0.6L5.5-2.2V3.2Z" fill="#d9a62a" stroke="#5a3d12" stroke-width="0.8" stroke-linejoin="round"/>
  <path d="M-5.5 2H5.5" stroke="#5a3d12" stroke-width="0.6"/>
  <circle cx="0" cy="-3.8" r="0.9" fill="#d9a62a" stroke="#5a3d12" stroke-width="0.5"/>
</symbol>
<symbol id="g-cathedral" viewBox="-6 -9 12 13" overflow="visible">
  <path d="M-5 4V-1L0-4.2L5-1V4Z" fill="#f4efe2" stroke="#3b2a1a" stroke-width="0.8" stroke-linejoin="round"/>
  <path d="M0-4.2V-8.6M-1.6-7H1.6" stroke="#3b2a1a" stroke-width="1"/>
  <path d="M-1.2 4V1.2A1.2 1.2 0 0 1 1.2 1.2V4" fill="#3b2a1a"/>
</symbol>
<symbol id="g-city" viewBox="-5 -5 10 10" overflow="visible">
  <path d="M-3.8 3.8V-1.8H-2.6V-3.6H-1V-1.8H1V-3.6H2.6V-1.8H3.8V3.8Z" fill="#6b5336" stroke="#3b2a1a" stroke-width="0.6" stroke-linejoin="round"/>
  <path d="M-0.9 3.8V1.3A0.9 0.9 0 0 1 0.9 1.3V3.8Z" fill="#f4efe2"/>
</symbol>
<symbol id="g-ship" viewBox="-8 -9 16 14" overflow="visible">
  <path d="M-7 0.8H7L4.6 4.4H-4.6Z" fill="#6b4a2b" stroke="#3b2a1a" stroke-width="0.7" stroke-linejoin="round"/>
  <path d="M0 0.8V-8.4" stroke="#3b2a1a" stroke-width="0.9"/>
  <path d="M-4.2-7.4H4.2Q5-4.2 4.2-1H-4.2Q-3.4-4.2-4.2-7.4Z" fill="#f7f1e1" stroke="#3b2a1a" stroke-width="0.7"/>
  <path d="M0-6.6V-1.8M-2.4-4.2H2.4" stroke="#b3202a" stroke-width="0.9"/>
</symbol>
<symbol id="g-anchor" viewBox="-5 -6 10 11" overflow="visible">
  <circle cx="0" cy="-4" r="1.3" fill="none" stroke="#2f4f63" stroke-width="0.9"/>
  <path d="M0-2.7V4M-2.2-1.2H2.2M-3.6 1.2Q-3.2 4.2 0 4.2Q3.2 4.2 3.6 1.2" fill="none" stroke="#2f4f63" stroke-width="0.9" stroke-linecap="round"/>
</symbol>
"""
    + "".join(rose_symbol(*r) for r in (("red", "#b3202a", "#5a1010", 0.5), ("white", "#fbf8f0", "#3b2a1a", 0.6)))
    + """
<clipPath id="clip-shield"><path d="M-4.2-4.8H4.2V0Q4.2 3.8 0 5.4Q-4.2 3.8-4.2 0Z"/></clipPath>
""")

SHIELD_OUTLINE = "M-4.2-4.8H4.2V0Q4.2 3.8 0 5.4Q-4.2 3.8-4.2 0Z"
FIELDS = ["#b3202a", "#2b4f8f", "#2f6b3a", "#2a2420", "#6d2c5e"]
METALS = ["#d9a62a", "#f4efe2"]
ORDINARIES = {
    "fess": "M-5-1.4H5V1.4H-5Z",
    "pale": "M-1.5-6H1.5V6H-1.5Z",
    "chevron": "M-5 3.2L0-1.6L5 3.2V6L0 1.2L-5 6Z",
    "bend": "M-6-4.4L-4.4-6L6 4.4L4.4 6Z",
    "cross": "M-1.2-6H1.2V-1.2H5V1.2H1.2V6H-1.2V1.2H-5V-1.2H-1.2Z",
    "saltire": "M-6-4.8L-4.8-6L6 4.8L4.8 6ZM6-4.8L4.8-6L-6 4.8L-4.8 6Z",
    "chief": "M-5-6H5V-2H-5Z",
}


def badge_symbol(name: str) -> str:
    """A simple shield of our own design for one noble (or House), as an SVG symbol.

    York's common shield bears a golden sun on murrey and blue, Lancaster's a red rose on
    white; every other noble gets a field, a metal and an ordinary picked from a hash of the name,
    so the same noble always has the same badge wherever his shields are.
    """
    parts = [f'<symbol id="badge-{slug(name)}" viewBox="-5 -6 10 12" overflow="visible">',
             '<g clip-path="url(#clip-shield)">']
    if name == "York":
        parts += ['<path d="M-5-6H0V6H-5Z" fill="#6d1f3a"/><path d="M0-6H5V6H0Z" fill="#2b4f8f"/>',
                  '<g stroke="#e6b52e" stroke-width="0.8">'
                  + "".join(f'<path d="M0 0L{3.6 * math.cos(a * math.pi / 4):.2f} {3.6 * math.sin(a * math.pi / 4):.2f}"/>' for a in range(8))
                  + '</g><circle r="1.7" fill="#e6b52e"/>']
    elif name == "Lancaster":
        parts += ['<path d="M-5-6H5V6H-5Z" fill="#f4efe2"/>',
                  '<use href="#g-rose-red" x="-3.2" y="-3.4" width="6.4" height="6.4"/>']
    else:
        h = hashlib.sha256(name.encode()).digest()
        field_c = FIELDS[h[0] % len(FIELDS)]
        metal = METALS[h[1] % len(METALS)]
        ordinary = list(ORDINARIES.values())[h[2] % len(ORDINARIES)]
        parts += [f'<path d="M-5-6H5V6H-5Z" fill="{field_c}"/>', f'<path d="{ordinary}" fill="{metal}"/>']
    parts += ["</g>", f'<path d="{SHIELD_OUTLINE}" fill="none" stroke="{INK}" stroke-width="0.7"/>', "</symbol>"]
    return "".join(parts)


def slug(name: str) -> str:
    """An id-safe form of a name: spaces become hyphens ("North Yorks" -> "North-Yorks")."""
    return name.replace(" ", "-")


def num(v: float) -> str:
    """Numbers in the SVG: one decimal, no trailing zero (the tests rely on identical rounding)."""
    s = f"{v:.1f}"
    s = s.removesuffix(".0")
    return "0" if s == "-0" else s


def ring_d(coords) -> str:
    pts = []
    for x, y in coords:
        p = (num(x), num(y))
        if not pts or pts[-1] != p:
            pts.append(p)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    return "M" + "L".join(f"{x} {y}" for x, y in pts) + "Z"


def poly_d(geom) -> str:
    out = []
    for p in polygons_of(geom):
        out.append(ring_d(p.exterior.coords))
        out.extend(ring_d(r.coords) for r in p.interiors)
    return "".join(out)


def line_d(geom) -> str:
    lines = [geom] if isinstance(geom, LineString) else list(getattr(geom, "geoms", []))
    out = []
    for ln in lines:
        pts = []
        for x, y in ln.coords:
            p = (num(x), num(y))
            if not pts or pts[-1] != p:
                pts.append(p)
        out.append("M" + "L".join(f"{x} {y}" for x, y in pts))
    return "".join(out)


def text_width(text: str, size: float, caps: bool = False, spacing: float = 0.0) -> float:
    """A rough width of serif text (no font metrics at build time): enough to lay labels out."""
    w = 0.0
    for ch in text:
        if ch == " ":
            w += 0.28
        elif caps or ch.isupper():
            w += 0.70
        elif ch in "ilj.,'":
            w += 0.30
        elif ch in "mw":
            w += 0.80
        else:
            w += 0.50
    return 0.92 * w * size + spacing * len(text)


# ---------------------------------------------------------------------------------------------
# Layout of each area: name, symbols, block slots
# ---------------------------------------------------------------------------------------------
# Hand-tuned nudges, in SVG units. label: offset of the name block from the area's pole of
# inaccessibility; slots: offset of the slot formation's target from the pole; cols: preferred
# formation widths, tried in order.
LAYOUT: dict[str, dict] = {
    "Isle of Man": {"label_at": (-62.0, -8.0), "per_line": 1, "cols": (2, 3), "shear": -5.0},
    "Calais": {"arrangements": ("left", "above"), "cols": (3, 2, 4)},
    "France": {"cols": (3, 4, 2)},
    "East Yorks": {"at": (25.0, 40.0)},
}

# Where the city and cathedral symbols stand (their towns, lon/lat) and which side of the
# symbol the name goes.
TOWNS: dict[str, tuple[float, float]] = {
    "London": (-0.10, 51.51), "York": (-1.08, 53.96), "Bristol": (-2.59, 51.45),
    "Coventry": (-1.51, 52.41), "Newcastle": (-1.61, 54.97), "Norwich": (1.30, 52.63),
    "Salisbury": (-1.79, 51.07), "Canterbury": (1.08, 51.28),
}
CITY_LABEL_SIDE: dict[str, str] = {"York": "left", "Coventry": "right", "Bristol": "left", "London": "left"}

Rect = tuple[float, float, float, float]


def inflate(r: Rect, d: float) -> Rect:
    return (r[0] - d, r[1] - d, r[2] + d, r[3] + d)


@dataclass
class AreaArt:
    name: str
    svg: list[str] = field(default_factory=list)      # symbols and labels, drawn over the map
    reserved: list[Rect] = field(default_factory=list)
    slots: list[tuple[float, float]] = field(default_factory=list)
    label: tuple[float, float] = (0.0, 0.0)


def pole(poly: Polygon) -> tuple[float, float]:
    p = shapely.ops.polylabel(poly, tolerance=0.5)
    return (p.x, p.y)


BLOCKS_PATH = FACTS_PATH.with_name("blocks.toml")


def city_sides(blocks_path: Path = BLOCKS_PATH) -> dict[str, str]:
    """Which side each city's levy serves (the city's colour on the map), from blocks.toml."""
    with open(blocks_path, "rb") as fh:
        blocks = tomllib.load(fh)["blocks"]
    return {b["home"]: b["side"] for b in blocks if b.get("type") == "levy"}


NAME_SIZE = 8.6
SHIELD_SIZE = 7.0
LINE_H = {"title": 10.0, "shields": 10.0, "exile": 15.0}


def header_lines(name: str, area: dict, per_line: int = 2) -> list[tuple[str, list, float]]:
    """The lines of an area's label block: its name (and crown), its shields per_line to a line,
    and for an exile area the side it shelters. Each line is (kind, content, width)."""
    tw = text_width(name.upper(), NAME_SIZE, caps=True, spacing=0.5) + (13 if area.get("crown") else 0)
    lines = [("title", [name], tw)]
    shields = area.get("shields", [])
    for i in range(0, len(shields), per_line):
        pair = shields[i:i + per_line]
        w = sum(10.5 + text_width(s, SHIELD_SIZE) for s in pair) + 4 * (len(pair) - 1)
        lines.append(("shields", pair, w))
    if area.get("exile_of"):
        lines.append(("exile", [area["exile_of"]], 52.0))
    return lines


def header_size(lines) -> tuple[float, float]:
    return max((w for _, _, w in lines), default=0.0), sum(LINE_H[k] for k, _, _ in lines)


def draw_header(area: dict, lines, cx: float, top: float, art: AreaArt) -> None:
    """Draw the label block centred on cx from top, and reserve its lines' rectangles."""
    y = top
    for kind, content, w in lines:
        x = cx - w / 2
        if kind == "title":
            if area.get("crown"):
                art.svg.append(f'<use class="crown" href="#g-crown" x="{num(x)}" y="{num(y - 0.2)}" width="11" height="9"/>')
                x += 13
            art.svg.append(f'<text class="area-name" x="{num(x + (cx + w / 2 - x) / 2)}" '
                           f'y="{num(y + NAME_SIZE * 0.82)}">{escape(content[0].upper())}</text>')
            art.label = (cx, y + NAME_SIZE / 2)
        elif kind == "shields":
            for s in content:
                art.svg.append(
                    f'<g class="shield" data-shield="{escape(s)}"><title>Shield: {escape(s)}</title>'
                    f'<use href="#badge-{slug(s)}" x="{num(x)}" y="{num(y)}" width="8" height="9.6"/>'
                    f'<text class="shield-name" x="{num(x + 9.5)}" y="{num(y + 7.2)}">{escape(s)}</text></g>')
                x += 10.5 + text_width(s, SHIELD_SIZE) + 4
        else:  # exile
            side = content[0]
            rose = "g-rose-red" if side == "Lancaster" else "g-rose-white"
            art.svg.append(
                f'<g class="exile-mark" data-exile-of="{side}"><use href="#{rose}" x="{num(x)}" y="{num(y)}" '
                f'width="13" height="13"/><text class="exile-note" x="{num(x + 15)}" y="{num(y + 9)}">'
                f'{side} exile</text></g>')
        art.reserved.append((cx - w / 2, y - 0.5, cx + w / 2, y + LINE_H[kind] - 0.5))
        y += LINE_H[kind]


def town_svg(area: dict, sides: dict[str, str]) -> tuple[list[str], list[Rect]]:
    """The city (levy name coloured for its side) and the cathedral at their towns."""
    svg, rects = [], []
    city, cathedral = area.get("city"), area.get("cathedral")
    if city:
        x, y = to_svg(*TOWNS[city])
        side = sides.get(city, "York")
        svg.append(f'<use href="#g-city" x="{num(x - 4)}" y="{num(y - 4)}" width="8" height="8"/>')
        size = 8.2
        w = text_width(city, size)
        where = CITY_LABEL_SIDE.get(city, "right")
        if where == "right":
            tx, ty, anchor, rect = x + 5.5, y + 3, "start", (x - 4.5, y - 6, x + 6 + w, y + 5)
        elif where == "left":
            tx, ty, anchor, rect = x - 5.5, y + 3, "end", (x - 6 - w, y - 6, x + 4.5, y + 5)
        elif where == "above":
            tx, ty, anchor, rect = x, y - 6, "middle", (x - w / 2, y - 14, x + w / 2, y + 4.5)
        else:  # below
            tx, ty, anchor, rect = x, y + 12, "middle", (x - w / 2, y - 5, x + w / 2, y + 13)
        svg.append(
            f'<text class="city city-{side.lower()}" data-city="{escape(city)}" data-favours="{side}" '
            f'x="{num(tx)}" y="{num(ty)}" text-anchor="{anchor}">{escape(city)}</text>')
        rects.append(rect)
    if cathedral:
        x, y = to_svg(*TOWNS[cathedral])
        if cathedral == city:  # York: the minster beside the city's tower
            x += 10
        svg.append(
            f'<g class="cathedral" data-cathedral="{escape(cathedral)}"><title>Cathedral: {escape(cathedral)}</title>'
            f'<use href="#g-cathedral" x="{num(x - 4.5)}" y="{num(y - 6.5)}" width="9" height="10"/></g>')
        rects.append((x - 5, y - 8, x + 5, y + 4))
    return svg, rects


def formation(cols: int, n: int, shear: float = 0.0) -> list[tuple[float, float]]:
    """n slot offsets in rows of cols, centred on (0, 0); a short last row is centred too.
    shear shifts each row sideways, for a slanting island."""
    rows = math.ceil(n / cols)
    out = []
    for r in range(rows):
        k = min(cols, n - r * cols)
        dr = r - (rows - 1) / 2
        for c in range(k):
            out.append(((c - (k - 1) / 2) * PITCH + dr * shear, dr * PITCH))
    return out


def raster(geom, bounds, margin: float = 90.0):
    """A fast point-in-geometry test on a 1-unit grid (the half-unit rounding is absorbed by the
    callers' margins): returns f(xs, ys) -> bool array."""
    import numpy as np

    x0, y0 = math.floor(bounds[0] - margin), math.floor(bounds[1] - margin)
    w, h = int(bounds[2] - bounds[0] + 2 * margin) + 2, int(bounds[3] - bounds[1] + 2 * margin) + 2
    gx, gy = np.meshgrid(np.arange(w) + x0, np.arange(h) + y0)
    mask = shapely.contains_xy(geom, gx, gy)

    def at(xs, ys):
        i = np.rint(xs - x0).astype(int)
        j = np.rint(ys - y0).astype(int)
        ok = (i >= 0) & (i < w) & (j >= 0) & (j < h)
        out = np.zeros(np.shape(xs), dtype=bool)
        out[ok] = mask[j[ok], i[ok]]
        return out

    return at


def place_label_and_slots(poly: Polygon, anchor: tuple[float, float], lines, avoid: list[Rect],
                          cols_order=(4, 3, 5, 2), arrangements=("above", "below"),
                          n: int = SLOTS_PER_AREA, reach: float = 70.0, shear: float = 0.0):
    """Search, outward from the anchor, for a place where the label block and a formation of n
    slots fit together inside the area, clear of the towns' symbols (avoid).

    Returns (label centre x, label top, slots) or None. Tried in order: formations (cols), then
    label above or below the blocks; a later choice wins only if it is much nearer the anchor.
    """
    import numpy as np

    inner = poly.buffer(-1.8)  # a block's four corners must lie this far inside the area
    label_room = poly.buffer(0.5)  # a label may touch a border line: its halo keeps it legible
    if inner.is_empty:
        return None
    bx0, by0, bx1, by1 = poly.bounds
    avoid = [r for r in avoid if r[0] < bx1 + 20 and r[2] > bx0 - 20 and r[1] < by1 + 20 and r[3] > by0 - 20]
    inner_at = raster(inner, poly.bounds)
    label_at = raster(label_room, poly.bounds)
    hw, hh = header_size(lines)
    # sample points along the middle of each label line, relative to the block's top centre
    lpx, lpy, y = [], [], 0.0
    for kind, _, w in lines:
        for x in np.linspace(-w / 2, w / 2, max(3, int(w // 6) + 1)):
            lpx.append(x)
            lpy.append(y + LINE_H[kind] / 2)
        y += LINE_H[kind]
    if not lpx:  # no label to place with the slots
        lpx, lpy = [0.0], [0.0]
    lpx, lpy = np.array(lpx), np.array(lpy)
    half_steps = np.arange(0.0, reach + 0.01, 1.0)
    steps = np.concatenate([-half_steps[:0:-1], half_steps])  # symmetric, through 0
    gx, gy = np.meshgrid(steps, steps)
    order = np.argsort((gx ** 2 + (1.3 * gy) ** 2).ravel())
    dxs, dys = gx.ravel()[order], gy.ravel()[order]
    half = BLOCK / 2 + 0.8
    best = None
    for cols in cols_order:
        offs = formation(cols, n, shear)
        ox = np.array([o[0] for o in offs])
        oy = np.array([o[1] for o in offs])
        fw, fh = min(cols, n) * PITCH, math.ceil(n / cols) * PITCH
        for arr in arrangements:
            # offsets of the label block's top centre and of the formation's centre
            if arr == "above":
                total = hh + 2 + fh
                lab, form = (0.0, -total / 2), (0.0, -total / 2 + hh + 2 + fh / 2)
            elif arr == "below":
                total = hh + 2 + fh
                form, lab = (0.0, -total / 2 + fh / 2), (0.0, -total / 2 + fh + 2)
            elif arr == "left":  # the label beside the blocks
                total = hw + 4 + fw
                lab, form = (-total / 2 + hw / 2, -hh / 2), (-total / 2 + hw + 4 + fw / 2, 0.0)
            else:  # "right"
                total = hw + 4 + fw
                form, lab = (-total / 2 + fw / 2, 0.0), (total / 2 - hw / 2, -hh / 2)
            X = anchor[0] + dxs
            Y = anchor[1] + dys
            xs = X[:, None] + form[0] + ox[None, :]
            ys = Y[:, None] + form[1] + oy[None, :]
            ok = np.ones(len(X), dtype=bool)
            for cx, cy in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
                ok &= inner_at(xs + cx * BLOCK / 2, ys + cy * BLOCK / 2).all(axis=1)
            LX, LT = X + lab[0], Y + lab[1]
            if lines:
                ok &= label_at(LX[:, None] + lpx[None, :], LT[:, None] + lpy[None, :]).all(axis=1)
            for (x0, y0, x1, y1) in avoid:
                hit = (xs > x0 - half) & (xs < x1 + half) & (ys > y0 - half) & (ys < y1 + half)
                ok &= ~hit.any(axis=1)
                if lines:
                    ok &= ~((LX - hw / 2 < x1) & (LX + hw / 2 > x0) & (LT < y1) & (LT + hh > y0))
            idx = np.flatnonzero(ok)
            if len(idx):
                i = idx[0]
                d = math.hypot(dxs[i], 1.3 * dys[i])
                if best is None or d < best[0] - 8:
                    slots = list(zip(xs[i].tolist(), ys[i].tolist()))
                    best = (d, (float(LX[i]), float(LT[i]), slots))
    return best


def place_apart(name: str, area: dict, poly: Polygon, anchor, avoid: list[Rect], tune: dict):
    """Place the slots nearest the anchor, then the label block wherever it fits nearest them."""
    got = place_label_and_slots(poly, anchor, [], avoid, cols_order=tune.get("cols", (4, 3, 5, 2)))
    if got is None:
        return None, None
    slots = got[1][2]
    slot_rects = [(x - BLOCK / 2, y - BLOCK / 2, x + BLOCK / 2, y + BLOCK / 2) for x, y in slots]
    cx = sum(x for x, _ in slots) / len(slots)
    cy = sum(y for _, y in slots) / len(slots)
    best = None
    for per_line in (2, 1, 3):
        lines = header_lines(name, area, per_line)
        # a "formation" of no slots: search only for the label, clear of the slots
        lab = place_label_and_slots(poly, (cx, cy), lines, avoid + slot_rects, n=0, reach=90.0,
                                    arrangements=("above",))
        if lab and (best is None or lab[0] < best[0][0]):
            best = (lab, lines)
    if best is None:
        return None, None
    (d, (lx, ltop, _)), lines = best
    return (d, (lx, ltop, slots)), lines


PROBLEMS: list[str] = []  # layout problems found while rendering (the map is not written)


def layout_area(name: str, area: dict, poly: Polygon, avoid: list[Rect]) -> AreaArt:
    art = AreaArt(name)
    tune = LAYOUT.get(name, {})
    px, py = pole(poly)
    ax, ay = tune.get("at", (0.0, 0.0))
    if "label_at" in tune:  # the label stands outside the area (the Isle of Man)
        lines = header_lines(name, area, tune.get("per_line", 2))
        lx, ly = tune["label_at"]
        draw_header(area, lines, px + lx, py + ly, art)
        got = place_label_and_slots(poly, (px, py), [], avoid + art.reserved, cols_order=tune.get("cols", (2, 3)),
                                    shear=tune.get("shear", 0.0))
        if got is None:
            PROBLEMS.append(f"no room for {SLOTS_PER_AREA} blocks in {name}: tune LAYOUT[{name!r}]")
            got = (0, (0, 0, [(px, py)] * SLOTS_PER_AREA))
        art.slots = got[1][2]
        return art
    found, lines = None, None
    for per_line, penalty in ((2, 0.0), (1, 6.0), (3, 10.0)):
        cand = header_lines(name, area, per_line)
        got = place_label_and_slots(poly, (px + ax, py + ay), cand, avoid,
                                    cols_order=tune.get("cols", (4, 3, 5, 2)),
                                    arrangements=tune.get("arrangements", ("above", "below", "left", "right")))
        if got and (found is None or got[0] + penalty < found[0]):
            found, lines = (got[0] + penalty, got[1]), cand
    if found is None:  # no room for both together: the blocks first, then the label elsewhere
        found, lines = place_apart(name, area, poly, (px + ax, py + ay), avoid, tune)
    if found is None:
        PROBLEMS.append(f"no room for {SLOTS_PER_AREA} blocks and the label in {name}: tune LAYOUT[{name!r}]")
        found, lines = (0, (px, py - 20, [(px, py)] * SLOTS_PER_AREA)), header_lines(name, area)
    cx, top, slots = found[1]
    draw_header(area, lines, cx, top, art)
    art.slots = slots
    return art


def extra_slots(poly: Polygon, slots: list, avoid: list[Rect], most: int = EXTRA_SLOTS) -> list:
    """Up to `most` more slots where the area has room: the formation grows on its own grid, one
    free neighbouring cell at a time (nearest its centre first), so the blocks stay together."""
    inner = poly.buffer(-1.8)
    shapely.prepare(inner)
    x0, y0 = slots[0]
    cx = sum(x for x, _ in slots) / len(slots)
    cy = sum(y for _, y in slots) / len(slots)
    cell = {(round((x - x0) / PITCH), round((y - y0) / PITCH)) for x, y in slots}
    h = BLOCK / 2
    avoid = avoid + [(x - h, y - h, x + h, y + h) for x, y in slots]

    def free(i, j):
        x, y = x0 + i * PITCH, y0 + j * PITCH
        if not all(inner.contains(Point(x + dx, y + dy)) for dx in (-h, h) for dy in (-h, h)):
            return False
        return not any(x - h - 0.8 < r[2] and x + h + 0.8 > r[0] and y - h - 0.8 < r[3] and y + h + 0.8 > r[1]
                       for r in avoid)

    out = []
    while len(out) < most:
        frontier = {(i + di, j + dj) for i, j in cell for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1))} - cell
        options = sorted((math.hypot(x0 + i * PITCH - cx, y0 + j * PITCH - cy), i, j)
                         for i, j in frontier if free(i, j))
        if not options:
            break
        _, i, j = options[0]
        cell.add((i, j))
        x, y = x0 + i * PITCH, y0 + j * PITCH
        out.append((x, y))
        avoid.append((x - h, y - h, x + h, y + h))
    return out


# ---------------------------------------------------------------------------------------------
# Exile boxes, ports, sea names
# ---------------------------------------------------------------------------------------------
# France and Calais are boxes (rules 2.7): France, off Land's End towards Brittany, straddles the
# Irish Sea / Channel divider; Calais, on its own coast, the Channel / North Sea divider.
EXILE_BOXES: dict[str, Rect] = {
    "France": (6.0, 650.0, 100.0, 762.0),
    "Calais": (694.0, 612.0, 804.0, 682.0),
}

# Where to put an area's port symbol on a sea (lon/lat of the port town); otherwise the coast
# point nearest the area's centre is used.
PORTS_AT: dict[tuple[str, str], tuple[float, float]] = {
    ("Scotland", "North Sea"): (-2.02, 55.84),
    ("Scotland", "Irish Sea"): (-4.62, 55.45),       # Ayr
    ("Northumbria", "North Sea"): (-1.42, 55.01),    # Tynemouth
    ("Cumbria", "Irish Sea"): (-3.58, 54.55),        # Whitehaven
    ("East Yorks", "North Sea"): (-0.20, 54.08),     # Bridlington
    ("Lancaster", "Irish Sea"): (-3.03, 53.92),      # the Fylde
    ("Chester", "Irish Sea"): (-3.17, 53.40),        # the Wirral
    ("Caernarvon", "Irish Sea"): (-4.40, 52.95),     # Llyn
    ("Pembroke", "Irish Sea"): (-5.05, 51.70),       # Milford Haven
    ("Glamorgan", "Irish Sea"): (-3.60, 51.45),
    ("Somerset", "Irish Sea"): (-3.10, 51.22),       # Bridgwater Bay
    ("Cornwall", "Irish Sea"): (-4.55, 50.95),
    ("Cornwall", "English Channel"): (-4.15, 50.33),  # Plymouth
    ("Dorset", "English Channel"): (-2.00, 50.62),   # Poole
    ("Sussex", "English Channel"): (-0.45, 50.80),
    ("Kent", "English Channel"): (1.30, 51.10),      # Dover
    ("Kent", "North Sea"): (1.10, 51.40),            # Thanet
    ("Middlesex", "North Sea"): (0.08, 51.49),       # the Thames below London
    ("Essex", "North Sea"): (1.05, 51.75),
    ("East Anglia", "North Sea"): (1.74, 52.62),     # Yarmouth
    ("Rutland", "North Sea"): (0.20, 52.86),         # the Wash
    ("Lincoln", "North Sea"): (0.25, 53.30),
    ("Ireland", "Irish Sea"): (-6.10, 53.35),        # Dublin
    ("Isle of Man", "Irish Sea"): (-4.75, 53.75),    # off the (enlarged) island's south end
}

SEA_LABELS: dict[str, tuple[float, float, float]] = {  # lon, lat, rotation
    "North Sea": (1.2, 54.75, 0.0),
    "English Channel": (-1.6, 50.25, -4.0),
    "Irish Sea": (-5.45, 53.05, -78.0),
}
CONTEXT_LABELS: list[tuple[str, float, float, float, float]] = [  # text, lon, lat, size, rotation
    ("Anglesey", -4.35, 53.27, 6.5, 0),
    ("I. of Wight", -1.3, 50.58, 6.5, 0),
    ("FLANDERS", 3.6, 50.9, 8, 0),
    ("NORMANDY", 0.4, 49.6, 8, 0),
]


def sea_side_point(coast_pt: Point, sea: Polygon, land_union, dist: float = 7.5):
    """A point out at sea near a coast point: of 24 directions, the one farthest from land."""
    best = None
    for k in range(24):
        a = 2 * math.pi * k / 24
        q = Point(coast_pt.x + dist * math.cos(a), coast_pt.y + dist * math.sin(a))
        if not sea.contains(q):
            continue
        d = land_union.distance(q)
        if best is None or d > best[0]:
            best = (d, q)
    return best[1] if best else coast_pt


def port_points(facts: dict, part: Partition, arts: dict[str, AreaArt], land_union):
    """One port symbol per (coastal area, sea zone): a ship for a major port, else an anchor."""
    out = []
    for name, area in sorted(facts["areas"].items()):
        for sea in area.get("seas", []):
            if name in EXILE_BOXES:
                continue
            poly, water = part.areas[name], part.seas[sea]
            coast = poly.boundary.intersection(water.boundary)
            if (name, sea) in PORTS_AT:
                target = Point(to_svg(*PORTS_AT[(name, sea)]))
            else:
                sx = sum(p[0] for p in arts[name].slots) / len(arts[name].slots)
                sy = sum(p[1] for p in arts[name].slots) / len(arts[name].slots)
                target = Point(sx, sy)
            cpt = shapely.ops.nearest_points(coast, target)[0]
            q = sea_side_point(cpt, water, land_union)
            out.append((name, sea, bool(area.get("major_port")), q.x, q.y))
    return out


def box_ports(facts: dict) -> list:
    """Port symbols on the exile boxes' edges, on the side that faces each sea."""
    spots = {
        ("France", "Irish Sea"): (53.0, 640.0), ("France", "English Channel"): (110.0, 752.0),
        ("Calais", "English Channel"): (688.0, 640.0), ("Calais", "North Sea"): (770.0, 605.0),
    }
    return [(n, s, True, *spots[(n, s)]) for n in EXILE_BOXES for s in facts["areas"][n]["seas"]]


# ---------------------------------------------------------------------------------------------
# Off-map boxes, the turn track, the legend
# ---------------------------------------------------------------------------------------------
PANEL_X0, PANEL_X1 = 756.0, 1016.0
BOX_SLOTS = {"pool": (12, 24), "minors": (3, 3), "dead": (8, 16)}   # columns, slots


def grid_slots(x0: float, y0: float, cols: int, n: int) -> list[tuple[float, float]]:
    return [(x0 + (i % cols) * PITCH + PITCH / 2, y0 + (i // cols) * PITCH + PITCH / 2) for i in range(n)]


def panel_box(svg: list[str], x0, y0, x1, y1, title: str, cls: str, attrs: str = "") -> None:
    svg.append(
        f'<g class="{cls}" {attrs}><rect class="box" x="{num(x0)}" y="{num(y0)}" width="{num(x1 - x0)}" '
        f'height="{num(y1 - y0)}" rx="2"/>'
        f'<text class="box-title" x="{num(x0 + 5)}" y="{num(y0 + 9.5)}">{escape(title)}</text></g>'
    )


def side_panel(side: str, y0: float, svg: list[str], anchors: dict) -> float:
    """A side's pool, minors and dead, stacked in the right-hand panel from y0; returns bottom."""
    rose = "g-rose-red" if side == "Lancaster" else "g-rose-white"
    svg.append(f'<use href="#{rose}" x="{num(PANEL_X0)}" y="{num(y0)}" width="14" height="14"/>')
    svg.append(f'<text class="side-title" x="{num(PANEL_X0 + 18)}" y="{num(y0 + 11)}">{side.upper()}</text>')
    y = y0 + 17
    pool_cols, pool_n = BOX_SLOTS["pool"]
    h = 13 + math.ceil(pool_n / pool_cols) * PITCH + 3
    panel_box(svg, PANEL_X0, y, PANEL_X1, y + h, f"{side} pool", "offmap",
              f'data-box="pool" data-side="{side}" id="box-pool-{side}"')
    anchors[f"pool:{side}"] = grid_slots(PANEL_X0 + 4, y + 12, pool_cols, pool_n)
    y += h + 4
    m_cols, m_n = BOX_SLOTS["minors"]
    d_cols, d_n = BOX_SLOTS["dead"]
    h = 13 + math.ceil(d_n / d_cols) * PITCH + 3
    mw = m_cols * PITCH + 10
    panel_box(svg, PANEL_X0, y, PANEL_X0 + mw, y + h, "Minors", "offmap",
              f'data-box="minors" data-side="{side}" id="box-minors-{side}"')
    anchors[f"minors:{side}"] = grid_slots(PANEL_X0 + 5, y + 12 + PITCH / 2, m_cols, m_n)
    panel_box(svg, PANEL_X0 + mw + 4, y, PANEL_X1, y + h, "Dead", "offmap",
              f'data-box="dead" data-side="{side}" id="box-dead-{side}"')
    anchors[f"dead:{side}"] = grid_slots(PANEL_X0 + mw + 9, y + 12, d_cols, d_n)
    return y + h


def turn_track(y0: float, svg: list[str], track: dict) -> float:
    """Campaign 1-3 and Game Turn 1-7, each a row of numbered cells with a marker anchor."""
    svg.append(f'<g class="track" id="track"><rect class="box" x="{num(PANEL_X0)}" y="{num(y0)}" '
               f'width="{num(PANEL_X1 - PANEL_X0)}" height="58" rx="2"/>')
    rows = [("campaign", "Campaign", 3, y0 + 5), ("turn", "Game Turn", 7, y0 + 31)]
    for key, title, n, y in rows:
        svg.append(f'<text class="box-title" x="{num(PANEL_X0 + 5)}" y="{num(y + 13)}">{title}</text>')
        track[key] = {}
        cell = 22.0
        x = PANEL_X0 + 62
        for i in range(1, n + 1):
            cx = x + (i - 1) * (cell + 3)
            svg.append(f'<g class="track-cell" data-track="{key}" data-value="{i}">'
                       f'<rect x="{num(cx)}" y="{num(y)}" width="{num(cell)}" height="{num(cell)}" rx="1.5"/>'
                       f'<text x="{num(cx + cell / 2)}" y="{num(y + cell / 2 + 3.2)}">{["I", "II", "III", "IV", "V", "VI", "VII"][i - 1]}</text>'
                       f'<circle class="track-anchor" data-track="{key}" data-value="{i}" '
                       f'cx="{num(cx + cell / 2)}" cy="{num(y + cell / 2)}" r="0"/></g>')
            track[key][str(i)] = (cx + cell / 2, y + cell / 2)
    svg.append("</g>")
    return y0 + 58


def legend(x0: float, y0: float, svg: list[str], limits: dict) -> None:
    rows: list[tuple[str, str]] = []
    for kind in ("yellow", "blue", "red"):
        colour, width, dash = BORDER_STYLE[kind]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        sample = (f'<path d="M0 0H22" stroke="#4a3a28" stroke-width="{num(width + 1.6)}"/>'
                  f'<path d="M0 0H22" stroke="{colour}" stroke-width="{num(width)}"{dash_attr}/>')
        rows.append((sample, f"{kind.capitalize()} border: {limits[kind]} blocks"))
    rows += [
        ('<use href="#g-crown" x="5" y="-4.5" width="11" height="9"/>', "Crown"),
        ('<use href="#badge-Buckingham" x="6.5" y="-5" width="8" height="9.6"/>', "Shield (noble's home)"),
        ('<use href="#badge-York" x="1" y="-5" width="8" height="9.6"/><use href="#badge-Lancaster" x="12" y="-5" width="8" height="9.6"/>',
         "House of York / Lancaster"),
        ('<use href="#g-city" x="7" y="-4" width="8" height="8"/>', "City: <tspan class='lg-red'>Lancaster</tspan> / <tspan class='lg-white'>York</tspan> levy"),
        ('<use href="#g-cathedral" x="6.5" y="-6.5" width="9" height="10"/>', "Cathedral"),
        ('<use href="#g-ship" x="3" y="-7" width="16" height="14"/>', "Major port, on its sea"),
        ('<use href="#g-anchor" x="6" y="-5.5" width="10" height="11"/>', "Port, on its sea"),
        ('<path d="M0 0H22" stroke="#2f4f63" stroke-width="1.3" stroke-dasharray="4 2.5"/>', "Sea zone boundary"),
        ('<use href="#g-rose-red" x="4" y="-6" width="12" height="12"/>', "Lancaster exile"),
        ('<use href="#g-rose-white" x="4" y="-6" width="12" height="12"/>', "York exile"),
        (f'<rect x="3" y="-5" width="16" height="10" fill="{WALES_TONES[0]}" stroke="#4a3a28" stroke-width="0.6"/>', "Wales"),
    ]
    h = 16 + len(rows) * 14.5
    svg.append(f'<g class="legend" id="legend"><rect class="box" x="{num(x0)}" y="{num(y0)}" '
               f'width="{num(PANEL_X1 - x0)}" height="{num(h)}" rx="2"/>'
               f'<text class="box-title" x="{num(x0 + 5)}" y="{num(y0 + 10)}">Key</text>')
    y = y0 + 22
    for sample, text in rows:
        svg.append(f'<g transform="translate({num(x0 + 6)} {num(y)})">{sample}</g>'
                   f'<text class="legend-text" x="{num(x0 + 34)}" y="{num(y + 3)}">{text}</text>')
        y += 14.5
    svg.append("</g>")


# ---------------------------------------------------------------------------------------------
# The SVG
# ---------------------------------------------------------------------------------------------
CSS = f"""
svg {{ font-family: {FONT}; font-size: 8px; }}
.area {{ stroke: none; }}
.coast {{ fill: none; stroke: {INK}; stroke-width: 0.9; stroke-linejoin: round; }}
.coast-halo {{ fill: none; stroke: {SEA_INK}; stroke-linejoin: round; }}
.border {{ fill: none; stroke-linejoin: round; stroke-linecap: butt; }}
.border-casing {{ fill: none; stroke: #4a3a28; stroke-linejoin: round; }}
.sea-divider {{ fill: none; stroke: {SEA_INK}; stroke-width: 1.3; stroke-dasharray: 4 2.5; }}
.area-name {{ font-size: 8.6px; font-weight: bold; letter-spacing: 0.5px; fill: {INK}; text-anchor: middle;
  paint-order: stroke; stroke: #f6ecd2; stroke-width: 2.2px; stroke-opacity: 0.85; }}
.shield-name {{ font-size: 7px; font-style: italic; fill: {INK}; paint-order: stroke; stroke: #f6ecd2;
  stroke-width: 1.8px; stroke-opacity: 0.8; }}
.city {{ font-size: 8.2px; font-weight: bold; paint-order: stroke; stroke-width: 2.2px; }}
.city-lancaster {{ fill: #a3161a; stroke: #f6ecd2; }}
.city-york {{ fill: #fffdf6; stroke: #3b2a1a; stroke-width: 1.9px; }}
.lg-red {{ fill: #a3161a; font-weight: bold; }}
.lg-white {{ fill: #fffdf6; stroke: #3b2a1a; stroke-width: 2px; paint-order: stroke; font-weight: bold; }}
.sea-name {{ font-size: 13px; font-style: italic; letter-spacing: 3px; fill: {SEA_INK}; text-anchor: middle;
  opacity: 0.85; }}
.context-name {{ font-style: italic; fill: #6b5a44; text-anchor: middle; letter-spacing: 1px; }}
.exile-note {{ font-size: 7.2px; font-style: italic; fill: {INK}; text-anchor: start;
  paint-order: stroke; stroke: #f6ecd2; stroke-width: 1.8px; }}
.wales-name {{ font-size: 11px; letter-spacing: 6px; fill: #55603a; text-anchor: middle; opacity: 0.55;
  font-style: italic; }}
.box {{ fill: #f4e9cd; stroke: #5a4630; stroke-width: 1; }}
.box-title {{ font-size: 8.5px; font-weight: bold; fill: {INK}; letter-spacing: 0.4px; }}
.side-title {{ font-size: 11px; font-weight: bold; letter-spacing: 2px; fill: {INK}; }}
.track-cell rect {{ fill: #fbf4e0; stroke: #5a4630; stroke-width: 0.8; }}
.track-cell text {{ font-size: 8px; fill: {INK}; text-anchor: middle; }}
.legend-text {{ font-size: 8px; fill: {INK}; }}
.title {{ font-size: 19px; font-weight: bold; letter-spacing: 3px; fill: {INK}; text-anchor: middle; }}
.subtitle {{ font-size: 8.5px; font-style: italic; fill: {INK}; text-anchor: middle; letter-spacing: 1px; }}
.exile-box-rule {{ fill: none; stroke: #5a4630; stroke-width: 0.5; }}
.compass-n {{ font-size: 9px; font-weight: bold; fill: {SEA_INK}; text-anchor: middle; }}
.frame {{ fill: none; stroke: {INK}; stroke-width: 3; }}
"""


def area_tones(facts: dict) -> dict[str, str]:
    """Greedy four-colouring of neighbouring areas with close parchment tones."""
    nbrs: dict[str, set] = {n: set() for n in facts["areas"]}
    for b in facts["borders"]:
        nbrs[b["a"]].add(b["b"])
        nbrs[b["b"]].add(b["a"])
    tone: dict[str, int] = {}
    for n in sorted(nbrs, key=lambda n: (-len(nbrs[n]), n)):
        used = {tone[m] for m in nbrs[n] if m in tone}
        tone[n] = next(i for i in range(4) if i not in used)
    out = {}
    for n, a in facts["areas"].items():
        if a.get("exile_of"):
            out[n] = EXILE_TONE[a["exile_of"]]
        elif a.get("wales"):
            out[n] = WALES_TONES[tone[n]]
        else:
            out[n] = PARCHMENT[tone[n]]
    return out


def border_geoms(facts: dict, part: Partition) -> dict[tuple[str, str], object]:
    out = {}
    for b in facts["borders"]:
        a, c = sorted((b["a"], b["b"]))
        shared = part.areas[a].boundary.intersection(part.areas[c].boundary)
        lines = [g for g in getattr(shared, "geoms", [shared]) if isinstance(g, LineString)]
        if isinstance(shared, MultiLineString) or lines:
            merged = linemerge(lines) if len(lines) > 1 else lines[0]
        else:
            merged = shared
        out[(a, c)] = merged
    return out


def render(facts: dict, land: Land, part: Partition, show_slots: bool = False) -> tuple[str, dict]:
    sides = city_sides()
    areas = dict(part.areas)
    for name, (x0, y0, x1, y1) in EXILE_BOXES.items():
        areas[name] = box(x0, y0, x1, y1)
    towns_svg, avoid = [], []
    for name in sorted(facts["areas"]):
        t_svg, t_rects = town_svg(facts["areas"][name], sides)
        towns_svg += t_svg
        avoid += t_rects
    arts = {}
    # Areas are laid out one by one; each avoids what its neighbours already placed near a border.
    for name in sorted(facts["areas"], key=lambda n: (areas[n].area, n)):
        arts[name] = layout_area(name, facts["areas"][name], areas[name], avoid)
        avoid = avoid + arts[name].reserved + [
            (x - BLOCK / 2, y - BLOCK / 2, x + BLOCK / 2, y + BLOCK / 2) for x, y in arts[name].slots]
    # Then, where there is room, a few more slots per area, clear of everything placed so far.
    for name, art in arts.items():
        art.slots = art.slots + extra_slots(areas[name], art.slots, avoid)
        avoid = avoid + [(x - BLOCK / 2, y - BLOCK / 2, x + BLOCK / 2, y + BLOCK / 2) for x, y in art.slots[SLOTS_PER_AREA:]]
    arts = dict(sorted(arts.items()))
    land_union = unary_union(land.all)
    ports = port_points(facts, part, arts, land_union) + box_ports(facts)
    tones = area_tones(facts)
    frame = frame_box()

    svg: list[str] = []
    meta = {
        "viewBox": [0, 0, VIEW_W, VIEW_H],
        "block_size": BLOCK,
        "slot_pitch": PITCH,
        "areas": {},
        "boxes": {},
        "track": {},
        "ports": [],
    }
    # Sea
    svg.append(f'<rect x="0" y="0" width="{VIEW_W}" height="{VIEW_H}" fill="{SEA}"/>')
    svg.append('<g id="seas">')
    for name, poly in sorted(part.seas.items()):
        svg.append(f'<path id="sea-{slug(name)}" class="sea" data-sea="{name}" fill="{SEA_TINT[name]}" '
                   f'fill-rule="evenodd" d="{poly_d(poly)}"/>')
    svg.append("</g>")
    # Coastlines: a soft wash along every coast (drawn under the land), then the ink line.
    coast_lines = []
    for p in land.all:
        for r in [p.exterior, *p.interiors]:
            coast_lines.append(r.difference(frame.exterior.buffer(0.05)))
    coast_d = "".join(line_d(g) for g in coast_lines if not g.is_empty)
    svg.append(f'<path id="coastline-path" class="coast-halo" stroke-width="11" stroke-opacity="0.10" d="{coast_d}"/>')
    svg.append('<use href="#coastline-path" class="coast-halo" stroke-width="5" stroke-opacity="0.12"/>')
    # Context land
    svg.append('<g id="context-land">')
    for p in [*land.continent, *land.islands, *part.context_land]:
        svg.append(f'<path fill="{CONTEXT_LAND}" d="{poly_d(p)}"/>')
    for p in part.lakes:
        svg.append(f'<path fill="{SEA}" d="{poly_d(p)}"/>')
    svg.append("</g>")
    # Areas
    svg.append('<g id="areas">')
    for name in sorted(facts["areas"]):
        a = facts["areas"][name]
        attrs = [f'id="area-{slug(name)}"', 'class="area"', f'data-area="{escape(name)}"', f'data-kind="{a["kind"]}"']
        if a.get("wales"):
            attrs.append('data-wales="true"')
        if a.get("exile_of"):
            attrs.append(f'data-exile-of="{a["exile_of"]}"')
        if a.get("seas"):
            attrs.append(f'data-seas="{"|".join(a["seas"])}"')
        extra = ' stroke="#5a4630" stroke-width="1.4"' if name in EXILE_BOXES else ""
        svg.append(f'<path {" ".join(attrs)} fill="{tones[name]}"{extra} d="{poly_d(areas[name])}"/>')
    svg.append("</g>")
    for name, (x0, y0, x1, y1) in EXILE_BOXES.items():  # an inner rule: a box, not a coast
        svg.append(f'<rect class="exile-box-rule" x="{num(x0 + 2.5)}" y="{num(y0 + 2.5)}" '
                   f'width="{num(x1 - x0 - 5)}" height="{num(y1 - y0 - 5)}"/>')
    svg.append('<use href="#coastline-path" class="coast"/>')
    # Borders
    geoms = border_geoms(facts, part)
    kinds = {tuple(sorted((b["a"], b["b"]))): b["type"] for b in facts["borders"]}
    svg.append('<g id="border-casings" aria-hidden="true">')
    for key, g in sorted(geoms.items()):
        _, width, _ = BORDER_STYLE[kinds[key]]
        svg.append(f'<path class="border-casing" stroke-width="{num(width + 1.6)}" d="{line_d(g)}"/>')
    svg.append('</g><g id="borders">')
    for key, g in sorted(geoms.items()):
        colour, width, dash = BORDER_STYLE[kinds[key]]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        svg.append(f'<path id="border-{slug(key[0])}--{slug(key[1])}" class="border border-{kinds[key]}" '
                   f'data-border="{key[0]}|{key[1]}" data-border-type="{kinds[key]}" stroke="{colour}" '
                   f'stroke-width="{num(width)}"{dash_attr} d="{line_d(g)}"/>')
    svg.append("</g>")
    # Sea dividers, drawn on the water only
    water = unary_union(list(part.seas.values()))
    svg.append('<g id="sea-dividers">')
    boxes = unary_union([box(*r) for r in EXILE_BOXES.values()])
    for key, ln in divider_lines().items():
        seg = ln.intersection(water).difference(boxes)
        svg.append(f'<path class="sea-divider" data-between="{key}" d="{line_d(seg)}"/>')
    svg.append("</g>")
    # Context and sea names, Wales
    svg.append('<g id="names">')
    for name, (lon, lat, rot) in SEA_LABELS.items():
        x, y = to_svg(lon, lat)
        svg.append(f'<text class="sea-name" x="{num(x)}" y="{num(y)}" transform="rotate({num(rot)} {num(x)} {num(y)})">'
                   f'{name.upper()}</text>')
    for text, lon, lat, size, rot in CONTEXT_LABELS:
        x, y = to_svg(lon, lat)
        svg.append(f'<text class="context-name" font-size="{num(size)}" x="{num(x)}" y="{num(y)}">{text}</text>')
    svg.append(compass_rose(*to_svg(*COMPASS_AT)))
    wx, wy = to_svg(*WALES_LABEL)
    svg.append(f'<text class="wales-name" x="{num(wx)}" y="{num(wy)}">WALES</text>')
    svg.append("</g>")
    # Ports
    svg.append('<g id="ports">')
    for name, sea, major, x, y in ports:
        glyph = ("g-ship", 16, 14) if major else ("g-anchor", 10, 11)
        svg.append(f'<g class="port{" major" if major else ""}" data-port="{escape(name)}|{sea}">'
                   f'<title>{"Major port" if major else "Port"}: {escape(name)} on the {sea}</title>'
                   f'<use href="#{glyph[0]}" x="{num(x - glyph[1] / 2)}" y="{num(y - glyph[2] / 2)}" '
                   f'width="{glyph[1]}" height="{glyph[2]}"/></g>')
        meta["ports"].append({"area": name, "sea": sea, "major": major, "at": [round(x, 1), round(y, 1)]})
    svg.append("</g>")
    # Area symbols and labels
    svg.append('<g id="symbols">')
    for name, art in arts.items():
        svg.append(f'<g class="area-art" data-art-for="{escape(name)}">{"".join(art.svg)}</g>')
    svg.append('<g class="towns">' + "".join(towns_svg) + "</g>")
    svg.append("</g>")
    # Off-map panel
    anchors: dict[str, list] = {}
    svg.append('<g id="offmap">')
    svg.append(f'<g class="cartouche"><rect class="box" x="{num(PANEL_X0)}" y="8" width="{num(PANEL_X1 - PANEL_X0)}" height="40" rx="2"/>'
               f'<text class="title" x="{num((PANEL_X0 + PANEL_X1) / 2)}" y="30">RICHARD III</text>'
               f'<text class="subtitle" x="{num((PANEL_X0 + PANEL_X1) / 2)}" y="42">The Wars of the Roses, 1455–1485</text></g>')
    y = side_panel("Lancaster", 54, svg, anchors)
    y = turn_track(y + 6, svg, meta["track"])
    y = side_panel("York", y + 6, svg, anchors)
    legend(PANEL_X0 + 60, y + 8, svg, facts["border_limits"])
    svg.append("</g>")
    svg.append(f'<rect class="frame" x="1.5" y="1.5" width="{VIEW_W - 3}" height="{VIEW_H - 3}"/>')
    # Slots
    svg.append('<g id="slots" aria-hidden="true">')
    for name, art in arts.items():
        svg.append(f'<g class="slots" data-slots-for="{escape(name)}">'
                   + "".join(f'<circle data-slot="{i}" cx="{num(x)}" cy="{num(y)}" r="0"/>' for i, (x, y) in enumerate(art.slots))
                   + "</g>")
        meta["areas"][name] = {"label": [round(v, 1) for v in art.label],
                               "slots": [[round(x, 1), round(y, 1)] for x, y in art.slots]}
    for key, pts in anchors.items():
        svg.append(f'<g class="slots box-slots" data-slots-for="{key}">'
                   + "".join(f'<circle data-slot="{i}" cx="{num(x)}" cy="{num(y)}" r="0"/>' for i, (x, y) in enumerate(pts))
                   + "</g>")
        meta["boxes"][key] = [[round(x, 1), round(y, 1)] for x, y in pts]
    svg.append("</g>")
    if show_slots:  # preview only: a block on every slot
        pts = [p for art in arts.values() for p in art.slots] + [p for v in anchors.values() for p in v]
        svg.append('<g opacity="0.85">' + "".join(
            f'<rect x="{num(x - BLOCK / 2)}" y="{num(y - BLOCK / 2)}" width="{num(BLOCK)}" height="{num(BLOCK)}" '
            f'rx="1.5" fill="#7a2020" stroke="#fff" stroke-width="0.8"/>' for x, y in pts) + "</g>")
    meta["track"] = {k: {v: [round(c, 1) for c in xy] for v, xy in d.items()} for k, d in meta["track"].items()}

    badges = sorted({s for a in facts["areas"].values() for s in a.get("shields", [])} | {"Buckingham", "York", "Lancaster"})
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        (f'<svg xmlns="http://www.w3.org/2000/svg" id="{ROOT_ID}" viewBox="0 0 {VIEW_W} {VIEW_H}" role="img" '
         f'aria-labelledby="map-title map-desc" font-family="{FONT}">'),
        '<title id="map-title">Richard III: map of England and Wales</title>',
        ('<desc id="map-desc">The 28 areas of England and Wales with their borders, Scotland, Ireland, the Isle of '
         "Man, France and Calais, the three sea zones, and each side's pool, minors and dead. Generated by "
         "tools/make_map.py from Natural Earth (public domain) coastlines.</desc>"),
        f'<metadata id="map-data">{escape(json.dumps(meta, separators=(",", ":")))}</metadata>',
        f"<style>{scope_css(CSS)}</style>",
        "<defs>" + GLYPHS + "".join(badge_symbol(b) for b in badges) + "</defs>",
    ]
    return scope_names("\n".join(head + svg + ["</svg>"]) + "\n"), meta


# The page inlines the map into its own document, so the map's names must not meet the page's:
# every class gets the prefix "map-", every id too except the contract's own (area-, border-,
# sea-, box-), and every CSS rule is scoped to the map's root element.
ROOT_ID = "richard3-map"
CONTRACT_ID_PREFIXES = ("area-", "border-", "sea-", "box-", "map-", ROOT_ID)


def scope_css(css: str) -> str:
    out = []
    for line in css.strip().splitlines():
        if "{" in line and not line.startswith(" "):
            sel, rest = line.split("{", 1)
            sels = []
            for one in sel.split(","):
                one = re.sub(r"\.([a-z][a-z-]*)", r".map-\1", one.strip())
                sels.append(f"#{ROOT_ID}" if one == "svg" else f"#{ROOT_ID} {one}")
            line = ", ".join(sels) + " {" + rest
        out.append(line)
    return "\n".join(out)


def scope_names(text: str) -> str:
    def cls(m):
        return 'class="' + " ".join("map-" + c for c in m.group(1).split()) + '"'

    def ref(m):
        name = m.group(2)
        if not name.startswith(CONTRACT_ID_PREFIXES):
            name = "map-" + name
        return f"{m.group(1)}{name}{m.group(3)}"

    text = re.sub(r'class="([^"]*)"', cls, text)
    text = re.sub(r"class='([^']*)'", lambda m: cls(m).replace('"', "'"), text)
    text = re.sub(r'(\bid=")([^"]+)(")', ref, text)
    text = re.sub(r'(href="#)([^"]+)(")', ref, text)
    text = re.sub(r"(url\(#)([^)]+)(\))", ref, text)
    return text


WALES_LABEL = (-4.55, 52.33)
COMPASS_AT = (-0.25, 55.45)  # in the open North Sea


def compass_rose(x: float, y: float, r: float = 22.0) -> str:
    """A plain eight-pointed compass rose with N at the top: long points at the quarters."""
    pts = []
    for k in range(16):
        a = k * math.pi / 8 - math.pi / 2
        rad = r if k % 4 == 0 else (r * 0.55 if k % 2 == 0 else r * 0.2)
        pts.append(f"{num(x + rad * math.cos(a))} {num(y + rad * math.sin(a))}")
    return (f'<g class="compass" aria-hidden="true"><circle cx="{num(x)}" cy="{num(y)}" r="{num(r * 0.62)}" '
            f'fill="none" stroke="{SEA_INK}" stroke-width="0.6" opacity="0.6"/>'
            f'<path d="M{"L".join(pts)}Z" fill="#efe3c4" stroke="{SEA_INK}" stroke-width="0.8" opacity="0.85"/>'
            f'<text class="compass-n" x="{num(x)}" y="{num(y - r - 3)}">N</text></g>')


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT_PATH)
    ap.add_argument("--draft", action="store_true", help="write the map even with layout problems")
    ap.add_argument("--show-slots", action="store_true", help="draw a block on every slot (preview)")
    args = ap.parse_args(argv)
    if not LAND_PATH.exists():
        print(f"missing {LAND_PATH}: run `npm install` first (world-atlas devDependency)", file=sys.stderr)
        return 2
    facts = load_facts()
    land = load_land()
    part = partition(facts, land)
    errors = check_topology(facts, part)
    if errors:
        print("the drawn map disagrees with map.toml:\n  " + "\n  ".join(errors), file=sys.stderr)
        return 1
    text, meta = render(facts, land, part, show_slots=args.show_slots)
    for p in PROBLEMS:
        print("warning:", p, file=sys.stderr)
    if PROBLEMS and not args.draft:
        print("layout problems:\n  " + "\n  ".join(PROBLEMS), file=sys.stderr)
        return 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out} ({len(text.encode()) // 1024} KB, {len(meta['areas'])} areas)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
