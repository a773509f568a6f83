// Where one step goes in the kernels model (docs/model.md#the-kernels-model), on one link, as one
// bar with its text twin.

import * as fmt from '../words/format.js';

const GROUPS = [
  ['gemm', 'GEMMs'],
  ['attention', 'Attention'],
  ['small', 'Norms, rotary, activation, residual adds'],
];

/** The step's parts on link `l` of result `r`: [key, label, seconds]. */
function stepParts(r, l) {
  const inLayers = (group) =>
    r.kernels.filter((k) => k.group === group).reduce((t, k) => t + k.count * k.time_s, 0);
  return [
    ...GROUPS.map(([key, label]) => [key, label, inLayers(key)]),
    ['exchange', `Exchange on ${l.title}`, r.layers * l.communication_time_s],
    [
      'head',
      'Outside the layers: embedding, LM head, sampling',
      inLayers('head') + l.head_communication_time_s,
    ],
    ['engine', "The serving engine's host time", r.step_overhead_s],
  ].filter(([, , t]) => t > 0);
}

export function StepBar({ r, l }) {
  const parts = stepParts(r, l);
  const total = parts.reduce((t, [, , s]) => t + s, 0);
  return (
    <figure class="step-bar">
      <figcaption>
        Where a step goes on {l.title}: {fmt.time(l.step_time_s)}
        {r.pass === 'decode' ? ' per output token' : ''}
      </figcaption>
      <div class="bar" aria-hidden="true">
        {parts.map(([key, label, s]) => (
          <span
            key={key}
            class={`part ${key}`}
            style={{ width: `${(100 * s) / total}%` }}
            title={label}
          />
        ))}
      </div>
      <ul>
        {parts.map(([key, label, s]) => (
          <li key={key}>
            <span class={`swatch ${key}`} aria-hidden="true" /> {label}: {fmt.time(s)} (
            {fmt.percent(s / total)})
          </li>
        ))}
      </ul>
    </figure>
  );
}
