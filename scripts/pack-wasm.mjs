#!/usr/bin/env node
// Compresses the wasm into the file shipped beside the module (run by the CMake build, wasm/):
//   node scripts/pack-wasm.mjs --zopfli /usr/bin/zopfli build/wasm/tplayer_wasm.wasm build/wasm/tplayer.wasm.gz
// The facade fetches that file (beside tplayer.js; read from disk in Node) and streams it through
// DecompressionStream into WebAssembly.instantiateStreaming: the bytes are compiled while they
// arrive, off the main thread, and nothing is base64-decoded. A static host serves the .gz as it
// is (no Content-Encoding), so its size is what travels; zopfli packs 5% smaller than gzip -9
// (about 2 KB here). Without --zopfli, Node's zlib at level 9 packs it.
import { execFileSync } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const usage = 'usage: node scripts/pack-wasm.mjs [--zopfli PATH] IN.wasm OUT.wasm.gz';
const args = process.argv.slice(2);
let zopfli = null;
if (args[0] === '--zopfli') {
  zopfli = args[1];
  args.splice(0, 2);
  if (!zopfli) fail('--zopfli needs the path of the zopfli program');
}
if (args.length !== 2) fail(usage);
const [input, output] = args;
if (!output.endsWith('.wasm.gz')) fail(`the output should be named *.wasm.gz, got ${output}`);

function fail(message) {
  console.error(`pack-wasm: ${message}`);
  process.exit(2);
}

let wasm;
try {
  wasm = readFileSync(input);
} catch (e) {
  fail(`cannot read ${input}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
}
// "\0asm": the WebAssembly magic number, so that a wrong path fails here and not in a browser.
if (wasm.length < 8 || wasm.readUInt32BE(0) !== 0x0061736d)
  fail(`${input} is not a WebAssembly binary`);

let packed;
if (zopfli) {
  try {
    packed = execFileSync(zopfli, ['--i50', '-c', input], { maxBuffer: 1 << 28 });
  } catch (e) {
    fail(
      `${zopfli} failed: ${e.code === 'ENOENT' ? 'not found (Debian package zopfli)' : e.message}`,
    );
  }
} else {
  packed = gzipSync(wasm, { level: 9 });
}

writeFileSync(`${output}.tmp`, packed);
renameSync(`${output}.tmp`, output); // never a half-written file for the bundler to copy
