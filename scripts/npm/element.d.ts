// tplayer/element: importing it (in a browser) defines <tp-layer>, the calculator's verdict and
// compare chart for one view. Attributes: preset (a scenario preset's key), scenario (a Scenario
// as JSON) or hash (a permalink's hash), and model ("mlsysim" or "as it runs"). It loads
// tplayer.js and tplayer.wasm.gz from beside itself, once per page.
export {};

declare global {
  interface HTMLElementTagNameMap {
    'tp-layer': HTMLElement;
  }
}
