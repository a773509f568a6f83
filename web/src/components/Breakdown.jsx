// The per-link breakdown: the layer's own numbers, memory fit and warnings, a card per link, the
// sweep, the measurements and the math (the chart of compute against every link's exchange is
// the verdict's, App.jsx). Greyed (and said so) while the input is invalid.

import { useContext } from 'preact/hooks';
import { ModelContext } from '../ui/context.js';
import * as fmt from '../words/format.js';
import { Messages } from './Messages.jsx';
import { Numbers } from './Numbers.jsx';
import { LinkCard } from './LinkCard.jsx';
import { loadApi } from '../platform/api.js';
import { Opened, lazy } from '../ui/lazy.jsx';
import { InTurn } from '../ui/turns.jsx';
import { MODEL_LEAVES_OUT } from '../words/verdict.js';

export const SweepChart = lazy(
  () => import('./SweepChart.jsx').then((m) => m.SweepChart),
  'the sweep',
);
const MathBody = lazy(() => import('./MathBody.jsx').then((m) => m.MathBody), 'the math');
// "How close to measurements?": published nccl-tests runs against both link models. Its code
// (validation/) and data (validation.json) load when it is first opened, not with the page; the
// service worker keeps them for offline use.
const Panel = lazy(
  () =>
    Promise.all([
      import('./validation/Panel.jsx'),
      fetch('validation.json').then((r) => {
        if (!r.ok) throw new Error(`validation.json: HTTP ${r.status}`);
        return r.json();
      }),
      loadApi(),
    ]).then(([m, data, api]) => (props) => <m.Panel data={data} api={api} {...props} />),
  'the measurements',
);

/**
 * `shown`: the outcome on screen; `sweep` (a function: swept when first called) and `measured`
 * (the form's measured links, for the measurements panel): state.js's. Each card renders in turn
 * during a takeover (turns.jsx).
 */
export function Breakdown({ shown, sweep, measured }) {
  const model = useContext(ModelContext);
  if (!shown) return null;
  const { result: r, scenario, names } = shown;
  const nccl = r.link_model === 'nccl';
  const pair = r.collective === 'reduce_scatter_all_gather';
  const rows = [
    ['FLOPs of the layer F', `${fmt.sig(r.flops_per_layer)} FLOP`],
    ['FLOPs per rank F / n', `${fmt.sig(r.flops_per_rank)} FLOP`],
    [
      'Peak used',
      `${fmt.flops(r.peak_flops)} (${fmt.precisionName(scenario.precision)}, ${r.bytes_per_element} B per element)`,
    ],
    [
      'Compute per rank t_comp',
      `${fmt.time(r.compute_time_s)} (${r.compute_model === 'flops' ? 'FLOPs' : `${r.compute_model === 'kernels' ? `${r.kernels_per_layer} kernels` : 'roofline'}: ${r.compute_bound === 'memory' ? 'memory' : 'FLOPs'}-bound`})`,
    ],
    ['  FLOPs term F / n / (peak x η)', fmt.time(r.flop_time_s)],
    [
      '  Memory term bytes / (bandwidth x efficiency)',
      `${fmt.time(r.memory_time_s)}${r.compute_model === 'flops' ? ' (shown; the FLOPs model does not use it)' : ''}`,
    ],
    [
      'Bytes read per rank',
      `${fmt.bytes(r.memory_bytes_per_rank)} at ${Math.round(r.memory_efficiency * 100)}% of the memory bandwidth`,
    ],
    ['One accelerator alone t_single', fmt.time(r.single_device_time_s)],
    [
      pair ? 'Message of each call M' : 'All-reduce message M',
      `${fmt.bytes(r.message_bytes)} (${fmt.count(r.message_bytes)} B${r.exchange_precision !== scenario.precision ? `, in ${fmt.precisionName(r.exchange_precision)}` : ''})`,
    ],
    [
      'Binding link',
      `${names.titles[r.links.findIndex((l) => l.name === r.binding_link)]} (${r.bound}-bound)`,
    ],
    [
      'All-reduces priced',
      `${pair ? 'each as a reduce-scatter + an all-gather (sequence parallelism), two calls, ' : ''}${
        nccl
          ? `as ${r.allreduce === 'custom' && !pair ? "the serving engine's kernels or " : ''}NCCL runs them, ${fmt.time(r.launch_overhead_s)} launch overhead each`
          : `at line rate${r.launch_overhead_s ? `, ${fmt.time(r.launch_overhead_s)} launch overhead each` : ''}`
      }`,
    ],
  ];
  return (
    <section class="breakdown" aria-labelledby="h-breakdown">
      <h2 id="h-breakdown">Breakdown</h2>
      <InTurn>
        <article class="card">
          <h3>The layer</h3>
          <Numbers rows={rows} />
          <p class={r.fits_in_memory ? 'fit' : 'fit warn'}>
            <strong>Memory: {r.fits_in_memory ? 'fits' : 'does not fit'}.</strong>{' '}
            {r.layers === 1 ? 'The layer’s' : `All ${r.layers} layers’`} weights per rank{' '}
            {fmt.bytes(r.weights_per_rank_bytes)} ({fmt.binaryBytes(r.weights_per_rank_bytes)})
            {r.kv_cache_per_rank_bytes > 0 &&
              ` and KV cache ${fmt.bytes(r.kv_cache_per_rank_bytes)}`}{' '}
            of {fmt.bytes(r.memory_capacity_bytes)} ({fmt.binaryBytes(r.memory_capacity_bytes)}).
            One {names.chip} alone would need {fmt.bytes(r.single_device_memory_bytes)}
            {r.single_device_fits_in_memory
              ? '.'
              : ': more than it holds, so every speedup is against a hypothetical.'}
          </p>
          <p class="muted">{MODEL_LEAVES_OUT}</p>
          {r.warnings.length ? (
            <Messages warnings={r.warnings} />
          ) : (
            <p class="muted">No warnings.</p>
          )}
        </article>
      </InTurn>
      {r.links.map((l, i) => (
        <InTurn key={l.name}>
          <LinkCard shown={shown} i={i} catalog={model.catalog} />
        </InTurn>
      ))}
      <InTurn>{() => sweep() && <SweepChart sweep={sweep()} shown={sweep().of} />}</InTurn>
      <InTurn>
        <Opened class="card validation" summary="How close to measurements?">
          {() => (
            <Panel
              catalog={model.catalog}
              links={scenario.links}
              titles={names.titles}
              measured={measured}
              tp={scenario.tp_size}
            />
          )}
        </Opened>
        <Opened class="card math" summary="Show the math">
          {() => <MathBody shown={shown} />}
        </Opened>
      </InTurn>
    </section>
  );
}
