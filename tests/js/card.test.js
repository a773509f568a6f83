// The verdict card on the JS door (issue 21): card() of dist/tplayer.js answers the very bytes
// the native CLI's --format svg prints, for every preset (with its title) and for a scenario of
// the user's own; the card's module loads on the first call and from where load()'s options say;
// bad input rejects with the core's errors. Run scripts/build.sh and the native build first.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { createServer, listen } from '../../scripts/serve.mjs';
import { load, ScenarioError } from '../../dist/tplayer.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = (args, input) =>
  execFileSync(`${root}build/native/tplayer`, args, { input, encoding: 'utf8' });
const MODULE = new URL('../../dist/tplayer.js', import.meta.url).href;

const tp = await load();
const permalink = (key) => `https://example.org/tplayer/#v=3&p=${key}&note=<a&b>"`;

describe('card() is the CLI --format svg, byte for byte', () => {
  test.each(tp.catalog().presets.map((p) => [p.key, p]))('preset %s', async (key, preset) => {
    const svg = await tp.card(preset.scenario, { title: preset.title, permalink: permalink(key) });
    expect(svg).toBe(cli(['--preset', key, '--format', 'svg', '--permalink', permalink(key)]));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="640"')).toBe(true);
    expect(svg).toContain(`${key}&amp;note=&lt;a&amp;b&gt;&quot;`); // the permalink, escaped
    expect(Buffer.byteLength(svg)).toBeLessThanOrEqual(12 * 1024);
  });

  test('a scenario of its own, without title or permalink: the default title', async () => {
    const scenario = {
      ...tp.Scenarios.Gpt3TensorParallelLayerTp8.scenario,
      tp_size: 4,
      links: { ib: { bandwidth: '400 Gb/s', latency: '5 us' } },
    };
    const svg = await tp.card(scenario);
    expect(svg).toBe(cli(['--json', '-', '--format', 'svg'], JSON.stringify(scenario)));
    expect(svg).toContain('<title id="tplayer-card-title">GPT-3 175B, TP 4</title>');
    expect(svg).not.toContain('example.org');
  });
});

describe('card() on bad input', () => {
  test("rejects with the core's errors, by field", async () => {
    const scenario = { ...tp.Scenarios.Gpt3TensorParallelLayerTp8.scenario, tp_size: 0 };
    const error = await tp.card(scenario).catch((e) => e);
    expect(error).toBeInstanceOf(ScenarioError);
    expect(error.errors).toEqual(tp.check(scenario).errors);
    expect(error.errors[0]).toMatchObject({ field: 'tp_size', path: ['tp_size'] });
  });

  test('the values JSON cannot carry, and text that is not text, name their field', async () => {
    const scenario = tp.Scenarios.Gpt3TensorParallelLayerTp8.scenario;
    const fn = await tp.card({ ...scenario, tokens: () => 1 }).catch((e) => e);
    expect(fn.errors).toMatchObject([{ field: 'tokens', path: ['tokens'] }]);
    for (const field of ['title', 'permalink']) {
      const e = await tp.card(scenario, { [field]: 7 }).catch((x) => x);
      expect(e).toBeInstanceOf(ScenarioError);
      expect(e.errors).toEqual([{ field, path: [field], message: 'expected text, got number' }]);
    }
  });
});

describe('card() is valid and bounded (issue 43)', () => {
  const scenario = tp.Scenarios.Gpt3TensorParallelLayerTp8.scenario;

  test("the title is a label: the core's name rule, its refusal naming title", async () => {
    for (const title of ['a\x1b]52;c;aGk=\x07', 'H100 \u202egnp.exe', '\ufffe', 'x'.repeat(121)]) {
      const e = await tp.card(scenario, { title }).catch((x) => x);
      expect(e, JSON.stringify(title)).toBeInstanceOf(ScenarioError);
      expect(e.errors).toHaveLength(1);
      expect(e.errors[0]).toMatchObject({ field: 'title', path: ['title'] });
      expect(e.errors[0].message).toMatch(/^expected a title of /);
    }
    // A 10 MB title (a 20 MB card before): refused, its message an excerpt.
    const huge = await tp.card(scenario, { title: '&'.repeat(10 * 1024 * 1024) }).catch((x) => x);
    expect(huge.errors[0].field).toBe('title');
    expect(huge.errors[0].message.length).toBeLessThan(200);
  });

  test('a permalink of any length is cut at code points, the card under 12 KB and UTF-8', async () => {
    const permalink = `https://example.org/#${'é€'.repeat(100000)}`;
    const svg = await tp.card(scenario, { permalink });
    expect(Buffer.byteLength(svg)).toBeLessThanOrEqual(12 * 1024);
    expect(svg).not.toContain('\ufffd'); // no character was cut in half
    expect(svg.match(/font-family="ui-monospace/g)).toHaveLength(3);
    expect(svg).toContain('…</text>');
  });
});

describe("where the card's module comes from", () => {
  let fresh = 0;
  const freshLoad = async (options) =>
    (await import(/* @vite-ignore */ `${MODULE}?card=${++fresh}`)).load(options);
  const expected = cli(['--preset', 'Gpt3TensorParallelLayerTp8', '--format', 'svg']);
  const gpt3 = (api) =>
    api.card(api.Scenarios.Gpt3TensorParallelLayerTp8.scenario, {
      title: api.Scenarios.Gpt3TensorParallelLayerTp8.title,
    });

  test('over HTTP beside wasmUrl, only when card() is first called', async () => {
    const asked = [];
    const site = createServer(`${root}dist/`);
    site.prependListener('request', (req) => asked.push(req.url));
    const base = `http://127.0.0.1:${await listen(site, 0, false)}/`;
    try {
      const api = await freshLoad({ wasmUrl: `${base}tplayer.wasm.gz` });
      expect(asked).toEqual(['/tplayer.wasm.gz']);
      expect(await gpt3(api)).toBe(expected);
      expect(await gpt3(api)).toBe(expected); // loaded once
      expect(asked).toEqual(['/tplayer.wasm.gz', '/tplayer-card.wasm.gz']);
    } finally {
      site.close();
    }
  });

  test('a missing card wasm rejects clearly, and a later call tries again', async () => {
    const api = await freshLoad({ cardWasmUrl: 'no-such-card.wasm.gz' });
    await expect(gpt3(api)).rejects.toThrow(/no-such-card\.wasm\.gz/);
    await expect(gpt3(api)).rejects.toThrow(/no-such-card\.wasm\.gz/);
    expect(api.solve(api.Scenarios.Gpt3TensorParallelLayerTp8.scenario).type).toBe(
      'TensorParallelLayerResult',
    );
  });
});
