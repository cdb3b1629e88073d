// The page's one Pyodide, in a module worker: the engine and the AI (worker.py, game_host.py and
// the richard3 wheel). engine.js starts it with the page; the page's MicroPython (session.py) calls
// the functions worker.py lists in __export__, through Comlink; each answers a string (JSON).
//
// A plain worker rather than a PyScript one: PyScript's worker would load its own JavaScript
// again and import its `pyscript` package (about 130 KB of Python compiled from source) before
// the engine, and the worker needs neither; this one asks Pyodide for nothing but Python.
import * as Comlink from "./vendor/comlink.mjs";

// build.py writes the content-hashed folders here: the runtime's, our two wheels' and Sun of
// York's host's (the last two are fetched only when a Sun of York game needs them: issue 54).
const PYODIDE = "./pyodide/VERSION-HASH";
const WHEEL = "./wheels/HASH/richard3.whl";
const SUNOFYORK = "./wheels/HASH/sunofyork.whl";
const SOY_HOST = "./soy/HASH/soy_host.py";

async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function start() {
  // Our files download while the runtime starts; worker.py finds them in its working folder.
  const files = Promise.all([download("./worker.py"), download("./game_host.py"), download(WHEEL)]);
  const { loadPyodide } = await import(`${PYODIDE}/pyodide.mjs`);
  const pyodide = await loadPyodide({ indexURL: `${PYODIDE}/` });
  const [worker, host, wheel] = await files;
  pyodide.FS.writeFile("worker.py", worker);
  pyodide.FS.writeFile("game_host.py", host);
  pyodide.FS.writeFile("richard3.whl", wheel);
  const module = pyodide.pyimport("worker");
  return { module, exported: new Set(module.__export__.toJs()) };
}

const engine = start();
engine.catch(() => {});  // reported to each call instead

// Sun of York's engine (the sunofyork wheel) and its host (soy_host.py) are downloaded the first
// time a call needs them (worker.needs_sunofyork: a Sun of York game started, loaded or
// replayed), never on a Richard III visit; a failed download is that call's answer, and the next
// such call tries again.
let sunOfYork = null;

function withSunOfYork(module) {
  sunOfYork ??= Promise.all([download(SUNOFYORK), download(SOY_HOST)]).then(([wheel, host]) => {
    module.sunofyork_arrived(wheel, host);
  }).catch((error) => {
    sunOfYork = null;
    throw error;
  });
  return sunOfYork;
}

Comlink.expose({
  async call(name, ...args) {
    const { module, exported } = await engine;
    if (!exported.has(name)) throw new Error(`the engine has no function "${name}"`);
    if (module.needs_sunofyork(name, ...args)) {
      try {
        await withSunOfYork(module);
      } catch (error) {
        return JSON.stringify({ error: `Sun of York's engine could not be downloaded (${error.message}).` });
      }
    }
    return module[name](...args);
  },
});
