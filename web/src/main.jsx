// Entry: renders the page, then loads the WebAssembly module (api.js). `npm run build` has
// already rendered the default view into #app (scripts/prerender.mjs, data-pre): that markup stays
// as it is until the module is ready and is then taken over in place (hydrate: the same tree from
// the same numbers, so nothing moves). A permalink or an embed shows its own view instead: the
// head's first script (web/vite.config.js firstPaint) marks the page tp-wait before the first
// paint, the stylesheet hides the prerender, and the page renders as if there were none.

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
const draw = () => {
  const app = <App view={state.view()} actions={state.actions} embed={embed} />;
  if (take) hydrate(app, root);
  else render(app, root);
  take = false;
};
if (embed) document.documentElement.classList.add('embed');
state.subscribe(draw);
if (!take) draw();
postHeight();
registerWorker();

loadApi()
  .then((api) => state.setApi(api))
  .catch((e) => {
    take = false;
    state.setLoadError(String((e && e.message) || e));
  });
