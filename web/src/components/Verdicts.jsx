// The headline: one card per link (its bound, exchange, speedup, and the exchange and one
// all-reduce in time), the binding link, a setup that cannot run (✗) and a hypothetical marked with
// the core's reasons, in words and not only colour. The summary is announced when it changes.

import {
  computeText,
  exchangeText,
  hypothetical,
  modelText,
  summaryText,
  verdict,
} from '../words/verdict.js';

export function Verdicts({ shown }) {
  if (!shown) return null;
  const { result: r, scenario, names } = shown;
  const n = scenario.tp_size;
  return (
    <section class="verdicts" aria-labelledby="h-verdict">
      <h2 id="h-verdict">Verdict</h2>
      <ul>
        {r.links.map((l, i) => {
          const said = verdict(l, {
            chip: names.chip,
            tpSize: n,
            holds: r.single_device_fits_in_memory,
          });
          const runs = l.runnable !== false;
          const odd = runs && hypothetical(l, n);
          // The core's warnings about this link (by path): the reason for a mark, in its words.
          const why = r.warnings.filter((w) => w.path.length === 2 && w.path[1] === l.name);
          return (
            <li
              key={l.name}
              class={`v ${runs ? l.bound : 'cannot'}${odd ? ' hypothetical' : ''}`}
              data-link={l.name}
            >
              <span class="mark" aria-hidden="true">
                {!runs ? '✗' : odd ? '?' : l.bound === 'compute' ? '✓' : '!'}
              </span>
              <span>
                <strong>{names.titles[i]}</strong>: {said.text}
                {l.name === r.binding_link && r.links.length > 1 && (
                  <>
                    {' '}
                    <span class="badge">binding link</span>
                  </>
                )}
                {n > 1 && (
                  <span class="ex">
                    {runs ? '' : 'If it could run: '}
                    {exchangeText(l, scenario.collectives_per_layer)}
                  </span>
                )}
                <span class="ex">
                  {runs || n > 1 ? '' : 'If it could run: '}
                  {modelText(l, r, scenario.tokens)}
                </span>
                {why.map((w, j) => (
                  <span key={j} class="why">
                    <strong>{odd && !j ? 'Hypothetical: ' : 'Note: '}</strong>
                    {w.message}
                  </span>
                ))}
              </span>
            </li>
          );
        })}
      </ul>
      <p class="summary" aria-live="polite">
        {summaryText(r, { n, titles: names.titles, chip: names.chip })}
      </p>
      <p class="summary compute-bound">Compute per rank is {computeText(r)}.</p>
      {/* docs/model.md#what-the-answer-says: the model's own limit, said with the verdict. */}
      {r.warnings
        .filter((w) => w.field === 'compute_model')
        .map((w) => (
          <p key={w.message} class="summary why">
            <strong>Note: </strong>
            {w.message}.
          </p>
        ))}
    </section>
  );
}
