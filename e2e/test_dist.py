"""The built folder itself (no browser): relative URLs, the lock Pyodide checks, the precache."""

import hashlib
import json
import re
import struct
import zipfile

import pytest

from e2e.conftest import build

pytestmark = pytest.mark.e2e

OWN_TEXT = ("*.html", "*.css", "*.json", "*.webmanifest")


def files(dist):
    return sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())


def test_every_url_of_our_own_files_is_relative(dist_dir):
    absolute = re.compile(r"""(?:src|href|action)\s*=\s*["'](?:/|[a-z][\w+.-]*://)""", re.I)
    for pattern in OWN_TEXT:
        for path in dist_dir.glob(pattern):
            text = path.read_text()
            assert not absolute.search(text), f"{path.name}: {absolute.search(text).group(0)}"
            assert "://" not in text or path.suffix == ".html", path.name
    for name in ("pyscript.json", "mpy.json"):
        config = json.loads((dist_dir / name).read_text())
        assert config["interpreter"].startswith("./")
        assert all(url.startswith("./") and target.startswith("./") or target == ""
                   for url, target in config["files"].items())
    manifest = json.loads((dist_dir / "manifest.webmanifest").read_text())
    urls = [manifest["start_url"], manifest["scope"], *(icon["src"] for icon in manifest["icons"])]
    assert not any(url.startswith("/") or "://" in url for url in urls)


def test_icons_are_pngs_of_the_stated_sizes(dist_dir):
    manifest = json.loads((dist_dir / "manifest.webmanifest").read_text())
    assert {icon.get("purpose", "any") for icon in manifest["icons"]} >= {"any", "maskable"}
    for icon in manifest["icons"]:
        data = (dist_dir / icon["src"]).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        width, height = struct.unpack(">II", data[16:24])
        assert f"{width}x{height}" == icon["sizes"]


def test_worker_installs_nothing_and_imports_the_wheel_as_a_file(dist_dir):
    """The worker's Pyodide loads no package (its lock lists none): PyScript's `files` fetches
    our wheel, which worker.py imports from as a zip on sys.path."""
    config = json.loads((dist_dir / "pyscript.json").read_text())
    assert "packages" not in config
    runtime = (dist_dir / config["interpreter"]).parent
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    assert lock["packages"] == {}
    assert sorted(p.name for p in runtime.iterdir()) == sorted(
        [*build.PYODIDE_FILES, "pyodide-lock.json"])
    wheels = [url for url, target in config["files"].items() if target == "./richard3.whl"]
    assert len(wheels) == 1 and (dist_dir / wheels[0]).exists()
    assert 'sys.path.insert(0, "richard3.whl")' in (dist_dir / "worker.py").read_text()


def test_stdlib_zip_has_the_engines_imports_byte_compiled(dist_dir):
    config = json.loads((dist_dir / "pyscript.json").read_text())
    with zipfile.ZipFile((dist_dir / config["interpreter"]).parent / "python_stdlib.zip") as z:
        names = set(z.namelist())
        compiled = {n for n in names if n.endswith(".pyc")}
        # what importing the engine adds is compiled; what a bare PyScript page imports is not
        assert {"tomllib/_parser.pyc", "importlib/resources/readers.pyc"} <= compiled
        assert {"asyncio/__init__.py", "json/__init__.py", "html/__init__.py"} <= names
        assert len(compiled) < 100 and not {n[:-1] for n in compiled} & names
        for name in compiled:  # hash-based and unchecked: valid without the source
            assert struct.unpack("<I", z.read(name)[4:8])[0] == 1, name


def test_pyscript_ships_no_source_maps_nor_editor(dist_dir):
    names = files(dist_dir / "pyscript")
    assert "core.js" in names and "core.css" in names
    assert not [n for n in names if n.endswith(".map") or n.startswith(("codemirror", "xterm"))]
    for name in names:
        if name.endswith(".js"):
            assert "sourceMappingURL" not in (dist_dir / "pyscript" / name).read_text()[-200:]


def test_service_worker_precaches_every_file_under_its_content_hash(dist_dir):
    text = (dist_dir / "sw.js").read_text()
    entries = re.findall(r'\{url:"([^"]+)",revision:(null|"[0-9a-f]+")\}', text)
    assert entries, "no precache manifest found in sw.js"
    listed = {url for url, _ in entries}
    assert listed == set(files(dist_dir)) - {"sw.js"}
    hashed = re.compile(build.HASHED_URL)
    for url, revision in entries:
        if revision == "null":
            assert hashed.match(url), f"{url} has no revision and no hash in its path"
            if url.startswith("wheels/"):
                sha = hashlib.sha256((dist_dir / url).read_bytes()).hexdigest()
                assert url.split("/")[1] == sha[:10]
        else:
            md5 = hashlib.md5((dist_dir / url).read_bytes()).hexdigest()
            assert revision.strip('"') == md5, url


def test_main_thread_runs_micropython_with_the_builds_data(dist_dir):
    """mpy.json (the main thread's settings): the vendored MicroPython, the table's modules (as
    bytecode) and
    the static data game_host.page_data() computes; nothing installed, no engine."""
    config = json.loads((dist_dir / "mpy.json").read_text())
    interpreter = dist_dir / config["interpreter"]
    assert config["interpreter"].startswith("./micropython/") and interpreter.exists()
    assert sorted(p.name for p in interpreter.parent.iterdir()) == sorted(build.MICROPYTHON_FILES)
    # the modules of web/mpy.json, each shipped as MicroPython bytecode and not as source
    assert set(config["files"]) == {build.compiled_name(name) for name in build.page_modules()}
    assert {"./table.mpy", "./ui.mpy"} <= set(config["files"])
    for name in config["files"]:
        assert (dist_dir / name).read_bytes()[:2] == b"M\x06", name  # .mpy format version 6
        assert not (dist_dir / name).with_suffix(".py").exists(), name
    assert "packages" not in config
    assert config["richard3"]["data"] == build.page_data()
    worker = json.loads((dist_dir / "pyscript.json").read_text())
    assert worker["interpreter"].endswith("/pyodide.mjs") and "richard3" not in worker
    assert "./game_host.py" in worker["files"]
    notice = (dist_dir / "NOTICE.txt").read_text()
    assert "MicroPython 1.28" in notice and build.MICROPYTHON_PACKAGE in notice
    assert "MIT License" in (dist_dir / "licenses" / "MicroPython-LICENSE.txt").read_text()
