// The WebAssembly module, tplayer.js beside the page (the same file other pages import; it is not
// bundled into the page): loaded once, at run time.

/** Resolves to the module's API; every call returns the module's one load. */
export const loadApi = () =>
  import(/* @vite-ignore */ new URL('tplayer.js', document.baseURI).href).then((m) => m.load());
