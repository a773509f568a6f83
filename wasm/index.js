// The tplayer ES module: load() the WebAssembly core once, then solve / check / sweep /
// catalog on plain objects. Types: tplayer.d.ts. Built into dist/tplayer.js, which loads the
// compressed wasm from tplayer.wasm.gz beside itself (a bundler that follows new URL(...,
// import.meta.url) copies the file along).
import { instantiate, ScenarioError } from './facade.js';

export { ScenarioError };

let loading = null;

// Loads the module once; later calls return the same promise (their options are ignored). The
// card's module (tplayer-card.js and tplayer-card.wasm.gz beside this file) loads only when
// card() is first called.
export function load(options = {}) {
  if (!loading) {
    loading = instantiate(
      new URL(/* @vite-ignore */ 'tplayer.wasm.gz', import.meta.url),
      options ?? {},
      new URL(/* @vite-ignore */ 'tplayer-card.wasm.gz', import.meta.url),
    ).then(({ api }) => api);
    loading.catch(() => {
      loading = null; // let a later call try again
    });
  }
  return loading;
}
