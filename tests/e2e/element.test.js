// <tp-layer> (dist/element.js) on a plain HTML page of another origin (localhost vs 127.0.0.1),
// under the Content-Security-Policy docs/embedding.md gives hosts: two elements read their numbers from
// the module, loaded once; a bad attribute shows the error in place and no result; each element
// is a block as tall as its content, follows the host's colour scheme, and links to the full page for
// the same view.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fmt from '../../web/src/words/format.js';
import { RESULTS, gpt3, openPage, ready, text, useBrowser } from './harness.js';
import { branchedLink } from './branched-link.js';

const env = useBrowser();
let host; // the host page's server: another origin
let body = '';
beforeAll(async () => {
  host = http.createServer((_, res) => {
    const site = env.server.url;
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'none'; script-src ${site} 'wasm-unsafe-eval'; connect-src ${site}`,
    });
    res.end(
      `<!doctype html><html lang="en"><title>A blog</title><body><p>Before.</p>${body}<script type="module" src="${site}element.js"></script><p>After.</p></body></html>`,
    );
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
});
afterAll(() => host?.close());

/** The host page with `html` in its body, once every element has drawn. */
async function open(html, { width = 390, height = 844, colorScheme } = {}) {
  body = html;
  const opened = await openPage(env.browser, env.server.url, { width, height, colorScheme });
  opened.wasm = 0;
  opened.page.on('request', (r) => r.url().endsWith('/tplayer.wasm.gz') && opened.wasm++);
  await opened.page.goto(`http://localhost:${host.address().port}/`);
  await opened.page.waitForFunction(() =>
    [...document.querySelectorAll('tp-layer')].every((e) =>
      e.shadowRoot?.querySelector('.tp, [role=alert]'),
    ),
  );
  return opened;
}
const shadowText = (page, i) =>
  page.evaluate(
    (i) => document.querySelectorAll('tp-layer')[i].shadowRoot.textContent.replace(/\s+/g, ' '),
    i,
  );
const others = (problems) => problems.filter((p) => !p.includes('localhost:'));
/**
 * The system's scheme switched, and two frames later: the page's matchMedia listeners (the
 * element's) hear of it in the frame's update, after the switch itself has returned.
 */
async function switchSystem(page, colorScheme) {
  await page.emulateMedia({ colorScheme });
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
}

describe.each([
  [390, 844],
  [1280, 800],
])('at %ix%i', (width, height) => {
  it('two elements on one page: their numbers, one load of the module, their height, their link', async () => {
    const { page, problems, context, ...o } = await open(
      '<tp-layer preset="Gpt3TensorParallelLayerTp8"></tp-layer><tp-layer hash="v=3&amp;p=Gpt3TensorParallelLayerTp8&amp;tp_size=6" model="as it runs"></tp-layer>',
      { width, height },
    );
    const api = await (await import('../../dist/tplayer.js')).load();
    const a = api.solve(gpt3());
    const b = api.solve(
      gpt3({ tp_size: 6, link_model: 'nccl', compute_model: 'kernels', serving_engine: 'vllm' }),
    );
    for (const [i, r] of [
      [0, a],
      [1, b],
    ]) {
      const t = await shadowText(page, i);
      expect(t).toContain(
        `Each of the ${i ? 6 : 8} ranks computes for ${fmt.time(r.compute_time_s)}`,
      );
      for (const l of r.links) expect(t).toContain(fmt.time(l.communication_time_s));
      expect(t).toContain(`${r.bound}-bound`);
    }
    // Each says which scenario it shows, in one line above its verdict.
    const lines = await page.evaluate(() =>
      [...document.querySelectorAll('tp-layer')].map(
        (e) => e.shadowRoot.querySelector('.tp > .scenario-line').textContent,
      ),
    );
    expect(lines).toEqual([
      "GPT-3 175B · TP 8 · 2,048 tokens · H100 SXM · FP16 dense · forward · mlsysim's model",
      'GPT-3 175B · TP 6 · 2,048 tokens · H100 SXM · FP16 dense · forward · as it runs',
    ]);
    expect(o.wasm).toBe(1);
    // A block as tall as its content, one under the other, nothing overflowing.
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('tp-layer')].map((e) => {
        const inner = e.shadowRoot.querySelector('.tp').getBoundingClientRect();
        const r = e.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, height: r.height, inner: inner.height };
      }),
    );
    for (const box of boxes) {
      expect(box.height).toBeGreaterThan(300);
      expect(Math.abs(box.height - box.inner)).toBeLessThan(1);
    }
    expect(boxes[1].top).toBeGreaterThanOrEqual(boxes[0].bottom - 1);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.screenshot({ path: `${RESULTS}element-${width}x${height}.png`, fullPage: true });
    // The link opens the same view on the full page.
    const href = await page.evaluate(
      () => document.querySelectorAll('tp-layer')[1].shadowRoot.querySelector('a').href,
    );
    expect(href.startsWith(env.server.url)).toBe(true);
    await page.goto(href);
    await ready(page);
    expect(await text(page, '.summary')).toContain(fmt.time(b.compute_time_s));
    expect(others(problems)).toEqual([]);
    await context.close();
  });
});

