"""The map on the page: web/map.svg loaded once into #map with its geometry (each area's block
slots and outline, the borders' midpoints), shown without its printed track panel (board.PLAY_AREA),
and each drawing of its layers for one side's view (board.py's SVG: blocks, borders in use, what
the other side did) with the areas marked, the boxes beside it (board.boxes_board: pools,
minors, dead), and the part of the map the decision is about brought into view (mapzoom.js).
Each drawing remembers where it put the blocks, so that the next one makes those that moved
glide and marks those hit (board.py).

Runs on MicroPython (the page's main thread); see dom.py for what that means here.
"""

import asyncio

from pyscript import config, document, window
from pyscript.ffi import to_js

import board
import facts
import panels
import taps
from dom import el, js_object, nodes, put

# "geo": the map's geometry (board.Geometry), read once map.svg is in the page; "placed": where
# the last drawing put each block (board.blocks_layer), for "side"; "hits": the blocks the last
# drawing marked as hit; "focus": the part of the map last brought into view; "stop": the key
# (block id or area name) of the map's one keyboard stop; "keyed": the player uses the keyboard
# on the map (a key pressed there since the last tap), so each drawing gives the stop the focus;
# "layer": the HTML of the drawn layer, "marks": the areas marked (mark_areas), as last written.
state = {"geo": None, "placed": {}, "side": None, "hits": [], "focus": None, "stop": None,
         "keyed": False, "layer": None, "marks": {}}


async def ensure_map():
    """Load map.svg into #map once (build.py says whether it exists) and read its geometry:
    each area's block slots (for the centre of its stack), the boxes' slots, and the midpoint
    of every border (for "used / limit" labels)."""
    holder = el("map")
    if holder.hasAttribute("data-loaded"):
        return
    holder.dataset.loaded = "yes"
    name = config.get("richard3", {}).get("map")
    if not name:
        holder.innerHTML = '<p class="map-missing">The map is not drawn yet.</p>'
        return
    response = await window.fetch(name)
    holder.innerHTML = await response.text()
    await asyncio.sleep(0)  # the map's parse and layout in one task, reading it in the next
    svg = document.querySelector("#map svg")
    x, y, w, h = board.PLAY_AREA
    svg.setAttribute("viewBox", f"{x} {y} {w} {h}")
    meta = {"areas": {}, "boxes": {}, "extent": board.PLAY_AREA}
    for group in nodes("#map [data-slots-for]"):
        key = group.dataset.slotsFor
        anchors = [[float(c.getAttribute("cx")), float(c.getAttribute("cy"))]
                   for c in nodes(f'#map [data-slots-for="{key}"] [data-slot]')]
        meta["boxes" if ":" in key else "areas"][key] = {"slots": anchors}
    borders = {}
    for path in nodes("#map [data-border]"):
        middle = path.getPointAtLength(path.getTotalLength() / 2)
        borders[path.dataset.border] = (middle.x, middle.y)
    spots = config.get("richard3", {}).get("spots") or {}
    state["geo"] = board.Geometry(meta, borders, spots)
    # Names moved to give their area's blocks room (tools/spots.py: issue 55).
    for text in nodes("#map text.map-area-name"):
        for area in spots:
            if "name" in spots[area] and area.upper() == text.textContent:
                text.setAttribute("x", str(spots[area]["name"][0]))
                text.setAttribute("y", str(spots[area]["name"][1]))
    measure_areas()
    # The map holds controls now (areas, blocks): a labelled group, not a picture.
    svg.setAttribute("role", "group")
    svg.setAttribute("aria-label", "The map: tap one of your blocks, then a lit area")
    for area in nodes("#map [data-area]"):  # focusable, labelled; set_stop() puts the lit
        area.setAttribute("tabindex", "-1")   # ones in the keyboard's reach
        area.setAttribute("role", "button")
        area.setAttribute("aria-label", area.dataset.area)
    # Pinch-zoom, pan, wheel zoom and the zoom buttons (web/mapzoom.js, Panzoom).
    if window.r3MapZoom:  # undefined (falsy) if mapzoom.js did not load
        window.r3MapZoom.attach()


def measure_areas():
    """Each area's outline box (for bringing a decision's areas into view), once the map is
    laid out: a map still hidden (loading a save behind the start screen) measures nothing,
    and is measured at its next drawing."""
    geo = state["geo"]
    if geo is None or geo.box:
        return
    for area in nodes("#map [data-area]"):
        box = area.getBBox()
        if box.width > 0 and area.dataset.area in geo.centre:
            geo.box[area.dataset.area] = (box.x, box.y, box.width, box.height)


def area_node(name):
    return document.querySelector(f'#map [data-area="{name}"]')


