// docs/model.md#any-model-any-rig on the page: the weights' and the KV cache's precisions, and a
// config.json pasted into the workload (the URL keeps the fields it gave, not the text; a text
// too large is refused by its size and stays where it was pasted).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ROOT,
  byId,
  checkInPage,
  expectShows,
  freshTabs,
  gpt3,
  settledHash,
  solveInPage,
  text,
  until,
  useBrowser,
} from './harness.js';

const env = useBrowser();
const tab = freshTabs(env);
const CASE = JSON.parse(readFileSync(`${ROOT}tests/cases/hf_config_qwen3_moe_decode.json`, 'utf8'));
const CONFIG = CASE.scenario.workload.hf_config;

describe('any model, any rig', () => {
  it('weight and KV precisions are the scenario fields, as solve computes them', async () => {
    await tab.page.selectOption('#in-weight_precision', 'int4_dense');
    await expectShows(
      tab.page,
      await solveInPage(tab.page, gpt3({ weight_precision: 'int4_dense' })),
    );
    expect(await settledHash(tab.page)).toContain('int4');
  });

  it('a pasted config.json becomes the workload; the URL keeps its fields, not the text', async () => {
    await tab.page.click('summary:has-text("config.json")');
    await until(tab.page, '#in-hf-config');
    await tab.page.fill('#in-hf-config', JSON.stringify(CONFIG));
    await tab.page.click('button:has-text("Use this config")');
    await tab.page.waitForFunction(() => /hidden_size/.test(document.body.innerText));
    const { scenario } = await checkInPage(tab.page, gpt3({ workload: { hf_config: CONFIG } }));
    const { hf_config_keys: _k, ...workload } = scenario.workload;
    await expectShows(tab.page, await solveInPage(tab.page, gpt3({ workload })));
    expect(Number(await tab.page.inputValue(byId('in-workload.parameters')))).toBe(
      workload.parameters,
    );
    const hash = decodeURIComponent(await settledHash(tab.page));
    expect(hash).toContain(`workload.layers=${workload.layers}`);
    expect(hash).not.toContain('moe_intermediate_size');
  });

  it('a 5 MB paste is refused by its size, quickly, and stays in the box', async () => {
    await tab.page.click('summary:has-text("config.json")');
    await until(tab.page, '#in-hf-config');
    const big = `{"hidden_size": 4096, "pad": "${'x'.repeat(5_000_000)}"}`;
    await tab.page.evaluate((t) => {
      document.querySelector('#in-hf-config').value = t;
    }, big);
    // From the click to the refusal on screen, timed in the page: the text is never parsed.
    const ms = await tab.page.evaluate(
      () =>
        new Promise((done) => {
          const t0 = performance.now();
          document.querySelector('.config-paste button').click();
          const seen = () =>
            document.querySelector('.config-paste .msgs')
              ? done(performance.now() - t0)
              : requestAnimationFrame(seen);
          seen();
        }),
    );
    expect(ms).toBeLessThan(1000);
    expect(await text(tab.page, '.config-paste .msgs')).toContain('This text is 5 MB');
    expect(
      await tab.page.evaluate(() => document.querySelector('#in-hf-config').value.length),
    ).toBe(big.length);
  });
});
