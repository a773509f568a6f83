// The form as the page holds it, with the real catalogue and module: a partial scenario that
// starts as its preset; what goes to the core is what was typed; whether a part is still its
// catalogue entry is the core's answer; the core's messages go to inputs by their path.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addRow,
  blankValue,
  formOf,
  inputFor,
  isEntry,
  messagesByInput,
  numberOrText,
  parse,
  presetForm,
  setAt,
  shown,
  textOf,
} from '../../../web/src/state/scenario.js';
import { check, core, edit, gpt3, real } from './model.js';
import { keyed } from '../keyed.js';
import { decode, encode } from '../../../web/src/state/url.js';
import { branchedLink } from '../../e2e/branched-link.js';

let api;
let catalog;
let model;
beforeAll(async () => ({ api, catalog, model } = await real()));

describe('branch lists (issue 43: <tp-layer scenario> refused them)', () => {
  it('a scenario with protocols and custom branches reads as the core reads it', () => {
    // The element's path: check(), then formOf() of the scenario, then the form back to the core.
    const scenario = structuredClone(catalog.presets[0].scenario);
    scenario.link_model = 'nccl';
    scenario.links = {
      nv: branchedLink(),
    };
    const direct = api.check(scenario);
    expect(direct.errors).toBeUndefined();
    const form = formOf(model, catalog.presets[0].key, scenario);
    const sent = core(form);
    expect(sent.links.nv.protocols).toEqual(scenario.links.nv.protocols);
    expect(sent.links.nv.custom).toEqual(scenario.links.nv.custom);
    const read = api.check(sent);
    expect(read.errors).toBeUndefined();
    expect(read.result).toEqual(direct.result);
  });

  it('parse() keeps a list as a list, and a quantity pair as a quantity', () => {
    const field = (kind) => ({ name: 'x', kind, required: false });
    const list = [{ name: 'a' }];
    expect(parse(field('protocols'), list)).toBe(list);
    expect(parse(field('custom_branches'), list)).toBe(list);
    expect(parse(field('bandwidth'), ['400', 'GB/s'])).toBe('400 GB/s');
  });
});

