// The npm package as a user gets it: build/npm/tplayer-<version>.tgz (npm run package) is
// installed into an empty project, offline, and imported by name from Node, from a Vite
// bundle run in Node, and by the TypeScript compiler through the package's `exports`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { version } = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8'));
const TARBALL = `${ROOT}build/npm/tplayer-${version}.tgz`;
// docs/model.md#the-worked-example: GPT-3, TP 8, the InfiniBand NDR link's all-reduce (0.00183160768 s, to 8 digits).
const ALLREDUCE_S = 0.0018316077;

// Prints the InfiniBand all-reduce time of the GPT-3 preset, what the module exports, and the start
// of its verdict card (drawn by the card's module, loaded on demand from beside tplayer.js).
const PROGRAM = `
const tplayer = await import('tplayer');
const tp = await tplayer.load();
const r = tp.solve(tp.Scenarios.Gpt3TensorParallelLayerTp8.scenario);
const card = await tp.card(tp.Scenarios.Gpt3TensorParallelLayerTp8.scenario);
console.log(JSON.stringify({ exports: Object.keys(tplayer).sort(), allreduce: r.links[1].allreduce_time_s, type: r.type, card: card.slice(0, 40) }));
`;

let dir;
const run = (command, args) =>
  execFileSync(command, args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const node = (args) => JSON.parse(run(process.execPath, args).trim().split('\n').pop());

function expectSolved(out) {
  expect(out.type).toBe('TensorParallelLayerResult');
  expect(Math.abs(out.allreduce - ALLREDUCE_S) / ALLREDUCE_S).toBeLessThan(1e-7);
}

beforeAll(() => {
  if (!existsSync(TARBALL)) throw new Error(`${TARBALL} is missing: run npm run package first`);
  dir = mkdtempSync(join(tmpdir(), 'tplayer-package-'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', TARBALL]);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the npm package', () => {
  test('installs with exactly the module, its wasm, its types, a README and a package.json with exports and types', () => {
    const installed = join(dir, 'node_modules/tplayer/');
    const manifest = JSON.parse(readFileSync(`${installed}package.json`, 'utf8'));
    expect(manifest.name).toBe('tplayer');
    expect(manifest.version).toBe(version);
    expect(manifest.exports['.']).toEqual({
      types: './tplayer.d.ts',
      import: './tplayer.js',
      default: './tplayer.js',
    });
    expect(manifest.exports['./element']).toEqual({
      types: './element.d.ts',
      import: './element.js',
      default: './element.js',
    });
    expect(manifest.types).toBe('./tplayer.d.ts');
    expect(manifest.dependencies).toBeUndefined();
    const listing = run('tar', ['tzf', TARBALL]).trim().split('\n').sort();
    expect(listing).toEqual([
      'package/README.md',
      'package/element.d.ts',
      'package/element.js',
      'package/package.json',
      'package/tplayer-card.js',
      'package/tplayer-card.wasm.gz',
      'package/tplayer-mcp.js',
      'package/tplayer.d.ts',
      'package/tplayer.js',
      'package/tplayer.wasm.gz',
      'package/validation.json',
    ]);
    expect(manifest.bin).toEqual({ 'tplayer-mcp': './tplayer-mcp.js' });
  });

  test("import('tplayer') works in Node", () => {
    const out = node(['--input-type=module', '-e', PROGRAM]);
    expect(out.exports).toEqual(['ScenarioError', 'load']);
    expectSolved(out);
    expect(out.card).toBe('<svg xmlns="http://www.w3.org/2000/svg" ');
  });

  test('tplayer/element resolves to the web component, beside the module it loads', () => {
    const out = node([
      '--input-type=module',
      '-e',
      "console.log(JSON.stringify({ element: import.meta.resolve('tplayer/element'), module: import.meta.resolve('tplayer') }))",
    ]);
    expect(out.element).toBe(out.module.replace(/tplayer\.js$/, 'element.js'));
    const code = readFileSync(new URL(out.element), 'utf8');
    expect(code).toContain('tp-layer');
    expect(code).toMatch(/["'`]tplayer\.js["'`]/); // loaded from beside itself, not bundled
    expect(code).not.toMatch(/^import /m); // one file: nothing else to resolve
  });

  test('a Vite bundle of an entry that imports tplayer runs in Node, with tplayer inside it', () => {
    writeFileSync(join(dir, 'entry.js'), PROGRAM);
    // A plain object: the config is read from the consumer's directory, which has no vite.
    writeFileSync(
      join(dir, 'vite.config.mjs'),
      `export default ${JSON.stringify({
        root: dir,
        logLevel: 'warn',
        build: {
          outDir: 'out',
          emptyOutDir: true,
          target: 'es2022',
          lib: { entry: 'entry.js', formats: ['es'], fileName: 'bundle' },
        },
      })};`,
    );
    run(process.execPath, [
      `${ROOT}node_modules/vite/bin/vite.js`,
      'build',
      '--config',
      'vite.config.mjs',
    ]);
    const bundle = readFileSync(join(dir, 'out/bundle.js'), 'utf8');
    expect(bundle).not.toMatch(/["']tplayer["']/); // bundled, not left as an import
    rmSync(join(dir, 'node_modules'), { recursive: true }); // the bundle must need nothing else
    try {
      const out = node(['out/bundle.js']);
      expectSolved(out);
      expect(out.card).toBe('<svg xmlns="http://www.w3.org/2000/svg" ');
    } finally {
      run('npm', ['install', '--offline', '--no-audit', '--no-fund', TARBALL]);
    }
  });

  test('TypeScript finds the types through the exports (moduleResolution nodenext, strict)', () => {
    writeFileSync(
      join(dir, 'check.ts'),
      `import { load, ScenarioError, type LinkResult } from 'tplayer';
import 'tplayer/element';
const element: HTMLElement = document.createElement('tp-layer');
element.setAttribute('preset', 'Gpt3TensorParallelLayerTp8');
const tp = await load();
const link: LinkResult = tp.solve(tp.Scenarios.Gpt3TensorParallelLayerTp8.scenario).links[1];
const seconds: number = link.allreduce_time_s;
const bound: 'compute' | 'communication' = link.bound;
const outcome = tp.check({ ...tp.Scenarios.Gpt3TensorParallelLayerTp8.scenario, tp_size: 0 });
const fields: string[] = outcome.errors ? outcome.errors.map((e) => e.field) : [];
console.log(seconds, bound, fields, ScenarioError.name);
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          types: [],
          skipLibCheck: false,
        },
        files: ['check.ts'],
      }),
    );
    run(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, '-p', 'tsconfig.json']);
  });

  test("tplayer-mcp, the installed bin, answers the SDK's own client over stdio", async () => {
    const client = new Client({ name: 'package-test', version: '0' });
    await client.connect(
      new StdioClientTransport({
        command: join(dir, 'node_modules/.bin/tplayer-mcp'),
        stderr: 'pipe',
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['solve', 'check', 'sweep', 'catalog', 'validate']);
      const solved = await client.callTool({
        name: 'solve',
        arguments: { scenario: 'Gpt3TensorParallelLayerTp8' },
      });
      expect(solved.isError).toBeFalsy();
      const result = JSON.parse(solved.content[1].text);
      expectSolved({ type: result.type, allreduce: result.links[1].allreduce_time_s });
      expect(solved.content[0].text).toContain(
        'The binding link (the slowest exchange) is infiniband_ndr',
      );
      // The verdict card, drawn by the card's module the package ships beside tplayer.js.
      expect(solved.content[2].resource.mimeType).toBe('image/svg+xml');
      expect(solved.content[2].resource.text).toMatch(
        /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/,
      );
      expect(solved.content[2].resource.text).toContain('IB NDR (binding)');
      const refused = await client.callTool({
        name: 'check',
        arguments: { scenario: { tp_size: 'eight' } },
      });
      expect(refused.isError).toBe(true);
      expect(JSON.parse(refused.content[1].text).errors.map((e) => e.field)).toContain('tp_size');
      const validated = await client.callTool({ name: 'validate', arguments: {} });
      expect(JSON.parse(validated.content[1].text).tables.length).toBeGreaterThan(10);
    } finally {
      await client.close();
    }
  });
});
