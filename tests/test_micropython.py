"""The page's main-thread modules on MicroPython (the interpreter they run on in the browser).

web/table.py draws the table's side panel from one side's view; it must give the same HTML on
MicroPython (the page's main thread) as on CPython (where the rest of the tests check it). So
must web/panels.py (cards, battle board, log, victory), web/board.py (the map) and web/taps.py,
from the view the worker sends (with its "choices", "log_plain" and "usurpation"). MicroPython
differs in ways that do not show as errors: its dicts are unordered, its sort is not stable,
its `re` has no look-arounds. So views of seeded games of every scenario are drawn by both
interpreters, and every drawing must be identical; MicroPython runs the modules as the page
does, compiled to its bytecode (.mpy) by the build's mpy-cross. Every other module of the main
thread (web/mpy.json's files: ui.py and the rooms it wires) and web/main.py must compile and
import there too (against a stand-in for PyScript's `pyscript` package, as no browser is here;
the e2e tests run them in Chromium for real).

MicroPython comes from node_modules (npm `@micropython/micropython-webassembly-pyscript`,
pinned in package-lock.json; `python3 build.py test` installs it) and runs under node.
"""

import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
DRIVER = Path(__file__).resolve().parent / "micropython_driver.mjs"
sys.path.insert(0, str(WEB))
sys.path.insert(0, str(ROOT))


import board  # noqa: E402
import build  # noqa: E402  (the project's build.py: how the page's modules are compiled)
import facts  # noqa: E402
import game_host  # noqa: E402
from web_views import decisions  # noqa: E402
import panels  # noqa: E402
import table  # noqa: E402
import taps  # noqa: E402

# What each drawing function of table.py takes: a view or its observation.
ON_VIEW = ("prompt", "all_choices", "usurpation_panel")
ON_OBS = ("status_bar", "boxes_panel")

# What each drawing function of panels.py takes (choices and plain log come with the view, as
# the worker sends them); run by both interpreters.
PANELS_PY = '''
def draw_panels(panels, view):
    obs, choices = view["obs"], view["choices"]
    plays = [c for c in choices if c["kind"] == "play"]
    return {"hand_panel": panels.hand_panel(obs, choices),
            "confirm_card": panels.confirm_card(plays[-1] if plays else None),
            "mulligan_panel": panels.mulligan_panel(obs, choices),
            "reveal_panel": panels.reveal_panel(obs),
            "battle_board": panels.battle_board(obs, choices, (), view.get("battle_story")),
            "battle_summary": [panels.battle_summary(x) for x in
                               (view.get("battle_ends") or []) + [view.get("battle_story")]],
            "log_panel": panels.log_panel(view["log_plain"], 80),
            "victory_panel": panels.victory_panel(view)}
'''
exec(PANELS_PY)

PYSCRIPT_STAND_IN = '''
"""A stand-in for PyScript's package, enough for ui.py to import outside a browser."""
class _Anything:
    def __getattr__(self, name):
        return _Anything()
    def __call__(self, *args, **kwargs):
        return _Anything()
document = window = fetch = _Anything()
config = {"richard3": {}}
def when(event, selector):
    def register(func):
        return func
    return register
'''

DRIVER_PY = PANELS_PY + '''
import json
import panels
import board
import facts
import table
import taps
with open("input.json") as f:
    data = json.load(f)
facts.set_data(data["page_data"])
out = []
for view in data["views"]:
    drawn = {}
    for name in data["on_view"]:
        drawn[name] = getattr(table, name)(view)
    for name in data["on_obs"]:
        drawn[name] = getattr(table, name)(view["obs"])
    drawn["since_panel"] = table.since_panel(view.get("since") or [])
    drawn["panels"] = draw_panels(panels, view)
    geo = board.Geometry({"areas": {a: {"slots": data["slots"][a]} for a in data["slots"]
                                    if ":" not in a},
                          "boxes": {a: {"slots": data["slots"][a]} for a in data["slots"]
                                    if ":" in a}}, data["borders"])
    movable = taps.movable_blocks(view)
    drawn["board"] = board.blocks_layer(view, geo, {"movable": movable,
                                                    "selected": movable[0] if movable else None})
    drawn["borders"] = board.borders_layer(view["obs"], geo, data["page_data"]["borders"])
    drawn["since"] = board.since_layer(view.get("since") or [], geo)
    drawn["taps"] = [taps.block_options(view, b) for b in movable]
    drawn["panel"] = taps.panel_choices(view, movable[0] if movable else None)
    drawn["groups"] = [taps.area_group(view, a) for a in data["page_data"]["areas"]]
    out.append(drawn)
import ui
import session
statuses = data["statuses"]
viewers = [session.viewer(st) for st in statuses]
compile(open("main.py").read(), "main.py", "exec")
with open("tables.out.json", "w") as f:
    json.dump({"drawn": out, "viewers": viewers, "implementation": __import__("sys").implementation.name}, f)
'''


def map_slots() -> dict:
    """The slot anchors of web/map.svg, as mapview.ensure_map() reads them: {area: [[x, y], ...]}."""
    svg = (WEB / "map.svg").read_text()
    slots = {}
    for group in re.finditer(r'<g[^>]*data-slots-for="([^"]+)"[^>]*>(.*?)</g>', svg, re.S):
        slots[group.group(1)] = [[float(x), float(y)] for x, y in re.findall(
            r'<circle[^>]*data-slot[^>]*cx="([\d.]+)"[^>]*cy="([\d.]+)"', group.group(2))]
    return slots


