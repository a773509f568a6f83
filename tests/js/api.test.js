// The JavaScript door against the shared expected numbers and input errors (tests/cases/), and
// against the native CLI (bit for bit). Input errors live in tests/cases/invalid/; only the JS
// values JSON cannot carry (undefined, functions, symbols, bigints) are written out here.
// Imports the built module the page ships: run scripts/build.sh and the native build first.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { load as loadTesting } from '../../build/wasm/tplayer-testing.js';
import { load, ScenarioError } from '../../dist/tplayer.js';
import { keyed } from './keyed.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The oracle of the result's fields, shared with the CLI's and the core's tests.
const FIELDS = JSON.parse(readFileSync(`${root}tests/result-fields.json`, 'utf8'));
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
// The docs/model.md#the-worked-example scenario (checked against the native CLI below), as a fresh editable copy.
const gpt3 = () => structuredClone(api.Scenarios.Gpt3TensorParallelLayerTp8.scenario);

const custom = () => ({
  workload: { name: 'toy', parameters: 13e9, layers: 40, hidden_dim: 5120, heads: 40 },
  tp_size: 4,
  tokens: 4096,
  accelerator: {
    name: 'chip',
    peak_flops: { bf16_dense: 400e12 },
    memory_capacity: '48 GiB',
    memory_bandwidth: '1.5 TB/s',
  },
  precision: 'bf16',
  local_efficiency: 0.6,
  links: { fabric: { bandwidth: '100 GiB/s', latency: '2 us' } },
});

// Catch2's WithinRel: |a - b| <= tol * max(|a|, |b|).
const within = (got, want, tol) =>
  got === want || Math.abs(got - want) <= tol * Math.max(Math.abs(got), Math.abs(want));

// Paths where two JSON-shaped values differ: same keys in the same order, numbers equal by Object.is.
function differences(got, want, path = 'result') {
  if (typeof want === 'number')
    return typeof got === 'number' && Object.is(got, want) ? [] : [`${path}: ${got} != ${want}`];
  if (want === null || typeof want !== 'object')
    return got === want ? [] : [`${path}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`];
  if (got === null || typeof got !== 'object' || Array.isArray(got) !== Array.isArray(want))
    return [`${path}: shape differs`];
  const gotKeys = Object.keys(got);
  const wantKeys = Object.keys(want);
  if (gotKeys.join() !== wantKeys.join()) return [`${path}: keys ${gotKeys} != ${wantKeys}`];
  return wantKeys.flatMap((k) => differences(got[k], want[k], `${path}.${k}`));
}

const native = (args, input) => JSON.parse(execFileSync(cli, args, { input, encoding: 'utf8' }));

// A path spelt out by the rule of tests/cases/README.md: keys joined by ".", an index as "[i]",
// the empty path "scenario".
const dotted = (path) =>
  path.reduce((out, k) => (typeof k === 'number' ? `${out}[${k}]` : out ? `${out}.${k}` : k), '') ||
  'scenario';

// A scenario_text as a JS value, its bare NaN / Infinity / -Infinity tokens as JS numbers (how
// they reach solve() from a caller); duplicates is true when the text repeats a member name,
// which no JS object can hold.
function parseScenarioText(text) {
  const mark = '\u0000tplayer-token:';
  const tokens = { NaN, Infinity, '-Infinity': -Infinity };
  let names = 0;
  const json = text.replace(/"(?:[^"\\]|\\.)*"(\s*:)?|-?Infinity|NaN/g, (m, colon) => {
    if (m.startsWith('"')) {
      if (colon) names++;
      return m;
    }
    return JSON.stringify(mark + m);
  });
  const value = JSON.parse(json, (_, v) =>
    typeof v === 'string' && v.startsWith(mark) ? tokens[v.slice(mark.length)] : v,
  );
  const members = (v) =>
    v !== null && typeof v === 'object'
      ? (Array.isArray(v) ? 0 : Object.keys(v).length) +
        Object.values(v).reduce((n, x) => n + members(x), 0)
      : 0;
  return { value, duplicates: members(value) !== names };
}

