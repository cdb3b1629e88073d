"""The map on the page: web/map.svg loaded once into #map with its geometry (each area's block
slots, the boxes' slots, the borders' midpoints), and each drawing of its layers for one side's
view (board.py's SVG: blocks, borders in use, what the other side did) with the areas marked.

Runs on MicroPython (the page's main thread); see dom.py for what that means here.
"""

import asyncio

from pyscript import config, document, window

import board
import facts
import taps
from dom import el, nodes

# The map's geometry (board.Geometry), read once map.svg is in the page.
state = {"geo": None}


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
    meta = {"areas": {}, "boxes": {}}
    for group in nodes("#map [data-slots-for]"):
        key = group.dataset.slotsFor
        anchors = [[float(c.getAttribute("cx")), float(c.getAttribute("cy"))]
                   for c in nodes(f'#map [data-slots-for="{key}"] [data-slot]')]
        meta["boxes" if ":" in key else "areas"][key] = {"slots": anchors}
    borders = {}
    for path in nodes("#map [data-border]"):
        middle = path.getPointAtLength(path.getTotalLength() / 2)
        borders[path.dataset.border] = (middle.x, middle.y)
    state["geo"] = board.Geometry(meta, borders)
    # The map holds controls now (areas, blocks): a labelled group, not a picture.
    svg = document.querySelector("#map svg")
    svg.setAttribute("role", "group")
    svg.setAttribute("aria-label", "The map: tap one of your blocks, then a lit area")
    for area in nodes("#map [data-area]"):  # focusable, labelled, reachable by keyboard
        area.setAttribute("tabindex", "0")
        area.setAttribute("role", "button")
        area.setAttribute("aria-label", area.dataset.area)
    # Pinch-zoom, pan, wheel zoom and the zoom buttons (web/mapzoom.js, Panzoom).
    if window.r3MapZoom:  # undefined (falsy) if mapzoom.js did not load
        window.r3MapZoom.attach()


def area_node(name):
    return document.querySelector(f'#map [data-area="{name}"]')


def draw_map(view, selected=None, group=None, targets=None):
    """Redraw the map's layers for `view` (blocks, borders in use, what the other side did) and
    mark the areas: activated, the targets of the selection ({area: [choice, ...]}) and the
    area whose blocks are selected together (`group`). None clears them."""
    svg = document.querySelector("#map svg")
    if svg is None:
        return
    for layer in nodes("#map svg .r3-layer"):
        layer.remove()
    for area in nodes("#map [data-target], #map [data-activated], #map [data-selected]"):
        area.removeAttribute("data-target")
        area.removeAttribute("data-activated")
        area.removeAttribute("data-selected")
        area.setAttribute("aria-label", area.dataset.area)
    geo = state["geo"]
    if view is None or geo is None:
        return
    targets = targets or {}
    marks = {"selected": selected, "movable": taps.movable_blocks(view)}
    obs = view["obs"]
    limits = facts.DATA.get("borders") or {}
    svg.insertAdjacentHTML("beforeend", '<g class="r3-layer">'
                           + board.since_layer(view.get("since") or [], geo)
                           + board.borders_layer(obs, geo, limits)
                           + board.blocks_layer(view, geo, marks) + "</g>")
    for name in obs.get("activated") or []:
        area = area_node(name)
        if area is not None:
            area.setAttribute("data-activated", "")
    for name in targets:
        area = area_node(name)
        if area is not None:
            area.setAttribute("data-target", "")
            area.setAttribute("aria-label", f"{name}: {taps.target_prompt(targets[name][0])}")
    if group:
        area = area_node(group)
        if area is not None:
            area.setAttribute("data-selected", "")
    for cell in nodes("#map [data-track]"):
        track, value = cell.dataset.track, cell.dataset.value
        current = str(obs.get("campaign") if track == "campaign" else obs.get("turn"))
        cell.classList.toggle("is-current", value == current)
