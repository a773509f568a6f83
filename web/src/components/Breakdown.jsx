// The per-link breakdown: the layer's own numbers, memory fit and warnings, a card per link,
// the sweep and the math. Greyed (and said so) while the input is invalid.

import * as fmt from '../format.js';
import { Numbers } from './Numbers.jsx';
import { LinkCard } from './LinkCard.jsx';
import { MathSteps } from './MathSteps.jsx';
import { SweepChart } from './SweepChart.jsx';

/** `shown`: the outcome on screen; `sweep` and `inputs`: state.js's, derived from it. */
export function Breakdown({ shown, sweep, inputs }) {
  if (!shown) return null;
  const { result: r, scenario, names } = shown;
  const c = scenario.collectives_per_layer;
  let scale = r.compute_time_s;
  for (const l of r.links) if (l.communication_time_s > scale) scale = l.communication_time_s;
  const rows = [
    ['FLOPs of the layer F', `${fmt.sci(r.flops_per_layer)} FLOP`],
    ['FLOPs per rank F / n', `${fmt.sci(r.flops_per_rank)} FLOP`],
    [
      'Peak used',
      `${fmt.flops(r.peak_flops)} (${scenario.precision}, ${r.bytes_per_element} B per element)`,
    ],
    ['Compute per rank t_comp', fmt.time(r.compute_time_s)],
    ['One accelerator alone t_single', fmt.time(r.single_device_time_s)],
    ['All-reduce message M', `${fmt.bytes(r.message_bytes)} (${fmt.count(r.message_bytes)} B)`],
    ['Binding link', `${r.binding_link} (${r.bound}-bound)`],
  ];
  return (
    <section class="breakdown" aria-labelledby="h-breakdown">
      <h2 id="h-breakdown">Breakdown</h2>
      <article class="card">
        <h3>The layer</h3>
        <Numbers rows={rows} />
        <p class={r.fits_in_memory ? 'fit' : 'fit warn'}>
          <strong>Memory: {r.fits_in_memory ? 'fits' : 'does not fit'}.</strong> Weights per rank{' '}
          {fmt.bytes(r.weights_per_rank_bytes)} ({fmt.binaryBytes(r.weights_per_rank_bytes)}) of{' '}
          {fmt.bytes(r.memory_capacity_bytes)} ({fmt.binaryBytes(r.memory_capacity_bytes)}).
        </p>
        {r.warnings.length ? (
          <ul class="msgs">
            {r.warnings.map((w, i) => (
              <li key={i} class="warn">
                <strong>Warning:</strong> {w.message}
              </li>
            ))}
          </ul>
        ) : (
          <p class="muted">No warnings.</p>
        )}
      </article>
      {r.links.map((l, i) => (
        <LinkCard
          key={l.name}
          r={r}
          l={l}
          c={c}
          title={names.titles[i]}
          binding={l.name === r.binding_link && r.links.length > 1}
          scale={scale}
        />
      ))}
      <SweepChart sweep={sweep} shown={shown} />
      <MathSteps shown={shown} inputs={inputs} />
    </section>
  );
}
