import { describe, expect, it } from 'vitest';
import { seriesByLink, tpValues } from '../../../web/src/sweep.js';
import { real } from './model.js';
import {
  domainText,
  exchangeText,
  hypothetical,
  protocolText,
  summaryText,
  turnText,
  verdict,
} from '../../../web/src/verdict.js';

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
  it('says the SPEC 3.1 headlines in words', () => {
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
    };
    const names = { titles: ['NVLink 4', 'IB NDR'], chip: 'H100 SXM' };
    expect(summaryText(r, { n: 8, ...names })).toBe(
      'Each of the 8 ranks computes for 1.887 ms per layer (one H100 SXM alone: 15.1 ms). On the binding link, IB NDR (the slowest exchange), the layer is communication-bound; on NVLink 4, compute-bound.',
    );
    expect(summaryText({ ...r, links: [r.links[1]] }, { n: 8, ...names, titles: ['IB NDR'] })).toBe(
      'Each of the 8 ranks computes for 1.887 ms per layer (one H100 SXM alone: 15.1 ms). On IB NDR the layer is communication-bound.',
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
});

describe('NCCL and domains in words', () => {
  it('names each protocol', () => {
    expect(['ll', 'll128', 'simple', 'nvls'].map(protocolText)).toEqual([
      'ring, low-latency (LL)',
      'ring, LL128',
      'ring, bulk (Simple)',
      'NVLink SHARP (NVLS)',
    ]);
    expect(protocolText('ring')).toContain('no NCCL calibration');
  });
  it('says what a point beyond a domain prices', () => {
    expect(domainText('NVLink 4', 8, 'H100')).toBe(
      'NVLink 4 joins 8 H100s: beyond 8 this prices a ring the hardware cannot build.',
    );
  });
});
