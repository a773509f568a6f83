// The TP sweep: which tp sizes to ask the core for, and the per-link series of its answer; and the
// model's inputs as numbers (its heads bound the sweep; Show the math prints them).

/** 1, 2, 4, ... up to heads, and heads itself when it is not a power of two (at most 41 values). */
export function tpValues(heads) {
  const h = Number.isSafeInteger(heads) && heads >= 1 ? heads : 1;
  const out = [];
  for (let n = 1; n <= h && out.length < 40; n *= 2) out.push(n);
  if (out[out.length - 1] !== h && h <= 2 ** 40) out.push(h);
  return out;
}

/** Per link (in result order): [{ tp, link (the link's result at that tp, or null) }]. */
export function seriesByLink(points, names) {
  return names.map((name) =>
    points.map((p) => ({
      tp: p.value,
      link: p.result ? p.result.links.find((l) => l.name === name) || null : null,
    })),
  );
}

/**
 * Runs of consecutive indices of a series whose points have a result and pass `keep(point, i)`:
 * the pieces of its line (a point without a result is a gap, not a joint).
 */
export function runsOf(series, keep = () => true) {
  const out = [[]];
  series.forEach((p, i) => {
    if (p.link && keep(p, i)) out[out.length - 1].push(i);
    else if (out[out.length - 1].length) out.push([]);
  });
  return out.filter((r) => r.length);
}

/**
 * Where a two-tier link's node boundary falls in a sweep over `values`: {g, i}, g its ranks per
 * node and i the index of the last tp within one node; null for another link or when the sweep
 * does not go beyond one node.
 */
export function nodeBoundary(values, series) {
  const l = series.find((p) => p.link)?.link;
  if (!l || l.kind !== 'two_tier') return null;
  const g = l.ranks_per_node;
  const i = values.findLastIndex((v) => v <= g);
  return i >= 0 && i < values.length - 1 ? { g, i } : null;
}

/** The points the core gave no result for: {tps, first: its first message}, or null for none. */
export function gapsOf(points) {
  const bad = points.filter((p) => !p.result);
  return bad.length
    ? { tps: bad.map((p) => p.value), first: bad[0].errors?.[0]?.message || 'no result' }
    : null;
}

/** A link of a scenario as the core read it (links a map or an array), by name. */
export function linkNamed(links, name) {
  if (!Array.isArray(links)) return links?.[name];
  return links.find((l) => (typeof l === 'string' ? l : l.name) === name);
}

/**
 * A link of a scenario as a two-tier link ({intra_node, inter_node, ranks_per_node}), or null for
 * another kind: given as one, or by the key (or edited `preset`) of a two-tier catalogue entry
 * (`entryOf(key)`: the entry or undefined).
 */
export function twoTierOf(link, entryOf = () => undefined) {
  if (link && typeof link === 'object' && 'inter_node' in link) return link;
  const key = typeof link === 'string' ? link : link?.preset;
  const entry = typeof key === 'string' ? entryOf(key) : undefined;
  if (!entry || !('inter_node' in entry)) return null;
  return typeof link === 'object' ? { ...entry, ...link } : entry;
}

/**
 * What a tier of a two-tier link is called: its catalogue entry's label (`labelOf(key)`, '' when
 * none), "(edited)" when it was changed, else `fallback`.
 */
export function tierTitle(tier, labelOf, fallback) {
  if (typeof tier === 'string') return labelOf(tier) || tier;
  const base = tier && typeof tier.preset === 'string' ? labelOf(tier.preset) : '';
  return base ? `${base} (edited)` : fallback;
}

/** "Beyond 8 ranks the exchange crosses nodes: NVLink 4 inside, InfiniBand NDR across." */
export const nodeText = (g, inside, across) =>
  `Beyond ${g} ${g === 1 ? 'rank' : 'ranks'} the exchange crosses nodes: ${inside} inside, ${across} across.`;

/** "Gaps at tp 8, 16 and 32: no result there (at tp 8: <the core's message>)." */
export function gapText({ tps, first }) {
  const list = tps.length > 1 ? `${tps.slice(0, -1).join(', ')} and ${tps.at(-1)}` : `${tps[0]}`;
  return `Gaps at tp ${list}: no result there (at tp ${tps[0]}: ${first}).`;
}

/** The inputs of the model as numbers, from the scenario as the core read it (catalogue keys resolved). */
export function modelInputs(scenario, catalog) {
  const w =
    typeof scenario.workload === 'string'
      ? catalog.workloads.find((e) => e.key === scenario.workload)
      : scenario.workload;
  return {
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
