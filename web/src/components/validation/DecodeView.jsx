// The kernels model (docs/model.md#the-kernels-model) against what engines measured: per kernel (vidur's profiles) and
// per step (published per-token, per-request and first-token times), in sample and with the
// point's source left out, as calibration/fit_kernels.py scored them (`tplayer --validate`).
// Data: validation.json's `kernels`.

import * as fmt from '../../words/format.js';
import { Table, pct } from './Rows.jsx';

const signed = (x) => `${x >= 0 ? '+' : ''}${pct(x)}`;
const KINDS = { token: 'per token', request: 'per request', prefill: 'first token' };

export function DecodeView({ kernels }) {
  if (!kernels) return null;
  const { kernel_report: k, engine_points: points, engine_report: e } = kernels;
  const summary = (s, label) =>
    `${label}: median ${pct(s.median_abs_error)}, within 20% on ${s.within_20} of ${s.points} points, TP ratios within 25% on ${s.ratios_within_25} of ${s.ratios}`;
  return (
    <section class="serving" aria-labelledby="h-decode">
      <h4 id="h-decode">The step as engines run it</h4>
      <p class="hint">
        As it runs prices a layer as its kernels. Per kernel, against {fmt.count(k.kernels)}{' '}
        measured kernel times of a decoder layer (vidur, A100 and H100): median{' '}
        {pct(k.median_in_sample)} fitted on them, {pct(k.median_left_out)} with each model left out.
        Per step, against published engine timings:
      </p>
      <ul class="hint">
        <li>{summary(e.in_sample_s, 'fitted on them')}</li>
        <li>{summary(e.left_out_s, 'each source left out')}</li>
      </ul>
      <details>
        <summary>Every point ({points.length})</summary>
        <Table
          cols={['source', 'engine, GPU', 'model, TP, batch', 'measured', 'fitted', 'left out']}
        >
          {points.map((p, i) => (
            <tr key={i}>
              <th scope="row">{p.source}</th>
              <td>
                {p.engine}, {p.gpu}
              </td>
              <td>
                {p.workload}, TP {p.tp}, batch {p.batch}
              </td>
              <td>
                {fmt.time(p.measured_s)} {KINDS[p.kind]}
              </td>
              <td>{signed(p.in_sample_s / p.measured_s - 1)}</td>
              <td>{signed(p.left_out_s / p.measured_s - 1)}</td>
            </tr>
          ))}
        </Table>
      </details>
    </section>
  );
}
