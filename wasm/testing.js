// The test entry: the same API as index.js plus hooks into the WebAssembly instance (heap,
// handles, raw JSON text, core-only timing) for the tests and the benchmark. Not shipped: it is
// bundled apart from dist/tplayer.js and has no place in the public d.ts.
import { instantiate, ScenarioError } from './facade.js';

export { ScenarioError };

let loading = null;

// Loads once: { api, hooks }.
export function load(options = {}) {
  loading ??= instantiate(
    new URL(/* @vite-ignore */ 'tplayer-testing.wasm.gz', import.meta.url),
    options ?? {},
    new URL(/* @vite-ignore */ 'tplayer-card.wasm.gz', import.meta.url),
  ).then(({ api, wasm, serialise, sweepValues }) => ({
    api,
    hooks: Object.freeze({
      heapBytes: () => wasm.heapSize(),
      heapInUse: () => wasm.heapInUse(),
      emvalHandles: () => wasm.count_emval_handles(),
      toJsonText: serialise,
      solveText: (text) => wasm.solve(String(text)),
      sweepNsPerPoint(scenario, field, values) {
        const json = serialise(scenario);
        if (json.errors) throw new ScenarioError(json.errors);
        return wasm.sweepNsPerPoint(json.text, field, sweepValues(values).text);
      },
      // The core's cost of a measured link: reading the text and pricing one all-reduce.
      measuredNsPerCall: (text, ranks, messageBytes, calls) =>
        wasm.measuredNsPerCall(String(text), ranks, messageBytes, calls),
      // docs/model.md#the-hiding-bandwidth: ns per core solve() of a scenario, and per hiding search over its links.
      hidingNs(scenario, calls) {
        const json = serialise(scenario);
        if (json.errors) throw new ScenarioError(json.errors);
        return wasm.hidingNs(json.text, calls);
      },
    }),
  }));
  return loading;
}
