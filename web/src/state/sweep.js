// The sweeps: which tp sizes or token counts to ask the core for; a two-tier link's tiers; and the
// model's inputs as numbers (its heads bound the sweep; Show the math prints them). The chart's
// reading of the answer is series.js, loaded with it.

/** 1, 2, 4, ... up to heads, and heads itself when it is not a power of two (at most 41 values). */
export function tpValues(heads) {
  const h = Number.isSafeInteger(heads) && heads >= 1 ? heads : 1;
  const out = [];
  for (let n = 1; n <= h && out.length < 40; n *= 2) out.push(n);
  if (out[out.length - 1] !== h && h <= 2 ** 40) out.push(h);
  return out;
}

/**
 * 1, 2, 4, ... tokens, up to 65,536 or four times the scenario's, whichever is more (at most 2^24,
 * the largest batch the core takes without a warning), with the scenario's own count among them.
 */
export function tokenValues(tokens) {
  const n = Number.isSafeInteger(tokens) && tokens >= 1 ? tokens : 0;
  const top = Math.min(2 ** 24, Math.max(2 ** 16, 4 * n));
  const out = [];
  for (let t = 1; t <= top; t *= 2) out.push(t);
  if (n && n <= top && !out.includes(n)) out.push(n);
  return out.sort((a, b) => a - b);
}

/** A link of check()'s scenario if it is two-tier ({intra_node, inter_node, ...}), else null. */
export const twoTierOf = (link) =>
  link && typeof link === 'object' && 'inter_node' in link ? link : null;

/**
 * What a tier of a two-tier link is called: its catalogue entry's label (`labelOf(key)`, '' when
 * none), with "(edited)" unless `unedited` (the core's entries say so); else `fallback`.
 */
export function tierTitle(tier, labelOf, fallback, unedited) {
  const base = tier && typeof tier.preset === 'string' ? labelOf(tier.preset) : '';
  return base ? `${base}${unedited ? '' : ' (edited)'}` : fallback;
}

/** The inputs of the model as numbers, from the scenario as the core read it (its parts resolved). */
export function modelInputs(scenario) {
  const w = scenario.workload;
  return {
    memoryBandwidth: scenario.accelerator.memory_bandwidth,
    P: w.parameters,
    L: w.layers,
    h: w.hidden_dim,
    heads: w.heads,
    inferenceFlops: w.inference_flops,
    T: scenario.tokens,
    n: scenario.tp_size,
    c: scenario.collectives_per_layer,
    eta: scenario.local_efficiency,
    ctx: scenario.attention_context,
  };
}

// What the chart and its table (components/SweepChart.jsx, words/series.js) read of a sweep's
// point. The page keeps these instead of the core's whole results: 2 x 41 results stay live from
// one sweep to the next, and every young collection copies them (with them, a collection that
// fell in an edit took 4-15 ms; see DEVELOPING.md, "Input latency").
const fieldList = (text) => text.trim().split(/\s+/);
const POINT_FIELDS = fieldList('bound binding_link warnings max_sequences');
const LINK_FIELDS = fieldList(`name kind bound runnable not_runnable_because within_domain
  measured_ranks node_count ranks_per_node domain serial_speedup hiding_bandwidth_bytes_per_s
  tokens_per_s`);
const pick = (o, keys) => Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));

/** A point of api.sweep as the chart reads it: {value, result: the fields it draws} or {value, errors}. */
export const drawnPoint = (p) =>
  p.result
    ? {
        value: p.value,
        result: {
          ...pick(p.result, POINT_FIELDS),
          links: p.result.links.map((l) => pick(l, LINK_FIELDS)),
        },
      }
    : p;
