// The URL hash with the real catalogue: the preset key and the edits over it, as a generic path
// codec of the form (version 3); every version 2 form docs/page.md shows opens the same view;
// anything malformed is discarded with a reason, a key that is not a field is named.
import { beforeAll, describe, expect, it } from 'vitest';
import { addRow, formOf, presetForm } from '../../../web/src/state/scenario.js';
import { elementCode, embedCode, embedUrl } from '../../../web/src/platform/embed.js';
import {
  MAX_HASH,
  decode,
  encode,
  fullUrl,
  isEmbed,
  urlWithHash,
} from '../../../web/src/state/url.js';
import { check, core, edit, gpt3, real } from './model.js';

let api;
let catalog;
let model;
beforeAll(async () => ({ api, catalog, model } = await real()));

const hashOf = (form) => encode(model, form, (t) => api.readMeasured(t));
const roundTrip = (form) => decode(model, `#${hashOf(form)}`);
const add = (form, pick) => ({ ...form, scenario: addRow(model, form.scenario, pick) });

describe('values at the bounds reopen exactly (issue 43)', () => {
  it('a link of a view whose values sit at 1e-30 and 1e30 opens on the very values', async () => {
    const { api } = await real();
    const base = api.Scenarios.Gpt3TensorParallelLayerTp8;
    for (const [bandwidth, latency, efficiency] of [
      [1e-30, 1e-30, 1e-30],
      [1.0000000000000003e-30, 1.0000000000000003e-30, 1.0000000000000003e-30],
      [9.999999999999999e29, 9.999999999999999e29, 1],
      [7.777777777777777e-30, 7.777777777777777e-30, 0.1 + 0.2],
    ]) {
      const scenario = {
        ...base.scenario,
        local_efficiency: efficiency,
        links: { a: { bandwidth, latency } },
      };
      const read = api.check(scenario);
      expect(read.errors).toBeUndefined();
      const form = formOf(model, base.key, read.scenario);
      const back = api.check(core(roundTrip(form).form));
      expect(back.errors, `${bandwidth} ${latency}`).toBeUndefined();
      expect(back.scenario.links.a).toMatchObject({ bandwidth, latency });
      expect(back.scenario.local_efficiency).toBe(efficiency);
    }
  });
});

