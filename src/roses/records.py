"""Reading the JSON files both games write: saves and records (``parse_json``) and the
JSON-lines results of tournaments (``json_lines``)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path


def parse_json(text, error=ValueError):
    """The parsed value of ``text`` (str or bytes); a value that is not text is returned as it
    is. Raises ``error`` saying the file is not JSON (too deep a nesting included)."""
    if not isinstance(text, (str, bytes, bytearray)):
        return text
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise error("not a saved game or record: the file is not JSON") from None


def json_lines(path) -> list:
    """[(line number, record)] of the JSON-lines file ``path`` ([] if it does not exist),
    blank lines skipped. Raises ValueError naming the file and line of a line that is not
    JSON."""
    path = Path(path)
    if not path.exists():
        return []
    out = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append((n, json.loads(line)))
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}:{n}: not a JSON record ({exc.msg})") from None
    return out


def code_fingerprint(root) -> str:
    """A short hash (12 hex digits) of a package's source and data files (``*.py``,
    ``*.json``, ``*.toml`` under the folder ``root``): games played by different engine or AI
    code carry different fingerprints, so a results file cannot mix them."""
    root = Path(root)
    h = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".json", ".toml") and "__pycache__" not in path.parts:
            h.update(path.relative_to(root).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:12]


__all__ = ["parse_json", "json_lines", "code_fingerprint"]
