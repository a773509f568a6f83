// What <tp-layer> (element.jsx) draws the page's result components with, in place of Preact:
// `h`, `Fragment` and `render`, for the element's build only (web/vite.config.js points its
// `preact` imports here). Those components (Verdicts, CompareBars) are pure functions of their
// props (no state, hooks, context or events), so drawing them is building their elements once;
// an attribute change draws the element again, whole. Preact's ~4.9 KB gzip was a third of
// element.js. Attributes as Preact sets them: null and false left out, anything else as text.

const SVG = 'http://www.w3.org/2000/svg';

export const h = (type, props, ...children) => ({ type, props: { ...props, children } });

export const Fragment = (props) => props.children;

/** The DOM nodes (and text) of `v`: a vnode, text, a number, an array of them; null, booleans: none. */
function build(v, svg) {
  if (v == null || typeof v === 'boolean') return [];
  if (Array.isArray(v)) return v.flatMap((c) => build(c, svg));
  if (typeof v !== 'object') return [String(v)];
  const { type, props } = v;
  if (typeof type === 'function') return build(type(props), svg);
  svg ||= type === 'svg';
  const el = svg ? document.createElementNS(SVG, type) : document.createElement(type);
  for (const [k, x] of Object.entries(props))
    if (k !== 'children' && k !== 'key' && x != null && x !== false) el.setAttribute(k, x);
  el.append(...build(props.children, svg));
  return [el];
}

/** Replaces what `root` holds with `v`'s nodes. */
export const render = (v, root) => root.replaceChildren(...build(v));
