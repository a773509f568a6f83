// "Show the math": closed at first; its body (MathBody.jsx, with math.js) loads when it is first
// opened.

import { useState } from 'preact/hooks';
import { lazy } from '../lazy.jsx';

const MathBody = lazy(() => import('./MathBody.jsx').then((m) => m.MathBody), 'the math');

/** `shown`: the outcome on screen; `inputs`: its model inputs (inputs.js). */
export function MathSteps({ shown, inputs }) {
  const [open, setOpen] = useState(false);
  if (!shown || !inputs) return null;
  return (
    <details class="card math" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Show the math</summary>
      {open && <MathBody shown={shown} inputs={inputs} />}
    </details>
  );
}
