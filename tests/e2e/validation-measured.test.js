// The user's measured links in the measurements panel of the built page, in Chromium: two
// nccl-tests outputs pasted in "Add a link" (8 H100s with NVLS off, 16 A100s across 2 nodes), each
// then offered as a choice in "How close to measurements?", plotted against both models of the
// catalogue link it is closest to (or the one the user picks), at its own rank count, with both
// models' errors in words; and drawn over a published table on request.
import { mkdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as fmt from '../../web/src/words/format.js';
import { createModel, presetForm } from '../../web/src/state/scenario.js';
import { encode } from '../../web/src/state/url.js';
import { errorsOf, priceSizes } from '../../web/src/components/validation/measured.js';
import { RESULTS, ROOT, byId, freshTabs, settledHash, text, until, useBrowser } from './harness.js';

const SHOTS = process.env.SHOTS || RESULTS;
const env = useBrowser();
const tab = freshTabs(env);
const data = JSON.parse(readFileSync(new URL('../../dist/validation.json', import.meta.url)));
const table = (name) => data.tables.find((t) => t.table === name);
const output = (f) => readFileSync(`${ROOT}calibration/data/${f}`, 'utf8');
const RING = output('h100x8_ring.txt');
const EFA = output('a100x16_efa.txt');

let api, ring, efa, both;
beforeAll(async () => {
  const { load } = await import('../../dist/tplayer.js');
  api = await load();
  // The rows as the core reads the pasted text, the page's measured links' own.
  const rows = (t) => api.readMeasured(t).rows.map((r) => [r.bytes, r.time_s]);
  ring = { name: 'lab_h100', ranks: 8, rows: rows(RING) };
  efa = { name: 'p4d_pair', ranks: 16, rows: rows(EFA) };
  // The link to the default preset with both outputs as links 3 and 4 (the page's own codec), as
  // the page writes it once they are pasted: the tests after the first open it.
  const model = createModel(api.catalog());
  const form = presetForm(model, 'Gpt3TensorParallelLayerTp8');
  form.scenario.links.push({ name: ring.name, measured: RING }, { name: efa.name, measured: EFA });
  both = encode(model, form, (t) => api.readMeasured(t));
});

/** Link row `i` added to the form as a measured link named `name`, with `t` pasted. */
async function addMeasured(page, i, name, t) {
  await page.selectOption('#in-add-link', '@measured');
  await page.click('.add-link button');
  const box = byId(`in-link.${i}.measured`);
  await until(page, box);
  await page.fill(box, t);
  await page.fill(byId(`in-link.${i}.name`), name);
}

/**
 * The default preset with both outputs (links 3 and 4), pasted or else from the link to them, and
 * the panel opened.
 */
async function openPanel(page, { paste = false } = {}) {
  if (paste) {
    await addMeasured(page, 2, ring.name, RING);
    await addMeasured(page, 3, efa.name, EFA);
  } else await page.evaluate((hash) => (location.hash = hash), both);
  await until(page, `.link-card[data-link="${efa.name}"]`);
  await page.waitForFunction(() => !document.querySelector('.is-stale'));
  await page.click('summary:has-text("How close to measurements?")');
  await until(page, '.panel .measured');
}
const off = (e) => `${fmt.percent(e.median)} (${fmt.percent(e.max)} at worst)`;
const counted = (m) => m.rows.filter(([b]) => b >= data.min_bytes).length;

describe('your measurements', () => {
  it('are offered first, and one is set against its closest catalogue link at its own ranks', async () => {
    const { page } = tab;
    await openPanel(page, { paste: true });
    // What the page wrote for them is the link the other tests open.
    expect((await settledHash(page)).slice(1)).toBe(both);
    const options = await page
      .locator('#in-measured optgroup[label="Your measurements"] option')
      .allTextContents();
    expect(options).toEqual([
      'Your measurement: lab_h100, 8 ranks',
      'Your measurement: p4d_pair, 16 ranks',
    ]);
    expect(await page.inputValue('#in-measured')).toBe('measured:0');
    // Its closest calibrated link: NVLink 4 without NVLS, as the table was measured.
    expect(await page.inputValue('#in-compare')).toBe('nvlink4_ring');
    expect(await page.locator('.panel .measured.mine rect').count()).toBe(ring.rows.length);
    expect(await page.locator('.panel polyline.curve').count()).toBe(2);
    const priced = priceSizes(api, {
      bytes: ring.rows.map((r) => r[0]),
      ranks: 8,
      link: 'nvlink4_ring',
    });
    const errors = (times) => errorsOf(ring.rows, times, data.min_bytes);
    expect(counted(ring)).toBeLessThan(ring.rows.length); // the small sizes are plotted, not counted
    const panel = await text(page, '.panel');
    expect(panel).toContain(
      `at your 8 ranks, over the ${counted(ring)} sizes of at least 4 KiB, the line-rate model is off by ${off(errors(priced.line_rate))} at the median size, the NCCL model by ${off(errors(priced.nccl))}.`,
    );
    expect(panel).toContain(`default launch overhead, ${fmt.time(priced.launch_s)}`);
    // The text twin: its rows beside both models.
    await page.click('.panel summary:has-text("The rows")');
    const first = await page.locator('.panel tbody tr').first().innerText();
    expect(first.split('\t')).toEqual([
      fmt.binaryBytes(ring.rows[0][0]),
      fmt.time(ring.rows[0][1]),
      fmt.time(priced.nccl[0]),
      fmt.time(priced.line_rate[0]),
    ]);
    // Another link to compare with: the words and the curves follow.
    await page.selectOption('#in-compare', 'pcie4');
    const pcie = priceSizes(api, { bytes: ring.rows.map((r) => r[0]), ranks: 8, link: 'pcie4' });
    await page.waitForFunction(() => document.querySelector('.panel').innerText.includes('PCIe'));
    expect(await text(page, '.panel .close')).toContain(
      `the NCCL model by ${off(errors(pcie.nccl))}`,
    );
  });

  it('a measurement across nodes is priced at its 16 ranks', async () => {
    const { page } = tab;
    await openPanel(page);
    await page.selectOption('#in-measured', 'measured:1');
    await expect
      .poll(() => page.locator('.panel .measured.mine rect').count())
      .toBe(efa.rows.length);
    const key = await page.inputValue('#in-compare');
    const priced = priceSizes(api, { bytes: efa.rows.map((r) => r[0]), ranks: 16, link: key });
    expect(await text(page, '.panel .close')).toContain(
      `at your 16 ranks, over the ${counted(efa)} sizes of at least 4 KiB, the line-rate model is off by ${off(errorsOf(efa.rows, priced.line_rate, data.min_bytes))}`,
    );
  });

  it('can be drawn over a published table, with a word when the rank counts differ', async () => {
    const { page } = tab;
    await openPanel(page);
    await page.selectOption('#in-measured', 'h100x8_nvls.txt');
    await until(page, '#in-overlay');
    expect(await page.locator('.panel .measured.mine rect').count()).toBe(0);
    await page.selectOption('#in-overlay', '0');
    await expect
      .poll(() => page.locator('.panel .measured.mine rect').count())
      .toBe(ring.rows.length);
    expect(await page.locator('.panel .measured:not(.mine) circle').count()).toBe(
      table('h100x8_nvls.txt').rows.length,
    );
    expect(await text(page, '.panel .legend')).toContain(
      `Your measurement lab_h100: 8 ranks, ${ring.rows.length} message sizes`,
    );
    expect(await text(page, '.panel')).not.toContain('compare the shapes');
    // Over a 16-rank table, the panel says the ranks differ.
    await page.selectOption('#in-measured', 'h100x16_ib_ndr.txt');
    await page.selectOption('#in-overlay', '0');
    await until(page, '.panel .measured.mine rect');
    expect(await text(page, '.panel')).toContain(
      'Your measurement is at 8 ranks and this table at 16: compare the shapes',
    );
    await page.click('.panel summary:has-text("The rows")');
    expect(await page.locator('.panel caption').textContent()).toBe('Your measurement lab_h100');
  });

  // One page for both sizes: the panel is set up once and shot at each viewport.
  it('looks right at 390x844 and 1280x800: a measurement, and one over a 2-node table', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { page } = tab;
    const sizes = [
      [390, 844],
      [1280, 800],
    ];
    await openPanel(page);
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    const panel = page.locator('details.validation');
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height });
      expect(await fits()).toBe(true);
      await panel.screenshot({ path: `${SHOTS}panel-measured-${width}x${height}.png` });
    }
    await page.selectOption('#in-measured', 'h100x16_ib_ndr.txt');
    await page.selectOption('#in-overlay', '1');
    await until(page, '.panel .measured.mine rect');
    for (const [width, height] of sizes.reverse()) {
      await page.setViewportSize({ width, height });
      expect(await fits()).toBe(true);
      await panel.screenshot({ path: `${SHOTS}panel-two-node-overlay-${width}x${height}.png` });
    }
  });
});
