// On a phone, the answer kept in view while the form is edited: the binding link, the compute,
// its exchange and its verdict (sticky; hidden from 1024 px, where the results sit beside the form).

import * as fmt from '../format.js';
import { hypothetical } from '../verdict.js';

export function Strip({ shown }) {
  if (!shown) return null;
  const { result: r, names, scenario } = shown;
  const i = r.links.findIndex((l) => l.name === r.binding_link);
  const l = r.links[i];
  return (
    <p class="strip">
      <strong>{names.titles[i]}</strong>
      <span>compute {fmt.time(r.compute_time_s)}</span>
      <span>exchange {fmt.time(l.communication_time_s)}</span>
      <span class={`sv ${l.bound}`}>
        {l.bound}-bound{hypothetical(l, scenario.tp_size) ? ' (hypothetical)' : ''}
      </span>
    </p>
  );
}
