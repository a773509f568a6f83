// Entry: renders the page, then loads the WebAssembly module (api.js). `npm run build` has
// already rendered the default view's first screen into #app (scripts/prerender.mjs, data-pre):
// that markup stays as it is until the module is ready and is then taken over in place (hydrate:
// the same tree from the same numbers, so nothing moves), the form and the details rendered below
// it part by part (turns.jsx). This script itself is started by the head's (web/vite.config.js
// headScript): for the default view once the page has loaded and its first screen is painted,
// with nothing asked of the visitor (what they set on the prerendered controls meanwhile is read
// into the state at the takeover: keep). A permalink or an embed shows its own view instead: the
// head's script marks the page tp-wait before the first paint and starts this one at once, the
// stylesheet hides the prerender, and the page renders as if there were none.

import { hydrate, render } from 'preact';
import { loadApi } from './platform/api.js';
import { App, loadDetails } from './App.jsx';
import { postHeight, registerWorker } from './platform/browser.js';
import { createAppState } from './state/state.js';
import { takeTurns, startTurns } from './ui/turns.jsx';
import { isEmbed } from './state/url.js';

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
const started = () => document.documentElement.classList.remove('tp-starting');
const draw = () => {
  if (pending) return;
  if (!take) return render(app(false), root);
  take = false;
  pending = true;
  state.view();
  next(() => {
    const set = setByVisitor();
    hydrate(app(true), root);
    started(); // the buttons work
    const rest = () => {
      pending = false;
      // Taken over once the last part is in: the page is live (tests wait for this).
      takeTurns(() => {
        root.removeAttribute('data-pre');
        registerWorker();
      });
      render(app(false), root);
      startTurns();
      keep(set);
    };
    // What the visitor set is read in this task, before any later input can reach the controls
    // (which now work) ahead of it.
    if (set.length) rest();
    else next(rest);
  });
};

/** A prerendered control the visitor has set: not as the HTML has it. */
const isSet = (c) =>
  c.tagName === 'DETAILS'
    ? c.open
    : c.tagName === 'SELECT'
      ? !c.options[c.selectedIndex]?.defaultSelected
      : c.type === 'radio'
        ? c.checked && !c.defaultChecked
        : c.type === 'checkbox'
          ? c.checked !== c.defaultChecked
          : c.value !== c.defaultValue;

/**
 * The prerendered controls the visitor set before the page worked (a preset picked, a model
 * chosen, "Embed this view" opened), in page order, each with its value: the browser keeps what
 * was set on them, and the page reads it into its state at the takeover, not the HTML's. Only a
 * control left unlike the HTML counts: one set back to the HTML's value reads as untouched, even
 * where a preset picked before it has another (the prerendered controls do not follow a pick).
 */
const setByVisitor = () =>
  [...root.querySelectorAll('select, input, textarea, details')]
    .filter(isSet)
    .map((c) => [c, c.type === 'checkbox' ? c.checked : c.value]);

/**
 * The values `set` read into the state, through each control's own handler now that it has one
 * (the render before this one drew the state's values; a <details> opened is left open, and its
 * toggle draws its body), so the view is what the visitor left on the screen.
 */
function keep(set) {
  for (const [c, value] of set) {
    if (!root.contains(c)) continue;
    if (c.tagName === 'DETAILS') {
      c.dispatchEvent(new Event('toggle'));
      continue;
    }
    if (c.type === 'radio') c.checked = true;
    else if (c.type === 'checkbox') c.checked = value;
    else c.value = value;
    c.dispatchEvent(new Event('input', { bubbles: true }));
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
    started();
    state.setLoadError(String((e && e.message) || e));
  });
