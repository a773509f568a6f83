// The published measurements of validation.json (nccl-tests all-reduce times per message size),
// and the user's own, against both link models priced at the same sizes by the module itself:
// one sweep over `tokens` of a layer whose all-reduce message is 1 B per token.

import * as fmt from '../../words/format.js';
import { twoTierOf } from '../../state/sweep.js';

/**
 * A scenario whose one all-reduce is exactly what nccl-tests times: a one-wide int8 layer (M = 1 B
 * per token) on `ranks` ranks and the one link `link` (a catalogue key, or a link object).
 */
export const probe = (ranks, link) => ({
  workload: { name: 'one all-reduce', parameters: 1, layers: 1, hidden_dim: 1, heads: 1 },
  tp_size: ranks,
  tokens: 1,
  accelerator: {
    name: 'any',
    peak_flops: { int8: 1e15 },
    memory_capacity: 1e9,
    memory_bandwidth: 1e9,
  },
  precision: 'int8',
  local_efficiency: 1,
  links: { link },
});

/**
 * The link a table was measured on, as `tplayer --validate` prices it: on one node the catalogue
 * link whose branches are those that ran (`price_with`); across nodes the two-tier link with the
 * table's node link inside and `price_with` across, ranks / nodes GPUs to a node.
 */
export const tableLink = (t) =>
  t.nodes > 1
    ? { intra_node: t.intra_node, inter_node: t.price_with, ranks_per_node: t.ranks / t.nodes }
    : t.price_with;

/**
 * One all-reduce of each of `bytes`, in seconds, in both models: {line_rate, nccl (NaN where the
 * core gives no result), launch_s, errors}. NCCL carries `launch_overhead`, or the core's default
 * when it is undefined (the module leaves an undefined member out); line rate none.
 */
export function priceSizes(api, { bytes, ranks, link, launch_overhead }) {
  const base = probe(ranks, link);
  const at = (over) => api.sweep({ ...base, ...over }, 'tokens', bytes);
  const times = (points) =>
    points.map((p) => (p.result ? p.result.links[0].allreduce_time_s : NaN));
  const nccl = at({ link_model: 'nccl', launch_overhead });
  return {
    line_rate: times(at({ link_model: 'line_rate', launch_overhead: 0 })),
    nccl: times(nccl),
    launch_s: nccl.find((p) => p.result)?.result.launch_overhead_s ?? NaN,
    errors: nccl.find((p) => p.errors)?.errors ?? null,
  };
}

/** A published table's rows as [[bytes, seconds]] (us / 1e6, as `tplayer --validate` reads them). */
export const tableRows = (t) => t.rows.map(([b, us]) => [b, us / 1e6]);

const zip = (rows, times) => rows.map(([b], i) => [b, times[i]]);

/** The chart's curves of both models (priceSizes's `priced`) at the sizes of `rows`. */
export const curvesOf = (rows, priced, ncclText, lineText) => [
  { key: 'nccl', cls: 'nccl', text: ncclText, rows: zip(rows, priced.nccl) },
  { key: 'line', cls: 'line', text: lineText, rows: zip(rows, priced.line_rate) },
];

/** The sizes of rows [[bytes, ...]], in words: "8 B to 8 GiB". */
export const range = (rows) =>
  `${fmt.binaryBytes(rows[0][0])} to ${fmt.binaryBytes(rows.at(-1)[0])}`;

/** One of the user's measurements as the chart's points (squares), its rank count said if `ranks`. */
export const minePoints = (m, ranks = false) => ({
  key: 'mine',
  cls: 'mine',
  square: true,
  text: `Your measurement ${m.name}: ${ranks ? `${m.ranks} ranks, ` : ''}${m.rows.length} message sizes, ${range(m.rows)}`,
  rows: m.rows,
});

/** An errorsOf result in words: the median error, and the largest. */
export const off = (e) => `${fmt.percent(e.median)} (${fmt.percent(e.max)} at worst)`;

