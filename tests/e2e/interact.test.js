// Editing the form: numbers follow the core (checked against solve in the page), links come and
// go, each kind of bad input is named next to its field while the last result stays (greyed),
// a copied link reopens the same view, and back/forward walk the history.
import { beforeEach, describe, expect, it } from 'vitest';
import * as fmt from '../../web/src/format.js';
import { RESULTS, openPage, ready, solveInPage, text, useBrowser } from './harness.js';

const id = (x) => `[id="${x}"]`;
const env = useBrowser();
let page;
let problems;
let context;

beforeEach(async () => {
  await context?.close();
  ({ page, problems, context } = await openPage(env.browser, env.server.url, { width: 390, height: 844 }));
  await page.goto(env.server.url);
  await ready(page);
});

const gpt3 = (over = {}) => ({
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

/** Every number the page shows for a result: the layer's, and each link card's. */
async function expectShows(result) {
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
    expect(card).toContain(`${fmt.percent(l.serial_efficiency)} / ${fmt.percent(l.overlapped_efficiency)}`);
    expect(card).toContain(`${l.bound}-bound`);
  }
}

describe('editing', () => {
  it('tp_size, precision and a link update every number, as solve computes them', async () => {
    await page.fill('#in-tp_size', '16');
    await expectShows(await solveInPage(page, gpt3({ tp_size: 16 })));
    await page.click('.picks button:has-text("4")');
    expect(await page.inputValue('#in-tp_size')).toBe('4');
    await expectShows(await solveInPage(page, gpt3({ tp_size: 4 })));
    await page.selectOption('#in-precision', 'fp8_dense');
    await expectShows(await solveInPage(page, gpt3({ tp_size: 4, precision: 'fp8_dense' })));
    await page.fill(id('in-link.0.bandwidth'), '400');
    await page.selectOption(id('in-link.0.bandwidth') + ' + select', 'Gb/s');
    const r = await solveInPage(page, gpt3({ tp_size: 4, precision: 'fp8_dense', links: { nvlink: { bandwidth: '400 Gb/s', latency: '0.5 us' }, infiniband_ndr: 'ib_ndr' } }));
    await expectShows(r);
    expect(await text(page, '.a-form')).toContain('= 50 GB/s = 400 Gb/s per direction');
    // The row no longer has NVLink 4's numbers, so the headline uses its name.
    expect(await text(page, '.verdicts')).toContain('nvlink: ');
    expect(problems).toEqual([]);
  });

  it('a typed unit wins over the select, and the local efficiency slider drives the number', async () => {
    await page.fill(id('in-link.1.bandwidth'), '800 Gb/s');
    await expectShows(await solveInPage(page, gpt3({ links: { nvlink: 'nvlink4', infiniband_ndr: { bandwidth: '800 Gb/s', latency: '5 us' } } })));
    await page.locator('.slider').fill('0.25');
    expect(await page.inputValue('#in-local_efficiency')).toBe('0.25');
    await expectShows(await solveInPage(page, gpt3({ local_efficiency: 0.25, links: { nvlink: 'nvlink4', infiniband_ndr: { bandwidth: '800 Gb/s', latency: '5 us' } } })));
    expect(problems).toEqual([]);
  });

  it('adds a link from the catalogue and a blank one, and removes them; one row always stays', async () => {
    await page.selectOption('#in-add-link', 'pcie4');
    await page.click('.add-link button');
    await expect.poll(() => page.locator('.link-card').count()).toBe(3);
    await expectShows(await solveInPage(page, gpt3({ links: { nvlink: 'nvlink4', infiniband_ndr: 'ib_ndr', pcie4: 'pcie4' } })));
    expect(await text(page, '.verdicts')).toContain('PCIe 4.0 x16');
    await page.selectOption('#in-add-link', '');
    await page.click('.add-link button');
    expect(await page.locator('.link-row').count()).toBe(4);
    await page.fill(id('in-link.3.bandwidth'), '100');
    await expect.poll(() => page.locator('.link-card').count()).toBe(4);
    for (let i = 0; i < 3; i++) await page.click('.link-row:first-of-type button:has-text("Remove")');
    expect(await page.locator('.link-row').count()).toBe(1);
    expect(await page.locator('.link-row button:has-text("Remove")').isDisabled()).toBe(true);
    await expectShows(await solveInPage(page, gpt3({ links: { link4: { bandwidth: '100 GB/s', latency: '0 us' } } })));
    expect(problems).toEqual([]);
  });
});

describe('bad input: the message next to the field, the text kept, the old result greyed', () => {
  const cases = [
    ['tp_size', 'in-tp_size', 'abc', 'expected a whole number'],
    ['tp_size 0', 'in-tp_size', '0', '>= 1'],
    ['tokens', 'in-tokens', '-5', '>= 1'],
    ['local_efficiency', 'in-local_efficiency', '1.5', '(0, 1]'],
    ['collectives_per_layer', 'in-collectives_per_layer', '2.5', 'whole number'],
    ['a bandwidth', 'in-link.0.bandwidth', '0', '> 0'],
    ['a latency', 'in-link.1.latency', '-1', '>= 0'],
    ['a unit of the wrong kind', 'in-link.0.bandwidth', '5 ms', 'a time in seconds'],
    ['an unknown unit', 'in-link.0.latency', '5 parsecs', 'unknown unit'],
    ['an empty link name', 'in-link.1.name', '', 'non-empty'],
    ['a duplicate link name', 'in-link.1.name', 'nvlink', 'unique'],
    ['a link name with markup', 'in-link.0.name', '<b>x</b>', 'letters, digits'],
    ['heads', 'in-workload.heads', '0', '>= 1'],
    ['parameters', 'in-workload.parameters', '-175e9', '> 0'],
    ['kv_heads', 'in-workload.kv_heads', '200', '<= 96'],
    ['a peak', 'in-accelerator.peak', '0', '> 0'],
    ['memory capacity', 'in-accelerator.memory_capacity', 'lots', 'expected a size in bytes'],
    ['infinity', 'in-tokens', '1e309', 'expected a whole number'],
  ];
  it.each(cases)('%s', async (_, input, value, words) => {
    const field = input.slice(3);
    await page.fill(id(input), value);
    await page.waitForSelector('.is-stale');
    const msg = await text(page, id(`msg-${field}`));
    expect(msg).toContain('Error:');
    expect(msg).toContain(words);
    expect(await page.inputValue(id(input))).toBe(value);
    expect(await page.getAttribute(id(input), 'aria-invalid')).toBe('true');
    expect(await text(page, '.a-details')).toContain('1.887 ms'); // the last valid result stays
    expect(await text(page, '.stale-note')).toContain('last valid result');
    expect(await page.locator('.share button:has-text("Copy link")').isDisabled()).toBe(true);
    if (field === 'tp_size') await page.screenshot({ path: `${RESULTS}bad-input-390.png` });
    // Fixing it brings the result back.
    await page.click('#in-preset');
    await page.selectOption('#in-preset', 'Llama3_70BDecodeTp8');
    await page.waitForFunction(() => !document.querySelector('.is-stale'));
    expect(problems).toEqual([]);
  });

  it('a precision the chip does not have', async () => {
    await page.selectOption('#in-accelerator', 'TPUv5p');
    await page.waitForSelector('.is-stale');
    const msg = await text(page, id('msg-precision'));
    expect(msg).toContain('has no peak for fp16_dense');
    expect(msg).toContain('bf16_dense');
    const options = await page.locator('#in-precision option').allTextContents();
    expect(options).toContain('bf16_dense');
    expect(options).not.toContain('fp8_dense');
    await page.selectOption('#in-precision', 'bf16_dense');
    await page.waitForFunction(() => !document.querySelector('.is-stale'));
    expect(problems).toEqual([]);
  });
});

describe('sharing', () => {
  it('a copied link reopens the same view, and back/forward walk the history', async () => {
    await page.selectOption('#in-preset', 'Llama2_7BPcieBoxTp4');
    await page.fill('#in-tokens', '1024');
    await page.fill(id('in-workload.layers'), '16');
    expect(await text(page, '.a-form')).toContain('custom');
    await page.waitForFunction(() => location.hash.includes('t=1024') && location.hash.includes('wl=16'));
    await page.click('.share button:has-text("Copy link")');
    const link = await page.inputValue('#share-text');
    expect(link).toBe(await page.evaluate(() => location.href));
    const before = await text(page, '.results');

    const other = await context.newPage();
    await other.goto(link);
    await ready(other);
    expect(await text(other, '.results')).toBe(before);
    expect(await other.inputValue('#in-tokens')).toBe('1024');
    expect(await other.inputValue(id('in-workload.layers'))).toBe('16');
    await other.close();

    // The preset pick was a history entry; the edits after it replaced one another.
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('#in-preset').value === 'Gpt3TensorParallelLayerTp8' || location.hash === '');
    await page.waitForFunction(() => document.body.innerText.includes('1.887 ms'));
    await page.goForward();
    await page.waitForFunction(() => document.querySelector('#in-tokens').value === '1024');
    expect(await text(page, '.results')).toBe(before);
    expect(problems).toEqual([]);
  });

  it('copies the embed code and downloads the JSON of the CLI', async () => {
    await page.click('.share button:has-text("Copy embed code")');
    const code = await page.inputValue('#share-text');
    expect(code).toMatch(/^<iframe src="http:\/\/127\.0\.0\.1:\d+\/\?embed#v=1&amp;w=GPT3&amp;a=H100/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.share button:has-text("Download JSON")')]);
    const chunks = [];
    for await (const c of await download.createReadStream()) chunks.push(c);
    const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    expect(json.scenario).toEqual({ type: 'TensorParallelLayerScenario', ...gpt3() });
    expect(json.result).toEqual(await solveInPage(page, gpt3()));
    expect(json.result.type).toBe('TensorParallelLayerResult');
    expect(problems).toEqual([]);
  });
});
