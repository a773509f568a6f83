// The WebAssembly module, tplayer.js beside the page (the same file other pages import; it is not
// bundled into the page): loaded once per page, at run time, by the page or by every <tp-layer>.

let once = null;

/**
 * Resolves to the module's API, one load for every call (a failed one is tried again). `base`: the
 * URL tplayer.js is beside (the page's own; element.js's for the web component on another site).
 */
export function loadApi(base = document.baseURI) {
  if (once) return once;
  const url = new URL('tplayer.js', base).href;
  const failed = (what) => (e) => {
    throw new Error(`${what} (${e?.message || e})`);
  };
  once = import(/* @vite-ignore */ url).then(
    (m) => m.load().catch(failed(`${url} loaded, but not its WebAssembly`)),
    failed(`${url} did not load`),
  );
  once.catch(() => (once = null));
  return once;
}
