// "Show the math": closed at first; its body (MathBody.jsx, with math.js) loads when it is first
// opened, as the measurements panel does.

import { useState } from 'preact/hooks';

let body = null; // MathBody.jsx once loaded
let loading = null;

/** `shown`: the outcome on screen; `inputs`: state.js's modelInputs of it. */
export function MathSteps({ shown, inputs }) {
  const [state, setState] = useState(body ? 'ok' : '');
  if (!shown || !inputs) return null;
  const toggle = (e) => {
    if (!e.currentTarget.open || body) return;
    loading ||= import('./MathBody.jsx');
    loading.then(
      (m) => {
        body = m.MathBody;
        setState('ok');
      },
      (err) => {
        loading = null; // try again on the next opening
        setState(String(err?.message || err));
      },
    );
  };
  const Body = body;
  return (
    <details class="card math" onToggle={toggle}>
      <summary>Show the math</summary>
      {Body ? (
        <Body shown={shown} inputs={inputs} />
      ) : (
        <p class={state ? 'warn' : 'muted'} role="status">
          {state ? `The math could not be loaded: ${state}` : 'Loading the math…'}
        </p>
      )}
    </details>
  );
}
