#!/usr/bin/env node
// npm run package (after scripts/build-wasm.sh): the npm package of the module,
// build/npm/tplayer-<version>.tgz, holding exactly
//   tplayer.js     the module as the CMake build writes it (build/wasm/tplayer.js)
//   tplayer.wasm.gz  its wasm, gzip-compressed, which it loads from beside itself
//   tplayer-card.js, tplayer-card.wasm.gz  the verdict card's module, which tplayer.js imports
//                  (and its wasm, fetched) the first time card() is called
//   tplayer.d.ts   its types (wasm/tplayer.d.ts, copied by the same build)
//   element.js     the web component <tp-layer> (tplayer/element; web/src/element.jsx, built by
//                  web/vite.config.js --mode element), which loads tplayer.js from beside itself
//   element.d.ts   its types (scripts/npm/element.d.ts)
//   tplayer-mcp.js the MCP server (bin tplayer-mcp): mcp/bin.js bundled with the SDK by
//                  mcp/vite.config.js, so that the package needs no dependencies
//   validation.json the validation data its validate tool reads (calibration/validation-data.mjs)
//   README.md      scripts/npm/package-readme.md with the version filled in
//   package.json   name tplayer, the repository's version, `exports` (types + import), `types`
//                  and `bin`
// Staged in build/npm/tplayer/ and packed there with `npm pack` (offline; no dependencies).
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validationData } from '../../calibration/validation-data.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = `${ROOT}build/npm/`;
const STAGE = `${OUT}tplayer/`;
const FILES = [
  'tplayer.js',
  'tplayer.wasm.gz',
  'tplayer-card.js',
  'tplayer-card.wasm.gz',
  'tplayer.d.ts',
];

if (process.argv.length > 2) {
  console.error('package: takes no arguments (usage: npm run package)');
  process.exit(2);
}
for (const f of FILES) {
  if (!existsSync(`${ROOT}build/wasm/${f}`)) {
    console.error(
      `package: build/wasm/${f} is missing: build the module first (bash scripts/build-wasm.sh)`,
    );
    process.exit(1);
  }
}

const repo = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8'));
const manifest = {
  name: 'tplayer',
  version: repo.version,
  description: repo.description,
  license: repo.license,
  keywords: [
    'tensor-parallelism',
    'all-reduce',
    'megatron',
    'interconnect',
    'webassembly',
    'calculator',
  ],
  type: 'module',
  exports: {
    '.': { types: './tplayer.d.ts', import: './tplayer.js', default: './tplayer.js' },
    './element': { types: './element.d.ts', import: './element.js', default: './element.js' },
    './package.json': './package.json',
  },
  main: './tplayer.js',
  types: './tplayer.d.ts',
  bin: { 'tplayer-mcp': './tplayer-mcp.js' },
  files: [...FILES, 'element.js', 'element.d.ts', 'tplayer-mcp.js', 'validation.json'],
  sideEffects: false,
  engines: { node: '>=18' },
};

rmSync(STAGE, { recursive: true, force: true });
mkdirSync(STAGE, { recursive: true });
for (const f of FILES) copyFileSync(`${ROOT}build/wasm/${f}`, STAGE + f);
execFileSync(
  process.execPath,
  [`${ROOT}node_modules/vite/bin/vite.js`, 'build', '--config', `${ROOT}mcp/vite.config.js`],
  { cwd: ROOT, stdio: 'inherit' },
);
copyFileSync(`${OUT}mcp/tplayer-mcp.js`, `${STAGE}tplayer-mcp.js`);
execFileSync(
  process.execPath,
  [
    `${ROOT}node_modules/vite/bin/vite.js`,
    'build',
    '--config',
    `${ROOT}web/vite.config.js`,
    '--mode',
    'element',
    '--outDir',
    `${OUT}element`,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ],
  { cwd: ROOT, stdio: 'inherit' },
);
copyFileSync(`${OUT}element/element.js`, `${STAGE}element.js`);
copyFileSync(`${ROOT}scripts/npm/element.d.ts`, `${STAGE}element.d.ts`);
writeFileSync(`${STAGE}validation.json`, JSON.stringify(validationData()));
const readme = readFileSync(`${ROOT}scripts/npm/package-readme.md`, 'utf8').replaceAll(
  '__VERSION__',
  repo.version,
);
writeFileSync(`${STAGE}README.md`, readme);
writeFileSync(`${STAGE}package.json`, `${JSON.stringify(manifest, null, 2)}\n`);

const tarball = `tplayer-${repo.version}.tgz`;
rmSync(OUT + tarball, { force: true });
const [packed] = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', OUT], {
    cwd: STAGE,
    encoding: 'utf8',
  }),
);
if (packed.filename !== tarball || !existsSync(OUT + tarball)) {
  console.error(`package: npm pack wrote ${packed.filename}, expected ${tarball}`);
  process.exit(1);
}
const listing = packed.files
  .map((f) => `  ${f.path.padEnd(16)} ${String(f.size).padStart(7)} B`)
  .join('\n');
console.log(
  `build/npm/${tarball}: ${packed.size} B packed, ${packed.unpackedSize} B unpacked\n${listing}`,
);
