// The core's messages for one input (by its id, from FormContext): errors, then warnings, each
// said in words (not only colour).

import { useContext } from 'preact/hooks';
import { FormContext } from '../context.js';

export function Messages({ id }) {
  const { errors, warnings } = useContext(FormContext);
  const list = [...(errors[id] || []), ...(warnings[id] || [])];
  if (!list.length) return null;
  const n = errors[id]?.length || 0;
  return (
    <ul class="msgs" id={`msg-${id}`}>
      {list.map((m, i) => (
        <li key={i} class={i < n ? 'err' : 'warn'}>
          <strong>{i < n ? 'Error:' : 'Warning:'}</strong> {m.message}
        </li>
      ))}
    </ul>
  );
}
