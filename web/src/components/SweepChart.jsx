// Serial speedup per link over tp = 1, 2, 4, ... or tokens = 1, 2, 4, ... (picked above the chart)
// in the chosen link model (solid) and the other one (faint), from two api.sweep calls; or the
// bandwidth that hides each link's exchange (docs/model.md#the-hiding-bandwidth), or the whole
// model's tokens per second. Points beyond a link's domain are faded: they price a ring the
// hardware cannot build. A point whose setup cannot run (docs/model.md#runnable) is a cross on the
// faded line. The sentences and the table are its text twin.

import { useMemo, useState } from 'preact/hooks';
import { useForm } from '../ui/context.js';
import * as fmt from '../words/format.js';
import {
  atText,
  bindingRuns,
  cannotOf,
  cannotRun,
  cannotText,
  computeBoundFrom,
  gapText,
  gapsOf,
  nodeBoundary,
  nodeText,
  runsOf,
  seriesByLink,
  turnText,
} from '../words/series.js';
import { within } from '../state/scenario.js';
import { tierTitle, twoTierOf } from '../state/sweep.js';
import { domainText, hypothetical, rate } from '../words/verdict.js';
import { Choice } from './Choice.jsx';

const W = 340;
const H = 200;
const L = 34;
const R = 10;
const T = 10;
const B = 30;
const MID = (L + W - R) / 2;

// A hypothetical point: the link beyond its domain or its measured ranks (the core's fields).
const beyond = (p) => p.link && hypothetical(p.link, p.tp);

/** What the chart draws: {key, title, of (a point's value, with a result; null: no point), button}. */
const DRAWS = [
  { key: 'speedup', title: 'Speedup', of: (l) => l.serial_speedup, button: 'Speedup' },
  {
    key: 'hiding',
    title: 'Bandwidth that hides the exchange',
    of: (l) => l.hiding_bandwidth_bytes_per_s || null, // 0: none hides it, or nothing to hide
    button: 'Hiding BW',
  },
  { key: 'throughput', title: 'Tokens per second', of: (l) => l.tokens_per_s, button: 'Tokens/s' },
];
/** What the sweep varies: [field, words]. */
const OVER = [
  ['tp_size', 'TP size'],
  ['tokens', 'Tokens'],
];
/** A token count on an axis: 64, 4k, 1M (powers of two: "4k context"). */
const shortCount = (v) =>
  v >= 2 ** 20 ? `${fmt.sig(v / 2 ** 20, 3)}M` : v >= 1024 ? `${fmt.sig(v / 1024, 3)}k` : `${v}`;
/** A power of ten on a log axis: 10, 1k, 100k, 10M. */
const decade = (v) =>
  v >= 1e6 ? `${fmt.sig(v / 1e6, 3)}M` : v >= 1e3 ? `${fmt.sig(v / 1e3, 3)}k` : fmt.sig(v, 3);

/** What a cell of the sweep table says of a link's result first, for each thing drawn. */
const FIRST = {
  speedup: (l) => `speedup ${fmt.times(l.serial_speedup)}`,
  hiding: (l) =>
    l.hiding_bandwidth_bytes_per_s ? fmt.bandwidth(l.hiding_bandwidth_bytes_per_s) : 'none',
  throughput: (l) => rate(l.tokens_per_s),
};
/**
 * A cell of the sweep table: what is drawn (the hiding bandwidth "none" where none hides the
 * exchange), the bound, the nodes across, † beyond the domain, ‡ past the KV capacity; a point
 * that cannot run says so first and its figures as a what-if.
 */
function cell(p, draw, kvOver) {
  if (!p.link) return '—';
  const bound = `${p.link.bound === 'communication' ? 'comm.' : 'compute'}-bound`;
  const marks = `${beyond(p) ? ' †' : ''}${kvOver ? ' ‡' : ''}`;
  if (cannotRun(p)) return `✗ cannot run (if it could: ${FIRST[draw](p.link)}, ${bound})${marks}`;
  return `${FIRST[draw](p.link)}, ${bound}${p.link.node_count > 1 ? `, ${p.link.node_count} nodes` : ''}${marks}`;
}

