// Issue 17 on the JavaScript door: every catalogue-backed part (workload, accelerator, link,
// two-tier link, each tier) may be `{ preset: key, ...edits }`; check() decides identity (equal
// to its entry: the key; edited: an object that keeps `preset`); every entry has a short name;
// a measured link may be its rows as numbers, priced exactly as the same rows in a text. The
// native CLI's --check gives the same objects, bit for bit.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { load } from '../../dist/tplayer.js';
import { keyed } from './keyed.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = `${root}build/native/tplayer`;
const api = await load();
const catalog = api.catalog();
const gpt3 = () => structuredClone(api.Scenarios.Gpt3TensorParallelLayerTp8.scenario);
const nativeCheck = (scenario) =>
  JSON.parse(
    execFileSync(cli, ['--json', '-', '--check'], {
      input: JSON.stringify(scenario),
      encoding: 'utf8',
    }),
  );

// The catalogue entry of each kind, as the part of a scenario it backs.
const parts = {
  workload: catalog.workloads.map((e) => e.key),
  accelerator: catalog.accelerators.map((e) => e.key),
  link: catalog.links.map((e) => e.key),
  two_tier: catalog.two_tier_links.map((e) => e.key),
};

// A scenario with the part under test in its place; the rest is the GPT-3 preset's (with a
// precision every accelerator has, and enough ranks for two nodes of a two-tier link).
function withPart(kind, value) {
  const s = gpt3();
  if (kind === 'workload') s.workload = value;
  if (kind === 'accelerator') {
    s.accelerator = value;
    const key = typeof value === 'string' ? value : value.preset;
    const entry = catalog.accelerators.find((a) => a.key === key);
    if (entry) s.precision = Object.keys(entry.peak_flops)[0];
  }
  if (kind === 'link') s.links = { x: value };
  if (kind === 'two_tier') {
    s.links = { x: value };
    s.tp_size = 16;
  }
  return s;
}
// The part as check() decided it, keyed (a part still its entry as its key): check() itself
// gives every part resolved, with `entries` naming those still their entry.
const written = (kind, out) => {
  const s = keyed(out);
  return kind === 'workload' || kind === 'accelerator' ? s[kind] : s.links.x;
};

