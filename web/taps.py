"""What a tap on the map means: from one side's view (game_host.GameHost.view: its "choices", the
engine's legal actions in plain words, and "via_activation", the moves an activation opens),
which blocks may act, where a selected block (or a whole area's blocks) may go, and which
choices remain for the side panel's buttons.

Pure functions over the view, on MicroPython and CPython alike (the rules of table.py's
docstring apply). A choice's "notation" is a string, or a list of strings to send in turn
(an activation, then the move).
"""

# Kinds of choice that take a block to an area: shown by highlighting the area.
AREA_KINDS = ("move", "sea", "recruit", "retreat", "regroup", "home", "enter")
# Kinds of choice about an area and no block (Muster, Plague, which battle next): the area is
# highlighted while nothing is selected, and a tap on it makes the choice.
AREA_ONLY_KINDS = ("muster", "plague", "battle")
# Better first when two choices take the same block to the same area.
PREFERENCE = ("move", "recruit", "retreat", "regroup", "home", "enter", "sea", "pool")
# At most this many buttons of choices are shown beside the map; all are in #all-choices.
MAX_BUTTONS = 7


def _rank(choice: dict) -> tuple:
    kind = choice.get("kind")
    via = isinstance(choice.get("notation"), list)
    return (PREFERENCE.index(kind) if kind in PREFERENCE else 99, via, choice.get("cost") or 0,
            len(choice.get("path") or []))


def _target(choice: dict):
    """The area a choice takes its block to, or None (a block sent to the pool is a button)."""
    if choice.get("kind") not in AREA_KINDS:
        return None
    return choice.get("to")


def block_options(view: dict, block: str) -> dict:
    """For an own block: {"targets": {area: best choice}, "others": [choices of this block
    that take it to no area (a hit, a step lost, fire, ...)]} (empty when it may not act)."""
    targets, others = {}, []
    for choice in (view.get("choices") or []) + (view.get("via_activation") or []):
        if choice.get("block") != block:
            continue
        area = _target(choice)
        if area is None:
            if not isinstance(choice.get("notation"), list):
                others.append(choice)
            continue
        best = targets.get(area)
        if best is None or _rank(choice) < _rank(best):
            targets[area] = choice
    return {"targets": targets, "others": others}


def movable_blocks(view: dict) -> list:
    """The own blocks that have a choice now, sorted by id (for marking them on the map)."""
    seen = {}
    for choice in (view.get("choices") or []) + (view.get("via_activation") or []):
        if choice.get("block"):
            seen[choice["block"]] = True
    return sorted(seen)


def area_group(view: dict, area: str) -> dict:
    """The own blocks in `area` that may move, and the areas all of them may reach together:
    {"blocks": [ids], "targets": {area: [best choice of each block]}} ({} targets if fewer than
    two blocks may move: a single block is selected as a block)."""
    here = sorted(b["block"] for b in view["obs"]["own_blocks"] if b["area"] == area)
    options = [(b, block_options(view, b)["targets"]) for b in here]
    options = [(b, t) for b, t in options if t]
    if len(options) < 2:
        return {"blocks": [b for b, _ in options], "targets": {}}
    common = None
    for _, targets in options:
        names = set(targets)
        common = names if common is None else common & names
    return {"blocks": [b for b, _ in options],
            "targets": {a: [targets[a] for _, targets in options] for a in sorted(common or [])}}


def area_choices(view: dict) -> dict:
    """{area: choice} for the choices made by tapping an area (AREA_ONLY_KINDS)."""
    out = {}
    for choice in view.get("choices") or []:
        area = choice.get("area") or choice.get("to")
        if choice.get("kind") in AREA_ONLY_KINDS and area and area not in out:
            out[area] = choice
    return out


# Choices the hand's panel shows (the cards, the mulligan offer): not repeated as buttons.
HAND_KINDS = ("play", "keep", "mulligan", "redeal")


