// Hostile input on the JavaScript door: whatever a caller passes, solve() returns a result or
// throws a ScenarioError whose errors name a field; nothing else escapes, nothing hangs, and
// the wasm heap does not grow over 20,000 solves.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load as loadTesting } from '../../build/wasm/tplayer-testing.js';
import { load, ScenarioError } from '../../dist/tplayer.js';

const api = await load();
// The test build: the same facade and core, with hooks into its own wasm instance.
const testing = await loadTesting();
const { hooks } = testing;
const maxDepth = api.catalog().limits.max_json_depth;
const gpt3 = () => structuredClone(api.Scenarios.Gpt3TensorParallelLayerTp8.scenario);
// The rule of tests/cases/README.md: keys joined by ".", an index as "[i]", [] is "scenario".
const dotted = (path) =>
  path.reduce((out, k) => (typeof k === 'number' ? `${out}[${k}]` : out ? `${out}.${k}` : k), '') ||
  'scenario';

// A result, or a ScenarioError whose errors all name a field: anything else fails the test.
function outcome(scenario) {
  try {
    return { result: api.solve(scenario) };
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    expect(error.errors.length).toBeGreaterThan(0);
    for (const e of error.errors) {
      expect(typeof e.field).toBe('string');
      expect(e.field.length).toBeGreaterThan(0);
      expect(Array.isArray(e.path)).toBe(true);
      expect(e.field).toBe(dotted(e.path));
      expect(typeof e.message).toBe('string');
      expect(e.message.length).toBeGreaterThan(0);
    }
    expect(api.check(scenario)).toEqual({ errors: error.errors });
    return { errors: error.errors };
  }
}
const fields = (o) => o.errors.map((e) => e.field);

