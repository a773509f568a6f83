// The user's measured links in the measurements panel, in Chromium: each offered as a choice,
// plotted against both models of the catalogue link it is closest to (or the one the user picks),
// at its own rank count, with both models' errors in words; and drawn over a published table on
// request. The panel is mounted alone (tests/e2e/fixtures/) with a `measured` prop until the page
// passes the form's measured links.
import { mkdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as fmt from '../../web/src/format.js';
import { errorsOf, priceSizes, tableRows } from '../../web/src/validation/measured.js';
import { RESULTS, text } from './harness.js';
import { useFixtures } from './fixtures.js';

const SHOTS = process.env.SHOTS || RESULTS;
const env = useFixtures();
const data = JSON.parse(readFileSync(new URL('../../dist/validation.json', import.meta.url)));
const table = (name) => data.tables.find((t) => t.table === name);
// Two pasted outputs, as the form reads them: 8 H100s with NVLS off, and 16 A100s across 2 nodes.
const ring = { name: 'lab_h100', ranks: 8, rows: tableRows(table('h100x8_ring.txt')) };
const efa = { name: 'p4d_pair', ranks: 16, rows: tableRows(table('a100x16_efa.txt')) };
const want = {
  links: { nvlink: 'nvlink4', lab_h100: { measured: 'text', ranks: 8 } },
  titles: ['NVLink 4', 'lab_h100'],
  measured: [ring, efa],
};

let api;
beforeAll(async () => {
  const { load } = await import('../../dist/tplayer.js');
  api = await load();
});

const openPanel = async (page) => {
  await page.click('summary:has-text("How close to measurements?")');
  await page.waitForSelector('.panel .measured');
};
const off = (e) => `${fmt.percent(e.median)} (${fmt.percent(e.max)} at worst)`;

describe('your measurements', () => {
  it('are offered first, and one is set against its closest catalogue link at its own ranks', async () => {
    const { page, problems, context } = await env.open(want);
    await openPanel(page);
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
    const panel = await text(page, '.panel');
    expect(panel).toContain(
      `at your 8 ranks, over the ${ring.rows.length} sizes of at least 4 KiB, the line-rate model is off by ${off(errorsOf(ring.rows, priced.line_rate))} at the median size, the NCCL model by ${off(errorsOf(ring.rows, priced.nccl))}.`,
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
      `the NCCL model by ${off(errorsOf(ring.rows, pcie.nccl))}`,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a measurement across nodes is priced at its 16 ranks', async () => {
    const { page, problems, context } = await env.open(want);
    await openPanel(page);
    await page.selectOption('#in-measured', 'measured:1');
    await expect
      .poll(() => page.locator('.panel .measured.mine rect').count())
      .toBe(efa.rows.length);
    const key = await page.inputValue('#in-compare');
    const priced = priceSizes(api, { bytes: efa.rows.map((r) => r[0]), ranks: 16, link: key });
    expect(await text(page, '.panel .close')).toContain(
      `at your 16 ranks, over the ${efa.rows.length} sizes of at least 4 KiB, the line-rate model is off by ${off(errorsOf(efa.rows, priced.line_rate))}`,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('can be drawn over a published table, with a word when the rank counts differ', async () => {
    const { page, problems, context } = await env.open(want);
    await openPanel(page);
    await page.selectOption('#in-measured', 'h100x8_nvls.txt');
    await page.waitForSelector('#in-overlay');
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
    await page.waitForSelector('.panel .measured.mine rect');
    expect(await text(page, '.panel')).toContain(
      'Your measurement is at 8 ranks and this table at 16: compare the shapes',
    );
    await page.click('.panel summary:has-text("The rows")');
    expect(await page.locator('.panel caption').textContent()).toBe('Your measurement lab_h100');
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    [390, 844],
    [1280, 800],
  ])('looks right at %ix%i: a measurement, and one over a 2-node table', async (width, height) => {
    mkdirSync(SHOTS, { recursive: true });
    const { page, problems, context } = await env.open(want, { width, height });
    await openPanel(page);
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    const panel = page.locator('details.validation');
    await panel.screenshot({ path: `${SHOTS}panel-measured-${width}x${height}.png` });
    await page.selectOption('#in-measured', 'h100x16_ib_ndr.txt');
    await page.selectOption('#in-overlay', '1');
    await page.waitForSelector('.panel .measured.mine rect');
    expect(await fits()).toBe(true);
    await panel.screenshot({ path: `${SHOTS}panel-two-node-overlay-${width}x${height}.png` });
    expect(problems).toEqual([]);
    await context.close();
  });
});
