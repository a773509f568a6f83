// The core's messages, each said in words (not only colour): for one input (by its id, from
// FormContext), errors then warnings; or the lists given (`errors`, `warnings`). `typed`: a
// quantity as the user typed it ("-1 µs"), said in an error instead of the core's SI number.

import { useContext } from 'preact/hooks';
import { FormContext } from '../ui/context.js';
import { asTyped } from '../words/format.js';

export function Messages({ id, errors: given, warnings, typed, role }) {
  const { errors: e, warnings: w } = useContext(FormContext);
  const errors = given || (warnings ? [] : e[id] || []);
  const list = [...errors, ...(warnings || w[id] || [])];
  if (!list.length) return null;
  return (
    <ul class="msgs" role={role} id={id === undefined ? undefined : `msg-${id}`}>
      {list.map((m, i) => (
        <li key={i} class={i < errors.length ? 'err' : 'warn'}>
          <strong>{i < errors.length ? 'Error:' : 'Warning:'}</strong>{' '}
          {i < errors.length ? asTyped(m.message, typed) : m.message}
        </li>
      ))}
    </ul>
  );
}
