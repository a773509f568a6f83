// Starts scripts/serve.mjs on a free port and Chromium (playwright-core, /usr/bin/chromium),
// and watches each page for console errors, uncaught exceptions and requests to other origins.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const RESULTS = `${ROOT}test-results/`;
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--no-default-browser-check'];

/** node scripts/serve.mjs with PORT=0; resolves to { url, stop }. */
export function startServer() {
  if (!existsSync(`${ROOT}dist/index.html`) || !existsSync(`${ROOT}dist/tplayer.js`)) {
    throw new Error('dist/ is not built: run scripts/build.sh first');
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${ROOT}scripts/serve.mjs`], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /tplayer is running at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve({ url: m[1], stop: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`serve.mjs exited with ${code}: ${out}`)));
  });
}

export async function launch() {
  mkdirSync(RESULTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * A page in a fresh context, with `problems`: console errors, page errors, and requests that
 * leave `origin`.
 */
export async function openPage(browser, origin, { width = 390, height = 844, colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme, serviceWorkers: 'block' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin }).catch(() => {});
  const page = await context.newPage();
  const problems = [];
  const own = new URL(origin).origin;
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    const u = r.url();
    if (/^(data|blob|about):/.test(u)) return;
    if (new URL(u).origin !== own) problems.push(`request to another origin: ${u}`);
  });
  return { context, page, problems };
}

/** Waits until the calculator has rendered a result (or a load error). */
export async function ready(page) {
  await page.waitForSelector('.verdicts li, .notice[role=alert]', { timeout: 30_000 });
}

/** The text of the page's results, whitespace collapsed. */
export const text = (page, selector = 'body') => page.locator(selector).first().innerText().then((t) => t.replace(/\s+/g, ' '));

/** Solves a scenario with the page's own tplayer.js, in the page. (A string, so that Vitest
 * does not rewrite the import() for Node.) */
export function solveInPage(page, scenario) {
  return page.evaluate(
    `import(new URL('tplayer.js', document.baseURI).href).then((m) => m.load()).then((api) => api.solve(${JSON.stringify(scenario)}))`,
  );
}

/** The server and the browser of one test file, started before its tests and stopped after. */
export function useBrowser() {
  const env = {};
  beforeAll(async () => {
    env.server = await startServer();
    env.browser = await launch();
  });
  afterAll(async () => {
    await env.browser?.close();
    env.server?.stop();
  });
  return env;
}
