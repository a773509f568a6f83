// The page's other ties to the browser (the URL and its history are state.js's): the height
// message of an embed and the service worker.

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
  const register = () => nav.serviceWorker.register('sw.js').catch(() => {});
  // After the page's own load; this script may itself come after it (on the default view the
  // head's script starts it once the first screen is painted).
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register);
}