// What solve() throws for `scenario` (undefined when it returns).
function thrownBy(scenario) {
  try {
    api.solve(scenario);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('load', () => {
  it('resolves once: every call returns the same promise and API', async () => {
    expect(load()).toBe(load());
    expect(await load()).toBe(api);
    expect(Object.keys(gpt3())).toEqual([
      'type',
      'workload',
      'tp_size',
      'tokens',
      'accelerator',
      'precision',
      'local_efficiency',
      'links',
      'collectives_per_layer',
      'link_model',
      'launch_overhead',
      'pass',
      'recompute',
      'attention_context',
      'compute_model',
      'memory_efficiency',
      'exchange_precision',
      'weight_precision',
      'kv_precision',
      'allreduce',
      'collective',
    ]);
    expect(api.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(api.ScenarioError).toBe(ScenarioError);
  });

  it('prints docs/model.md#the-worked-example value from Scenarios (the check of the issue)', () => {
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
          expect(
            within(got, want, c.tolerance),
            `${where}: got ${got}, want ${want} within ${c.tolerance}`,
          ).toBe(true);
        } else {
          expect(got, where).toBe(want);
        }
      };
      for (const [key, want] of Object.entries(c.expect)) {
        if (key === 'links') {
          expect(r.links).toHaveLength(want.length);
          want.forEach((link, i) => {
            for (const [field, value] of Object.entries(link))
              check(r.links[i][field], value, `links[${i}].${field}`);
          });
        } else if (key === 'warnings') {
          expect(r.warnings.map((w) => w.field).sort()).toEqual([...want].sort());
        } else {
          check(r[key], want, key);
        }
      }
      for (const w of r.warnings) {
        expect(w.message.length).toBeGreaterThan(0);
        expect(w.field, "a warning's field spells its path").toBe(dotted(w.path));
      }
    });

    it(`${c.file}: the wasm result equals the native CLI's bit for bit`, () => {
      const want = native(['--json', '-', '--format', 'json'], JSON.stringify(c.scenario));
      expect(differences(api.solve(c.scenario), want)).toEqual([]);
    });
  }
});

describe('presets: wasm equals the native CLI bit for bit', () => {
  it('has the presets of docs/model.md#the-catalogue', () => {
    expect(Object.keys(api.Scenarios)).toContain('Gpt3TensorParallelLayerTp8');
    expect(Object.keys(api.Scenarios).length).toBeGreaterThanOrEqual(5);
    expect(api.catalog().presets.map((p) => p.key)).toEqual(Object.keys(api.Scenarios));
    // The loop below makes one test per key the CLI lists: none listed would test nothing.
    expect(readPresetKeys()).toEqual(Object.keys(api.Scenarios));
  });

  it("the whole catalogue, the results the facade solves on first read included, is the CLI's", () => {
    const list = JSON.parse(execFileSync(cli, ['--list', '--json'], { encoding: 'utf8' }));
    expect(JSON.parse(JSON.stringify(api.catalog()))).toEqual(list);
    expect(Object.isFrozen(api.catalog().presets[1].result.links)).toBe(true);
    expect(api.catalog().presets[1].result).toBe(api.catalog().presets[1].result); // solved once
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
  texts.push(
    '123456789012345678901234567890e-20',
    '0.000000000000000000000000000012',
    '9007199254740993',
    '9007199254740992.5',
    '1e22',
    '1e23',
    '4.35e-7',
    '2.2250738585072014e-8',
    '0.1',
    '0.30000000000000004',
    '1.7976931348623157e29',
  );

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
      const plain = api.solve({
        ...gpt3(),
        links: chunk.map((t, j) => ({ name: `p${j}`, bandwidth: Number(t) })),
      });
      plain.links.forEach((l, j) =>
        expect(Object.is(l.bandwidth_bytes_per_s, Number(chunk[j])), chunk[j]).toBe(true),
      );
    }
  });
});

describe('tests/cases/invalid: every input error names its field', () => {
  it('finds the cases', () => {
    expect(invalidCases.length).toBeGreaterThan(30);
  });

  for (const c of invalidCases) {
    it(`${c.file}: ${c.name}`, () => {
      expect(c.name, 'name is the file name').toBe(c.file.replace(/\.json$/, ''));
      // First as the text the CLI reads (check() hands a string to the core's own reader); a case
      // with the NaN/Infinity tokens or duplicate keys is text already.
      const text = 'scenario_text' in c;
      const errors = api.check(text ? c.scenario_text : JSON.stringify(c.scenario)).errors;
      if (text) expect(hooks.solveText(c.scenario_text)).toEqual(errors);
      expect(Array.isArray(errors), 'an error list, not a result').toBe(true);
      expect(errors.map((e) => e.field).sort()).toEqual([...c.errors].sort());
      expect(
        Object.keys(c.message_includes).sort(),
        'message_includes lists each error field',
      ).toEqual([...new Set(c.errors)].sort());
      for (const e of errors) {
        expect(e.message.length).toBeGreaterThan(0);
        expect(e.field, 'the field spells the path').toBe(dotted(e.path));
        const parts = c.message_includes[e.field];
        expect(parts.length, `phrases for ${e.field}`).toBeGreaterThan(0);
        for (const part of parts) expect(e.message, e.field).toContain(part);
      }
      for (const [field, path] of Object.entries(c.paths ?? {})) {
        expect(dotted(path), `paths.${field} spells its field`).toBe(field);
        const got = errors.filter((e) => e.field === field).map((e) => e.path);
        expect(got.length, `an error on ${field}`).toBeGreaterThan(0);
        for (const p of got) expect(p, field).toEqual(path);
      }
      // The same scenario as a JS value through solve() (the NaN of a text case as a JS NaN):
      // a ScenarioError with the same errors, and check() agrees.
      const { value, duplicates } = text
        ? parseScenarioText(c.scenario_text)
        : { value: c.scenario, duplicates: false };
      // No JS value holds a repeat; and a string is JSON text in JS (the case's JSON string was
      // read above as the text `"..."`).
      if (duplicates || typeof value === 'string') return;
      const thrown = thrownBy(value);
      expect(thrown).toBeInstanceOf(ScenarioError);
      expect(thrown).toBeInstanceOf(Error);
      expect(thrown.name).toBe('ScenarioError');
      expect(thrown.errors).toEqual(errors);
      for (const field of c.errors) expect(thrown.message).toContain(field);
      expect(api.check(value)).toEqual({ errors });
    });
  }
});

