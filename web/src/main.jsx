// Entry: renders the page, then loads the WebAssembly module (api.js). `npm run build` has
// already rendered the default view's first screen into #app (scripts/prerender.mjs, data-pre):
// that markup stays as it is until the module is ready and is then taken over in place (hydrate:
// the same tree from the same numbers, so nothing moves), the form and the details rendered below
// it in the next task. A permalink or an embed shows its own view instead: the head's first script
// (web/vite.config.js firstPaint) marks the page tp-wait before the first paint, the stylesheet
// hides the prerender, and the page renders as if there were none.

import { hydrate, render } from 'preact';
import '../style.css';
import { loadApi } from './api.js';
import { App } from './App.jsx';
import { postHeight, registerWorker } from './browser.js';
import { createAppState } from './state.js';
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
// The takeover in four tasks, none holding the main thread as long as all: the core's numbers
// for the view (memoised in the state), the prerendered first screen (hydrated: nothing to
// build), the form, then the details (the sweep with them). Until the last, a change of state
// draws nothing: the tasks to come draw the view as it is then.
let pending = false;
const next = (f) => setTimeout(f);
const draw = () => {
  if (pending) return;
  if (!take) return render(app(false), root);
  take = false;
  pending = true;
  state.view();
  next(() => {
    hydrate(app(true), root);
    next(() => {
      render(app(1), root);
      next(() => {
        pending = false;
        render(app(false), root);
        root.removeAttribute('data-pre'); // taken over: the page is live (tests wait for this)
      });
    });
  });
};
if (embed) document.documentElement.classList.add('embed');
state.subscribe(draw);
if (!take) draw();
postHeight();
registerWorker();

// The catalogue's reading (setApi) in a task of its own, after the module's.
loadApi()
  .then((api) => new Promise((next) => setTimeout(next, 0, api)))
  .then((api) => state.setApi(api))
  .catch((e) => {
    take = false;
    state.setLoadError(String((e && e.message) || e));
  });
