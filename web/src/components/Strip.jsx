// On a phone, the answer kept in view while the form is edited: the compute, and each link's
// bound or that it cannot run, the binding link first (sticky; hidden from 1024 px, where the
// results sit beside the form).

import * as fmt from '../words/format.js';
import { hypothetical } from '../words/verdict.js';

export function Strip({ shown }) {
  if (!shown) return null;
  const { result: r, names, scenario } = shown;
  // The binding link first, the others in the user's order (a stable sort).
  const binding = (i) => r.links[i].name === r.binding_link;
  const order = r.links.map((_, i) => i).sort((a, b) => binding(b) - binding(a));
  return (
    <p class="strip">
      <span>compute {fmt.time(r.compute_time_s)}</span>
      {order.map((i) => {
        const l = r.links[i];
        const runs = l.runnable !== false;
        return (
          <span key={l.name} class={`sv ${runs ? l.bound : 'cannot'}`}>
            <strong>{names.titles[i]}</strong>:{' '}
            {runs
              ? `${l.bound}-bound${hypothetical(l, scenario.tp_size) ? ' (hypothetical)' : ''}, exchange ${fmt.time(l.communication_time_s)}`
              : 'cannot run'}
          </span>
        );
      })}
    </p>
  );
}