describe('version 3', () => {
  it('is the preset key alone for an unedited preset, and round-trips every preset', () => {
    expect(hashOf(gpt3())).toBe('v=3&p=Gpt3TensorParallelLayerTp8');
    for (const p of catalog.presets) {
      const d = roundTrip(presetForm(model, p.key));
      expect(d).toEqual({ form: presetForm(model, p.key), ignored: [] });
    }
  });

  it('carries exactly the edits, by path, and round-trips them as typed', () => {
    const f = edit(
      gpt3(),
      [['tp_size'], '16'],
      [['local_efficiency'], '0.37'],
      [['workload', 'heads'], ' 64'],
      [['workload', 'kv_heads'], ''],
      [
        ['accelerator', 'peak_flops', 'fp16_dense'],
        ['1.2', 'PFLOP/s'],
      ],
      [
        ['accelerator', 'memory_capacity'],
        ['141', 'GB'],
      ],
      [
        ['links', 1, 'bandwidth'],
        ['800 Gb/s', 'GB/s'],
      ],
    );
    expect(hashOf(f)).toBe(
      'v=3&p=Gpt3TensorParallelLayerTp8&workload.heads=%2064&workload.kv_heads=&tp_size=16' +
        '&accelerator.peak_flops.fp16_dense=1.2~PFLOP%2Fs&accelerator.memory_capacity=141~GB' +
        '&local_efficiency=0.37&links.1.bandwidth=800%20Gb%2Fs~GB%2Fs',
    );
    expect(roundTrip(f).ignored).toEqual([]);
    expect(core(roundTrip(f).form)).toEqual(core(f));
    // A renamed row is an edit of its name; names keep every character.
    const g = edit(f, [['links', 0, 'name'], 'roce~é #1 & co=2']);
    expect(hashOf(g)).toContain('&links.0.name=roce%7E%C3%A9%20%231%20%26%20co%3D2');
    expect(core(roundTrip(g).form)).toEqual(core(g));
    // A field with units of its own (the custom all-reduce's limit, in MiB) reads them back.
    const m = edit(f, [
      ['links', 0, 'custom_max_bytes'],
      ['16', 'MiB'],
    ]);
    expect(hashOf(m)).toContain('&links.0.custom_max_bytes=16~MiB');
    expect(roundTrip(m).ignored).toEqual([]);
    expect(core(roundTrip(m).form)).toEqual(core(m));
  });

  it('writes every row when the rows differ from the preset’s, and reads them back', () => {
    let f = add(gpt3(), '');
    f = edit(
      f,
      [
        ['links', 2, 'bandwidth'],
        ['400', 'Gb/s'],
      ],
      [
        ['links', 2, 'latency'],
        ['8', 'us'],
      ],
    );
    expect(hashOf(f)).toBe(
      'v=3&p=Gpt3TensorParallelLayerTp8&links=3&links.0=nvlink4&links.0.name=nvlink' +
        '&links.1=ib_ndr&links.1.name=infiniband_ndr' +
        '&links.2=&links.2.name=link3&links.2.bandwidth=400~Gb%2Fs&links.2.latency=8~us',
    );
    expect(roundTrip(f)).toEqual({ form: f, ignored: [] });
    // Whatever the order of the keys.
    const keys = hashOf(f).split('&');
    expect(decode(model, `#${keys.reverse().join('&')}`).form).toEqual(f);
  });

  it('keeps a row’s name when a hand-written link starts it again from another catalogue link', () => {
    const got = decode(model, '#v=3&p=Gpt3TensorParallelLayerTp8&links.0=ib_ndr');
    expect(got.ignored).toEqual([]);
    expect(got.form.scenario.links[0]).toEqual({ name: 'nvlink', preset: 'ib_ndr' });
    expect(Object.keys(check(got.form).scenario.links)).toEqual(['nvlink', 'infiniband_ndr']);
  });

  it('names another catalogue part by its key, with its own edits; a part of the user’s own by nothing', () => {
    const f = edit(gpt3(), [['workload'], 'Llama3_70B'], [['workload', 'layers'], '16']);
    expect(hashOf(f)).toBe(
      'v=3&p=Gpt3TensorParallelLayerTp8&workload=Llama3_70B&workload.layers=16',
    );
    expect(roundTrip(f).form).toEqual(f);
    const own = edit(gpt3(), [
      ['workload'],
      { parameters: '1e9', layers: '2', hidden_dim: '64', heads: '4' },
    ]);
    expect(hashOf(own)).toBe(
      'v=3&p=Gpt3TensorParallelLayerTp8&workload=&workload.parameters=1e9&workload.layers=2&workload.hidden_dim=64&workload.heads=4',
    );
    expect(roundTrip(own).form).toEqual(own);
  });

  it('carries the model fields, a derived one only once set', () => {
    const f = edit(gpt3(), [['link_model'], 'nccl'], [['launch_overhead'], ['20', 'us']]);
    expect(hashOf(f)).toBe(
      'v=3&p=Gpt3TensorParallelLayerTp8&link_model=nccl&launch_overhead=20~us',
    );
    expect(check(roundTrip(f).form).scenario).toMatchObject({
      link_model: 'nccl',
      launch_overhead: 20e-6,
    });
    expect(hashOf(edit(f, [['link_model'], 'line_rate']))).toBe(
      'v=3&p=Gpt3TensorParallelLayerTp8&launch_overhead=20~us',
    );
  });

  it('treats an empty hash as no state, and ignores keys that are not fields, naming them', () => {
    expect(decode(model, '')).toEqual({ form: null, ignored: [] });
    expect(decode(model, '#')).toEqual({ form: null, ignored: [] });
    const d = decode(
      model,
      '#v=3&p=Gpt3TensorParallelLayerTp8&tp_size=16&evil=%3Cscript%3E&x&workload.name=y&links.0.colour=red',
    );
    expect(d.form).toEqual(edit(gpt3(), [['tp_size'], '16']));
    expect(d.ignored).toEqual([
      'the unknown key "evil"',
      'the unknown key "x"',
      'the unknown key "workload.name"',
      'the unknown key "links.0.colour"',
    ]);
  });

  it("drops a tier key on a plain link's row alone, keeping the link (issue 43)", () => {
    const ok = 'v=3&p=Gpt3TensorParallelLayerTp8';
    for (const [key, value] of [
      ['links.0.intra_node', 'nvlink4'],
      ['links.0.ranks_per_node', '4'],
      ['links.1.inter_node.bandwidth', '5~GB%2Fs'],
    ]) {
      const d = decode(model, `#${ok}&${key}=${value}&tp_size=4`);
      expect(d.ignored).toEqual([`"${key}" (not a field of a link)`]);
      expect(d.form).toEqual(edit(gpt3(), [['tp_size'], '4']));
    }
    // On a two-tier row the same keys are its own.
    const d = decode(model, `#${ok}&links=1&links.0=hgx_h100_ndr&links.0.ranks_per_node=4`);
    expect(d.ignored).toEqual([]);
    expect(check(d.form).errors).toBeUndefined();
  });

  it('echoes no bidi, invisible or control character in a notice (issue 43)', () => {
    const key = 'a\u202egnp.exe\u2066b\u200bc\u0085d\u001be\ufeff\u2028';
    const d = decode(model, `#v=3&p=Gpt3TensorParallelLayerTp8&${encodeURIComponent(key)}=1`);
    expect(d.ignored).toEqual(['the unknown key "a gnp.exe b c d e  "']);
    // Cut at code points: an emoji is never split into a lone surrogate.
    const long = decode(model, `#v=3&p=Gpt3TensorParallelLayerTp8&${'%F0%9F%98%80'.repeat(70)}=1`);
    expect(long.ignored[0]).toBe(`the unknown key "${'\u{1F600}'.repeat(64)}…"`);
  });

  const ok = 'v=3&p=Gpt3TensorParallelLayerTp8';
  const hostile = {
    'bad %-encoding': '#v=3&p=%E0%A4%A',
    'bad %-encoding in a key': '#%ZZ=1',
    'base64 junk': '#eyJ3b3JrbG9hZCI6IkdQVDMi',
    'a JSON scenario': `#${encodeURIComponent('{"workload":"GPT3","tp_size":8}')}`,
    'a 1 MB hash': `#v=3&links=${'a'.repeat(1 << 20)}`,
    'an unknown version': '#v=4&p=Gpt3TensorParallelLayerTp8',
    'version 1': '#v=1&w=GPT3&a=H100&pr=fp16&tp=8&t=2048&e=0.5&l=a~1~GB%2Fs~0~us~',
    'no version': '#p=Gpt3TensorParallelLayerTp8',
    'no preset': '#v=3&tp_size=8',
    'an unknown preset': '#v=3&p=%3Cscript%3E',
    'an unknown link preset': `#${ok}&links=1&links.0=javascript:alert(1)`,
    'a row count that is not one': `#${ok}&links=two`,
    'more rows than the core takes': `#${ok}&links=999`,
    'a key given twice': `#${ok}&tp_size=8&tp_size=16`,
    'a row name that is not one part': `#${ok}&links.0.name=a~b`,
  };
  it.each(Object.entries(hostile))('discards %s and says why', (_, hash) => {
    const d = decode(model, hash);
    expect(d.form).toBeNull();
    expect(d.ignored.length).toBeGreaterThan(0);
    for (const t of d.ignored) expect(t.length).toBeLessThan(120);
  });

  // One bad key of a hand-edited link: that key alone is dropped, named; every other one is used.
  const badKeys = {
    'an unknown workload': 'workload=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    'an unknown tier': 'links.0.intra_node=x',
    'an unknown unit': 'links.0.latency=1~parsecs',
    'a quantity without its unit': 'links.0.latency=1',
    'an edit of a row that is not there': 'links.5.bandwidth=1~GB%2Fs',
    'a peak the chip does not list': 'accelerator.peak_flops.fp64_dense=1~TFLOP%2Fs',
    'an over-long value': `tokens=${'9'.repeat(300)}`,
    'a launch overhead in a bandwidth unit': 'launch_overhead=10~GB%2Fs',
    'rows that do not grow': 'links.0.rows=16~30~8~31',
    'rows that are not pairs': 'links.0.rows=8~30~16',
  };
  it.each(Object.entries(badKeys))('drops %s alone, naming its key', (_, bad) => {
    const rows = 'links=1&links.0=&links.0.name=m&links.0.bandwidth=5~GB%2Fs';
    const good = `${ok}&tp_size=16&${rows}`;
    const d = decode(model, `#${good}&${bad}`);
    expect(d.ignored).toHaveLength(1);
    expect(d.ignored[0]).toContain(`"${bad.split('=')[0].slice(0, 24)}`);
    expect(d.ignored[0].length).toBeLessThan(120);
    expect(d.form).toEqual(decode(model, `#${good}`).form);
  });

  it('reads every hostile value that is well-formed as text, for the core to reject', () => {
    for (const [hash, path, value] of [
      [`${ok}&tp_size=1e309`, ['tp_size'], '1e309'],
      [`${ok}&tp_size=-0`, ['tp_size'], '-0'],
      [
        `${ok}&links.0.name=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E`,
        ['links', 0, 'name'],
        '<img src=x onerror=alert(1)>',
      ],
      [`${ok}&link_model=line_rate%00`, ['link_model'], 'line_rate\u0000'],
      [`${ok}&launch_overhead=-1~us`, ['launch_overhead'], ['-1', 'us']],
      [`${ok}&links.1.domain=1e13`, ['links', 1, 'domain'], '1e13'],
    ]) {
      const d = decode(model, `#${hash}`);
      expect(d.ignored).toEqual([]);
      expect(path.reduce((x, k) => x[k], d.form.scenario)).toEqual(value);
      expect(check(d.form).errors).toBeTruthy();
    }
  });

  it('caps the length it reads', () => {
    const d = decode(model, `#${'x'.repeat(MAX_HASH + 1)}`);
    expect(d.form).toBeNull();
    expect(d.ignored[0]).toContain(String(MAX_HASH));
  });
});