/** Where `v` falls on an axis of `values` drawn at x(i), log-interpolated between its neighbours. */
function xAt(values, x, v) {
  const i = values.findLastIndex((u) => u <= v);
  if (i < 0 || i === values.length - 1) return x(Math.max(i, 0));
  return x(i) + (Math.log(v / values[i]) / Math.log(values[i + 1] / values[i])) * (x(i + 1) - x(i));
}

/** A vertical mark across the plot, its words at `y`, left of it in the right half. */
function Rule({ x, y, right = x > MID, children, ...g }) {
  return (
    <g {...g}>
      <line x1={x} x2={x} y1={T} y2={H - B} />
      <text x={x + (right ? -3 : 3)} y={y} text-anchor={right ? 'end' : 'start'}>
        {children}
      </text>
    </g>
  );
}

export function SweepChart({ sweep, shown }) {
  const { model, sweepOver } = useForm();
  const [draw, setDraw] = useState(DRAWS[0]);
  // Drawn again only when one of these changes: an edit's render keeps the last sweep until the
  // new one is in (state.js), and Preact skips the chart's unchanged markup (the same element).
  return useMemo(
    () => <Chart {...{ sweep, shown, model, sweepOver, draw, setDraw }} />,
    [sweep, shown, model, sweepOver, draw],
  );
}

