// Sentences about a result, built from the core's numbers (formatted here, never recomputed).

import { bandwidth, percent, times } from './format.js';

/** A two-tier link's shares of its line-rate time, in words: "inside the node 60%, across 2 nodes 40%". */
export const sharesText = (l) =>
  l.node_count > 1
    ? `inside the node ${percent(l.intra_node_share)}, across ${l.node_count} nodes ${percent(1 - l.intra_node_share)}`
    : `one node (tp_size ≤ ${l.ranks_per_node} ranks per node): the node link alone`;

/**
 * The headline for one link: { title, bound, text }, e.g. "compute-bound — the exchange is 21%
 * of compute; 6.6x faster than one H100 (82% efficient)".
 */
export function verdict(link, { chip = 'accelerator', tpSize } = {}) {
  const bound = link.bound === 'communication' ? 'communication-bound' : 'compute-bound';
  let exchange;
  if (link.communication_time_s === 0) {
    exchange = tpSize === 1 ? 'no exchange at tp_size 1' : 'no exchange is priced';
  } else if (link.bound === 'communication') {
    exchange = `${times(link.comm_to_compute, 2)} the compute`;
  } else {
    exchange = `the exchange is ${percent(link.comm_to_compute)} of compute`;
  }
  if (link.communication_time_s > 0 && link.regime === 'latency') exchange += ', mostly latency';
  const s = link.serial_speedup;
  const speed =
    s >= 1
      ? `${times(s, 2)} faster than one ${chip} (${percent(link.serial_efficiency)} efficient)`
      : `${times(s, 2)}: slower than one ${chip} alone`;
  return { bound, text: `${bound} — ${exchange}; ${speed}` };
}

/**
 * What bounds each rank's compute, in words: "memory-bound: reading 288 MB per rank takes 7.0x
 * its FLOPs" (the roofline), or the FLOPs model's own term with the memory term beside it.
 */
export function computeText(r) {
  const ratio = r.memory_time_s / r.flop_time_s;
  const factor = (x) => (x >= 10 ? `${Math.round(x)}x` : times(x, 2));
  if (r.compute_model === 'roofline')
    return r.compute_bound === 'memory'
      ? `memory-bound: reading ${bytesWords(r.memory_bytes_per_rank)} per rank takes ${factor(ratio)} as long as its FLOPs`
      : `FLOPs-bound: its FLOPs take ${factor(1 / ratio)} as long as reading ${bytesWords(r.memory_bytes_per_rank)} per rank`;
  return `priced by FLOPs alone (reading its ${bytesWords(r.memory_bytes_per_rank)} per rank would take ${factor(ratio)} as long: the roofline's memory term)`;
}
const bytesWords = (b) =>
  b >= 1e9 ? `${(b / 1e9).toPrecision(3)} GB` : `${(b / 1e6).toPrecision(3)} MB`;

/** Where a link turns communication-bound along a sweep, in words. */
export function turnText(title, series) {
  const first = series.find((p) => p.link && p.link.bound === 'communication');
  const valid = series.filter((p) => p.link);
  if (!valid.length) return `${title}: no result in this range`;
  if (!first) return `${title} stays compute-bound up to tp ${valid[valid.length - 1].tp}`;
  if (first === valid[0]) return `${title} is communication-bound from tp ${first.tp}`;
  return `${title} turns communication-bound at tp ${first.tp}`;
}

const PROTOCOLS = {
  ll: 'ring, low-latency (LL)',
  ll128: 'ring, LL128',
  simple: 'ring, bulk (Simple)',
  nvls: 'NVLink SHARP (NVLS)',
  one_shot: "the serving engine's one-shot kernel",
  two_shot: "the serving engine's two-shot kernel",
  multimem: "the serving engine's multimem kernel (NVLink SHARP)",
  ring: 'line rate plus launch (no NCCL calibration)',
};
/**
 * The winning NCCL branch of a link's result (nccl mode) in words: "ll128" -> "ring, LL128";
 * a sequence-parallel pair names both calls' winner (NCCL prices them alike): "ll/ll" -> "each call
 * ring, low-latency (LL)".
 */
export function protocolText(name) {
  const [one, two] = String(name).split('/');
  return `${two ? 'each call ' : ''}${PROTOCOLS[one] || one}`;
}

/**
 * SPEC 3.9 in words: the bandwidth from which the link's exchange takes no longer than the
 * compute, against its own ("this link hides the exchange from 121.5 GB/s per direction: 0.27x
 * its own"); that none does (its latency terms alone outlast the compute); or that there is none.
 */
export function hidingText(l) {
  if (l.communication_time_s === 0) return 'Nothing to hide: no exchange.';
  if (l.hiding_bandwidth_bytes_per_s === 0)
    return 'No bandwidth hides the exchange: its latency terms alone outlast the compute.';
  const who =
    l.kind === 'measured'
      ? 'Its measured curve'
      : l.kind !== 'two_tier'
        ? 'This link'
        : l.node_count > 1
          ? 'Each GPU’s network link'
          : 'The node’s link';
  const at =
    l.kind === 'measured'
      ? `a bus bandwidth of ${bandwidth(l.hiding_bandwidth_bytes_per_s)}`
      : `${bandwidth(l.hiding_bandwidth_bytes_per_s)} per direction`;
  return `${who} hides the exchange from ${at}: ${times(l.hiding_factor)} ${l.kind === 'measured' ? 'as fast as measured' : 'its own bandwidth'}.`;
}

/** "NVLink 4 joins 8 H100s: beyond 8 this prices a ring the hardware cannot build." */
export const domainText = (title, domain, chip = 'accelerator') =>
  `${title} joins ${domain} ${chip}s: beyond ${domain} this prices a ring the hardware cannot build.`;
