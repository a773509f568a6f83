// The measurements panel prices every published table as `tplayer --validate` does, the 2-node
// ones as two-tier links (NVLink in the node, the network across): its errors equal the CLI's JSON
// bit for bit. And the user's own measurements: priced at their rank count against the catalogue
// link the panel preselects. Needs the built page (dist/) and the native build.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  closestLink,
  errorsOf,
  linkList,
  priceSizes,
  priceTable,
  probe,
  tableKey,
  tableLink,
  tableRows,
  tablesFor,
} from '../../../web/src/components/validation/measured.js';
import { real } from './model.js';

const root = new URL('../../../', import.meta.url);
const data = JSON.parse(readFileSync(new URL('dist/validation.json', root)));
const cli = JSON.parse(
  execFileSync(new URL('build/native/tplayer', root).pathname, ['--validate', '--format', 'json'], {
    encoding: 'utf8',
  }),
);
const table = (name) => data.tables.find((t) => t.table === name);

let api;
beforeAll(async () => ({ api } = await real()));

describe('the panel against tplayer --validate', () => {
  it('has the same tables, eight of them across 2 to 8 nodes', () => {
    expect(data.tables.map((t) => t.table)).toEqual(cli.tables.map((t) => t.table));
    expect(
      data.tables.filter((t) => t.nodes > 1).map((t) => [t.table, t.nodes, t.intra_node]),
    ).toEqual([
      ['h100x16_ib_ndr.txt', 2, 'nvlink4'],
      ['a100x16_efa.txt', 2, 'nvlink3'],
      ['h100x16_tcpxo.txt', 2, 'nvlink4'],
      ['h100_16_2node_efa_p5.txt', 2, 'nvlink4'],
      ['h100x16_ib_ndr_b.txt', 2, 'nvlink4'],
      ['h100x32_ib_ndr.txt', 4, 'nvlink4'],
      ['h100x32_ib_ndr_b.txt', 4, 'nvlink4'],
      ['h100x64_ib_ndr.txt', 8, 'nvlink4'],
    ]);
  });

  it.each(cli.tables.map((c) => [c.table, c]))(
    '%s: the panel’s errors are the CLI’s, bit for bit',
    (_, c) => {
      const t = table(c.table);
      expect([t.ranks, t.nodes, t.rows.length, t.launch_overhead_s]).toEqual([
        c.ranks,
        c.nodes,
        c.rows,
        c.launch_overhead_s,
      ]);
      expect([t.rows[0][0], t.rows.at(-1)[0]]).toEqual([c.min_bytes, c.max_bytes]);
      const priced = priceTable(api, t);
      expect(priced.errors).toBe(null);
      const { median, max } = errorsOf(tableRows(t), priced.line_rate);
      expect({ median, max }).toEqual({ median: c.line_rate.median, max: c.line_rate.max });
      const nccl = errorsOf(tableRows(t), priced.nccl);
      expect({ median: nccl.median, max: nccl.max }).toEqual({
        median: c.nccl.median,
        max: c.nccl.max,
      });
      expect(priced.launch_s).toBe(t.launch_overhead_s);
    },
  );

  it('prices a 2-node table as the two-tier link of the hierarchical all-reduce (docs/model.md#two-tier-links)', () => {
    const t = table('h100x16_ib_ndr.txt');
    expect(tableLink(t)).toEqual({
      intra_node: 'nvlink4',
      inter_node: 'ib_ndr',
      ranks_per_node: 8,
    });
    // 1 GiB at line rate, g = 8 to a node, N = 2 nodes; NVLink 4 450 GB/s, alpha 0.5 us; IB NDR
    // 50 GB/s, alpha 5 us:
    //   t_rs = 7/8 x 2^30 / 450e9 + 7 x 0.5 us = 2.0879 ms + 3.5 us
    //   t_x  = 2(1)/2 x 2^30/8 / 50e9 + 2 x 5 us = 2.6844 ms + 10 us
    //   t    = 2 t_rs + t_x = 6.8772 ms (the ring of 16 on one NIC alone would be 40.3 ms)
    const i = t.rows.findIndex(([b]) => b === 2 ** 30);
    const priced = priceTable(api, t);
    const rs = ((7 / 8) * 2 ** 30) / 450e9 + 7 * 0.5e-6;
    const x = 2 ** 30 / 8 / 50e9 + 2 * 5e-6;
    expect(priced.line_rate[i]).toBeCloseTo(2 * rs + x, 12);
    expect(priced.line_rate[i] * 1e3).toBeCloseTo(6.8772, 3);
    // NCCL: the network's branches over 2 nodes at 8 x 50 GB/s, plus the table's launch.
    const solved = api.solve({
      ...probe(16, tableLink(t)),
      tokens: 2 ** 30,
      link_model: 'nccl',
      launch_overhead: t.launch_overhead_s,
    }).links[0];
    expect(solved).toMatchObject({ kind: 'two_tier', node_count: 2, ranks_per_node: 8 });
    expect(priced.nccl[i]).toBe(solved.allreduce_time_s);
    expect(priced.nccl[i]).toBeLessThan(priced.line_rate[i]);
  });

  it('offers a two-tier link the tables of its network link', () => {
    const links = linkList({
      nvlink4: 'nvlink4',
      x: { intra_node: 'nvlink4', inter_node: 'ib_ndr', ranks_per_node: 8 },
      y: { intra_node: 'nvlink4', inter_node: { preset: 'tcpxo_a3mega' }, ranks_per_node: 8 },
    });
    expect(links.map((l) => [l.name, tableKey(l.link)])).toEqual([
      ['nvlink4', 'nvlink4'],
      ['x', 'ib_ndr'],
      ['y', 'tcpxo_a3mega'],
    ]);
    const { mine, across } = tablesFor(data.tables, links);
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
      [2, ['h100x16_tcpxo.txt']],
    ]);
    expect(across.map((t) => t.table)).toEqual(['a100x16_efa.txt', 'h100_16_2node_efa_p5.txt']);
    // A two-tier catalogue entry, as check() writes it (resolved): its network link's tables too.
    const p4d = {
      preset: 'p4d',
      intra_node: { preset: 'nvlink3', bandwidth: 1 },
      inter_node: { preset: 'efa_p4d', bandwidth: 1 },
      ranks_per_node: 8,
    };
    const byKey = tablesFor(data.tables, linkList({ a: p4d }));
    expect(byKey.mine.map((g) => g.tables.map((t) => t.table))).toEqual([['a100x16_efa.txt']]);
  });
});

