// The page's state with the real module (dist/tplayer.js), no DOM: the result is derived and
// memoised, the last valid one stays while the input is invalid, the history is written as a
// preset pick pushes and typing replaces, and a link the core rejects falls back with a notice.
import { beforeAll, describe, expect, it } from 'vitest';
import { createAppState } from '../../../web/src/state.js';
import { HOSTILE } from '../../e2e/hostile-hashes.js';
import { real } from './model.js';

let api;
let catalog;
beforeAll(async () => {
  ({ api, catalog } = await real());
});

/** A stand-in for window: location, history (recorded), hashchange and timers (run by flush()). */
function fakeWindow(hash = '') {
  const listeners = [];
  let timers = [];
  const win = {
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
    setTimeout: (f) => timers.push(f),
    clearTimeout: (id) => id && (timers[id - 1] = null),
    flush() {
      const run = timers;
      timers = [];
      run.forEach((f) => f && f());
    },
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
    ...api,
    check: (s) => (calls.check++, api.check(s)),
    sweep: (...a) => (calls.sweep++, api.sweep(...a)),
  };
  const state = createAppState({ win: win || undefined });
  if (win) win.location.href = `https://example.org/tp/${hash}`;
  state.setApi(counted);
  if (!win && hash) state.applyHash(hash);
  return { state, calls, view: () => state.view() };
}

