#!/usr/bin/env python3
"""Run a script of this repository where the project is not installed (a lent device
machine, where ``.venv`` does not travel): the packages are imported from ``src/`` and
``richard3.scenarios`` from ``scenarios/``, as pyproject's ``package-dir`` maps them in an
install, then the script runs as ``__main__`` with the arguments that follow it.

    python3 tools/uninstalled.py tools/ratings.py --agents hard-v2 hard --games 100 \\
        --seed 57 --workers 16 --out "$OUT/r57-hard.jsonl" --anchor hard-v2

Under PyPy, whose Debian build is Python 3.9 (about 2.5 times CPython's pace in the search, the
same games move for move: ``.pypy`` below), ``tomllib`` is taken from ``tomli``:

    apt-get install pypy3 && pypy3 -m venv .pypy && .pypy/bin/pip install tomli
    .pypy/bin/python tools/uninstalled.py tools/ratings.py ... --no-fit

Raises SystemExit with a usage line when no script is named. The packages it maps are the
engine's, which need the standard library only; a script's own needs (scipy for the
ratings' fit) must be there already.
"""

from __future__ import annotations

import importlib.util
import runpy
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def map_scenarios() -> None:
    """Import ``richard3`` from ``src/`` and register ``scenarios/`` as its subpackage
    ``richard3.scenarios`` (where ``load_scenario`` reads the scenario files)."""
    sys.path.insert(0, str(ROOT / "src"))
    import richard3  # noqa: F401  (from src/, before the subpackage is mapped)
    folder = ROOT / "scenarios"
    spec = importlib.util.spec_from_file_location(
        "richard3.scenarios", folder / "__init__.py", submodule_search_locations=[str(folder)])
    module = importlib.util.module_from_spec(spec)
    sys.modules["richard3.scenarios"] = module
    spec.loader.exec_module(module)


def map_tomllib() -> None:
    """Before Python 3.11 (PyPy 3.9) the standard library has no ``tomllib``: its forerunner
    ``tomli`` (the same API) stands in, so the engine reads its TOML data unchanged."""
    try:
        import tomllib  # noqa: F401
    except ModuleNotFoundError:
        import tomli
        sys.modules["tomllib"] = tomli


def main() -> None:
    if len(sys.argv) < 2:
        raise SystemExit("usage: python3 tools/uninstalled.py SCRIPT [ARGS...]")
    script = Path(sys.argv[1]).resolve()
    map_tomllib()
    map_scenarios()
    sys.argv = [str(script), *sys.argv[2:]]
    # The script's pool workers are forked from here, so they inherit the mapping.
    runpy.run_path(str(script), run_name="__main__")


if __name__ == "__main__":
    main()
