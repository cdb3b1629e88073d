"""The engine's layers (issue 24): the import contracts of pyproject.toml hold (import-linter:
drivers > API > turn sequence > phases, independent of each other > rule helpers > state and
vocabulary; and Sun of York's in pyproject.toml; the two games import only roses, never each
other), and no module of src/richard3, src/sunofyork or src/roses imports inside a function
unless a comment on that line says why."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = [ROOT / "src" / name for name in ("richard3", "sunofyork", "roses")]


def test_the_import_contracts_hold():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    done = subprocess.run([sys.executable, "-c", "from importlinter.cli import lint_imports_command;"
                           " lint_imports_command()"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_no_import_inside_a_function_without_a_reason():
    found = []
    for path in sorted(p for package in PACKAGES for p in package.rglob("*.py")):
        source = path.read_text()
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)) \
                        and "#" not in lines[inner.lineno - 1]:
                    found.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    assert found == []
