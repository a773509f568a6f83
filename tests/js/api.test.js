// The JavaScript door against the shared expected numbers (tests/cases/), against the native
// CLI (bit for bit), and on every input error of SPEC section 3. Imports the built module the
// page ships: run scripts/build.sh and the native build first.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { load as loadTesting } from '../../build/wasm/tplayer-testing.js';
import { load, ScenarioError } from '../../dist/tplayer.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = `${root}build/native/tplayer`;

const readCases = (dir) =>
  readdirSync(`${root}${dir}`)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: f, ...JSON.parse(readFileSync(`${root}${dir}/${f}`, 'utf8')) }));
const validCases = readCases('tests/cases');
const invalidCases = readCases('tests/cases/invalid');

const api = await load();
const { hooks } = await loadTesting();
// The SPEC 3.1 scenario (checked against the native CLI below), as a fresh editable copy.
const gpt3 = () => structuredClone(api.Scenarios.Gpt3TensorParallelLayerTp8.scenario);

const custom = () => ({
  workload: { name: 'toy', parameters: 13e9, layers: 40, hidden_dim: 5120, heads: 40 },
  tp_size: 4,
  tokens: 4096,
  accelerator: { name: 'chip', peak_flops: { bf16_dense: 400e12 }, memory_capacity: '48 GiB', memory_bandwidth: '1.5 TB/s' },
  precision: 'bf16',
  local_efficiency: 0.6,
  links: { fabric: { bandwidth: '100 GiB/s', latency: '2 us' } },
});

// Catch2's WithinRel: |a - b| <= tol * max(|a|, |b|).
const within = (got, want, tol) => got === want || Math.abs(got - want) <= tol * Math.max(Math.abs(got), Math.abs(want));

// Paths where two JSON-shaped values differ: same keys in the same order, numbers equal by Object.is.
function differences(got, want, path = 'result') {
  if (typeof want === 'number') return typeof got === 'number' && Object.is(got, want) ? [] : [`${path}: ${got} != ${want}`];
  if (want === null || typeof want !== 'object') return got === want ? [] : [`${path}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`];
  if (got === null || typeof got !== 'object' || Array.isArray(got) !== Array.isArray(want)) return [`${path}: shape differs`];
  const gotKeys = Object.keys(got);
  const wantKeys = Object.keys(want);
  if (gotKeys.join() !== wantKeys.join()) return [`${path}: keys ${gotKeys} != ${wantKeys}`];
  return wantKeys.flatMap((k) => differences(got[k], want[k], `${path}.${k}`));
}

const native = (args, input) => JSON.parse(execFileSync(cli, args, { input, encoding: 'utf8' }));

