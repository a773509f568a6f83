import { describe, expect, it } from 'vitest';
import {
  bindingRuns,
  cannotOf,
  cannotText,
  computeBoundFrom,
  seriesByLink,
  turnText,
} from '../../../web/src/words/series.js';
import { tokenValues, tpValues } from '../../../web/src/state/sweep.js';
import { edit, real } from './model.js';
import { presetForm } from '../../../web/src/state/scenario.js';
import { evaluate } from '../../../web/src/state/state.js';
import {
  domainText,
  exchangeText,
  scenarioLine,
  hypothetical,
  modelText,
  protocolText,
  summaryText,
  verdict,
} from '../../../web/src/words/verdict.js';

const nvlink = {
  name: 'nvlink',
  communication_time_s: 0.000405468373333,
  comm_to_compute: 0.2148258328,
  bound: 'compute',
  regime: 'bandwidth',
  serial_speedup: 6.58530612702,
  serial_efficiency: 0.823163265877,
};
const ib = {
  ...nvlink,
  name: 'infiniband_ndr',
  communication_time_s: 0.00366,
  comm_to_compute: 1.94085,
  bound: 'communication',
  serial_speedup: 2.720302,
  serial_efficiency: 0.34,
};

describe('verdict', () => {
  it('says docs/model.md#the-worked-example headlines in words', () => {
    // A ratio names both sides ("exchange 1.9x compute"); a speedup says it is one.
    expect(verdict(nvlink, { chip: 'H100 SXM', tpSize: 8 }).text).toBe(
      'compute-bound — exchange 21% of compute; speedup 6.6x over one H100 SXM (82% efficient)',
    );
    expect(verdict(ib, { chip: 'H100 SXM', tpSize: 8 }).text).toBe(
      'communication-bound — exchange 1.9x compute; speedup 2.7x over one H100 SXM (34% efficient)',
    );
  });
  it('covers no exchange, latency and slowdowns', () => {
    expect(
      verdict(
        {
          ...nvlink,
          communication_time_s: 0,
          comm_to_compute: 0,
          serial_speedup: 1,
          serial_efficiency: 1,
        },
        { tpSize: 1 },
      ).text,
    ).toContain('no exchange on one rank');
    expect(verdict(nvlink, { chip: 'H100', holds: false }).text).toContain(
      'speedup 6.6x over one H100 (82% efficient; one H100 cannot hold the model: a hypothetical baseline)',
    );
    expect(verdict({ ...ib, regime: 'latency', serial_speedup: 0.5 }, { chip: 'A100' }).text).toBe(
      'communication-bound — exchange 1.9x compute, mostly latency; speedup 0.5x: slower than one A100 alone',
    );
  });
  it('says the exchange and one all-reduce in time, and the verdict in a sentence that agrees', () => {
    expect(exchangeText({ ...ib, allreduce_time_s: 0.00183, reduce_scatter_time_s: 0 }, 2)).toBe(
      'exchange 3.66 ms per layer: 2 all-reduces of 1.83 ms',
    );
    const r = {
      links: [nvlink, ib].map((l) => ({ ...l, within_domain: true, kind: 'link' })),
      binding_link: 'infiniband_ndr',
      bound: 'communication',
      compute_time_s: 0.001887,
      single_device_time_s: 0.0151,
      single_device_memory_bytes: 14e9,
      single_device_fits_in_memory: true,
    };
    const names = { titles: ['NVLink 4', 'IB NDR'], chip: 'H100 SXM' };
    expect(summaryText(r, { n: 8, ...names })).toBe(
      'Each of the 8 ranks computes for 1.887 ms per layer (one H100 SXM alone: 15.1 ms). On the binding link, IB NDR (the slowest exchange), the layer is communication-bound; on NVLink 4, compute-bound.',
    );
    expect(summaryText({ ...r, links: [r.links[1]] }, { n: 8, ...names, titles: ['IB NDR'] })).toBe(
      'Each of the 8 ranks computes for 1.887 ms per layer (one H100 SXM alone: 15.1 ms). On IB NDR the layer is communication-bound.',
    );
    // One chip that cannot hold the model: its time is a hypothetical, said with its size.
    const big = { ...r, single_device_memory_bytes: 350e9, single_device_fits_in_memory: false };
    expect(summaryText(big, { n: 8, ...names })).toContain(
      "(one H100 SXM alone: 15.1 ms, if it could hold the model's 350 GB).",
    );
    expect(summaryText(r, { n: 1, ...names })).toBe(
      'One rank computes the whole layer in 1.887 ms: no exchange on one rank.',
    );
  });
  it('marks a hypothetical by the core: beyond a domain, or beyond the ranks measured on', () => {
    expect(hypothetical({ within_domain: false, kind: 'link' }, 16)).toBe(true);
    expect(hypothetical({ within_domain: true, kind: 'link' }, 16)).toBe(false);
    expect(hypothetical({ within_domain: true, kind: 'measured', measured_ranks: 4 }, 16)).toBe(
      true,
    );
    expect(hypothetical({ within_domain: true, kind: 'measured', measured_ranks: 4 }, 4)).toBe(
      false,
    );
  });
  it("names catalogue links by the catalogue's short names", async () => {
    const { model } = await real();
    const short = (kind, key) => model.entries[kind].get(key).short_name;
    expect(short('link', 'nvlink4')).toBe('NVLink 4');
    expect(short('link', 'ib_ndr')).toBe('IB NDR');
    expect(short('link', 'pcie4')).toBe('PCIe 4.0');
    expect(short('two_tier_link', 'hgx_h100_ndr')).toBe('HGX H100 + NDR');
  });
});

