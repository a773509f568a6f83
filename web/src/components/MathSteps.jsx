// "Show the math": the model step by step with this scenario's numbers.

import { useContext } from 'preact/hooks';
import { ModelContext } from '../context.js';
import * as fmt from '../format.js';
import { branchOf, linkSteps, scalarSteps } from '../math.js';

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
  const { catalog } = useContext(ModelContext);
  if (!shown || !inp) return null;
  const { result: r, names, scenario } = shown;
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
        {r.link_model === 'nccl' &&
          ' As NCCL runs it, an all-reduce takes the fastest of the link’s branches (e: the share of the bandwidth it reaches), plus the launch overhead.'}
      </p>
      <Steps steps={scalarSteps(inp, r)} />
      {r.links.map((l, i) => (
        <section key={l.name}>
          <h3>{names.titles[i]} (B = bandwidth, α = latency)</h3>
          <Steps steps={linkSteps(inp, r, l, branchOf(scenario, catalog, l))} />
        </section>
      ))}
    </details>
  );
}
