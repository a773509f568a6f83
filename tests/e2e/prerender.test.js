// The first result in the HTML: npm run build renders the default view's first screen (the preset,
// the verdict and its compare chart) into dist/index.html with the page's own components and the core's numbers;
// the page takes that markup over in place when the module is ready (no node replaced, nothing
// moved, no "Loading"), and a permalink or an embed hides it before the first paint and shows its
// own view. Needs the native build (build/native/tplayer: the CLI's numbers).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import * as fmt from '../../web/src/words/format.js';
import { modelText, verdict } from '../../web/src/words/verdict.js';
import { RESULTS, ROOT, openPage, ready, text, until, useBrowser } from './harness.js';

const env = useBrowser();
const cli = JSON.parse(
  execFileSync(
    `${ROOT}build/native/tplayer`,
    ['--preset', 'Gpt3TensorParallelLayerTp8', '--json'],
    {
      encoding: 'utf8',
    },
  ),
);
const catalogue = JSON.parse(
  execFileSync(`${ROOT}build/native/tplayer`, ['--list', '--format', 'json'], { encoding: 'utf8' }),
);
const chip = catalogue.accelerators.find((a) => a.key === 'H100').short_name;
/** What the verdict says of the CLI's result, in the page's own words. */
const expected = () => [
  ...cli.links.map(
    (l) => verdict(l, { chip, tpSize: 8, holds: cli.single_device_fits_in_memory }).text,
  ),
  ...cli.links.map((l) => modelText(l, cli, 2048)),
  fmt.time(cli.compute_time_s),
  fmt.time(cli.single_device_time_s),
  `${cli.bound}-bound`,
];
const unescape = (html) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

// Records, from before the HTML is parsed: layout shifts (and what moved), any "Loading"
// element, nodes of the first screen removed, the parts of the form and the details as they came
// (each with the number of the mutation batch it came in: one batch per task), and where the
// first screen was drawn at DOMContentLoaded (before the module can have loaded) and whether it
// was visible then; the <html> class when <body> arrived.
function watch() {
  const w = (window.watched = {
    shifts: [],
    moved: [],
    loading: false,
    removed: 0,
    parts: [],
    classAtBody: null,
  });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      w.shifts.push(e.value);
      for (const s of e.sources)
        w.moved.push(
          `${s.node?.nodeName}.${s.node?.className} ${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)}`,
        );
    }
  }).observe({ type: 'layout-shift', buffered: true });
  let batch = 0;
  new MutationObserver((records) => {
    batch++;
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (n.nodeType === 1 && n.parentElement?.matches('form.scenario, .breakdown'))
          w.parts.push([batch, n]);
        if (n.nodeName === 'BODY') w.classAtBody = document.documentElement.className;
        if (n.nodeType === 1 && (n.matches('.loading') || n.querySelector('.loading')))
          w.loading = true;
      }
      for (const n of r.removedNodes)
        if (
          n.nodeType === 1 &&
          (n.matches('main, .verdicts, .verdicts *') || n.querySelector('.verdicts'))
        )
          w.removed++;
    }
  }).observe(document, { childList: true, subtree: true });
  const boxes = () =>
    ['.a-preset', '.verdicts', '.verdicts li:last-child', '.compare'].map((s) => {
      const r = document.querySelector(s)?.getBoundingClientRect();
      return r && [r.x, r.y, r.width, r.height].map(Math.round);
    });
  w.boxes = boxes;
  document.addEventListener('DOMContentLoaded', () => {
    w.first = boxes();
    const main = document.querySelector('#app > main');
    w.firstVisible = !!main && getComputedStyle(main).display !== 'none';
    w.firstVerdict = document.querySelector('.verdicts')?.textContent || '';
    w.firstChart = document.querySelector('#app .compare')?.textContent || '';
  });
}

it('the served HTML holds the default verdict with the CLI’s numbers, before any script runs', async () => {
  const html = await (await fetch(env.server.url)).text();
  const app = unescape(/<div id="app" data-pre>([\s\S]*?)<\/div>\s*<footer/.exec(html)[1]);
  for (const want of expected()) expect(app).toContain(want);
  expect(app).toContain('binding link');
  // The compare chart: compute per rank against each link's exchange, both models' numbers.
  expect(app).toContain('Compute against exchange, per link');
  for (const l of cli.links) expect(app).toContain(fmt.time(l.communication_time_s));
  expect(app).not.toContain('Loading');
});