// solve must throw a ScenarioError whose errors name `field` (and the message mention `says`).
function expectError(scenario, field, says) {
  const thrown = thrownBy(scenario);
  expect(thrown, `solve should throw for ${field}`).toBeInstanceOf(ScenarioError);
  expect(thrown.name).toBe('ScenarioError');
  const hit = thrown.errors.find((e) => e.field === field);
  expect(hit, `${field} in ${JSON.stringify(thrown.errors)}`).toBeDefined();
  if (says) expect(hit.message).toContain(says);
  expect(thrown.message).toContain(field);
  for (const e of thrown.errors) expect(e.field).toBe(dotted(e.path));
  expect(api.check(scenario).errors).toEqual(thrown.errors);
  return thrown.errors;
}

describe('JS values JSON cannot carry throw ScenarioError naming the field', () => {
  const gpt3With = (key, value) => ({ ...gpt3(), [key]: value });
  const customLinkWith = (value) => ({ ...custom(), links: { fabric: { bandwidth: value } } });
  it.each([
    // JSON.stringify would drop the member; the core must see it missing, not crash on it.
    [
      'an undefined member (skipped like JSON, so missing)',
      gpt3With('local_efficiency', undefined),
      'local_efficiency',
      'missing',
    ],
    ['a function', gpt3With('tp_size', () => 8), 'tp_size', 'function'],
    ['a symbol', gpt3With('tp_size', Symbol('8')), 'tp_size', 'symbol'],
    ['a bigint', gpt3With('tokens', 2048n), 'tokens', 'bigint'],
    ['a function deep inside', customLinkWith(() => 1), 'links.fabric.bandwidth', 'function'],
  ])('%s', (_, scenario, field, says) => {
    expectError(scenario, field, says);
  });

  it.each([
    ['undefined', undefined],
    ['a function', () => gpt3()],
  ])('a scenario that is %s: field "scenario"', (_, scenario) => {
    expect(expectError(scenario, 'scenario').map((e) => e.path)).toEqual([[]]);
  });
});