def draw_map(view, selected=None, group=None, targets=None):
    """Redraw the map's layers for `view` (blocks, borders in use, what the other side did) and
    mark the areas: activated, the targets of the selection ({area: [choice, ...]}) and the
    area whose blocks are selected together (`group`). None clears them. A layer or a mark
    that is as the last drawing left it is not written again."""
    svg = document.querySelector("#map svg")
    if svg is None:
        return
    had = document.activeElement
    refocus = state["keyed"] and (had is None or had.tagName == "BODY"
                                  or had.closest("#map") is not None)
    geo = state["geo"]
    if view is None or geo is None:
        put_layer(svg, "")
        mark_areas({})
        state["placed"], state["side"], state["hits"] = {}, None, []
        put("board-boxes", "")
        return
    measure_areas()
    targets = targets or {}
    before = state["placed"] if state["side"] == view["side"] else {}
    marks = {"selected": selected, "movable": taps.movable_blocks(view), "before": before}
    obs = view["obs"]
    limits = facts.DATA.get("borders") or {}
    placed = {}
    state["hits"] = board.hits(before, view)
    put_layer(svg, board.since_layer(view.get("since") or [], geo)
              + board.borders_layer(obs, geo, limits)
              + board.blocks_layer(view, geo, marks, placed)
              + board.targets_layer(targets, geo))
    state["placed"], state["side"] = placed, view["side"]
    put("board-boxes", board.pile_box(view, geo, marks, group)
        + panels.for_both(view, board.boxes_board(obs, view["side"], marks)))
    want = {}
    for name in obs.get("activated") or []:
        want[name] = [True, None, False]
    for name in targets:
        want.setdefault(name, [False, None, False])[1] = (
            f"{name}: {taps.target_prompt(targets[name][0])}")
    for name in want:
        want[name].append(taps.target_kind(targets[name][0]) if name in targets else None)
    if group:
        want.setdefault(group, [False, None, False])[2] = True
    mark_areas(want)
    rects, anchor = board.focus_rects(view, geo, placed, selected, targets, marks["movable"])
    bring_into_view(rects, anchor)
    set_stop(refocus)


def put_layer(svg, inner):
    """The map's drawn layer (`<g class="r3-layer">`) holds `inner`: written only when it
    differs from what the last drawing wrote (a moved block's glide is in its HTML, so a
    drawing that moves nothing writes nothing)."""
    old = svg.querySelector(".r3-layer")
    if old is not None and state.get("layer") == inner:
        return
    if old is not None:
        old.remove()
    state["layer"] = inner
    if inner:
        svg.insertAdjacentHTML("beforeend", '<g class="r3-layer">' + inner + "</g>")


def mark_areas(want):
    """Mark the areas of `want` ({area: [activated, the label of a lit target or None,
    selected as a group]}), and unmark those the last drawing marked that `want` leaves out:
    only the areas whose marks change are touched."""
    had = state.get("marks") or {}
    for name in sorted(set(had) | set(want)):
        new, old = want.get(name), had.get(name)
        if new == old:
            continue
        area = area_node(name)
        if area is None:
            continue
        new = new or [False, None, False, None]
        for attr, on in (("data-activated", new[0]), ("data-target", new[1] is not None),
                         ("data-selected", new[2])):
            if on:
                area.setAttribute(attr, "")
            else:
                area.removeAttribute(attr)
        if new[3]:  # land, sea or attack: lit differently (issue 55)
            area.setAttribute("data-target-kind", new[3])
        else:
            area.removeAttribute("data-target-kind")
        area.setAttribute("aria-label", new[1] or name)
    state["marks"] = want


# ------------------------------------------------------------------ the keyboard on the map
# One element of the map is in the keyboard's tab order at a time (a roving tab stop): a lit
# area while there are some (after a block is chosen: Enter there makes the move), else a
# block that may act (Enter selects it). The arrow keys go from one to the next, Escape lets
# a selected block go (clicks.py). A move is Enter, the arrows to the area wanted, Enter.

def stops():
    """The map's elements the arrow keys go through now: the lit areas, else the own blocks
    that may act (in the order drawn)."""
    return nodes("#map [data-area][data-target]") or nodes("#map [data-block].can-act")


def stop_key(node):
    return node.dataset.block if node.hasAttribute("data-block") else node.dataset.area


def set_stop(focus=False, step=0):
    """Make one of stops() the tab stop: the one named state["stop"] if it is one (moved on by
    `step`), else the first; give it the focus if `focus` (and show it)."""
    items = stops()
    for node in nodes("#map [tabindex='0']"):
        node.setAttribute("tabindex", "-1")
    if not items:
        return
    keys = [stop_key(n) for n in items]
    at = keys.index(state["stop"]) if state["stop"] in keys else 0
    node = items[(at + step) % len(items)]
    state["stop"] = stop_key(node)
    node.setAttribute("tabindex", "0")
    if focus:
        node.focus(js_object(preventScroll=True))
        if window.r3MapZoom:
            window.r3MapZoom.reveal(node)


def bring_into_view(rects, anchor=None):
    """Ask mapzoom.js to show the decision's parts of the map (board.focus_rects: rects and an
    anchor, in map units) at the default zoom, moving the map as little as needed, when they
    are not those last asked for."""
    key = [[round(v) for v in r] for r in rects] + [anchor and [round(v) for v in anchor]]
    if key == state["focus"] or not window.r3MapZoom:
        return
    state["focus"] = key
    if rects:
        window.r3MapZoom.focus(to_js([list(r) for r in rects]),
                               to_js(list(anchor)) if anchor else None)