it("follows the host's colour scheme: its color-scheme or its <meta>, else the system's", async () => {
  // The system is light; the host says dark with <meta name="color-scheme">.
  const { page, problems, context } = await open(
    '<meta name="color-scheme" content="dark"><tp-layer></tp-layer>',
  );
  const bg = () =>
    page.evaluate(
      () =>
        getComputedStyle(document.querySelector('tp-layer').shadowRoot.querySelector('.tp'))
          .backgroundColor,
    );
  const host = (scheme) =>
    page.evaluate((s) => {
      document.documentElement.style.colorScheme = s;
    }, scheme);
  const system = (colorScheme) => switchSystem(page, colorScheme);
  const [light, dark] = ['rgb(255, 255, 255)', 'rgb(16, 19, 23)'];
  expect(await bg()).toBe(dark);
  // The host switches its own scheme (on <html>): the element follows at once, whatever the
  // system's; with both schemes (or none), the system's.
  for (const [change, scheme, shown] of [
    [host, 'light', light],
    [system, 'dark', light],
    [host, 'dark', dark],
    [system, 'light', dark],
    [host, 'light dark', light],
    [system, 'dark', dark],
  ]) {
    await change(scheme);
    expect(await bg()).toBe(shown);
  }
  await page.screenshot({ path: `${RESULTS}element-host-dark.png` });
  expect(others(problems)).toEqual([]);
  await context.close();
});

it('follows the colour scheme, and draws again when an attribute changes', async () => {
  const { page, problems, context } = await open('<tp-layer></tp-layer>', { colorScheme: 'dark' });
  const bg = () =>
    page.evaluate(
      () =>
        getComputedStyle(document.querySelector('tp-layer').shadowRoot.querySelector('.tp'))
          .backgroundColor,
    );
  expect(await bg()).toBe('rgb(16, 19, 23)');
  await switchSystem(page, 'light');
  expect(await bg()).toBe('rgb(255, 255, 255)');
  expect(await shadowText(page, 0)).toContain('Each of the 8 ranks');
  await page.evaluate(() =>
    document.querySelector('tp-layer').setAttribute('preset', 'Llama3_70BDecodeTp8'),
  );
  await page.waitForFunction(() =>
    document
      .querySelector('tp-layer')
      .shadowRoot.querySelector('a')
      .href.includes('Llama3_70BDecodeTp8'),
  );
  expect(others(problems)).toEqual([]);
  await context.close();
});

it.each([
  ['scenario', `'{"workload": "GPT3",'`, /scenario: expected the scenario as JSON text: line 1/],
  // Read by the core as the CLI reads a file: JSON.parse would keep the second tp_size.
  ['scenario', `'{"tp_size": 4, ${JSON.stringify(gpt3()).slice(1)}'`, /tp_size: given twice/],
  ['scenario', `'${JSON.stringify({ ...gpt3(), tp_size: 0 })}'`, /tp_size: /],
  ['preset', '"Gpt4"', /preset: "Gpt4" is not a scenario preset/],
  ['hash', '"v=3&amp;p=Gpt3TensorParallelLayerTp8&amp;nope=1"', /hash: /],
  ['model', '"fast"', /model: "fast" is not/],
])(
  'a %s that does not parse shows the error in place and no result',
  async (name, value, error) => {
    const { page, problems, context } = await open(`<tp-layer ${name}=${value}></tp-layer>`);
    const shown = await page.evaluate(() => {
      const root = document.querySelector('tp-layer').shadowRoot;
      return {
        alert: root.querySelector('[role=alert]')?.textContent,
        result: !!root.querySelector('.verdicts, .compare, a'),
      };
    });
    expect(shown.alert).toMatch(error);
    expect(shown.result).toBe(false);
    expect(others(problems)).toEqual([]);
    await context.close();
  },
);

it('reads a scenario with branch lists as the core does, and retries a failed load (issue 43)', async () => {
  // protocols and custom branches: "got the string [object Object]" before.
  const scenario = {
    ...gpt3(),
    link_model: 'nccl',
    links: {
      nv: branchedLink(),
    },
  };
  const attribute = JSON.stringify(scenario).replace(/&/g, '&amp;').replace(/'/g, '&#39;');
  const api = await (await import('../../dist/tplayer.js')).load();
  const r = api.solve(scenario);
  // The module's wasm refused once: the element says what failed, and "Try again" loads it.
  const opened = await openPage(env.browser, env.server.url, {});
  const { page, context } = opened;
  let refused = 0;
  await page.route('**/tplayer.wasm.gz', (route) =>
    refused++ ? route.continue() : route.fulfill({ status: 404, body: 'no' }),
  );
  body = `<tp-layer scenario='${attribute}'></tp-layer>`;
  await page.goto(`http://localhost:${host.address().port}/`);
  const alert = await page.waitForFunction(
    () => document.querySelector('tp-layer').shadowRoot?.querySelector('[role=alert]')?.textContent,
  );
  const said = await alert.jsonValue();
  expect(said).toMatch(
    /^The calculator could not be loaded: .*tplayer\.js loaded, but not its WebAssembly/,
  );
  await page.evaluate(() =>
    document.querySelector('tp-layer').shadowRoot.querySelector('[role=alert] button').click(),
  );
  await page.waitForFunction(() =>
    document.querySelector('tp-layer').shadowRoot.querySelector('.tp'),
  );
  const t = await shadowText(page, 0);
  expect(t).toContain(`Each of the 8 ranks computes for ${fmt.time(r.compute_time_s)}`);
  expect(t).toContain(fmt.time(r.links[0].communication_time_s));
  expect(t).not.toContain('[object Object]');
  await context.close();
});
