// Sequence parallelism (docs/model.md#sequence-parallelism) on the built page, in Chromium: the collective picked beside the
// pass by its visible label, the pair on each link card with the bandwidth from which the link
// hides its exchange (the module's numbers, in the card's words), the URL carrying the choice to
// a desktop tab, and the sweep drawing the hiding bandwidth across tp_size.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import * as fmt from '../../web/src/words/format.js';
import { hidingText } from '../../web/src/words/verdict.js';
import {
  byId,
  freshTabs,
  gpt3,
  openReady,
  solveInPage,
  text,
  until,
  useBrowser,
} from './harness.js';

const env = useBrowser();
const tab = freshTabs(env);
const SP = 'reduce_scatter_all_gather';

it('picks sequence parallelism by its label and shows the pair and its hiding bandwidth', async () => {
  const { page } = tab;
  await page.selectOption('#in-collective', {
    label: 'reduce-scatter + all-gather (sequence parallel)',
  });
  const r = await solveInPage(page, gpt3({ collective: SP }));
  const [nv, ib] = r.links;
  const card = '.link-card[data-link="nvlink"]';
  await page.waitForFunction(
    ([sel, want]) => document.querySelector(`${sel} .hiding`)?.textContent === want,
    [card, hidingText(nv)],
  );
  expect(hidingText(nv)).toBe(
    `This link hides the exchange from ${fmt.bandwidth(nv.hiding_bandwidth_bytes_per_s)} per direction: ${fmt.times(nv.hiding_factor)} its own bandwidth.`,
  );
  const shown = await text(page, card);
  expect(shown).toContain(`One reduce-scatter + all-gather ${fmt.time(nv.allreduce_time_s)}`);
  expect(shown).toContain(
    `${fmt.time(nv.reduce_scatter_time_s)} / ${fmt.time(nv.all_gather_time_s)}`,
  );
  expect(shown).toContain('Exchange t_comm (2 reduce-scatter + all-gather pairs)');
  expect(await text(page, '.link-card[data-link="infiniband_ndr"] .hiding')).toBe(hidingText(ib));
  // The URL carries the choice as it carries any field; a desktop tab opens the same view.
  await page.waitForFunction(() => location.hash.includes('collective=reduce_scatter_all_gather'));
  const wide = await openReady(env, {
    width: 1280,
    height: 800,
    url: await page.evaluate(() => location.href),
  });
  expect(await wide.page.inputValue('#in-collective')).toBe(SP);
  expect(await text(wide.page, `${card} .hiding`)).toBe(hidingText(nv));
  // The sweep draws the hiding bandwidth when asked, with its table as the text twin.
  await wide.page.click('.sweep label:has-text("Hiding BW")');
  await wide.page.waitForSelector('#h-sweep:has-text("Bandwidth that hides the exchange")');
  await wide.page.click('.sweep summary:has-text("Sweep table")');
  const row = await wide.page
    .locator('.sweep tbody tr', { has: wide.page.locator('th', { hasText: /^8$/ }) })
    .locator('td')
    .first()
    .textContent();
  expect(row).toBe(`${fmt.bandwidth(nv.hiding_bandwidth_bytes_per_s)}, compute-bound`);
  expect(wide.problems).toEqual([]);
  await wide.context.close();
});

it('says when no bandwidth hides the exchange: the latency alone outlasts a decode step', async () => {
  const { page } = tab;
  await page.fill('#in-tokens', '32');
  const r = await solveInPage(page, gpt3({ tokens: 32 }));
  expect(r.links[1].hiding_bandwidth_bytes_per_s).toBe(0);
  await page.waitForFunction(
    () =>
      document.querySelector('.link-card[data-link="infiniband_ndr"] .hiding')?.textContent ===
      'No bandwidth hides the exchange: its latency terms alone outlast the compute.',
  );
  expect(await text(page, '.link-card[data-link="nvlink"] .hiding')).toBe(hidingText(r.links[0]));
});

it('names the measured link that cannot price the pair next to its text, and a bad value in a hash', async () => {
  const { page } = tab;
  // A measured link (nccl-tests' all_reduce_perf) added to the default preset, then the pair.
  await page.selectOption('#in-add-link', '@measured');
  await page.click('.add-link button');
  const box = byId('in-link.2.measured');
  await until(page, box);
  await page.fill(
    box,
    readFileSync(new URL('../../calibration/data/h100x8_ring.txt', import.meta.url), 'utf8'),
  );
  await page.waitForFunction(() => !document.querySelector('.is-stale'));
  await page.selectOption('#in-collective', SP);
  await until(page, '.is-stale');
  const said = await text(page, byId('msg-link.2.measured'));
  expect(said).toContain('Error: all_reduce_perf measures all-reduces only');
  expect(await page.getAttribute(box, 'aria-invalid')).toBe('true');
  await page.selectOption('#in-collective', 'all_reduce');
  await page.waitForFunction(() => !document.querySelector('.is-stale'));
  // A hash whose collective the core does not know loses that key, and the notice says why.
  const other = await openReady(env, {
    url: `${env.server.url}#v=2&p=Gpt3TensorParallelLayerTp8&collective=sp`,
  });
  const notice = await text(other.page, '.notice');
  expect(notice).toContain('"collective": unknown collective "sp"');
  expect(notice).toContain('"all_reduce" or "reduce_scatter_all_gather"');
  expect(other.problems).toEqual([]);
  await other.context.close();
});
