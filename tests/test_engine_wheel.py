"""The engine as the page gets it: a wheel byte-compiled with docstrings and asserts left out.

build.py compiles the wheel for the worker with optimize=2 (py_compile), which drops every
docstring and every assert statement. That is only safe while the engine neither asserts nor
reads a docstring (__doc__, inspect.getdoc): these tests fail the day it does, before a page
behaves differently from the command line.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "src" / "richard3").rglob("*.py")) + sorted(
    (ROOT / "scenarios").glob("*.py"))


def test_the_engine_has_no_assert_statement():
    found = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in SOURCES
             for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.Assert)]
    assert len(SOURCES) > 20
    assert found == [], "optimize=2 would drop these asserts in the page: " + ", ".join(found)


def test_the_engine_never_reads_a_docstring():
    def reads_doc(node):
        return (isinstance(node, ast.Attribute) and node.attr in ("__doc__", "getdoc")
                or isinstance(node, ast.Name) and node.id in ("__doc__", "getdoc"))
    found = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in SOURCES
             for node in ast.walk(ast.parse(path.read_text())) if reads_doc(node)]
    assert found == [], "optimize=2 leaves these without a docstring in the page: " + \
        ", ".join(found)


def test_the_check_finds_an_assert_and_a_docstring_read():
    tree = ast.parse("def f():\n    'doc'\n    assert f.__doc__\n")
    nodes = list(ast.walk(tree))
    assert any(isinstance(n, ast.Assert) for n in nodes)
    assert any(isinstance(n, ast.Attribute) and n.attr == "__doc__" for n in nodes)


def test_the_wheel_is_split_in_one_per_game(tmp_path):
    """build.split_wheel (issue 54): the project's one wheel makes a richard3 wheel without the
    sunofyork package and a sunofyork wheel with it alone, dist-info of its own, and the same
    entry dates (reproducible); the richard3 METADATA keeps its headers, not the README."""
    import sys
    import zipfile
    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT))
    built = tmp_path / "richard3-0.1.0-py3-none-any.whl"
    date = (1980, 1, 1, 0, 0, 0)
    with zipfile.ZipFile(built, "w") as z:
        for name, text in [("richard3/__init__.py", "x = 1\n"), ("roses/__init__.py", ""),
                           ("sunofyork/__init__.py", "y = 2\n"),
                           ("sunofyork/data/deck.json", "{}"),
                           ("richard3-0.1.0.dist-info/METADATA",
                            "Name: richard3\nVersion: 0.1.0\n\n# The README\n\nIts text.\n"),
                           ("richard3-0.1.0.dist-info/WHEEL", "Wheel-Version: 1.0\n"),
                           ("richard3-0.1.0.dist-info/top_level.txt",
                            "richard3\nroses\nsunofyork\n"),
                           ("richard3-0.1.0.dist-info/RECORD", "")]:
            z.writestr(zipfile.ZipInfo(name, date_time=date), text)
    (out := tmp_path / "out").mkdir()
    richard3, sunofyork = build.split_wheel(built, out)
    assert (richard3.name, sunofyork.name) == (built.name, "sunofyork-0.1.0-py3-none-any.whl")
    with zipfile.ZipFile(richard3) as r3, zipfile.ZipFile(sunofyork) as soy:
        assert not [n for n in r3.namelist() if n.startswith("sunofyork")]
        assert {"richard3/__init__.py", "roses/__init__.py"} <= set(r3.namelist())
        assert r3.read("richard3-0.1.0.dist-info/top_level.txt") == b"richard3\nroses\n"
        assert r3.read("richard3-0.1.0.dist-info/METADATA") == b"Name: richard3\nVersion: 0.1.0\n"
        assert sorted(soy.namelist()) == sorted([
            "sunofyork/__init__.py", "sunofyork/data/deck.json",
            *(f"sunofyork-0.1.0.dist-info/{n}" for n in ("METADATA", "WHEEL", "top_level.txt",
                                                          "RECORD"))])
        assert b"Name: sunofyork" in soy.read("sunofyork-0.1.0.dist-info/METADATA")
        assert {i.date_time for i in [*r3.infolist(), *soy.infolist()]} == {date}
    first = (richard3.read_bytes(), sunofyork.read_bytes())
    (again := tmp_path / "again").mkdir()
    assert tuple(p.read_bytes() for p in build.split_wheel(built, again)) == first