def sample_views(seed: int, every: int = 23):
    """Views (game_host.GameHost.view) and statuses along whole seeded games of every scenario,
    both sides played at random by "humans" (so every view lists actions): every `every`-th
    decision, every battle decision of the first battles, and the end. Each view also has the
    "choices" (describe_actions) and "log_plain" (plain_log) the worker sends with it."""
    views, statuses = [], []
    rng = random.Random(seed)
    for scenario in ("1460", "1470", "1483"):
        battles = 0
        for i, (host, st, view) in enumerate(decisions(scenario, seed, rng)):
            in_battle = view["obs"]["phase"] == "battle" and battles < 6
            if i % every == 0 or in_battle:
                views.append(view)
                statuses.append(st)
                battles += in_battle
        views.append(json.loads(host.view("York")))
        statuses.append(json.loads(host.status()))
    return views, statuses


def cpython_drawings(views, slots, data, borders):
    facts.set_data(data)
    geo = board.Geometry({"areas": {a: {"slots": slots[a]} for a in slots if ":" not in a},
                          "boxes": {a: {"slots": slots[a]} for a in slots if ":" in a}}, borders)
    out = []
    for view in views:
        drawn = {name: getattr(table, name)(view) for name in ON_VIEW}
        drawn.update({name: getattr(table, name)(view["obs"]) for name in ON_OBS})
        drawn["since_panel"] = table.since_panel(view.get("since") or [])
        drawn["panels"] = draw_panels(panels, view)
        movable = taps.movable_blocks(view)
        drawn["board"] = board.blocks_layer(view, geo, {"movable": movable,
                                                        "selected": movable[0] if movable else None})
        drawn["borders"] = board.borders_layer(view["obs"], geo, data["borders"])
        drawn["since"] = board.since_layer(view.get("since") or [], geo)
        drawn["taps"] = json.loads(json.dumps([taps.block_options(view, b) for b in movable]))
        drawn["panel"] = json.loads(json.dumps(taps.panel_choices(view, movable[0] if movable
                                                                  else None)))
        drawn["groups"] = json.loads(json.dumps([taps.area_group(view, a)
                                                 for a in data["areas"]]))
        out.append(drawn)
    return out


@pytest.fixture(scope="module")
def micropython_mjs() -> Path:
    mjs = MICROPYTHON / "micropython.mjs"
    if not mjs.exists() or not shutil.which("node"):
        pytest.fail("MicroPython or node missing: run `python3 build.py test` (npm ci installs "
                    "@micropython/micropython-webassembly-pyscript from package-lock.json)")
    return mjs


def test_table_draws_the_same_on_micropython_as_on_cpython(micropython_mjs, tmp_path):
    views, statuses = sample_views(seed=3)
    assert len(views) >= 30 and {v["obs"]["phase"] for v in views} >= {
        "cards", "action", "battle", "over"}
    slots, data = map_slots(), game_host.page_data()
    assert len(slots) >= 30 and all(len(anchors) >= 3 for anchors in slots.values())
    # every module the main thread imports (mpy.json's files, and Sun of York's, fetched later),
    # compiled to MicroPython bytecode as the build ships them, and main.py (shipped as source)
    modules = [*build.page_modules(), *build.SOY_PAGE_MODULES]
    for name in [*modules, "main.py"]:
        shutil.copy2(WEB / name, tmp_path / Path(name).name)
    build.compile_page_modules(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["main.py", *(Path(build.compiled_name(name)).name for name in modules)])
    (tmp_path / "pyscript").mkdir()
    (tmp_path / "pyscript" / "__init__.py").write_text(PYSCRIPT_STAND_IN)
    (tmp_path / "pyscript" / "ffi.py").write_text("def to_js(value, **kw):\n    return value\n")
    (tmp_path / "driver.py").write_text(DRIVER_PY)
    borders = {key: [float(i), float(i) + 0.5] for i, key in enumerate(data["borders"])}
    (tmp_path / "input.json").write_text(json.dumps({
        "page_data": data, "views": views, "statuses": statuses, "slots": slots,
        "borders": borders,
        "on_view": ON_VIEW, "on_obs": ON_OBS}))
    done = subprocess.run(["node", str(DRIVER), str(micropython_mjs), str(tmp_path)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads((tmp_path / "tables.out.json").read_text())
    assert result["implementation"] == "micropython"

    expected = cpython_drawings(views, slots, data, borders)
    for i, (mine, theirs) in enumerate(zip(result["drawn"], expected)):
        for name in theirs:
            assert mine[name] == theirs[name], (i, views[i]["obs"]["phase"], name)
    assert len(result["drawn"]) == len(expected)
    # ui.py (and the rooms it wires) imported and ran there: with nobody shown yet, the side
    # to show is the first human who must decide (both sides are human here)
    assert result["viewers"] == [st["humans"][0] if st["humans"] else "Lancaster"
                                 for st in statuses]


def test_micropython_dicts_are_unordered_so_the_check_above_can_fail(micropython_mjs, tmp_path):
    """The reason for the check: a dict iterated on MicroPython does not keep insertion order,
    so a drawing that walked one would differ (and the comparison above would catch it)."""
    (tmp_path / "driver.py").write_text(
        "import json\nd = {}\nfor k in ['zeta', 'alpha', 'mid', 'Kent', 'Essex']:\n"
        "    d[k] = 1\njson.dump(list(d), open('order.out.json', 'w'))\n")
    done = subprocess.run(["node", str(DRIVER), str(micropython_mjs), str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    order = json.loads((tmp_path / "order.out.json").read_text())
    assert sorted(order) == sorted(["zeta", "alpha", "mid", "Kent", "Essex"])
    assert order != ["zeta", "alpha", "mid", "Kent", "Essex"]
