#!/usr/bin/env node
// npm run bench's MCP step: tplayer-mcp (mcp/bin.js over dist/tplayer.js, as the package runs
// it) started afresh 7 times; for each, the SDK's own client times the start (spawn to the end
// of the MCP handshake) and the first solve after it. Prints the medians; target: solve <= 50 ms
// after start.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { fileURLToPath } from 'node:url';

const RUNS = 7;
const bin = fileURLToPath(new URL('../mcp/bin.js', import.meta.url));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const starts = [];
const solves = [];
const refusals = [];
for (let i = 0; i < RUNS; i++) {
  const client = new Client({ name: 'bench', version: '0' });
  const t0 = performance.now();
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin] }));
  const t1 = performance.now();
  await client.callTool({ name: 'solve', arguments: { scenario: 'Gpt3TensorParallelLayerTp8' } });
  const t2 = performance.now();
  // A 2 MB string as the scenario: refused, with an excerpt, however long it is.
  await client.callTool({ name: 'solve', arguments: { scenario: 'x'.repeat(2 * 1024 * 1024) } });
  refusals.push(performance.now() - t2);
  starts.push(t1 - t0);
  solves.push(t2 - t1);
  await client.close();
}
const ms = (x) => `${x.toFixed(1)} ms`;
const row = (label, value, note) =>
  console.log(`${label.padEnd(52)} ${value.padStart(12)}  ${note}`);
row('mcp: start (spawn to handshake), median', ms(median(starts)), `${RUNS} starts`);
row(
  'mcp: first solve after start, median',
  ms(median(solves)),
  `target <= 50 ms: ${median(solves) <= 50 ? 'met' : 'MISSED'}`,
);
row('mcp: a 2 MB string refused, median', ms(median(refusals)), 'the error names the argument');