describe('a preset under every catalogue-backed part', () => {
  for (const [kind, keys] of Object.entries(parts)) {
    it(`${kind}: { preset: key } is the entry itself, and prices as its key`, () => {
      for (const key of keys) {
        const byKey = api.check(withPart(kind, key));
        const byPreset = api.check(withPart(kind, { preset: key }));
        expect(byKey.errors, key).toBeUndefined();
        expect(byPreset.result, key).toEqual(byKey.result);
        expect(written(kind, byPreset), key).toBe(key);
        // Its own fields, unchanged, keep it the entry.
        const same = written(kind, api.check(withPart(kind, { preset: key, name: undefined })));
        expect(same, key).toBe(key);
      }
    });
  }

  it("edits replace the entry's fields: the object keeps its preset, with every field", () => {
    const edits = {
      workload: [{ preset: 'GPT3', layers: 48 }, 'layers', 48],
      accelerator: [{ preset: 'H100', memory_capacity: '96 GiB' }, 'memory_capacity', 96 * 2 ** 30],
      link: [{ preset: 'nvlink4', bandwidth: '400 GB/s' }, 'bandwidth', 400e9],
      two_tier: [{ preset: 'hgx_h100_ndr', ranks_per_node: 4 }, 'ranks_per_node', 4],
    };
    for (const [kind, [value, field, want]] of Object.entries(edits)) {
      const out = api.check(withPart(kind, value));
      expect(out.errors, kind).toBeUndefined();
      const part = written(kind, out);
      expect(part.preset, kind).toBe(value.preset);
      expect(part[field], kind).toBe(want);
      // Every field is written, and the object solves back to the same result.
      const again = api.check(withPart(kind, part));
      expect(again.result, kind).toEqual(out.result);
      expect(written(kind, again), kind).toEqual(part);
    }
    // The entry's own values stand in for what the edit leaves out.
    const gpt = api.check(withPart('workload', { preset: 'GPT3', layers: 48 })).scenario.workload;
    expect(gpt).toMatchObject({ name: 'GPT-3 175B', hidden_dim: 12288, heads: 96 });
  });

  it('a tier starts from a preset too, and an edited tier keeps it inside its two-tier link', () => {
    const out = api.check(
      withPart('two_tier', {
        preset: 'hgx_h100_ndr',
        intra_node: { preset: 'nvlink4', bandwidth: '400 GB/s' },
      }),
    );
    expect(keyed(out).links.x).toMatchObject({
      preset: 'hgx_h100_ndr',
      intra_node: { preset: 'nvlink4', bandwidth: 400e9 },
      inter_node: 'ib_ndr',
      ranks_per_node: 8,
    });
    const unchanged = api.check(
      withPart('two_tier', { preset: 'hgx_h100_ndr', intra_node: 'nvlink4' }),
    );
    expect(keyed(unchanged).links.x).toBe('hgx_h100_ndr');
  });

  it('a part that started from no entry has no preset, even when its values equal one', () => {
    const link = catalog.links.find((l) => l.key === 'ib_ndr');
    const plain = { bandwidth: link.bandwidth, latency: link.latency };
    const out = api.check(withPart('link', plain));
    expect(out.scenario.links.x).toEqual({ bandwidth: 50e9, latency: 5e-6 });
  });

  it('an unknown preset is an error at <path>.preset that lists the known keys, once', () => {
    const cases = [
      ['workload', { preset: 'GPT9', layers: 4 }, 'workload.preset', 'Llama3_70B'],
      ['accelerator', { preset: 'H900' }, 'accelerator.preset', 'MI300X'],
      ['link', { preset: 'nvlink9' }, 'links.x.preset', 'ib_ndr'],
      ['two_tier', { preset: 'hgx_h900', ranks_per_node: 4 }, 'links.x.preset', 'hgx_h100_ndr'],
      ['two_tier', { preset: 'nvlink4', ranks_per_node: 4 }, 'links.x.preset', 'hgx_h100_ndr'],
    ];
    for (const [kind, value, field, known] of cases) {
      const { errors } = api.check(withPart(kind, value));
      expect(
        errors.map((e) => e.field),
        field,
      ).toEqual([field]);
      expect(errors[0].message, field).toContain(`"${value.preset}"`);
      expect(errors[0].message, field).toContain(known);
    }
  });

  it('the native CLI (--check) gives the same scenario, derived list and result, bit for bit', () => {
    const scenario = {
      ...gpt3(),
      workload: { preset: 'GPT3', layers: 48 },
      accelerator: { preset: 'H100' },
      links: {
        nv: { preset: 'nvlink4' },
        ed: { preset: 'nvlink4', bandwidth: '400 GB/s' },
        hgx: { preset: 'hgx_h100_ndr', ranks_per_node: 4, intra_node: { preset: 'nvlink4' } },
        m: {
          rows: [
            [1048576, 4e-5],
            [2097152, 6.1e-5],
            [4194304, 1e-4],
          ],
          ranks: 8,
        },
      },
    };
    const js = api.check(scenario);
    expect(js.errors).toBeUndefined();
    expect(nativeCheck(scenario)).toEqual(JSON.parse(JSON.stringify(js)));
    expect(js.entries).toEqual([
      ['accelerator'],
      ['links', 'nv'],
      ['links', 'hgx', 'intra_node'],
      ['links', 'hgx', 'inter_node'],
    ]);
    expect(js.scenario.accelerator).toMatchObject({ preset: 'H100', compute_units: 132 });
    expect(keyed(js).links.nv).toBe('nvlink4');
  });
});

