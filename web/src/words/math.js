// "Show the math": the model's formulas with this scenario's numbers put in, step by step, from
// the result and the scenario as the core read it (check().scenario): formatted, never computed.

import {
  binaryBytes,
  bandwidth,
  bytes,
  count,
  flops,
  percent,
  sig,
  time,
  times,
} from './format.js';
import { protocolText } from './verdict.js';

/** [name, formula, the formula with numbers, result] for the layer. */
export function scalarSteps(inp, r) {
  const perToken = sig(inp.inferenceFlops); // the core writes it, 2P when not given
  const peakEta = `(${flops(r.peak_flops)} × ${inp.eta})`;
  const F = sig(r.flops_per_layer);
  // One forward's FLOPs, plus attention's when counted, times the pass's multiplier m.
  let formula = '(inference_flops / L) × T';
  let values = `(${perToken} / ${inp.L}) × ${inp.T}`;
  if (inp.ctx) {
    formula += ' + 4 × h × T × context';
    values += ` + 4 × ${inp.h} × ${inp.T} × ${inp.ctx}`;
  }
  if (r.compute_multiplier !== 1) {
    formula = `m × (${formula})`;
    values = `${r.compute_multiplier} × (${values})`;
  }
  return [
    ['F', formula, values, `${F} FLOP`],
    ['F_rank', 'F / n', `${F} / ${inp.n}`, `${sig(r.flops_per_rank)} FLOP`],
    ...computeSteps(inp, r, peakEta, F),
    [
      'M',
      r.exchange_bytes_per_element === r.bytes_per_element ? 'T × h × b' : 'T × h × b_exchange',
      `${inp.T} × ${inp.h} × ${r.exchange_bytes_per_element} B`,
      `${count(r.message_bytes)} B (${bytes(r.message_bytes)})`,
    ],
    [
      'weights per rank',
      'P × b / n',
      `${sig(inp.P)} × ${r.bytes_per_element} B / ${inp.n}`,
      `${bytes(r.weights_per_rank_bytes)}${r.kv_cache_per_rank_bytes ? ` + KV cache ${bytes(r.kv_cache_per_rank_bytes)}` : ''} ${r.fits_in_memory ? '≤' : '>'} ${bytes(r.memory_capacity_bytes)} (${binaryBytes(r.memory_capacity_bytes)}): ${r.fits_in_memory ? 'fits' : 'does not fit'}`,
    ],
  ];
}

/** t_comp and t_single: FLOPs alone, or the roofline's slower of FLOPs and memory traffic. */
function computeSteps(inp, r, peakEta, F) {
  const flop = (name, t) => [
    name,
    'F_rank / (peak × η)',
    `${sig(r.flops_per_rank)} FLOP / ${peakEta}`,
    time(t),
  ];
  if (r.compute_model === 'kernels')
    return [
      [
        't_comp',
        'Σ_k max(FLOPs_k / (peak × η × wave_k), bytes_k / (bandwidth × e_k)) + fixed_k',
        `${r.kernels_per_layer} kernels a layer; a GEMM's 128 × 128 tiles run in waves over the compute units (wave_k: the share of the last wave's units they fill, so a GEMM of few tiles leaves units idle); fixed_k: the kernel's own fixed cost and the engine's ${time(r.kernel_overhead_s)}`,
        time(r.compute_time_s),
      ],
      [
        't_single',
        'Σ_k of the same kernels at n = 1',
        'every head and the whole of each GEMM on one accelerator, no all-reduce',
        time(r.single_device_time_s),
      ],
    ];
  if (r.compute_model !== 'roofline')
    return [
      flop('t_comp', r.compute_time_s),
      ['t_single', 'F / (peak × η)', `${F} FLOP / ${peakEta}`, time(r.single_device_time_s)],
    ];
  return [
    flop('t_flop', r.flop_time_s),
    [
      't_mem',
      'bytes_rank / (memory bandwidth × efficiency)',
      `${bytes(r.memory_bytes_per_rank)} / (${bandwidth(inp.memoryBandwidth)} × ${r.memory_efficiency})`,
      time(r.memory_time_s),
    ],
    [
      't_comp',
      'max(t_flop, t_mem)',
      `max(${time(r.flop_time_s)}, ${time(r.memory_time_s)})`,
      time(r.compute_time_s),
    ],
    [
      't_single',
      'max(F / (peak × η), bytes_1 / (memory bandwidth × efficiency))',
      `max(${time(r.single_device_flop_time_s)}, ${time(r.single_device_memory_time_s)})`,
      time(r.single_device_time_s),
    ],
  ];
}

/** The constants of the NCCL branch a link's result names (`l.protocol`), or null (line rate). */
export function branchOf(scenario, l) {
  const list = scenario.links[l.name]?.protocols || [];
  const name = l.protocol.split('/')[0]; // a sequence-parallel pair names its calls' winner twice
  return (name !== 'ring' && list.find((p) => p.name === name)) || null;
}