describe('solve and check', () => {
  it('returns a plain object with docs/model.md#the-result fields and plain arrays', () => {
    const r = api.solve(gpt3());
    expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
    expect(Object.keys(r)).toEqual(FIELDS.result);
    expect(Array.isArray(r.links) && Array.isArray(r.warnings)).toBe(true);
    expect(Object.keys(r.links[0])).toEqual(FIELDS.link);
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
      links: {
        nvlink: { bandwidth: '450 GB/s', latency: '0.5 us' },
        infiniband_ndr: { bandwidth: '400 Gb/s', latency: '5 us' },
      },
    };
    const r = api.solve(spelt);
    expect(
      differences(r, native(['--json', '-', '--format', 'json'], JSON.stringify(spelt))),
    ).toEqual([]);
    const byKeys = api.solve(gpt3());
    expect(
      within(r.links[1].communication_time_s, byKeys.links[1].communication_time_s, 1e-15),
    ).toBe(true);
    expect(r.links[0].bandwidth_bytes_per_s).toBe(450e9);
  });

  it('check() returns { result, scenario, derived, entries } or { errors } and never throws for bad input', () => {
    expect(Object.keys(api.check(gpt3()))).toEqual(['result', 'scenario', 'derived', 'entries']);
    const bad = api.check({ ...gpt3(), tp_size: 0 });
    expect(Object.keys(bad)).toEqual(['errors']);
    expect(bad.errors[0]).toEqual({
      field: 'tp_size',
      path: ['tp_size'],
      message: expect.stringContaining('got 0'),
    });
  });

  it('check() says which defaults it derived from other fields, and from which; a preset too', () => {
    const derivedFrom = Object.fromEntries(
      Object.entries(api.catalog().fields).flatMap(([kind, list]) =>
        list.filter((f) => f.derived_from).map((f) => [`${kind}.${f.name}`, f.derived_from]),
      ),
    );
    // What the MLP's width follows when left out (the workload's shapes).
    const SHAPES = [
      'parameters',
      'layers',
      'hidden_dim',
      'heads',
      'kv_heads',
      'vocab',
      'gated_mlp',
      'experts',
      'head_dim',
    ];
    expect(derivedFrom).toEqual({
      'scenario.collectives_per_layer': ['pass', 'recompute'],
      'scenario.launch_overhead': ['link_model', 'serving_engine'],
      'scenario.exchange_precision': ['precision'],
      'scenario.weight_precision': ['precision'],
      'scenario.kv_precision': ['precision'],
      'scenario.allreduce': ['serving_engine'],
      'workload.kv_heads': ['heads'],
      'workload.inference_flops': ['parameters'],
      'workload.ffn_hidden': SHAPES,
      'measured_link.ranks': ['measured'],
    });
    const workload = { name: 'w', parameters: 1e9, layers: 4, hidden_dim: 1024, heads: 16 };
    // gpt3() is normalised (every field given): leave out the three derived scenario fields.
    const { collectives_per_layer: _c, exchange_precision: _e, ...bare } = gpt3();
    const { derived, scenario } = api.check({ ...bare, workload, launch_overhead: '5 us' });
    expect(derived).toEqual([
      {
        field: 'collectives_per_layer',
        path: ['collectives_per_layer'],
        from: [['pass'], ['recompute']],
      },
      { field: 'exchange_precision', path: ['exchange_precision'], from: [['precision']] },
      { field: 'workload.kv_heads', path: ['workload', 'kv_heads'], from: [['workload', 'heads']] },
      {
        field: 'workload.inference_flops',
        path: ['workload', 'inference_flops'],
        from: [['workload', 'parameters']],
      },
      {
        field: 'workload.ffn_hidden',
        path: ['workload', 'ffn_hidden'],
        from: SHAPES.map((f) => ['workload', f]),
      },
    ]);
    expect(scenario.workload.kv_heads).toBe(16); // the value derived is in the scenario
    // Given, a field is not derived, even when it equals its default.
    const { launch_overhead: _l, ...given } = gpt3(); // collectives 2 and fp16_dense given
    expect(api.check(given).derived.map((d) => d.field)).toEqual(['launch_overhead']);
    // A measured link's rank count, from its text, unless given.
    const text = readFileSync(`${root}calibration/data/h100x8_ring.txt`, 'utf8');
    const measured = (link) => api.check({ ...gpt3(), links: { m: link } }).derived;
    expect(measured({ measured: text }).at(-1)).toEqual({
      field: 'links.m.ranks',
      path: ['links', 'm', 'ranks'],
      from: [['links', 'm', 'measured']],
    });
    expect(measured({ measured: text, ranks: 8 }).map((d) => d.field)).not.toContain(
      'links.m.ranks',
    );
    // A preset's scenario is already normalised: it checks back to itself (keyed, as the catalogue
    // writes it), nothing left to derive; its `derived` says what the preset itself leaves to
    // follow the other fields.
    for (const p of api.catalog().presets) {
      expect(keyed(api.check(p.scenario))).toEqual(p.scenario);
      expect(api.check(p.scenario).derived).toEqual([]);
    }
    expect(api.Scenarios.Gpt3TensorParallelLayerTp8.derived.map((d) => d.field)).toEqual([
      'collectives_per_layer',
      'launch_overhead',
      'exchange_precision',
      'weight_precision',
      'kv_precision',
      'allreduce',
    ]);
  });

  it("check()'s scenario is what the core read: defaults, parts resolved, SI numbers, as --print-scenario", () => {
    const typed = {
      ...custom(),
      workload: 'GPT3',
      accelerator: { ...custom().accelerator, peak_flops: { bf16: '400 TFLOP/s' } },
      links: { nv: 'nvlink4', fabric: { bandwidth: '100 GiB/s' } },
    };
    delete typed.precision;
    typed.precision = 'bf16';
    const checked = api.check(typed);
    const { scenario } = checked;
    // Every catalogue part is its object, its preset kept: the entry's fields.
    const gpt = api.catalog().workloads.find((w) => w.key === 'GPT3');
    expect(scenario.workload).toMatchObject({
      preset: 'GPT3',
      layers: gpt.layers,
      heads: gpt.heads,
    });
    const nvlink4 = api.catalog().links.find((l) => l.key === 'nvlink4');
    expect(scenario.links.nv).toMatchObject({ preset: 'nvlink4', bandwidth: nvlink4.bandwidth });
    // Keyed by its entries, the catalogue's own form.
    expect(keyed(checked)).toEqual({
      type: 'TensorParallelLayerScenario',
      workload: 'GPT3',
      tp_size: 4,
      tokens: 4096,
      accelerator: {
        name: 'chip',
        peak_flops: { bf16_dense: 400e12 },
        memory_capacity: 48 * 2 ** 30,
        memory_bandwidth: 1.5e12,
      },
      precision: 'bf16_dense',
      local_efficiency: 0.6,
      links: { nv: 'nvlink4', fabric: { bandwidth: 100 * 2 ** 30, latency: 0 } },
      collectives_per_layer: 2,
      link_model: 'line_rate',
      launch_overhead: 0,
      pass: 'forward',
      recompute: false,
      attention_context: 0,
      compute_model: 'flops',
      memory_efficiency: 0.8,
      exchange_precision: 'bf16_dense',
      weight_precision: 'bf16_dense',
      kv_precision: 'bf16_dense',
      allreduce: 'nccl',
      collective: 'all_reduce',
    });
    expect(scenario).toEqual(native(['--json', '-', '--print-scenario'], JSON.stringify(typed)));
    // The parts still their catalogue entry, by path.
    expect(api.check(typed).entries).toEqual([['workload'], ['links', 'nv']]);
    // solve() takes it back unchanged, with the same numbers; reading it again changes nothing.
    expect(differences(api.solve(scenario), api.solve(typed))).toEqual([]);
    expect(api.check(scenario).scenario).toEqual(scenario);
    expect(api.check(scenario).entries).toEqual(checked.entries);
    for (const preset of Object.values(api.Scenarios)) {
      const read = api.check(preset.scenario);
      expect(keyed(read)).toEqual(preset.scenario);
      expect(api.check(read.scenario)).toEqual(read);
    }
  });

  it('the catalogue describes every input field and limit the core declares', () => {
    const { fields, limits } = api.catalog();
    const names = (kind) => fields[kind].map((f) => f.name);
    expect(names('scenario').filter((n) => n !== 'serving_engine')).toEqual(
      Object.keys(gpt3()).filter((k) => k !== 'type'),
    );
    expect(names('workload')).toEqual([
      'name',
      'preset',
      'parameters',
      'layers',
      'hidden_dim',
      'heads',
      'kv_heads',
      'inference_flops',
      'ffn_hidden',
      'gated_mlp',
      'vocab',
      'experts',
      'experts_per_token',
      'head_dim',
      'hf_config',
      'hf_config_keys',
    ]);
    expect(names('accelerator')).toEqual([
      'name',
      'preset',
      'peak_flops',
      'memory_capacity',
      'memory_bandwidth',
      'native_link',
      'compute_units',
    ]);
    expect(names('serving_engine')).toEqual([
      'name',
      'preset',
      'kernel_overhead',
      'step_overhead',
      'launch_overhead',
      'allreduce',
    ]);
    expect(names('link')).toEqual([
      'name',
      'preset',
      'bandwidth',
      'latency',
      'domain',
      'per_peer',
      'protocols',
      'custom',
      'custom_max_bytes',
    ]);
    expect(names('protocol')).toEqual([
      'name',
      'pattern',
      'base_latency',
      'step_latency',
      'efficiency',
    ]);
    const byName = Object.fromEntries(fields.scenario.map((f) => [f.name, f]));
    expect(byName.precision.default).toBe('fp16_dense');
    expect(byName.collectives_per_layer.default).toBeUndefined(); // follows the pass
    expect(fields.scenario.filter((f) => f.sweepable).map((f) => f.name)).toEqual([
      'tp_size',
      'tokens',
      'local_efficiency',
      'collectives_per_layer',
      'attention_context',
      'memory_efficiency',
    ]);
    expect(byName.pass).toMatchObject({
      kind: 'choice',
      default: 'forward',
      choices: ['forward', 'backward', 'training', 'decode'],
    });
    expect(byName.recompute).toMatchObject({ kind: 'boolean', default: false });
    for (const list of Object.values(fields))
      for (const f of list) expect(f.help.length).toBeGreaterThan(5);
    expect(limits).toEqual({
      max_links: 64,
      max_sweep_values: 1024,
      max_protocols: 8,
      max_name_bytes: 64,
      max_errors: 100,
      max_json_bytes: 2 ** 20,
      max_json_depth: 64,
      max_count: 1e12,
      min_positive: 1e-30,
      max_real: 1e30,
    });
    const refused = api.sweep(gpt3(), 'precision', [1])[0].errors[0];
    expect(refused.path).toEqual(['sweep']);
    expect(refused.message).toContain(
      'tp_size, tokens, local_efficiency, collectives_per_layer, attention_context or memory_efficiency',
    );
  });

  it('reports warnings in the result, not as errors', () => {
    const r = api.solve({ ...gpt3(), tp_size: 7 });
    expect(r.warnings.map((w) => w.field)).toContain('tp_size');
  });

  it('keeps Unicode link names intact', () => {
    const r = api.solve({
      ...gpt3(),
      links: { 'NVLink ⚡ — 4': 'nvlink4', 'Ünïcødé 🚀': 'ib_ndr' },
    });
    expect(r.links.map((l) => l.name)).toEqual(['NVLink ⚡ — 4', 'Ünïcødé 🚀']);
    expect(r.binding_link).toBe('Ünïcødé 🚀');
  });
});

