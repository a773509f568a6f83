// Property tests (fast-check): whatever JSON-able value, or valid scenario with any field
// replaced or removed, solve() returns a result or throws a ScenarioError whose errors all
// name a field; never another exception. Timings are printed, never asserted.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { load, ScenarioError } from '../../dist/tplayer.js';

const api = await load();
// The rule of tests/cases/README.md: keys joined by ".", an index as "[i]", [] is "scenario".
const dotted = (path) =>
  path.reduce((out, k) => (typeof k === 'number' ? `${out}[${k}]` : out ? `${out}.${k}` : k), '') ||
  'scenario';

// Milliseconds per solve, by property: printed (max and 99th percentile), never asserted; a
// loaded machine or a garbage collection shows up here as a spike on any input.
const times = {};
afterAll(() => {
  for (const [name, ms] of Object.entries(times)) {
    const sorted = [...ms].sort((a, b) => a - b);
    const p99 = sorted[Math.floor(sorted.length * 0.99)];
    console.log(
      `property "${name}": ${ms.length} solves, max ${sorted.at(-1).toFixed(3)} ms, p99 ${p99.toFixed(3)} ms`,
    );
  }
});

// Solves and checks the invariant; returns 'result' or 'errors'.
function solveChecked(scenario, name) {
  let result;
  let thrown;
  const start = performance.now();
  try {
    result = api.solve(scenario);
  } catch (error) {
    thrown = error;
  }
  (times[name] ??= []).push(performance.now() - start);
  if (thrown) {
    if (!(thrown instanceof ScenarioError)) throw thrown;
    expect(thrown.errors.length).toBeGreaterThan(0);
    for (const e of thrown.errors) {
      expect(typeof e.field === 'string' && e.field.length > 0, JSON.stringify(e)).toBe(true);
      expect(Array.isArray(e.path) && e.field === dotted(e.path), JSON.stringify(e)).toBe(true);
      expect(typeof e.message === 'string' && e.message.length > 0, JSON.stringify(e)).toBe(true);
    }
    return 'errors';
  }
  expect(result.type).toBe('TensorParallelLayerResult');
  expect(Array.isArray(result.links) && result.links.length > 0).toBe(true);
  for (const l of result.links) {
    for (const v of [
      result.compute_time_s,
      l.communication_time_s,
      l.serial_layer_time_s,
      l.overlapped_layer_time_s,
    ]) {
      expect(Number.isFinite(v) && v >= 0, `a time of ${v}`).toBe(true);
    }
    expect(l.bound).toBe(
      l.communication_time_s > result.compute_time_s ? 'communication' : 'compute',
    );
    expect(l.overlapped_efficiency).toBeLessThanOrEqual(1);
  }
  return 'result';
}

const customScenario = () => ({
  type: 'TensorParallelLayerScenario',
  workload: {
    name: 'toy',
    parameters: 13e9,
    layers: 40,
    hidden_dim: 5120,
    heads: 40,
    kv_heads: 8,
    inference_flops: 20e9,
  },
  tp_size: 4,
  tokens: 4096,
  accelerator: {
    name: 'chip',
    peak_flops: { bf16_dense: 400e12, fp8: '800 TFLOP/s' },
    memory_capacity: '48 GiB',
    memory_bandwidth: '1.5 TB/s',
    native_link: 'pcie5',
  },
  precision: 'bf16',
  local_efficiency: 0.6,
  links: { fabric: { bandwidth: '100 GiB/s', latency: '2 us' }, pcie: 'pcie5' },
  collectives_per_layer: 4,
});

// Every path to a leaf or an inner object of a scenario, e.g. ['links', 'fabric', 'bandwidth'].
function paths(value, prefix = []) {
  if (value === null || typeof value !== 'object') return [prefix];
  const inner = Object.keys(value).flatMap((k) => paths(value[k], [...prefix, k]));
  return prefix.length ? [prefix, ...inner] : inner;
}

function replaced(scenario, path, value, remove) {
  const copy = structuredClone(scenario);
  let o = copy;
  for (const k of path.slice(0, -1)) o = o[k];
  if (remove) delete o[path.at(-1)];
  else o[path.at(-1)] = value;
  return copy;
}

