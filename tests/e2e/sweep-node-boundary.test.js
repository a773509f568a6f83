// The sweep chart with a two-tier link, in Chromium: a mark where its node ends (tp_size =
// ranks_per_node; beyond it both tiers are priced), said in words in the legend and the table
// ("2 nodes", ...), beside the plain NVLink link's domain mark; a tp that is not a whole number
// of nodes is a gap in the lines, said once with the core's reason, and nothing crashes. The
// chart is mounted alone (tests/e2e/fixtures/) until the form can edit a two-tier link.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESULTS, text } from './harness.js';
import { useFixtures } from './fixtures.js';
import * as fmt from '../../web/src/format.js';

const SHOTS = process.env.SHOTS || RESULTS;
const env = useFixtures();

const scenario = (x, over = {}) => ({
  workload: 'GPT3',
  tp_size: 16,
  tokens: 2048,
  accelerator: 'H100',
  precision: 'fp16_dense',
  local_efficiency: 0.5,
  links: { nvlink: 'nvlink4', x },
  ...over,
});
const hgx = { intra_node: 'nvlink4', inter_node: 'ib_ndr', ranks_per_node: 8 };
const want = (x, over) => ({ sweep: scenario(x, over), titles: ['NVLink 4', 'x'], chip: 'H100' });

async function solve(s, values) {
  const { load } = await import('../../dist/tplayer.js');
  return (await load()).sweep(s, 'tp_size', values);
}

describe('a two-tier link on the sweep chart', () => {
  it('marks the node boundary at ranks_per_node and says what lies beyond', async () => {
    const { page, problems, context } = await env.open(want(hgx));
    const sweep = page.locator('.sweep');
    // One node mark, the two-tier link's, at 8; NVLink's domain mark at 8 beside it.
    expect(await sweep.locator('.domain.node').count()).toBe(1);
    expect(await sweep.locator('.domain.node').getAttribute('data-node')).toBe('8');
    expect(await sweep.locator('.domain.node text').textContent()).toBe('x: 8 per node');
    expect(await sweep.locator('[data-domain]').count()).toBe(1);
    expect(await sweep.locator('[data-domain] text').textContent()).toBe('NVLink 4: domain 8');
    // The two-tier link's points are all within its tiers' domains: none faded.
    expect(await sweep.locator('g.s1 circle.beyond').count()).toBe(0);
    expect(await sweep.locator('g.s1 circle').count()).toBe(8);
    const legend = await text(page, '.sweep .legend');
    expect(legend).toContain(
      'Beyond 8 ranks the exchange crosses nodes: NVLink 4 inside, InfiniBand NDR across.',
    );
    expect(legend).toContain('dotted line: where a domain or a node ends');
    expect(legend).not.toContain('Gaps');
    // The table: each point of x beyond 8 says on how many nodes it sits, as the core says.
    const values = [1, 2, 4, 8, 16, 32, 64, 96];
    const points = await solve(scenario(hgx), values);
    const cells = await sweep
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.cells[3].textContent));
    expect(cells).toEqual(
      points.map((p) => {
        const l = p.result.links[1];
        const nodes = l.node_count > 1 ? `, ${l.node_count} nodes` : '';
        return `${fmt.times(l.serial_speedup)} ${l.bound === 'communication' ? 'comm.' : 'compute'}${nodes}`;
      }),
    );
    expect(cells.slice(4).map((c) => c.split(', ')[1])).toEqual([
      '2 nodes',
      '4 nodes',
      '8 nodes',
      '12 nodes',
    ]);
    expect(await text(page, '.sweep details')).toContain('“n nodes”: the ranks sit on n nodes.');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('draws a tp that is not a whole number of nodes as a gap, and says why once', async () => {
    const x = { intra_node: 'nvlink5_nvl72', inter_node: 'ib_ndr', ranks_per_node: 24 };
    const { page, problems, context } = await env.open(want(x));
    const points = await solve(scenario(x), [32]);
    const why = points[0].errors[0].message;
    expect(why).toContain('ranks_per_node');
    const sweep = page.locator('.sweep');
    // No point at 32 or 64 for any link; each line breaks there (two pieces per line).
    expect(await sweep.locator('g.s0 circle').count()).toBe(6);
    expect(await sweep.locator('g.s1 circle').count()).toBe(6);
    expect(await sweep.locator('g.s1 polyline:not(.alt):not(.beyond)').count()).toBe(2);
    expect(await sweep.locator('.domain.node').getAttribute('data-node')).toBe('24');
    const legend = await text(page, '.sweep .legend');
    expect(legend).toContain(`Gaps at tp 32 and 64: no result there (at tp 32: ${why}).`);
    expect(legend.split('Gaps at').length).toBe(2); // said once
    expect(legend).toContain('Beyond 24 ranks the exchange crosses nodes: NVLink 5 inside');
    const rows = await sweep
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.cells[3].textContent));
    expect(rows[5]).toBe('—');
    expect(rows[7]).toContain('4 nodes');
    expect(await text(page, '.sweep details')).toContain(`— Gaps at tp 32 and 64`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fades the points where a tier holds more ranks than its domain, and says from where', async () => {
    const x = { intra_node: 'nvlink4', inter_node: 'ib_ndr', ranks_per_node: 16 };
    const { page, problems, context } = await env.open(want(x));
    const points = await solve(scenario(x), [8, 16, 32]);
    expect(points.map((p) => p.result.links[1].within_domain)).toEqual([true, false, false]);
    const sweep = page.locator('.sweep');
    expect(await sweep.locator('g.s1 circle.beyond').count()).toBe(4); // 16, 32, 64, 96
    expect(await sweep.locator('g.s1 polyline.beyond').count()).toBe(1);
    expect(await sweep.locator('.domain.node').getAttribute('data-node')).toBe('16');
    const legend = await text(page, '.sweep .legend');
    expect(legend).toContain('From tp 16 a tier holds more ranks than its domain: a hypothetical.');
    expect(legend).toContain('Beyond 16 ranks the exchange crosses nodes');
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    [390, 844],
    [1280, 800],
  ])('looks right at %ix%i', async (width, height) => {
    mkdirSync(SHOTS, { recursive: true });
    const { page, problems, context } = await env.open(
      want(hgx, { link_model: 'nccl', tp_size: 16 }),
      { width, height },
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page
      .locator('.sweep')
      .screenshot({ path: `${SHOTS}sweep-two-tier-${width}x${height}.png` });
    expect(problems).toEqual([]);
    await context.close();
  });
});
