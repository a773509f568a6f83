// The measurements panel's data and pricing with the real module: validation.json as the page
// ships it (dist/validation.json), both models priced by the module at every row, reproducing the
// fit's own median errors; and which tables are offered for which links of the scenario.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  linkList,
  priceTable,
  probe,
  tablesFor,
  sizeTicks,
  ticks,
} from '../../../web/src/components/validation/measured.js';
import { real } from './model.js';

const data = JSON.parse(readFileSync(new URL('../../../dist/validation.json', import.meta.url)));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

let api;
beforeAll(async () => ({ api } = await real()));

describe('the measurements', () => {
  it('ships calibration/validation.json unchanged, with serving-validation.json as its serving and the kernels fit as its kernels', () => {
    const json = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
    const { serving, kernels, ...shipped } = json('../../../dist/validation.json');
    expect(shipped).toEqual(json('../../../calibration/validation.json'));
    expect(serving).toEqual(json('../../../calibration/serving-validation.json'));
    const fitted = json('../../../calibration/kernels_fitted.json');
    expect(kernels).toEqual({
      kernel_report: fitted.kernel_report,
      engine_points: fitted.engine_points,
      engine_report: fitted.engine_report,
    });
    expect(data.tables.length).toBeGreaterThan(5);
  });

  it('prices one all-reduce of exactly the measured size: M = 1 B per token', () => {
    const r = api.solve({ ...probe(8, 'nvlink4_ring'), tokens: 4096 });
    expect(r.message_bytes).toBe(4096);
    expect(r.links[0].allreduce_time_s).toBe(r.links[0].line_rate_allreduce_time_s); // line rate, no launch
  });

  it.each(data.tables.map((t) => [t.table, t]))(
    '%s: both models reproduce the fit’s median errors',
    (_, t) => {
      const priced = priceTable(api, t);
      const err = (times) => median(t.rows.map(([, us], i) => Math.abs(times[i] * 1e6 - us) / us));
      expect(priced.nccl).toHaveLength(t.rows.length);
      expect(priced.nccl.every((x) => x > 0)).toBe(true);
      expect(err(priced.line_rate)).toBeCloseTo(t.line_rate.median, 3);
      expect(err(priced.nccl)).toBeCloseTo(t.nccl.median, 3);
    },
  );

  it('offers the tables of each link, the one priced with that link first, the rest by nodes', () => {
    const links = linkList({
      nvlink: 'nvlink4',
      ib: 'ib_ndr',
      mine: { bandwidth: 1e11, latency: 0 },
      pcie: { preset: 'pcie4', bandwidth: 3e10 },
    });
    const { mine, others, across } = tablesFor(data.tables, links);
    expect(mine.map((g) => [g.row, g.tables.map((t) => t.table)])).toEqual([
      [0, ['h100x8_nvls.txt', 'h100sxm_4_g4.txt', 'h100x8_ring.txt']],
      [
        1,
        [
          'h100x16_ib_ndr.txt',
          'h100x16_ib_ndr_b.txt',
          'h100x32_ib_ndr.txt',
          'h100x32_ib_ndr_b.txt',
          'h100x64_ib_ndr.txt',
        ],
      ],
      [3, ['rtx4090x8_p2p.txt']],
    ]);
    expect(others.map((t) => t.table)).not.toContain('h100x8_ring.txt');
    expect(others.every((t) => t.nodes === 1)).toBe(true);
    expect(across.map((t) => t.table)).toEqual([
      'a100x16_efa.txt',
      'h100x16_tcpxo.txt',
      'h100_16_2node_efa_p5.txt',
    ]);
    expect(tablesFor(data.tables, linkList({ x: 'nvlink4_ring' })).mine[0].tables[0].table).toBe(
      'h100x8_ring.txt',
    );
    expect(tablesFor(data.tables, linkList({ x: { bandwidth: 1 } })).mine).toEqual([]);
  });

  it('labels sizes every 16x, or every 64x, 256x... when that would be more than six labels', () => {
    // 4 KiB .. 8 GiB: 64 KiB, 1 MiB, 16 MiB, 256 MiB, 4 GiB (and 4 KiB itself) = 6 powers of 16.
    expect(sizeTicks(4096, 2 ** 33)).toEqual([
      2 ** 12,
      2 ** 16,
      2 ** 20,
      2 ** 24,
      2 ** 28,
      2 ** 32,
    ]);
    // 8 B .. 8 GiB: nine powers of 16 (16 B .. 4 GiB), so powers of 64: 64 B, 4 KiB, 256 KiB, 16 MiB, 1 GiB.
    expect(sizeTicks(8, 2 ** 33)).toEqual([2 ** 6, 2 ** 12, 2 ** 18, 2 ** 24, 2 ** 30]);
  });

  it('puts ticks on the decades inside the range', () => {
    expect(ticks(4096, 2 ** 33, 16)).toEqual([
      2 ** 12,
      2 ** 16,
      2 ** 20,
      2 ** 24,
      2 ** 28,
      2 ** 32,
    ]);
    expect(ticks(3e-6, 0.05, 10).map((x) => +x.toPrecision(3))).toEqual([1e-5, 1e-4, 1e-3, 1e-2]);
  });
});
