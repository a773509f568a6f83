// What engineers size with, on the built page in Chromium (issue 22, item 4): each verdict card
// says the whole model's time per step and tokens per second (the core's, in words); a speedup over
// one chip that cannot hold the model says its baseline is a hypothetical; and the sweep over
// tokens, in both models, says where the binding link turns compute-bound and marks it.
import { expect, it } from 'vitest';
import { atText, computeBoundFrom } from '../../web/src/words/series.js';
import { tokenValues } from '../../web/src/state/sweep.js';
import { modelText } from '../../web/src/words/verdict.js';
import { openReady, text, useBrowser } from './harness.js';

const env = useBrowser();

/** The page's own module, in the page: a preset's scenario in a model, solved and swept over tokens. */
const solvedInPage = (page, key, fields) =>
  page.evaluate(
    `import(new URL('tplayer.js', document.baseURI).href).then((m) => m.load()).then((api) => {
      const scenario = { ...api.Scenarios[${JSON.stringify(key)}].scenario, ...${JSON.stringify(fields)} };
      const values = ${JSON.stringify(tokenValues(32))};
      return { result: api.solve(scenario), sweep: api.sweep(scenario, 'tokens', values) };
    })`,
  );

it('the decode preset: the whole model per token, its tokens per second, a hypothetical baseline, and the sweep over tokens in both models', async () => {
  const { page, problems, context } = await openReady(env, {
    url: `${env.server.url}#v=3&p=Llama3_70BDecodeTp8`,
    width: 1280,
    height: 800,
  });
  const models = [
    ['as_it_runs', { compute_model: 'kernels', link_model: 'nccl' }],
    ['mlsysim', { compute_model: 'flops', link_model: 'line_rate' }],
  ];
  const { result: r } = await solvedInPage(page, 'Llama3_70BDecodeTp8', models[0][1]);
  expect(r.single_device_fits_in_memory).toBe(false); // 70B in BF16 and a KV cache on 80 GiB
  for (const l of r.links) {
    const card = await text(page, `.verdicts li[data-link="${l.name}"]`);
    expect(card).toContain(modelText(l, r, 32));
    expect(card).toContain('one H100 SXM cannot hold the model: a hypothetical baseline');
  }
  expect(await text(page, '.breakdown')).toContain('more than it holds');
  expect(await text(page, '.breakdown')).toContain('plus the embedding, LM head and sampling');

  await page.locator('.sweep').scrollIntoViewIfNeeded();
  await page.click('#in-sweep-over-tokens');
  for (const [key, fields] of models) {
    await page.click(`#in-model-${key}`);
    await page.waitForFunction(
      (k) =>
        document.querySelector(`#in-model-${k}`)?.checked &&
        document.querySelector('.sweep .turn-text'),
      key,
    );
    const { sweep } = await solvedInPage(page, 'Llama3_70BDecodeTp8', fields);
    const from = computeBoundFrom(sweep);
    const sweepText = await text(page, '.sweep');
    expect(sweepText).toContain('as the tokens per step grow');
    expect(sweepText).toContain(
      from < 0
        ? 'The binding link ends communication-bound'
        : from === 0
          ? 'compute-bound at every batch'
          : `The binding link turns compute-bound at ${atText('tokens', sweep[from].value)} and stays so.`,
    );
    // The mark on the chart is there exactly when the bound turns inside the range.
    expect(await page.locator('.sweep .turn').count()).toBe(from > 0 ? 1 : 0);
    // In decode the KV cache holds 355 sequences per rank beside the weights: a mark there; from
    // 512 the weights and cache outgrow the GPU on every link: crosses, said in the legend.
    expect(sweep[0].result.max_sequences).toBe(355);
    expect(await page.locator('.sweep g.kv text').textContent()).toBe('KV cache: 355 fit');
    const past = tokenValues(32).filter((t) => t >= 512).length;
    for (const k of [0, 1])
      expect(await page.locator(`.sweep g.s${k} path.cross`).count()).toBe(past);
    expect(sweepText).toContain('It cannot run from 512 tokens (there: the weights and KV cache');
    expect(sweepText).toContain('The KV cache holds 355 sequences per rank beside the weights');
    // The table lists every token count, the scenario's own (32) among them.
    const rows = await page.locator('.sweep tbody th').allTextContents();
    expect(rows).toEqual(tokenValues(32).map((t) => t.toLocaleString('en-US')));
  }
  expect(problems).toEqual([]);
  await context.close();
});
