// The sweep's node boundary and gaps, from the real module's sweep of a two-tier link: up to
// ranks_per_node the node link alone (one node), beyond it both tiers (node_count > 1); a tp that
// is not a whole number of nodes comes back as the core's error, which the chart shows as a gap.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  gapText,
  gapsOf,
  nodeBoundary,
  nodeText,
  runsOf,
  seriesByLink,
} from '../../../web/src/words/series.js';
import { within } from '../../../web/src/state/scenario.js';
import { tierTitle, tpValues, twoTierOf } from '../../../web/src/state/sweep.js';
import { real } from './model.js';

const twoTier = (over = {}) => ({
  workload: 'Llama3_405B',
  tp_size: 16,
  tokens: 4096,
  accelerator: 'H100',
  precision: 'bf16_dense',
  local_efficiency: 0.5,
  links: {
    nvlink: 'nvlink4',
    x: { intra_node: 'nvlink4', inter_node: 'ib_ndr', ranks_per_node: 8 },
  },
  ...over,
});

let api;
beforeAll(async () => ({ api } = await real()));

describe('a two-tier link across the sweep', () => {
  it('is one node up to ranks_per_node, then both tiers; the boundary is at 8', () => {
    const values = tpValues(128);
    const points = api.sweep(twoTier(), 'tp_size', values);
    const [nvlink, x] = seriesByLink(points, ['nvlink', 'x']);
    expect(x.map((p) => p.link.node_count)).toEqual([1, 1, 1, 1, 2, 4, 8, 16]);
    expect(x.every((p) => p.link.kind === 'two_tier' && p.link.ranks_per_node === 8)).toBe(true);
    expect(nodeBoundary(values, x)).toEqual({ g: 8, i: 3 });
    // Within a node the two-tier link is NVLink 4 alone: the same speedup as the plain link.
    expect(x.slice(0, 4).map((p) => p.link.serial_speedup)).toEqual(
      nvlink.slice(0, 4).map((p) => p.link.serial_speedup),
    );
    expect(x[4].link.serial_speedup).not.toBe(nvlink[4].link.serial_speedup);
    expect(nodeBoundary(values, nvlink)).toBe(null); // not two-tier: its domain marks it instead
    expect(nodeBoundary([1, 2, 4, 8], x.slice(0, 4))).toBe(null); // never beyond one node
    expect(gapsOf(points)).toBe(null);
  });

  it('shows a tp that is not a whole number of nodes as a gap, with the core’s reason', () => {
    const values = [1, 2, 4, 8, 12, 16, 24, 32];
    const s = twoTier({
      links: { x: { intra_node: 'nvlink4', inter_node: 'ib_ndr', ranks_per_node: 16 } },
    });
    const points = api.sweep(s, 'tp_size', values);
    const [x] = seriesByLink(points, ['x']);
    expect(x.map((p) => (p.link ? p.link.node_count : null))).toEqual([1, 1, 1, 1, 1, 1, null, 2]);
    const gaps = gapsOf(points);
    expect(gaps.tps).toEqual([24]);
    expect(gaps.first).toBe(points[6].errors[0].message);
    expect(gaps.first).toContain('ranks_per_node');
    expect(gapText(gaps)).toBe(`Gaps at tp 24: no result there (at tp 24: ${gaps.first}).`);
    expect(runsOf(x)).toEqual([[0, 1, 2, 3, 4, 5], [7]]);
    expect(nodeBoundary(values, x)).toEqual({ g: 16, i: 5 });
  });

  it('says which tier carries what, by the catalogue’s names or as edited', () => {
    const labels = { nvlink4: 'NVLink 4', ib_ndr: 'InfiniBand NDR' };
    const labelOf = (k) => labels[k] || '';
    const { scenario, entries } = api.check(twoTier());
    const x = scenario.links.x;
    const unedited = (tier) => within(entries, ['links', 'x', tier]);
    expect(
      nodeText(
        8,
        tierTitle(x.intra_node, labelOf, 'the node link', unedited('intra_node')),
        tierTitle(x.inter_node, labelOf, 'the network link', unedited('inter_node')),
      ),
    ).toBe('Beyond 8 ranks the exchange crosses nodes: NVLink 4 inside, InfiniBand NDR across.');
    expect(tierTitle({ preset: 'ib_ndr', bandwidth: 1 }, labelOf, 'n', false)).toBe(
      'InfiniBand NDR (edited)',
    );
    expect(tierTitle({ bandwidth: 1 }, labelOf, 'the network link', false)).toBe(
      'the network link',
    );
    expect(nodeText(1, 'a', 'b')).toBe(
      'Beyond 1 rank the exchange crosses nodes: a inside, b across.',
    );
  });

  it('breaks a line at every point without a result', () => {
    const p = (ok) => ({ link: ok ? {} : null });
    expect(runsOf([p(1), p(0), p(1), p(1), p(0)])).toEqual([[0], [2, 3]]);
    expect(runsOf([p(1), p(1), p(1)], (_, i) => i >= 1)).toEqual([[1, 2]]);
    expect(runsOf([p(0)])).toEqual([]);
    expect(gapText({ tps: [8, 16, 32], first: 'why' })).toBe(
      'Gaps at tp 8, 16 and 32: no result there (at tp 8: why).',
    );
  });

  it('reads a two-tier link as the core read it (its parts resolved), or none', () => {
    const hgx = api.check({ ...twoTier(), links: { x: 'hgx_h100_ndr' } }).scenario.links.x;
    expect(twoTierOf(hgx)).toMatchObject({ preset: 'hgx_h100_ndr', ranks_per_node: 8 });
    expect(twoTierOf({ preset: 'nvlink4', bandwidth: 1 })).toBe(null);
    expect(twoTierOf({ bandwidth: 1 })).toBe(null);
    const given = { intra_node: 'a', inter_node: 'b', ranks_per_node: 2 };
    expect(twoTierOf(given)).toBe(given);
  });
});