describe('presets and edits', () => {
  it('sends an unedited preset as exactly the preset, catalogue keys kept', () => {
    for (const p of catalog.presets) {
      const scenario = core(presetForm(model, p.key));
      expect(keyed(api.check(scenario))).toEqual(p.scenario);
      expect(api.solve(scenario)).toEqual(p.result);
    }
    expect(core(gpt3())).toMatchObject({
      type: 'TensorParallelLayerScenario',
      workload: 'GPT3',
      links: { nvlink: 'nvlink4', infiniband_ndr: 'ib_ndr' },
    });
    expect(presetForm(model, 'nope')).toBeNull();
  });

  it("takes a scenario in the core's shape: a link as text is its catalogue key or a bandwidth", () => {
    const given = { ...api.Scenarios.Gpt3TensorParallelLayerTp8.scenario };
    given.links = { nvlink: 'nvlink4', seed_style: '450 GB/s', hgx: 'hgx_h100_ndr' };
    const form = formOf(model, 'Gpt3TensorParallelLayerTp8', given);
    expect(form.scenario.links).toEqual([
      { name: 'nvlink', preset: 'nvlink4' },
      { name: 'seed_style', bandwidth: '450 GB/s' },
      { name: 'hgx', preset: 'hgx_h100_ndr' },
    ]);
    expect(check(form).result.links.map((l) => l.bandwidth_bytes_per_s)).toEqual(
      api.check(given).result.links.map((l) => l.bandwidth_bytes_per_s),
    );
    // Its link (what <tp-layer> opens in the full calculator) reads back as the same scenario.
    const back = decode(
      model,
      encode(model, form, () => ({ error: 'none' })),
    );
    expect(back.ignored).toEqual([]);
    expect(check(back.form).scenario).toEqual(check(form).scenario);
  });

  it('leaves out what the core derives, so that it follows the edits, unless the user sets it', () => {
    const derived = catalog.presets[0].derived.map((d) => d.field);
    expect(derived).toEqual(expect.arrayContaining(['collectives_per_layer', 'launch_overhead']));
    expect(gpt3().scenario).not.toHaveProperty('collectives_per_layer');
    const training = edit(gpt3(), [['pass'], 'training']);
    expect(check(training).scenario.collectives_per_layer).toBe(4);
    expect(api.solve(core(training))).toEqual(api.Scenarios.Gpt3TrainingStepTp8.result);
    const pinned = edit(training, [['collectives_per_layer'], '2']); // set by the user: it stays
    expect(check(pinned).scenario.collectives_per_layer).toBe(2);
    // The field shows what the core used while the form leaves it out.
    expect(shown(model, training, ['collectives_per_layer'], check(training).scenario)).toBe('4');
    expect(shown(model, pinned, ['collectives_per_layer'], check(training).scenario)).toBe('2');
  });

  it('asks the core whether a part is still its catalogue entry: typing its number back makes it so', () => {
    let f = edit(
      gpt3(),
      [['workload', 'layers'], '48'],
      [
        ['accelerator', 'peak_flops', 'fp16_dense'],
        ['1000', 'TFLOP/s'],
      ],
    );
    expect(f.scenario.workload).toEqual({ preset: 'GPT3', layers: '48' });
    let c = check(f).scenario;
    expect(isEntry(model, f, ['workload'], check(f).entries)).toBe(false);
    expect(isEntry(model, f, ['accelerator'], check(f).entries)).toBe(false);
    expect(c.workload).toMatchObject({ preset: 'GPT3', layers: 48 });
    f = edit(
      f,
      [['workload', 'layers'], '96'],
      [
        ['accelerator', 'peak_flops', 'fp16_dense'],
        ['989', 'TFLOP/s'],
      ],
    );
    c = keyed(check(f));
    expect([c.workload, c.accelerator]).toEqual(['GPT3', 'H100']);
    expect(isEntry(model, f, ['workload'], check(f).entries)).toBe(true);
    expect(c).toEqual(catalog.presets[0].scenario); // the preset again
    // Without the core's answer (an invalid form), a part is its entry while it has no edits.
    expect(isEntry(model, gpt3(), ['workload'], null)).toBe(true);
    expect(isEntry(model, f, ['workload'], null)).toBe(false);
    // Picked again from the catalogue: its key.
    expect(setAt(model, f.scenario, ['workload'], 'GPT3').workload).toBe('GPT3');
  });

  it('shows the catalogue values as people write them, in the unit lists of the page', () => {
    const f = gpt3();
    const t = (...path) => shown(model, f, path);
    expect(t('local_efficiency')).toBe('0.5');
    expect(t('precision')).toBe('fp16_dense');
    expect(t('workload', 'parameters')).toBe('175e9');
    expect(t('workload', 'heads')).toBe('96');
    expect(t('accelerator', 'peak_flops', 'fp16_dense')).toEqual(['989', 'TFLOP/s']);
    expect(t('accelerator', 'memory_capacity')).toEqual(['80', 'GiB']);
    expect(t('accelerator', 'memory_bandwidth')).toEqual(['3.35', 'TB/s']);
    expect(t('links', 0, 'bandwidth')).toEqual(['450', 'GB/s']);
    expect(t('links', 0, 'latency')).toEqual(['0.5', 'us']);
    const info = (kind, name) => catalog.fields[kind].find((x) => x.name === name);
    expect(textOf(model, info('accelerator', 'memory_capacity'), 141e9)).toEqual(['141', 'GB']);
    // The custom all-reduce's limit in MiB as the engines give it (8 MiB, not 0.008388608 GB).
    expect(t('links', 0, 'custom_max_bytes')).toEqual(['8', 'MiB']);
    expect(textOf(model, info('link', 'custom_max_bytes'), 5e6)).toEqual(['5', 'MB']);
    expect(textOf(model, info('link', 'latency'), 50e-6)).toEqual(['50', 'us']);
    expect(textOf(model, info('workload', 'parameters'), 8.03e9)).toBe('8.03e9');
  });
});

