"""Per-decision thinking time of the Sun of York agents, per level (CPython; the page's
Pyodide is about 2-3 times slower).

Each level plays Lancaster and York against the normal agent on a few historical scenarios;
every decision it makes is timed. Printed per level: the decisions timed, the median and p95
of all of them and of the "real" ones (more than one legal action), and the slowest.

    PYTHONPATH=src python bench/sunofyork_ai.py [--levels easy,normal,hard,expert]
        [--scenarios st_albans_1,towton,barnet] [--games 1] [--max-decisions 400] [--pyodide]

The levels run as the page runs them (time-bounded: ``get_agent(name)`` defaults).
``--pyodide`` runs the same measurement in the page's Python: Pyodide (node_modules/pyodide,
CPython 3.14 for WebAssembly) under Node, with src/sunofyork and src/roses copied into its file
system; the figures are then the page's worker's, without a browser around it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Node: load Pyodide, copy the packages' sources into its file system, run this file's main.
NODE_SCRIPT = r"""
const { readFileSync } = require('node:fs');
const { pathToFileURL } = require('node:url');
const [indexURL, filesJSON, argvJSON] = process.argv.slice(1);
(async () => {
  const { loadPyodide } = await import(pathToFileURL(indexURL + 'pyodide.mjs'));
  const py = await loadPyodide({ indexURL });
  for (const [dest, src] of JSON.parse(filesJSON)) {
    py.FS.mkdirTree(dest.substring(0, dest.lastIndexOf('/')));
    py.FS.writeFile(dest, new Uint8Array(readFileSync(src)));
  }
  py.globals.set('bench_argv', JSON.parse(argvJSON));
  py.runPython("import sys; sys.path.insert(0, '/bench/src'); sys.path.insert(0, '/bench')\n"
               + "import sunofyork_ai; sunofyork_ai.main(list(bench_argv))");
})().catch((e) => { console.error(e); process.exit(1); });
"""


def run_in_pyodide(argv: list) -> int:
    """Run ``main(argv)`` (without ``--pyodide``) inside Pyodide under Node."""
    files = [("/bench/sunofyork_ai.py", str(Path(__file__).resolve()))]
    for pkg in ("sunofyork", "roses"):
        for path in sorted((ROOT / "src" / pkg).rglob("*")):
            if path.suffix in (".py", ".toml", ".json") and "__pycache__" not in path.parts:
                rel = path.relative_to(ROOT / "src").as_posix()
                files.append((f"/bench/src/{rel}", str(path)))
    index = str(ROOT / "node_modules" / "pyodide") + "/"
    return subprocess.call(["node", "-e", NODE_SCRIPT, index, json.dumps(files),
                            json.dumps([a for a in argv if a != "--pyodide"])])


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def bench(level: str, scenarios, games: int, max_decisions: int) -> dict:
    from sunofyork import new_game  # imported here: under --pyodide only Pyodide imports it
    from sunofyork.ai import get_agent
    every, real = [], []
    for sid in scenarios:
        for k in range(games):
            for side in (0, 1):
                g = new_game(sid, seed=100 + k)
                agents = {side: get_agent(level, k), 1 - side: get_agent("normal", k + 1)}
                n = 0
                while not g.is_over and n < max_decisions:
                    s = g.active_sides()[0]
                    many = len(g.legal_actions(s)) > 1
                    t = time.perf_counter()
                    a = agents[s].choose(g, s)
                    dt = time.perf_counter() - t
                    if s == side:
                        every.append(dt)
                        if many:
                            real.append(dt)
                    g.apply(s, a)
                    n += 1
    return {"level": level, "decisions": len(every),
            "median_ms": 1000 * statistics.median(every), "p95_ms": 1000 * pct(every, 0.95),
            "real_median_ms": 1000 * statistics.median(real) if real else 0.0,
            "real_p95_ms": 1000 * pct(real, 0.95), "max_ms": 1000 * max(every)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="per-decision time of the Sun of York agents")
    ap.add_argument("--levels", default="random,easy,normal,hard,expert")
    ap.add_argument("--scenarios", default="st_albans_1,towton,barnet")
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--max-decisions", type=int, default=400)
    ap.add_argument("--pyodide", action="store_true",
                    help="measure in Pyodide under Node (the page's Python) instead of CPython")
    argv = sys.argv[1:] if argv is None else argv
    args = ap.parse_args(argv)
    if args.pyodide:
        return run_in_pyodide(argv)
    where = f"Python {sys.version.split()[0]} on {sys.platform}"
    print(f"{'level':8s} {'decisions':>9s} {'median':>9s} {'p95':>9s} {'real med':>9s} "
          f"{'real p95':>9s} {'max':>9s}   (ms, {where})")
    for level in args.levels.split(","):
        r = bench(level, args.scenarios.split(","), args.games, args.max_decisions)
        print(f"{r['level']:8s} {r['decisions']:9d} {r['median_ms']:9.2f} {r['p95_ms']:9.2f} "
              f"{r['real_median_ms']:9.2f} {r['real_p95_ms']:9.2f} {r['max_ms']:9.1f}",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
