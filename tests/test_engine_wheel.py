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
