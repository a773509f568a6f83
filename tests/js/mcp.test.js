// The MCP server (mcp/server.js) driven by the SDK's own client over an in-memory transport, on the
// built module the page ships (dist/tplayer.js): every tool answers what the JS door answers, with
// a paragraph; its input schema comes from the core's field tables and accepts what the core
// accepts; bad input answers the core's errors with their paths, as tool errors. The installed
// package's `tplayer-mcp` over stdio is tested in tests/package.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { load } from '../../dist/tplayer.js';
import { unmappedKinds } from '../../mcp/schema.js';
import { createServer, MAX_ANSWER_BYTES } from '../../mcp/server.js';

const api = await load();
const catalog = api.catalog();
const MAX_SWEEP_VALUES = catalog.limits.max_sweep_values;
const validation = JSON.parse(readFileSync(new URL('../../dist/validation.json', import.meta.url)));
let client;
let tools;

beforeAll(async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createServer(api, { validation }).connect(serverSide);
  client = new Client({ name: 'tests', version: '0' });
  await client.connect(clientSide);
  tools = new Map((await client.listTools()).tools.map((t) => [t.name, t]));
});
afterAll(() => client?.close());

const call = (name, args) => client.callTool({ name, arguments: args });
const json = (answer) => JSON.parse(answer.content[1].text);
const validator = (tool) => new AjvJsonSchemaValidator().getValidator(tools.get(tool).inputSchema);

describe('the tools and their schemas', () => {
  test('are solve, check, sweep, catalog and validate', () => {
    expect([...tools.keys()]).toEqual(['solve', 'check', 'sweep', 'catalog', 'validate']);
  });

  test('every field kind in the core tables has a schema', () => {
    expect(unmappedKinds(catalog)).toEqual([]);
  });

  test("the scenario's schema has every field of every table, with its help", () => {
    const { $defs, properties } = structuredClone(tools.get('solve').inputSchema);
    const scenario = properties.scenario.anyOf[1];
    expect(scenario.properties.type.enum).toEqual(['TensorParallelLayerScenario']);
    delete scenario.properties.type;
    for (const [kind, schema] of [
      ['scenario', scenario],
      ['workload', $defs.workload],
      ['accelerator', $defs.accelerator],
      ['link', $defs.link],
      ['measured_link', $defs.measured_link],
      ['two_tier_link', $defs.two_tier_link],
      ['protocol', $defs.protocol],
      ['custom_branch', $defs.custom_branch],
    ]) {
      const rows = catalog.fields[kind];
      expect(Object.keys(schema.properties)).toEqual(rows.map((f) => f.name));
      const required = rows.filter((f) => f.required).map((f) => f.name);
      const givers = rows.filter((f) => f.name === 'preset' || f.kind === 'hf_config');
      if (givers.length && required.length)
        expect(schema.anyOf).toEqual([
          ...givers.map((f) => ({ required: [f.name] })),
          { required },
        ]);
      else expect(schema.required).toEqual(required);
      for (const f of rows) expect(schema.properties[f.name].description).toContain(f.help);
    }
  });

  test('accepts a workload given as a config.json, and answers what the JS door answers', async () => {
    const doc = JSON.parse(
      readFileSync(new URL('../cases/hf_config_qwen3_moe_decode.json', import.meta.url), 'utf8'),
    );
    const valid = validator('solve');
    expect(valid({ scenario: doc.scenario }).valid).toBe(true);
    const answer = await call('solve', { scenario: doc.scenario });
    expect(answer.isError).toBeFalsy();
    expect(json(answer)).toEqual(api.solve(doc.scenario));
  });

  test('accepts every preset, by key and as its scenario, and every normalised preset', () => {
    const valid = validator('solve');
    for (const p of catalog.presets) {
      for (const scenario of [p.key, p.scenario, api.check(p.scenario).scenario])
        expect(valid({ scenario }).valid, `${p.key}: ${valid({ scenario }).errorMessage}`).toBe(
          true,
        );
    }
  });

  test('accepts catalogue parts as {preset, ...edits} and a measured link as rows', () => {
    const scenario = {
      ...structuredClone(catalog.presets[0].scenario),
      workload: { preset: 'GPT3', layers: 48 },
      accelerator: { preset: 'H100', memory_capacity: '96 GiB' },
      links: {
        nv: { preset: 'nvlink4', bandwidth: '400 GB/s' },
        hgx: { preset: 'hgx_h100_ndr', ranks_per_node: 4 },
        m: {
          rows: [
            [1048576, 4e-5],
            [4194304, 8e-5],
          ],
          ranks: 8,
        },
      },
    };
    expect(api.check(scenario).errors).toBeUndefined();
    const valid = validator('solve');
    expect(valid({ scenario }).valid, valid({ scenario }).errorMessage).toBe(true);
  });

  test('refuses what is plainly not a scenario', () => {
    const valid = validator('solve');
    expect(valid({ scenario: 42 }).valid).toBe(false);
    expect(valid({ scenario: { ...catalog.presets[0].scenario, tp_size: 'eight' } }).valid).toBe(
      false,
    );
    expect(valid({ scenario: { ...catalog.presets[0].scenario, colour: 'red' } }).valid).toBe(
      false,
    );
    expect(valid({}).valid).toBe(false);
  });

  test("sweep's fields are the core's sweepable fields", () => {
    expect(tools.get('sweep').inputSchema.properties.field.enum).toEqual(
      catalog.fields.scenario.filter((f) => f.sweepable).map((f) => f.name),
    );
  });
});

