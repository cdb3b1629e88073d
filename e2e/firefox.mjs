// Drives one headless Firefox page for the e2e tests (e2e/browsers.py's FirefoxPage), with
// puppeteer-core over WebDriver BiDi.
//
//   node e2e/firefox.mjs FIREFOX_BINARY WIDTH HEIGHT
//
// Once the page is open it prints {"ok": "<browser version>"}; then it reads one JSON command
// per line on stdin and answers each with one JSON line on stdout, {"ok": value} or
// {"error": "message"}. Commands: {"cmd": "goto", "url"}, {"cmd": "reload"},
// {"cmd": "evaluate", "expression"} (a JS expression; a promise is awaited; the value must be
// JSON), {"cmd": "click", "x", "y"} (a real mouse click at a point of the viewport),
// {"cmd": "screenshot", "path"}, {"cmd": "errors"} (the console errors and uncaught page
// errors seen since the start, as strings). End of stdin closes the browser.
import readline from 'node:readline';
import puppeteer from 'puppeteer-core';

const [executablePath, width, height] = process.argv.slice(2);

function answer(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

let browser;
try {
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    protocolTimeout: 300_000,
  });
} catch (error) {
  answer({ error: error.message });
  process.exit(1);
}
const page = (await browser.pages())[0] ?? await browser.newPage();
await page.setViewport({ width: Number(width), height: Number(height) });
page.setDefaultNavigationTimeout(120_000);
const errors = [];
page.on('console', (message) => {
  if (message.type() === 'error') {
    errors.push(`console: ${message.text()} (${message.location()?.url ?? ''})`);
  }
});
page.on('pageerror', (error) => errors.push(`pageerror: ${error.message ?? error}`));

const commands = {
  goto: async ({ url }) => { await page.goto(url); },
  reload: async () => { await page.reload(); },
  evaluate: ({ expression }) => page.evaluate(expression),
  click: ({ x, y }) => page.mouse.click(x, y),
  screenshot: async ({ path }) => { await page.screenshot({ path }); },
  errors: () => errors,
};

answer({ ok: await browser.version() });
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { cmd, ...args } = JSON.parse(line);
  try {
    answer({ ok: (await commands[cmd](args)) ?? null });
  } catch (error) {
    answer({ error: String(error?.message ?? error) });
  }
}
await browser.close();