describe.each([
  [390, 844],
  [1280, 800],
])('at %ix%i', (width, height) => {
  it('shows the verdict with JavaScript off', async () => {
    const context = await env.browser.newContext({
      viewport: { width, height },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(env.server.url);
    const body = await text(page, '.verdicts');
    for (const want of expected()) expect(body).toContain(want);
    expect(await page.locator('.verdicts li').first().isVisible()).toBe(true);
    expect(await page.locator('.compare .bar-row').count()).toBe(1 + cli.links.length);
    expect(await page.locator('#in-preset').inputValue()).toBe('Gpt3TensorParallelLayerTp8');
    await page.screenshot({ path: `${RESULTS}prerender-${width}x${height}.png`, fullPage: true });
    await context.close();
  });

  it('takes the prerendered view over in place: no node replaced, nothing moved, no "Loading"', async () => {
    const { page, problems, context } = await openPage(env.browser, env.server.url, {
      width,
      height,
    });
    await page.addInitScript(watch);
    await page.goto(env.server.url);
    await ready(page);
    const w = await page.evaluate(() => {
      const { parts, ...watched } = window.watched;
      // Where each part stands on the page now, in the order the parts came.
      const order = [...document.querySelectorAll('form.scenario > *, .breakdown > *')];
      return {
        ...watched,
        now: watched.boxes(),
        came: parts.map(([batch, n]) => [batch, order.indexOf(n), `${n.nodeName}.${n.className}`]),
      };
    });
    expect(w.firstVisible).toBe(true);
    for (const want of expected()) expect(w.firstVerdict).toContain(want);
    expect(w.firstChart).toContain('Compute against exchange, per link');
    expect(w.now).toEqual(w.first);
    expect(w.loading).toBe(false);
    expect(w.removed).toBe(0);
    expect(
      w.shifts.reduce((a, b) => a + b, 0),
      w.moved.join('; '),
    ).toBeLessThanOrEqual(0.01);
    // Below the first screen, part by part: each group of the form and each card of the details
    // in a task of its own, in page order.
    const at = w.came.map(([, i]) => i);
    expect(at, JSON.stringify(w.came)).toEqual([...at].sort((a, b) => a - b));
    // The form's four groups, the layer's card, the two link cards, the sweep, the measurements
    // with the math: nine parts, each in a task of its own.
    expect(new Set(w.came.map(([batch]) => batch)).size).toBeGreaterThanOrEqual(9);
    // Taken over: the controls work.
    await page.selectOption('#in-preset', 'Llama3_70BDecodeTp8');
    await page.waitForFunction(() => location.hash.includes('Llama3_70BDecodeTp8'));
    expect(problems).toEqual([]);
    await context.close();
  });
});

it('a visit with no input becomes live by itself, its script fetched only after the first paint', async () => {
  const { page, problems, context } = await openPage(env.browser, env.server.url);
  await page.goto(env.server.url);
  await until(page, '#app:not([data-pre]) .verdicts li'); // no pointer, key or touch at all
  const times = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((r) => /\.js$/.test(r.name))
      .map((r) => r.startTime),
  }));
  expect(times.paint).toBeGreaterThan(0);
  expect(times.scripts.length).toBeGreaterThan(0);
  for (const t of times.scripts) expect(t).toBeGreaterThanOrEqual(times.paint);
  expect(problems).toEqual([]);
  await context.close();
});

// Until the page works, the prerendered buttons say they are not ready (their actions need the
// module), and what is set on its controls (a preset, a compute model, "Embed this view" opened)
// stays as the visitor left it and is read into the page's state when it takes over, in page
// order: the preset, then the model over it (the decode preset's own is "kernels"). The module's
// wasm is held back, so all of it is done before the page works however fast it loads.
it('keeps what was set on the prerendered controls before they worked', async () => {
  const { page, problems, context } = await openPage(env.browser, env.server.url);
  let release;
  const released = new Promise((resolve) => (release = resolve));
  await page.route('**/tplayer.wasm.gz', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(env.server.url);
  const pointer = () =>
    page.evaluate(
      () => getComputedStyle(document.querySelector('#app .share button')).pointerEvents,
    );
  expect(await page.evaluate(() => document.documentElement.className)).toContain('tp-starting');
  expect(await pointer()).toBe('none');
  await page.selectOption('#in-preset', 'Llama3_70BDecodeTp8');
  await page.locator('#in-compute_model-roofline').check();
  await page.locator('.embed-code summary').click();
  expect(await page.locator('#app[data-pre]').count()).toBe(1); // still the prerender
  release();
  await until(page, '#app:not([data-pre]) .verdicts li');
  await until(page, '.embed-code[open] .way');
  await page.waitForFunction(() => /compute_model=roofline/.test(location.hash));
  expect(page.url()).toContain('p=Llama3_70BDecodeTp8');
  expect(await text(page, '.preset .hint')).toContain('edited from'); // the decode preset's title
  expect(await page.locator('#in-compute_model-roofline').isChecked()).toBe(true);
  expect(await text(page, '.verdicts')).not.toContain(fmt.time(cli.compute_time_s));
  expect(await text(page, '.embed-code')).toContain('Web component');
  expect(await page.evaluate(() => document.documentElement.className)).not.toContain(
    'tp-starting',
  );
  expect(await pointer()).toBe('auto');
  expect(problems).toEqual([]);
  await context.close();
});

it.each([
  ['a permalink to another scenario', '#v=3&p=Llama3_70BDecodeTp8', '.verdicts li'],
  ['an embed', '?embed', '.verdicts li'],
])(
  '%s never shows the prerendered default: hidden before the first paint, then its own view',
  async (_, tail) => {
    const { page, problems, context } = await openPage(env.browser, env.server.url);
    await page.addInitScript(watch);
    await page.goto(env.server.url + tail);
    await ready(page);
    const w = await page.evaluate(() => window.watched);
    expect(w.classAtBody).toContain('tp-wait');
    expect(w.firstVisible).toBe(false);
    if (tail.startsWith('#')) {
      const body = await text(page, '.verdicts');
      expect(body).not.toContain(fmt.time(cli.compute_time_s));
      expect(page.url()).toContain('Llama3_70BDecodeTp8');
    }
    expect(problems).toEqual([]);
    await context.close();
  },
);