function Chart({ sweep, shown, model, sweepOver, draw, setDraw }) {
  const field = sweep.field;
  const overTp = field === 'tp_size';
  // Bandwidths (they grow without bound as the latency terms near the compute) and throughputs
  // span decades: a log axis between powers of ten.
  const hiding = draw.key === 'hiding';
  const logAxis = draw.key !== 'speedup';
  const val = (p) => (p.link ? draw.of(p.link) : null);
  const { result: r, names } = shown;
  const titles = names.titles;
  const nccl = r.link_model === 'nccl';
  // The faint lines: the same scenario in the other model (state.js's alt).
  const other = nccl ? "in mlsysim's model" : 'as it runs';
  const linkNames = r.links.map((l) => l.name);
  const n = overTp ? undefined : shown.scenario.tp_size;
  const series = seriesByLink(sweep.points, linkNames, n);
  const alts = sweep.alt ? seriesByLink(sweep.alt, linkNames, n) : [];
  const values = sweep.values;
  const drawn = [...series, ...alts].flat().flatMap((p) => val(p) ?? []);
  const f = logAxis ? Math.log10 : (v) => v;
  let lo = logAxis ? Math.floor(Math.log10(Math.min(...drawn, 1e12))) : 0;
  let hi = Math.max(...drawn.map(f), lo + 1);
  hi = logAxis ? Math.ceil(hi) : Math.ceil(hi * 1.1);
  const ticks = [lo, logAxis ? Math.round((lo + hi) / 2) : hi / 2, hi];
  const x = (i) =>
    L + (values.length > 1 ? (i * (W - L - R)) / (values.length - 1) : (W - L - R) / 2);
  const y = (v) => H - B - ((f(v) - lo) / (hi - lo)) * (H - T - B);
  // A series' line as polylines, one per run of points with a result (a gap breaks it).
  const lines = (s, cls, keep = () => true) =>
    runsOf(s, (p, i) => val(p) !== null && keep(p, i)).map((run) => (
      <polyline
        key={`${cls}${run[0]}`}
        class={cls}
        points={run.map((i) => `${x(i)},${y(val(s[i]))}`).join(' ')}
      />
    ));
  const every = Math.ceil(values.length / 9);
  const ci = values.indexOf(shown.scenario[field]);
  // Over tokens: where the binding link turns compute-bound and stays so (the decode question).
  const from = overTp ? -1 : computeBoundFrom(sweep.points);
  const twoTier = r.links.map((l) => l.kind === 'two_tier');
  // Where each link's figures turn hypothetical within the sweep (the index of its last point
  // before: beyond its domain, a tier's, or its measured ranks), from the core's points.
  const ends = series.map((s) => {
    const f = s.findIndex(beyond);
    return f < 0 ? -1 : Math.max(f - 1, 0);
  });
  // What a measured link's first hypothetical point is, in the core's words (its warnings there).
  const measuredWhy = series.map((s, k) => {
    const p = s.find(beyond);
    if (!p || r.links[k].kind !== 'measured' || !p.link.within_domain) return '';
    const w = sweep.points[values.indexOf(p.tp)].result.warnings;
    return `From tp ${p.tp}: ${w
      .filter((x) => x.path[1] === p.link.name)
      .map((x) => x.message)
      .join('; ')}.`;
  });
  // One mark per domain size, and per ranks per node: named after its link when only one
  // short-named link has it.
  const marks = [];
  const mark = (kind, d, i, k) => {
    const m = marks.find((x) => x.kind === kind && x.d === d);
    if (m) m.k = -1;
    else marks.push({ kind, d, i, k });
  };
  ends.forEach((i, k) => {
    if (i >= 0 && !twoTier[k] && !measuredWhy[k] && overTp) mark('domain', r.links[k].domain, i, k);
  });
  // Where each two-tier link's node ends: one mark per ranks_per_node, and its tiers in words.
  const nodes = series.map((s) => (overTp ? nodeBoundary(values, s) : null));
  const labelOf = (key) => model.entries.link.get(key)?.short_name || '';
  const crossing = nodes.map((b, k) => {
    if (!b) return '';
    const name = r.links[k].name;
    const l = twoTierOf(shown.scenario.links[name]) || {};
    const unedited = (tier) => within(shown.entries, ['links', name, tier]);
    return nodeText(
      b.g,
      tierTitle(l.intra_node, labelOf, 'the node link', unedited('intra_node')),
      tierTitle(l.inter_node, labelOf, 'the network link', unedited('inter_node')),
    );
  });
  nodes.forEach((b, k) => b && mark('node', b.g, b.i, k));
  const gaps = gapsOf(sweep.points);
  const cannot = series.map(cannotOf);
  // Decode: sequences past what the KV cache holds per rank beside the weights (the point's own).
  const tokensAt = (i) => (overTp ? shown.scenario.tokens : values[i]);
  const kvOver = (i) => {
    const res = sweep.points[i].result;
    return !!res && res.max_sequences > 0 && tokensAt(i) > res.max_sequences;
  };
  const kvCap = r.max_sequences;
  const kvMark = !overTp && kvCap > 0 && kvCap >= values[0] && kvCap < values.at(-1);
  const kvX = kvMark ? xAt(values, x, kvCap) : 0;
  return (
    <section class="card sweep" aria-labelledby="h-sweep">
      <h3 id="h-sweep">
        {draw.title} as {overTp ? 'the TP size' : 'the tokens per step'} grow{overTp ? 's' : ''}
      </h3>
      <Choice
        name="sweep-over"
        label="What the sweep varies"
        options={OVER}
        value={field}
        onPick={sweepOver}
      />
      <Choice
        name="sweep-draws"
        label="What the chart draws"
        options={DRAWS.map((d) => [d.key, d.button])}
        value={draw.key}
        onPick={(k) => setDraw(DRAWS.find((d) => d.key === k))}
      />
      <svg
        viewBox={`0 0 ${W} ${H}`}
        class="chart"
        role="img"
        aria-label={`Chart of ${draw.title.toLowerCase()} per link against ${overTp ? 'the TP size' : 'the tokens per step'}; the same data is in the sentences and the table below.`}
      >
        {ticks.map((t) => {
          const v = logAxis ? 10 ** t : t;
          return (
            <g key={t}>
              <line class="grid" x1={L} x2={W - R} y1={y(v)} y2={y(v)} />
              <text class="tick" x={L - 4} y={y(v) + 3} text-anchor="end">
                {hiding ? fmt.sig(v / 1e9, 2) : logAxis ? decade(v) : `${fmt.sig(v, 3)}x`}
              </text>
            </g>
          );
        })}
        {ci >= 0 && <line class="now" x1={x(ci)} x2={x(ci)} y1={T} y2={H - B} />}
        {values.map((v, i) =>
          i % every === 0 || i === values.length - 1 ? (
            <text key={v} class="tick" x={x(i)} y={H - B + 13} text-anchor="middle">
              {overTp ? v : shortCount(v)}
            </text>
          ) : null,
        )}
        <text class="tick" x={MID} y={H - 3} text-anchor="middle">
          {overTp ? 'TP size (ranks)' : 'Tokens per step (sequences, in decode)'}
        </text>
        {from > 0 && (
          <Rule class="domain turn" x={x(from)} y={T + 9}>
            compute-bound from {shortCount(values[from])}
          </Rule>
        )}
        {kvMark && (
          <Rule class="domain kv" x={kvX} y={H - B - 4} right>
            {`KV cache: ${fmt.count(kvCap)} fit`}
          </Rule>
        )}
        {alts.map((s, k) => (
          <g key={`a${k}`} class={`s s${k % 4}`}>
            {lines(s, 'alt')}
          </g>
        ))}
        {marks.map(({ kind, d, i, k }, j) => {
          const what = kind === 'node' ? `${d} per node` : `domain ${d}`;
          return (
            <Rule
              key={`${kind}${d}`}
              class={`domain${kind === 'node' ? ' node' : ''}${k >= 0 ? ` s s${k % 4}` : ''}`}
              data-domain={kind === 'domain' ? d : undefined}
              data-node={kind === 'node' ? d : undefined}
              x={x(i)}
              y={T + 9 + 11 * j}
            >
              {k >= 0 && titles[k].length <= 14 ? `${titles[k]}: ${what}` : what}
            </Rule>
          );
        })}
        {series.map((s, k) => (
          <g key={k} class={`s s${k % 4}`}>
            {(ends[k] >= 0 || cannot[k].length > 0) && lines(s, 'beyond')}
            {lines(s, '', (p, i) => (ends[k] < 0 || i <= ends[k]) && !cannotRun(p))}
            {s.map((p, i) =>
              val(p) !== null && cannotRun(p) ? (
                <path key={i} class="cross" d={`M${x(i) - 3} ${y(val(p)) - 3}l6 6m0 -6l-6 6`} />
              ) : val(p) !== null ? (
                <circle
                  key={i}
                  cx={x(i)}
                  cy={y(val(p))}
                  r="3.2"
                  class={`${p.link.bound === 'communication' ? 'hollow' : 'filled'}${beyond(p) ? ' beyond' : ''}`}
                />
              ) : null,
            )}
          </g>
        ))}
      </svg>
      <ul class="legend">
        {series.map((s, k) => (
          <li key={k} class={`s s${k % 4}`}>
            <svg viewBox="0 0 24 8" aria-hidden="true">
              <line x1="0" y1="4" x2="24" y2="4" />
            </svg>{' '}
            {turnText(titles[k], s, field)}
            {alts[k] && (
              <span class="muted">
                {' '}
                ({turnText(nccl ? "mlsysim's model:" : 'as it runs:', alts[k], field)})
              </span>
            )}
            .{crossing[k] && <span class="node-text"> {crossing[k]}</span>}
            {ends[k] >= 0 && (
              <span class="domain-text">
                {' '}
                {twoTier[k]
                  ? `From tp ${series[k].find(beyond).tp} a tier holds more ranks than its domain: a hypothetical.`
                  : measuredWhy[k] || domainText('It', r.links[k].domain, names.chip)}
              </span>
            )}
            {cannot[k].length > 0 && (
              <span class="cannot-text"> {cannotText('It', cannot[k], field)}.</span>
            )}
          </li>
        ))}
        {gaps && <li class="gaps">{gapText(gaps)}</li>}
        {!overTp && (
          <li class="turn-text">
            {from < 0
              ? 'The binding link ends communication-bound: no batch in this range makes the layer compute-bound.'
              : from === 0
                ? 'The layer is compute-bound at every batch in this range.'
                : `The binding link turns compute-bound at ${atText(field, values[from])} and stays so${bindingRuns(sweep.points[from]) ? '' : ', but the setup cannot run there'}.`}
            {kvMark &&
              ` The KV cache holds ${fmt.count(kvCap)} ${fmt.plural(kvCap, 'sequence')} per rank beside the weights (in 0.9 of the memory); past it the points are priced as if it fit (‡).`}
          </li>
        )}
        <li class="muted">
          {hiding &&
            'GB/s per direction, on a log scale (each GPU’s network link once the ranks span nodes); no point where no bandwidth hides the exchange. '}
          {draw.key === 'throughput' &&
            'The whole model’s tokens per second, serial, on a log scale. '}
          Filled dot: compute-bound; hollow dot: communication-bound; cross: cannot run (priced as
          if it could); faint line: the same {other}; faded, dashed: a hypothetical (a setup that
          cannot run, or beyond the ranks the link was measured on); vertical line: your{' '}
          {overTp ? 'TP size' : 'tokens'}
          {marks.length > 0 && '; dotted line: where a domain or a node ends'}
          {kvMark && '; “KV cache: n fit”: the sequences the cache holds per rank'}.
        </li>
      </ul>
      <details>
        <summary>Sweep table</summary>
        <div class="scroll" tabIndex={0} role="region" aria-label="Sweep table">
          <table>
            <thead>
              <tr>
                <th scope="col">{overTp ? 'tp' : 'tokens'}</th>
                {series.map((_, k) => [
                  <th key={k} scope="col">
                    {titles[k]}
                  </th>,
                  alts[k] && (
                    <th key={`a${k}`} scope="col">
                      {titles[k]}, {nccl ? "mlsysim's model" : 'as it runs'}
                    </th>
                  ),
                ])}
              </tr>
            </thead>
            <tbody>
              {values.map((v, i) => (
                <tr key={v}>
                  <th scope="row">{overTp ? v : fmt.count(v)}</th>
                  {series.map((s, k) =>
                    [s, alts[k]].map(
                      (t, alt) =>
                        t && (
                          <td key={`${k}.${alt}`} class={alt ? 'muted' : undefined}>
                            {cell(t[i], draw.key, kvOver(i))}
                          </td>
                        ),
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {ends.some((i) => i >= 0) && (
          <p class="hint">
            † a hypothetical: beyond the link’s domain (a ring the hardware cannot build) or the
            ranks it was measured on.
          </p>
        )}
        {crossing.some(Boolean) && (
          <p class="hint">
            “n nodes”: the ranks sit on n nodes.{' '}
            {crossing.filter(Boolean).map((c, k) => (
              <span key={k}>{c} </span>
            ))}
          </p>
        )}
        {cannot.some((c) => c.length) && (
          <p class="hint">
            ✗{' '}
            {cannot
              .map((c, k) => c.length && cannotText(titles[k], c, field))
              .filter(Boolean)
              .join('; ')}
            .
          </p>
        )}
        {values.some((_, i) => kvOver(i)) && (
          <p class="hint">
            ‡ more sequences than the KV cache holds per rank beside the weights (max_sequences):
            priced as if it fit.
          </p>
        )}
        {gaps && <p class="hint">— {gapText(gaps)}</p>}
      </details>
    </section>
  );
}
