// The body of "Embed this view" (ShareBar.jsx: loaded when it is first opened): the two ways to
// put this view on another page, the web component first and the iframe second.

import { elementCode, embedCode, embedUrl } from '../platform/embed.js';

const WAYS = [
  [
    'Web component',
    "The verdict and the chart, drawn in your page; its CSP must allow this site in script-src and connect-src, and 'wasm-unsafe-eval'.",
    elementCode,
  ],
  [
    'iframe',
    'The whole calculator, its form folded away; it takes its height from the page inside it.',
    (link) => embedCode(embedUrl(link)),
  ],
];

/** `link`: this view's URL; `linkable`: whether it can be shared; `copy(what, text)`: ShareBar's. */
export function EmbedWays({ link, linkable, copy }) {
  if (!linkable) return <p class="hint">Fix the marked input to embed this view.</p>;
  return WAYS.map(([what, hint, code]) => (
    <div class="way" key={what}>
      <button type="button" onClick={() => copy(`${what} code`, code(link))}>
        Copy {what} code
      </button>
      <p class="hint">{hint}</p>
    </div>
  ));
}