describe('the adapter: what was typed, as the scenario carries it', () => {
  it('parses numbers and passes anything else as typed, for the core to judge', () => {
    expect(numberOrText(' 16 ')).toBe(16);
    expect(numberOrText('175e9')).toBe(175e9);
    expect(numberOrText('-0')).toBe(-0);
    expect(numberOrText('eight')).toBe('eight');
    expect(numberOrText('1e309')).toBe('1e309');
    expect(numberOrText('0x10')).toBe('0x10');
    const bw = { name: 'bandwidth', kind: 'bandwidth', required: true };
    expect(parse(bw, ['400', 'Gb/s'])).toBe('400 Gb/s');
    expect(parse(bw, [' 400 Gb/s ', 'GB/s'])).toBe('400 Gb/s');
    expect(parse(bw, ['', 'GB/s'])).toBe('');
    expect(parse(bw, ['fast', 'GB/s'])).toBe('fast');
    expect(parse({ ...bw, required: false }, [' ', 'GB/s'])).toBeUndefined();
    expect(parse({ kind: 'boolean' }, 'true')).toBe(true);
    expect(parse({ kind: 'boolean' }, 'yes')).toBe('yes');
    const s = core(
      edit(
        gpt3(),
        [['tp_size'], 'eight'],
        [
          ['links', 1, 'bandwidth'],
          ['800 Gb/s', 'GB/s'],
        ],
      ),
    );
    expect(s.tp_size).toBe('eight');
    expect(s.links.infiniband_ndr).toEqual({ preset: 'ib_ndr', bandwidth: '800 Gb/s' });
  });

  it('leaves a blank optional field out, so the core applies its default', () => {
    const s = core(edit(gpt3(), [['memory_efficiency'], ' '], [['workload', 'kv_heads'], '']));
    expect(s).not.toHaveProperty('memory_efficiency');
    expect(s.workload).toEqual({ preset: 'GPT3' });
    expect(api.check(s).scenario.memory_efficiency).toBe(0.8);
  });

  // The placeholder of a blank input is what the core then uses: in a catalogue part, the entry's.
  it("says what a blank stands for: inside a catalogue part its entry's value, else the default", () => {
    const blanks = [
      [
        ['links', 0, 'latency'],
        ['', 'us'],
      ],
      [['links', 0, 'domain'], ''],
      [['workload', 'kv_heads'], ''],
      [['workload', 'inference_flops'], ''],
      [['memory_efficiency'], ''],
    ];
    const f = edit(gpt3(), [['workload'], 'Llama3_70B'], ...blanks);
    // The core uses the entries as they are, and the default.
    const used = keyed(check(f));
    expect([used.links.nvlink, used.workload, used.memory_efficiency]).toEqual([
      'nvlink4',
      'Llama3_70B',
      0.8,
    ]);
    const nvlink = model.entries.link.get('nvlink4');
    const llama = model.entries.workload.get('Llama3_70B');
    expect(blanks.map(([path]) => blankValue(model, f.scenario, path))).toEqual([
      nvlink.latency,
      nvlink.domain,
      llama.kv_heads,
      llama.inference_flops,
      0.8,
    ]);
    expect([nvlink.domain, llama.kv_heads]).toEqual([8, 8]); // not the fields' defaults
    // A tier of a catalogue two-tier link: the tier's entry's.
    const hgx = edit(presetForm(model, 'Llama3_405BTp16AcrossNodes'), [
      ['links', 0, 'inter_node', 'latency'],
      '',
    ]);
    expect(blankValue(model, hgx.scenario, ['links', 0, 'inter_node', 'latency'])).toBe(
      model.entries.link.get('ib_ndr').latency,
    );
    expect(keyed(check(hgx)).links.hgx).toBe('hgx_h100_ndr');
  });

  it('sends a blank link with a bandwidth as a link of that bandwidth', () => {
    const f = { ...gpt3(), scenario: addRow(model, gpt3().scenario, '') };
    expect(f.scenario.links[2]).toEqual({ name: 'link3' });
    const g = edit(f, [
      ['links', 2, 'bandwidth'],
      ['100', 'GB/s'],
    ]);
    expect(core(g).links.link3).toEqual({ bandwidth: '100 GB/s' });
    expect(check(g).scenario.links.link3).toEqual({ bandwidth: 100e9, latency: 0 });
  });

  it("sends links as the ordered map, or as an array when an object cannot keep the rows (the core's paths are the same)", () => {
    const f = edit(gpt3(), [
      ['links', 0, 'latency'],
      ['1', 'us'],
    ]);
    expect(core(f).links).toEqual({
      nvlink: { preset: 'nvlink4', latency: '1 us' },
      infiniband_ndr: 'ib_ndr',
    });
    const kept = check(f).scenario.links.nvlink; // an edited catalogue link keeps its protocols and domain
    expect(kept).toMatchObject({ preset: 'nvlink4', bandwidth: 450e9, latency: 1e-6, domain: 8 });
    for (const names of [
      ['a', 'a'],
      ['x', '1'],
    ]) {
      const g = edit(f, [['links', 0, 'name'], names[0]], [['links', 1, 'name'], names[1]]);
      expect(core(g).links).toEqual([
        { name: names[0], preset: 'nvlink4', latency: '1 us' },
        { name: names[1], preset: 'ib_ndr' },
      ]);
    }
  });

  it('adds rows with names of their own: a catalogue link, a blank one, a measured one, a two-tier one', () => {
    const rows = (pick) => addRow(model, gpt3().scenario, pick).links[2];
    expect(rows('nvlink4')).toEqual({ name: 'nvlink4', preset: 'nvlink4' });
    expect(rows('nvlink')).toEqual({ name: 'link3' }); // not a key: a blank row
    expect(rows('@measured')).toEqual({ name: 'measured', measured: '' });
    expect(rows('@two_tier')).toEqual({
      name: 'two_tier',
      intra_node: 'nvlink4',
      inter_node: 'ib_ndr',
      ranks_per_node: '8',
    });
    expect(rows('@two_tier:hgx_h100_ndr')).toEqual({
      name: 'hgx_h100_ndr',
      preset: 'hgx_h100_ndr',
    });
    const twice = addRow(model, addRow(model, gpt3().scenario, 'pcie4'), 'pcie4');
    expect(twice.links.map((r) => r.name)).toEqual([
      'nvlink',
      'infiniband_ndr',
      'pcie4',
      'pcie4_2',
    ]);
  });
});