describe('counts and reals as people write them (docs/model.md#units)', () => {
  it('reads "2K", "175B" and "50%" as the numbers they say, as the CLI does', () => {
    const typed = {
      ...gpt3(),
      tokens: '2K',
      local_efficiency: '50%',
      workload: { preset: 'GPT3', parameters: '175B' },
    };
    const numbers = { ...gpt3(), tokens: 2000, local_efficiency: 0.5 };
    expect(api.solve(typed)).toEqual(api.solve(numbers));
    const cli = native(['--json', '-', '--format', 'json'], JSON.stringify(typed));
    expect(differences(api.solve(typed), cli)).toEqual([]);
    expect(api.check({ ...gpt3(), tp_size: '50%' }).errors[0].message).toContain(
      'expected a whole number, or a string like "70B" or "1.5M"',
    );
  });
});

describe('a scenario as JSON text', () => {
  const text = JSON.stringify(gpt3());

  it('is read by the core as the CLI reads a file: the same result as the object', () => {
    expect(api.solve(text)).toEqual(api.solve(gpt3()));
    expect(api.check(text)).toEqual(api.check(gpt3()));
    expect(api.sweep(text, 'tp_size', [2, 4])).toEqual(api.sweep(gpt3(), 'tp_size', [2, 4]));
    expect(differences(api.solve(text), native(['--json', '-', '--format', 'json'], text))).toEqual(
      [],
    );
  });

  it('refuses a member given twice, where JSON.parse would keep the last copy (as the CLI does)', () => {
    const twice = `{"tp_size": 4, ${text.slice(1)}`;
    const { errors } = api.check(twice);
    expect(errors.map((e) => [e.field, e.path])).toEqual([['tp_size', ['tp_size']]]);
    expect(errors[0].message).toContain('given twice');
    expect(thrownBy(twice).errors).toEqual(errors);
    const native = spawnSync(cli, ['--json', '-', '--check'], { input: twice, encoding: 'utf8' });
    expect(JSON.parse(native.stdout).errors.map((e) => e.message)).toEqual(
      errors.map((e) => e.message),
    );
  });

  it('says where text that is not JSON stops, and refuses text over the limit by its size', () => {
    expect(api.check('{"tp_size": 8,').errors).toEqual([
      {
        field: 'scenario',
        path: [],
        message:
          'expected the scenario as JSON text: line 1, column 15: expected a quoted member name',
      },
    ]);
    // A preset's key is not a scenario's text (the preset is {"preset": key}).
    expect(api.check('Gpt3TensorParallelLayerTp8').errors[0].message).toBe(
      'expected the scenario as JSON text: line 1, column 1: expected a JSON value',
    );
    const limit = api.catalog().limits.max_json_bytes;
    const long = `{"workload": "${'\u00e9'.repeat(limit / 2)}"}`; // two UTF-8 bytes a character
    expect(api.check(long).errors[0].message).toBe(
      `the scenario's JSON text is ${limit + 16} bytes; at most ${limit} are read`,
    );
    const huge = ' '.repeat(limit * 64);
    expect(api.check(huge).errors[0].message).toBe(
      `the scenario's JSON text is at least ${limit * 64} bytes; at most ${limit} are read`,
    );
  });
});

