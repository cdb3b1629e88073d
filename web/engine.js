// The engine's worker (engine-worker.js: the page's one Pyodide, with the engine and the AI) and
// the one function the page's MicroPython calls it by:
//   r3Engine.call(name, ...args) -> a Promise of the answer (a string, JSON), rejected with the
//   reason if the worker could not start.
// The worker starts with the first call, which main.py makes once the start screen is usable:
// started with the page instead, its start (compiling Pyodide, starting Python) took the CPU
// from MicroPython's and made the start screen about 0.15 s later on a 2-core machine, for an
// engine ready about 0.25 s sooner, well before anyone can have chosen a game (bench-load).
import * as Comlink from "./vendor/comlink.mjs";

let engine = null;

function started() {
  if (engine) return engine;
  const worker = new Worker("engine-worker.js", { type: "module", name: "ai" });
  // A worker whose script fails to load or throws answers nothing: every call fails with it.
  const failed = new Promise((_, reject) => {
    worker.addEventListener("error", (event) => {
      reject(new Error(event.message || "the engine's worker did not load"));
    });
  });
  failed.catch(() => {});
  engine = { remote: Comlink.wrap(worker), failed };
  return engine;
}

globalThis.r3Engine = {
  call(name, ...args) {
    const { remote, failed } = started();
    return Promise.race([remote.call(name, ...args), failed]);
  },
};
