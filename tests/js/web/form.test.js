// The form's model with the real catalogue: a form is the preset it started from and the user's
// edits; "custom" means "has edits"; the adapter sends what was typed; messages go to inputs by
// their path.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addLink,
  createModel,
  fieldText,
  freeName,
  inputFor,
  isBare,
  isCustom,
  isPreset,
  messagesByInput,
  numberOrText,
  pickPart,
  presetForm,
  quantityValue,
  textOf,
  toScenario,
} from '../../../web/src/form.js';
import { edit, gpt3, real } from './model.js';

let api;
let catalog;
let model;
beforeAll(async () => ({ api, catalog, model } = await real()));

describe('presets and edits', () => {
  it('sends an unedited preset as a scenario the core reads as exactly the preset, catalogue keys kept', () => {
    for (const p of catalog.presets) {
      const scenario = toScenario(model, presetForm(model, p.key));
      expect(api.check(scenario).scenario).toEqual(api.check(p.scenario).scenario);
      expect(api.solve(scenario)).toEqual(p.result);
    }
    expect(toScenario(model, gpt3())).toMatchObject({
      type: 'TensorParallelLayerScenario',
      workload: 'GPT3',
      links: { nvlink: 'nvlink4', infiniband_ndr: 'ib_ndr' },
    });
  });

  it('leaves out what the core derives, so that it follows the edits, unless the user set it', () => {
    expect(model.derived.get('Gpt3TensorParallelLayerTp8')).toEqual(
      expect.arrayContaining(['collectives_per_layer', 'pass']),
    );
    expect(model.derived.get('Gpt3TrainingStepTp8')).not.toContain('pass');
    const training = edit(gpt3(), ['scenario', 'pass', 'training']);
    expect(api.check(toScenario(model, training)).scenario.collectives_per_layer).toBe(
      api.Scenarios.Gpt3TrainingStepTp8.scenario.collectives_per_layer,
    );
    expect(api.solve(toScenario(model, training))).toEqual(
      api.Scenarios.Gpt3TrainingStepTp8.result,
    );
    const pinned = edit(training, ['scenario', 'collectives_per_layer', '2']); // the forward's value, set by the user: it stays
    expect(pinned.edits).toEqual({ pass: 'training', collectives_per_layer: '2' });
    expect(api.check(toScenario(model, pinned)).scenario.collectives_per_layer).toBe(2);
    expect(edit(training, ['scenario', 'collectives_per_layer', '4']).edits).toEqual({
      pass: 'training',
    }); // what the core derives: no edit
    expect(
      isPreset(
        model,
        edit(
          gpt3(),
          ['scenario', 'collectives_per_layer', '3'],
          ['scenario', 'collectives_per_layer', '2'],
        ),
      ),
    ).toBe(true);
    expect(toScenario(model, edit(training, ['scenario', 'recompute', 'true'])).recompute).toBe(
      true,
    );
    // The field shows what the core used, given its scenario as the base.
    const core = api.check(toScenario(model, training)).scenario;
    expect(fieldText(model, training, 'scenario', training, 'collectives_per_layer', core)).toBe(
      String(core.collectives_per_layer),
    );
  });

  it('recognises a preset by its key while nothing is edited; typing the base text back is no edit', () => {
    let f = gpt3();
    expect(isPreset(model, f)).toBe(true);
    f = edit(f, ['scenario', 'tp_size', '16']);
    expect(f.edits).toEqual({ tp_size: '16' });
    expect(isPreset(model, f)).toBe(false);
    f = edit(f, ['scenario', 'tp_size', '8']);
    expect(f.edits).toEqual({});
    expect(isPreset(model, f)).toBe(true);
  });

  it('calls a part custom when it has edits, and sends it as an object of the entry with the edits put in', () => {
    let f = edit(
      gpt3(),
      ['workload', 'heads', '64'],
      ['accelerator', 'peak_flops.fp16_dense', ['1000', 'TFLOP/s']],
    );
    expect(isCustom(f.workload)).toBe(true);
    expect(isCustom(f.accelerator)).toBe(true);
    const s = toScenario(model, f);
    const entry = catalog.workloads.find((w) => w.key === 'GPT3');
    expect(s.workload).toEqual({
      name: 'GPT-3 175B (edited)',
      parameters: entry.parameters,
      layers: entry.layers,
      hidden_dim: entry.hidden_dim,
      heads: 64,
      kv_heads: entry.kv_heads,
      inference_flops: entry.inference_flops,
    });
    expect(s.accelerator.peak_flops.fp16_dense).toBe('1000 TFLOP/s');
    expect(s.accelerator.peak_flops.fp8_dense).toBe(1979e12); // unedited: the catalogue's double
    expect(s.accelerator.memory_capacity).toBe(80 * 2 ** 30);
    expect(s.accelerator.native_link).toBe('nvlink4');
    f = edit(f, ['workload', 'heads', '96']);
    expect(isCustom(f.workload)).toBe(false);
    expect(toScenario(model, f).workload).toBe('GPT3');
    expect(isCustom(pickPart(f, 'accelerator', 'H100').accelerator)).toBe(false);
  });

  it('shows the base values as people write them, in the unit lists of the page', () => {
    const f = gpt3();
    const t = (kind, part, name) => fieldText(model, f, kind, part, name);
    expect(t('scenario', f, 'local_efficiency')).toBe('0.5');
    expect(t('scenario', f, 'collectives_per_layer')).toBe('2');
    expect(t('scenario', f, 'precision')).toBe('fp16_dense');
    expect(t('workload', f.workload, 'parameters')).toBe('175e9');
    expect(t('workload', f.workload, 'heads')).toBe('96');
    expect(t('accelerator', f.accelerator, 'peak_flops.fp16_dense')).toEqual(['989', 'TFLOP/s']);
    expect(t('accelerator', f.accelerator, 'memory_capacity')).toEqual(['80', 'GiB']);
    expect(t('accelerator', f.accelerator, 'memory_bandwidth')).toEqual(['3.35', 'TB/s']);
    expect(t('link', f.links[0], 'bandwidth')).toEqual(['450', 'GB/s']);
    expect(t('link', f.links[0], 'latency')).toEqual(['0.5', 'us']);
    const info = (kind, name) => catalog.fields[kind].find((x) => x.name === name);
    expect(textOf(model, info('accelerator', 'memory_capacity'), 141e9)).toEqual(['141', 'GB']);
    expect(textOf(model, info('link', 'latency'), 50e-6)).toEqual(['50', 'us']);
    expect(textOf(model, info('link', 'bandwidth'), 12.5e9)).toEqual(['12.5', 'GB/s']);
    expect(textOf(model, info('workload', 'parameters'), 8.03e9)).toBe('8.03e9');
  });
});

