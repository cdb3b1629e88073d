"""The game's facts for the main thread: the build's page data, the one place where the page's
modules find what the rules fix (the sides' names, the areas, the blocks, the cards and their
AP and events, the scenarios, the borders' limits).

game_host.page_data() computes them from the engine at build time, build.py writes them into
mpy.json's "richard3" section, and ui.start() hands them to set_data(). No other module of the
main thread defines a rule's fact of its own: it asks here, or reads the worker's view (which
also carries what is computed from one side's observation, such as the usurpation estimate).

Pure Python with no browser import, on MicroPython (the page) and CPython (the tests, which
call set_data(game_host.page_data())).
"""

# game_host.page_data()'s shape (read its docstring); empty until set_data().
DATA = {"sides": [], "areas": [], "land": [], "blocks": {}, "cards": {}, "scenarios": [],
        "borders": {}}

# The two sides, Lancaster and York, in the engine's order: a list that set_data() fills in
# place, so that a module that did `from facts import SIDES` sees the names.
SIDES = []


def set_data(data: dict) -> None:
    """Use `data` (game_host.page_data()'s shape) from now on."""
    DATA.clear()
    DATA.update(data)
    SIDES.clear()
    SIDES.extend(data.get("sides") or [])


def enemy_of(side) -> str:
    """The other side."""
    return SIDES[1] if side == SIDES[0] else SIDES[0]


def areas() -> list:
    """The area names, in map order."""
    return DATA["areas"]


def block(name):
    """What is printed on a block ({"side", "type", "label", "rating", "max_strength"}), or
    None for a name that is no block's."""
    return DATA["blocks"].get(str(name))


def card_ap(name) -> int:
    """A card's AP as printed, by its name ("4" -> 4, "Muster" -> 0); 0 for an unknown name."""
    card = DATA["cards"].get(str(name))
    return card["ap"] if card else 0


def card_event(name):
    """The event a card names ("Muster"), or None for an action card (or an unknown name)."""
    card = DATA["cards"].get(str(name))
    return card["event"] if card else None
