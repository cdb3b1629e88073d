"""web/map.svg against the map's facts (src/richard3/data/map.toml), with the standard library only.

The generator (tools/make_map.py) nodes every line once, so two areas that share a border have
exactly the same vertices along it, and so do an area and the sea zone it touches. Adjacency is
therefore recovered here as shared path segments, without a geometry library.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import tomllib
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAP_SVG = ROOT / "web" / "map.svg"
MAP_TOML = ROOT / "src" / "richard3" / "data" / "map.toml"
SVG_NS = "{http://www.w3.org/2000/svg}"
SEA_ZONES = {"North Sea", "English Channel", "Irish Sea"}
EXILE_BOXES = {"France", "Calais"}  # drawn as boxes, not as land
MIN_SHARED = 1.0  # SVG units (about 1 km): less than this is a point contact, not a border


@cache
def facts() -> dict:
    with open(MAP_TOML, "rb") as fh:
        return tomllib.load(fh)


@cache
def root() -> ET.Element:
    return ET.parse(MAP_SVG).getroot()


def by_attr(attr: str) -> dict[str, ET.Element]:
    found: dict[str, ET.Element] = {}
    for el in root().iter():
        if attr in el.attrib:
            key = el.attrib[attr]
            assert key not in found, f"two elements with {attr}={key!r}"
            found[key] = el
    return found


Point = tuple[float, float]


def rings(d: str) -> list[list[Point]]:
    """The rings of a path written as the generator writes them: M x y L x y ... Z (absolute)."""
    out: list[list[Point]] = []
    for part in re.findall(r"M[^MZ]*Z?", d):
        nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", part)]
        out.append(list(zip(nums[0::2], nums[1::2])))
    return out


def segments(d: str, closed: bool = True) -> dict[frozenset, float]:
    segs = {}
    for ring in rings(d):
        pts = ring + ring[:1] if closed else ring
        for p, q in itertools.pairwise(pts):
            if p != q:
                segs[frozenset((p, q))] = math.dist(p, q)
    return segs


def shared_length(a: dict, b: dict) -> float:
    return sum(a[s] for s in a.keys() & b.keys())


def inside(pt: Point, d: str) -> bool:
    """Even-odd point in polygon over all rings of a path."""
    x, y = pt
    hit = False
    for ring in rings(d):
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                hit = not hit
    return hit


def area_segments() -> dict[str, dict]:
    return {name: segments(el.attrib["d"]) for name, el in by_attr("data-area").items()}


def sea_segments() -> dict[str, dict]:
    return {name: segments(el.attrib["d"]) for name, el in by_attr("data-sea").items()}


def metadata() -> dict:
    meta = root().find(f"{SVG_NS}metadata")
    return json.loads(meta.text)


# --------------------------------------------------------------------------------------------
# What is drawn: exactly the facts' areas, borders and sea zones


def test_svg_scales_with_a_viewbox_and_no_fixed_size():
    svg = root()
    assert svg.tag == f"{SVG_NS}svg"
    assert len(svg.attrib["viewBox"].split()) == 4
    assert "width" not in svg.attrib and "height" not in svg.attrib


def test_areas_are_exactly_the_facts_areas_with_stable_ids():
    areas = by_attr("data-area")
    assert set(areas) == set(facts()["areas"])
    for name, el in areas.items():
        assert el.attrib["id"] == "area-" + name.replace(" ", "-")
        assert el.tag == f"{SVG_NS}path"
        assert el.attrib["data-kind"] == facts()["areas"][name]["kind"]


def test_wales_and_exiles_are_marked():
    areas = by_attr("data-area")
    wales = {n for n, el in areas.items() if el.attrib.get("data-wales") == "true"}
    assert wales == {n for n, a in facts()["areas"].items() if a.get("wales")}
    assert wales == {"Pembroke", "Caernarvon", "Powys", "Glamorgan"}
    exiles = {n: el.attrib["data-exile-of"] for n, el in areas.items() if "data-exile-of" in el.attrib}
    assert exiles == {n: a["exile_of"] for n, a in facts()["areas"].items() if a.get("exile_of")}
    marks = [el.attrib["data-exile-of"] for el in root().iter() if el.attrib.get("class", "").endswith("exile-mark")]
    assert sorted(marks) == sorted(exiles.values())


def test_borders_are_exactly_the_facts_borders_with_their_types():
    borders = by_attr("data-border")
    want = {"|".join(sorted((b["a"], b["b"]))): b["type"] for b in facts()["borders"]}
    assert {k: el.attrib["data-border-type"] for k, el in borders.items()} == want
    for key, el in borders.items():
        a, b = key.split("|")
        assert el.attrib["id"] == f"border-{a.replace(' ', '-')}--{b.replace(' ', '-')}"


def test_sea_zones_are_exactly_three():
    assert set(by_attr("data-sea")) == SEA_ZONES
    assert {s for a in facts()["areas"].values() for s in a.get("seas", [])} == SEA_ZONES


# --------------------------------------------------------------------------------------------
# Geometry: adjacency and coasts recovered from the drawing


def test_adjacency_recovered_from_shared_edges_equals_the_facts():
    segs = area_segments()
    names = sorted(segs)
    drawn = set()
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if shared_length(segs[a], segs[b]) > MIN_SHARED:
                drawn.add(f"{a}|{b}")
    want = {"|".join(sorted((b["a"], b["b"]))) for b in facts()["borders"]}
    assert drawn - want == set(), "areas touching without a border in the facts"
    assert want - drawn == set(), "borders in the facts that are not drawn"


def test_each_border_line_runs_along_the_edge_its_two_areas_share():
    segs = area_segments()
    for key, el in by_attr("data-border").items():
        a, b = key.split("|")
        line = segments(el.attrib["d"], closed=False)
        assert line, key
        common = segs[a].keys() & segs[b].keys()
        assert line.keys() <= common, f"border {key} strays from the shared edge"
        assert sum(line.values()) > MIN_SHARED


def test_every_coastal_area_touches_its_sea_zones_and_no_other():
    segs, seas = area_segments(), sea_segments()
    for name, area in facts()["areas"].items():
        if name in EXILE_BOXES:
            continue
        touched = {s for s, ss in seas.items() if shared_length(segs[name], ss) > MIN_SHARED}
        assert touched == set(area.get("seas", [])), name


def test_the_exile_boxes_stand_in_their_sea_zones():
    areas, seas = by_attr("data-area"), by_attr("data-sea")
    for name in EXILE_BOXES:
        (ring,) = rings(areas[name].attrib["d"])
        samples = []
        for p, q in zip(ring, ring[1:] + ring[:1]):
            samples += [(p[0] + (q[0] - p[0]) * t / 20, p[1] + (q[1] - p[1]) * t / 20) for t in range(20)]
        touched = {s for s, el in seas.items() if any(inside(pt, el.attrib["d"]) for pt in samples)}
        assert touched == set(facts()["areas"][name]["seas"]), name


def test_estuaries_keep_their_banks_apart():
    segs = area_segments()
    for a, b in [("Glamorgan", "Somerset"), ("East Yorks", "Lincoln"), ("Essex", "Kent")]:
        assert shared_length(segs[a], segs[b]) == 0, (a, b)


def test_scotland_touches_cumbria_and_northumbria_only():
    segs = area_segments()
    touching = {n for n in segs if n != "Scotland" and shared_length(segs["Scotland"], segs[n]) > 0}
    assert touching == {"Cumbria", "Northumbria"}


# --------------------------------------------------------------------------------------------
# Symbols


def art_of(name: str) -> ET.Element:
    for el in root().iter():
        if el.attrib.get("data-art-for") == name:
            return el
    raise AssertionError(f"no art for {name}")


def test_shields_and_crowns_are_drawn_in_their_areas():
    for name, area in facts()["areas"].items():
        art = art_of(name)
        shields = [el.attrib["data-shield"] for el in art.iter() if "data-shield" in el.attrib]
        assert sorted(shields) == sorted(area.get("shields", [])), name
        crowns = [el for el in art.iter() if el.attrib.get("class") == "map-crown"]
        assert len(crowns) == (1 if area.get("crown") else 0), name


def test_cities_are_coloured_for_the_side_their_levy_serves():
    cities = {el.attrib["data-city"]: el for el in root().iter() if "data-city" in el.attrib}
    assert set(cities) == {a["city"] for a in facts()["areas"].values() if "city" in a}
    favours = {c: el.attrib["data-favours"] for c, el in cities.items()}
    assert favours == {"Bristol": "Lancaster", "Coventry": "Lancaster", "Newcastle": "Lancaster",
                       "York": "Lancaster", "London": "York", "Norwich": "York", "Salisbury": "York"}
    for city, el in cities.items():
        assert f"map-city-{favours[city].lower()}" in el.attrib["class"].split()


def test_cathedrals():
    drawn = sorted(el.attrib["data-cathedral"] for el in root().iter() if "data-cathedral" in el.attrib)
    assert drawn == sorted(a["cathedral"] for a in facts()["areas"].values() if "cathedral" in a)


def test_one_port_per_coastal_area_and_sea_with_ships_for_major_ports():
    ports = by_attr("data-port")
    want = {f"{n}|{s}": bool(a.get("major_port")) for n, a in facts()["areas"].items() for s in a.get("seas", [])}
    assert set(ports) == set(want)
    for key, el in ports.items():
        assert ("map-major" in el.attrib["class"].split()) == want[key], key


def test_legend_gives_the_border_limits():
    text = " ".join("".join(el.itertext()) for el in root().iter() if el.attrib.get("class") == "map-legend-text")
    for kind, limit in facts()["border_limits"].items():
        assert f"{kind.capitalize()} border: {limit} blocks" in text


# --------------------------------------------------------------------------------------------
# Anchors for the UI


def slot_groups() -> dict[str, list[Point]]:
    out = {}
    for g in root().iter(f"{SVG_NS}g"):
        if "data-slots-for" in g.attrib:
            circles = g.findall(f"{SVG_NS}circle")
            assert [int(c.attrib["data-slot"]) for c in circles] == list(range(len(circles)))
            out[g.attrib["data-slots-for"]] = [(float(c.attrib["cx"]), float(c.attrib["cy"])) for c in circles]
    return out


def test_every_area_has_room_for_eight_blocks_inside_it():
    groups, areas = slot_groups(), by_attr("data-area")
    block = metadata()["block_size"]
    for name in facts()["areas"]:
        slots = groups[name]
        assert len(slots) >= 8, name
        d = areas[name].attrib["d"]
        for x, y in slots:
            for dx in (-block / 2, block / 2):
                for dy in (-block / 2, block / 2):
                    assert inside((x + dx, y + dy), d), f"a block at a slot of {name} leaves the area"
        for i, p in enumerate(slots):
            for q in slots[i + 1:]:
                assert max(abs(p[0] - q[0]), abs(p[1] - q[1])) >= block, f"blocks overlap in {name}"


def test_off_map_boxes_and_the_turn_track_have_anchors():
    groups = slot_groups()
    for side in ("Lancaster", "York"):
        for box in ("pool", "minors", "dead"):
            assert len(groups[f"{box}:{side}"]) >= 2
            assert root().find(f".//*[@id='box-{box}-{side}']") is not None
    anchors = [(el.attrib["data-track"], el.attrib["data-value"]) for el in root().iter(f"{SVG_NS}circle")
               if "data-track" in el.attrib]
    assert sorted(anchors) == sorted([("campaign", str(i)) for i in range(1, 4)] + [("turn", str(i)) for i in range(1, 8)])


def test_metadata_json_agrees_with_the_slot_circles():
    meta, groups = metadata(), slot_groups()
    for name, info in meta["areas"].items():
        assert [tuple(p) for p in info["slots"]] == groups[name]
    for key, pts in meta["boxes"].items():
        assert [tuple(p) for p in pts] == groups[key]
    assert set(meta["areas"]) == set(facts()["areas"])


# --------------------------------------------------------------------------------------------
# Fit for the page


def test_loads_nothing_from_anywhere_and_uses_generic_fonts():
    text = MAP_SVG.read_text(encoding="utf-8")
    assert re.findall(r"https?://[^\s\"']+", text) == ["http://www.w3.org/2000/svg"]
    assert "@import" not in text and "@font-face" not in text and "<image" not in text
    for family in re.findall(r"font-family[:=]\s*\"?([^;\"}]+)", text):
        assert family.strip() == "serif"


def test_ids_cannot_clash_with_the_page_it_is_inlined_into():
    page = (ROOT / "web" / "index.html").read_text(encoding="utf-8") if (ROOT / "web" / "index.html").exists() else ""
    page_ids = set(re.findall(r'id="([^"]+)"', page))
    map_ids = [el.attrib["id"] for el in root().iter() if "id" in el.attrib]
    assert len(map_ids) == len(set(map_ids))
    assert not page_ids & set(map_ids)
    prefixes = ("area-", "border-", "sea-", "box-", "map-", "richard3-map")
    assert all(i.startswith(prefixes) for i in map_ids)


def test_file_is_small():
    assert MAP_SVG.stat().st_size < 400_000


@pytest.mark.parametrize("name", sorted(SEA_ZONES))
def test_sea_zone_labels(name):
    labels = ["".join(el.itertext()) for el in root().iter() if el.attrib.get("class") == "map-sea-name"]
    assert name.upper() in labels