describe('the adapter: what was typed, as the scenario carries it', () => {
  it('parses numbers and passes anything else as typed, for the core to judge', () => {
    expect(numberOrText(' 16 ')).toBe(16);
    expect(numberOrText('175e9')).toBe(175e9);
    expect(numberOrText('-0')).toBe(-0);
    expect(numberOrText('eight')).toBe('eight');
    expect(numberOrText('')).toBe('');
    expect(numberOrText('1e309')).toBe('1e309');
    expect(numberOrText('0x10')).toBe('0x10');
    expect(quantityValue(['400', 'Gb/s'])).toBe('400 Gb/s');
    expect(quantityValue([' 400 Gb/s ', 'GB/s'])).toBe('400 Gb/s');
    expect(quantityValue(['', 'GB/s'])).toBe('');
    expect(quantityValue(['fast', 'GB/s'])).toBe('fast');
    const s = toScenario(
      model,
      edit(gpt3(), ['scenario', 'tp_size', 'eight'], [1, 'bandwidth', ['800 Gb/s', 'GB/s']]),
    );
    expect(s.tp_size).toBe('eight');
    expect(s.links.infiniband_ndr).toEqual({ preset: 'ib_ndr', bandwidth: '800 Gb/s' });
  });

  it('leaves a blank optional field out, so the core applies its default', () => {
    const f = edit(
      gpt3(),
      ['scenario', 'collectives_per_layer', ' '],
      ['workload', 'kv_heads', ''],
      ['workload', 'inference_flops', ''],
    );
    const s = toScenario(model, f);
    expect(s).not.toHaveProperty('collectives_per_layer');
    expect(s.workload).not.toHaveProperty('kv_heads');
    expect(s.workload).not.toHaveProperty('inference_flops');
    expect(api.check(s).scenario.collectives_per_layer).toBe(
      api.check(toScenario(model, gpt3())).scenario.collectives_per_layer,
    );
    const blank = addLink(model, gpt3(), '');
    expect(blank.links[2]).toEqual({ name: 'link3', key: '', edits: {} });
    const withBandwidth = edit(blank, [2, 'bandwidth', ['100', 'GB/s']]);
    expect(toScenario(model, withBandwidth).links.link3).toBe('100 GB/s'); // just a bandwidth
    expect(api.check(toScenario(model, withBandwidth)).scenario.links.link3).toEqual({
      bandwidth: 100e9,
      latency: 0,
    });
  });

  it('sends a blank link with only a bandwidth as that bandwidth, and anything more as an object', () => {
    const blank = addLink(model, gpt3(), '');
    const links = (...changes) => toScenario(model, edit(blank, ...changes)).links.link3;
    expect(isBare(edit(blank, [2, 'bandwidth', ['400', 'Gb/s']]).links[2])).toBe(true);
    expect(links([2, 'bandwidth', [' 400 ', 'Gb/s']])).toBe('400 Gb/s');
    expect(links([2, 'bandwidth', ['400 Gb/s', 'GB/s']])).toEqual({ bandwidth: '400 Gb/s' }); // its own unit: as typed, by field
    expect(links([2, 'bandwidth', ['fast', 'GB/s']])).toEqual({ bandwidth: 'fast' });
    expect(links([2, 'bandwidth', ['1e400', 'GB/s']])).toEqual({ bandwidth: '1e400 GB/s' });
    expect(links([2, 'bandwidth', ['400', 'Gb/s']], [2, 'latency', ['8', 'us']])).toEqual({
      bandwidth: '400 Gb/s',
      latency: '8 us',
    });
    expect(isBare(gpt3().links[0])).toBe(false);
    expect(isBare(edit(gpt3(), [0, 'bandwidth', ['400', 'GB/s']]).links[0])).toBe(false); // a catalogue link, edited
  });

  it('reads a link given as just a bandwidth into a blank row with that bandwidth', () => {
    const scenario = { ...api.Scenarios.Gpt3TensorParallelLayerTp8.scenario };
    const m = createModel(
      {
        ...catalog,
        presets: [
          {
            key: 'Bare',
            scenario: { ...scenario, links: { a: 5e10, b: '450 GB/s', c: 'nvlink4' } },
          },
        ],
      },
      (s) => s,
    );
    const f = presetForm(m, 'Bare');
    expect(f.links).toEqual([
      { name: 'a', key: '', edits: { bandwidth: ['50', 'GB/s'] } },
      { name: 'b', key: '', edits: { bandwidth: ['450 GB/s', 'GB/s'] } },
      { name: 'c', key: 'nvlink4', edits: {} },
    ]);
    expect(api.solve(toScenario(m, f))).toEqual(
      api.solve({ ...scenario, links: { a: 5e10, b: '450 GB/s', c: 'nvlink4' } }),
    );
  });

  it("sends links as the ordered map, or as an array when an object cannot keep the rows (the core's paths are the same)", () => {
    const f = edit(gpt3(), [0, 'latency', ['1', 'us']]);
    expect(toScenario(model, f).links).toEqual({
      nvlink: { preset: 'nvlink4', latency: '1 us' },
      infiniband_ndr: 'ib_ndr',
    });
    // An edited catalogue link keeps its preset's protocols and domain.
    const kept = api.check(toScenario(model, f)).scenario.links.nvlink;
    expect(kept.protocols).toEqual(api.catalog().links.find((l) => l.key === 'nvlink4').protocols);
    expect(kept).toMatchObject({ preset: 'nvlink4', bandwidth: 450e9, latency: 1e-6, domain: 8 });
    for (const names of [
      ['a', 'a'],
      ['x', '1'],
    ]) {
      const g = {
        ...f,
        links: [
          { ...f.links[0], name: names[0] },
          { ...f.links[1], name: names[1] },
        ],
      };
      expect(toScenario(model, g).links).toEqual([
        { name: names[0], preset: 'nvlink4', latency: '1 us' },
        { name: names[1], preset: 'ib_ndr' },
      ]);
    }
    const dotted = { ...f, links: [{ ...f.links[0], name: 'a.b' }] };
    expect(Object.keys(toScenario(model, dotted).links)).toEqual(['a.b']);
  });

  it('keeps link names distinct when adding', () => {
    expect(freeName(gpt3().links, 'nvlink')).toBe('nvlink_2');
    expect(addLink(model, gpt3(), 'nvlink4').links[2]).toEqual({
      name: 'nvlink4',
      key: 'nvlink4',
      edits: {},
    });
  });
});