describe('version 2 (links in blog posts): every form docs/page.md shows opens the same view', () => {
  const preset = (over = {}) => ({ ...api.Scenarios.Gpt3TensorParallelLayerTp8.scenario, ...over });
  const opens = (hash, scenario) => {
    const d = decode(model, hash);
    expect(d.ignored).toEqual([]);
    expect(api.solve(core(d.form))).toEqual(api.solve(scenario));
    return d.form;
  };
  it('a preset as it is, and every field docs/page.md names', () => {
    expect(opens('#v=2&p=Gpt3TensorParallelLayerTp8', preset())).toEqual(gpt3());
    const f = opens(
      '#v=2&p=Gpt3TensorParallelLayerTp8&tp_size=16&workload=Llama3_70B&workload.layers=48' +
        '&accelerator.peak_flops.fp16_dense=1.2~PFLOP%2Fs&links.1.bandwidth=800~Gb%2Fs',
      preset({
        tp_size: 16,
        workload: {
          ...catalog.workloads.find((w) => w.key === 'Llama3_70B'),
          key: undefined,
          source: undefined,
          layers: 48,
        },
        accelerator: {
          ...catalog.accelerators.find((a) => a.key === 'H100'),
          key: undefined,
          source: undefined,
          peak_flops: {
            ...catalog.accelerators.find((a) => a.key === 'H100').peak_flops,
            fp16_dense: 1.2e15,
          },
        },
        links: { nvlink: 'nvlink4', infiniband_ndr: { preset: 'ib_ndr', bandwidth: '800 Gb/s' } },
      }),
    );
    expect(hashOf(f)).toContain('v=3&');
    expect(
      opens(
        '#v=2&p=Gpt3TensorParallelLayerTp8&link_model=nccl&launch_overhead=20~us',
        preset({ link_model: 'nccl', launch_overhead: 20e-6 }),
      ),
    );
  });

  it('rows written out, a link that is just a bandwidth, and a row edit', () => {
    opens(
      '#v=2&p=Gpt3TensorParallelLayerTp8&links=nvlink~nvlink4&links=roce~400~Gb%2Fs&links.0.domain=72',
      preset({ links: { nvlink: { preset: 'nvlink4', domain: 72 }, roce: '400 Gb/s' } }),
    );
    opens(
      '#v=2&p=Gpt3TensorParallelLayerTp8&links.0.latency=1~us&links=roce~50~GB%2Fs',
      preset({ links: { roce: { bandwidth: '50 GB/s', latency: '1 us' } } }),
    );
  });

  it('a measured link’s rows, and a two-tier link’s tiers and their edits', () => {
    const m = opens(
      '#v=2&p=Gpt3TensorParallelLayerTp8&links=nvlink~nvlink4&links=m~~measured&links.1.measured=8~8~30.5~1048576~46.52',
      preset({
        links: {
          nvlink: 'nvlink4',
          m: {
            rows: [
              [8, 30.5e-6],
              [1048576, 46.52e-6],
            ],
            ranks: 8,
          },
        },
      }),
    );
    expect(m.scenario.links[1]).toEqual({
      name: 'm',
      rows: [
        [8, 30.5e-6],
        [1048576, 46.52e-6],
      ],
      ranks: '8',
    });
    opens(
      '#v=2&p=Gpt3TensorParallelLayerTp8&links=m~~measured&links.0.measured=0~8~30.5~1048576~46.52&links.0.ranks=4&links.0.domain=8',
      preset({
        links: {
          m: {
            rows: [
              [8, 30.5e-6],
              [1048576, 46.52e-6],
            ],
            ranks: 4,
            domain: 8,
          },
        },
      }),
    );
    const tiers = {
      intra_node: 'nvlink3',
      inter_node: { preset: 'ib_ndr', latency: '3 us' },
      ranks_per_node: 4,
    };
    opens(
      '#v=2&p=Gpt3TensorParallelLayerTp8&links=t~~two_tier&links.0.ranks_per_node=4&links.0.intra_node=nvlink3&links.0.inter_node=ib_ndr&links.0.inter_node.latency=3~us',
      preset({ links: { t: tiers } }),
    );
    opens(
      '#v=2&p=Gpt3TensorParallelLayerTp8&links=hgx~hgx_h100_ndr~two_tier&tp_size=16',
      preset({ tp_size: 16, links: { hgx: 'hgx_h100_ndr' } }),
    );
  });

  it('refuses what version 2 refused', () => {
    const ok = '#v=2&p=Gpt3TensorParallelLayerTp8';
    for (const hash of [
      `${ok}&links=a`,
      `${ok}&links=a~1~GB%2Fs~x`,
      `${ok}&links=a~1~us`,
      `${ok}&links=m~nvlink4~measured`,
      `${ok}&links=m~~three_tier`,
      `${ok}&links=m~~measured&links.0.measured=-8~8~30~16~31`,
      `${ok}&links=m~~measured&links.0.measured=8~8~30~99999999999999999~31`,
      `${ok}&links=t~%3Cscript%3E~two_tier`,
    ]) {
      // Refused whole, or its bad value dropped (named), which leaves a row the core refuses.
      const d = decode(model, hash);
      if (d.form) expect(d.ignored, hash).toHaveLength(1);
      if (d.form) expect(check(d.form).errors, hash).toBeTruthy();
    }
  });
});