def panel_choices(view: dict, selected: str = None, battle_kinds=()) -> tuple:
    """The choices to show as buttons beside the map: those of no block (End, the next
    battle, ...) and those of the selected block that go to no area; at most MAX_BUTTONS.
    Returns (shown, hidden count). Left out: what the hand's panel shows (HAND_KINDS) and,
    in a battle, what the battle board shows (`battle_kinds`)."""
    shown = []
    in_battle = view["obs"].get("phase") == "battle"
    for choice in view.get("choices") or []:
        if choice.get("kind") in HAND_KINDS:
            continue
        if in_battle and choice.get("kind") in battle_kinds:
            continue
        if choice.get("kind") in ("activate",) + AREA_ONLY_KINDS:
            continue  # taken care of by tapping a block of the area, or the area
        block = choice.get("block")
        if block is None or (block == selected and _target(choice) is None):
            shown.append(choice)
    return shown[:MAX_BUTTONS], max(0, len(shown) - MAX_BUTTONS)


def target_kind(choice: dict) -> str:
    """How a lit area is drawn (issue 55): "attack" (a move or sea move into an enemy's area),
    "sea" (a sea move), else "land" (a move, a recruit, a retreat...)."""
    if choice.get("attack"):
        return "attack"
    return "sea" if choice.get("kind") == "sea" else "land"


def target_cost(choice: dict) -> int:
    """The AP a tap on a lit area spends: the move's own and its activation's."""
    return (choice.get("cost") or 0) + (1 if choice.get("activates") else 0)


def supply_over(choices: list):
    """For the choices of one tap on a lit area (one block's, or each block's of a group),
    what the supply phase will say of the area (7.1, 7.2) from the worker's facts
    (describe._supply_facts): (area, blocks there after, its limit, blocks over it, rule),
    or None when it stays within its limit. Only counting here: the limit and the blocks
    that count against it come from the worker."""
    facts = None
    moving = 0
    for c in choices or []:
        f = c.get("supply")
        if f:
            facts = facts or f
            moving += f.get("counts") or 0
    if not facts or not moving:
        return None
    total = facts["there"] + moving
    over = total - facts["limit"]
    if over <= 0:
        return None
    return facts["area"], total, facts["limit"], over, facts.get("rule") or "7.1"


def supply_words(targets: dict, side: str) -> str:
    """The supply warnings of the lit areas ({area: [choice]}), in one sentence, or ""."""
    parts = []
    for area in sorted(targets or {}):
        over = supply_over(targets[area])
        if over:
            name, total, limit, n, rule = over
            steps = "1 step" if n == 1 else f"{n} steps"
            parts.append(f"{name} ({total} {side} blocks where {limit} are supplied, {rule}: "
                         f"{steps} lost in the supply phase unless some move on)")
    if not parts:
        return ""
    return " \u26a0 Over the supply limit: " + "; ".join(parts) + "."


def target_prompt(choice: dict) -> str:
    """What tapping a highlighted area will do, with its cost ("Activates Kent: 1 AP")."""
    text = choice.get("text", "")
    if choice.get("activates"):
        return f"{text}: activates {choice['activates']}, {choice.get('cost', 1)} AP"
    cost = choice.get("cost")
    return f"{text}: {cost} AP" if cost else f"{text}: no AP"


def lone_mover(view: dict):
    """Outside the action phase (where a player picks among many), the one block whose choices
    include going to an area (a retreat, a regroup, a block going home, an heir coming of
    age), if exactly one: the page selects it at once. Else None."""
    if view["obs"].get("phase") == "action":
        return None
    blocks = sorted({c["block"] for c in view.get("choices") or []
                     if c.get("block") and _target(c)})
    return blocks[0] if len(blocks) == 1 else None


def without_area_moves(choices: list) -> list:
    """The choices less those made by tapping an area (they are lit on the map instead)."""
    return [c for c in choices if _target(c) is None]


def decision_key(view) -> str:
    """Which decision `view` is in (its side, phase, campaign, turn, acting side and battle),
    as text; "" for no view. A selection made in one decision ends with it: the page drops a
    selection whose key is not the view's (issue 27, item 7)."""
    if not view:
        return ""
    obs = view["obs"]
    battle = obs.get("battle")
    area = battle.get("area") if isinstance(battle, dict) else None
    return "|".join(str(x) for x in (view.get("side"), obs.get("phase"), obs.get("campaign"),
                                     obs.get("turn"), obs.get("acting"), area))