describe('core messages -> inputs, by path', () => {
  /** The input each of the core's errors for a form goes to. */
  const routed = (form) => {
    const o = api.check(toScenario(model, form));
    expect(o.errors).toBeTruthy();
    return o.errors.map((e) => inputFor(model, form, e.path));
  };
  const rename = (f, ...names) => ({
    ...f,
    links: f.links.map((r, i) => ({ ...r, name: names[i] ?? r.name })),
  });

  it.each([
    ['tp_size', (f) => edit(f, ['scenario', 'tp_size', 'abc']), ['tp_size']],
    ['tokens', (f) => edit(f, ['scenario', 'tokens', '-5']), ['tokens']],
    [
      'local_efficiency',
      (f) => edit(f, ['scenario', 'local_efficiency', '1.5']),
      ['local_efficiency'],
    ],
    [
      'collectives_per_layer',
      (f) => edit(f, ['scenario', 'collectives_per_layer', '2.5']),
      ['collectives_per_layer'],
    ],
    ['a workload number', (f) => edit(f, ['workload', 'layers', '0']), ['workload.layers']],
    [
      'a peak of the precision shown',
      (f) => edit(f, ['accelerator', 'peak_flops.fp16_dense', ['0', 'TFLOP/s']]),
      ['accelerator.peak_flops'],
    ],
    [
      'a peak of another precision',
      (f) => edit(f, ['accelerator', 'peak_flops.fp8_dense', ['0', 'TFLOP/s']]),
      ['accelerator'],
    ],
    [
      'memory capacity',
      (f) => edit(f, ['accelerator', 'memory_capacity', ['lots', 'GiB']]),
      ['accelerator.memory_capacity'],
    ],
    ['a precision the chip lacks', (f) => pickPart(f, 'accelerator', 'TPUv5p'), ['precision']],
    ['a bandwidth by name', (f) => edit(f, [0, 'bandwidth', ['0', 'GB/s']]), ['link.0.bandwidth']],
    [
      'a latency of a dotted name',
      (f) => edit(rename(f, 'x', 'a.b'), [1, 'latency', ['-1', 'us']]),
      ['link.1.latency'],
    ],
    [
      'a repeated name (an array)',
      (f) => edit(rename(f, 'x', 'x'), [1, 'latency', ['-1', 'us']]),
      ['link.1.latency', 'link.1.name'],
    ],
    ['an empty name', (f) => rename(f, 'x', ''), ['link.1.name']],
    ['a name with markup', (f) => rename(f, '<b>x</b>'), ['link.0.name']],
    ['a blank link', (f) => addLink(model, f, ''), ['link.2.bandwidth']],
    [
      'a link that is just a bandwidth, out of range',
      (f) => edit(addLink(model, f, ''), [2, 'bandwidth', ['0', 'GB/s']]),
      ['link.2.bandwidth'],
    ],
    [
      'a link that is just a bandwidth, too large to read',
      (f) => edit(addLink(model, f, ''), [2, 'bandwidth', ['1e300', 'TB/s']]),
      ['link.2.bandwidth'],
    ],
    ['a domain', (f) => edit(f, [0, 'domain', '0']), ['link.0.domain']],
    ['a domain that is not a count', (f) => edit(f, [1, 'domain', '2.5']), ['link.1.domain']],
    [
      'a launch overhead',
      (f) => edit(f, ['scenario', 'launch_overhead', ['-1', 'us']]),
      ['launch_overhead'],
    ],
    ['a link model', (f) => edit(f, ['scenario', 'link_model', 'fast']), ['link_model']],
  ])('%s', (_, change, ids) => {
    expect(routed(change(gpt3())).sort()).toEqual(ids.sort());
  });

  it('sends paths no input owns to the part, the links or above the form', () => {
    const f = gpt3();
    expect(inputFor(model, f, ['workload', 'name'])).toBe('workload');
    expect(inputFor(model, f, ['workload'])).toBe('workload');
    expect(inputFor(model, f, ['accelerator', 'native_link'])).toBe('accelerator');
    expect(inputFor(model, f, ['links'])).toBe('links');
    expect(inputFor(model, f, ['links', 9, 'name'])).toBe('links');
    expect(inputFor(model, f, ['links', 'unknown', 'bandwidth'])).toBe('links');
    expect(inputFor(model, f, ['links', 1])).toBe('link.1'); // the link as a whole: its row
    expect(inputFor(model, f, ['links', 'nvlink'])).toBe('link.0');
    expect(inputFor(model, f, ['links', 'nvlink', 'protocols', 0])).toBe('link.0');
    expect(inputFor(model, f, ['type'])).toBe('');
    expect(inputFor(model, f, [])).toBe('');
    expect(inputFor(model, f, undefined)).toBe('');
  });

  it('puts a warning next to its field and groups messages by input', () => {
    const f = edit(gpt3(), ['scenario', 'tp_size', '7']);
    const { result } = api.check(toScenario(model, f));
    const m = messagesByInput(model, f, result.warnings);
    expect(m.tp_size.map((w) => w.message).join()).toContain('does not divide');
    expect(messagesByInput(model, f, [{ path: [], message: 'x' }])['']).toHaveLength(1);
    // Beyond a link's domain, or without an NCCL calibration: on the link's row.
    const g = edit(
      addLink(model, gpt3(), ''),
      ['scenario', 'tp_size', '16'],
      ['scenario', 'link_model', 'nccl'],
      [2, 'bandwidth', ['100', 'GB/s']],
    );
    const w = messagesByInput(model, g, api.check(toScenario(model, g)).result.warnings);
    expect(w['link.0'].map((x) => x.message).join()).toContain('domain');
    expect(w['link.1']).toBeUndefined();
    expect(w['link.2.bandwidth'].map((x) => x.message).join()).toContain('no NCCL calibration');
  });
});