// Values worth trying in any field: any JSON, the numbers JSON cannot carry, edge numbers,
// quantity strings, preset keys.
const anyValue = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.double() },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      NaN,
      Infinity,
      -Infinity,
      -0,
      0,
      1,
      -1,
      0.5,
      1e308,
      -1e308,
      5e-324,
      2 ** 53,
      2 ** 53 + 2,
      1e12,
      1e13,
      1e-30,
      1e30,
      1e31,
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: -5, max: 200 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.double({ noNaN: true }),
        fc.constantFrom(
          'B',
          'GiB',
          'GB/s',
          'Gb/s',
          'Gbps',
          'us',
          'µs',
          'ns',
          'TFLOP/s',
          'TFLOPS',
          'xx',
          '',
        ),
      )
      .map(([n, u]) => `${n} ${u}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'GPT3',
      'H100',
      'nvlink4',
      'ib_ndr',
      'fp8',
      'fp16_sparse',
      'int4',
      'TensorParallelLayerScenario',
      '',
      ' ',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

describe('property: any input gives a result or a ScenarioError naming a field', () => {
  it('any JSON value as the scenario', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        solveChecked(value, 'any JSON value');
      }),
      { numRuns: 2000 },
    );
  });

  it('any JSON object with scenario-like keys', () => {
    // The core's own field names (catalog().fields), plus the scenario's extra members.
    const keys = fc.constantFrom(
      ...api.catalog().fields.scenario.map((f) => f.name),
      'type',
      'name',
    );
    fc.assert(
      fc.property(fc.dictionary(keys, anyValue), (value) => {
        solveChecked(value, 'scenario-like object');
      }),
      { numRuns: 2000 },
    );
  });

  it('valid scenarios with one field replaced or removed', () => {
    const seeds = [
      () => structuredClone(api.Scenarios.Gpt3TensorParallelLayerTp8.scenario),
      customScenario,
    ];
    const arbitrary = fc.integer({ min: 0, max: seeds.length - 1 }).chain((i) => {
      const base = seeds[i]();
      return fc.record({
        base: fc.constant(base),
        path: fc.constantFrom(...paths(base)),
        value: anyValue,
        remove: fc.boolean(),
      });
    });
    const kinds = { result: 0, errors: 0 };
    fc.assert(
      fc.property(arbitrary, ({ base, path, value, remove }) => {
        kinds[solveChecked(replaced(base, path, value, remove), 'one field replaced')]++;
      }),
      { numRuns: 4000 },
    );
    expect(kinds.result).toBeGreaterThan(0);
    expect(kinds.errors).toBeGreaterThan(0);
  });

  it('valid scenarios with several fields replaced', () => {
    const base = customScenario();
    const all = paths(base);
    const edit = fc.record({
      path: fc.constantFrom(...all),
      value: anyValue,
      remove: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 2, maxLength: 6 }), (edits) => {
        let s = base;
        for (const e of edits) {
          try {
            s = replaced(s, e.path, e.value, e.remove);
          } catch {
            // an earlier edit removed or replaced this field's parent
          }
        }
        solveChecked(s, 'several fields replaced');
      }),
      { numRuns: 2000 },
    );
  });

  it('anything at all (undefined, bigint, Map, null prototypes, sparse arrays) in a field', () => {
    const base = customScenario();
    const weird = fc.anything({
      maxDepth: 3,
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withBoxedValues: true,
      withSparseArray: true,
      withTypedArray: true,
      withUnicodeString: true,
    });
    fc.assert(
      fc.property(fc.constantFrom(...paths(base)), weird, (path, value) => {
        solveChecked(replaced(base, path, value, false), 'anything in a field');
      }),
      { numRuns: 2000 },
    );
  });

  it('sweep over any numbers gives one point per value, each a result or named errors', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('tp_size', 'tokens', 'local_efficiency', 'collectives_per_layer'),
        fc.array(fc.double(), { maxLength: 20 }),
        (field, values) => {
          const points = api.sweep(
            api.Scenarios.Gpt3TensorParallelLayerTp8.scenario,
            field,
            values,
          );
          expect(points).toHaveLength(values.length);
          points.forEach((p, i) => {
            expect(Object.is(p.value, values[i])).toBe(true);
            if (p.result) return;
            expect(p.errors.length).toBeGreaterThan(0);
            for (const e of p.errors)
              expect(e.field === dotted(e.path) && e.field.length > 0, JSON.stringify(e)).toBe(
                true,
              );
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
