// Entry: renders the page, then loads the WebAssembly module (api.js).

import { render } from 'preact';
import '../style.css';
import { loadApi } from './api.js';
import { App } from './App.jsx';
import { postHeight, registerWorker } from './browser.js';
import { createAppState } from './state.js';
import { isEmbed } from './url.js';

const state = createAppState({ win: window });
const embed = isEmbed(location.search);
const root = document.getElementById('app');
const draw = () => render(<App view={state.view()} actions={state.actions} embed={embed} />, root);
if (embed) document.documentElement.classList.add('embed');
state.subscribe(draw);
draw();
postHeight();
registerWorker();

loadApi()
  .then((api) => state.setApi(api))
  .catch((e) => state.setLoadError(String((e && e.message) || e)));