describe('getters, proxies and cycles', () => {
  it('a getter that throws names its field', () => {
    const s = gpt3();
    Object.defineProperty(s, 'tokens', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    const o = outcome(s);
    expect(fields(o)).toEqual(['tokens']);
    expect(o.errors[0].message).toContain('boom');
  });

  it('a nested getter that throws a non-Error value', () => {
    const s = gpt3();
    const links = {};
    Object.defineProperty(links, 'nvlink', {
      enumerable: true,
      get: () => {
        throw Symbol('no');
      },
    });
    s.links = links;
    expect(fields(outcome(s))).toEqual(['links.nvlink']);
  });

  it('a thrown value whose own message getter throws', () => {
    const s = gpt3();
    const nasty = Object.create(Error.prototype, {
      message: {
        get: () => {
          throw new Error('again');
        },
      },
    });
    Object.defineProperty(s, 'tp_size', {
      enumerable: true,
      get: () => {
        throw nasty;
      },
    });
    expect(fields(outcome(s))).toEqual(['tp_size']);
  });

  it('a getter that returns a valid value works', () => {
    const s = gpt3();
    Object.defineProperty(s, 'tp_size', { enumerable: true, get: () => 8 });
    expect(outcome(s).result.links[1].communication_time_s).toBe(
      api.solve(gpt3()).links[1].communication_time_s,
    );
  });

  it('a cycle is reported where it closes', () => {
    const s = gpt3();
    s.links.loop = s.links;
    expect(fields(outcome(s))).toEqual(['links.loop']);
    const t = gpt3();
    t.workload = { name: 'w', parameters: 1e9, layers: 2, hidden_dim: 64, heads: 4 };
    t.workload.self = [t];
    expect(fields(outcome(t))).toEqual(['workload.self[0]']);
  });

  it('a shared (not cyclic) object is fine', () => {
    const link = { bandwidth: 50e9, latency: 5e-6 };
    const r = outcome({ ...gpt3(), links: { a: link, b: link } }).result;
    expect(r.links.map((l) => l.name)).toEqual(['a', 'b']);
  });

  it('an exponential DAG stops at the size limit', () => {
    let node = { bandwidth: 1 };
    for (let i = 0; i < 30; i++) node = { a: node, b: node };
    const o = outcome({ ...gpt3(), links: { x: node } });
    expect(o.errors[0].message).toMatch(/longer than|nested deeper/);
  });

  it('Proxy objects: transparent ones solve, trapping ones are reported', () => {
    expect(outcome(new Proxy(gpt3(), {})).result).toBeDefined();
    const throwingKeys = new Proxy(gpt3(), {
      ownKeys: () => {
        throw new Error('keys');
      },
    });
    expect(fields(outcome(throwingKeys))).toEqual(['scenario']);
    const throwingGet = new Proxy(gpt3(), {
      get: (t, k) => {
        if (k === 'tokens') throw new RangeError('get');
        return t[k];
      },
    });
    expect(fields(outcome(throwingGet))).toEqual(['tokens']);
    const { proxy, revoke } = Proxy.revocable(gpt3(), {});
    revoke();
    expect(fields(outcome(proxy))).toEqual(['scenario']);
    const liar = new Proxy(gpt3(), {
      ownKeys: () => ['tp_size', 'tp_size', 'nope'],
      getOwnPropertyDescriptor: () => ({ value: 1, enumerable: true, configurable: true }),
    });
    expect(fields(outcome(liar))).toEqual(['scenario']); // duplicate keys: the engine refuses the trap
    const arrayProxy = new Proxy([1, 2], { get: (t, k) => (k === 'length' ? 1e9 : t[k]) });
    expect(fields(outcome({ ...gpt3(), links: arrayProxy }))[0]).toMatch(/^links/);
  });
});

describe('odd values', () => {
  it('__proto__ members from JSON.parse pollute no prototype', () => {
    // The errors are pinned by tests/cases/invalid/unknown_field_proto.json; here, that reading
    // its JSON.parse form (own __proto__ members, one of them a link name) changes no prototype.
    const text = readFileSync(
      new URL('../cases/invalid/unknown_field_proto.json', import.meta.url),
      'utf8',
    );
    const s = JSON.parse(text).scenario;
    expect(Object.hasOwn(s, '__proto__') && Object.hasOwn(s.links, '__proto__')).toBe(true);
    expect(fields(outcome(s))).toEqual(['__proto__']);
    expect(Object.prototype.tp_size).toBeUndefined();
    expect({}.tp_size).toBeUndefined();
  });

  it('constructor and prototype as link names are just names', () => {
    const r = outcome({
      ...gpt3(),
      links: { constructor: 'nvlink4', prototype: 'ib_ndr', toString: 'pcie5' },
    }).result;
    expect(r.links.map((l) => l.name)).toEqual(['constructor', 'prototype', 'toString']);
  });

  it('-0 reaches the core as -0', () => {
    expect(fields(outcome({ ...gpt3(), tp_size: -0 }))).toEqual(['tp_size']);
    const r = outcome({ ...gpt3(), links: { x: { bandwidth: 1e9, latency: -0 } } }).result;
    expect(Object.is(r.links[0].latency_s, -0)).toBe(true);
  });

  it('huge strings (10 MB) are refused before they reach WebAssembly', () => {
    const before = hooks.heapBytes();
    const big = 'x'.repeat(10 * 1024 * 1024);
    expect(fields(outcome({ ...gpt3(), workload: big }))).toEqual(['workload']);
    expect(fields(outcome({ ...gpt3(), links: { [big]: 'nvlink4' } }))).toEqual([`links.${big}`]);
    expect(fields(outcome({ ...gpt3(), precision: '€'.repeat(400_000) }))).toEqual(['precision']);
    for (const scenario of [
      { ...gpt3(), workload: big },
      { ...gpt3(), links: { [big]: 'nvlink4' } },
    ]) {
      expect(testing.api.check(scenario).errors).toHaveLength(1);
    }
    expect(hooks.heapBytes()).toBe(before);
  });

  it("a string just under the limit gets the core's answer", () => {
    const o = outcome({ ...gpt3(), workload: 'y'.repeat(1_000_000) });
    expect(fields(o)).toEqual(['workload']);
    expect(o.errors[0].message).toContain('unknown workload');
  });

  it("deep nesting stops at the core's depth limit, however deep it goes", () => {
    expect(maxDepth).toBe(64);
    for (const depth of [maxDepth + 1, 1000, 100_000]) {
      let deep = 1;
      for (let i = 0; i < depth; i++) deep = [deep];
      const o = outcome({ ...gpt3(), links: { x: { bandwidth: deep } } });
      expect(o.errors[0].message).toContain(`nested deeper than ${maxDepth}`);
      expect(o.errors[0].path.slice(0, 4)).toEqual(['links', 'x', 'bandwidth', 0]);
    }
    let objects = {};
    for (let i = 0; i < 100_000; i++) objects = { a: objects };
    expect(outcome(objects).errors[0].message).toContain('nested deeper');
  });

  it('sparse and huge arrays', () => {
    const sparse = [];
    sparse[5] = 'nvlink4';
    // Holes read as null, as JSON.stringify writes them; the element after them is a link.
    const holes = outcome({ ...gpt3(), links: sparse });
    expect(fields(holes)).toEqual(['links[0]', 'links[1]', 'links[2]', 'links[3]', 'links[4]']);
    for (const e of holes.errors) expect(e.message).toContain('got null');
    const long = new Array(2 ** 32 - 1);
    expect(outcome({ ...gpt3(), links: long }).errors[0].message).toContain('longer than');
  });

  it.each([
    ['a Date', new Date(0)],
    ['a Map', new Map([['tp_size', 8]])],
    ['a Set', new Set([1])],
    ['a typed array', new Float64Array([1, 2])],
    ['a RegExp', /x/],
    ['a boxed number', Object(8)],
    ['an object with toJSON', { toJSON: () => 8 }],
    [
      'a class instance',
      new (class Foo {
        constructor() {
          this.x = 1;
        }
      })(),
    ],
    ['a null-prototype object', Object.create(null)],
    ['an Error', new Error('e')],
    ['a Promise', Promise.resolve(8)],
    ['a WeakMap', new WeakMap()],
    ['an ArrayBuffer', new ArrayBuffer(8)],
    ['globalThis', globalThis],
  ])('%s where a number belongs', (_, value) => {
    const o = outcome({ ...gpt3(), tp_size: value });
    expect(o.errors.length).toBeGreaterThan(0);
  });

  it('symbol keys and non-enumerable properties are ignored, like JSON', () => {
    const s = gpt3();
    s[Symbol('x')] = () => 1;
    Object.defineProperty(s, 'hidden', { value: () => 1, enumerable: false });
    expect(outcome(s).result).toBeDefined();
  });
});

describe('memory', () => {
  // The allocator's bytes in use and the handle count are compared exactly, so one leaked byte or
  // handle a call shows at once; the 20,000 calls (2,000 checks and sweeps) catch a leak that
  // only some calls make (100,000 took ~16 s of the node suite for the same exact comparison).
  it('20,000 solves leave the wasm heap, the allocator and the JS handles as they were', () => {
    const bad = { ...gpt3(), tp_size: 0, tokens: 'x', links: { a: { bandwidth: -1 } } };
    const warm = () => {
      testing.api.solve(gpt3());
      testing.api.check(bad);
      testing.api.sweep(gpt3(), 'tp_size', [1, 2, 0]);
    };
    for (let i = 0; i < 1000; i++) warm();
    const heap = hooks.heapBytes();
    const inUse = hooks.heapInUse();
    const handles = hooks.emvalHandles();
    for (let i = 0; i < 20_000; i++) {
      if (i % 10 === 0) testing.api.check(bad);
      else if (i % 10 === 1) testing.api.sweep(gpt3(), 'tokens', [1, 2]);
      else testing.api.solve(gpt3());
    }
    expect(hooks.heapBytes()).toBe(heap);
    expect(hooks.heapInUse()).toBe(inUse);
    expect(hooks.emvalHandles()).toBe(handles);
  });

  it('30,000 points, in sweeps of 1,000 (the cap is 1,024), do not grow the wasm heap', () => {
    const heap = hooks.heapBytes();
    for (let k = 0; k < 30; k++) {
      const points = testing.api.sweep(
        gpt3(),
        'tokens',
        Array.from({ length: 1000 }, (_, i) => 1 + i + 1000 * k),
      );
      expect(points).toHaveLength(1000);
      expect(points.every((p) => p.result)).toBe(true);
    }
    expect(hooks.heapBytes()).toBe(heap);
  });
});
