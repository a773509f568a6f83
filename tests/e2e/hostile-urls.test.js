// Hostile and broken URLs in a real browser: no script runs, the page shows the default scenario
// with a notice naming what it ignored, nothing is logged to the console, the CSP is in place, and
// the address bar keeps none of it. Every hash of hostile-hashes.js is decoded, refused and named
// in the node suite (tests/js/web/state.test.js); here a few of each kind open the page, and every
// one that carries markup or a javascript: URL (what a browser could run) is then typed into the
// address bar of one open page (the same reading, on hashchange). The others are numbers,
// encodings and shapes: refused by the same decode, proven in the node suite.
import { expect, it } from 'vitest';
import { RESULTS, openPage, openReady, ready, text, useBrowser } from './harness.js';
import { HOSTILE, e, link, ok } from './hostile-hashes.js';

const env = useBrowser();

/**
 * What the page shows after refusing a hash, or its one bad key: a notice naming it, a valid view
 * (the default one when the hash was refused whole), nothing of what was refused kept.
 */
async function expectDefaultWithNotice(page) {
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  const notice = await text(page, '#notice');
  expect(notice).toContain('Ignored');
  expect(notice.length).toBeLessThan(2000);
  expect(await page.locator('.is-stale').count()).toBe(0);
  // The unusable state is not kept in the address bar, so copying it cannot spread it.
  const hash = await page.evaluate(() => decodeURIComponent(location.hash));
  if (notice.includes('could not be used')) {
    expect(await page.inputValue('#in-preset')).toBe('Gpt3TensorParallelLayerTp8');
    expect(await text(page, '.a-details')).toContain('1.887 ms');
    expect(hash).toBe('');
  } else expect(hash).not.toMatch(/<|javascript|pwned/i);
}

// One of each kind, opened as a page: markup in a v1 and a v2 name, an unknown preset, a huge
// hash, nested JSON, a measured link's rows and a two-tier link's tier.
const OPENED = [
  '<img onerror> in a link name',
  'javascript: as a link preset',
  '<script> as the preset',
  'a 1 MB hash of links',
  'deeply nested JSON',
  'a measured size that is markup',
  'javascript: as a tier',
];

it.each(OPENED)('%s: opened, no script runs; default scenario with a notice', async (name) => {
  const { page, problems, context } = await openPage(env.browser, env.server.url);
  const response = await page.goto(env.server.url + HOSTILE[name]);
  await ready(page);
  await expectDefaultWithNotice(page);
  expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').count()).toBe(1);
  // Nothing inline runs but the page's own first-paint script, allowed by its hash.
  expect(response.headers()['content-security-policy']).toMatch(
    /script-src 'self' 'sha256-[A-Za-z0-9+/]+=' 'wasm-unsafe-eval';/,
  );
  if (name === '<img onerror> in a link name')
    await page.screenshot({ path: `${RESULTS}hostile-notice-390.png` });
  expect(problems).toEqual([]);
  await context.close();
});

const MARKUP = Object.entries(HOSTILE).filter(([, hash]) => /%3C|<|javascript/i.test(hash));

it(`every hostile hash with markup (${MARKUP.length}) typed into the address bar: no script runs; default scenario with a notice`, async () => {
  const { page, problems, context } = await openReady(env);
  for (const [name, hash] of MARKUP) {
    if (await page.locator('#notice').count()) await page.click('#notice button'); // the last one's
    await page.evaluate((h) => (location.hash = h), hash);
    await page.waitForFunction(() => document.querySelector('#notice'));
    await expectDefaultWithNotice(page).catch((err) => {
      throw new Error(`${name}: ${err.message}`);
    });
  }
  expect(problems).toEqual([]);
  await context.close();
});

it('one bad value in a hand-edited link drops that key alone, named; the rest is used', async () => {
  const { page, problems, context } = await openPage(env.browser, env.server.url);
  await page.goto(`${env.server.url}#v=3&p=Llama3_70BDecodeTp8&tp_size=4&tokens=-3&pass=sideways`);
  await ready(page);
  expect(await text(page, '.a-preset')).toContain('edited from “Llama 3 70B decode');
  expect(await page.inputValue('#in-tp_size')).toBe('4');
  const notice = await text(page, '#notice');
  expect(notice).toContain('Part of this link was not used');
  expect(notice).toContain('"tokens": expected a whole number >= 1');
  expect(notice).toContain('"pass": ');
  expect(await page.evaluate(() => location.hash)).toBe('#v=3&p=Llama3_70BDecodeTp8&tp_size=4');
  expect(problems).toEqual([]);
  await context.close();
});

it('an unknown key next to a good state is ignored and named, the rest is used', async () => {
  const { page, problems, context } = await openPage(env.browser, env.server.url);
  await page.goto(
    `${env.server.url}#${ok}&tp_size=16${link('nvlink')}&utm_source=${e('<b>x</b>')}`,
  );
  await ready(page);
  expect(await page.inputValue('#in-tp_size')).toBe('16');
  expect(await text(page, '#notice')).toContain('the unknown key "utm_source"');
  expect(problems).toEqual([]);
  await context.close();
});
