// The page's state with the real module (dist/tplayer.js), no DOM: the result is derived and
// memoised, the last valid one stays while the input is invalid, the history is written (a preset
// pick pushes at once, an edit replaces once the edits pause, an invalid state is not written),
// and a link the core rejects falls back with a notice. Without a window nothing waits: every
// call returns with the view complete; with one, an edit's sweep follows in the task after the
// frame, and its history entry once the edits pause.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createModel, rowId } from '../../../web/src/state/scenario.js';
import { HISTORY_QUIET_MS, createAppState } from '../../../web/src/state/state.js';
import { decode } from '../../../web/src/state/url.js';
import { drawnPoint } from '../../../web/src/state/sweep.js';
import { HOSTILE } from '../../e2e/hostile-hashes.js';
import { real } from './model.js';
import { keyed } from '../keyed.js';

let api;
let catalog;
let raw;
beforeAll(async () => {
  ({ api, catalog } = await real());
  raw = await (await import('../../../dist/tplayer.js')).load();
});

/**
 * A stand-in for window: location, history (recorded), hashchange, and the frames and timers on a
 * clock of its own (queued: `advance(ms)` runs those due, `settle()` all of them).
 */
function fakeWindow(hash = '') {
  const listeners = [];
  let tasks = [];
  let now = 0;
  const queue = (f, ms = 0) => tasks.push({ f, at: now + ms });
  const win = {
    requestAnimationFrame: (f) => queue(f),
    setTimeout: (f, ms) => {
      queue(f, ms);
      return tasks.at(-1);
    },
    clearTimeout: (t) => {
      tasks = tasks.filter((x) => x !== t);
    },
    /** Moves the clock `ms` on, running what falls due on the way (and what that queues), in order. */
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = tasks.filter((t) => t.at <= end);
        if (!due.length) break;
        const next = due.reduce((a, b) => (b.at < a.at ? b : a));
        tasks = tasks.filter((t) => t !== next);
        now = Math.max(now, next.at);
        next.f();
      }
      now = end;
    },
    /** Runs the frames and timers queued, and those they queue. */
    settle() {
      while (tasks.length) win.advance(Math.max(...tasks.map((t) => t.at)) - now);
    },
    location: {
      href: `https://example.org/tp/${hash}`,
      get hash() {
        const i = this.href.indexOf('#');
        return i < 0 ? '' : this.href.slice(i);
      },
    },
    written: [],
    history: {
      pushState: (_, __, url) => win.written.push(['push', (win.location.href = url)]),
      replaceState: (_, __, url) => win.written.push(['replace', (win.location.href = url)]),
    },
    addEventListener: (type, f) => type === 'hashchange' && listeners.push(f),
    /** What back/forward or a typed hash does. */
    navigate(h) {
      win.location.href = `https://example.org/tp/${h}`;
      listeners.forEach((f) => f());
    },
  };
  return win;
}

/** A state on a module whose check() and sweep() calls are counted. */
function fresh(hash = '', win = null) {
  const calls = { check: 0, sweep: 0 };
  const counted = {
    ...raw,
    check: (s) => (calls.check++, raw.check(s)),
    sweep: (...a) => (calls.sweep++, raw.sweep(...a)),
  };
  const state = createAppState({ win: win || undefined });
  if (win) win.location.href = `https://example.org/tp/${hash}`;
  state.setApi(counted);
  if (!win && hash) state.applyHash(hash);
  return { state, calls, view: () => state.view(), act: state.actions };
}

