// Sentences about a result, built from the core's numbers (formatted here, never recomputed).

import {
  bandwidth,
  bytes,
  count,
  percent,
  plural,
  precisionName,
  sig,
  time,
  times,
} from './format.js';
import { modelOf } from './models.js';

/** evaluate()'s scenario in a line: "Llama 3 70B · TP 8 · 32 sequences · ... · as it runs". */
export function scenarioLine({ result: r, scenario: s, names }) {
  const m = modelOf(r);
  const load =
    r.pass === 'decode' && s.attention_context
      ? `${count(s.tokens)} ${plural(s.tokens, 'sequence')} at ${count(s.attention_context)} cached tokens`
      : `${count(s.tokens)} ${plural(s.tokens, 'token')}`;
  return [
    names.workload,
    `TP ${s.tp_size}`,
    load,
    names.chip,
    precisionName(s.precision),
    r.pass,
    m
      ? m.label[0].toLowerCase() + m.label.slice(1) // mid-line: "as it runs"
      : `compute by ${r.compute_model}, links ${r.link_model === 'nccl' ? 'as NCCL runs them' : 'at line rate'}`,
  ].join(' · ');
}

/** A two-tier link's shares of its line-rate time, in words: "inside the node 60%, across 2 nodes 40%". */
export const sharesText = (l) =>
  l.node_count > 1
    ? `inside the node ${percent(l.intra_node_share)}, across ${l.node_count} nodes ${percent(1 - l.intra_node_share)}`
    : `one node (TP ≤ ${l.ranks_per_node} ${plural(l.ranks_per_node, 'rank')} per node): the node link alone`;

/**
 * Whether a link's figures at `n` ranks are a hypothetical: beyond its domain (a two-tier link's
 * tiers included), or a measured link beyond the ranks it was measured on (the core rescales).
 */
export const hypothetical = (l, n) =>
  !l.within_domain || (l.kind === 'measured' && n > l.measured_ranks);

/**
 * The headline for one link: { bound, text }, e.g. "compute-bound — exchange 21% of compute;
 * speedup 6.6x over one H100 SXM (82% efficient)"; `holds`: single_device_fits_in_memory.
 */
export function verdict(link, { chip = 'accelerator', tpSize, holds = true } = {}) {
  // docs/model.md#runnable: a setup that cannot run is never a bound with a speedup.
  if (link.runnable === false)
    return { bound: 'cannot run', text: `cannot run — ${link.not_runnable_because}` };
  const bound = link.bound === 'communication' ? 'communication-bound' : 'compute-bound';
  const x = link.comm_to_compute;
  // "exchange 1.9x compute" (21% below 1), never a bare factor that reads as a speedup.
  let exchange = x < 1 ? `exchange ${percent(x)} of compute` : `exchange ${times(x, 2)} compute`;
  if (link.communication_time_s === 0)
    exchange = tpSize === 1 ? 'no exchange on one rank' : 'no exchange is priced';
  else if (link.regime === 'latency') exchange += ', mostly latency';
  const s = link.serial_speedup;
  // One chip that cannot hold the model is a baseline no one can run: said of the baseline, not
  // of the setup, and not hidden.
  const alone = holds ? '' : `one ${chip} cannot hold the model: a hypothetical baseline`;
  const speed =
    s >= 1
      ? `speedup ${times(s, 2)} over one ${chip} (${percent(link.serial_efficiency)} efficient${alone && `; ${alone}`})`
      : `speedup ${times(s, 2)}: slower than one ${chip} alone${alone && ` (${alone})`}`;
  return { bound, text: `${bound} — ${exchange}; ${speed}` };
}

/** Tokens per second in words: "9,304 tokens/s", "42.5 tokens/s". */
export const rate = (x) => `${x >= 100 ? count(Math.round(x)) : sig(x, 3)} tokens/s`;

/**
 * The whole model on a link in words: "whole model (96 layers): 220.1 ms per forward pass of
 * 2,048 tokens, 9,304 tokens/s"; in decode "13.24 ms per token for each of 32 sequences, ...".
 */
export function modelText(l, r, tokens) {
  const step =
    r.pass === 'decode'
      ? `per token for ${tokens === 1 ? '1 sequence' : `each of ${count(tokens)} sequences`}`
      : `per ${r.pass === 'training' ? 'training step' : `${r.pass} pass`} of ${count(tokens)} ${plural(tokens, 'token')}`;
  const first = r.pass === 'forward' ? `, first token after ${time(l.time_to_first_token_s)}` : '';
  return `whole model (${r.layers} ${plural(r.layers, 'layer')} and the head): ${time(l.step_time_s)} ${step}, ${rate(l.tokens_per_s)}${first}`;
}

export const MODEL_LEAVES_OUT =
  "Whole model: the layer times its layer count, plus the embedding, LM head and sampling (and their exchanges) once per step and the serving engine's step overhead; no pipeline or data parallelism.";