/** The steps for one link; `p` is its winning NCCL branch (branchOf), or null. */
export function linkSteps(inp, r, l, p = null) {
  const { n, c } = inp;
  // docs/model.md#sequence-parallelism: a reduce-scatter and an all-gather, each (n−1) steps moving (n−1)/n of M (NVLS:
  // 5/6 of the all-reduce's M / (e × B)), each its own call.
  const pair = r.collective === 'reduce_scatter_all_gather';
  const two = (f) => (pair ? `2 × (${f})` : f);
  const k = pair ? '2 × ' : '';
  const ring = pair ? `(${n}−1)/${n}` : `2×(${n}−1)/${n}`;
  const share = pair ? '(n−1)/n' : '2(n−1)/n';
  const steps = pair ? ['(n−1)', `(${n}−1)`] : ['2(n−1)', `2×(${n}−1)`];
  const nvls = p?.pattern === 'nvls';
  // docs/model.md#nccl-links: a tree (an all-reduce only; an NVLS-tree across nodes) moves M up
  // and M down in 2⌈log2 n⌉ steps.
  const tree = p?.pattern === 'tree' || p?.pattern === 'nvls_tree';
  // A one-shot reads the other n−1 buffers whole, M over each link to the group (B is theirs).
  const oneShot = p?.pattern === 'one_shot';
  const M = bytes(r.message_bytes);
  const B = bandwidth(l.bandwidth_bytes_per_s);
  const launch = r.launch_overhead_s ? `${time(r.launch_overhead_s)} + ` : '';
  const tc = time(r.compute_time_s);
  const tm = time(l.communication_time_s);
  const tb = time(l.bandwidth_time_s);
  const tl = time(l.latency_time_s);
  const ts = time(r.single_device_time_s);
  const comm = l.bound === 'communication';
  const L = launch && 'launch + ';
  // What each rank sends and in how many steps, by the winning branch's pattern (a ring's at line
  // rate), each as [the formula's words, its numbers].
  const moved = nvls
    ? ['', '']
    : tree
      ? ['2 × ', '2 × ']
      : oneShot
        ? ['(n−1) × ', `(${n}−1) × `]
        : [`${share} × `, `${ring} × `];
  const hops = tree ? ['2⌈log2 n⌉', `2×⌈log2 ${n}⌉`] : oneShot ? ['(n−1)', `(${n}−1)`] : steps;
  const nvlsShare = nvls && pair ? '5/6 × ' : '';
  // NCCL's winning branch: its share e of the bandwidth, its base and per-step latencies.
  const bw = p
    ? [
        `${k}${nvlsShare}${moved[0]}M / (e × B)`,
        `${k}${nvlsShare}${moved[1]}${M} / (${p.efficiency} × ${B})`,
      ]
    : [`${k}${moved[0]}M / B`, `${k}${moved[1]}${M} / ${B}`];
  const base = p && `${launch}${time(p.base_latency)}`;
  const lat = p
    ? nvls
      ? [two(`${L}base`), two(base)]
      : [two(`${L}base + ${hops[0]} × step`), two(`${base} + ${hops[1]} × ${time(p.step_latency)}`)]
    : [two(`${L}${steps[0]} × α`), two(`${launch}${steps[1]} × ${time(l.latency_s)}`)];
  const ar = pair ? 't_rs + t_ag' : 't_ar';
  return [
    ...(p ? [['branch', 'the fastest of NCCL’s branches', p.name, protocolText(l.protocol)]] : []),
    ['t_bw', ...bw, tb],
    ['t_lat', ...lat, tl],
    [ar, 't_bw + t_lat', `${tb} + ${tl}`, time(l.allreduce_time_s)],
    ['t_comm', `c × ${pair ? `(${ar})` : ar}`, `${c} × ${time(l.allreduce_time_s)}`, tm],
    [
      'wire',
      `c × ${k}${moved[0]}M`,
      `${c} × ${k}${moved[1]}${count(r.message_bytes)} B`,
      `${count(l.wire_bytes_per_rank)} B (${bytes(l.wire_bytes_per_rank)})`,
    ],
    ['serial', 't_comp + t_comm', `${tc} + ${tm}`, time(l.serial_layer_time_s)],
    ['overlap', 'max(t_comp, t_comm)', `max(${tc}, ${tm})`, time(l.overlapped_layer_time_s)],
    ['bound', 'communication if t_comm > t_comp', `${tm} ${comm ? '>' : '≤'} ${tc}`, l.bound],
    ['ratio', 't_comm / t_comp', `${tm} / ${tc}`, sig(l.comm_to_compute)],
    [
      'regime',
      'latency if t_lat > t_bw',
      `${tl} ${l.regime === 'latency' ? '>' : '≤'} ${tb}`,
      l.regime,
    ],
    [
      'speedup',
      't_single / serial',
      `${ts} / ${time(l.serial_layer_time_s)}`,
      times(l.serial_speedup, 4),
    ],
    ['efficiency', 'speedup / n', `${sig(l.serial_speedup)} / ${n}`, percent(l.serial_efficiency)],
    [
      'overlapped speedup',
      't_single / overlap',
      `${ts} / ${time(l.overlapped_layer_time_s)}`,
      `${times(l.overlapped_speedup, 4)} (${percent(l.overlapped_efficiency)} efficient)`,
    ],
    [
      'hiding B',
      `the B with c × ${ar}(B) = t_comp${p ? ' (NCCL’s branches: searched)' : ''}`,
      `${c} × ${ar}(B) = ${tc}`,
      !l.communication_time_s
        ? 'nothing to hide'
        : l.hiding_bandwidth_bytes_per_s
          ? `${bandwidth(l.hiding_bandwidth_bytes_per_s)} (${times(l.hiding_factor)} the link’s)`
          : 'none: the latency terms alone reach t_comp',
    ],
  ];
}