describe('the user’s own measurements', () => {
  const calibrated = () =>
    api
      .catalog()
      .links.filter((l) => l.protocols)
      .map((l) => l.key);
  const asMeasured = (t) => ({ name: 'mine', ranks: t.ranks, rows: tableRows(t) });

  it.each([
    ['a100x8_mpirun.txt', 'nvlink3'],
    ['h100x8_ring.txt', 'nvlink4_ring'],
    ['h100x8_nvls.txt', 'nvlink4'],
    ['rtx4090x8_p2p.txt', 'pcie4'],
    ['rtx4090x8_nop2p.txt', 'pcie4_host'],
    ['rtx5090x8_p2p.txt', 'pcie5'],
  ])('a pasted %s is matched with %s by default', (name, key) => {
    expect(closestLink(api, calibrated(), asMeasured(table(name)), data.min_bytes)).toBe(key);
  });

  it('falls back to NVLink 4 when nothing can be priced', () => {
    const m = { name: 'odd', ranks: 12, rows: tableRows(table('h100x8_ring.txt')) };
    // A two-tier link of 8 to a node cannot sit 12 ranks: no candidate prices.
    const two = [{ intra_node: 'nvlink4', inter_node: 'ib_ndr', ranks_per_node: 8 }];
    expect(priceSizes(api, { bytes: [4096], ranks: 12, link: two[0] }).errors[0].field).toBe(
      'links.link.ranks_per_node',
    );
    expect(closestLink(api, two, m)).toBe('nvlink4');
  });

  it('is priced at its own ranks and sizes, with the core’s default launch overhead', () => {
    const t = table('h100x8_ring.txt');
    const m = asMeasured(t);
    const at = priceSizes(api, { bytes: m.rows.map((r) => r[0]), ranks: 8, link: 'nvlink4_ring' });
    const core = api.check({ ...probe(8, 'nvlink4_ring'), link_model: 'nccl' }).scenario;
    expect(at.launch_s).toBe(api.solve(core).launch_overhead_s);
    expect(at.launch_s).toBeGreaterThan(0);
    // With the table's own launch overhead, the measurement's errors are the table's.
    const own = priceSizes(api, {
      bytes: m.rows.map((r) => r[0]),
      ranks: 8,
      link: 'nvlink4_ring',
      launch_overhead: t.launch_overhead_s,
    });
    const c = cli.tables.find((x) => x.table === t.table);
    expect(errorsOf(m.rows, own.nccl, data.min_bytes).median).toBe(c.nccl.median);
    // Its bus bandwidth at 8 GiB, as nccl-tests prints it: algbw x 2(r-1)/r. The panel shows the
    // core's (a measured link's bandwidth is its largest row's busbw).
    const text = readFileSync(new URL('calibration/data/h100x8_ring.txt', root), 'utf8');
    const [mine] = api.solve({ ...probe(8, { measured: text }) }).links;
    expect(mine.bandwidth_bytes_per_s).toBeCloseTo(((2 ** 33 / 40838.9e-6) * 14) / 8, 0);
  });

  it('counts only the sizes it is asked to, and says when none can be counted', () => {
    const rows = [
      [1024, 1e-5],
      [4096, 2e-5],
      [8192, 4e-5],
    ];
    expect(errorsOf(rows, [2e-5, 2e-5, 2e-5], 4096)).toEqual({ median: 0.25, max: 0.5, count: 2 });
    expect(errorsOf(rows, [2e-5, 2e-5, 2e-5])).toEqual({ median: 0.5, max: 1, count: 3 });
    expect(errorsOf(rows, [1, 1, 1], 1e9)).toBe(null);
    expect(errorsOf(rows, [NaN, 1, 1])).toBe(null);
  });
});