describe('createAppState', () => {
  it("starts on the catalogue's first preset and derives its result, once", () => {
    const { view, calls } = fresh();
    const v = view();
    expect(v.form.preset).toBe(catalog.presets[0].key);
    expect(v.presetKey).toBe('Gpt3TensorParallelLayerTp8');
    expect(v.notice).toBeNull();
    expect(v.shown.result).toEqual(api.Scenarios.Gpt3TensorParallelLayerTp8.result);
    expect(v.shown.scenario).toEqual(
      api.check(api.Scenarios.Gpt3TensorParallelLayerTp8.scenario).scenario,
    );
    expect(v.shown.names).toEqual({ titles: ['NVLink 4', 'InfiniBand NDR'], chip: 'H100' });
    expect(v.sweep.values).toEqual([1, 2, 4, 8, 16, 32, 64, 96]);
    expect(v.sweep.points[3].result.links[1].communication_time_s).toBeCloseTo(0.00366321536, 12);
    // Memoised: asking again computes nothing; an edit computes once more.
    const before = { ...calls };
    view();
    view();
    expect(calls).toEqual(before);
    const second = fresh();
    second.view();
    const c = { ...second.calls };
    second.state.actions.set('scenario', 'tokens', '1024');
    second.view();
    second.view();
    // One check and one sweep per link model: the one chosen and the other, drawn beside it.
    expect(second.calls).toEqual({ check: c.check + 2, sweep: c.sweep + 2 });
  });

  it('prices the same scenario in the other model, the launch overhead re-derived unless set', () => {
    const { state, view } = fresh();
    const preset = api.Scenarios.Gpt3TensorParallelLayerTp8.scenario;
    let v = view();
    expect(v.shown.result.link_model).toBe('line_rate');
    // mlsysim's model on screen: the other is "as it runs" (the roofline and NCCL).
    expect(v.shown.alt.result).toEqual(
      api.solve({
        ...preset,
        link_model: 'nccl',
        compute_model: 'roofline',
        launch_overhead: undefined,
      }),
    );
    expect(v.shown.alt.scenario.launch_overhead).toBe(10e-6);
    expect(v.sweep.alt[3].result).toEqual(v.shown.alt.result); // tp 8
    state.actions.set('scenario', 'link_model', 'nccl');
    v = view();
    expect(v.hash).toBe('v=2&p=Gpt3TensorParallelLayerTp8&link_model=nccl');
    expect(v.shown.result).toEqual(
      api.solve({ ...preset, link_model: 'nccl', launch_overhead: '10 us' }),
    );
    expect(v.shown.alt.result).toEqual(api.Scenarios.Gpt3TensorParallelLayerTp8.result);
    state.actions.set('scenario', 'launch_overhead', ['20', 'us']); // set: both models pay it
    v = view();
    expect(v.shown.result.launch_overhead_s).toBe(20e-6);
    expect(v.shown.alt.result.launch_overhead_s).toBe(20e-6);
    expect(v.sweep.points[6].result.links[0].within_domain).toBe(false); // tp 64 on NVLink 4
    expect(v.sweep.points[3].result.links[0].within_domain).toBe(true);
  });

  it('switches both fields of a model at once, and the URL carries them', () => {
    const { state, view } = fresh();
    state.actions.pickPreset('Llama3_70BDecodeTp8Nccl');
    let v = view();
    expect(v.shown.result.compute_model).toBe('roofline');
    expect(v.shown.alt.result.compute_model).toBe('flops');
    state.actions.setScenario([
      ['compute_model', 'flops'],
      ['link_model', 'line_rate'],
    ]);
    v = view();
    expect(v.hash).toBe('v=2&p=Llama3_70BDecodeTp8Nccl&compute_model=flops&link_model=line_rate');
    expect(v.shown.result.compute_model).toBe('flops');
    expect(v.shown.alt.result.compute_model).toBe('roofline');
    // The decode question in both models: TP 8 beats TP 2 only once the weights are read.
    const at = (n, fields) =>
      api.solve({ ...api.Scenarios.Llama3_70BDecodeTp8Nccl.scenario, ...fields, tp_size: n })
        .links[0].serial_layer_time_s;
    expect(at(8, {})).toBeLessThan(at(2, {}));
    const mlsysim = { compute_model: 'flops', link_model: 'line_rate', launch_overhead: undefined };
    expect(at(8, mlsysim)).toBeGreaterThan(at(2, mlsysim));
  });

  it('keeps the last valid result while the input is invalid, and puts the error on the field', () => {
    const { state, view } = fresh();
    const before = view().shown;
    state.actions.set('scenario', 'tp_size', 'eight');
    let v = view();
    expect(v.stale).toBe(true);
    expect(v.form.edits.tp_size).toBe('eight');
    expect(v.shown).toBe(before);
    expect(v.errors.tp_size[0].message).toContain('whole number');
    state.actions.set('scenario', 'tp_size', '16');
    v = view();
    expect(v.stale).toBe(false);
    expect(v.shown.result).toEqual(
      api.solve({ ...api.Scenarios.Gpt3TensorParallelLayerTp8.scenario, tp_size: 16 }),
    );
    expect(v.presetKey).toBe('');
  });

  it('puts warnings next to their field', () => {
    const { state, view } = fresh();
    state.actions.set('scenario', 'tp_size', '7');
    expect(
      view()
        .warnings.tp_size.map((w) => w.message)
        .join(),
    ).toContain('does not divide');
  });

  it('writes the history: a preset pick pushes at once, typing replaces when it pauses, an invalid state is not written', () => {
    const win = fakeWindow();
    const { state, view } = fresh('', win);
    expect(win.written).toEqual([]);
    state.actions.pickPreset('Llama2_7BPcieBoxTp4');
    expect(win.written).toEqual([['push', 'https://example.org/tp/#v=2&p=Llama2_7BPcieBoxTp4']]);
    state.actions.set('scenario', 'tokens', '10');
    state.actions.set('scenario', 'tokens', '102');
    state.actions.set('scenario', 'tokens', '1024');
    expect(win.written).toHaveLength(1);
    win.flush();
    expect(win.written[1]).toEqual([
      'replace',
      'https://example.org/tp/#v=2&p=Llama2_7BPcieBoxTp4&tokens=1024',
    ]);
    state.actions.set('scenario', 'tokens', 'x');
    win.flush();
    expect(win.written).toHaveLength(2);
    state.actions.set('scenario', 'tokens', '512');
    state.actions.set('scenario', 'tokens', '512x'); // invalid: the pending write of 512 stands
    win.flush();
    expect(win.written[2]).toEqual([
      'replace',
      'https://example.org/tp/#v=2&p=Llama2_7BPcieBoxTp4&tokens=512',
    ]);
    state.actions.set('scenario', 'tokens', '256');
    state.actions.set('scenario', 'tokens', '512'); // back to what the bar holds: nothing to write
    win.flush();
    expect(win.written).toHaveLength(3);
    // Back: the address bar holds the previous entry's hash, and the view follows it.
    win.navigate('#v=2&p=Gpt3TensorParallelLayerTp8');
    expect(view().presetKey).toBe('Gpt3TensorParallelLayerTp8');
    expect(win.written).toHaveLength(3);
  });

  it('opens a hash exactly, and drops one the core rejects with a notice', () => {
    const { state, view } = fresh();
    state.actions.set('scenario', 'tokens', '1024');
    state.actions.addLink('pcie5');
    const hash = view().hash;
    const again = fresh(`#${hash}`).view();
    expect(again.form).toEqual(view().form);
    expect(again.shown.result).toEqual(view().shown.result);

    const win = fakeWindow();
    const bad = fresh('#v=2&p=Llama2_7BPcieBoxTp4&tokens=-0', win);
    expect(bad.view().presetKey).toBe('Gpt3TensorParallelLayerTp8');
    expect(bad.view().notice.reset).toBe(true);
    expect(bad.view().notice.ignored.join()).toContain('tokens');
    expect(win.written).toEqual([['replace', 'https://example.org/tp/']]);
  });

  it.each(Object.entries(HOSTILE))(
    'refuses the hostile hash "%s": the default view, a notice, an empty address bar',
    async (_, hash) => {
      const win = fakeWindow();
      win.location.href = `https://example.org/tp/${hash}`;
      const state = createAppState({ win });
      await state.setApi(api); // a promise when the hash waits for code that loads on demand
      const v = state.view();
      expect(v.presetKey).toBe('Gpt3TensorParallelLayerTp8');
      expect(v.notice.ignored.length).toBeGreaterThan(0);
      expect(v.notice.ignored.every((t) => t.length <= 300)).toBe(true); // user text is clipped
      expect(v.shown.result).toEqual(api.Scenarios.Gpt3TensorParallelLayerTp8.result);
      expect(win.written).toEqual([['replace', 'https://example.org/tp/']]);
    },
  );

  it('adds and removes links, never the last one, never more than the core takes', () => {
    const { state, view } = fresh();
    state.actions.addLink('');
    expect(view().form.links.at(-1)).toEqual({ name: 'link3', key: '', edits: {} });
    expect(view().errors['link.2.bandwidth']).toBeTruthy();
    for (let i = 0; i < 5; i++) state.actions.removeLink(0);
    expect(view().form.links).toHaveLength(1);
    for (let i = 0; i < 80; i++) state.actions.addLink('pcie4');
    expect(view().form.links).toHaveLength(catalog.limits.max_links);
  });

  it('round-trips every preset through the URL, recognised by its key', () => {
    const { state, view } = fresh();
    for (const p of catalog.presets) {
      state.actions.pickPreset(p.key);
      const v = view();
      expect(v.shown.result).toEqual(p.result);
      expect(v.presetKey).toBe(p.key);
      expect(v.hash).toBe(`v=2&p=${p.key}`);
      const back = fresh(`#${v.hash}`).view();
      expect(back.presetKey).toBe(p.key);
      expect(back.notice).toBeNull();
    }
  });
});
