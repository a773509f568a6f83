// The browser run's server (scripts/serve.mjs on a free port) and Chromium (playwright-core,
// /usr/bin/chromium), started once by global-setup.js, and pages in fresh contexts of it, each
// watched for console errors, uncaught exceptions and requests to other origins.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import * as fmt from '../../web/src/words/format.js';
import { HISTORY_QUIET_MS } from '../../web/src/state/state.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const RESULTS = `${ROOT}test-results/`;
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
];

/** node scripts/serve.mjs with PORT=0; resolves to { url, stop }. */
export function startServer() {
  if (!existsSync(`${ROOT}dist/index.html`) || !existsSync(`${ROOT}dist/tplayer.js`)) {
    throw new Error('dist/ is not built: run scripts/build.sh first');
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${ROOT}scripts/serve.mjs`], {
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /tplayer is running at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve({ url: m[1], stop: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`serve.mjs exited with ${code}: ${out}`)));
  });
}

/**
 * A page in a fresh context, with `problems`: console errors, page errors, and requests that
 * leave `origin`.
 */
export async function openPage(
  browser,
  origin,
  { width = 390, height = 844, colorScheme = 'light' } = {},
) {
  const context = await browser.newContext({
    viewport: { width, height },
    colorScheme,
    serviceWorkers: 'block',
  });
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

/**
 * Waits until an element matching `selector` (CSS) is visible (a box of its own, not
 * visibility: hidden: Playwright's meaning), or with `attached` only there, checked every 50 ms.
 * Playwright's own waitForSelector backs off to a check every 500 ms (~0.4 s lost a wait); a
 * check every frame keeps Chromium drawing frames while the page works.
 */
export const until = (page, selector, { attached = false, timeout = 30_000 } = {}) =>
  page.waitForFunction(
    ([s, attached]) =>
      [...document.querySelectorAll(s)].some((e) => {
        const box = e.getBoundingClientRect();
        const shown =
          box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== 'hidden';
        return attached || shown;
      }),
    [selector, attached],
    { timeout, polling: 50 },
  );

/**
 * Waits until the calculator has rendered a result (or a load error): its own, not the default
 * view prerendered into the HTML (#app[data-pre] until the page has taken it over, which it does
 * by itself once the first screen is painted).
 */
export const ready = (page) =>
  until(page, '#app:not([data-pre]) .verdicts li, .notice[role=alert]');

/** The text of the page's results, whitespace collapsed. */
export const text = (page, selector = 'body') =>
  page
    .locator(selector)
    .first()
    .innerText()
    .then((t) => t.replace(/\s+/g, ' '));

/** Calls the page's own tplayer.js in the page: `call` is 'solve' or 'check'. (A string, so that
 * Vitest does not rewrite the import() for Node.) */
function inPage(page, call, scenario) {
  return page.evaluate(
    `import(new URL('tplayer.js', document.baseURI).href).then((m) => m.load()).then((api) => api.${call}(${JSON.stringify(scenario)}))`,
  );
}
export const solveInPage = (page, scenario) => inPage(page, 'solve', scenario);
export const checkInPage = (page, scenario) => inPage(page, 'check', scenario);

/**
 * The run's server and browser for one test file (global-setup.js started them): `env.server.url`
 * and `env.browser`, connected before the file's tests and disconnected after (closing its
 * contexts).
 */
export function useBrowser() {
  const env = {};
  beforeAll(async () => {
    const { url, ws } = inject('e2e');
    env.server = { url };
    env.browser = await chromium.connect(ws);
  });
  afterAll(async () => {
    await env.browser?.close();
  });
  return env;
}

/** A page on `url` (the page's own by default) once its first result is shown. */
export async function openReady(env, { width = 390, height = 844, url = env.server.url } = {}) {
  const opened = await openPage(env.browser, env.server.url, { width, height });
  opened.response = await opened.page.goto(url);
  await ready(opened.page);
  return opened;
}

/** The default preset's scenario with some fields replaced. */
export const gpt3 = (over = {}) => ({
  workload: 'GPT3',
  tp_size: 8,
  tokens: 2048,
  accelerator: 'H100',
  precision: 'fp16_dense',
  local_efficiency: 0.5,
  links: { nvlink: 'nvlink4', infiniband_ndr: 'ib_ndr' },
  collectives_per_layer: 2,
  ...over,
});

/**
 * One view at both sizes, by resizing its page: no sideways scroll at 390x844 and 1280x800, and
 * `selector` shot at each to `path(width, height)`.
 */
export async function shootBothSizes(page, selector, path) {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width, height });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.locator(selector).screenshot({ path: path(width, height) });
  }
}

/**
 * The segmented choices (`.seg`) that break a word across lines or clip what they say: the text of
 * each, and why. Their box hides what overflows it, so the page's own width cannot tell.
 */
export const badChoices = (page) =>
  page.evaluate(() => {
    const bad = [];
    for (const label of document.querySelectorAll('.seg label')) {
      const text = label.textContent.trim();
      if (label.closest('.seg').scrollWidth > label.closest('.seg').clientWidth + 1)
        bad.push(`${text}: clipped`);
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        for (const m of node.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) bad.push(`${text}: "${m[0]}" broken`);
        }
    }
    return bad;
  });

/** An id selector that tolerates dots in the id. */
export const byId = (x) => `[id="${x}"]`;

/**
 * The address bar's hash once the page has written the last edit: it writes when the edits pause
 * for HISTORY_QUIET_MS (state.js), so a timer set for that long after them fires after its write.
 */
export const settledHash = (page) =>
  page.evaluate(
    (ms) => new Promise((done) => setTimeout(() => done(location.hash), ms)),
    HISTORY_QUIET_MS,
  );

/** Every number the page shows for a result: the layer's, and each link card's (once not greyed). */
export async function expectShows(page, result) {
  await page.waitForFunction(() => !document.querySelector('.is-stale'));
  const body = await text(page, '.a-details');
  expect(body).toContain(fmt.time(result.compute_time_s));
  expect(body).toContain(fmt.time(result.single_device_time_s));
  expect(body).toContain(fmt.bytes(result.message_bytes));
  for (const l of result.links) {
    const card = await text(page, `.link-card[data-link="${l.name}"]`);
    expect(card).toContain(fmt.time(l.communication_time_s));
    expect(card).toContain(fmt.time(l.allreduce_time_s));
    expect(card).toContain(`${fmt.times(l.serial_speedup)} / ${fmt.times(l.overlapped_speedup)}`);
    expect(card).toContain(
      `${fmt.percent(l.serial_efficiency)} / ${fmt.percent(l.overlapped_efficiency)}`,
    );
    expect(card).toContain(`${l.bound}-bound`);
  }
}

/**
 * A fresh page for every test of a file: `tab.page` (390x844, the first result shown), checked
 * for console errors and other origins and closed after each test.
 */
export function freshTabs(env) {
  const tab = {};
  beforeEach(async () => Object.assign(tab, await openReady(env)));
  afterEach(async () => {
    expect(tab.problems).toEqual([]);
    await tab.context.close();
  });
  return tab;
}
