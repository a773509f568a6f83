// One chart for all links: compute per rank against each link's exchange, as bars on one scale
// with the compute time marked on every bar, so a bar that crosses the mark is communication-
// bound. A thin faint bar under each is the same exchange in the other link model. Every bar has
// its number beside it (the text twin). A two-tier link across nodes has its line-rate bar split
// into the time inside the node and across nodes, with the shares in words (LinkForms.jsx's
// Split, loaded with the two-tier editor).

import * as fmt from '../format.js';
import { useForms } from '../later.js';

/** `r`: the result; `alt`: the same scenario's result in the other link model, or null; `c`: all-reduces per layer. */
export function CompareBars({ r, alt, titles, otherName, c }) {
  const across = (l) => l?.kind === 'two_tier' && l.node_count > 1;
  const { forms } = useForms(r.links.some(across));
  const rows = [['compute', 'Compute per rank t_comp', r.compute_time_s]];
  r.links.forEach((l, i) =>
    rows.push([
      'comm',
      `Exchange t_comm on ${titles[i]}`,
      l.communication_time_s,
      alt?.links[i]?.communication_time_s,
      forms && across(l) && { l, o: alt?.links[i], c, nccl: r.link_model === 'nccl' },
    ]),
  );
  let scale = 0;
  for (const [, , t, o = 0] of rows) scale = Math.max(scale, t, o);
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
              {split && forms.splitText(split)}
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
                <rect class="b-alt" x="0" y="10" height="4" width={w(other)} />
              )}
              {split && <forms.Split {...split} w={w} faint={other !== undefined} />}
              {cls === 'comm' && <line class="b-mark" x1={mark} x2={mark} y1="0" y2="14" />}
            </svg>
          </div>
        ))}
      </div>
      <p class="hint">
        The dashed mark on each exchange bar is the compute time: a bar past it is
        communication-bound.
        {alt &&
          ` The thin faint bar is the same exchange ${otherName === 'as it runs' ? 'as it runs' : "in mlsysim's model"}.`}
        {rows.some((x) => x[4]) && forms.splitHint}
      </p>
    </section>
  );
}
