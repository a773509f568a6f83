// Entry: renders the page, then loads the WebAssembly module (api.js). `npm run build` has
// already rendered the default view's first screen into #app (scripts/prerender.mjs, data-pre):
// that markup stays as it is until the module is ready and is then taken over in place (hydrate:
// the same tree from the same numbers, so nothing moves), the form and the details rendered below
// it part by part (turns.jsx). This script itself is started by the head's (web/vite.config.js
// headScript): for the default view at the visitor's first input (what they did to the
// prerendered controls until then is done again once they work, after any press still held has
// ended: replay). A permalink or an embed shows its own view instead: the head's script marks the
// page tp-wait before the first paint and starts this one at once, the stylesheet hides the
// prerender, and the page renders as if there were none.

import { hydrate, render } from 'preact';
import { loadApi } from './api.js';
import { App, loadDetails } from './App.jsx';
import { postHeight, registerWorker } from './browser.js';
import { createAppState } from './state.js';
import { takeTurns, startTurns } from './turns.jsx';
import { isEmbed } from './url.js';

const state = createAppState({ win: window });
const embed = isEmbed(location.search);
const root = document.getElementById('app');
let take = root.hasAttribute('data-pre') && !document.documentElement.classList.contains('tp-wait');
// Not this view's: the prerender goes before anything is drawn (so does the hiding rule's hook).
if (!take) {
  root.removeAttribute('data-pre');
  root.textContent = '';
}
const app = (first) => (
  <App view={state.view()} actions={state.actions} embed={embed} first={first} />
);
// The takeover in short tasks: the core's numbers for the view (memoised in the state), the
// prerendered first screen (hydrated: nothing to build), then each part below it in turn
// (turns.jsx). Until the first screen is hydrated a change of state draws nothing: the next task
// draws the view as it is then.
let pending = false;
const next = (f) => setTimeout(f);
const draw = () => {
  if (pending) return;
  if (!take) return render(app(false), root);
  take = false;
  pending = true;
  state.view();
  next(function takeOver() {
    if (held()) return setTimeout(takeOver, 20);
    hydrate(app(true), root);
    const early = stopEarly();
    const rest = () => {
      pending = false;
      // Taken over once the last part is in: the page is live (tests wait for this).
      takeTurns(() => {
        root.removeAttribute('data-pre');
        registerWorker();
      });
      render(app(false), root);
      startTurns();
      replay(early);
    };
    // What the visitor has already done is done again in this task, before any later input can
    // reach the controls (which now work) ahead of it.
    if (early.length) rest();
    else next(rest);
  });
};
/**
 * A press on the prerendered page not yet ended, with inputs to do again: the takeover waits for
 * its end. Done again, an input can move what is under the pointer (a preset picked redraws its
 * lesson above the share buttons), and a press that ends on something other than it began on is
 * no click. With nothing to do again, nothing moves.
 */
const held = () => globalThis.tpEarly?.held && globalThis.tpEarly.length > 0;

/** What the head's script kept of the inputs to the prerendered controls, kept no longer. */
function stopEarly() {
  const early = globalThis.tpEarly || [];
  early.stop?.();
  delete globalThis.tpEarly;
  return early;
}

/**
 * What the visitor did to the prerendered controls before they worked, done again in order now
 * that they do: a preset or a model picked (the control set back to what was picked, and its
 * input and change events dispatched again), a button pressed (pressed again), a <details>
 * opened or closed (it is as the visitor left it: its toggle event dispatched again).
 */
function replay(early) {
  for (const [type, target, value, checked] of early) {
    if (!root.contains(target)) continue;
    if (type === 'click') target.closest('button')?.click();
    else if (type === 'toggle') target.dispatchEvent(new Event(type));
    else {
      if (target.type === 'radio' || target.type === 'checkbox') target.checked = checked;
      else target.value = value;
      target.dispatchEvent(new Event(type, { bubbles: true }));
    }
  }
}
if (embed) document.documentElement.classList.add('embed');
state.subscribe(draw);
if (!take) draw();
postHeight();

// The catalogue's reading (setApi) in a task of its own, after the module's. The details' code
// comes with the module, so that the page draws them with the rest (if it fails to load, the
// details say so in place).
Promise.all([loadApi(), loadDetails().catch(() => {})])
  .then(([api]) => new Promise((next) => setTimeout(next, 0, api)))
  .then((api) => {
    // The service worker caches the page's files for offline use once the page is live: after
    // the takeover's last part (above), not while the first view is still being drawn; a view
    // drawn in one go (setApi renders it) is live at once.
    if (!take) registerWorker();
    state.setApi(api);
  })
  .catch((e) => {
    take = false;
    stopEarly();
    state.setLoadError(String((e && e.message) || e));
  });
