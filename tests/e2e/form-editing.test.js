// Editing the form: every number follows the core (checked against solve in the page), and each
// kind of bad input is named next to its field while the text stays as typed and the last
// valid result stays, greyed.
import { describe, expect, it } from 'vitest';
import {
  RESULTS,
  byId,
  expectShows,
  freshTabs,
  gpt3,
  solveInPage,
  text,
  until,
  useBrowser,
} from './harness.js';

const env = useBrowser();
const tab = freshTabs(env);

describe('editing', () => {
  it('tp_size, precision and a link update every number, as solve computes them', async () => {
    await tab.page.fill('#in-tp_size', '16');
    await expectShows(tab.page, await solveInPage(tab.page, gpt3({ tp_size: 16 })));
    await tab.page.click('.picks button:has-text("4")');
    expect(await tab.page.inputValue('#in-tp_size')).toBe('4');
    await expectShows(tab.page, await solveInPage(tab.page, gpt3({ tp_size: 4 })));
    await tab.page.selectOption('#in-precision', 'fp8_dense');
    await expectShows(
      tab.page,
      await solveInPage(tab.page, gpt3({ tp_size: 4, precision: 'fp8_dense' })),
    );
    await tab.page.fill(byId('in-link.0.bandwidth'), '400');
    await tab.page.selectOption(byId('in-link.0.bandwidth') + ' + select', 'Gb/s');
    const links = {
      nvlink: { bandwidth: '400 Gb/s', latency: '0.5 us' },
      infiniband_ndr: 'ib_ndr',
    };
    await expectShows(
      tab.page,
      await solveInPage(tab.page, gpt3({ tp_size: 4, precision: 'fp8_dense', links })),
    );
    expect(await text(tab.page, '.a-form')).toContain('= 50 GB/s = 400 Gb/s per direction');
    // The row no longer has NVLink 4's numbers: the headline keeps its name, edited.
    expect(await text(tab.page, '.verdicts')).toContain('NVLink 4, edited: ');
    expect(await text(tab.page, '.verdicts .summary')).not.toMatch(/nvlink\b|infiniband_ndr/);
  });

  it('a typed unit wins over the select, and the local efficiency slider drives the number', async () => {
    const links = { nvlink: 'nvlink4', infiniband_ndr: { bandwidth: '800 Gb/s', latency: '5 us' } };
    await tab.page.fill(byId('in-link.1.bandwidth'), '800 Gb/s');
    await expectShows(tab.page, await solveInPage(tab.page, gpt3({ links })));
    await tab.page.locator('.slider').fill('0.25');
    expect(await tab.page.inputValue('#in-local_efficiency')).toBe('0.25');
    await expectShows(
      tab.page,
      await solveInPage(tab.page, gpt3({ local_efficiency: 0.25, links })),
    );
  });
});

describe('fields the core derives', () => {
  it('a training pass brings its own all-reduces, until the user sets them', async () => {
    await tab.page.selectOption('#in-pass', 'training');
    const training = await solveInPage(
      tab.page,
      gpt3({ pass: 'training', collectives_per_layer: undefined }),
    );
    await expectShows(tab.page, training);
    expect(await tab.page.inputValue('#in-collectives_per_layer')).toBe('4');
    expect(await text(tab.page, byId('msg-pass'))).toContain('Warning:');
    await tab.page.fill('#in-collectives_per_layer', '2');
    await expectShows(
      tab.page,
      await solveInPage(tab.page, gpt3({ pass: 'training', collectives_per_layer: 2 })),
    );
    await tab.page.check('#in-recompute');
    await expectShows(
      tab.page,
      await solveInPage(
        tab.page,
        gpt3({ pass: 'training', recompute: true, collectives_per_layer: 2 }),
      ),
    );
    await tab.page.waitForFunction(
      () =>
        location.hash ===
        '#v=3&p=Gpt3TensorParallelLayerTp8&pass=training&recompute=true&collectives_per_layer=2',
    );
  });
});