describe('core messages -> inputs, by path', () => {
  /** The inputs each of the core's errors for a form goes to. */
  const routed = (form) => {
    const o = check(form);
    expect(o.errors).toBeTruthy();
    return o.errors.map((e) => inputFor(model, form.scenario, e.path, 'fp16_dense'));
  };
  const blank = () => ({ ...gpt3(), scenario: addRow(model, gpt3().scenario, '') });
  it.each([
    ['tp_size', [['tp_size'], 'abc'], ['tp_size']],
    ['a workload number', [['workload', 'layers'], '0'], ['workload.layers']],
    [
      'a peak of the precision shown',
      [
        ['accelerator', 'peak_flops', 'fp16_dense'],
        ['0', 'TFLOP/s'],
      ],
      ['accelerator.peak_flops'],
    ],
    [
      'a peak of another precision',
      [
        ['accelerator', 'peak_flops', 'fp8_dense'],
        ['0', 'TFLOP/s'],
      ],
      ['accelerator'],
    ],
    [
      'memory capacity',
      [
        ['accelerator', 'memory_capacity'],
        ['lots', 'GiB'],
      ],
      ['accelerator.memory_capacity'],
    ],
    ['a precision the chip lacks', [['accelerator'], 'TPUv5p'], ['precision']],
    [
      'a bandwidth',
      [
        ['links', 0, 'bandwidth'],
        ['0', 'GB/s'],
      ],
      ['link.0.bandwidth'],
    ],
    ['an empty name', [['links', 1, 'name'], ''], ['link.1.name']],
    ['a name with markup', [['links', 0, 'name'], '<b>x</b>'], ['link.0.name']],
    ['a domain', [['links', 0, 'domain'], '0'], ['link.0.domain']],
    ['a launch overhead', [['launch_overhead'], ['-1', 'us']], ['launch_overhead']],
    ['a link model', [['link_model'], 'fast'], ['link_model']],
  ])('%s', (_, change, ids) => {
    expect(routed(edit(gpt3(), change)).sort()).toEqual(ids.sort());
  });

  it('a repeated name (an array), a dotted one, a blank link and one too large to read', () => {
    const rename = (...names) =>
      edit(gpt3(), ...names.map((n, i) => [['links', i, 'name'], n]), [
        ['links', 1, 'latency'],
        ['-1', 'us'],
      ]);
    expect(routed(rename('x', 'x')).sort()).toEqual(['link.1.latency', 'link.1.name']);
    expect(routed(rename('x', 'a.b'))).toEqual(['link.1.latency']);
    expect(routed(blank())).toEqual(['link.2.bandwidth']);
    expect(
      routed(
        edit(blank(), [
          ['links', 2, 'bandwidth'],
          ['1e300', 'TB/s'],
        ]),
      ),
    ).toEqual(['link.2.bandwidth']);
  });

  it('sends paths no input owns to the part, the links or above the form', () => {
    const s = gpt3().scenario;
    const at = (path) => inputFor(model, s, path, 'fp16_dense');
    expect(at(['workload', 'name'])).toBe('workload');
    expect(at(['workload'])).toBe('workload');
    expect(at(['accelerator', 'native_link'])).toBe('accelerator');
    expect(at(['links'])).toBe('links');
    expect(at(['links', 9, 'name'])).toBe('links');
    expect(at(['links', 'unknown', 'bandwidth'])).toBe('links');
    expect(at(['links', 1])).toBe('link.1'); // the link as a whole: its row
    expect(at(['links', 'nvlink'])).toBe('link.0');
    expect(at(['links', 'nvlink', 'protocols', 0])).toBe('link.0');
    expect(at(['type'])).toBe('');
    expect(at([])).toBe('');
    expect(at(undefined)).toBe('');
  });

  it('puts a warning next to its field, and a link’s own on its row', () => {
    const f = edit(gpt3(), [['tp_size'], '7']);
    const m = messagesByInput(model, f.scenario, check(f).result.warnings, 'fp16_dense');
    expect(m.tp_size.map((w) => w.message).join()).toContain('does not divide');
    const g = edit(
      blank(),
      [['tp_size'], '16'],
      [['link_model'], 'nccl'],
      [
        ['links', 2, 'bandwidth'],
        ['100', 'GB/s'],
      ],
    );
    const w = messagesByInput(model, g.scenario, check(g).result.warnings, 'fp16_dense');
    expect(w['link.0'].map((x) => x.message).join()).toContain('domain');
    expect(w['link.2'].map((x) => x.message).join()).toContain('no NCCL calibration');
  });
});