/** A published table's rows in both models, as `tplayer --validate` prices them. */
export const priceTable = (api, t) =>
  priceSizes(api, {
    bytes: t.rows.map(([b]) => b),
    ranks: t.ranks,
    link: tableLink(t),
    launch_overhead: t.launch_overhead_s,
  });

/**
 * The relative errors of `times` against measured rows [[bytes, seconds]] of at least `minBytes`:
 * {median, max, count}, or null when no row counts.
 */
export function errorsOf(rows, times, minBytes = 0) {
  const e = rows
    .map(([b, s], i) => b >= minBytes && Math.abs(times[i] - s) / s)
    .filter((x) => x !== false)
    .sort((a, b) => a - b);
  const k = e.length;
  if (!k || e.some((x) => !Number.isFinite(x))) return null;
  return {
    median: k % 2 ? e[(k - 1) / 2] : (e[k / 2 - 1] + e[k / 2]) / 2,
    max: e[k - 1],
    count: k,
  };
}

/** The links of a scenario as the core read it: [{name, link}] in order. */
export const linkList = (links) =>
  Object.entries(links || {}).map(([name, link]) => ({ name, link }));

/** The catalogue key a link started from: the key itself, or an edited link's `preset`; '' for none. */
const keyOf = (link) => (typeof link === 'string' ? link : link?.preset) || '';

/**
 * The catalogue key whose tables speak for a link: its own, or a two-tier link's network link's
 * (the tier the 2-node tables calibrate); '' when it started from no catalogue link.
 */
export function tableKey(link) {
  const two = twoTierOf(link);
  return two ? keyOf(two.inter_node) : keyOf(link);
}

/**
 * The tables the panel offers: {mine: per link of `links` (linkList) with tables, those (the ones
 * priced with that very link first); others: the other single-node tables; across: the rest}.
 */
export function tablesFor(tables, links) {
  const mine = links
    .map(({ link }, i) => {
      const key = tableKey(link);
      return {
        row: i,
        tables: tables
          .filter((t) => key && (t.price_with === key || t.link === key))
          .sort((a, b) => (b.price_with === key) - (a.price_with === key)),
      };
    })
    .filter((g) => g.tables.length);
  const used = new Set(mine.flatMap((g) => g.tables));
  const rest = tables.filter((t) => !used.has(t));
  return {
    mine,
    others: rest.filter((t) => t.nodes === 1),
    across: rest.filter((t) => t.nodes > 1),
  };
}

/**
 * Of `keys`, the link whose NCCL model has the smallest median error (errorsOf) against a
 * measurement at its rank count and the core's default launch overhead; `nvlink4` when none.
 */
export function closestLink(api, keys, m, minBytes = 0) {
  let best = { key: 'nvlink4', off: Infinity };
  for (const key of keys) {
    const t = priceSizes(api, { bytes: m.rows.map((r) => r[0]), ranks: m.ranks, link: key });
    const e = errorsOf(m.rows, t.nccl, minBytes);
    if (e && e.median < best.off) best = { key, off: e.median };
  }
  return best.key;
}

/** Decades (powers of `base`) from lo to hi, inclusive of the ones inside. */
export function ticks(lo, hi, base) {
  const out = [];
  for (let e = Math.ceil(Math.log(lo) / Math.log(base) - 1e-9); base ** e <= hi * (1 + 1e-9); e++)
    out.push(base ** e);
  return out;
}

/**
 * The size ticks for [lo, hi] bytes: powers of 16 when at most `most` of them fall inside, else
 * of 64, 256, ... (a pasted run from 8 B to 8 GiB spans nine powers of 16, too many to label).
 */
export function sizeTicks(lo, hi, most = 6) {
  let base = 16;
  while (ticks(lo, hi, base).length > most) base *= 4;
  return ticks(lo, hi, base);
}
