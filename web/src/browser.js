// The page's ties to the browser: the URL hash (replace while typing, push on a preset pick,
// follow back/forward and hand edits), the height message of an embed, the service worker.

import { urlWithHash } from './url.js';

export function connectUrl(state, win = window) {
  let written = win.location.hash.replace(/^#/, '');
  let timer = 0;
  let edits = state.get().edits;
  state.subscribe(() => {
    const mode = state.takeNavigation();
    if (state.get().edits === edits) return;
    edits = state.get().edits;
    const v = state.view();
    if (!v.valid || v.hash === written) return;
    win.clearTimeout(timer);
    const h = v.hash;
    const write = () => {
      written = h;
      win.history[mode === 'push' ? 'pushState' : 'replaceState'](null, '', urlWithHash(win.location.href, h));
    };
    if (mode === 'push') write();
    else timer = win.setTimeout(write, 120);
  });
  win.addEventListener('hashchange', () => {
    const h = win.location.hash.replace(/^#/, '');
    if (h === written) return;
    written = h;
    win.clearTimeout(timer);
    state.applyHash(h);
  });
}

/** In an iframe: posts {type: 'tplayer:height', height} to the parent whenever the page's height changes. */
export function postHeight(win = window) {
  if (win.parent === win || typeof ResizeObserver !== 'function') return;
  let last = -1;
  const post = () => {
    const height = Math.ceil(win.document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    win.parent.postMessage({ type: 'tplayer:height', height }, '*');
  };
  new ResizeObserver(post).observe(win.document.body);
  post();
}

/** Offline after the first visit: dist/sw.js caches the page's files (see web/sw.js). */
export function registerWorker(win = window) {
  const nav = win.navigator;
  if (!nav.serviceWorker || !/^https?:$/.test(win.location.protocol)) return;
  win.addEventListener('load', () => {
    nav.serviceWorker.register('sw.js').catch(() => {});
  });
}
