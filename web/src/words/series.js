// The sweep chart's reading of api.sweep's points (leaf UI: loaded with the chart): the series
// per link, where each turns, the gaps, the node boundary, and their words.

import { count, plural } from './format.js';
import { list } from './verdict.js';

/** Per link: [{ x (the swept value), tp (the tp size there), link (its result there, or null) }]. */
export function seriesByLink(points, names, tp) {
  return names.map((name) =>
    points.map((p) => ({
      x: p.value,
      tp: tp ?? p.value,
      link: p.result ? p.result.links.find((l) => l.name === name) || null : null,
    })),
  );
}

/** Whether the binding link of a sweep's point can run there (a point without a result cannot). */
export const bindingRuns = (point) =>
  !!point.result &&
  point.result.links.find((l) => l.name === point.result.binding_link)?.runnable !== false;

/**
 * The index from which the binding link (each point's own) is compute-bound to the sweep's end:
 * 0 when it is throughout, -1 when it ends communication-bound (or no point has a result).
 */
export function computeBoundFrom(points) {
  let i = points.length;
  while (i > 0 && points[i - 1].result?.bound === 'compute') i -= 1;
  return i === points.length ? -1 : i;
}

/** Runs of consecutive indices whose points have a result and pass `keep`: a line's pieces. */
export function runsOf(series, keep = () => true) {
  const out = [[]];
  series.forEach((p, i) => {
    if (p.link && keep(p, i)) out[out.length - 1].push(i);
    else if (out[out.length - 1].length) out.push([]);
  });
  return out.filter((r) => r.length);
}

/**
 * Where a two-tier link's node boundary falls in a sweep over `values`: {g (ranks per node), i
 * (the index of the last tp within one node)}; null for another link or a sweep within one node.
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

/** "Beyond 8 ranks the exchange crosses nodes: NVLink 4 inside, InfiniBand NDR across." */
export const nodeText = (g, inside, across) =>
  `Beyond ${g} ${plural(g, 'rank')} the exchange crosses nodes: ${inside} inside, ${across} across.`;

/** "Gaps at tp 8, 16 and 32: no result there (at tp 8: <the core's message>)." */
export const gapText = ({ tps, first }) =>
  `Gaps at tp ${list(tps)}: no result there (at tp ${tps[0]}: ${first}).`;

/** A point of a sweep over `field` in words: "tp 8", "2,048 tokens". */
export const atText = (field, x) =>
  field === 'tokens' ? `${count(x)} ${plural(x, 'token')}` : `tp ${x}`;

/** A point whose setup cannot run on its link (docs/model.md#runnable): priced, never a bound. */
export const cannotRun = (p) => p.link?.runnable === false;

/** The stretches of a series that cannot run: [{from, to, toEnd (to the last point), why}]. */
export function cannotOf(series) {
  return runsOf(series, cannotRun).map((run) => ({
    from: series[run[0]].x,
    to: series[run.at(-1)].x,
    toEnd: series.slice(run.at(-1) + 1).every((p) => !p.link),
    why: series[run[0]].link.not_runnable_because,
  }));
}

/**
 * Where a link cannot run along a sweep, in words, with the core's reason at each stretch's start:
 * "NVLink 4 cannot run from tp 1 to tp 4 (at tp 1: ...) nor from tp 16 (there: ...)".
 */
export function cannotText(title, stretches, field) {
  const one = ({ from, to, toEnd, why }) =>
    toEnd
      ? `from ${atText(field, from)} (there: ${why})`
      : from === to
        ? `at ${atText(field, from)} (${why})`
        : `from ${atText(field, from)} to ${atText(field, to)} (at ${atText(field, from)}: ${why})`;
  return `${title} cannot run ${stretches.map(one).join(' nor ')}`;
}

/**
 * Where a link's bound changes along a sweep, in words, among the points that can run: "stays
 * compute-bound up to tp 64", "turns communication-bound at 32 tokens, then compute-bound at ...".
 */
export function turnText(title, series, field) {
  const runs = [];
  for (const p of series)
    if (p.link && !cannotRun(p) && p.link.bound !== runs.at(-1)?.bound)
      runs.push({ bound: p.link.bound, x: p.x });
  if (!runs.length)
    return series.some(cannotRun)
      ? `${title} cannot run anywhere in this range`
      : `${title}: no result in this range`;
  if (runs.length > 1)
    return `${title} turns ${runs
      .slice(1)
      .map((r) => `${r.bound}-bound at ${atText(field, r.x)}`)
      .join(', then ')}`;
  const last = series.findLast((p) => p.link && !cannotRun(p)).x;
  if (runs[0].x === last)
    return `${title} is ${runs[0].bound}-bound only at ${atText(field, last)}`;
  return runs[0].bound === 'compute' && runs[0].x === series.find((p) => p.link).x
    ? `${title} stays compute-bound up to ${atText(field, last)}`
    : `${title} is ${runs[0].bound}-bound from ${atText(field, runs[0].x)} to ${atText(field, last)}`;
}
