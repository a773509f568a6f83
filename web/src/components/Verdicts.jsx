// The headline: one sentence per link, the binding link marked, in words and not only colour.

import * as fmt from '../format.js';
import { computeText, verdict } from '../verdict.js';

export function Verdicts({ shown }) {
  if (!shown) return null;
  const { result: r, scenario, names } = shown;
  return (
    <section class="verdicts" aria-labelledby="h-verdict">
      <h2 id="h-verdict">Verdict</h2>
      <ul>
        {r.links.map((l, i) => {
          const said = verdict(l, { chip: names.chip, tpSize: scenario.tp_size });
          const binding = l.name === r.binding_link;
          return (
            <li key={l.name} class={`v ${l.bound}`} data-link={l.name}>
              <span class="mark" aria-hidden="true">
                {l.bound === 'compute' ? '✓' : '!'}
              </span>
              <span>
                <strong>{names.titles[i]}</strong>: {said.text}
                {binding && r.links.length > 1 && (
                  <>
                    {' '}
                    <span class="badge">binding link</span>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <p class="summary">
        Each of the {scenario.tp_size} ranks computes for{' '}
        <strong>{fmt.time(r.compute_time_s)}</strong> per layer (one {names.chip} alone:{' '}
        {fmt.time(r.single_device_time_s)}); the layer is <strong>{r.bound}-bound</strong> on its
        binding link, {r.binding_link}.
      </p>
      <p class="summary compute-bound">Compute per rank is {computeText(r)}.</p>
    </section>
  );
}
