// "Show the math" with the worked example's numbers (tests/cases, shared with Catch2 and the JS
// API tests), its inputs read from the scenario as the real module normalises it.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sig, time } from '../../../web/src/words/format.js';
import { branchOf, linkSteps, scalarSteps } from '../../../web/src/words/math.js';
import { modelInputs } from '../../../web/src/state/sweep.js';
import { real } from './model.js';

const spec = JSON.parse(
  readFileSync(new URL('../../cases/gpt3_tp8_spec_3_1.json', import.meta.url)),
);
let r; // the worked example as the real module solves it (its numbers are the case file's)

describe('show the math', () => {
  let inp;
  beforeAll(async () => {
    const { api } = await real();
    const checked = api.check(spec.scenario);
    inp = modelInputs(checked.scenario);
    r = checked.result;
  });
  it('resolves the inputs of the model', () => {
    expect(inp).toEqual({
      P: 175e9,
      L: 96,
      h: 12288,
      heads: 96,
      inferenceFlops: 350e9,
      T: 2048,
      n: 8,
      c: 2,
      eta: 0.5,
      ctx: 0,
      memoryBandwidth: 3.35e12, // H100 SXM's
    });
  });
  it('substitutes the numbers, step by step, taking every result from the result object', () => {
    const s = Object.fromEntries(
      scalarSteps(inp, r).map(([name, , values, result]) => [name, `${values} = ${result}`]),
    );
    expect(s.F).toBe('(3.5e11 / 96) × 2048 = 7.467e12 FLOP');
    expect(s.t_comp).toBe('9.333e11 FLOP / (989 TFLOP/s × 0.5) = 1.887 ms');
    expect(s.M).toBe('2048 × 12288 × 2 B = 50,331,648 B (50.33 MB)');
    expect(s['weights per rank']).toBe('1.75e11 × 2 B / 8 = 43.75 GB ≤ 85.9 GB (80 GiB): fits');
    const ib = Object.fromEntries(
      linkSteps(inp, r, r.links[1]).map(([name, , values, result]) => [
        name,
        `${values} = ${result}`,
      ]),
    );
    expect(ib.t_bw).toBe('2×(8−1)/8 × 50.33 MB / 50 GB/s = 1.762 ms');
    expect(ib.t_lat).toBe('2×(8−1) × 5 µs = 70 µs');
    expect(ib.t_comm).toBe('2 × 1.832 ms = 3.663 ms');
    expect(ib.wire).toBe('2 × 2×(8−1)/8 × 50,331,648 B = 176,160,768 B (176.2 MB)');
    expect(ib.bound).toBe('3.663 ms > 1.887 ms = communication');
    expect(ib.speedup).toBe('15.1 ms / 5.551 ms = 2.72x');
    expect(ib.efficiency).toBe('2.72 / 8 = 34%');
  });
  it('as NCCL runs it: the winning branch, its constants and the launch, then the same steps', async () => {
    const { api, catalog } = await real();
    const scenario = { ...spec.scenario, link_model: 'nccl' };
    const { result: nr, scenario: core } = api.check(scenario);
    const i = modelInputs(core);
    const steps = (l) =>
      Object.fromEntries(
        linkSteps(i, nr, l, branchOf(core, l)).map(([name, formula, values, result]) => [
          name,
          `${formula} = ${values} = ${result}`,
        ]),
      );
    const nv = steps(nr.links[0]);
    const p = catalog.links
      .find((l) => l.key === 'nvlink4')
      .protocols.find((x) => x.name === 'nvls');
    expect(nr.links[0].protocol).toBe('nvls');
    expect(nv.branch).toBe('the fastest of NCCL’s branches = nvls = NVLink SHARP (NVLS)');
    expect(nv.t_bw).toBe(
      `M / (e × B) = 50.33 MB / (${p.efficiency} × 450 GB/s) = ${time(nr.links[0].bandwidth_time_s)}`,
    );
    expect(nv.t_lat).toBe(
      `launch + base = 10 µs + ${time(p.base_latency)} = ${time(nr.links[0].latency_time_s)}`,
    );
    expect(nv.wire).toBe('c × M = 2 × 50,331,648 B = 100,663,296 B (100.7 MB)');
    const ib = steps(nr.links[1]);
    const q = catalog.links
      .find((l) => l.key === 'ib_ndr')
      .protocols.find((x) => x.name === nr.links[1].protocol);
    expect(ib.t_lat).toBe(
      `launch + base + 2(n−1) × step = 10 µs + ${time(q.base_latency)} + 2×(8−1) × ${time(q.step_latency)} = ${time(nr.links[1].latency_time_s)}`,
    );
    // An edited catalogue link keeps its branches; a link without them has none to show.
    const edited = api.check({
      ...scenario,
      links: { a: { preset: 'nvlink4', latency: '1 us' }, b: '100 GB/s' },
    });
    expect(branchOf(edited.scenario, edited.result.links[0])?.name).toBe(
      edited.result.links[0].protocol,
    );
    expect(branchOf(edited.scenario, edited.result.links[1])).toBeNull();
    expect(linkSteps(i, edited.result, edited.result.links[1])[1][1]).toBe('launch + 2(n−1) × α');
    const line = api.check(spec.scenario);
    expect(branchOf(line.scenario, line.result.links[0])).toBeNull(); // line rate
  });
  // A shared case's first link: its result and its steps as "formula = values = figure".
  const caseSteps = async (file) => {
    const { api } = await real();
    const { scenario } = JSON.parse(readFileSync(new URL(`../../cases/${file}`, import.meta.url)));
    const { result, scenario: core } = api.check(scenario);
    const l = result.links[0];
    const steps = linkSteps(modelInputs(core), result, l, branchOf(core, l));
    return { l, steps: Object.fromEntries(steps.map(([n, f, v, x]) => [n, `${f} = ${v} = ${x}`])) };
  };
  it("as NCCL runs a tree: M up and M down in 2⌈log2 n⌉ steps (tests/cases' tree case)", async () => {
    const { l, steps } = await caseSteps('nccl_tree_wins_small_message.json');
    expect(l.protocol).toBe('tree_ll');
    expect(steps.t_bw).toBe(
      `2 × M / (e × B) = 2 × 24.58 KB / (0.2 × 400 GB/s) = ${time(l.bandwidth_time_s)}`,
    );
    expect(steps.t_lat).toBe(
      `launch + base + 2⌈log2 n⌉ × step = 5 µs + 2 µs + 2×⌈log2 8⌉ × 1 µs = ${time(l.latency_time_s)}`,
    );
    expect(steps.wire).toBe('c × 2 × M = 2 × 2 × 24,576 B = 98,304 B (98.3 KB)');
  });
  it("as RCCL runs a one-shot: (n−1) M over the group's links (tests/cases' one-shot case)", async () => {
    const { l, steps } = await caseSteps('nccl_one_shot_fully_connected.json');
    expect(l.protocol).toBe('one_shot');
    expect(steps.t_bw).toBe(
      `(n−1) × M / (e × B) = (4−1) × 24.58 KB / (0.75 × 192 GB/s) = ${time(l.bandwidth_time_s)}`,
    );
    expect(steps.t_lat).toBe(
      `launch + base + (n−1) × step = 5 µs + 4 µs + (4−1) × 0 ns = ${time(l.latency_time_s)}`,
    );
    expect(steps.wire).toBe('c × (n−1) × M = 2 × (4−1) × 24,576 B = 147,456 B (147.5 KB)');
  });

  it("puts the accelerator's memory bandwidth into the roofline's memory time", async () => {
    const { api } = await real();
    const decode = JSON.parse(
      readFileSync(
        new URL('../../cases/roofline_decode_llama2_70b_a100_tp8.json', import.meta.url),
      ),
    ).scenario;
    const tMem = (scenario) => {
      const { scenario: core, result } = api.check(scenario);
      const step = scalarSteps(modelInputs(core), result).find((x) => x[0] === 't_mem');
      return `${step[2]} = ${step[3]}`;
    };
    expect(tMem(decode)).toBe('220.8 MB / (2.039 TB/s × 0.8) = 135.4 µs'); // the case's t_mem
    const edited = { ...decode, accelerator: { preset: 'A100', memory_bandwidth: '1 TB/s' } };
    expect(tMem(edited)).toBe(`220.8 MB / (1 TB/s × 0.8) = ${time(220847152 / 0.8e12)}`);
  });
  it('in the kernels model, fills every step with its numbers or words', async () => {
    const { api } = await real();
    const decode = JSON.parse(
      readFileSync(new URL('../../cases/kernels_decode_small_decoder.json', import.meta.url)),
    ).scenario;
    const { scenario: core, result } = api.check(decode);
    const steps = scalarSteps(modelInputs(core), result);
    for (const [name, formula, values, out] of steps) {
      expect([name, formula, values, out].every((part) => part.trim() !== '')).toBe(true);
    }
    const single = steps.find((x) => x[0] === 't_single');
    expect(single[3]).toBe(time(result.single_device_time_s));
    expect(single[2]).toContain('no all-reduce');
  });
  it('puts in the pass and the attention FLOPs when they count', async () => {
    const { api } = await real();
    for (const key of ['Gpt3TrainingStepTp8', 'Llama3_70BLongContextPrefillTp8']) {
      const p = api.Scenarios[key];
      const i = modelInputs(api.check(p.scenario).scenario);
      const [, formula, values, result] = scalarSteps(i, p.result)[0];
      if (p.result.compute_multiplier !== 1) expect(formula).toMatch(/^m × \(/);
      if (i.ctx) expect(values).toContain(` + 4 × ${i.h} × ${i.T} × ${i.ctx}`);
      expect(result).toBe(`${sig(p.result.flops_per_layer)} FLOP`);
    }
    expect(scalarSteps({ ...inp, ctx: 0 }, { ...r, compute_multiplier: 3 })[0][2]).toBe(
      '3 × ((3.5e11 / 96) × 2048)',
    );
  });
});
