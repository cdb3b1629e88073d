// Runs Python on MicroPython (the page's main-thread interpreter) under node, for
// tests/test_micropython.py: node micropython_driver.mjs MICROPYTHON_MJS WORKDIR
// WORKDIR holds the modules to import (*.py, packages as folders) and driver.py; the script
// copies WORKDIR into MicroPython's file system, puts it on sys.path and runs driver.py,
// which reads and writes files in the same folder (copied back out when it ends).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [mjs, workdir] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(mjs));
const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + '\n'),
  stderr: (line) => process.stderr.write(line + '\n'),
});

function copyIn(dir, target) {
  try { mp.FS.mkdir(target); } catch (e) { /* exists */ }
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) copyIn(path, `${target}/${name}`);
    else mp.FS.writeFile(`${target}/${name}`, readFileSync(path));
  }
}
copyIn(workdir, '/work');
try {
  mp.runPython("import sys\nsys.path.insert(0, '/work')\nimport os\nos.chdir('/work')\n"
               + "exec(open('driver.py').read())");
} catch (error) {
  process.stderr.write(String(error.message || error) + '\n');
  process.exit(1);
}
for (const name of mp.FS.readdir('/work')) {
  if (name.endsWith('.out.json')) writeFileSync(join(workdir, name), mp.FS.readFile(`/work/${name}`));
}