describe('what-ifs (issue 40): a scenario preset with fields over it', () => {
  it('reads {preset, ...edits} as the preset edited, as the CLI does', () => {
    const edited = api.check({
      preset: 'Gpt3TensorParallelLayerTp8',
      tp_size: 4,
      workload: { layers: 40 },
    });
    const want = api.check({ ...gpt3(), tp_size: 4, workload: { preset: 'GPT3', layers: 40 } });
    expect(edited.scenario).toEqual(want.scenario);
    expect(edited.result).toEqual(want.result);
  });
  it('names the nearest preset keys for a mistyped one', () => {
    expectError({ preset: 'Gpt3TensorParalelLayerTp8' }, 'preset', 'did you mean "Gpt3');
    expectError({ ...gpt3(), accelerator: 'H10' }, 'accelerator', 'did you mean "H100"');
  });
});

describe('decode as it runs (the roofline)', () => {
  // Llama 2 70B decoding one sequence on A100: each rank streams its share of the weights, so TP
  // speeds the step up, with NCCL (eager) or the serving engine's all-reduce under CUDA graphs;
  // FLOPs alone say the opposite.
  const decode = (tp, over = {}) =>
    api.solve({
      workload: 'Llama2_70B',
      tp_size: tp,
      tokens: 1,
      accelerator: 'A100',
      precision: 'bf16',
      local_efficiency: 0.5,
      links: { nvlink: 'nvlink3' },
      pass: 'decode',
      attention_context: 512,
      compute_model: 'roofline',
      link_model: 'nccl',
      ...over,
    });
  const layer = (r) => r.links[0].serial_layer_time_s;
  it.each([
    ['NCCL, eager', {}],
    ['the custom all-reduce, CUDA graphs', { allreduce: 'custom', launch_overhead: '3 us' }],
  ])('gets faster from TP 2 to 4 to 8 with %s', (_, over) => {
    const [t2, t4, t8] = [2, 4, 8].map((n) => layer(decode(n, over)));
    expect(t4).toBeLessThan(t2);
    expect(t8).toBeLessThan(t4);
    expect(decode(8, over).compute_bound).toBe('memory');
  });
  it('the custom all-reduce wins at decode sizes, and is named', () => {
    const r = decode(8, { allreduce: 'custom', launch_overhead: '3 us' });
    expect(['one_shot', 'two_shot']).toContain(r.links[0].protocol);
    expect(r.links[0].allreduce_time_s).toBeLessThan(decode(8).links[0].allreduce_time_s);
  });
  it("mlsysim's model (FLOPs, line rate) says TP 8 is slower than TP 2", () => {
    const mlsysim = { compute_model: 'flops', link_model: 'line_rate' };
    expect(layer(decode(8, mlsysim))).toBeGreaterThan(layer(decode(2, mlsysim)));
  });
});

