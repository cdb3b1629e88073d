// The page's one Pyodide, in a module worker: the engine and the AI (worker.py, game_host.py and
// the richard3 wheel). engine.js starts it with the page; the page's MicroPython (session.py) calls
// the functions worker.py lists in __export__, through Comlink; each answers a string (JSON).
//
// A plain worker rather than a PyScript one: PyScript's worker would load its own JavaScript
// again and import its `pyscript` package (about 130 KB of Python compiled from source) before
// the engine, and the worker needs neither; this one asks Pyodide for nothing but Python.
import * as Comlink from "./vendor/comlink.mjs";

// build.py writes the two content-hashed folders here: the runtime's and our wheel's.
const PYODIDE = "./pyodide/VERSION-HASH";
const WHEEL = "./wheels/HASH/richard3.whl";

async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function start() {
  // Our files download while the runtime starts; worker.py finds them in its working folder.
  const files = Promise.all([download("./worker.py"), download("./game_host.py"), download(WHEEL),
                             download("./soy_host.py")]);  // Sun of York's host (issue 54)
  const { loadPyodide } = await import(`${PYODIDE}/pyodide.mjs`);
  const pyodide = await loadPyodide({ indexURL: `${PYODIDE}/` });
  const [worker, host, wheel, soyHost] = await files;
  pyodide.FS.writeFile("soy_host.py", soyHost);
  pyodide.FS.writeFile("worker.py", worker);
  pyodide.FS.writeFile("game_host.py", host);
  pyodide.FS.writeFile("richard3.whl", wheel);
  const module = pyodide.pyimport("worker");
  return { module, exported: new Set(module.__export__.toJs()) };
}

const engine = start();
engine.catch(() => {});  // reported to each call instead

Comlink.expose({
  async call(name, ...args) {
    const { module, exported } = await engine;
    if (!exported.has(name)) throw new Error(`the engine has no function "${name}"`);
    return module[name](...args);
  },
});