describe('createAppState', () => {
  it("starts on the catalogue's first preset and derives its result, once", () => {
    const { view, calls, act } = fresh();
    const v = view();
    expect(v.form.preset).toBe(catalog.presets[0].key);
    expect(v.presetKey).toBe('Gpt3TensorParallelLayerTp8');
    expect(v.notice).toBeNull();
    expect(v.hash).toBe('v=3&p=Gpt3TensorParallelLayerTp8');
    expect(v.shown.result).toEqual(api.Scenarios.Gpt3TensorParallelLayerTp8.result);
    expect(keyed(v.shown)).toEqual(catalog.presets[0].scenario);
    expect(v.shown.names).toEqual({
      titles: ['NVLink 4', 'IB NDR'],
      chip: 'H100 SXM',
      workload: 'GPT-3 175B',
    });
    expect(v.sweep.values).toEqual([1, 2, 4, 8, 16, 32, 64, 96]);
    // Each point as the chart reads it: the core's figures it draws, not the whole result.
    expect(v.sweep.points[3]).toEqual(drawnPoint({ value: 8, result: v.shown.result }));
    expect(v.sweep.points[3].result.links[1].serial_speedup).toBe(
      v.shown.result.links[1].serial_speedup,
    );
    expect(v.sweep.points[3].result.links[1]).not.toHaveProperty('communication_time_s');
    const before = { ...calls };
    view();
    view();
    expect(calls).toEqual(before); // memoised
    act.set(['tokens'], '1024');
    expect(calls.sweep).toBe(before.sweep); // not swept until read
    // One check per model (the one chosen and the other, drawn beside it); one sweep per model
    // when the sweep is first read.
    expect(view().sweep).toBe(view().sweep);
    expect(calls).toEqual({ check: before.check + 2, sweep: before.sweep + 2 });
    view();
    expect(calls.sweep).toBe(before.sweep + 2);
  });

  it('with a window, draws the last sweep after an edit until the task after the frame', () => {
    const win = fakeWindow();
    const { view, calls, act, state } = fresh('', win);
    let drawn = 0;
    state.subscribe(() => drawn++);
    const first = view().sweep;
    expect(first.of).toBe(view().shown);
    const before = { ...calls };
    act.set(['tp_size'], '4');
    expect(view().shown.scenario.tp_size).toBe(4);
    expect(view().sweep).toBe(first); // the last one, with the outcome it is of
    expect(calls.sweep).toBe(before.sweep);
    drawn = 0;
    win.settle();
    expect(drawn).toBe(1); // drawn once swept
    const next = view().sweep;
    expect(next.of).toBe(view().shown);
    expect(calls.sweep).toBe(before.sweep + 2);
    expect(next.points).toEqual(fresh(`#${view().hash}`).view().sweep.points);
    win.settle(); // nothing more
    expect(calls.sweep).toBe(before.sweep + 2);
  });

  it('prices the same scenario in the other model, the launch overhead re-derived unless set', () => {
    const { view, act } = fresh();
    const preset = api.Scenarios.Gpt3TensorParallelLayerTp8.scenario;
    let v = view();
    expect(v.shown.alt.result).toEqual(
      api.solve({
        ...preset,
        link_model: 'nccl',
        compute_model: 'kernels',
        serving_engine: 'vllm', // "as it runs" names vLLM where the scenario names no engine
        launch_overhead: undefined,
        allreduce: undefined,
      }),
    );
    expect(v.shown.alt.scenario.launch_overhead).toBe(3e-6); // the engine's (CUDA graphs)
    expect(v.shown.alt.scenario.allreduce).toBe('custom');
    expect(v.sweep.alt[3]).toEqual(drawnPoint({ value: 8, result: v.shown.alt.result })); // tp 8
    act.set(['link_model'], 'nccl');
    v = view();
    expect(v.hash).toBe('v=3&p=Gpt3TensorParallelLayerTp8&link_model=nccl');
    expect(v.shown.result).toEqual(
      api.solve({ ...preset, link_model: 'nccl', launch_overhead: '10 us' }),
    );
    expect(v.shown.alt.result).toEqual(api.Scenarios.Gpt3TensorParallelLayerTp8.result);
    act.set(['launch_overhead'], ['20', 'us']); // set: both models pay it
    v = view();
    expect(v.shown.result.launch_overhead_s).toBe(20e-6);
    expect(v.shown.alt.result.launch_overhead_s).toBe(20e-6);
  });

  it('switches both fields of a model at once, and the URL carries them', () => {
    const { view, act } = fresh();
    act.pickPreset('Llama3_70BDecodeTp8Nccl');
    expect(view().shown.result.compute_model).toBe('kernels');
    act.setMany([
      [['compute_model'], 'flops'],
      [['link_model'], 'line_rate'],
    ]);
    const v = view();
    expect(v.hash).toBe('v=3&p=Llama3_70BDecodeTp8Nccl&link_model=line_rate&compute_model=flops');
    expect(v.shown.alt.result.compute_model).toBe('kernels');
    expect(v.shown.alt.result.serving_engine).toBe('vllm');
  });

  it('keeps the last valid result while the input is invalid, and puts the error on the field', () => {
    const { view, act } = fresh();
    const before = view().shown;
    act.set(['tp_size'], 'eight');
    let v = view();
    expect(v.stale).toBe(true);
    expect(v.form.scenario.tp_size).toBe('eight');
    expect(v.shown).toBe(before);
    expect(v.hash).toBe('');
    expect(v.errors.tp_size[0].message).toContain('whole number');
    act.set(['tp_size'], '16');
    v = view();
    expect(v.stale).toBe(false);
    expect(v.shown.result).toEqual(
      api.solve({ ...api.Scenarios.Gpt3TensorParallelLayerTp8.scenario, tp_size: 16 }),
    );
    expect(v.presetKey).toBe('');
    act.set(['tp_size'], '7');
    expect(
      view()
        .warnings.tp_size.map((w) => w.message)
        .join(),
    ).toContain('does not divide');
  });

  it('writes the history: a preset pick pushes at once, an edit replaces once the edits pause, an invalid state not at all', () => {
    const win = fakeWindow();
    const { view, act } = fresh('', win);
    expect(win.written).toEqual([]);
    act.pickPreset('Llama2_7BPcieBoxTp4');
    expect(win.written).toEqual([['push', 'https://example.org/tp/#v=3&p=Llama2_7BPcieBoxTp4']]);
    act.set(['tokens'], '1024');
    expect(win.written).toHaveLength(1); // once the edits pause
    win.settle();
    expect(win.written[1]).toEqual([
      'replace',
      'https://example.org/tp/#v=3&p=Llama2_7BPcieBoxTp4&tokens=1024',
    ]);
    act.set(['tokens'], 'x');
    win.settle();
    expect(win.written).toHaveLength(2);
    act.set(['tokens'], '1024'); // what the bar holds: nothing to write
    win.settle();
    expect(win.written).toHaveLength(2);
    // A run of edits is written once, its last, when the edits pause for HISTORY_QUIET_MS.
    act.set(['tokens'], '2048');
    win.advance(HISTORY_QUIET_MS - 100);
    act.set(['tokens'], '512');
    win.advance(HISTORY_QUIET_MS - 1);
    expect(win.written).toHaveLength(2);
    win.advance(1);
    expect(win.written).toHaveLength(3);
    expect(win.written[2][1]).toContain('tokens=512');
    win.settle();
    expect(win.written).toHaveLength(3);
    // A preset picked before the edits pause: the entry it leaves gets its last edit first.
    act.set(['tokens'], '256');
    act.pickPreset('Gpt3TensorParallelLayerTp8');
    expect(win.written.slice(3).map(([m, url]) => [m, url.replace(/.*#/, '')])).toEqual([
      ['replace', 'v=3&p=Llama2_7BPcieBoxTp4&tokens=256'],
      ['push', 'v=3&p=Gpt3TensorParallelLayerTp8'],
    ]);
    win.written.splice(3);
    // Back: the address bar holds the previous entry's hash, and the view follows it.
    win.navigate('#v=3&p=Gpt3TensorParallelLayerTp8');
    expect(view().presetKey).toBe('Gpt3TensorParallelLayerTp8');
    expect(win.written).toHaveLength(3);
    // A version 2 link is shown and its hash rewritten as version 3.
    win.navigate('#v=2&p=Llama2_7BPcieBoxTp4&tokens=1024');
    expect(view().form.scenario.tokens).toBe('1024');
    expect(win.written.at(-1)).toEqual([
      'replace',
      'https://example.org/tp/#v=3&p=Llama2_7BPcieBoxTp4&tokens=1024',
    ]);
  });

  it('keeps showing edits when the browser refuses a history change (Safari past 100 in 30 s)', () => {
    const win = fakeWindow();
    const { view, act } = fresh('', win);
    win.history.replaceState = () => {
      throw new Error('SecurityError');
    };
    act.set(['tokens'], '1024');
    win.settle();
    expect(view().shown.result.message_bytes).toBe(1024 * 12288 * 2);
    win.history.replaceState = (_, __, url) => win.written.push(['replace', url]);
    act.set(['tokens'], '512');
    win.settle();
    expect(win.written.at(-1)[1]).toContain('tokens=512');
  });

  it('opens a hash exactly, and drops a key the core rejects, naming it, keeping the rest', () => {
    const { view, act } = fresh();
    act.set(['tokens'], '1024');
    act.addRow('pcie5');
    const again = fresh(`#${view().hash}`).view();
    expect(again.form).toEqual(view().form);
    expect(again.shown.result).toEqual(view().shown.result);
    const win = fakeWindow();
    const bad = fresh('#v=3&p=Llama2_7BPcieBoxTp4&tp_size=2&tokens=-0', win).view();
    expect(bad.form.preset).toBe('Llama2_7BPcieBoxTp4');
    expect(bad.form.scenario.tp_size).toBe('2');
    expect(bad.notice.reset).toBe(false);
    expect(bad.notice.ignored).toEqual(['"tokens": expected a whole number >= 1, got 0']);
    expect(win.written).toEqual([
      ['replace', 'https://example.org/tp/#v=3&p=Llama2_7BPcieBoxTp4&tp_size=2'],
    ]);
    // A value the codec cannot read is dropped alone too; a row it cannot build drops the hash.
    const unit = fresh('#v=3&p=Llama2_7BPcieBoxTp4&tp_size=2&launch_overhead=1~parsecs').view();
    expect(unit.form.scenario.tp_size).toBe('2');
    expect(unit.notice.ignored).toEqual([
      '"launch_overhead": the unit "parsecs" (this field\'s units: us, ns, ms, s)',
    ]);
    // A refused quantity is quoted as the link wrote it, not in the core's SI number.
    const quantity = fresh(
      '#v=3&p=Llama2_7BPcieBoxTp4&tp_size=2&links.0.bandwidth=-5~GB%2Fs&links.0.latency=-2~us',
    ).view();
    expect(quantity.form.scenario.tp_size).toBe('2');
    expect(quantity.notice.ignored.map((s) => s.replace(/:.*, got/, ': ..., got'))).toEqual([
      '"links.0.bandwidth": ..., got -5 GB/s',
      '"links.0.latency": ..., got -2 µs',
    ]);
    // A chip's peak too: the key is dropped alone and named whole, not the link with it.
    for (const [value, got] of [
      ['-1~TFLOP%2Fs', 'got -1 TFLOP/s'],
      ['abc~TFLOP%2Fs', 'got "abc"'],
    ]) {
      const peak = fresh(
        `#v=3&p=Gpt3TensorParallelLayerTp8&tp_size=4&accelerator.peak_flops.fp16_dense=${value}`,
      ).view();
      expect(peak.notice.reset).toBe(false);
      expect(peak.form.scenario.tp_size).toBe('4');
      expect(peak.notice.ignored).toHaveLength(1);
      expect(peak.notice.ignored[0]).toMatch(/^"accelerator\.peak_flops\.fp16_dense": /);
      expect(peak.notice.ignored[0]).toContain(got);
    }
    const row = fresh('#v=3&p=Llama2_7BPcieBoxTp4&tp_size=2&links=1&links.0=warp9').view();
    expect(row.notice.reset).toBe(true);
    expect(row.presetKey).toBe('Gpt3TensorParallelLayerTp8');
  });

  it.each(Object.entries(HOSTILE))(
    'refuses the hostile hash "%s": its bad key or the whole of it, named; none of it kept',
    (_, hash) => {
      const win = fakeWindow();
      const v = fresh(hash, win).view();
      expect(v.notice.ignored.length).toBeGreaterThan(0);
      expect(v.notice.ignored.every((t) => t.length <= 300)).toBe(true); // user text is clipped
      if (v.notice.reset) {
        // The default view, and an empty address bar.
        expect(v.presetKey).toBe('Gpt3TensorParallelLayerTp8');
        expect(v.shown.result).toEqual(api.Scenarios.Gpt3TensorParallelLayerTp8.result);
        expect(win.written).toEqual([['replace', 'https://example.org/tp/']]);
      } else {
        // One bad key dropped and named (by its key); the address bar holds the view's own hash,
        // which reads back whole.
        expect(v.notice.ignored.every((t) => t.startsWith('"'))).toBe(true);
        expect(v.valid).toBe(true);
        expect(win.written).toEqual([['replace', `https://example.org/tp/#${v.hash}`]]);
        expect(decode(createModel(catalog), v.hash).ignored).toEqual([]);
        expect(v.hash).not.toMatch(/%3C|<|javascript|pwned/i);
      }
    },
  );

  it('adds and removes links, never the last one, never more than the core takes', () => {
    const { view, act } = fresh();
    act.addRow('');
    expect(view().form.scenario.links.at(-1)).toEqual({ name: 'link3' });
    expect(view().errors['link.2.bandwidth']).toBeTruthy();
    for (let i = 0; i < 5; i++) act.removeRow(0);
    expect(view().form.scenario.links).toHaveLength(1);
    for (let i = 0; i < 80; i++) act.addRow('pcie4');
    expect(view().form.scenario.links).toHaveLength(catalog.limits.max_links);
  });

  it('keeps each link row its id through removals and edits, and makes new ones for a new form', () => {
    const { view, act, state } = fresh();
    const ids = () => view().form.scenario.links.map(rowId);
    const opened = ids();
    expect(opened).toHaveLength(view().form.scenario.links.length);
    expect(opened.every((k) => k !== undefined)).toBe(true);
    const [, kept] = view().form.scenario.links.map((r) => r.name);
    act.addRow('pcie4');
    act.addRow('@measured');
    const [, second, third, fourth] = ids();
    expect(new Set(ids()).size).toBe(4);
    act.removeRow(0);
    expect(ids()).toEqual([second, third, fourth]);
    expect(view().form.scenario.links.map((r) => r.name)).toEqual([kept, 'pcie4', 'measured']);
    act.set(['links', 1, 'name'], 'renamed'); // an edit within a row keeps every id
    act.set(['links', 0, 'bandwidth'], ['300', 'GB/s']);
    act.set(['links', 2], { name: 'measured', measured: 'pasted' }); // a row set whole (a paste)
    expect(ids()).toEqual([second, third, fourth]);
    // The id is the page's alone: not among the row's keys (so in no JSON and no link).
    expect(Object.keys(view().form.scenario.links[1])).toEqual(['name', 'preset']);
    // A new form's rows are other rows, even at the same index: none keeps an id from before.
    const before = new Set([...opened, second, third, fourth]);
    act.pickPreset(catalog.presets[1].key);
    const picked = ids();
    expect(picked).toHaveLength(view().form.scenario.links.length);
    expect(picked.filter((k) => before.has(k))).toEqual([]);
    state.applyHash(view().hash);
    expect(ids().filter((k) => picked.includes(k))).toEqual([]);
  });

  it('round-trips every preset through the URL, recognised by the core', () => {
    const { view, act } = fresh();
    for (const p of catalog.presets) {
      act.pickPreset(p.key);
      const v = view();
      expect(v.shown.result).toEqual(p.result);
      expect(v.presetKey).toBe(p.key);
      expect(v.hash).toBe(`v=3&p=${p.key}`);
      const back = fresh(`#${v.hash}`).view();
      expect([back.presetKey, back.notice]).toEqual([p.key, null]);
    }
  });

  it('hands the measurements panel its measured links: {name, ranks, bus_bandwidth, rows} as the core read them', () => {
    const { view, act } = fresh();
    act.addRow('@measured');
    expect(view().measured).toEqual([]); // no text yet: no result with it
    const text = readFileSync(
      new URL('../../../calibration/data/h100x16_ib_ndr.txt', import.meta.url),
      'utf8',
    );
    act.set(['links', 2, 'measured'], text);
    act.set(['links', 2, 'ranks'], '16');
    const v = view();
    const link = v.shown.result.links.find((l) => l.name === 'measured');
    expect(v.measured).toEqual([
      {
        name: 'measured',
        ranks: 16,
        bus_bandwidth: link.bandwidth_bytes_per_s,
        rows: api.readMeasured(text).rows.map((r) => [r.bytes, r.time_s]),
      },
    ]);
    expect(v.measured[0].rows[0]).toEqual([8, 68.52e-6]);
    expect(view().measured).toBe(v.measured); // memoised with the result shown
    // From a link (its rows): the same.
    const back = fresh(`#${v.hash}`).view();
    expect(back.measured).toEqual(v.measured);
  });
});