describe('custom means edited', () => {
  it('an edited workload is custom until the catalogue number is typed back or Reset', async () => {
    await tab.page.fill(byId('in-workload.layers'), '48');
    await until(tab.page, '.badge-line');
    expect(await text(tab.page, '.badge-line')).toContain('custom edited from GPT-3 175B');
    expect(await tab.page.inputValue('#in-preset')).toBe('');
    expect(await text(tab.page, '.a-preset')).toContain('edited from “GPT-3, TP 8');
    await expectShows(
      tab.page,
      await solveInPage(
        tab.page,
        gpt3({
          workload: {
            parameters: 175e9,
            layers: 48,
            hidden_dim: 12288,
            heads: 96,
            kv_heads: 96,
            inference_flops: 350e9,
          },
        }),
      ),
    );
    await tab.page.fill(byId('in-workload.layers'), '96');
    await tab.page.waitForFunction(() => !document.querySelector('.badge-line'));
    expect(await tab.page.inputValue('#in-preset')).toBe('Gpt3TensorParallelLayerTp8');
    await tab.page.fill(byId('in-workload.heads'), '64');
    await tab.page.click('button:has-text("Reset")');
    await tab.page.waitForFunction(() => !document.querySelector('.badge-line'));
    expect(await tab.page.inputValue(byId('in-workload.heads'))).toBe('96');
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
    ['heads', 'in-workload.heads', '0', '>= 1'],
    ['parameters', 'in-workload.parameters', '-175e9', '> 0'],
    ['kv_heads', 'in-workload.kv_heads', '200', '<= 96'],
    ['a peak', 'in-accelerator.peak_flops', '0', '> 0'],
    ['memory capacity', 'in-accelerator.memory_capacity', 'lots', 'expected a size in bytes'],
    ['infinity', 'in-tokens', '1e309', 'expected a whole number'],
  ];
  // One page for every case (the field's message and its mapping to the input are the core's, and
  // the node suite proves each case's words): each bad value, then the value typed back.
  it(`every bad value (${cases.length}) at its field, then typed back`, async () => {
    const { page } = tab;
    for (const [name, input, value, words] of cases) {
      const field = input.slice(3);
      const before = await page.inputValue(byId(input));
      await page.fill(byId(input), value);
      await until(page, '.is-stale');
      const msg = await text(page, byId(`msg-${field}`));
      expect(msg, name).toContain('Error:');
      expect(msg, name).toContain(words);
      expect(await page.inputValue(byId(input))).toBe(value);
      expect(await page.getAttribute(byId(input), 'aria-invalid')).toBe('true');
      expect(await text(page, '.a-details')).toContain('1.887 ms'); // the last valid result stays
      expect(await text(page, '.stale-note')).toContain('last valid result');
      expect(await page.locator('.share button:has-text("Copy link")').isDisabled()).toBe(true);
      if (name === 'tp_size') await page.screenshot({ path: `${RESULTS}bad-input-390.png` });
      await page.fill(byId(input), before);
      await page.waitForFunction(() => !document.querySelector('.is-stale'));
    }
    // A preset pick brings a result back too.
    await page.fill('#in-tp_size', 'abc');
    await until(page, '.is-stale');
    await page.selectOption('#in-preset', 'Llama3_70BDecodeTp8');
    await page.waitForFunction(() => !document.querySelector('.is-stale'));
  });

  it('a precision the chip does not have', async () => {
    await tab.page.selectOption('#in-accelerator', 'TPUv5p');
    await until(tab.page, '.is-stale');
    const msg = await text(tab.page, byId('msg-precision'));
    expect(msg).toContain('has no peak for fp16_dense');
    expect(msg).toContain('bf16_dense');
    const options = await tab.page.locator('#in-precision option').allTextContents();
    expect(options).toContain('BF16 dense');
    expect(options).not.toContain('FP8 dense');
    await tab.page.selectOption('#in-precision', 'bf16_dense');
    await tab.page.waitForFunction(() => !document.querySelector('.is-stale'));
  });
});
