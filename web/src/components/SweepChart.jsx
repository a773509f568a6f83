// Serial speedup per link for tp = 1, 2, 4, ... heads, from one api.sweep call; a filled dot is
// compute-bound, a hollow one communication-bound; lines differ in colour and dash (4 styles). The sentences and the table are its text twin.

import * as fmt from '../format.js';
import { seriesByLink } from '../sweep.js';
import { turnText } from '../verdict.js';

const W = 340;
const H = 190;
const L = 34;
const R = 10;
const T = 10;
const B = 30;

export function SweepChart({ sweep, shown, open = false }) {
  if (!sweep || !shown) return null;
  const { result: r, names } = shown;
  const series = seriesByLink(
    sweep.points,
    r.links.map((l) => l.name),
  );
  const values = sweep.values;
  let ymax = 1;
  for (const s of series)
    for (const p of s) if (p.link && p.link.serial_speedup > ymax) ymax = p.link.serial_speedup;
  ymax = Math.ceil(ymax * 1.1);
  const x = (i) =>
    L + (values.length > 1 ? (i * (W - L - R)) / (values.length - 1) : (W - L - R) / 2);
  const y = (v) => H - B - (v / ymax) * (H - T - B);
  const every = Math.ceil(values.length / 9);
  const current = shown.scenario.tp_size;
  const ci = values.indexOf(current);
  return (
    <section class="card sweep" aria-labelledby="h-sweep">
      <h3 id="h-sweep">Speedup as tp_size grows</h3>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        class="chart"
        role="img"
        aria-label="Chart of serial speedup per link against tp_size; the same data is in the sentences and the table below."
      >
        {[0, ymax / 2, ymax].map((v) => (
          <g key={v}>
            <line class="grid" x1={L} x2={W - R} y1={y(v)} y2={y(v)} />
            <text class="tick" x={L - 4} y={y(v) + 3} text-anchor="end">
              {fmt.sig(v, 3)}x
            </text>
          </g>
        ))}
        {ci >= 0 && <line class="now" x1={x(ci)} x2={x(ci)} y1={T} y2={H - B} />}
        {values.map((v, i) =>
          i % every === 0 || i === values.length - 1 ? (
            <text key={v} class="tick" x={x(i)} y={H - B + 13} text-anchor="middle">
              {v}
            </text>
          ) : null,
        )}
        <text class="tick" x={(L + W - R) / 2} y={H - 3} text-anchor="middle">
          tp_size (ranks)
        </text>
        {series.map((s, k) => (
          <g key={k} class={`s s${k % 4}`}>
            <polyline
              points={s
                .filter((p) => p.link)
                .map((p) => `${x(values.indexOf(p.tp))},${y(p.link.serial_speedup)}`)
                .join(' ')}
            />
            {s.map((p, i) =>
              p.link ? (
                <circle
                  key={i}
                  cx={x(i)}
                  cy={y(p.link.serial_speedup)}
                  r="3.2"
                  class={p.link.bound === 'communication' ? 'hollow' : 'filled'}
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
            {turnText(names.titles[k], s)}
          </li>
        ))}
        <li class="muted">
          Filled dot: compute-bound; hollow dot: communication-bound; vertical line: your tp_size.
        </li>
      </ul>
      <details open={open}>
        <summary>Sweep table</summary>
        <div class="scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">tp</th>
                {series.map((_, k) => (
                  <th key={k} scope="col">
                    {names.titles[k]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {values.map((v, i) => (
                <tr key={v}>
                  <th scope="row">{v}</th>
                  {series.map((s, k) => (
                    <td key={k}>
                      {s[i].link
                        ? `${fmt.times(s[i].link.serial_speedup)} ${s[i].link.bound === 'communication' ? 'comm.' : 'compute'}`
                        : '—'}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