describe('short names', () => {
  it('every entry a scenario can name has one, no longer than its name or label', () => {
    const lists = [
      ...catalog.workloads.map((e) => [e.key, e.short_name, e.name]),
      ...catalog.accelerators.map((e) => [e.key, e.short_name, e.name]),
      ...catalog.links.map((e) => [e.key, e.short_name, e.label]),
      ...catalog.two_tier_links.map((e) => [e.key, e.short_name, e.label]),
    ];
    for (const [key, short, full] of lists) {
      expect(typeof short, key).toBe('string');
      expect(short.length, key).toBeGreaterThan(1);
      expect(short.length, key).toBeLessThanOrEqual(Math.min(full.length, 20));
      expect(short, key).not.toMatch(/\(.*,/); // no list in parentheses: that is the label's
    }
    const byKey = Object.fromEntries(lists.map(([key, short]) => [key, short]));
    expect(byKey).toMatchObject({
      nvlink4: 'NVLink 4',
      ib_ndr: 'IB NDR',
      H100: 'H100 SXM',
      GPT3: 'GPT-3 175B',
      hgx_h100_ndr: 'HGX H100 + NDR',
    });
    // Short names tell the entries of a kind apart.
    for (const list of [
      catalog.workloads,
      catalog.accelerators,
      catalog.links,
      catalog.two_tier_links,
    ])
      expect(new Set(list.map((e) => e.short_name)).size).toBe(list.length);
  });
});

describe('a measured link as rows', () => {
  const tables = readdirSync(`${root}calibration/data`)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => [f, readFileSync(`${root}calibration/data/${f}`, 'utf8')])
    .filter(([, text]) => !text.includes('two columns'));

  it('prices exactly as the same table given as text, for every shipped table', () => {
    expect(tables.length).toBeGreaterThanOrEqual(15);
    for (const [file, text] of tables) {
      const read = api.readMeasured(text);
      expect(read.error, file).toBeUndefined();
      const rows = read.rows.map((r) => [r.bytes, r.time_s]);
      for (const tokens of [1, 64, 4096, 131072]) {
        for (const tp_size of [read.ranks, 2 * read.ranks]) {
          const base = { ...gpt3(), tokens, tp_size, link_model: 'nccl' };
          const asText = api.check({
            ...base,
            links: { m: { measured: text, ranks: read.ranks } },
          });
          const asRows = api.check({ ...base, links: { m: { rows, ranks: read.ranks } } });
          expect(asRows.result, `${file} at ${tokens} tokens, TP ${tp_size}`).toEqual(
            asText.result,
          );
          // Written back as rows, it reads back to the same.
          expect(asRows.scenario.links.m).toEqual({ rows, ranks: read.ranks });
          expect(api.solve(asRows.scenario)).toEqual(asRows.result);
        }
      }
    }
  });

  it('refuses sequence parallelism as the text does, at its rows', () => {
    const { errors } = api.check({
      ...gpt3(),
      collective: 'reduce_scatter_all_gather',
      links: {
        m: {
          rows: [
            [1024, 1e-5],
            [2048, 1.1e-5],
          ],
          ranks: 8,
        },
      },
    });
    expect(errors.map((e) => e.field)).toEqual(['links.m.rows']);
    expect(errors[0].message).toContain('all-reduces only');
  });

  it('names the row and column of each bad value, and what was expected', () => {
    const { errors } = api.check({
      ...gpt3(),
      links: {
        m: {
          rows: [
            [1024, 1e-5],
            [1024, 2e-5],
            ['2 KiB', 3e-5],
            [4096, -1],
            [8192, 1, 2],
            [16384, NaN],
          ],
          ranks: 8,
        },
      },
    });
    const byField = Object.fromEntries(errors.map((e) => [e.field, e.message]));
    expect(Object.keys(byField).sort()).toEqual(
      [
        'links.m.rows[1][0]',
        'links.m.rows[2][0]',
        'links.m.rows[3][1]',
        'links.m.rows[4]',
        'links.m.rows[5][1]',
      ].sort(),
    );
    expect(byField['links.m.rows[1][0]']).toContain("above the row before's 1024, got 1024");
    expect(byField['links.m.rows[2][0]']).toContain('whole number');
    expect(byField['links.m.rows[3][1]']).toContain('between 1e-30 and 1e+30, got -1');
    expect(byField['links.m.rows[4]']).toContain('[bytes, seconds], got a list of 3');
    expect(byField['links.m.rows[5][1]']).toContain('NaN');
  });
});
