// The decode question on the built page, in Chromium: Llama 2 70B decoding one sequence on A100,
// as it runs (the kernels model under vLLM, its all-reduce NCCL's as the preset has it): the layer gets faster from TP 2 to 4 to 8, the verdict says the
// compute is memory-bound, and the page's numbers are the module's.
import { expect, it } from 'vitest';
import * as fmt from '../../web/src/words/format.js';
import { openReady, solveInPage, text, useBrowser } from './harness.js';

const env = useBrowser();

const hash = (tp) =>
  `#v=2&p=Llama3_70BDecodeTp8Nccl&workload=Llama2_70B&accelerator=A100&links=nvlink~nvlink3&tp_size=${tp}`;

it('Llama 2 70B at batch 1 on A100 gets faster with TP as it runs, memory-bound', async () => {
  const times = [];
  // One page: TP 2 opened, then TP 4 and 8 through the address bar (hashchange, read as a load).
  const { page, problems, context } = await openReady(env, { url: `${env.server.url}${hash(2)}` });
  for (const tp of [2, 4, 8]) {
    const r = await solveInPage(page, {
      workload: 'Llama2_70B',
      tp_size: tp,
      tokens: 1,
      accelerator: 'A100',
      precision: 'bf16_dense',
      local_efficiency: 0.5,
      links: { nvlink: 'nvlink3' },
      pass: 'decode',
      attention_context: 4096,
      compute_model: 'kernels',
      link_model: 'nccl',
      serving_engine: 'vllm',
      allreduce: 'nccl',
    });
    if (tp !== 2) await page.evaluate((h) => (location.hash = h), hash(tp));
    await page.waitForFunction((t) => document.querySelector('#in-tp_size')?.value === t, `${tp}`);
    await page.waitForFunction(() => !document.querySelector('.is-stale'));
    const card = await text(page, '.link-card[data-link="nvlink"]');
    expect(card).toContain(fmt.time(r.links[0].serial_layer_time_s));
    expect(await text(page, '.verdicts')).toContain('memory-bound');
    expect(await page.isChecked('#in-model-as_it_runs')).toBe(true);
    times.push(r.links[0].serial_layer_time_s);
  }
  expect(times[1]).toBeLessThan(times[0]);
  expect(times[2]).toBeLessThan(times[1]);
  expect(problems).toEqual([]);
  await context.close();
});
