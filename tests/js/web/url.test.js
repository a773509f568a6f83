// The URL hash with the real catalogue: the preset key and the edits, nothing more; anything
// malformed (version 1 included: an unknown version) is discarded with a reason.
import { beforeAll, describe, expect, it } from 'vitest';
import { addLink, isPreset, pickPart, presetForm, toScenario } from '../../../web/src/form.js';
import {
  MAX_HASH,
  decodeHash,
  embedCode,
  embedUrl,
  encodeForm,
  fullUrl,
  isEmbed,
  loadRows,
  urlWithHash,
} from '../../../web/src/url.js';
import { edit, gpt3, real } from './model.js';

let api;
let catalog;
let model;
beforeAll(async () => {
  ({ api, catalog, model } = await real());
  await loadRows(); // the part of the format the page loads on demand (lazy.test.js)
});

const roundTrip = (form) => decodeHash(model, `#${encodeForm(model, form)}`);

describe('URL hash', () => {
  it('is the preset key alone for an unedited preset, and round-trips every preset', () => {
    expect(encodeForm(model, gpt3())).toBe('v=2&p=Gpt3TensorParallelLayerTp8');
    for (const p of catalog.presets) {
      const d = roundTrip(presetForm(model, p.key));
      expect(d.ignored).toEqual([]);
      expect(isPreset(model, d.form)).toBe(true);
      expect(d.form.preset).toBe(p.key);
    }
  });

  it('carries exactly the edits, by field name, and round-trips them as typed', () => {
    let f = edit(
      gpt3(),
      ['scenario', 'tp_size', '16'],
      ['scenario', 'local_efficiency', '0.37'],
      ['workload', 'heads', ' 64'],
      ['workload', 'kv_heads', ''],
      ['accelerator', 'peak_flops.fp16_dense', ['1.2', 'PFLOP/s']],
      ['accelerator', 'memory_capacity', ['141', 'GB']],
      [1, 'bandwidth', ['800 Gb/s', 'GB/s']],
    );
    const h = encodeForm(model, f);
    expect(h).toBe(
      'v=2&p=Gpt3TensorParallelLayerTp8&tp_size=16&local_efficiency=0.37&workload.heads=%2064&workload.kv_heads=' +
        '&accelerator.peak_flops.fp16_dense=1.2~PFLOP%2Fs&accelerator.memory_capacity=141~GB&links.1.bandwidth=800%20Gb%2Fs~GB%2Fs',
    );
    expect(roundTrip(f)).toEqual({ form: f, ignored: [] });
    // Rows that differ from the preset's are all written, then their edits; names keep every character.
    f = addLink(model, f, '');
    f = { ...f, links: f.links.map((r, i) => (i === 2 ? { ...r, name: 'roce~é #1 & co=2' } : r)) };
    f = edit(f, [2, 'bandwidth', ['400', 'Gb/s']], [2, 'latency', ['8', 'us']]);
    expect(encodeForm(model, f)).toContain(
      '&links=nvlink~nvlink4&links=infiniband_ndr~ib_ndr&links=roce%7E%C3%A9%20%231%20%26%20co%3D2~&',
    );
    expect(roundTrip(f)).toEqual({ form: f, ignored: [] });
  });

  it('writes a link that is just a bandwidth as one row, and reads it back as the same link', () => {
    let f = addLink(model, gpt3(), '');
    f = edit(f, [2, 'bandwidth', ['400', 'Gb/s']]);
    const h = encodeForm(model, f);
    expect(h).toBe(
      'v=2&p=Gpt3TensorParallelLayerTp8&links=nvlink~nvlink4&links=infiniband_ndr~ib_ndr&links=link3~400~Gb%2Fs',
    );
    const back = roundTrip(f);
    expect(back).toEqual({ form: f, ignored: [] });
    expect(toScenario(model, back.form).links.link3).toBe('400 Gb/s');
    // With more than a bandwidth it is a blank row and its edits again.
    const g = edit(f, [2, 'latency', ['8', 'us']]);
    expect(encodeForm(model, g)).toContain(
      '&links=link3~&links.2.bandwidth=400~Gb%2Fs&links.2.latency=8~us',
    );
    expect(roundTrip(g).form).toEqual(g);
    // Read whatever the order of the keys, and with an edit after it.
    const d = decodeHash(
      model,
      '#v=2&p=Gpt3TensorParallelLayerTp8&links.0.latency=1~us&links=roce~50~GB%2Fs',
    );
    expect(d.ignored).toEqual([]);
    expect(d.form.links).toEqual([
      { name: 'roce', key: '', edits: { bandwidth: ['50', 'GB/s'], latency: ['1', 'us'] } },
    ]);
  });

  it('carries the link model and the launch overhead as edits of the scenario', () => {
    const f = edit(
      gpt3(),
      ['scenario', 'link_model', 'nccl'],
      ['scenario', 'launch_overhead', ['20', 'us']],
    );
    expect(encodeForm(model, f)).toBe(
      'v=2&p=Gpt3TensorParallelLayerTp8&link_model=nccl&launch_overhead=20~us',
    );
    expect(roundTrip(f).form).toEqual(f);
    expect(api.check(toScenario(model, f)).scenario).toMatchObject({
      link_model: 'nccl',
      launch_overhead: 20e-6,
    });
    // The launch overhead follows the model until it is set: 10 us with nccl, 0 at line rate.
    const g = edit(gpt3(), ['scenario', 'link_model', 'nccl']);
    expect(encodeForm(model, g)).toBe('v=2&p=Gpt3TensorParallelLayerTp8&link_model=nccl');
    expect(api.check(toScenario(model, g)).scenario.launch_overhead).toBe(10e-6);
    expect(edit(g, ['scenario', 'launch_overhead', ['10', 'us']]).edits).toEqual({
      link_model: 'nccl',
    });
    expect(edit(g, ['scenario', 'link_model', 'line_rate']).edits).toEqual({});
  });

  it("keeps a user's value of a field the core derives, even when it equals the preset's", () => {
    const f = edit(
      gpt3(),
      ['scenario', 'pass', 'training'],
      ['scenario', 'collectives_per_layer', '2'],
      ['scenario', 'recompute', 'true'],
    );
    expect(encodeForm(model, f)).toBe(
      'v=2&p=Gpt3TensorParallelLayerTp8&pass=training&collectives_per_layer=2&recompute=true',
    );
    const back = roundTrip(f).form;
    expect(back).toEqual(f);
    const reordered = decodeHash(
      model,
      '#v=2&p=Gpt3TensorParallelLayerTp8&collectives_per_layer=2&recompute=true&pass=training',
    ).form;
    expect(toScenario(model, reordered)).toEqual(toScenario(model, f));
    expect(api.check(toScenario(model, back)).scenario).toMatchObject({
      pass: 'training',
      collectives_per_layer: 2,
      recompute: true,
    });
  });

  it('names another catalogue part by key, with its own edits', () => {
    const f = edit(pickPart(gpt3(), 'workload', 'Llama3_70B'), ['workload', 'layers', '16']);
    expect(encodeForm(model, f)).toBe(
      'v=2&p=Gpt3TensorParallelLayerTp8&workload=Llama3_70B&workload.layers=16',
    );
    expect(roundTrip(f).form).toEqual(f);
  });

  it('treats an empty hash as no state, and ignores unknown keys one by one, naming them', () => {
    expect(decodeHash(model, '')).toEqual({ form: null, ignored: [] });
    expect(decodeHash(model, '#')).toEqual({ form: null, ignored: [] });
    const d = decodeHash(
      model,
      '#v=2&p=Gpt3TensorParallelLayerTp8&tp_size=16&evil=%3Cscript%3E&x&workload.name=y',
    );
    expect(d.form).toEqual(edit(gpt3(), ['scenario', 'tp_size', '16']));
    expect(d.ignored).toEqual([
      'the unknown key "evil"',
      'the unknown key "x"',
      'the unknown key "workload.name"',
    ]);
  });

  it('reads version 1 (two days old, never released) as an unknown version', () => {
    const v1 =
      'v=1&w=GPT3&a=H100&pr=fp16_dense&tp=8&t=2048&e=0.5&c=2&l=nvlink~450~GB%2Fs~0.5~us~nvlink4';
    expect(decodeHash(model, `#${v1}`)).toEqual({
      form: null,
      ignored: ['version "1" (this page reads 2)'],
    });
  });

  const ok = 'v=2&p=Gpt3TensorParallelLayerTp8';
  const hostile = {
    'bad %-encoding': '#v=2&p=%E0%A4%A',
    'bad %-encoding in a key': '#%ZZ=1',
    'base64 junk': '#eyJ3b3JrbG9hZCI6IkdQVDMi',
    'a JSON scenario': `#${encodeURIComponent('{"workload":"GPT3","tp_size":8}')}`,
    'deeply nested JSON': `#${'['.repeat(3000)}${']'.repeat(3000)}`,
    'a 1 MB hash': `#v=2&links=${'a'.repeat(1 << 20)}`,
    'an unknown version': '#v=3&p=Gpt3TensorParallelLayerTp8',
    'no version': '#p=Gpt3TensorParallelLayerTp8',
    'no preset': '#v=2&tp_size=8',
    'an unknown preset': '#v=2&p=%3Cscript%3E',
    'an unknown workload': `#${ok}&workload=%3Cscript%3Ealert(1)%3C%2Fscript%3E`,
    'an unknown link preset': `#${ok}&links=a~javascript:alert(1)`,
    'an unknown unit': `#${ok}&links.0.bandwidth=1~parsecs`,
    'a quantity without its unit': `#${ok}&links.0.bandwidth=1`,
    'an edit of a row that is not there': `#${ok}&links.5.bandwidth=1~GB%2Fs`,
    'a peak the chip does not list': `#${ok}&accelerator.peak_flops.fp64_dense=1~TFLOP%2Fs`,
    'a malformed link row': `#${ok}&links=a`,
    'a key given twice': `#${ok}&tp_size=8&tp_size=16`,
    'an over-long value': `#${ok}&tp_size=${'9'.repeat(300)}`,
    'too many links': `#${ok}${'&links=a~'.repeat(65)}`,
    'a version 1 hash': '#v=1&w=GPT3&a=H100&pr=fp16&tp=8&t=2048&e=0.5&l=a~1~GB%2Fs~0~us~',
    'a prototype key': '#v=2&__proto__=1&constructor=2',
    'a bare bandwidth with an unknown unit': `#${ok}&links=a~1~parsecs`,
    'a bare bandwidth in a time unit': `#${ok}&links=a~1~us`,
    'a link row of four parts': `#${ok}&links=a~1~GB%2Fs~x`,
    'a launch overhead without its unit': `#${ok}&link_model=nccl&launch_overhead=10`,
    'a launch overhead in a bandwidth unit': `#${ok}&launch_overhead=10~GB%2Fs`,
    'a link model given twice': `#${ok}&link_model=nccl&link_model=line_rate`,
    'a domain with a unit': `#${ok}&links.0.domain=8~us`,
  };
  it.each(Object.entries(hostile))('discards %s and says why', (_, hash) => {
    const d = decodeHash(model, hash);
    expect(d.form).toBeNull();
    expect(d.ignored.length).toBeGreaterThan(0);
    for (const t of d.ignored) expect(t.length).toBeLessThan(120);
  });

  it('reads every hostile value that is well-formed as text, for the core to reject', () => {
    const cases = [
      [`${ok}&tp_size=1e309`, (f) => f.edits.tp_size, '1e309'],
      [`${ok}&tp_size=-0`, (f) => f.edits.tp_size, '-0'],
      [
        `${ok}&links=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E~nvlink4`,
        (f) => f.links[0].name,
        '<img src=x onerror=alert(1)>',
      ],
      [`${ok}&links=javascript:alert(1)~nvlink4`, (f) => f.links[0].name, 'javascript:alert(1)'],
      [`${ok}&link_model=%3Cscript%3E`, (f) => f.edits.link_model, '<script>'],
      [`${ok}&link_model=line_rate%00`, (f) => f.edits.link_model, 'line_rate\u0000'],
      [`${ok}&launch_overhead=-1~us`, (f) => f.edits.launch_overhead[0], '-1'],
      [`${ok}&launch_overhead=1e309~s`, (f) => f.edits.launch_overhead[0], '1e309'],
      [`${ok}&links=a~-5~GB%2Fs`, (f) => f.links[0].edits.bandwidth[0], '-5'],
      [`${ok}&links=a~0x10~GB%2Fs`, (f) => f.links[0].edits.bandwidth[0], '0x10'],
      [`${ok}&links=a~NaN~GB%2Fs`, (f) => f.links[0].edits.bandwidth[0], 'NaN'],
      [`${ok}&links.0.domain=0`, (f) => f.links[0].edits.domain, '0'],
      [`${ok}&links.1.domain=-8`, (f) => f.links[1].edits.domain, '-8'],
      [`${ok}&links.1.domain=1e13`, (f) => f.links[1].edits.domain, '1e13'],
    ];
    for (const [hash, get, value] of cases) {
      const d = decodeHash(model, hash);
      expect(d.ignored).toEqual([]);
      expect(get(d.form)).toBe(value);
      expect(api.check(toScenario(model, d.form)).errors).toBeTruthy();
    }
  });

  it('caps the length it reads', () => {
    const d = decodeHash(model, `#${'x'.repeat(MAX_HASH + 1)}`);
    expect(d.form).toBeNull();
    expect(d.ignored[0]).toContain(String(MAX_HASH));
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
    expect(code).toMatch(/<\/iframe>$/);
  });
});
