// Leaf UI that loads on demand (a dynamic import, built into dist/lazy/, outside the first load):
// the measurements panel, the math, the sweep chart, the editors of measured and two-tier links,
// the embed codes. Nothing the form, the URL or the first result needs waits for one.

import { useEffect, useState } from 'preact/hooks';

/**
 * A component that renders the component `load()` resolves to once its code is in, and says so
 * meanwhile (or why it failed: it is tried again the next time it is shown). `what`: "the math".
 * Its `preload()` loads the code ahead: once that has resolved, the component renders at once.
 */
export function lazy(load, what) {
  let Got = null; // the component, once loaded
  let loading = null;
  Lazy.preload = () => (loading ||= load().then((c) => (Got = c)));
  return Lazy;
  function Lazy(props) {
    const [failed, setFailed] = useState('');
    const [, setReady] = useState(false);
    useEffect(() => {
      if (!Got)
        Lazy.preload().then(
          () => setReady(true),
          (e) => {
            loading = null;
            setFailed(String(e?.message || e));
          },
        );
    }, []);
    if (Got) return <Got {...props} />;
    return (
      <p class={failed ? 'warn' : 'muted'} role="status">
        {failed
          ? `${what[0].toUpperCase()}${what.slice(1)} could not be loaded: ${failed}`
          : `Loading ${what}…`}
      </p>
    );
  }
}

/** A `<details>` whose body (`children`, a function) renders only while it is open. */
export function Opened({ class: cls, summary, children }) {
  const [open, setOpen] = useState(false);
  return (
    <details class={cls} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && children()}
    </details>
  );
}
