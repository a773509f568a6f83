// The JavaScript door's benchmark (run by scripts/bench.sh, not a test): the cost per scenario
// inside WebAssembly (core's sweep, timed in C++), the cost per point of sweep() called from JS
// (which also builds every result object), and the median of solve() per call. Compares with
// the native numbers that bench.sh passes in NATIVE_SWEEP_NS / NATIVE_SOLVE_NS.
import { load } from '../dist/tplayer.js';

const api = await load();
const scenario = api.Scenarios.Gpt3TensorParallelLayerTp8.scenario;
const points = 10_000;
const values = Array.from({ length: points }, (_, i) => [1, 2, 4, 8, 16, 32, 64][i % 7]);

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const min = (xs) => Math.min(...xs);

// Warm-up: let V8 tier the wasm and the facade up before anything is timed.
for (let i = 0; i < 20_000; i++) api.solve(scenario);
api._internal.sweepNsPerPoint(scenario, 'tp_size', values);

const coreNs = [];
for (let r = 0; r < 15; r++) coreNs.push(api._internal.sweepNsPerPoint(scenario, 'tp_size', values));

const sweepUs = [];
for (let r = 0; r < 15; r++) {
  const start = performance.now();
  const out = api.sweep(scenario, 'tp_size', values);
  sweepUs.push(((performance.now() - start) * 1000) / out.length);
}

// solve(): each call timed on its own; the median of 50,000.
const solveUs = [];
for (let i = 0; i < 50_000; i++) {
  const start = performance.now();
  api.solve(scenario);
  solveUs.push((performance.now() - start) * 1000);
}
const errorUs = [];
const bad = { ...scenario, tp_size: 0 };
for (let i = 0; i < 20_000; i++) {
  const start = performance.now();
  api.check(bad);
  errorUs.push((performance.now() - start) * 1000);
}

const nativeSweep = Number(process.env.NATIVE_SWEEP_NS);
const row = (what, value, note = '') => console.log(`${what.padEnd(52)} ${value.padStart(12)}  ${note}`);
// Best of 15 against the native best of 15: the least disturbed run of each (a busy machine
// only ever adds time); the median is shown beside it.
const wasmNs = min(coreNs);
row('wasm: core sweep, ns per scenario (best of 15)', `${wasmNs.toFixed(0)} ns`,
  nativeSweep ? `${(wasmNs / nativeSweep).toFixed(2)}x native (target <= 2x); median ${median(coreNs).toFixed(0)} ns` : '');
row('wasm: sweep() from JS, per point (with result objects)', `${min(sweepUs).toFixed(2)} us`, `best of 15; median ${median(sweepUs).toFixed(2)} us`);
const solveMedian = median(solveUs);
row('js: solve(), median of 50,000 calls', `${solveMedian.toFixed(2)} us`,
  `target <= 20 us: ${solveMedian <= 20 ? 'met' : 'MISSED'}`);
row('js: check() of a bad scenario, median of 20,000', `${median(errorUs).toFixed(2)} us`);
