// The first result in the HTML: npm run build renders the default view's first screen (the preset,
// the verdict and its compare chart) into dist/index.html with the page's own components and the core's numbers;
// the page takes that markup over in place when the module is ready (no node replaced, nothing
// moved, no "Loading"), and a permalink or an embed hides it before the first paint and shows its
// own view. Needs the native build (build/native/tplayer: the CLI's numbers).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import * as fmt from '../../web/src/format.js';
import { modelText, verdict } from '../../web/src/verdict.js';
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

/**
 * The default view as served, before any input: its script not started, no script or wasm
 * fetched. `used(page, release)` then does something to its controls while the module's wasm is
 * held back, so that all of it is done before the page works, however fast the page loads; the
 * wasm comes once `release()` is called, or once `used` has returned. Once the page is live,
 * `check(page)`.
 */
async function usedBeforeItWorks(used, check) {
  const { page, problems, context } = await openPage(env.browser, env.server.url);
  let release;
  const released = new Promise((resolve) => (release = resolve));
  await page.route('**/tplayer.wasm.gz', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(env.server.url);
  const before = await page.evaluate(() => ({
    started: Boolean(globalThis.tpEarly.started),
    scripts: performance
      .getEntriesByType('resource')
      .map((r) => r.name)
      .filter((name) => /\.js$|\.wasm/.test(name)),
  }));
  expect(before).toEqual({ started: false, scripts: [] });
  await used(page, release);
  release();
  await until(page, '#app:not([data-pre]) .verdicts li');
  await check(page);
  expect(problems).toEqual([]);
  await context.close();
}

/** The centre of the share bar's "Download JSON" button, where a pointer would press it. */
async function downloadButton(page) {
  const box = await page.locator('.share button', { hasText: 'Download JSON' }).boundingBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

describe('runs no script until the first input, and does again what was done before it worked', () => {
  it('a preset picked, then Download JSON pressed', () => {
    let download;
    return usedBeforeItWorks(
      async (page) => {
        await page.selectOption('#in-preset', 'Llama3_70BDecodeTp8');
        download = page.waitForEvent('download');
        await page.locator('.share button', { hasText: 'Download JSON' }).click();
      },
      async (page) => {
        expect((await download).suggestedFilename()).toContain('Llama3_70BDecodeTp8');
        expect(page.url()).toContain('p=Llama3_70BDecodeTp8');
        expect(await page.locator('#in-preset').inputValue()).toBe('Llama3_70BDecodeTp8');
        expect(await text(page, '.verdicts')).not.toContain(fmt.time(cli.compute_time_s));
      },
    );
  });

  // The preset's lesson, redrawn when the pick is done again, is longer than the default's and
  // moves the share buttons down on a phone: a press that began on "Download JSON" would end on
  // the lesson, and be no click, were the page taken over while it is held.
  it('a preset picked, then Download JSON held down while the module comes, and let go', () => {
    let download;
    let pressed;
    return usedBeforeItWorks(
      async (page, release) => {
        await page.selectOption('#in-preset', 'Llama3_70BDecodeTp8');
        pressed = await downloadButton(page);
        const [x, y] = pressed;
        await page.mouse.move(x, y);
        await page.mouse.down();
        // Each time the ready takeover asks whether a press is held, counted.
        await page.evaluate(() => {
          const early = globalThis.tpEarly;
          let held = early.held;
          globalThis.tpAsked = 0;
          Object.defineProperty(early, 'held', {
            get: () => (globalThis.tpAsked++, held),
            set: (v) => {
              held = v;
            },
          });
        });
        release();
        // Asked three times, the page still prerendered: the takeover waits for the press.
        await page.waitForFunction(() => !globalThis.tpEarly || globalThis.tpAsked >= 3);
        expect(await page.evaluate(() => Boolean(globalThis.tpEarly))).toBe(true);
        download = page.waitForEvent('download');
        await page.mouse.up();
      },
      async (page) => {
        expect((await download).suggestedFilename()).toContain('Llama3_70BDecodeTp8');
        const [, y] = await downloadButton(page);
        expect(y, 'the share buttons moved at the takeover (the premise)').not.toBe(pressed[1]);
        expect(page.url()).toContain('p=Llama3_70BDecodeTp8');
      },
    );
  });

  // A select's popup takes the end of the press that opened it: the page never sees it let go.
  it('a preset picked from the list its press opened, the press never seen to end', () =>
    usedBeforeItWorks(
      async (page) => {
        const box = await page.locator('#in-preset').boundingBox();
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.selectOption('#in-preset', 'Llama3_70BDecodeTp8');
      },
      async (page) => {
        expect(page.url()).toContain('p=Llama3_70BDecodeTp8');
        await page.mouse.up();
      },
    ));

  // Nothing to do again, nothing moves: a press (here on the page's heading) holds nothing back.
  it('a press held with nothing done before it, while the page takes over', () =>
    usedBeforeItWorks(
      async (page, release) => {
        const box = await page.locator('h1').boundingBox();
        await page.mouse.move(box.x + 10, box.y + 10);
        await page.mouse.down();
        release();
        await until(page, '#app:not([data-pre]) .verdicts li');
        await page.mouse.up();
      },
      async (page) => {
        expect(page.url()).not.toContain('#');
      },
    ));

  it('a model chosen', () =>
    usedBeforeItWorks(
      (page) => page.locator('#in-model-as_it_runs').check(),
      async (page) => {
        await page.waitForFunction(() => /link_model=nccl/.test(location.hash));
        expect(page.url()).toContain('compute_model=kernels');
        expect(page.url()).toContain('serving_engine=vllm'); // as it runs: vLLM unless named
        expect(await page.locator('#in-model-as_it_runs').isChecked()).toBe(true);
        expect(await page.locator('#in-model-mlsysim').isChecked()).toBe(false);
      },
    ));

  it('"Embed this view" opened', () =>
    usedBeforeItWorks(
      (page) => page.locator('.embed-code summary').click(),
      async (page) => {
        await until(page, '.embed-code[open] .way');
        expect(await text(page, '.embed-code')).toContain('Web component');
      },
    ));
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
