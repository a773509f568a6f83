// "How close to measurements?": for a published nccl-tests table, the measured all-reduce times
// against both link models priced by the module, on log-log axes, with the source named and the
// fit's own errors in words; the table of rows is the chart's text twin. Loaded on demand.

import { useMemo, useState } from 'preact/hooks';
import * as fmt from '../format.js';
import { priceTable, tablesFor, ticks } from './measured.js';
import './panel.css';

const W = 340;
const H = 230;
const L = 50;
const R = 10;
const T = 10;
const B = 32;

const label = (t) => `${t.system} (${t.table})`;

/** `data`: validation.json; `api`: the module; `rows`: the form's link rows; `titles`: their names on the page. */
export function Panel({ data, api, rows, titles }) {
  const { mine, others, across } = tablesFor(data.tables, rows);
  const offered = [...mine.flatMap((g) => g.tables), ...others];
  const [pick, setPick] = useState('');
  const t = offered.find((x) => x.table === pick) || offered[0];
  const priced = useMemo(() => t && priceTable(api, t), [api, t]);
  if (!t) return <p class="muted">No measurements in this build.</p>;
  const links = api.catalog().links;
  const linkLabel = (key) => links.find((l) => l.key === key)?.label || key;
  const measured = t.rows.map(([b, us]) => [b, us * 1e-6]);
  const curves = [
    ['nccl', 'NCCL model', priced.nccl],
    ['line', 'Line rate', priced.line_rate],
  ];
  const all = [...measured.map((r) => r[1]), ...priced.nccl, ...priced.line_rate].filter(
    (v) => v > 0,
  );
  const [x0, x1] = [measured[0][0], measured[measured.length - 1][0]];
  const [y0, y1] = [Math.min(...all) / 1.3, Math.max(...all) * 1.3];
  const x = (b) => L + ((Math.log(b) - Math.log(x0)) / (Math.log(x1) - Math.log(x0))) * (W - L - R);
  const y = (s) =>
    H - B - ((Math.log(s) - Math.log(y0)) / (Math.log(y1) - Math.log(y0))) * (H - T - B);
  const path = (times) =>
    measured
      .map(([b], i) => times[i] > 0 && `${x(b)},${y(times[i])}`)
      .filter(Boolean)
      .join(' ');
  const pct = fmt.percent;
  return (
    <div class="panel">
      <div class="field">
        <label for="in-measured">Measured system</label>
        <div class="row">
          <select id="in-measured" value={t.table} onInput={(e) => setPick(e.currentTarget.value)}>
            {mine.map((g) => (
              <optgroup key={g.row} label={`Your link ${titles[g.row] || rows[g.row].name}`}>
                {g.tables.map((x) => (
                  <option key={x.table} value={x.table}>
                    {label(x)}
                  </option>
                ))}
              </optgroup>
            ))}
            {others.length > 0 && (
              <optgroup label={mine.length ? 'Other links' : 'Measured links'}>
                {others.map((x) => (
                  <option key={x.table} value={x.table}>
                    {label(x)}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </div>
        {!mine.length && (
          <p class="hint">None of your links has published measurements: here are the others.</p>
        )}
      </div>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        class="chart loglog"
        role="img"
        aria-label={`Measured all-reduce time against message size for ${t.system}, with both models; the same data is in the table below.`}
      >
        {ticks(y0, y1, 10).map((v) => (
          <g key={v}>
            <line class="grid" x1={L} x2={W - R} y1={y(v)} y2={y(v)} />
            <text class="tick" x={L - 4} y={y(v) + 3} text-anchor="end">
              {fmt.time(v)}
            </text>
          </g>
        ))}
        {ticks(x0, x1, 16).map((b) => (
          <text key={b} class="tick" x={x(b)} y={H - B + 13} text-anchor="middle">
            {fmt.binaryBytes(b)}
          </text>
        ))}
        <text class="tick" x={(L + W - R) / 2} y={H - 3} text-anchor="middle">
          message size; time per all-reduce (both log scale)
        </text>
        {curves.map(([k, , times]) => (
          <polyline key={k} class={`curve ${k}`} points={path(times)} />
        ))}
        <g class="measured">
          {measured.map(([b, s]) => (
            <circle key={b} cx={x(b)} cy={y(s)} r="2.8" />
          ))}
        </g>
      </svg>
      <ul class="legend">
        <li>
          <svg viewBox="0 0 24 8" aria-hidden="true">
            <circle class="m" cx="12" cy="4" r="3" />
          </svg>{' '}
          Measured: {t.rows.length} message sizes, {fmt.binaryBytes(x0)} to {fmt.binaryBytes(x1)}
        </li>
        {curves.map(([k, name]) => (
          <li key={k}>
            <svg viewBox="0 0 24 8" aria-hidden="true">
              <line class={`curve ${k}`} x1="0" y1="4" x2="24" y2="4" />
            </svg>{' '}
            {name}
          </li>
        ))}
      </ul>
      <p class="source">
        <strong>Source:</strong> <code>{t.table}</code>, {t.system}, {t.ranks} GPUs;{' '}
        {/^\d/.test(t.nccl_version) ? 'NCCL' : 'NCCL version'} {t.nccl_version}; launched as{' '}
        {t.launch}; from {t.source}.
      </p>
      <p>
        <strong>How close:</strong> at the median row the line-rate model is off by{' '}
        {pct(t.line_rate.median)} ({pct(t.line_rate.max)} at worst), the NCCL model by{' '}
        {pct(t.nccl.median)} ({pct(t.nccl.max)} at worst).
        {t.left_out &&
          ` Fitted without this table (on ${t.left_out.fitted_on.join(', ')} alone), the NCCL model is off by ${pct(t.left_out.median)} at the median row.`}{' '}
        Both are priced here by the calculator with the catalogue link {linkLabel(t.price_with)} at{' '}
        {t.ranks} ranks; NCCL with the launch overhead fitted for this harness,{' '}
        {fmt.time(t.launch_overhead_s)} (your own edits to the link are not used).
      </p>
      <details>
        <summary>The rows</summary>
        <div class="scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">message</th>
                <th scope="col">measured</th>
                <th scope="col">NCCL model</th>
                <th scope="col">line rate</th>
              </tr>
            </thead>
            <tbody>
              {measured.map(([b, s], i) => (
                <tr key={b}>
                  <th scope="row">{fmt.binaryBytes(b)}</th>
                  <td>{fmt.time(s)}</td>
                  <td>{fmt.time(priced.nccl[i])}</td>
                  <td>{fmt.time(priced.line_rate[i])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      {across.length > 0 && (
        <p class="hint">
          <strong>Coming:</strong> {across.length} runs across two nodes (
          {across.map((x) => x.system).join('; ')}) are tensor parallelism across nodes, which needs
          a two-tier link that this calculator cannot price yet; they are left out of the chart.
        </p>
      )}
    </div>
  );
}