/** "exchange 405.5 µs per layer: 2 all-reduces of 202.7 µs" (the core's times, formatted). */
export function exchangeText(l, c) {
  const pair = l.reduce_scatter_time_s > 0;
  const what = pair ? 'reduce-scatter + all-gather pair' : 'all-reduce';
  return `exchange ${time(l.communication_time_s)} per layer: ${c} ${plural(c, what)} of ${time(l.allreduce_time_s)}`;
}

/** "A", "A and B", "A, B and C". */
export const list = (xs) =>
  xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}` : xs[0];

/**
 * The verdict in a sentence, agreeing with the cards: each rank's compute, then the binding link
 * (the slowest exchange) and the links bound otherwise, by their display names (`titles`).
 */
export function summaryText(r, { n, titles, chip }) {
  // docs/model.md#runnable: what cannot run is said first, never summed up as a bound.
  const cannot = titles.filter((_, i) => r.links[i].runnable === false);
  if (r.links.length && cannot.length === r.links.length) {
    const reasons = [...new Set(r.links.map((l) => l.not_runnable_because))];
    return `It cannot run ${r.links.length > 1 ? 'on any link' : `on ${titles[0]}`}: ${reasons.join('; ')}. The figures below are what it would take.`;
  }
  const cannotText = cannot.length ? ` It cannot run on ${list(cannot)} (see its card).` : '';
  if (n === 1)
    return `One rank computes the whole layer in ${time(r.compute_time_s)}: no exchange on one rank.${cannotText}`;
  const k = r.links.findIndex((l) => l.name === r.binding_link);
  const others = titles.filter(
    (_, i) => r.links[i].bound !== r.bound && r.links[i].runnable !== false,
  );
  const other = r.bound === 'compute' ? 'communication' : 'compute';
  const alone = r.single_device_fits_in_memory
    ? ''
    : `, if it could hold the model's ${bytes(r.single_device_memory_bytes)}`;
  return `Each of the ${n} ranks computes for ${time(r.compute_time_s)} per layer (one ${chip} alone: ${time(r.single_device_time_s)}${alone}). ${
    r.links.length > 1
      ? `On the binding link, ${titles[k]} (the slowest exchange),`
      : `On ${titles[k]}`
  } the layer is ${r.bound}-bound${hypothetical(r.links[k], n) ? ' (a hypothetical: see its card)' : ''}${
    others.length ? `; on ${list(others)}, ${other}-bound` : ''
  }.${cannotText}`;
}

/** What bounds each rank's compute, in words, by the compute model. */
export function computeText(r) {
  const ratio = r.memory_time_s / r.flop_time_s;
  const factor = (x) => (x >= 10 ? `${Math.round(x)}x` : times(x, 2));
  if (r.compute_model === 'kernels') {
    const fixed = r.kernels.filter((k) => k.group !== 'head').reduce((t, k) => t + k.overhead_s, 0);
    return `${r.compute_bound === 'memory' ? 'memory' : 'FLOPs'}-bound as its ${r.kernels_per_layer} kernels, ${percent(fixed / r.compute_time_s)} of their time fixed costs (each kernel's own and the engine's)`;
  }
  if (r.compute_model === 'roofline')
    return r.compute_bound === 'memory'
      ? `memory-bound: reading ${bytesWords(r.memory_bytes_per_rank)} per rank takes ${factor(ratio)} as long as its FLOPs`
      : `FLOPs-bound: its FLOPs take ${factor(1 / ratio)} as long as reading ${bytesWords(r.memory_bytes_per_rank)} per rank`;
  return `priced by FLOPs alone (reading its ${bytesWords(r.memory_bytes_per_rank)} per rank would take ${factor(ratio)} as long: the roofline's memory term)`;
}
const bytesWords = (b) =>
  b >= 1e9 ? `${(b / 1e9).toPrecision(3)} GB` : `${(b / 1e6).toPrecision(3)} MB`;

const PROTOCOLS = {
  ll: 'ring, low-latency (LL)',
  ll128: 'ring, LL128',
  simple: 'ring, bulk (Simple)',
  nvls: 'NVLink SHARP (NVLS)',
  nvls_tree: 'NVLS-tree (NVLink SHARP in the node, a tree across the nodes)',
  one_pass: 'one-pass (RCCL reads every peer at once over its own link)',
  one_shot: "the serving engine's one-shot kernel",
  two_shot: "the serving engine's two-shot kernel",
  multimem: "the serving engine's multimem kernel (NVLink SHARP)",
  ring: 'line rate plus launch (no NCCL calibration)',
};
/**
 * The winning NCCL branch of a link's result in words: "ll128" -> "ring, LL128"; a sequence-
 * parallel pair names both calls' winner (priced alike): "ll/ll" -> "each call ring, ...".
 */
export function protocolText(name) {
  const [one, two] = String(name).split('/');
  return `${two ? 'each call ' : ''}${PROTOCOLS[one] || one}`;
}

/**
 * docs/model.md#sequence-parallelism in words: the bandwidth from which the link's exchange takes
 * no longer than the compute, against its own; that none does; or that there is no exchange.
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
