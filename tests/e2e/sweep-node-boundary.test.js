// The sweep chart of the built page with a two-tier link added in "Add a link", in Chromium: a
// mark where its node ends (tp_size = ranks_per_node; beyond it both tiers are priced), said in
// words in the legend and the table ("2 nodes", ...), beside the plain NVLink link's domain mark;
// a tp that is not a whole number of nodes is a gap in the lines, said once with the core's
// reason, and nothing crashes. The view the tests build reopens from the URL the page writes.
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  RESULTS,
  byId,
  expectShows,
  freshTabs,
  gpt3,
  ready,
  shootBothSizes,
  text,
  until,
  useBrowser,
} from './harness.js';
import * as fmt from '../../web/src/words/format.js';

const SHOTS = process.env.SHOTS || RESULTS;
const env = useBrowser();
const tab = freshTabs(env);

// The default preset (NVLink 4 and InfiniBand NDR) at tp 16, with a third link: two-tier.
const scenario = (two, over = {}) =>
  gpt3({
    tp_size: 16,
    links: { nvlink: 'nvlink4', infiniband_ndr: 'ib_ndr', two_tier: two },
    ...over,
  });
const hgx = { intra_node: 'nvlink4', inter_node: 'ib_ndr', ranks_per_node: 8 };
const values = [1, 2, 4, 8, 16, 32, 64, 96]; // GPT3's 96 heads
const TWO = 's2'; // the two-tier link's series: the third link

let api;
beforeAll(async () => {
  const { load } = await import('../../dist/tplayer.js');
  api = await load();
});

/**
 * The default preset at tp 16 with a two-tier link added from "Add a link" (its tiers start as the
 * form's NVLink 4 and InfiniBand NDR, 8 ranks per node), then given `intra` inside the node and
 * `g` ranks per node; once the page shows what the core says of `scenario(two)`.
 */
async function addTwoTier(page, { intra = 'nvlink4', g = 8 } = {}) {
  await page.fill('#in-tp_size', '16');
  await page.selectOption('#in-add-link', '@two_tier');
  await page.click('.add-link button');
  await until(page, byId('in-link.2.intra_node'));
  expect(await page.inputValue(byId('in-link.2.inter_node'))).toBe('ib_ndr');
  if (intra !== 'nvlink4') await page.selectOption(byId('in-link.2.intra_node'), intra);
  if (g !== 8) await page.fill(byId('in-link.2.ranks_per_node'), String(g));
  const two = { ...hgx, intra_node: intra, ranks_per_node: g };
  await expectShows(page, api.solve(scenario(two)));
  return two;
}

/** The sweep table's cells of the two-tier link (the column after tp, then two per link). */
const twoTierCells = (page) =>
  page.locator('.sweep tbody tr').evaluateAll((trs) => trs.map((tr) => tr.cells[5].textContent));

const openTable = (page) => page.click('.sweep summary:has-text("Sweep table")');