describe('bad input typed into the form', () => {
  // [what, path, as typed, the input the message goes to, its words]: the browser suite
  // (tests/e2e/form-editing.test.js) types the same values into the page.
  const cases = [
    ['tp_size', ['tp_size'], 'abc', 'tp_size', 'expected a whole number'],
    ['tp_size 0', ['tp_size'], '0', 'tp_size', '>= 1'],
    ['tokens', ['tokens'], '-5', 'tokens', '>= 1'],
    ['local_efficiency', ['local_efficiency'], '1.5', 'local_efficiency', '(0, 1]'],
    ['collectives', ['collectives_per_layer'], '2.5', 'collectives_per_layer', 'whole'],
    ['a bandwidth', ['links', 0, 'bandwidth'], ['0', 'GB/s'], 'link.0.bandwidth', '> 0'],
    ['a latency', ['links', 1, 'latency'], ['-1', 'us'], 'link.1.latency', '>= 0'],
    [
      'a unit of the wrong kind',
      ['links', 0, 'bandwidth'],
      ['5 ms', 'GB/s'],
      'link.0.bandwidth',
      'a time',
    ],
    [
      'an unknown unit',
      ['links', 0, 'latency'],
      ['5 parsecs', 'us'],
      'link.0.latency',
      'unknown unit',
    ],
    ['heads', ['workload', 'heads'], '0', 'workload.heads', '>= 1'],
    ['parameters', ['workload', 'parameters'], '-175e9', 'workload.parameters', '> 0'],
    ['kv_heads', ['workload', 'kv_heads'], '200', 'workload.kv_heads', '<= 96'],
    [
      'a peak',
      ['accelerator', 'peak_flops', 'fp16_dense'],
      ['0', 'TFLOP/s'],
      'accelerator.peak_flops',
      '> 0',
    ],
    [
      'a peak that is not a number (not also "no peak" at the precision)',
      ['accelerator', 'peak_flops', 'fp16_dense'],
      ['x', 'TFLOP/s'],
      'accelerator.peak_flops',
      'expected a compute rate',
    ],
    [
      'memory capacity',
      ['accelerator', 'memory_capacity'],
      ['lots', 'GiB'],
      'accelerator.memory_capacity',
      'expected a size in bytes',
    ],
    ['infinity', ['tokens'], '1e309', 'tokens', 'expected a whole number'],
  ];
  it.each(cases)('%s: the core names it, at its input', (_, path, typed, input, words) => {
    const f = edit(gpt3(), [path, typed]);
    const o = check(f);
    expect(o.errors).toBeDefined();
    const at = messagesByInput(model, f.scenario, o.errors, 'fp16_dense');
    expect(Object.keys(at)).toEqual([input]); // at that input alone, none above the form
    expect(at[input].map((e) => e.message).join()).toContain(words);
    expect(shown(model, f, path)).toEqual(typed); // kept as typed
  });
});
