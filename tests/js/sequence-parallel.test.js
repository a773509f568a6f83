// docs/model.md#the-hiding-bandwidth on the JavaScript door: collective "reduce_scatter_all_gather" and the bandwidth that
// hides the exchange, on every preset in both link models, against the native CLI bit for bit.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { load, ScenarioError } from '../../dist/tplayer.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const api = await load();
const SP = 'reduce_scatter_all_gather';
const close = (a, b, tol) => Math.abs(a - b) <= tol * Math.max(Math.abs(a), Math.abs(b));
const models = ['line_rate', 'nccl'];

/** Every preset's scenario in a link model and a collective (the launch overhead the model's). */
function variants() {
  const out = [];
  for (const [key, preset] of Object.entries(api.Scenarios)) {
    for (const link_model of models) {
      const base = { ...preset.scenario, link_model };
      delete base.launch_overhead;
      out.push({
        key,
        link_model,
        all: { ...base, collective: 'all_reduce' },
        sp: { ...base, collective: SP },
      });
    }
  }
  return out;
}

describe('sequence parallelism', () => {
  it('at line rate costs the all-reduce to 1e-12, as NCCL runs it never less (ring or NVLS)', () => {
    for (const { key, link_model, all, sp } of variants()) {
      const a = api.solve(all);
      const p = api.solve(sp);
      expect(p.collective).toBe(SP);
      a.links.forEach((x, i) => {
        const y = p.links[i];
        const what = `${key} ${link_model} ${x.name}`;
        expect(close(x.line_rate_allreduce_time_s, y.line_rate_allreduce_time_s, 1e-12), what).toBe(
          true,
        );
        if (link_model === 'line_rate') {
          expect(close(x.allreduce_time_s, y.allreduce_time_s, 1e-12), what).toBe(true);
          expect(y.protocol, what).toBe('ring/ring');
        } else if (all.allreduce !== 'custom') {
          expect(y.allreduce_time_s, what).toBeGreaterThanOrEqual(x.allreduce_time_s);
        }
        const [first, second] = y.protocol.split('/');
        expect(second, what).toBe(first);
        expect(y.reduce_scatter_time_s + y.all_gather_time_s, what).toBe(y.allreduce_time_s);
        expect(x.reduce_scatter_time_s, what).toBe(0);
      });
    }
  });

  it('solves to the same bits as the native CLI', () => {
    for (const { key, sp } of variants().filter((v) => v.key === 'Llama3_405BTp16AcrossNodes')) {
      const native = JSON.parse(
        execFileSync(`${root}build/native/tplayer`, ['--json', '-', '--json'], {
          input: JSON.stringify(sp),
        }).toString(),
      );
      expect(api.solve(sp), key).toEqual(native);
    }
  });

  it('refuses a measured link (all_reduce_perf measures all-reduces) and an unknown collective', () => {
    const measured =
      '  1048576 262144 float sum -1 40.0 26.21 45.87 0\n  4194304 1048576 float sum -1 80.0 52.43 91.75 0\n';
    const scenario = {
      ...api.Scenarios.Gpt3TensorParallelLayerTp8.scenario,
      links: { nvlink: 'nvlink4', mine: { measured, ranks: 8 } },
      collective: SP,
    };
    expect(() => api.solve(scenario)).toThrow(ScenarioError);
    const { errors } = api.check(scenario);
    expect(errors.map((e) => [e.field, e.path])).toEqual([
      ['links.mine.measured', ['links', 'mine', 'measured']],
    ]);
    expect(errors[0].message).toContain('all_reduce_perf measures all-reduces only');
    expect(api.check({ ...scenario, collective: 'all_reduce' }).result).toBeDefined();
    const bad = api.check({ ...scenario, links: { nvlink: 'nvlink4' }, collective: 'sp' });
    expect(bad.errors.map((e) => e.field)).toEqual(['collective']);
    expect(bad.errors[0].message).toContain('"all_reduce" or "reduce_scatter_all_gather"');
  });
});

describe('the bandwidth that hides the exchange', () => {
  it('solved back takes exactly the compute, on every link of every preset in both models', () => {
    let checked = 0;
    for (const { key, link_model, all, sp } of variants()) {
      for (const scenario of [all, sp]) {
        const { result: r, scenario: core } = api.check(scenario);
        r.links.forEach((l, i) => {
          if (!l.hiding_bandwidth_bytes_per_s) return;
          const name = l.name;
          let link = core.links[name];
          if (typeof link === 'string') {
            const two = api.catalog().two_tier_links.find((e) => e.key === link);
            link = two ? { ...two } : { preset: link };
          }
          const tier =
            l.kind !== 'two_tier' ? null : l.node_count > 1 ? 'inter_node' : 'intra_node';
          const faster = tier
            ? {
                intra_node: link.intra_node,
                inter_node: link.inter_node,
                ranks_per_node: link.ranks_per_node,
                [tier]: {
                  ...(typeof link[tier] === 'string' ? { preset: link[tier] } : link[tier]),
                  bandwidth: l.hiding_bandwidth_bytes_per_s,
                },
              }
            : { ...link, bandwidth: l.hiding_bandwidth_bytes_per_s };
          const back = api.solve({ ...core, links: { [name]: faster } });
          const what = `${key} ${link_model} ${scenario.collective} ${name}`;
          expect(close(back.links[0].communication_time_s, back.compute_time_s, 1e-12), what).toBe(
            true,
          );
          checked++;
        });
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('is 0 where the latency alone outlasts the compute, and where nothing is exchanged', () => {
    const decode = { ...api.Scenarios.Gpt3TensorParallelLayerTp8.scenario, tokens: 32 };
    const r = api.solve(decode);
    expect(r.links.map((l) => l.hiding_bandwidth_bytes_per_s > 0)).toEqual([true, false]);
    expect(r.links[1].hiding_factor).toBe(0);
    for (const l of api.solve({ ...decode, tp_size: 1 }).links) {
      expect(l.communication_time_s).toBe(0);
      expect(l.hiding_bandwidth_bytes_per_s).toBe(0);
    }
  });

  it('sweeps across tp_size: the node link in one node, each GPU’s network link across nodes', () => {
    const s = { ...api.Scenarios.Llama3_405BTp16AcrossNodes.scenario, collective: SP };
    const tps = [4, 8, 16, 32];
    const hgx = api.sweep(s, 'tp_size', tps).map((p) => p.result.links[0]);
    expect(hgx.map((l) => l.node_count)).toEqual([1, 1, 2, 4]);
    hgx.forEach((l, i) => {
      expect(l).toEqual(api.solve({ ...s, tp_size: tps[i] }).links[0]);
      if (!l.hiding_bandwidth_bytes_per_s) return;
      const own = l.node_count > 1 ? 50e9 : 450e9; // ib_ndr per GPU, or nvlink4
      expect(close(l.hiding_factor * own, l.hiding_bandwidth_bytes_per_s, 1e-15)).toBe(true);
    });
  });
});