describe('a two-tier link on the sweep chart', () => {
  it('marks the node boundary at ranks_per_node and says what lies beyond', async () => {
    const { page } = tab;
    const two = await addTwoTier(page);
    const sweep = page.locator('.sweep');
    expect(await sweep.locator('thead th').allTextContents()).toEqual([
      'tp',
      'NVLink 4',
      'NVLink 4, as it runs',
      'IB NDR',
      'IB NDR, as it runs',
      'Two-tier link',
      'Two-tier link, as it runs',
    ]);
    // One node mark, the two-tier link's, at 8; NVLink's domain mark at 8 beside it.
    expect(await sweep.locator('.domain.node').count()).toBe(1);
    expect(await sweep.locator('.domain.node').getAttribute('data-node')).toBe('8');
    expect(await sweep.locator('.domain.node text').textContent()).toBe(
      'Two-tier link: 8 per node',
    );
    expect(await sweep.locator('[data-domain]').count()).toBe(1);
    expect(await sweep.locator('[data-domain] text').textContent()).toBe('NVLink 4: domain 8');
    // The two-tier link's points are all within its tiers' domains: none faded. GPT-3's weights
    // outgrow an 80 GiB GPU up to tp 4: crosses there, on every link.
    expect(await sweep.locator(`g.${TWO} circle.beyond`).count()).toBe(0);
    expect(await sweep.locator(`g.${TWO} circle`).count()).toBe(values.length - 3);
    expect(await sweep.locator(`g.${TWO} path.cross`).count()).toBe(3);
    const legend = await text(page, '.sweep .legend');
    expect(legend).toContain(
      'Beyond 8 ranks the exchange crosses nodes: NVLink 4 inside, IB NDR across.',
    );
    expect(legend).toContain('dotted line: where a domain or a node ends');
    expect(legend).not.toContain('Gaps');
    // The table: each point of the two-tier link beyond 8 says on how many nodes it sits, as the
    // core says.
    await openTable(page);
    const points = api.sweep(scenario(two), 'tp_size', values);
    const cells = await twoTierCells(page);
    expect(cells).toEqual(
      points.map((p) => {
        const l = p.result.links[2];
        const nodes = l.node_count > 1 ? `, ${l.node_count} nodes` : '';
        const figures = `speedup ${fmt.times(l.serial_speedup)}, ${l.bound === 'communication' ? 'comm.' : 'compute'}-bound`;
        return l.runnable ? `${figures}${nodes}` : `✗ cannot run (if it could: ${figures})`;
      }),
    );
    expect(cells.slice(0, 3).every((c) => c.startsWith('✗ cannot run'))).toBe(true);
    expect(cells.slice(4).map((c) => c.split(', ')[2])).toEqual([
      '2 nodes',
      '4 nodes',
      '8 nodes',
      '12 nodes',
    ]);
    expect(await text(page, '.sweep details')).toContain('“n nodes”: the ranks sit on n nodes.');
    // The page's own URL reopens the same chart.
    await page.waitForFunction(() => location.hash.includes('two_tier'));
    const again = await tab.context.newPage();
    await again.goto(await page.evaluate(() => location.href));
    await ready(again);
    await until(again, '.sweep .domain.node');
    expect(await again.locator('.sweep svg.chart').innerHTML()).toBe(
      await sweep.locator('svg.chart').innerHTML(),
    );
    await again.close();
  });

  it('names the tiers of a two-tier link given by its catalogue key (a two-tier preset)', async () => {
    const { page } = tab;
    // The tab already shows the default view: a new hash is a same-document navigation, applied
    // once the two-tier code has loaded, so wait for the two-tier link's node mark, not any verdict.
    await page.goto(`${env.server.url}#v=2&p=Llama3_405BTp16AcrossNodes`);
    await until(page, '.sweep .domain.node');
    const legend = await text(page, '.sweep .legend');
    expect(legend).toContain(
      'Beyond 8 ranks the exchange crosses nodes: NVLink 4 inside, IB NDR across.',
    );
    expect(legend).not.toContain('the network link');
  });

  it('draws a tp that is not a whole number of nodes as a gap, and says why once', async () => {
    const { page } = tab;
    const two = await addTwoTier(page, { intra: 'nvlink5_nvl72', g: 24 });
    const points = api.sweep(scenario(two), 'tp_size', [32]);
    const why = points[0].errors[0].message;
    expect(why).toContain('ranks_per_node');
    const sweep = page.locator('.sweep');
    // No point at 32 or 64 for any link; each line breaks there (two pieces per line). Up to tp 4
    // GPT-3 cannot run: crosses.
    for (const s of ['s0', 's1', TWO])
      expect(await sweep.locator(`g.${s} circle, g.${s} path.cross`).count()).toBe(
        values.length - 2,
      );
    expect(await sweep.locator(`g.${TWO} polyline:not(.alt):not(.beyond)`).count()).toBe(2);
    expect(await sweep.locator('.domain.node').getAttribute('data-node')).toBe('24');
    const legend = await text(page, '.sweep .legend');
    expect(legend).toContain(`Gaps at tp 32 and 64: no result there (at tp 32: ${why}).`);
    expect(legend.split('Gaps at').length).toBe(2); // said once
    expect(legend).toContain('Beyond 24 ranks the exchange crosses nodes: NVLink 5 NVL72 inside');
    await openTable(page);
    const rows = await twoTierCells(page);
    expect(rows[5]).toBe('—');
    expect(rows[7]).toContain('4 nodes');
    expect(await text(page, '.sweep details')).toContain(`— Gaps at tp 32 and 64`);
  });

  it('fades the points where a tier holds more ranks than its domain, and says from where', async () => {
    const { page } = tab;
    const two = await addTwoTier(page, { g: 16 });
    const points = api.sweep(scenario(two), 'tp_size', [8, 16, 32]);
    expect(points.map((p) => p.result.links[2].within_domain)).toEqual([true, false, false]);
    const sweep = page.locator('.sweep');
    // Crosses: 1, 2 and 4 (the weights do not fit), 16, 32, 64, 96 (a tier beyond its domain).
    expect(await sweep.locator(`g.${TWO} path.cross`).count()).toBe(7);
    expect(await sweep.locator(`g.${TWO} polyline.beyond`).count()).toBe(1);
    expect(await sweep.locator('.domain.node').getAttribute('data-node')).toBe('16');
    const legend = await text(page, '.sweep .legend');
    expect(legend).toContain('From tp 16 a tier holds more ranks than its domain: a hypothetical.');
    expect(legend).toContain('Beyond 16 ranks the exchange crosses nodes');
  });

  // One page for both sizes: the two-tier link is added once and the sweep shot at each viewport.
  it('looks right at 390x844 and 1280x800', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { page } = tab;
    await addTwoTier(page);
    await page.getByLabel('NCCL (measured)').check();
    await expectShows(page, api.solve(scenario(hgx, { link_model: 'nccl' })));
    await openTable(page);
    await shootBothSizes(page, '.sweep', (w, h) => `${SHOTS}sweep-two-tier-${w}x${h}.png`);
  });
});
