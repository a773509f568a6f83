// Measured links on the JavaScript door (docs/model.md#measured-links): the published tables of calibration/data
// pasted as they are. Each row priced back at its own size and rank count is exactly its time,
// and the page's reader (readMeasured) shows what the core read.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { load, ScenarioError } from '../../dist/tplayer.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const api = await load();
const tables = readdirSync(`${root}calibration/data`)
  .filter((f) => f.endsWith('.txt'))
  .map((f) => ({ file: f, text: readFileSync(`${root}calibration/data/${f}`, 'utf8') }))
  .filter((t) => !t.text.includes('two columns')); // the LLMCompass table is not nccl-tests text

// A layer whose all-reduce is exactly `bytes`: hidden_dim 1 in fp32, so M = 4 x tokens.
const layerOf = (text, ranks, bytes) => ({
  workload: { name: 'probe', parameters: 1, layers: 1, hidden_dim: 1, heads: 1 },
  tp_size: ranks,
  tokens: bytes / 4,
  accelerator: 'H100',
  precision: 'tf32',
  local_efficiency: 1,
  links: { mine: { measured: text } },
});

describe('measured links from the published tables', () => {
  it('finds the tables', () => expect(tables.length).toBeGreaterThanOrEqual(15));

  for (const { file, text } of tables) {
    it(`${file}: every row at its own size and rank count is exactly its time`, () => {
      const read = api.readMeasured(text);
      expect(read.error).toBeUndefined();
      // from the "#  Rank" lines where the copy kept them, else from busbw/algbw
      expect(read.ranks_from).toBe(/^#\s+Rank\s/m.test(text) ? 'header' : 'busbw/algbw');
      // 2, 4, 8 on one node, 16, 32, 64 on 2, 4, 8 nodes, 72 in one NVL72 rack (whose table has
      // 5 rows, 512 MiB up)
      expect([2, 4, 8, 16, 32, 64, 72]).toContain(read.ranks);
      expect(read.rows.length).toBeGreaterThanOrEqual(5);
      for (const row of read.rows.filter((r) => r.bytes >= 8 && r.bytes % 4 === 0)) {
        const link = api.solve(layerOf(text, read.ranks, row.bytes)).links[0];
        expect(link.allreduce_time_s, `${row.bytes} B`).toBe(row.time_s);
        expect(link).toMatchObject({
          kind: 'measured',
          protocol: 'measured',
          measured_ranks: read.ranks,
        });
      }
    });
  }

  it('prices the same doubles as the native CLI', () => {
    const { text } = tables.find((t) => t.file === 'h100x8_ring.txt');
    const scenario = { ...layerOf(text, 8, 3 << 22), tp_size: 4, tokens: 12345 };
    const native = JSON.parse(
      execFileSync(`${root}build/native/tplayer`, ['--json', '-', '--json'], {
        input: JSON.stringify(scenario),
        encoding: 'utf8',
      }),
    );
    expect(api.solve(scenario).links).toEqual(native.links);
    const linkWarnings = api.solve(scenario).warnings.filter((w) => w.path[0] === 'links');
    expect(linkWarnings.map((w) => w.path)).toEqual([['links', 'mine']]);
    expect(linkWarnings[0].message).toContain('measured on 8 ranks, priced at tp_size 4');
  });

  it('readMeasured says what it passed over, and refuses what is not text', () => {
    const read = api.readMeasured(
      '# header\nnot a row\n  1024 256 float sum -1 10.0 0.10 0.18 0\n  2048 512 float sum -1 0 0.1 0.2 0\n',
    );
    expect(read.error).toContain('line 4');
    expect(read.first_skipped).toEqual([
      { line: 2, text: 'not a row', reason: expect.stringContaining('not a data row') },
    ]);
    expect(() => api.readMeasured(42)).toThrow(ScenarioError);
    expect(() => api.readMeasured('x'.repeat(api.catalog().limits.max_json_bytes + 1))).toThrow(
      /at most/,
    );
  });
});