describe('ScenarioError', () => {
  it('extends Error and carries the error list', () => {
    const e = new ScenarioError([
      { field: 'tp_size', message: 'expected a whole number >= 1, got 0' },
    ]);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('ScenarioError');
    expect(e.errors).toEqual([
      { field: 'tp_size', message: 'expected a whole number >= 1, got 0' },
    ]);
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
    points.forEach((p, i) =>
      expect(differences(p.result, api.solve({ ...gpt3(), [field]: xs[i] }))).toEqual([]),
    );
  });

  it('gives errors for the bad values only', () => {
    const points = api.sweep(gpt3(), 'tp_size', [8, 0, 2.5, NaN, 4]);
    expect(points.map((p) => (p.result ? 'ok' : p.errors[0].field))).toEqual([
      'ok',
      'tp_size',
      'tp_size',
      'tp_size',
      'ok',
    ]);
    expect(points[3].errors[0].message).toContain('NaN');
  });

  it("gives every point the scenario's errors when the scenario is bad", () => {
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

  it("caps its values at the core's limits.max_sweep_values, the error at values (issue 43)", () => {
    const max = api.catalog().limits.max_sweep_values;
    expect(max).toBe(1024);
    expect(
      api.sweep(
        gpt3(),
        'tokens',
        Array.from({ length: max }, (_, i) => i + 1),
      ),
    ).toHaveLength(max);
    // 500k values (1 MB of input) exhausted Node's heap, uncatchably.
    for (const n of [max + 1, 500000]) {
      let error;
      try {
        api.sweep(gpt3(), 'tokens', new Array(n).fill(1));
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ScenarioError);
      expect(error.errors).toEqual([
        {
          field: 'values',
          path: ['values'],
          message: `expected at most ${max} values to sweep, got ${n}`,
        },
      ]);
    }
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
    expect(c.links.find((l) => l.key === 'nvlink4')).toMatchObject({
      bandwidth: 450e9,
      latency: 0.5e-6,
    });
    const h100 = c.accelerators.find((a) => a.key === 'H100');
    expect(h100.peak_flops.fp16_dense).toBe(989e12);
    expect(h100.memory_capacity).toBe(80 * 2 ** 30);
    expect(c.precisions.map((p) => p.format)).toEqual([
      'fp32',
      'tf32',
      'bf16',
      'fp16',
      'fp8',
      'int8',
      'fp4',
      'int4',
    ]);
    expect(c.units.find((u) => u.symbol === 'Gb/s')).toMatchObject({
      dimension: 'B/s',
      factor: 1.25e8,
    });
  });

  it('lists the two-tier link presets as {key, label, short_name, intra_node, inter_node, ranks_per_node, source}', () => {
    const c = api.catalog();
    const links = new Set(c.links.map((l) => l.key));
    expect(c.two_tier_links.map((t) => t.key)).toEqual(
      expect.arrayContaining(['hgx_h100_ndr', 'hgx_a100_hdr', 'aws_p4d_efa', 'gcp_a3mega_tcpxo']),
    );
    for (const t of c.two_tier_links) {
      expect(Object.keys(t).sort()).toEqual(
        [
          'inter_node',
          'intra_node',
          'key',
          'label',
          'short_name',
          'ranks_per_node',
          'source',
        ].sort(),
      );
      expect(links.has(t.intra_node) && links.has(t.inter_node) && !links.has(t.key), t.key).toBe(
        true,
      );
      expect(Number.isInteger(t.ranks_per_node) && t.ranks_per_node >= 1).toBe(true);
      expect(t.label.length).toBeGreaterThan(0);
      expect(t.source.length, `${t.key} source`).toBeGreaterThan(20);
    }
    expect(c.two_tier_links.find((t) => t.key === 'hgx_h100_ndr')).toMatchObject({
      intra_node: 'nvlink4',
      inter_node: 'ib_ndr',
      ranks_per_node: 8,
    });
  });

  it('a two-tier key is its tiers as a two-tier link, written back as the key', () => {
    const c = api.catalog();
    for (const t of c.two_tier_links) {
      for (const link_model of ['line_rate', 'nccl']) {
        const base = { ...gpt3(), tp_size: 2 * t.ranks_per_node, link_model };
        const byKey = api.check({ ...base, links: { x: t.key } });
        const tiers = { intra_node: t.intra_node, inter_node: t.inter_node };
        const byObject = api.solve({
          ...base,
          links: { x: { ...tiers, ranks_per_node: t.ranks_per_node } },
        });
        // The catalogue's entry itself reads as the link (its key, label and source are metadata).
        const byEntry = api.solve({ ...base, links: { x: t } });
        expect(differences(byKey.result, byObject), t.key).toEqual([]);
        expect(differences(byEntry, byObject), t.key).toEqual([]);
        expect(byKey.result.links[0]).toMatchObject({ kind: 'two_tier', node_count: 2 });
        expect(keyed(byKey).links.x).toBe(t.key);
        expect(byKey.scenario.links.x).toMatchObject({
          preset: t.key,
          intra_node: {},
          inter_node: {},
        });
      }
    }
    expect(api.Scenarios.Llama3_405BTp16AcrossNodes.scenario.links).toEqual({
      hgx: 'hgx_h100_ndr',
    });
  });

  it('is loaded once and frozen (copy before editing)', () => {
    const c = api.catalog();
    expect(api.catalog()).toBe(c);
    expect(Object.isFrozen(c.presets[0].scenario.links)).toBe(true);
    expect(api.Scenarios.Gpt3TensorParallelLayerTp8).toBe(c.presets[0]);
    const copy = structuredClone(api.Scenarios.Gpt3TensorParallelLayerTp8.scenario);
    copy.tp_size = 4;
    expect(api.solve(copy).flops_per_rank).toBe(
      api.Scenarios.Gpt3TensorParallelLayerTp8.result.flops_per_layer / 4,
    );
  });

  it('every catalogue workload, accelerator and link solves by key', () => {
    const c = api.catalog();
    for (const w of c.workloads)
      expect(api.check({ ...gpt3(), workload: w.key }).result, w.key).toBeDefined();
    for (const a of c.accelerators) {
      const precision = Object.keys(a.peak_flops)[0];
      expect(api.check({ ...gpt3(), accelerator: a.key, precision }).result, a.key).toBeDefined();
    }
    for (const l of c.links)
      expect(api.check({ ...gpt3(), links: { [l.key]: l.key } }).result, l.key).toBeDefined();
  });

  it('accepts catalogue entries as objects (metadata fields are ignored)', () => {
    const c = api.catalog();
    const r = api.solve({
      ...gpt3(),
      workload: c.workloads.find((w) => w.key === 'GPT3'),
      accelerator: c.accelerators.find((a) => a.key === 'H100'),
      links: {
        nvlink: c.links.find((l) => l.key === 'nvlink4'),
        infiniband_ndr: c.links.find((l) => l.key === 'ib_ndr'),
      },
    });
    expect(differences(r, api.Scenarios.Gpt3TensorParallelLayerTp8.result)).toEqual([]);
  });
});

describe('hf_config (docs/model.md#any-model-any-rig)', () => {
  it('reads a config.json object to the workload the CLI reads, and names the keys it read', () => {
    const doc = JSON.parse(
      readFileSync(new URL('../cases/hf_config_qwen3_moe_decode.json', import.meta.url), 'utf8'),
    );
    const checked = api.check(doc.scenario);
    const w = checked.scenario.workload;
    expect(w.parameters).toBe(30532110336);
    expect(w.head_dim).toBe(128);
    expect(w.experts).toBe(128);
    expect(w.hf_config_keys).toContain('moe_intermediate_size');
    expect(w).not.toHaveProperty('hf_config');
    // The workload check() wrote solves to the same result without the config.
    expect(api.solve(checked.scenario)).toEqual(checked.result);
    const catalogued = api.catalog().workloads.find((e) => e.key === 'Qwen3_30B_A3B');
    expect(catalogued.parameters).toBe(w.parameters);
    expect(catalogued.source).toMatch(/^https:\/\/huggingface\.co\//);
  });

  it('names a config it cannot price at its key', () => {
    const scenario = gpt3();
    scenario.workload = { hf_config: { hidden_size: 64, model_type: 'deepseek_v3' } };
    expect(() => api.solve(scenario)).toThrow(/workload\.hf_config\.model_type/);
  });
});
