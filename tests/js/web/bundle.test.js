// The built page (dist/): its own text names no internal document or class (what it shows is
// for users, not for the people who wrote the spec; the core's texts are checked as shown, for
// every preset, in tests/e2e/first-result.test.js), and the measurements panel stays out of the
// first load while the service worker keeps it for offline use.
import { readFileSync, readdirSync } from 'node:fs';
import { expect, it } from 'vitest';

const dist = new URL('../../../dist/', import.meta.url);
const read = (f) => readFileSync(new URL(f, dist), 'utf8');
const list = (dir) => readdirSync(new URL(`${dir}/`, dist)).map((f) => `${dir}/${f}`);
const assets = list('assets'); // the first load's
const lazy = list('lazy'); // loaded on demand

// "mlsysim" is now a word of the page: one of its two models is "mlsysim's model".
it('says neither SPEC nor a class name anywhere in the built page', () => {
  const files = ['index.html', 'validation.json', ...assets, ...lazy];
  expect(files.some((f) => f.endsWith('.js'))).toBe(true);
  // The prerendered preset select holds the presets' keys as its options' values (as the URL
  // does): data, never shown.
  const shown = (f) => read(f).replace(/ value="[^"]*"/g, '');
  for (const f of files) expect(shown(f), f).not.toMatch(/\bSPEC\b|TensorParallelLayer/i);
});

it('loads the measurements panel only when it is opened, and precaches it for offline use', () => {
  const html = read('index.html');
  // What the first load fetches: the page's script and its chunks, named in the head's script.
  const first = [...html.matchAll(/\.\/(assets\/[^"'`]+)/g)].map((m) => m[1]);
  const panel = lazy.filter((f) => /\/Panel-/.test(f));
  // Its code alone: the page's one stylesheet, rules for the panel included, is inline.
  expect(panel.map((f) => f.split('.').pop())).toEqual(['js']);
  expect(assets.filter((f) => /Panel/.test(f))).toEqual([]);
  expect(first.length).toBeGreaterThan(0);
  for (const f of [...panel, 'validation.json']) expect(html).not.toContain(f);
  // Nothing the first load fetches names the panel's data; the details import its chunk lazily.
  expect(
    lazy
      .filter((f) => /\/Breakdown-/.test(f))
      .map(read)
      .join(''),
  ).toMatch(/import\([^)]*Panel-/);
  const precache = JSON.parse(/PRECACHE=(\[[^\]]*\])/.exec(read('sw.js'))[1]);
  for (const f of [...panel, 'validation.json']) expect(precache).toContain(f);
});

it('loads only leaf UI on demand: the details, the editors’ markup, the sweep chart, the math, the panel, the embed codes and the image', () => {
  const names = lazy.map((f) => f.replace(/^lazy\/|-[\w-]+\.(js|css)$/g, ''));
  expect([...new Set(names)].sort()).toEqual([
    'Breakdown', // the details below the first screen, loaded beside the module (App.jsx)
    'ConfigPaste', // the config.json reader, when its box is opened (AnyModel.jsx)
    'EmbedWays',
    'LinkForms',
    'MathBody',
    'Panel',
    'SweepChart',
    'image', // Download image's helper (web/src/platform/image.js): the card's canvas drawing
  ]);
  // The form, the URL and the first result are in the first load's chunks ('row id': the form's
  // row ids in scenario.js, a Symbol's description, which minifying keeps).
  const first = assets
    .filter((f) => f.endsWith('.js'))
    .map(read)
    .join('\n');
  for (const words of ['row id', 'the unknown key', 'the calculator failed'])
    expect(first).toContain(words);
  expect(first).not.toContain('data:image/svg+xml'); // the PNG's drawing waits for the click
});
