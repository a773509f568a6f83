// "Show the math": the model step by step with this scenario's numbers.

import * as fmt from '../format.js';
import { linkSteps, scalarSteps } from '../math.js';

function Steps({ steps }) {
  return (
    <ol class="steps">
      {steps.map(([name, formula, values, result]) => (
        <li key={name}>
          <code>
            {name} = {formula}
          </code>{' '}
          = {values} = <strong>{result}</strong>
        </li>
      ))}
    </ol>
  );
}

export function MathSteps({ shown, inputs: inp, open = false }) {
  if (!shown || !inp) return null;
  const { result: r, names } = shown;
  return (
    <details class="card math" open={open}>
      <summary>Show the math</summary>
      <p class="hint">
        n = {inp.n} ranks, T = {inp.T} tokens, c = {inp.c} all-reduces, η = {inp.eta}, b ={' '}
        {r.bytes_per_element} B per element, peak = {fmt.flops(r.peak_flops)}
        {r.compute_multiplier !== 1 &&
          `, m = ${r.compute_multiplier} (the ${r.pass} pass's compute, in forwards)`}
        . Every result below is the core's, rounded to 4 digits (the JSON download has them in
        full).
      </p>
      <Steps steps={scalarSteps(inp, r)} />
      {r.links.map((l, i) => (
        <section key={l.name}>
          <h3>{names.titles[i]} (B = bandwidth, α = latency)</h3>
          <Steps steps={linkSteps(inp, r, l)} />
        </section>
      ))}
    </details>
  );
}
