// Type fixture for wasm/tplayer.d.ts (tsc -p tests/types, under --strict): what a caller may
// write compiles, and the mistakes below are refused (each @ts-expect-error must find an error).
import { load, ScenarioError, type Scenario } from 'tplayer';

const tp = await load();
const scenario: Scenario = tp.Scenarios.Gpt3TensorParallelLayerTp8.scenario;

const result = tp.solve({
  ...scenario,
  links: { nvlink: 'nvlink4', ib: { bandwidth: '400 Gb/s', latency: '5 us' } },
});
const bound: 'compute' | 'communication' = result.bound;
const seconds: number[] = result.links.map((l) => l.allreduce_time_s + l.communication_time_s);
const warnings: string[] = result.warnings.map((w) => `${w.field}: ${w.message}`);

const outcome = tp.check(scenario);
const fields: string[] = outcome.errors ? outcome.errors.map((e) => e.field) : [];
const computeTime: number | undefined = outcome.result?.compute_time_s;

for (const point of tp.sweep(scenario, 'tp_size', [1, 2, 4, 8])) {
  const value: number = point.value;
  if (point.result) console.log(value, point.result.links[0].serial_speedup);
  else console.log(value, point.errors.length);
}

try {
  tp.solve({ ...scenario, tp_size: 0 });
} catch (e) {
  if (e instanceof ScenarioError) console.log(e.errors.map((x) => x.field));
}

// The verdict card: SVG text, loaded on demand (a promise).
const svg: string = await tp.card(scenario, { permalink: 'https://example.org/#v=3' });
// @ts-expect-error the title is text
void tp.card(scenario, { title: 3 });
// @ts-expect-error card() answers a promise, not the text
const notYet: string = tp.card(scenario);

const catalog = tp.catalog();
const keys: string[] = [...catalog.presets.map((p) => p.key), ...catalog.links.map((l) => l.key)];

// Two-tier links: a preset key, or the tiers and ranks per node; the catalogue lists the presets.
const preset = catalog.two_tier_links[0];
const tiers: [string, string, number] = [
  preset.intra_node,
  preset.inter_node,
  preset.ranks_per_node,
];
const across = tp.solve({
  ...scenario,
  tp_size: 16,
  links: {
    hgx: 'hgx_h100_ndr',
    own: {
      intra_node: 'nvlink4',
      inter_node: { bandwidth: '50 GB/s', latency: '5 us' },
      ranks_per_node: 8,
    },
    entry: preset,
  },
});
const nodes: number = across.links[0].node_count;
tp.solve({
  ...scenario,
  // @ts-expect-error: ranks_per_node is a number
  links: { t: { intra_node: 'nvlink4', inter_node: 'ib_ndr', ranks_per_node: '8' } },
});
const version: string = tp.version;
await load({ wasmBinary: new Uint8Array(0) });

// @ts-expect-error: only tp_size, tokens, local_efficiency and collectives_per_layer can be swept
tp.sweep(scenario, 'heads', [1]);
// @ts-expect-error: a scenario needs its workload, accelerator, links, ...
tp.solve({ tp_size: 8 });
// @ts-expect-error: result fields are snake_case with the unit in the key
console.log(result.computeTime);
// @ts-expect-error: a link's bound is one of two words
const wrong: 'latency' = result.links[0].bound;

// Issue 17: a preset under every catalogue-backed part, measured rows, short names, derived
// defaults, and where the wasm lies.
const edited = tp.check({
  ...scenario,
  workload: { preset: 'GPT3', layers: 48 },
  accelerator: { preset: 'H100', memory_capacity: '96 GiB' },
  links: {
    nv: { preset: 'nvlink4', bandwidth: '400 GB/s' },
    hgx: { preset: 'hgx_h100_ndr', ranks_per_node: 4, intra_node: { preset: 'nvlink4' } },
    mine: {
      rows: [
        [1048576, 4e-5],
        [2097152, 6e-5],
      ],
      ranks: 8,
    },
  },
});
const shortNames: string[] = [
  ...catalog.workloads,
  ...catalog.accelerators,
  ...catalog.links,
  ...catalog.two_tier_links,
].map((e) => e.short_name);
const followed: string[] = edited.derived ? edited.derived.map((d) => d.field) : [];
const unedited: (string | number)[][] = edited.entries ?? [];
const presetDerived: string[][] = catalog.presets.map((p) => p.derived.map((d) => d.field));
const from: string[] | undefined = catalog.fields.scenario[0].derived_from;
await load({ wasmUrl: 'tplayer.wasm.gz' });
// @ts-expect-error: a measured row is [bytes, seconds]
tp.solve({ ...scenario, links: { m: { rows: [[1, 2, 3]], ranks: 8 } } });

console.log(bound, seconds, warnings, fields, computeTime, keys, version, wrong, tiers, nodes);
console.log(shortNames, followed, presetDerived, from);