describe('sweep', () => {
  it('asks for 1, 2, 4, ... heads', () => {
    expect(tpValues(96)).toEqual([1, 2, 4, 8, 16, 32, 64, 96]);
    expect(tpValues(64)).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect(tpValues(1)).toEqual([1]);
    expect(tpValues(undefined)).toEqual([1]);
    expect(tpValues(1e12).length).toBeLessThanOrEqual(41);
  });
  it('splits the points per link and finds where each turns', () => {
    const points = [1, 2, 4].map((tp, i) => ({
      value: tp,
      result: { links: [{ ...nvlink }, { ...ib, bound: i ? 'communication' : 'compute' }] },
    }));
    points.push({ value: 8, errors: [{ field: 'tp_size', message: 'x' }] });
    const s = seriesByLink(points, ['nvlink', 'infiniband_ndr']);
    expect(s[1].map((p) => p.link && p.link.bound)).toEqual([
      'compute',
      'communication',
      'communication',
      null,
    ]);
    expect(turnText('NVLink 4', s[0])).toBe('NVLink 4 stays compute-bound up to tp 4');
    expect(turnText('IB', s[1])).toBe('IB turns communication-bound at tp 2');
  });
  it('asks for 1, 2, 4, ... tokens past four times the scenario, with its own count', () => {
    expect(tokenValues(32)).toEqual([...Array(17).keys()].map((k) => 2 ** k));
    expect(tokenValues(3000)).toContain(3000);
    expect(tokenValues(3000).indexOf(3000)).toBe(12); // between 2,048 and 4,096
    expect(tokenValues(131072).at(-1)).toBe(524288);
    expect(tokenValues(2 ** 30).at(-1)).toBe(2 ** 24); // no further than the core's largest batch
  });
  it('says where a link turns each way along tokens, and where the binding link ends compute-bound', () => {
    const bounds = ['communication', 'compute', 'communication', 'compute', 'compute'];
    const points = bounds.map((bound, i) => ({
      value: 4 ** i,
      result: { bound, links: [{ ...nvlink, bound }] },
    }));
    const [s] = seriesByLink(points, ['nvlink'], 8);
    expect(s.map((p) => [p.x, p.tp])).toEqual([
      [1, 8],
      [4, 8],
      [16, 8],
      [64, 8],
      [256, 8],
    ]);
    expect(turnText('NVLink 4', s, 'tokens')).toBe(
      'NVLink 4 turns compute-bound at 4 tokens, then communication-bound at 16 tokens, then compute-bound at 64 tokens',
    );
    expect(turnText('IB', s.slice(0, 1), 'tokens')).toBe(
      'IB is communication-bound only at 1 token',
    );
    expect(computeBoundFrom(points)).toBe(3);
    expect(computeBoundFrom(points.slice(0, 3))).toBe(-1);
    expect(computeBoundFrom(points.slice(3))).toBe(0);
  });
  it('marks the points that cannot run and leaves them out of the turns (the real module)', async () => {
    const { api } = await real();
    // Llama 3 70B decode at TP 8 on H100: 355 sequences fit beside the weights; from 512 the
    // weights and KV cache per rank outgrow the memory (its whole 80 GiB, not 0.9), on every link.
    const values = tokenValues(32);
    const points = api.sweep({ preset: 'Llama3_70BDecodeTp8' }, 'tokens', values);
    expect(points[0].result.max_sequences).toBe(355);
    const [nv, ib] = seriesByLink(points, ['nvlink', 'infiniband_ndr'], 8);
    const c = cannotOf(nv);
    expect(c).toHaveLength(1);
    expect(c[0]).toMatchObject({ from: 512, to: values.at(-1), toEnd: true });
    expect(c[0].why).toMatch(/^the weights and KV cache per rank \(\d.* do not fit/);
    expect(cannotText('NVLink 4', c, 'tokens')).toBe(
      `NVLink 4 cannot run from 512 tokens (there: ${c[0].why})`,
    );
    expect(turnText('NVLink 4', nv, 'tokens')).toBe(
      'NVLink 4 stays compute-bound up to 256 tokens',
    );
    expect(turnText('IB', ib, 'tokens')).not.toMatch(/512|65,536/);
    expect(bindingRuns(points[0])).toBe(true);
    expect(bindingRuns(points.at(-1))).toBe(false);
    // GPT-3 over tp on NVLink 4 (domain 8): up to tp 4 its weights outgrow a GPU, from 16 the ring
    // outgrows the domain; only tp 8 runs.
    const tp = api.sweep({ preset: 'Gpt3TensorParallelLayerTp8' }, 'tp_size', tpValues(96));
    const [g] = seriesByLink(tp, ['nvlink']);
    const gc = cannotOf(g);
    expect(gc.map(({ from, to, toEnd }) => [from, to, toEnd])).toEqual([
      [1, 4, false],
      [16, 96, true],
    ]);
    expect(gc[0].why).toMatch(/^the weights per rank \(350 GB\) do not fit/);
    expect(gc[1].why).not.toBe(gc[0].why);
    expect(cannotText('NVLink 4', gc, 'tp_size')).toBe(
      `NVLink 4 cannot run from tp 1 to tp 4 (at tp 1: ${gc[0].why}) nor from tp 16 (there: ${gc[1].why})`,
    );
    expect(turnText('NVLink 4', g, 'tp_size')).toBe('NVLink 4 is compute-bound only at tp 8');
    expect(cannotOf(g.slice(3, 4))).toEqual([]);
  });
  it('says the scenario in one line, as the card does (the real module)', async () => {
    const { api, model } = await real();
    const decode = presetForm(model, 'Llama3_70BDecodeTp8');
    expect(scenarioLine(evaluate(api, model, decode))).toBe(
      'Llama 3 70B · TP 8 · 32 sequences at 4,096 cached tokens · H100 SXM · BF16 dense · decode · as it runs',
    );
    const mixed = edit(decode, [['compute_model'], 'roofline'], [['workload', 'layers'], '4']);
    expect(scenarioLine(evaluate(api, model, mixed))).toBe(
      'Llama 3 70B, edited · TP 8 · 32 sequences at 4,096 cached tokens · H100 SXM · BF16 dense · decode · compute by roofline, links as NCCL runs them',
    );
  });
  it('says the whole model per step and its tokens per second, by pass', () => {
    const l = { step_time_s: 0.2201, time_to_first_token_s: 0.2201, tokens_per_s: 9304.4 };
    expect(modelText(l, { pass: 'forward', layers: 96 }, 2048)).toBe(
      'whole model (96 layers and the head): 220.1 ms per forward pass of 2,048 tokens, 9,304 tokens/s, first token after 220.1 ms',
    );
    expect(modelText({ ...l, tokens_per_s: 42.54 }, { pass: 'decode', layers: 80 }, 1)).toBe(
      'whole model (80 layers and the head): 220.1 ms per token for 1 sequence, 42.5 tokens/s',
    );
    expect(modelText(l, { pass: 'training', layers: 96 }, 2048)).toContain('per training step of');
    // One of a thing is said in the singular: a one-layer model, one token.
    expect(modelText(l, { pass: 'forward', layers: 1 }, 1)).toBe(
      'whole model (1 layer and the head): 220.1 ms per forward pass of 1 token, 9,304 tokens/s, first token after 220.1 ms',
    );
  });
});

describe('NCCL and domains in words', () => {
  it('names each protocol', () => {
    expect(['ll', 'll128', 'simple', 'nvls', 'nvls_tree', 'one_pass'].map(protocolText)).toEqual([
      'ring, low-latency (LL)',
      'ring, LL128',
      'ring, bulk (Simple)',
      'NVLink SHARP (NVLS)',
      'NVLS-tree (NVLink SHARP in the node, a tree across the nodes)',
      'one-pass (RCCL reads every peer at once over its own link)',
    ]);
    expect(protocolText('ring')).toContain('no NCCL calibration');
  });
  it('says what a point beyond a domain prices', () => {
    expect(domainText('NVLink 4', 8, 'H100')).toBe(
      'NVLink 4 joins 8 H100s: beyond 8 this prices a ring the hardware cannot build.',
    );
  });
});
