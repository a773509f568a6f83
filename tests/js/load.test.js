// How load() finds the wasm: beside dist/tplayer.js (read from disk in Node, as above), over
// HTTP from options.wasmUrl (streamed through DecompressionStream into instantiateStreaming), from
// a host that sends the .gz with Content-Encoding: gzip (already inflated: not inflated twice),
// from the bytes themselves (options.wasmBinary), and a clear failure when the file is missing.
// Each case imports its own instance of the module (a query string), since load() loads once.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, listen } from '../../scripts/serve.mjs';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const MODULE = new URL('../../dist/tplayer.js', import.meta.url).href;
const gzipped = readFileSync(`${DIST}tplayer.wasm.gz`);
// docs/model.md#the-worked-example: GPT-3, TP 8, InfiniBand NDR's all-reduce.
const ALLREDUCE_S = 0.00183160768;

let fresh = 0;
const freshLoad = async (options) =>
  (await import(/* @vite-ignore */ `${MODULE}?instance=${++fresh}`)).load(options);
const solvesGpt3 = (api) =>
  expect(
    api.solve(api.Scenarios.Gpt3TensorParallelLayerTp8.scenario).links[1].allreduce_time_s,
  ).toBeCloseTo(ALLREDUCE_S, 12);

let site;
let encoded;
let base;
beforeAll(async () => {
  site = createServer(DIST);
  const port = await listen(site, 0, false);
  base = `http://127.0.0.1:${port}/`;
  // A host that marks .gz files Content-Encoding: gzip (fetch inflates them itself).
  encoded = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/wasm', 'Content-Encoding': 'gzip' });
    res.end(gzipped);
  });
  await listen(encoded, 0, false);
});
afterAll(() => {
  site?.close();
  encoded?.close();
});

describe('load() finds the wasm', () => {
  test('the shipped file is the wasm, gzip-compressed', () => {
    expect(gunzipSync(gzipped).readUInt32BE(0)).toBe(0x0061736d); // "\0asm"
  });

  test('beside the module by default (a file: URL in Node)', async () => {
    solvesGpt3(await freshLoad());
  });

  test('over HTTP from options.wasmUrl, as the page serves it', async () => {
    solvesGpt3(await freshLoad({ wasmUrl: `${base}tplayer.wasm.gz` }));
  });

  test('from a host that sends it with Content-Encoding: gzip', async () => {
    solvesGpt3(await freshLoad({ wasmUrl: `http://127.0.0.1:${encoded.address().port}/x.gz` }));
  });

  test('from the raw bytes, fetching nothing', async () => {
    solvesGpt3(await freshLoad({ wasmUrl: 'nowhere.wasm.gz', wasmBinary: gunzipSync(gzipped) }));
  });

  test('a missing file rejects the promise with its URL, and a later call may try again', async () => {
    const url = `${base}missing.wasm.gz`;
    const module = await import(/* @vite-ignore */ `${MODULE}?instance=${++fresh}`);
    await expect(module.load({ wasmUrl: url })).rejects.toThrow(`${url}: HTTP 404`);
    solvesGpt3(await module.load({ wasmUrl: `${base}tplayer.wasm.gz` }));
  });
});