describe('bad input typed into the form', () => {
  // [what, where, field, as typed, the input the message goes to, its words]: the browser suite
  // (tests/e2e/form-editing.test.js) types the same values into the page.
  const cases = [
    ['tp_size', 'scenario', 'tp_size', 'abc', 'tp_size', 'expected a whole number'],
    ['tp_size 0', 'scenario', 'tp_size', '0', 'tp_size', '>= 1'],
    ['tokens', 'scenario', 'tokens', '-5', 'tokens', '>= 1'],
    ['local_efficiency', 'scenario', 'local_efficiency', '1.5', 'local_efficiency', '(0, 1]'],
    ['collectives', 'scenario', 'collectives_per_layer', '2.5', 'collectives_per_layer', 'whole'],
    ['a bandwidth', 0, 'bandwidth', ['0', 'GB/s'], 'link.0.bandwidth', '> 0'],
    ['a latency', 1, 'latency', ['-1', 'us'], 'link.1.latency', '>= 0'],
    ['a unit of the wrong kind', 0, 'bandwidth', ['5 ms', 'GB/s'], 'link.0.bandwidth', 'a time'],
    ['an unknown unit', 0, 'latency', ['5 parsecs', 'us'], 'link.0.latency', 'unknown unit'],
    ['heads', 'workload', 'heads', '0', 'workload.heads', '>= 1'],
    ['parameters', 'workload', 'parameters', '-175e9', 'workload.parameters', '> 0'],
    ['kv_heads', 'workload', 'kv_heads', '200', 'workload.kv_heads', '<= 96'],
    [
      'a peak',
      'accelerator',
      'peak_flops.fp16_dense',
      ['0', 'TFLOP/s'],
      'accelerator.peak_flops',
      '> 0',
    ],
    [
      'memory capacity',
      'accelerator',
      'memory_capacity',
      ['lots', 'GiB'],
      'accelerator.memory_capacity',
      'expected a size in bytes',
    ],
    ['infinity', 'scenario', 'tokens', '1e309', 'tokens', 'expected a whole number'],
  ];
  it.each(cases)('%s: the core names it, at its input', (_, where, field, typed, input, words) => {
    const f = edit(gpt3(), [where, field, typed]);
    const o = api.check(toScenario(model, f));
    expect(o.errors).toBeDefined();
    const at = messagesByInput(model, f, o.errors);
    expect(Object.keys(at)).toContain(input);
    expect(at['']).toBeUndefined(); // none left above the form
    expect(at[input].map((e) => e.message).join()).toContain(words);
  });
});
