// The default view as HTML, for `npm run build` (scripts/prerender.mjs writes it into
// dist/index.html's #app): the page's own App from the page's own state, with the core's numbers
// (`api`: the module, loaded in Node), so that main.jsx takes it over unchanged.

import { renderToString } from 'preact-render-to-string';
import { App } from './App.jsx';
import { createAppState } from './state/state.js';

export function prerender(api) {
  const state = createAppState();
  state.setApi(api);
  const view = state.view();
  return {
    html: renderToString(<App view={view} actions={state.actions} embed={false} first />),
    view,
  };
}
