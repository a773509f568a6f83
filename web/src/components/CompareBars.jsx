// One chart for all links: compute per rank against each link's exchange, as bars on one scale
// with the compute time marked on every bar, so a bar that crosses the mark is communication-
// bound. A thin faint bar under each is the same exchange in the other link model. Every bar has
// its number beside it (the text twin).

import * as fmt from '../format.js';

/** `r`: the result; `alt`: the same scenario's result in the other link model, or null. */
export function CompareBars({ r, alt, titles, otherName }) {
  const rows = [['compute', 'Compute per rank t_comp', r.compute_time_s]];
  r.links.forEach((l, i) =>
    rows.push([
      'comm',
      `Exchange t_comm on ${titles[i]}`,
      l.communication_time_s,
      alt?.links[i]?.communication_time_s,
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
        {rows.map(([cls, label, t, other], i) => (
          <div class="bar-row" key={i}>
            <span class="bar-label">{label}</span>
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
              {cls === 'comm' && <line class="b-mark" x1={mark} x2={mark} y1="0" y2="14" />}
            </svg>
          </div>
        ))}
      </div>
      <p class="hint">
        The dashed mark on each exchange bar is the compute time: a bar past it is
        communication-bound.
        {alt &&
          ` The thin faint bar is the same exchange ${otherName === 'line rate' ? 'at line rate' : 'as NCCL runs it'}.`}
      </p>
    </section>
  );
}
