// The numbers the docs quote from the core are the core's: the worked example in both models,
// the decode presets' all-reduces, what its module examples print, and its CLI transcripts (README.md and
// every docs/*.md). A calibration that moves them fails here, not in a reader's hands (the README once
// kept NVLink 4's NCCL time of an older fit).
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { load } from '../../dist/tplayer.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
// README.md and docs/*.md, one text: an example may move between them and stay checked.
const docs = [
  'README.md',
  ...readdirSync(`${root}docs`)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const readme = docs.map((f) => readFileSync(`${root}${f}`, 'utf8')).join('\n');
const api = await load();

/**
 * A preset's scenario in `linkModel`, its launch overhead the model's own (the derived default);
 * without `engine`, without its serving engine and the all-reduce it chose.
 */
function inModel(preset, linkModel, engine = true) {
  const { launch_overhead: _, ...scenario } = api.Scenarios[preset].scenario;
  if (!engine) {
    delete scenario.serving_engine;
    delete scenario.allreduce;
  }
  return api.solve({ ...scenario, link_model: linkModel });
}
const byName = (r) => Object.fromEntries(r.links.map((l) => [l.name, l]));
const us = (s) => Number((s * 1e6).toPrecision(4));
const ms = (s) => Number((s * 1e3).toPrecision(4));
const ratio = (l) =>
  `${l.comm_to_compute.toPrecision(3)}, ${l.bound}-bound, speedup ${l.serial_speedup.toPrecision(3)}x`;

describe("the docs' numbers", () => {
  it('the worked example at line rate and as NCCL runs it', () => {
    const line = byName(inModel('Gpt3TensorParallelLayerTp8', 'line_rate'));
    const nccl = byName(inModel('Gpt3TensorParallelLayerTp8', 'nccl'));
    expect([line.nvlink.protocol, nccl.nvlink.protocol, nccl.infiniband_ndr.protocol]).toEqual([
      'ring',
      'nvls',
      'simple',
    ]);
    const nv = nccl.nvlink;
    const rows = [
      `| NVLink 4: one all-reduce | ${us(line.nvlink.allreduce_time_s)} us (ring) | ${us(nv.allreduce_time_s)} us (NVLS: ${us(nv.bandwidth_time_s)} us bandwidth + ${us(nv.latency_time_s)} us launch and base) |`,
      `| NVLink 4: exchange / compute | ${ratio(line.nvlink)} | ${ratio(nv)} |`,
      `| InfiniBand NDR alone: one all-reduce | ${ms(line.infiniband_ndr.allreduce_time_s)} ms (ring) | ${ms(nccl.infiniband_ndr.allreduce_time_s)} ms (Simple ring) |`,
      `| InfiniBand NDR alone: exchange / compute | ${ratio(line.infiniband_ndr)} | ${ratio(nccl.infiniband_ndr)} |`,
    ];
    for (const row of rows) expect(readme).toContain(row);
  });

  it("the decode presets' NVLink all-reduce, NCCL against line rate", () => {
    const said = (preset, engine) => {
      const [n, l] = ['nccl', 'line_rate'].map((m) => byName(inModel(preset, m, engine)).nvlink);
      return [Math.round(us(n.allreduce_time_s)), Math.round(us(l.allreduce_time_s))];
    };
    const [a, b] = said('Llama3_70BDecodeTp8', false); // without its engine: eager NCCL
    const [c, d] = said('Llama3_70BDecodeTp8Nccl', true);
    const text = readme.replace(/\s+/g, ' ');
    expect(text).toContain(
      `NVLink 4 takes ${a} us as NCCL runs it eagerly against ${b} us at line rate (preset \`Llama3_70BDecodeTp8\` without its serving engine)`,
    );
    expect(text).toContain(
      `all fixed cost, ${c} us against ${d} us as NCCL runs it under vLLM's CUDA graphs (\`Llama3_70BDecodeTp8Nccl\`)`,
    );
  });

  // Each "$ build/native/tplayer ..." transcript: its lines are the CLI's, in order; a line "  ..."
  // stands for lines left out.
  it('the CLI transcripts are what the CLI prints', () => {
    const transcripts = [...readme.matchAll(/^\$ build\/native\/tplayer (.*)\n([^`]*)```/gm)];
    expect(transcripts.length).toBeGreaterThanOrEqual(2);
    for (const [, args, shown] of transcripts) {
      const out = execFileSync(`${root}build/native/tplayer`, args.split(' '), { cwd: root });
      const printed = String(out).trimEnd();
      let from = 0;
      for (const part of shown.trimEnd().split('\n  ...\n')) {
        const at = printed.indexOf(part, from);
        expect(at, `tplayer ${args}: ${part.slice(0, 60)}`).toBeGreaterThanOrEqual(from);
        // A part after "..." starts a line; the first starts the output, the last ends it.
        if (from === 0) expect(at).toBe(0);
        from = at + part.length;
      }
      expect(from, `tplayer ${args}: the transcript ends where the output does`).toBe(
        printed.length,
      );
    }
  });

  it("sweep's fields are the core's sweepable ones", () => {
    const listed = readme.match(/`field` is one of ((?:`\w+`(?:, )?)+) \(the fields/);
    expect(listed).not.toBeNull();
    const sweepable = api.catalog().fields.scenario.filter((f) => f.sweepable);
    expect(listed[1].split(', ')).toEqual(sweepable.map((f) => `\`${f.name}\``));
  });

  it('the one-line examples print what they say', () => {
    const gpt3 = api.Scenarios.Gpt3TensorParallelLayerTp8;
    const ib = api.solve(gpt3.scenario).links[1];
    expect(readme).toContain(
      `console.log(tp.Scenarios.Gpt3TensorParallelLayerTp8.result.links[1].communication_time_s); // ${gpt3.result.links[1].communication_time_s}\n`,
    );
    expect(readme).toContain(
      `console.log(result.links[1].name, result.links[1].allreduce_time_s); // ${ib.name} ${ib.allreduce_time_s}\n`,
    );
    const measured = readFileSync(`${root}calibration/data/h100x8_ring.txt`, 'utf8');
    const ranks = api.readMeasured(measured).ranks;
    expect(readme).toContain(`console.log(tp.readMeasured(measured).ranks); // ${ranks} (from`);
  });

  it("the module example's times: the seed's links as bare bandwidths, beside a measurement", () => {
    const example = readme.match(
      /```js\n(const \{ load \} = await import[^`]*?console\.log\(l\.name, l\.protocol[^\n]*\n)((?:\/\/[^\n]*\n)+)```/,
    );
    expect(example).not.toBeNull();
    // The scenario solved below, as the example writes it.
    expect(example[1]).toContain(
      "links: { nvlink: 'nvlink4', seed_style: '450 GB/s', mine: { measured } },",
    );
    expect(example[1]).toContain("link_model: 'nccl',\n  launch_overhead: '10 us',");
    const said = [...example[2].matchAll(/(\w+) (\w+) (\d\.\d+)\.\.\. (\d\.\d+)\.\.\./g)];
    expect(said.map((m) => m[1])).toEqual(['nvlink', 'seed_style', 'mine']);
    const measured = readFileSync(`${root}calibration/data/h100x8_ring.txt`, 'utf8');
    const r = byName(
      api.solve({
        ...api.Scenarios.Gpt3TensorParallelLayerTp8.scenario,
        links: { nvlink: 'nvlink4', seed_style: '450 GB/s', mine: { measured } },
        link_model: 'nccl',
        launch_overhead: '10 us',
      }),
    );
    for (const [, name, protocol, time, lineRate] of said) {
      expect(r[name].protocol).toBe(protocol);
      expect(String(r[name].allreduce_time_s).startsWith(time), `${name}: ${time}`).toBe(true);
      expect(String(r[name].line_rate_allreduce_time_s).startsWith(lineRate)).toBe(true);
    }
  });
});