describe('answers', () => {
  test("solve: the JS door's result, and a paragraph naming the binding link and its numbers", async () => {
    const answer = await call('solve', { scenario: 'Gpt3TensorParallelLayerTp8' });
    expect(answer.isError).toBeFalsy();
    const result = api.solve(api.Scenarios.Gpt3TensorParallelLayerTp8.scenario);
    expect(json(answer)).toEqual(JSON.parse(JSON.stringify(result)));
    expect(answer.structuredContent).toBeUndefined(); // the JSON is sent once, as text
    const text = answer.content[0].text;
    expect(text).toContain('GPT-3 175B, TP 8, 2048 tokens');
    expect(text).toContain('The binding link (the slowest exchange) is infiniband_ndr');
    expect(text).toContain('1.832 ms'); // docs/model.md#the-worked-example: one all-reduce on InfiniBand NDR
    expect(text).toContain('1.887 ms'); // the compute per rank
    // docs/model.md#runnable: the answer on each link, first, in the scenario's link names.
    expect(text).toContain(
      'The answer per link: on nvlink, compute-bound, 6.59x serial speedup (82% efficient); on infiniband_ndr, communication-bound, 2.72x',
    );
  });

  test('solve: a setup that cannot run says so on each link, never as fine', async () => {
    const answer = await call('solve', {
      scenario: { preset: 'Gpt3TensorParallelLayerTp8', tp_size: 2 },
    });
    expect(answer.isError).toBeFalsy();
    const text = answer.content[0].text;
    expect(text).toContain(
      "on nvlink, it cannot run: the weights per rank (175 GB) do not fit in a GPU's",
    );
    expect(text).toContain(', where it cannot run:');
  });

  test("solve: the verdict card, the JS door's card() (the CLI's --format svg), as an SVG resource", async () => {
    const answer = await call('solve', { scenario: 'Gpt3TensorParallelLayerTp8' });
    const preset = api.Scenarios.Gpt3TensorParallelLayerTp8;
    expect(answer.content[2]).toEqual({
      type: 'resource',
      resource: {
        uri: 'tplayer://card/Gpt3TensorParallelLayerTp8.svg',
        mimeType: 'image/svg+xml',
        text: await api.card(preset.scenario, { title: preset.title }),
      },
    });
    expect(answer.content[2].resource.text).toContain(
      `<title id="tplayer-card-title">${preset.title}`,
    );
    const scenario = { ...structuredClone(catalog.presets[1].scenario), tp_size: 4 };
    const own = await call('solve', { scenario });
    expect(own.content[2].resource).toMatchObject({
      uri: 'tplayer://card/scenario.svg',
      text: await api.card(scenario),
    });
    expect(own.content).toHaveLength(3);
  });

  test('every shared case file (tests/cases) solves as on the JS door, its warnings quoted', async () => {
    const dir = new URL('../cases/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files).toContain('implausible_tokens_and_layer_time.json'); // issue 22's warnings
    for (const file of files) {
      const { scenario, expect: expected } = JSON.parse(readFileSync(new URL(file, dir)));
      const answer = await call('solve', { scenario });
      expect(answer.isError, file).toBeFalsy();
      const result = json(answer);
      expect(result, file).toEqual(JSON.parse(JSON.stringify(api.solve(scenario))));
      if (expected.warnings)
        expect(result.warnings.map((w) => w.field).sort(), file).toEqual(
          [...expected.warnings].sort(), // a multiset (tests/cases/README.md)
        );
      for (const w of result.warnings) expect(answer.content[0].text, file).toContain(w.message);
    }
  });

  test('solve takes a scenario object as the other doors do', async () => {
    const scenario = { ...structuredClone(catalog.presets[1].scenario), tp_size: 4 };
    const answer = await call('solve', { scenario });
    expect(json(answer)).toEqual(JSON.parse(JSON.stringify(api.solve(scenario))));
  });

  test('check: the normalised scenario with its result', async () => {
    const answer = await call('check', { scenario: catalog.presets[0].scenario });
    const outcome = api.check(catalog.presets[0].scenario);
    expect(json(answer)).toEqual(
      JSON.parse(JSON.stringify({ scenario: outcome.scenario, result: outcome.result })),
    );
    expect(answer.content[0].text).toMatch(/reads without error/);
  });

  test('sweep: one point per value, as the JS door gives them', async () => {
    const values = [1, 2, 4, 8, 16];
    const answer = await call('sweep', {
      scenario: 'Gpt3TensorParallelLayerTp8',
      field: 'tp_size',
      values,
    });
    const points = api.sweep(catalog.presets[0].scenario, 'tp_size', values);
    expect(json(answer)).toEqual(JSON.parse(JSON.stringify({ field: 'tp_size', points })));
    expect(answer.content[0].text).toMatch(/^5 values of tp_size, 5 solved/);
  });

  test('catalog: whole, or one section', async () => {
    expect(json(await call('catalog', {}))).toEqual(JSON.parse(JSON.stringify(catalog)));
    expect(json(await call('catalog', { section: 'links' }))).toEqual({
      links: JSON.parse(JSON.stringify(catalog.links)),
    });
  });

  test('validate: every table without rows, or the chosen ones with their rows', async () => {
    const all = json(await call('validate', {}));
    expect(all.tables.map((t) => t.table)).toEqual(validation.tables.map((t) => t.table));
    expect(all.tables.every((t) => !('rows' in t))).toBe(true);
    expect(all.serving).toEqual(validation.serving);
    const one = await call('validate', { table: 'h100x8_nvls.txt' });
    expect(json(one).tables).toEqual([
      validation.tables.find((t) => t.table === 'h100x8_nvls.txt'),
    ]);
    expect(one.content[0].text).toContain('h100x8_nvls.txt');
  });
});

describe('bad input answers errors, never a crash', () => {
  const refused = async (name, args) => {
    const answer = await call(name, args);
    expect(answer.isError).toBe(true);
    return json(answer).errors;
  };

  test("the core's errors, each with its path, as a tool error", async () => {
    const scenario = structuredClone(catalog.presets[0].scenario);
    scenario.tp_size = 'eight';
    scenario.links.infiniband_ndr = { bandwidth: '-5 GB/s' };
    const errors = await refused('solve', { scenario });
    expect(errors).toEqual(api.check(scenario).errors);
    expect(errors.map((e) => e.field)).toEqual(['tp_size', 'links.infiniband_ndr.bandwidth']);
    const answer = await call('solve', { scenario });
    expect(answer.content[0].text).toContain('links.infiniband_ndr.bandwidth: ');
  });

  test('wrong types and unknown arguments name the argument', async () => {
    for (const [args, field] of [
      [{ scenario: 42 }, 'scenario'],
      [{ scenario: null }, 'scenario'],
      [{ scenario: [] }, 'scenario'],
      [{ scenario: 'NoSuchPreset' }, 'scenario'],
      [{}, 'scenario'],
      [{ scenario: 'Gpt3TensorParallelLayerTp8', colour: 'red' }, 'colour'],
    ]) {
      const errors = await refused('solve', args);
      expect(errors.map((e) => e.field)).toContain(field);
    }
    expect((await refused('catalog', { section: 'nothing' }))[0].field).toBe('section');
    expect((await refused('validate', { link: 'carrier_pigeon' }))[0].field).toBe('link');
  });

  test('sweep: values out of range and a field that cannot be swept', async () => {
    const scenario = 'Gpt3TensorParallelLayerTp8';
    expect((await refused('sweep', { scenario, field: 'tp_size', values: [] }))[0].field).toBe(
      'values',
    );
    const many = Array.from({ length: MAX_SWEEP_VALUES + 1 }, (_, i) => i + 1);
    const [tooMany] = await refused('sweep', { scenario, field: 'tp_size', values: many });
    expect(tooMany).toEqual({
      field: 'values',
      path: ['values'],
      message: `expected at most ${MAX_SWEEP_VALUES} values to sweep, got ${MAX_SWEEP_VALUES + 1}`,
    });
    expect(tools.get('sweep').inputSchema.properties.values.maxItems).toBe(MAX_SWEEP_VALUES);
    expect((await refused('sweep', { scenario, field: 42, values: [1] }))[0].message).toBeTruthy();
    // The core's message, as a tool error: not a point's.
    const [notSwept] = await refused('sweep', { scenario, field: 'links', values: [1, 2] });
    expect(notSwept.field).toBe('sweep');
    expect(notSwept.message).toMatch(/^can sweep tp_size, tokens, .* got "links"$/);
    // A value the field refuses is that point's error; the others solve.
    const points = json(await call('sweep', { scenario, field: 'tp_size', values: [0, 8] })).points;
    expect(points[0].errors[0].field).toBe('tp_size');
    expect(points[1].result).toBeTruthy();
  });

  test('a 2 MB string, as the scenario or inside it, is refused with an excerpt', async () => {
    const huge = 'x'.repeat(2 * 1024 * 1024);
    const [asKey] = await refused('solve', { scenario: huge });
    expect(asKey.message.length).toBeLessThan(1000);
    expect(asKey.message).toContain('(2097152 characters)');
    const scenario = { ...structuredClone(catalog.presets[0].scenario), workload: huge };
    const inside = await refused('solve', { scenario });
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.every((e) => e.message.length < 2000)).toBe(true);
  });

  test('an unknown tool is a protocol error that names the tools', async () => {
    await expect(call('nope', {})).rejects.toThrow(
      /unknown tool "nope"; the tools are solve, check, sweep, catalog, validate/,
    );
  });

  test('an answer above MAX_ANSWER_BYTES is a tool error that says what to narrow', async () => {
    // 64 links swept over 256 values: 39 MB of JSON, which closed the SDK's stdio client.
    const scenario = structuredClone(catalog.presets[0].scenario);
    scenario.links = Object.fromEntries(
      Array.from({ length: 64 }, (_, i) => [`l${i}`, { bandwidth: `${i + 1} GB/s` }]),
    );
    const values = Array.from({ length: 256 }, (_, i) => 1024 * (i + 1));
    const answer = await call('sweep', { scenario, field: 'tokens', values });
    expect(answer.isError).toBe(true);
    const [error] = json(answer).errors;
    expect(error.field).toBe('values');
    expect(error.message).toMatch(
      /^the answer would hold \d+ bytes, above the 4194304 .*fewer values/,
    );
    expect(JSON.stringify(answer).length).toBeLessThan(2000);
    // A narrower one answers.
    const few = await call('sweep', { scenario, field: 'tokens', values: values.slice(0, 8) });
    expect(few.isError).toBeFalsy();
    expect(JSON.stringify(few).length).toBeLessThan(MAX_ANSWER_BYTES);
  });

  test('800 kB of markup in the names is refused at each name, not drawn into a 12.5 MB card', async () => {
    const amp = '&'.repeat(400 * 1024); // twice: 800 kB, under the 1 MiB a scenario may be
    const scenario = {
      ...structuredClone(catalog.presets[0].scenario),
      workload: { preset: 'GPT3', name: amp },
      accelerator: { preset: 'H100', name: `H100 \u202e${amp}` },
    };
    const answer = await call('solve', { scenario });
    expect(answer.isError).toBe(true);
    expect(json(answer).errors.map((e) => e.field)).toEqual(['workload.name', 'accelerator.name']);
    expect(JSON.stringify(answer).length).toBeLessThan(2000);
  });

  test('a sweep of an invalid scenario is refused once, not at each value', async () => {
    const scenario = { ...structuredClone(catalog.presets[0].scenario), tokens: -1, layers: 0 };
    const values = Array.from({ length: 256 }, (_, i) => i + 1);
    const answer = await call('sweep', { scenario, field: 'tp_size', values });
    expect(answer.isError).toBe(true);
    expect(json(answer).errors).toEqual(api.check(scenario).errors);
    expect(JSON.stringify(answer).length).toBeLessThan(4000);
    // Errors that differ by value stay each point's.
    const mixed = json(
      await call('sweep', {
        scenario: 'Gpt3TensorParallelLayerTp8',
        field: 'tp_size',
        values: [0, -1],
      }),
    );
    expect(mixed.points.map((p) => p.errors[0].field)).toEqual(['tp_size', 'tp_size']);
  });

  test("a preset key such as 'constructor' is an unknown key, not an inherited property", async () => {
    for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const [error] = await refused('solve', { scenario: key });
      expect(error.field).toBe('scenario');
      expect(error.message).toContain(`got "${key}"`);
    }
  });
});
