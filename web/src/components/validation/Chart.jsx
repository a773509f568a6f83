// The measurements' log-log chart and its key: all-reduce time against message size, measured
// points (dots; the user's own as squares) and model curves (lines, broken where the core gave no
// time). The panel's sentences and its tables of rows are the text twin.

import * as fmt from '../../words/format.js';
import { sizeTicks, ticks } from './measured.js';

// The viewBox's width and height, and its margins: left, right, top, bottom.
const [W, H, L, R, T, B] = [340, 230, 50, 10, 10, 32];

/** Runs of consecutive rows with a time > 0, as polyline point lists. */
function runs(rows, x, y) {
  const out = [[]];
  for (const [b, s] of rows) {
    if (s > 0) out[out.length - 1].push(`${x(b)},${y(s)}`);
    else if (out[out.length - 1].length) out.push([]);
  }
  return out.filter((r) => r.length).map((r) => r.join(' '));
}

const Mark = ({ kind, cls }) => (
  <svg viewBox="0 0 24 8" aria-hidden="true">
    {kind === 'line' ? (
      <line class={`curve ${cls}`} x1="0" y1="4" x2="24" y2="4" />
    ) : kind === 'square' ? (
      <rect class={`m ${cls}`} x="9" y="1" width="6" height="6" />
    ) : (
      <circle class={`m ${cls}`} cx="12" cy="4" r="3" />
    )}
  </svg>
);

/**
 * `points`: [{key, cls, square, text, rows: [[bytes, seconds]]}], measured; `curves`: [{key, cls,
 * text, rows}], priced; the key names them in that order. `label`: for screen readers.
 */
export function Chart({ points, curves, label }) {
  const rows = [...points, ...curves].flatMap((p) => p.rows).filter(([b, s]) => b > 0 && s > 0);
  if (!rows.length) return null;
  const bs = rows.map((r) => r[0]);
  const ss = rows.map((r) => r[1]);
  let [x0, x1] = [Math.min(...bs), Math.max(...bs)];
  if (x0 === x1) [x0, x1] = [x0 / 2, x1 * 2];
  const [y0, y1] = [Math.min(...ss) / 1.3, Math.max(...ss) * 1.3];
  const x = (b) => L + ((Math.log(b) - Math.log(x0)) / (Math.log(x1) - Math.log(x0))) * (W - L - R);
  const y = (s) =>
    H - B - ((Math.log(s) - Math.log(y0)) / (Math.log(y1) - Math.log(y0))) * (H - T - B);
  return (
    <>
      <svg viewBox={`0 0 ${W} ${H}`} class="chart loglog" role="img" aria-label={label}>
        {ticks(y0, y1, 10).map((v) => (
          <g key={v}>
            <line class="grid" x1={L} x2={W - R} y1={y(v)} y2={y(v)} />
            <text class="tick" x={L - 4} y={y(v) + 3} text-anchor="end">
              {fmt.time(v)}
            </text>
          </g>
        ))}
        {sizeTicks(x0, x1).map((b) => (
          // A label at an end of the axis ends there, not half past the chart's edge.
          <text
            key={b}
            class="tick"
            x={x(b)}
            y={H - B + 13}
            text-anchor={x(b) > W - R - 20 ? 'end' : x(b) < L + 20 ? 'start' : 'middle'}
          >
            {fmt.binaryBytes(b)}
          </text>
        ))}
        <text class="tick" x={(L + W - R) / 2} y={H - 3} text-anchor="middle">
          message size; time per all-reduce (both log scale)
        </text>
        {curves.map((c) =>
          runs(c.rows, x, y).map((p, i) => (
            <polyline key={`${c.key}.${i}`} class={`curve ${c.cls}`} points={p} />
          )),
        )}
        {points.map((p) => (
          <g key={p.key} class={`measured ${p.cls}`}>
            {p.rows.map(([b, s]) =>
              p.square ? (
                <rect key={b} x={x(b) - 2.6} y={y(s) - 2.6} width="5.2" height="5.2" />
              ) : (
                <circle key={b} cx={x(b)} cy={y(s)} r="2.8" />
              ),
            )}
          </g>
        ))}
      </svg>
      <ul class="legend">
        {[...points, ...curves].map((p) => (
          <li key={p.key}>
            <Mark kind={curves.includes(p) ? 'line' : p.square ? 'square' : 'dot'} cls={p.cls} />{' '}
            {p.text}
          </li>
        ))}
      </ul>
    </>
  );
}
