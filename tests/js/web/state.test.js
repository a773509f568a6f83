// The page's state with the real module (dist/tplayer.js, built by scripts/build.sh): the
// result is derived, the last valid one stays while the input is invalid, and a link that the
// core rejects falls back to the default scenario with a notice. No DOM.
import { beforeAll, describe, expect, it } from 'vitest';
import { createAppState } from '../../../web/src/state.js';
import { encodeForm } from '../../../web/src/url.js';

let api;
beforeAll(async () => {
  const { load } = await import('../../../dist/tplayer.js');
  api = await load();
});

function fresh(hash = '') {
  const state = createAppState();
  let renders = 0;
  state.subscribe(() => renders++);
  state.setApi(api, hash);
  return { state, renders: () => renders };
}

describe('createAppState', () => {
  it('starts on the SPEC 3.1 preset and derives its result', () => {
    const { state } = fresh();
    const v = state.view();
    expect(v.presetKey).toBe('Gpt3TensorParallelLayerTp8');
    expect(v.notice).toBeNull();
    expect(v.shown.result.compute_time_s).toBeCloseTo(0.00188742837883, 12);
    expect(v.shown.result).toEqual(api.Scenarios.Gpt3TensorParallelLayerTp8.result);
    expect(v.shown.names).toEqual({ titles: ['NVLink 4', 'InfiniBand NDR'], chip: 'H100' });
    expect(v.sweep.values).toEqual([1, 2, 4, 8, 16, 32, 64, 96]);
    expect(v.sweep.points[3].result.links[1].communication_time_s).toBeCloseTo(0.00366321536, 12);
    expect(state.view()).toEqual(v); // memoised: nothing recomputed without a change
  });

  it('keeps the last valid result while the input is invalid, and names the field', () => {
    const { state } = fresh();
    const before = state.view().shown;
    state.actions.set('tp_size', 'eight');
    let v = state.view();
    expect(v.stale).toBe(true);
    expect(v.form.tp_size).toBe('eight');
    expect(v.shown).toBe(before);
    expect(v.errors.tp_size[0].message).toContain('whole number');
    state.actions.set('tp_size', '16');
    v = state.view();
    expect(v.stale).toBe(false);
    expect(v.shown.result).toEqual(api.solve({ ...api.Scenarios.Gpt3TensorParallelLayerTp8.scenario, tp_size: 16 }));
    expect(v.presetKey).toBe('');
  });

  it('puts warnings next to their field', () => {
    const { state } = fresh();
    state.actions.set('tp_size', '7');
    expect(state.view().warnings.tp_size.map((w) => w.message).join()).toContain('does not divide');
  });

  it('marks a preset pick as a new history entry, and edits as replacements', () => {
    const { state } = fresh();
    state.actions.pickPreset('Llama2_7BPcieBoxTp4');
    expect(state.takeNavigation()).toBe('push');
    expect(state.takeNavigation()).toBe('replace');
    expect(state.view().presetKey).toBe('Llama2_7BPcieBoxTp4');
  });

  it('reopens a hash exactly, and falls back to the default with a notice when the core rejects it', () => {
    const { state } = fresh();
    state.actions.set('tokens', '1024');
    state.actions.addLink('pcie5');
    const hash = state.view().hash;
    const again = fresh(`#${hash}`).state.view();
    expect(again.form).toEqual(state.view().form);
    expect(again.shown.result).toEqual(state.view().shown.result);

    const bad = fresh(`#${hash.replace('t=1024', 't=-0')}`).state.view();
    expect(bad.presetKey).toBe('Gpt3TensorParallelLayerTp8');
    expect(bad.notice.reset).toBe(true);
    expect(bad.notice.ignored.join()).toContain('tokens');
  });

  it('adds and removes links, never the last one', () => {
    const { state } = fresh();
    state.actions.addLink('');
    expect(state.view().form.links.at(-1)).toEqual({ name: 'link3', bandwidth: ['', 'GB/s'], latency: ['0', 'us'], preset: '' });
    expect(state.view().errors['link.2.bandwidth']).toBeTruthy();
    for (let i = 0; i < 5; i++) state.actions.removeLink(0);
    expect(state.view().form.links).toHaveLength(1);
  });

  it('round-trips every preset through the URL', () => {
    const { state } = fresh();
    const c = state.view().catalog;
    for (const p of c.presets) {
      state.actions.pickPreset(p.key);
      const v = state.view();
      expect(v.shown.result).toEqual(p.result);
      expect(v.presetKey).toBe(p.key);
      const back = fresh(`#${encodeForm(v.form, c)}`).state.view();
      expect(back.presetKey).toBe(p.key);
      expect(back.notice).toBeNull();
    }
  });
});
