"""web/map-spots.json (tools/spots.py, issue 55): where blocks stand in each area. It is the
map's own (recomputed from web/map.svg), every area has a spot for its own blocks and one for
the enemy's, and no two spots of any areas overlap."""

import json
from pathlib import Path

from helpers import load_tool

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    return load_tool("spots", "r3_spots")


def test_the_spots_are_the_maps_own_and_every_area_has_room_for_both_sides():
    tool = _tool()
    saved = json.loads((ROOT / "web" / "map-spots.json").read_text())
    assert saved == json.loads(json.dumps(tool.spots_of_map())), \
        "web/map-spots.json is stale: run python tools/spots.py --write"
    boxes = []
    for area, spots in saved.items():
        assert spots["own"] and spots["foe"], area
        for kind in ("own", "foe"):
            for spot in spots[kind]:
                size = spot[2] if len(spot) > 2 else (tool.CELL if kind == "own" else tool.FOE)
                boxes.append((area, spot[0], spot[1], size))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert (a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
                    or a[2] + a[3] <= b[2] or b[2] + b[3] <= a[2]), (a, b)
