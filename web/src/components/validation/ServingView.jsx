// Beyond nccl-tests: the serving engines' own all-reduce kernels against the per-call times they
// were fitted on, and whole layers measured end to end against both models, solved here by the
// module (the figures `tplayer --validate` prints). Data: validation.json's `serving`.

import * as fmt from '../../words/format.js';
import { Table, pct } from './Rows.jsx';

/** A fit's median / largest error and whether the median met its target; '—' for none. */
const fit = (x, target) =>
  x ? `${pct(x.median)} / ${pct(x.max)}, ${x.median <= target ? 'met' : 'missed'}` : '—';
const PARTS = [
  ['forward', 'forward', 'forward_ms'],
  ['backward', 'backward', 'backward_ms'],
  ['combined', 'training', 'combined_ms'],
];

/**
 * The serial layer times of the whole-layer scenario in one pass and collective, or null where
 * the core gives none: [mlsysim's model, the roofline with NCCL links]. "As it runs" (the kernels
 * model) prices serving steps under an engine; a training layer runs under none.
 */
const layerTimes = (api, scenario, pass, recompute, collective) =>
  [false, true].map((roofline) => {
    const o = api.check({
      ...scenario,
      pass,
      recompute,
      collective,
      ...(roofline ? { compute_model: 'roofline', link_model: 'nccl' } : {}),
    });
    return o.result ? o.result.links[0].serial_layer_time_s : null;
  });

/** `linkLabel`: a catalogue link's name on the page, by its key. */
export function ServingView({ serving, api, linkLabel }) {
  if (!serving) return null;
  const { custom_allreduce: custom, end_to_end: e2e, targets } = serving;
  const error = (model, ms) =>
    `${fmt.time(model)} (${model > ms / 1e3 ? '+' : ''}${pct(model / (ms / 1e3) - 1)})`;
  return (
    <section class="serving" aria-labelledby="h-serving">
      <h4 id="h-serving">The serving engines’ all-reduce</h4>
      <p class="hint">
        Each of the serving engines’ kernels (one-shot, two-shot, multimem) against the per-call
        times vLLM published, timed inside CUDA graphs (launch {fmt.time(serving.launch_s)}), up to
        8 MiB. Median / largest error; targets {pct(targets.in_sample)} fitted on the table,{' '}
        {pct(targets.left_out)} left out.
      </p>
      <Table cols={['table', 'link, ranks', 'kernel', 'fitted on it', 'left out']}>
        {custom.map((c) => (
          <tr key={`${c.table}-${c.branch}`}>
            <th scope="row" title={c.source}>
              {c.table}: {c.system.split(' (')[0]}
            </th>
            <td>
              {linkLabel(c.link)}, {c.ranks}
            </td>
            <td>{c.branch.replace('_', '-')}</td>
            <td>{fit(c.in_sample, targets.in_sample)}</td>
            <td>{fit(c.left_out, targets.left_out)}</td>
          </tr>
        ))}
      </Table>
      <h4>Whole layers, measured end to end</h4>
      <p class="hint">
        {e2e.source}. Serial layer time; a check, nothing is fitted to it. The model serialises
        compute and exchange, while the backward overlaps its all-reduces with the weight-gradient
        matmuls, and it leaves out the layer’s non-matmul work (which sequence parallelism runs on
        1/8 of the tokens: the measured forward gains it). A training layer runs under no serving
        engine, so its check is the roofline with NCCL; “as it runs” (the kernels model) is checked
        on serving steps below.
      </p>
      <Table cols={['experiment', 'part', 'measured', 'mlsysim’s model', 'roofline, NCCL']}>
        {e2e.experiments.flatMap((x) =>
          x.modelled ? (
            PARTS.map(([part, pass, key]) => {
              const recompute = x.recompute && pass !== 'forward';
              const [m, a] = layerTimes(api, e2e.scenario, pass, recompute, x.collective);
              return (
                <tr key={`${x.experiment}-${part}`}>
                  <th scope="row">{x.experiment}</th>
                  <td>{part}</td>
                  <td>{fmt.time(x[key] / 1e3)}</td>
                  <td>{m ? error(m, x[key]) : '—'}</td>
                  <td>{a ? error(a, x[key]) : '—'}</td>
                </tr>
              );
            })
          ) : (
            <tr key={x.experiment}>
              <th scope="row">{x.experiment}</th>
              <td>all three</td>
              <td>{PARTS.map(([, , key]) => fmt.time(x[key] / 1e3)).join(' / ')}</td>
              <td colSpan="2">not modelled: {x.why_not}</td>
            </tr>
          ),
        )}
      </Table>
    </section>
  );
}
