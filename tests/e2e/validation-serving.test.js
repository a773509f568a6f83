// The measurements panel's section beyond nccl-tests, on the built page in Chromium: the serving
// engines' all-reduce kernels against the per-call times they were fitted on, and the whole-layer
// timings of calibration/data/end-to-end.md against both models, solved by the page's module as
// `tplayer --validate` solves them.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import * as fmt from '../../web/src/words/format.js';
import { freshTabs, text, until, useBrowser } from './harness.js';

const env = useBrowser();
const tab = freshTabs(env);
const serving = JSON.parse(
  readFileSync(new URL('../../dist/validation.json', import.meta.url)),
).serving;

it('shows every custom kernel with its figures, and each whole layer in both models', async () => {
  const { page } = tab;
  await page.click('summary:has-text("How close to measurements?")');
  await until(page, '.serving table');
  const kernels = page.locator('.serving table').first().locator('tbody tr');
  expect(await kernels.count()).toBe(serving.custom_allreduce.length);
  const first = serving.custom_allreduce[0];
  // The figures to a tenth of a percent, as the targets; the link by its name on the page.
  expect(await kernels.first().innerText()).toContain(
    `${(100 * first.in_sample.median).toFixed(1)}% / ${(100 * first.in_sample.max).toFixed(1)}%`,
  );
  const { load } = await import('../../dist/tplayer.js');
  const api = await load();
  const link = api.catalog().links.find((l) => l.key === first.link);
  expect(await kernels.first().innerText()).toContain(`${link.short_name}, ${first.ranks}`);
  // The first modelled experiment's forward pass: measured, and the model's serial layer time.
  const e2e = serving.end_to_end;
  const forward = api.solve({ ...e2e.scenario, pass: 'forward' }).links[0].serial_layer_time_s;
  const row = page.locator('.serving table').nth(1).locator('tbody tr').first();
  const said = await row.innerText();
  expect(said).toContain(fmt.time(e2e.experiments[0].forward_ms / 1e3));
  expect(said).toContain(fmt.time(forward));
  // The second model is what it is: the roofline with NCCL (a training layer has no serving engine,
  // so not "as it runs", the kernels model under one).
  const roofline = api.solve({
    ...e2e.scenario,
    pass: 'forward',
    compute_model: 'roofline',
    link_model: 'nccl',
  }).links[0].serial_layer_time_s;
  expect(said).toContain(fmt.time(roofline));
  expect(await page.locator('.serving table').nth(1).locator('thead').innerText()).toContain(
    'roofline, NCCL',
  );
  // Sequence parallelism (docs/model.md#sequence-parallelism) is modelled: its forward as the module prices the pair.
  const sp = e2e.experiments.findIndex((x) => x.collective === 'reduce_scatter_all_gather');
  const spForward = api.solve({
    ...e2e.scenario,
    pass: 'forward',
    collective: e2e.experiments[sp].collective,
  }).links[0].serial_layer_time_s;
  const spRow = page
    .locator('.serving table')
    .nth(1)
    .locator('tbody tr')
    .nth(3 * sp);
  expect(await spRow.innerText()).toContain(e2e.experiments[sp].experiment);
  expect(await spRow.innerText()).toContain(fmt.time(spForward));
  expect(await text(page, '.serving')).toContain('not modelled: selective');
});
