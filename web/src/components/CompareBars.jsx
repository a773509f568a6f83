// One chart for all links: compute per rank against each link's exchange, as bars on one scale
// with the compute time marked on every bar, each with its number beside it (the text twin).

import * as fmt from '../words/format.js';
import { hypothetical, sharesText } from '../words/verdict.js';

/**
 * A two-tier link's `c` x line-rate all-reduce split into its intra- and inter-node parts, over
 * its own bar `l` at line rate, over the faint one `o` in NCCL mode (the rest: launch overhead).
 */
function Split({ l, o, c, nccl, w, faint }) {
  const link = nccl ? o : l;
  if (!link) return null;
  const lr = c * link.line_rate_allreduce_time_s;
  const intra = lr * link.intra_node_share;
  const [y, tall, f] = nccl ? [10, 4, ' faint'] : [0, faint ? 9 : 14, ''];
  return (
    <>
      <rect class={`b-intra${f}`} x="0" y={y} height={tall} width={w(intra)} />
      <rect
        class={`b-inter${f}`}
        x={w(intra)}
        y={y}
        height={tall}
        width={Math.max(w(lr) - w(intra), 0)}
      />
    </>
  );
}

/** `shown`: the outcome on screen (`alt`: the other link model's, or null). */
export function CompareBars({ shown }) {
  const { result: r, names, scenario } = shown;
  const alt = shown.alt?.result;
  const beyond = r.links.map((l) => hypothetical(l, scenario.tp_size));
  const asItRuns = r.link_model !== 'nccl'; // the faint bars: the other model
  const otherName = asItRuns ? 'as it runs' : "mlsysim's model";
  const across = (l) => l.kind === 'two_tier' && l.node_count > 1;
  const rows = [
    ['compute', 'Compute per rank', r.compute_time_s],
    ...r.links.map((l, i) => [
      `comm${beyond[i] ? ' beyond' : ''}`,
      `Exchange on ${names.titles[i]}${beyond[i] ? ' (hypothetical)' : ''}`,
      l.communication_time_s,
      alt?.links[i]?.communication_time_s,
      across(l) && { l, o: alt?.links[i], c: scenario.collectives_per_layer, nccl: !asItRuns },
    ]),
  ];
  const scale = Math.max(0, ...rows.flatMap(([, , t, o = 0]) => [t, o]));
  const w = (t) => (scale > 0 ? Math.max((100 * t) / scale, t > 0 ? 0.5 : 0) : 0);
  const mark = w(r.compute_time_s);
  return (
    <section class="card compare" aria-labelledby="h-compare">
      <h3 id="h-compare">Compute against exchange, per link</h3>
      <div class="bars">
        {rows.map(([cls, label, t, other, split], i) => (
          <div class="bar-row" key={i}>
            <span class="bar-label">
              {label}
              {split && (
                <span class="muted">
                  {' '}
                  — at line rate {sharesText(split.nccl ? split.o || split.l : split.l)}
                </span>
              )}
            </span>
            <span class="bar-value">
              {fmt.time(t)}
              {other !== undefined && (
                <span class="muted">
                  {' '}
                  ({otherName}: {fmt.time(other)})
                </span>
              )}
            </span>
            <svg class="bar" viewBox="0 0 100 14" preserveAspectRatio="none" aria-hidden="true">
              <rect
                class={`b-${cls}`}
                x="0"
                y="0"
                height={other === undefined ? 14 : 9}
                width={w(t)}
              />
              {other !== undefined && (
                <rect class={`b-alt ${cls}`} x="0" y="10" height="4" width={w(other)} />
              )}
              {split && <Split {...split} w={w} faint={other !== undefined} />}
              {cls !== 'compute' && <line class="b-mark" x1={mark} x2={mark} y1="0" y2="14" />}
            </svg>
          </div>
        ))}
      </div>
      <p class="hint">
        The dashed mark on each exchange bar is the compute time: a bar past it is
        communication-bound.
        {alt &&
          ` The thin faint bar is the same exchange ${asItRuns ? 'as it runs' : "in mlsysim's model"}.`}
        {rows.some((x) => x[0].includes('beyond')) &&
          ' A faded bar is a hypothetical: a link beyond its domain or its measured ranks (see its verdict).'}
        {rows.some((x) => x[4]) &&
          ' A two-tier link’s line-rate bar splits into the time inside the node (its first part) and across nodes (its second).'}
      </p>
    </section>
  );
}
