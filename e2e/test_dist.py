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
    config = json.loads((dist_dir / "mpy.json").read_text())
    assert config["interpreter"].startswith("./")
    assert all(url.startswith("./") and target.startswith("./") or target == ""
               for url, target in config["files"].items())
    worker = (dist_dir / "engine-worker.js").read_text()
    urls = re.findall(r"""(?:from|await import\(|download\()\s*[`"']([^`"']+)""", worker)
    assert urls and all(url.startswith(("./", "${")) for url in urls), urls
    for path in build.engine_worker_paths(dist_dir).values():  # written by the build, relative
        assert (dist_dir / path).exists(), path
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
    """The worker's Pyodide loads no package (its lock lists none): engine-worker.js downloads
    our wheel as richard3.whl, which worker.py imports from as a zip on sys.path."""
    paths = build.engine_worker_paths(dist_dir)
    runtime = dist_dir / paths["PYODIDE"]
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    assert lock["packages"] == {}
    assert sorted(p.name for p in runtime.iterdir()) == sorted(
        [*build.PYODIDE_FILES, "pyodide-lock.json"])
    assert paths["WHEEL"].startswith("wheels/") and (dist_dir / paths["WHEEL"]).exists()
    assert paths["SUNOFYORK"].startswith("wheels/") and (dist_dir / paths["SUNOFYORK"]).exists()
    worker = (dist_dir / "engine-worker.js").read_text()
    assert 'FS.writeFile("richard3.whl", wheel)' in worker and "packages" not in worker
    assert "download(SUNOFYORK)" in worker and "download(SUNOFYORK)" not in worker.split(
        "async function start()")[1].split("const engine")[0]  # not at the worker's start
    assert 'sys.path.insert(0, "richard3.whl")' in (dist_dir / "worker.py").read_text()
    assert not (dist_dir / "pyscript.json").exists()  # no PyScript worker: nothing to set


def test_each_game_has_its_wheel(dist_dir):
    """Two wheels split from the project's one (build.split_wheel, issue 54): the richard3 one
    (richard3 and roses) holds no sunofyork module, the sunofyork one holds sunofyork alone;
    both byte-compiled, each with a RECORD that lists its files, each in a folder named by its
    content hash."""
    paths = build.engine_worker_paths(dist_dir)
    names = {}
    for key, wheel in (("WHEEL", "richard3"), ("SUNOFYORK", "sunofyork")):
        path = dist_dir / paths[key]
        assert path.name.startswith(f"{wheel}-") and path.name.endswith("-py3-none-any.whl")
        assert path.parent.name == hashlib.sha256(path.read_bytes()).hexdigest()[:10]
        with zipfile.ZipFile(path) as z:
            names[wheel] = set(z.namelist())
            (record,) = [n for n in names[wheel] if n.endswith(".dist-info/RECORD")]
            listed = {line.split(",")[0] for line in z.read(record).decode().splitlines()}
            assert listed == names[wheel]
            assert f"Name: {wheel}" in z.read(record.replace("RECORD", "METADATA")).decode()
        assert not [n for n in names[wheel] if n.endswith(".py")]
    tops = {wheel: {n.split("/")[0] for n in found} for wheel, found in names.items()}
    assert {"richard3", "roses"} <= tops["richard3"] and "sunofyork" not in tops["richard3"]
    assert {"sunofyork/__init__.pyc", "sunofyork/ai/__init__.pyc"} <= names["sunofyork"]
    assert {t for t in tops["sunofyork"] if not t.endswith(".dist-info")} == {"sunofyork"}
    assert any(n.startswith("sunofyork/data/") for n in names["sunofyork"])


def test_stdlib_zip_has_the_workers_imports_byte_compiled(dist_dir):
    runtime = dist_dir / build.engine_worker_paths(dist_dir)["PYODIDE"]
    with zipfile.ZipFile(runtime / "python_stdlib.zip") as z:
        names = set(z.namelist())
        compiled = {n for n in names if n.endswith(".pyc")}
        # what the worker's start imports is compiled: Pyodide's start-up, then the engine's
        assert {"encodings/__init__.pyc", "asyncio/__init__.pyc", "_pyodide/_base.pyc",
                "pyodide/__init__.pyc", "json/__init__.pyc", "tomllib/_parser.pyc",
                "importlib/resources/readers.pyc", "random.pyc"} <= compiled
        # the rest stays source, as npm ships it (found, and compiled, if ever imported)...
        assert {"html/__init__.py", "urllib/parse.py", "tarfile.py"} <= names
        assert len(compiled) < 200 and not {n[:-1] for n in compiled} & names
        # ...but for what the worker has no use for (build.STDLIB_LEFT_OUT)
        assert not [n for n in names if n.startswith(build.STDLIB_LEFT_OUT)]
        assert {"email/__init__.py", "unittest/__init__.py", "pdb.py"} <= set(
            zipfile.ZipFile(build.NODE_MODULES / "pyodide" / "python_stdlib.zip").namelist())
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
    paths = build.engine_worker_paths(dist_dir)
    folder = (dist_dir / paths["SOY_HOST"]).parent
    soy = {paths["SUNOFYORK"]} | {(folder / name).relative_to(dist_dir).as_posix()
                                  for name in files(folder)}
    # all but Sun of York's files, cached when a Sun of York game fetches them (issue 54)
    assert listed == set(files(dist_dir)) - {"sw.js"} - soy
    assert all(re.search(build.SOY_URL, "/" + url) for url in soy)
    assert not [url for url in listed if re.search(build.SOY_URL, "/" + url)]
    # build.write_service_worker's runtime cache, named by the files' paths, and sw-fetch.js's
    # clean-up of older ones
    cache = build.soy_cache_name(dist_dir)
    assert f'cacheName:"{cache}"' in text and f'const SOY_CACHE = "{cache}";' in text
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
    assert config["richard3"]["data"] == build.host_page_data("game_host", "the page's data")
    # Sun of York's files (issue 54): in a folder named by their content hash, apart from the
    # page's start (soy_files.py fetches them); its modules as bytecode too
    soy = config["sunofyork"]
    folder = dist_dir / soy["folder"]
    assert re.fullmatch(r"\./soy/[0-9a-f]{10}/", soy["folder"])
    assert sorted(files(folder)) == sorted([*soy["modules"], soy["css"], soy["data"],
                                            build.SOY_HOST])
    assert soy["modules"] == [build.compiled_name(name)[2:] for name in build.SOY_PAGE_MODULES]
    for name in soy["modules"]:
        assert (folder / name).read_bytes()[:2] == b"M\x06", name
        assert not (dist_dir / name).exists() and not (dist_dir / name).with_suffix(".py").exists()
    assert json.loads((folder / soy["data"]).read_text()) == build.host_page_data(
        "soy_host", "Sun of York's page data")
    assert not (dist_dir / soy["css"]).exists() and not (dist_dir / build.SOY_HOST).exists()
    notice = (dist_dir / "NOTICE.txt").read_text()
    assert "MicroPython 1.28" in notice and build.MICROPYTHON_PACKAGE in notice
    assert "MIT License" in (dist_dir / "licenses" / "MicroPython-LICENSE.txt").read_text()
