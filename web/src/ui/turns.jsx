// The takeover's parts in turn. While the page takes the prerendered first screen over
// (main.jsx), each part below it (the strip, each group of the form, each card of the details)
// renders in a main-thread task of its own, in page order, so that no task holds the thread long
// (Lighthouse counts every task over 50 ms against the page). Outside a takeover a part renders
// at once, as any component does.

import { useLayoutEffect, useState } from 'preact/hooks';

const waiting = [];
let taking = false;
let onDone = null;

function nextTurn() {
  const show = waiting.shift();
  if (show) {
    show();
    setTimeout(nextTurn);
  } else {
    taking = false;
    onDone?.();
  }
}

/** Starts a takeover: parts rendered from now on wait their turn; `done` runs after the last. */
export function takeTurns(done) {
  taking = true;
  onDone = done;
}

/** After the render that created the parts: the first part's turn comes in the next task. */
export const startTurns = () => setTimeout(nextTurn);

/**
 * `children`: what to render, or a function returning it (read only in its turn: a getter that
 * computes, such as the view's sweep, costs nothing before).
 */
export function InTurn({ children }) {
  const [shown, setShown] = useState(!taking);
  // In the render that mounts it (a layout effect), so that startTurns finds every part waiting.
  useLayoutEffect(() => {
    if (!shown) waiting.push(() => setShown(true));
  }, []);
  if (!shown) return null;
  return typeof children === 'function' ? children() : children;
}
