// The WebAssembly module, tplayer.js beside the page (the same file other pages import; it is not
// bundled into the page): loaded once per page, at run time, by the page or by every <tp-layer>.

let once = null;

/**
 * Resolves to the module's API; every call returns the one load. `base`: the URL tplayer.js is
 * beside (the page's own; element.js's for the web component on another site).
 */
export const loadApi = (base = document.baseURI) =>
  (once ||= import(/* @vite-ignore */ new URL('tplayer.js', base).href).then((m) => m.load()));
