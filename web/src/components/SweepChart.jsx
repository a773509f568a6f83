// Serial speedup per link for tp = 1, 2, 4, ... heads, in the chosen link model (solid) and the
// other one (faint), from two api.sweep calls. A filled dot is compute-bound, a hollow one
// communication-bound; lines differ in colour and dash (4 styles). Where a link's domain ends a
// mark says so, and the points beyond it are faded: they price a ring the hardware cannot build.
// The sentences and the table are its text twin.

import * as fmt from '../format.js';
import { seriesByLink } from '../sweep.js';
import { domainText, turnText } from '../verdict.js';

const W = 340;
const H = 200;
const L = 34;
const R = 10;
const T = 10;
const B = 30;

const beyond = (p) => p.link && !p.link.within_domain;

export function SweepChart({ sweep, shown, open = false }) {
  if (!sweep || !shown) return null;
  const { result: r, names } = shown;
  const titles = names.titles;
  const nccl = r.link_model === 'nccl';
  const other = nccl ? 'at line rate' : 'as NCCL runs it';
  const linkNames = r.links.map((l) => l.name);
  const series = seriesByLink(sweep.points, linkNames);
  const alts = sweep.alt ? seriesByLink(sweep.alt, linkNames) : [];
  const values = sweep.values;
  let ymax = 1;
  for (const s of [...series, ...alts])
    for (const p of s) if (p.link && p.link.serial_speedup > ymax) ymax = p.link.serial_speedup;
  ymax = Math.ceil(ymax * 1.1);
  const x = (i) =>
    L + (values.length > 1 ? (i * (W - L - R)) / (values.length - 1) : (W - L - R) / 2);
  const y = (v) => H - B - (v / ymax) * (H - T - B);
  const line = (s, keep) =>
    s
      .map((p, i) => p.link && keep(p, i) && `${x(i)},${y(p.link.serial_speedup)}`)
      .filter(Boolean)
      .join(' ');
  const every = Math.ceil(values.length / 9);
  const ci = values.indexOf(shown.scenario.tp_size);
  // Where each link's domain ends within the sweep: the index of its last point inside it.
  const ends = r.links.map((l) => {
    const i = values.findLastIndex((v) => v <= l.domain);
    return l.domain && i >= 0 && i < values.length - 1 ? i : -1;
  });
  // One mark per domain size: named after its link when only one short-named link has it.
  const marks = [];
  ends.forEach((i, k) => {
    if (i < 0) return;
    const d = r.links[k].domain;
    const m = marks.find((x) => x.d === d);
    if (m) m.k = -1;
    else marks.push({ d, i, k });
  });
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
        {alts.map((s, k) => (
          <g key={`a${k}`} class={`s s${k % 4}`}>
            <polyline class="alt" points={line(s, () => true)} />
          </g>
        ))}
        {marks.map(({ d, i, k }, j) => {
          const right = x(i) > (L + W - R) / 2;
          const named = k >= 0 && titles[k].length <= 14;
          return (
            <g key={`d${d}`} class={`domain${k >= 0 ? ` s s${k % 4}` : ''}`} data-domain={d}>
              <line x1={x(i)} x2={x(i)} y1={T} y2={H - B} />
              <text
                x={x(i) + (right ? -3 : 3)}
                y={T + 9 + 11 * j}
                text-anchor={right ? 'end' : 'start'}
              >
                {named ? `${titles[k]}: domain ${d}` : `domain ${d}`}
              </text>
            </g>
          );
        })}
        {series.map((s, k) => (
          <g key={k} class={`s s${k % 4}`}>
            <polyline points={line(s, (_, i) => ends[k] < 0 || i <= ends[k])} />
            {ends[k] >= 0 && <polyline class="beyond" points={line(s, (_, i) => i >= ends[k])} />}
            {s.map((p, i) =>
              p.link ? (
                <circle
                  key={i}
                  cx={x(i)}
                  cy={y(p.link.serial_speedup)}
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
            {turnText(titles[k], s)}
            {alts[k] && (
              <span class="muted"> ({turnText(nccl ? 'line rate:' : 'NCCL:', alts[k])})</span>
            )}
            .
            {ends[k] >= 0 && (
              <span class="domain-text"> {domainText('It', r.links[k].domain, names.chip)}</span>
            )}
          </li>
        ))}
        <li class="muted">
          Filled dot: compute-bound; hollow dot: communication-bound; faint line: the same {other};
          faded, dashed: beyond the link’s domain (hypothetical); vertical line: your tp_size.
        </li>
      </ul>
      <details open={open}>
        <summary>Sweep table</summary>
        <div class="scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">tp</th>
                {series.map((_, k) => [
                  <th key={k} scope="col">
                    {titles[k]}
                  </th>,
                  alts[k] && (
                    <th key={`a${k}`} scope="col">
                      {titles[k]}, {nccl ? 'line rate' : 'NCCL'}
                    </th>
                  ),
                ])}
              </tr>
            </thead>
            <tbody>
              {values.map((v, i) => (
                <tr key={v}>
                  <th scope="row">{v}</th>
                  {series.map((s, k) =>
                    [s, alts[k]].map(
                      (t, alt) =>
                        t && (
                          <td key={`${k}.${alt}`} class={alt ? 'muted' : undefined}>
                            {t[i].link
                              ? `${fmt.times(t[i].link.serial_speedup)} ${t[i].link.bound === 'communication' ? 'comm.' : 'compute'}${beyond(t[i]) ? ' †' : ''}`
                              : '—'}
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
          <p class="hint">† beyond the link’s domain: a ring the hardware cannot build.</p>
        )}
      </details>
    </section>
  );
}
