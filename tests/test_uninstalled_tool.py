"""tools/uninstalled.py: a script runs where the project is not installed (a device machine):
``richard3`` from src/, ``richard3.scenarios`` from scenarios/, the script's arguments kept."""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

from helpers import load_tool

ROOT = Path(__file__).resolve().parent.parent
uninstalled = load_tool("uninstalled")
SCRIPT = """
import sys
from richard3.game import new_game
g = new_game("1470", seed=3)
print(g.campaign, sys.argv[1:])
"""


def run(*args: str) -> subprocess.CompletedProcess:
    # -S: no site-packages, so no installed (editable) richard3 to find the scenarios by
    return subprocess.run([sys.executable, "-S", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, check=False)


def test_a_script_loads_a_scenario_only_through_the_launcher(tmp_path):
    script = tmp_path / "load.py"
    script.write_text(SCRIPT)
    bare = run("-c", f"import sys; sys.path.insert(0, 'src'); exec(open({str(script)!r}).read())")
    assert bare.returncode != 0 and "richard3.scenarios" in bare.stderr
    launched = run("tools/uninstalled.py", str(script), "--games", "3")
    assert launched.returncode == 0, launched.stderr
    assert launched.stdout.split() == ["2", "['--games',", "'3']"]    # 1470 begins campaign 2


def test_no_script_is_a_usage_error():
    done = run("tools/uninstalled.py")
    assert done.returncode != 0 and "usage" in done.stderr


def test_tomli_stands_in_for_tomllib_before_python_3_11(monkeypatch):
    """PyPy's Python 3.9 has no ``tomllib``: the launcher maps ``tomli`` (the same API) in its
    place, so the engine's TOML data loads; where ``tomllib`` exists it is left alone."""
    import tomllib
    tomli = types.ModuleType("tomli")
    monkeypatch.setitem(sys.modules, "tomli", tomli)
    uninstalled.map_tomllib()
    assert sys.modules["tomllib"] is tomllib
    monkeypatch.setitem(sys.modules, "tomllib", None)      # import tomllib now fails
    uninstalled.map_tomllib()
    assert sys.modules["tomllib"] is tomli