describe('load', () => {
  it('resolves once: every call returns the same promise and API', async () => {
    expect(load()).toBe(load());
    expect(await load()).toBe(api);
    expect(Object.keys(gpt3())).toEqual(['type', 'workload', 'tp_size', 'tokens', 'accelerator', 'precision', 'local_efficiency', 'links', 'collectives_per_layer', 'pass', 'recompute', 'attention_context']);
    expect(api.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(api.ScenarioError).toBe(ScenarioError);
  });

  it('prints the SPEC 3.1 value from Scenarios (the check of the issue)', () => {
    const links = api.Scenarios.Gpt3TensorParallelLayerTp8.result.links;
    expect(links[1].name).toBe('infiniband_ndr');
    expect(within(links[1].communication_time_s, 0.00366321536, 1e-12)).toBe(true);
  });
});

describe('tests/cases: the expected numbers shared with Catch2', () => {
  it('finds the cases', () => {
    expect(validCases.length).toBeGreaterThan(5);
  });

  for (const c of validCases) {
    it(`${c.file}: ${c.name}`, () => {
      const r = api.solve(c.scenario);
      expect(r.type).toBe('TensorParallelLayerResult');
      const check = (got, want, where) => {
        if (typeof want === 'number') {
          expect(within(got, want, c.tolerance), `${where}: got ${got}, want ${want} within ${c.tolerance}`).toBe(true);
        } else {
          expect(got, where).toBe(want);
        }
      };
      for (const [key, want] of Object.entries(c.expect)) {
        if (key === 'links') {
          expect(r.links).toHaveLength(want.length);
          want.forEach((link, i) => {
            for (const [field, value] of Object.entries(link)) check(r.links[i][field], value, `links[${i}].${field}`);
          });
        } else if (key === 'warnings') {
          expect(r.warnings.map((w) => w.field).sort()).toEqual([...want].sort());
          for (const w of r.warnings) expect(w.message.length).toBeGreaterThan(0);
        } else {
          check(r[key], want, key);
        }
      }
    });

    it(`${c.file}: the wasm result equals the native CLI's bit for bit`, () => {
      const want = native(['--json', '-', '--format', 'json'], JSON.stringify(c.scenario));
      expect(differences(api.solve(c.scenario), want)).toEqual([]);
    });
  }
});

describe('presets: wasm equals the native CLI bit for bit', () => {
  it('has the presets of SPEC section 4', () => {
    expect(Object.keys(api.Scenarios)).toContain('Gpt3TensorParallelLayerTp8');
    expect(Object.keys(api.Scenarios).length).toBeGreaterThanOrEqual(5);
    expect(api.catalog().presets.map((p) => p.key)).toEqual(Object.keys(api.Scenarios));
  });

  for (const preset of readPresetKeys()) {
    it(preset, () => {
      const want = native(['--preset', preset, '--json']);
      const p = api.Scenarios[preset];
      expect(differences(p.result, want)).toEqual([]);
      expect(differences(api.solve(p.scenario), want)).toEqual([]);
      expect(p.title.length).toBeGreaterThan(0);
      expect(p.lesson.length).toBeGreaterThan(0);
    });
  }
});

// The preset keys as the native CLI lists them (independent of the module under test).
function readPresetKeys() {
  const list = JSON.parse(execFileSync(cli, ['--list', '--json'], { encoding: 'utf8' }));
  return list.presets.map((p) => p.key);
}

describe('numbers: JSON text and quantity strings read to the same doubles as the native build', () => {
  // A deterministic generator, so a failure names values that can be replayed.
  let seed = 0x9e3779b9;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  const texts = [];
  for (let i = 0; i < 400; i++) {
    const x = Math.exp((random() - 0.5) * 60); // 1e-13 .. 1e13
    const digits = 1 + Math.floor(random() * 21);
    texts.push(x.toPrecision(digits), String(x), x.toExponential(Math.floor(random() * 20)));
  }
  texts.push('123456789012345678901234567890e-20', '0.000000000000000000000000000012', '9007199254740993', '9007199254740992.5',
    '1e22', '1e23', '4.35e-7', '2.2250738585072014e-8', '0.1', '0.30000000000000004', '1.7976931348623157e29');

  it('as JSON numbers and as "<number> <unit>" strings', () => {
    const units = ['B/s', 'GB/s', 'Gb/s', 'MiB/s', 'TB/s'];
    const perScenario = 64; // a scenario lists at most 64 links
    for (let start = 0; start < texts.length; start += perScenario) {
      const chunk = texts.slice(start, start + perScenario);
      const links = chunk.map((t, j) => {
        const i = start + j;
        return {
          name: `l${i}`,
          bandwidth: i % 2 ? `${t} ${units[i % units.length]}` : Number(t),
          latency: i % 3 ? `${t} ${['s', 'ms', 'us', 'ns'][i % 4]}` : Number(t) * 1e-9,
        };
      });
      const scenario = { ...gpt3(), links };
      const got = api.check(scenario);
      const want = native(['--json', '-', '--format', 'json'], JSON.stringify(scenario));
      expect(want.errors).toBeUndefined();
      expect(differences(got.result, want)).toEqual([]);
      const plain = api.solve({ ...gpt3(), links: chunk.map((t, j) => ({ name: `p${j}`, bandwidth: Number(t) })) });
      plain.links.forEach((l, j) => expect(Object.is(l.bandwidth_bytes_per_s, Number(chunk[j])), chunk[j]).toBe(true));
    }
  });
});

describe('tests/cases/invalid: every input error names its field', () => {
  it('finds the cases', () => {
    expect(invalidCases.length).toBeGreaterThan(20);
  });

  for (const c of invalidCases) {
    it(`${c.file}: ${c.name}`, () => {
      // A case with the NaN/Infinity tokens or duplicate keys is text: it goes to the core as is.
      const errors = 'scenario_text' in c ? hooks.solveText(c.scenario_text) : api.check(c.scenario).errors;
      expect(Array.isArray(errors), 'an error list, not a result').toBe(true);
      expect([...new Set(errors.map((e) => e.field))].sort()).toEqual([...c.errors].sort());
      for (const e of errors) expect(e.message.length).toBeGreaterThan(0);
      for (const [field, parts] of Object.entries(c.message_includes ?? {})) {
        const message = errors.filter((e) => e.field === field).map((e) => e.message).join(' | ');
        for (const part of parts) expect(message).toContain(part);
      }
      if ('scenario' in c) {
        let thrown;
        try {
          api.solve(c.scenario);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(ScenarioError);
        expect(thrown.errors).toEqual(errors);
      }
    });
  }
});

// solve must throw a ScenarioError whose errors name `field` (and the message mention `says`).
function expectError(scenario, field, says) {
  let thrown;
  try {
    api.solve(scenario);
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `solve should throw for ${field}`).toBeInstanceOf(ScenarioError);
  expect(thrown).toBeInstanceOf(Error);
  expect(thrown.name).toBe('ScenarioError');
  const hit = thrown.errors.find((e) => e.field === field);
  expect(hit, `${field} in ${JSON.stringify(thrown.errors)}`).toBeDefined();
  if (says) expect(hit.message).toContain(says);
  expect(thrown.message).toContain(field);
  expect(api.check(scenario).errors).toEqual(thrown.errors);
  return thrown.errors;
}

// A copy of `base` with the dotted `path` set to `value` (removed when value is undefined).
function edited(base, path, value) {
  const keys = path.split('.');
  let o = base;
  for (const k of keys.slice(0, -1)) o = o[k];
  if (value === undefined) delete o[keys.at(-1)];
  else o[keys.at(-1)] = value;
  return base;
}
const set = (path, value) => edited(gpt3(), path, value);
const setCustom = (path, value) => edited(custom(), path, value);

describe('JS type problems throw ScenarioError naming the field', () => {
  it.each([
    ['a string where a number belongs', set('tp_size', '8'), 'tp_size', 'the string "8"'],
    ['a string where a real belongs', set('local_efficiency', '0.5'), 'local_efficiency', 'string'],
    ['null', set('tokens', null), 'tokens', 'null'],
    ['an array', set('tp_size', [8]), 'tp_size', 'an array'],
    ['an object', set('tokens', { n: 1 }), 'tokens', 'an object'],
    ['a boolean', set('tp_size', true), 'tp_size', 'true'],
    ['a missing field', set('tokens', undefined), 'tokens', 'missing'],
    ['undefined (skipped like JSON, so missing)', set('local_efficiency', undefined), 'local_efficiency', 'missing'],
    ['a fractional tp_size', set('tp_size', 8.5), 'tp_size', '8.5'],
    ['NaN', set('local_efficiency', NaN), 'local_efficiency', 'NaN'],
    ['Infinity', set('tokens', Infinity), 'tokens', 'Infinity'],
    ['-Infinity', setCustom('links.fabric.latency', -Infinity), 'links.fabric.latency', 'Infinity'],
    ['NaN in a nested number', setCustom('workload.parameters', NaN), 'workload.parameters', 'NaN'],
    ['a string in a custom workload', setCustom('workload.layers', '40'), 'workload.layers', 'string'],
    ['null links', set('links', null), 'links', 'null'],
    ['a number for the workload', set('workload', 7), 'workload', '7'],
    ['a function', set('tp_size', () => 8), 'tp_size', 'function'],
    ['a symbol', set('tp_size', Symbol('8')), 'tp_size', 'symbol'],
    ['a bigint', set('tokens', 2048n), 'tokens', 'bigint'],
    ['a function deep inside', setCustom('links.fabric.bandwidth', () => 1), 'links.fabric.bandwidth', 'function'],
  ])('%s', (_, scenario, field, says) => {
    expectError(scenario, field, says);
  });

  it.each([
    ['undefined', undefined],
    ['a number', 42],
    ['a string', 'Gpt3TensorParallelLayerTp8'],
    ['null', null],
    ['an array', [gpt3()]],
    ['a function', () => gpt3()],
  ])('a scenario that is %s: field "scenario"', (_, scenario) => {
    expectError(scenario, 'scenario');
  });
});

describe('every input error of SPEC section 3, through solve()', () => {
  it.each([
    ['tp_size < 1', set('tp_size', 0), 'tp_size'],
    ['tp_size negative', set('tp_size', -8), 'tp_size'],
    ['tokens < 1', set('tokens', 0), 'tokens'],
    ['layers < 1', setCustom('workload.layers', 0), 'workload.layers'],
    ['layers fractional', setCustom('workload.layers', 2.5), 'workload.layers'],
    ['hidden_dim < 1', setCustom('workload.hidden_dim', 0), 'workload.hidden_dim'],
    ['heads < 1', setCustom('workload.heads', 0), 'workload.heads'],
    ['heads fractional', setCustom('workload.heads', 0.5), 'workload.heads'],
    ['parameters <= 0', setCustom('workload.parameters', 0), 'workload.parameters'],
    ['parameters negative', setCustom('workload.parameters', -1), 'workload.parameters'],
    ['local_efficiency 0', set('local_efficiency', 0), 'local_efficiency'],
    ['local_efficiency > 1', set('local_efficiency', 1.5), 'local_efficiency'],
    ['collectives_per_layer < 0', set('collectives_per_layer', -1), 'collectives_per_layer'],
    ['collectives_per_layer fractional', set('collectives_per_layer', 1.5), 'collectives_per_layer'],
    ['bandwidth 0', setCustom('links.fabric.bandwidth', 0), 'links.fabric.bandwidth'],
    ['bandwidth negative', setCustom('links.fabric.bandwidth', '-5 GB/s'), 'links.fabric.bandwidth'],
    ['latency < 0', setCustom('links.fabric.latency', -1e-6), 'links.fabric.latency'],
    ['NaN', setCustom('accelerator.peak_flops.bf16_dense', NaN), 'accelerator.peak_flops.bf16_dense'],
    ['infinity', setCustom('accelerator.memory_capacity', Infinity), 'accelerator.memory_capacity'],
    ['an empty links map', set('links', {}), 'links'],
    ['an empty links array', set('links', []), 'links'],
    ['an empty link name', set('links', { '': 'nvlink4' }), 'links[0].name'],
    ['a duplicate link name', set('links', [{ name: 'a', bandwidth: 1e9 }, { name: 'a', bandwidth: 2e9 }]), 'links[1].name'],
    ['an unknown workload key', set('workload', 'GPT5'), 'workload', 'GPT3'],
    ['an unknown accelerator key', set('accelerator', 'H900'), 'accelerator', 'H100'],
    ['an unknown link key', set('links', { x: 'nvlink9' }), 'links.x', 'nvlink4'],
    ['an unknown precision', set('precision', 'fp12'), 'precision', 'fp12'],
    ['a precision the accelerator lacks', set('precision', 'fp4'), 'precision', 'fp16_dense'],
    ['an unknown unit', setCustom('links.fabric.bandwidth', '5 GQ/s'), 'links.fabric.bandwidth', 'GQ/s'],
    ['a unit of the wrong kind', setCustom('links.fabric.latency', '5 GB/s'), 'links.fabric.latency'],
    ['a quantity string that does not parse', setCustom('accelerator.memory_capacity', 'lots'), 'accelerator.memory_capacity'],
    ['a missing required field', set('workload', undefined), 'workload', 'missing'],
    ['an unknown field', { ...gpt3(), tp: 8 }, 'tp', 'unknown'],
  ])('%s', (_, scenario, field, says) => {
    expectError(scenario, field, says);
  });

  it('reports every problem at once', () => {
    const errors = expectError({ ...gpt3(), tp_size: 0, tokens: 'many', local_efficiency: NaN }, 'tp_size');
    expect(errors.map((e) => e.field).sort()).toEqual(['local_efficiency', 'tokens', 'tp_size']);
  });
});

describe('solve and check', () => {
  it('returns a plain object with the SPEC section 6 fields and plain arrays', () => {
    const r = api.solve(gpt3());
    expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
    expect(Object.keys(r)).toEqual([
      'type', 'flops_per_layer', 'flops_per_rank', 'compute_time_s', 'single_device_time_s', 'message_bytes',
      'bytes_per_element', 'peak_flops', 'weights_per_rank_bytes', 'memory_capacity_bytes', 'fits_in_memory',
      'binding_link', 'bound', 'pass', 'compute_multiplier', 'attention_flops_per_layer', 'warnings', 'links',
    ]);
    expect(Array.isArray(r.links) && Array.isArray(r.warnings)).toBe(true);
    expect(Object.keys(r.links[0])).toEqual([
      'name', 'bandwidth_bytes_per_s', 'latency_s', 'allreduce_time_s', 'bandwidth_time_s', 'latency_time_s',
      'communication_time_s', 'wire_bytes_per_rank', 'comm_to_compute', 'bound', 'regime', 'serial_layer_time_s',
      'overlapped_layer_time_s', 'serial_speedup', 'serial_efficiency', 'overlapped_speedup', 'overlapped_efficiency',
    ]);
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
    expect(r.links.map((l) => l.name)).toEqual(['nvlink', 'infiniband_ndr']);
  });

  it('returns a fresh object each call (mutating one result changes nothing else)', () => {
    const a = api.solve(gpt3());
    a.links[0].name = 'changed';
    expect(api.solve(gpt3()).links[0].name).toBe('nvlink');
  });

  it('accepts preset keys and unit strings like the CLI', () => {
    const spelt = {
      ...gpt3(),
      links: { nvlink: { bandwidth: '450 GB/s', latency: '0.5 us' }, infiniband_ndr: { bandwidth: '400 Gb/s', latency: '5 us' } },
    };
    const r = api.solve(spelt);
    expect(differences(r, native(['--json', '-', '--format', 'json'], JSON.stringify(spelt)))).toEqual([]);
    const byKeys = api.solve(gpt3());
    expect(within(r.links[1].communication_time_s, byKeys.links[1].communication_time_s, 1e-15)).toBe(true);
    expect(r.links[0].bandwidth_bytes_per_s).toBe(450e9);
  });

  it('check() returns { result, scenario } or { errors } and never throws for bad input', () => {
    expect(Object.keys(api.check(gpt3()))).toEqual(['result', 'scenario']);
    const bad = api.check({ ...gpt3(), tp_size: 0 });
    expect(Object.keys(bad)).toEqual(['errors']);
    expect(bad.errors[0]).toEqual({ field: 'tp_size', path: ['tp_size'], message: expect.stringContaining('got 0') });
  });

  it("check()'s scenario is what the core read: defaults, keys, SI numbers, as --print-scenario", () => {
    const typed = {
      ...custom(),
      workload: 'GPT3',
      accelerator: { ...custom().accelerator, peak_flops: { bf16: '400 TFLOP/s' } },
      links: { nv: 'nvlink4', fabric: { bandwidth: '100 GiB/s' } },
    };
    delete typed.precision;
    typed.precision = 'bf16';
    const { scenario } = api.check(typed);
    expect(scenario).toEqual({
      type: 'TensorParallelLayerScenario',
      workload: 'GPT3',
      tp_size: 4,
      tokens: 4096,
      accelerator: { name: 'chip', peak_flops: { bf16_dense: 400e12 }, memory_capacity: 48 * 2 ** 30, memory_bandwidth: 1.5e12 },
      precision: 'bf16_dense',
      local_efficiency: 0.6,
      links: { nv: 'nvlink4', fabric: { bandwidth: 100 * 2 ** 30, latency: 0 } },
      collectives_per_layer: 2,
      pass: 'forward',
      recompute: false,
      attention_context: 0,
    });
    expect(scenario).toEqual(native(['--json', '-', '--print-scenario'], JSON.stringify(typed)));
    // solve() takes it back unchanged, with the same numbers; reading it again changes nothing.
    expect(differences(api.solve(scenario), api.solve(typed))).toEqual([]);
    expect(api.check(scenario).scenario).toEqual(scenario);
    for (const preset of Object.values(api.Scenarios)) {
      expect(api.check(preset.scenario).scenario).toEqual(preset.scenario);
    }
  });

  it('every error and warning carries a path that its dotted field spells out', () => {
    const dotted = (path) => path.reduce((out, k) => (typeof k === 'number' ? `${out}[${k}]` : out ? `${out}.${k}` : k), '') || 'scenario';
    const cases = [
      [{ ...gpt3(), links: { 'a.b': { bandwidth: -1 } } }, [['links', 'a.b', 'bandwidth']]],
      [{ ...gpt3(), links: [{ name: 'x', bandwidth: 1 }, { name: 'x', bandwidth: 1 }] }, [['links', 1, 'name']]],
      [{ ...gpt3(), accelerator: { ...custom().accelerator, peak_flops: { fp16: -1 } } }, [['accelerator', 'peak_flops', 'fp16_dense']]],
      [{ ...gpt3(), tp_size: 1.5 }, [['tp_size']]],
      [[], [[]]],
    ];
    for (const [scenario, paths] of cases) {
      const { errors } = api.check(scenario);
      expect(errors.map((e) => e.path)).toEqual(paths);
      for (const e of errors) expect(e.field).toBe(dotted(e.path));
    }
    for (const c of invalidCases.filter((c) => 'scenario' in c)) {
      for (const e of api.check(c.scenario).errors) expect(e.field, c.file).toBe(dotted(e.path));
    }
    const warned = api.solve({ ...gpt3(), tp_size: 7 }).warnings;
    expect(warned.map((w) => w.path)).toEqual([['tp_size'], ['tp_size']]);
  });

  it("the catalogue describes every input field and limit the core declares", () => {
    const { fields, limits } = api.catalog();
    const names = (kind) => fields[kind].map((f) => f.name);
    expect(names('scenario')).toEqual(Object.keys(gpt3()).filter((k) => k !== 'type'));
    expect(names('workload')).toEqual(['name', 'parameters', 'layers', 'hidden_dim', 'heads', 'kv_heads', 'inference_flops']);
    expect(names('accelerator')).toEqual(['name', 'peak_flops', 'memory_capacity', 'memory_bandwidth', 'native_link']);
    expect(names('link')).toEqual(['name', 'bandwidth', 'latency']);
    const byName = Object.fromEntries(fields.scenario.map((f) => [f.name, f]));
    expect(byName.precision.default).toBe('fp16_dense');
    expect(byName.collectives_per_layer.default).toBeUndefined(); // follows the pass
    expect(fields.scenario.filter((f) => f.sweepable).map((f) => f.name)).toEqual(['tp_size', 'tokens', 'local_efficiency', 'collectives_per_layer', 'attention_context']);
    expect(byName.pass).toMatchObject({ kind: 'choice', default: 'forward', choices: ['forward', 'backward', 'training'] });
    expect(byName.recompute).toMatchObject({ kind: 'boolean', default: false });
    for (const list of Object.values(fields)) for (const f of list) expect(f.help.length).toBeGreaterThan(5);
    expect(limits).toEqual({
      max_links: 64, max_name_bytes: 64, max_errors: 100, max_json_bytes: 2 ** 20, max_json_depth: 64,
      max_count: 1e12, min_positive: 1e-30, max_real: 1e30,
    });
    const refused = api.sweep(gpt3(), 'precision', [1])[0].errors[0];
    expect(refused.path).toEqual(['sweep']);
    expect(refused.message).toContain('tp_size, tokens, local_efficiency, collectives_per_layer or attention_context');
  });

  it('reports warnings in the result, not as errors', () => {
    const r = api.solve({ ...gpt3(), tp_size: 7 });
    expect(r.warnings.map((w) => w.field)).toContain('tp_size');
  });

  it('keeps Unicode link names intact', () => {
    const r = api.solve({ ...gpt3(), links: { 'NVLink ⚡ — 4': 'nvlink4', 'Ünïcødé 🚀': 'ib_ndr' } });
    expect(r.links.map((l) => l.name)).toEqual(['NVLink ⚡ — 4', 'Ünïcødé 🚀']);
    expect(r.binding_link).toBe('Ünïcødé 🚀');
  });
});

describe('ScenarioError', () => {
  it('extends Error and carries the error list', () => {
    const e = new ScenarioError([{ field: 'tp_size', message: 'expected a whole number >= 1, got 0' }]);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('ScenarioError');
    expect(e.errors).toEqual([{ field: 'tp_size', message: 'expected a whole number >= 1, got 0' }]);
    expect(e.message).toBe('tp_size: expected a whole number >= 1, got 0');
    expect(String(e)).toContain('ScenarioError');
  });
});

describe('sweep', () => {
  const values = [1, 2, 4, 8, 16, 32, 64];

  it('returns one point per value, equal to the individual solves', () => {
    const points = api.sweep(gpt3(), 'tp_size', values);
    expect(points.map((p) => p.value)).toEqual(values);
    points.forEach((p, i) => {
      expect(p.errors).toBeUndefined();
      expect(differences(p.result, api.solve({ ...gpt3(), tp_size: values[i] }))).toEqual([]);
    });
  });

  it.each([
    ['tokens', [1, 32, 2048, 65536]],
    ['local_efficiency', [0.1, 0.5, 1]],
    ['collectives_per_layer', [0, 2, 4]],
  ])('sweeps %s', (field, xs) => {
    const points = api.sweep(gpt3(), field, xs);
    expect(points).toHaveLength(xs.length);
    points.forEach((p, i) => expect(differences(p.result, api.solve({ ...gpt3(), [field]: xs[i] }))).toEqual([]));
  });

  it('gives errors for the bad values only', () => {
    const points = api.sweep(gpt3(), 'tp_size', [8, 0, 2.5, NaN, 4]);
    expect(points.map((p) => (p.result ? 'ok' : p.errors[0].field))).toEqual(['ok', 'tp_size', 'tp_size', 'tp_size', 'ok']);
    expect(points[3].errors[0].message).toContain('NaN');
  });

  it('gives every point the scenario\'s errors when the scenario is bad', () => {
    const points = api.sweep({ ...gpt3(), workload: 'nope' }, 'tp_size', [1, 2]);
    expect(points.map((p) => p.errors.map((e) => e.field))).toEqual([['workload'], ['workload']]);
    const cyclic = gpt3();
    cyclic.links.self = cyclic;
    expect(api.sweep(cyclic, 'tp_size', [1])[0].errors[0].field).toBe('links.self');
  });

  it('names the field that cannot be swept', () => {
    const points = api.sweep(gpt3(), 'heads', [1]);
    expect(points[0].errors[0].field).toBe('sweep');
    expect(() => api.sweep(gpt3(), 7, [1])).toThrow(ScenarioError);
  });

  it('throws ScenarioError for values that are not an array of numbers', () => {
    for (const bad of [undefined, 5, '1,2', [1, '2'], [1, null], { length: 1, 0: 1 }]) {
      expect(() => api.sweep(gpt3(), 'tp_size', bad)).toThrow(ScenarioError);
    }
    expect(api.sweep(gpt3(), 'tp_size', [])).toEqual([]);
  });
});

describe('catalog', () => {
  it('lists every entry with its source', () => {
    const c = api.catalog();
    for (const kind of ['workloads', 'accelerators', 'links']) {
      expect(c[kind].length).toBeGreaterThan(3);
      for (const entry of c[kind]) {
        expect(entry.key.length, `${kind} key`).toBeGreaterThan(0);
        expect(typeof entry.source).toBe('string');
        expect(entry.source.length, `${kind} ${entry.key} source`).toBeGreaterThan(10);
      }
    }
    expect(c.workloads.map((w) => w.key)).toContain('GPT3');
    expect(c.links.find((l) => l.key === 'nvlink4')).toMatchObject({ bandwidth: 450e9, latency: 0.5e-6 });
    const h100 = c.accelerators.find((a) => a.key === 'H100');
    expect(h100.peak_flops.fp16_dense).toBe(989e12);
    expect(h100.memory_capacity).toBe(80 * 2 ** 30);
    expect(c.precisions.map((p) => p.format)).toEqual(['fp32', 'tf32', 'bf16', 'fp16', 'fp8', 'int8', 'fp4', 'int4']);
    expect(c.units.find((u) => u.symbol === 'Gb/s')).toMatchObject({ dimension: 'B/s', factor: 1.25e8 });
  });

  it('is loaded once and frozen (copy before editing)', () => {
    const c = api.catalog();
    expect(api.catalog()).toBe(c);
    expect(Object.isFrozen(c.presets[0].scenario.links)).toBe(true);
    expect(api.Scenarios.Gpt3TensorParallelLayerTp8).toBe(c.presets[0]);
    const copy = structuredClone(api.Scenarios.Gpt3TensorParallelLayerTp8.scenario);
    copy.tp_size = 4;
    expect(api.solve(copy).flops_per_rank).toBe(api.Scenarios.Gpt3TensorParallelLayerTp8.result.flops_per_layer / 4);
  });

  it('every catalogue workload, accelerator and link solves by key', () => {
    const c = api.catalog();
    for (const w of c.workloads) expect(api.check({ ...gpt3(), workload: w.key }).result, w.key).toBeDefined();
    for (const a of c.accelerators) {
      const precision = Object.keys(a.peak_flops)[0];
      expect(api.check({ ...gpt3(), accelerator: a.key, precision }).result, a.key).toBeDefined();
    }
    for (const l of c.links) expect(api.check({ ...gpt3(), links: { [l.key]: l.key } }).result, l.key).toBeDefined();
  });

  it('accepts catalogue entries as objects (metadata fields are ignored)', () => {
    const c = api.catalog();
    const r = api.solve({
      ...gpt3(),
      workload: c.workloads.find((w) => w.key === 'GPT3'),
      accelerator: c.accelerators.find((a) => a.key === 'H100'),
      links: { nvlink: c.links.find((l) => l.key === 'nvlink4'), infiniband_ndr: c.links.find((l) => l.key === 'ib_ndr') },
    });
    expect(differences(r, api.Scenarios.Gpt3TensorParallelLayerTp8.result)).toEqual([]);
  });
});