it('builds the share and embed URLs', () => {
  expect(urlWithHash('https://h/p/?q#old', 'v=1')).toBe('https://h/p/?q#v=1');
  expect(urlWithHash('https://h/p/#old', '')).toBe('https://h/p/');
  expect(embedUrl('https://h/p/#v=1&w=GPT3')).toBe('https://h/p/?embed#v=1&w=GPT3');
  expect(embedUrl('https://h/p/?a=1&embed#x')).toBe('https://h/p/?embed&a=1#x');
  expect(fullUrl('https://h/p/?embed&a=1#x')).toBe('https://h/p/?a=1#x');
  expect(fullUrl('https://h/p/?embed#x')).toBe('https://h/p/#x');
  expect(isEmbed('?embed')).toBe(true);
  expect(isEmbed('?embedded=1')).toBe(false);
  expect(isEmbed('')).toBe(false);
  const code = embedCode('https://h/p/?embed#v=1&l="x"');
  expect(code).toContain('<iframe src="https://h/p/?embed#v=1&amp;l=&quot;x&quot;"');
  expect(code).toMatch(/<\/iframe>\n<script>[^<]*tplayer:height[^<]*<\/script>$/);
  expect(elementCode('https://h/p/?embed#v=3&p=X')).toBe(
    '<script type="module" src="https://h/p/element.js"></script>\n<tp-layer hash="v=3&amp;p=X"></tp-layer>',
  );
});
