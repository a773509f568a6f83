// "Embed this view": closed at first; its body (EmbedWays.jsx: the web component's and the
// iframe's code) loads when it is first opened.

import { useState } from 'preact/hooks';
import { lazy } from '../lazy.jsx';

const EmbedWays = lazy(() => import('./EmbedWays.jsx').then((m) => m.EmbedWays), 'the embed codes');

/** `link`: this view's URL; `linkable`: whether it can be shared; `copy(what, text)`: ShareBar's. */
export function EmbedCode(props) {
  const [open, setOpen] = useState(false);
  return (
    <details class="embed-code" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Embed this view</summary>
      {open && <EmbedWays {...props} />}
    </details>
  );
}
