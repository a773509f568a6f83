// Entry: renders the page, then loads the WebAssembly module from tplayer.js next to the page
// at run time (the same file other pages import; it is not bundled into the page).

import { render } from 'preact';
import '../style.css';
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

import(/* @vite-ignore */ new URL('tplayer.js', document.baseURI).href)
  .then((m) => m.load())
  .then((api) => state.setApi(api))
  .catch((e) => state.setLoadError(String((e && e.message) || e)));
