import { describe, expect, it } from 'vitest';
import { presetForm } from '../../../web/src/form.js';
import { MAX_HASH, decodeHash, embedCode, embedUrl, encodeForm, fullUrl, isEmbed, urlWithHash } from '../../../web/src/url.js';
import { catalog } from './catalog.fixture.js';

const gpt3 = () => presetForm('Gpt3TensorParallelLayerTp8', catalog);
const roundTrip = (form) => decodeHash(`#${encodeForm(form, catalog)}`, catalog);

describe('URL hash', () => {
  it('is compact for a preset and round-trips it', () => {
    const h = encodeForm(gpt3(), catalog);
    expect(h).toBe('v=1&w=GPT3&a=H100&pr=fp16_dense&tp=8&t=2048&e=0.5&c=2&l=nvlink~450~GB%2Fs~0.5~us~nvlink4&l=infiniband_ndr~50~GB%2Fs~5~us~ib_ndr');
    expect(roundTrip(gpt3())).toEqual({ form: gpt3(), ignored: [] });
  });

  it('round-trips every edit exactly as typed, including separators and unicode', () => {
    const f = gpt3();
    f.workload = { ...f.workload, heads: ' 64', kv_heads: '' };
    f.accelerator = { ...f.accelerator, peaks: { ...f.accelerator.peaks, fp16_dense: ['1.2', 'PFLOP/s'] }, memory: ['141', 'GB'] };
    f.tp_size = '16';
    f.local_efficiency = '0.37';
    f.links = [...f.links, { name: 'roce~é #1 & co=2', bandwidth: ['400 Gb/s', 'GB/s'], latency: ['8', 'us'], preset: '' }];
    const h = encodeForm(f, catalog);
    expect(h).toContain('wa=%2064&wk=&');
    expect(h).toContain('am=141~GB');
    expect(h).toContain('ak=fp16_dense~1.2~PFLOP%2Fs');
    expect(h).not.toContain('ab=');
    expect(roundTrip(f)).toEqual({ form: f, ignored: [] });
  });

  it('reads a bare precision as dense, as the core does', () => {
    const d = decodeHash(encodeForm(gpt3(), catalog).replace('pr=fp16_dense', 'pr=fp16'), catalog);
    expect(d.form.precision).toBe('fp16_dense');
  });

  it('treats an empty hash as no state', () => {
    expect(decodeHash('', catalog)).toEqual({ form: null, ignored: [] });
    expect(decodeHash('#', catalog)).toEqual({ form: null, ignored: [] });
  });

  it('ignores unknown keys one by one and names them', () => {
    const d = decodeHash(`#${encodeForm(gpt3(), catalog)}&evil=%3Cscript%3E&x`, catalog);
    expect(d.form).toEqual(gpt3());
    expect(d.ignored).toEqual(['the unknown key "evil"', 'the unknown key "x"']);
  });

  const hostile = {
    'bad %-encoding': '#v=1&w=%E0%A4%A&a=H100',
    'bad %-encoding in a key': '#%ZZ=1',
    'base64 junk': '#eyJ3b3JrbG9hZCI6IkdQVDMi',
    'a JSON scenario': `#${encodeURIComponent('{"workload":"GPT3","tp_size":8}')}`,
    'deeply nested JSON': `#${'['.repeat(3000)}${']'.repeat(3000)}`,
    'a 1 MB hash': `#v=1&l=${'a'.repeat(1 << 20)}`,
    'an unknown version': '#v=2&w=GPT3',
    'no version': '#w=GPT3&tp=8',
    'a missing key': '#v=1&w=GPT3&a=H100&pr=fp16&tp=8&t=2048&e=0.5&l=a~1~GB%2Fs~0~us~',
    'an unknown workload': '#v=1&w=%3Cscript%3Ealert(1)%3C%2Fscript%3E&a=H100&pr=fp16&tp=8&t=2&e=0.5&c=2&l=a~1~GB%2Fs~0~us~',
    'an unknown link preset': '#v=1&w=GPT3&a=H100&pr=fp16&tp=8&t=2&e=0.5&c=2&l=a~1~GB%2Fs~0~us~javascript:alert(1)',
    'an unknown unit': '#v=1&w=GPT3&a=H100&pr=fp16&tp=8&t=2&e=0.5&c=2&l=a~1~parsecs~0~us~',
    'a malformed link': '#v=1&w=GPT3&a=H100&pr=fp16&tp=8&t=2&e=0.5&c=2&l=a~1',
    'a key given twice': '#v=1&w=GPT3&w=GPT2&a=H100&pr=fp16&tp=8&t=2&e=0.5&c=2&l=a~1~GB%2Fs~0~us~',
    'an over-long value': `#v=1&w=GPT3&a=H100&pr=fp16&tp=${'9'.repeat(300)}&t=2&e=0.5&c=2&l=a~1~GB%2Fs~0~us~`,
    'too many links': `#v=1&w=GPT3&a=H100&pr=fp16&tp=8&t=2&e=0.5&c=2${'&l=a~1~GB%2Fs~0~us~'.repeat(40)}`,
    'a prototype key': '#v=1&__proto__=1&constructor=2',
  };
  it.each(Object.entries(hostile))('discards %s and says why', (_, hash) => {
    const d = decodeHash(hash, catalog);
    expect(d.form).toBeNull();
    expect(d.ignored.length).toBeGreaterThan(0);
    for (const t of d.ignored) expect(t.length).toBeLessThan(120);
  });

  it('reads every hostile value that is well-formed as text, for the core to reject', () => {
    const base = 'v=1&w=GPT3&a=H100&pr=fp16_dense&t=2048&e=0.5&c=2';
    const link = (name) => `&l=${encodeURIComponent(name)}~450~GB%2Fs~0.5~us~nvlink4`;
    const cases = [
      [`${base}&tp=1e309${link('nvlink')}`, 'tp_size', '1e309'],
      [`${base}&tp=-0${link('nvlink')}`, 'tp_size', '-0'],
      [`${base}&tp=8${link('<img src=x onerror=alert(1)>')}`, 'name', '<img src=x onerror=alert(1)>'],
      [`${base}&tp=8${link('javascript:alert(1)')}`, 'name', 'javascript:alert(1)'],
    ];
    for (const [hash, field, value] of cases) {
      const d = decodeHash(hash, catalog);
      expect(d.ignored).toEqual([]);
      expect(field === 'name' ? d.form.links[0].name : d.form[field]).toBe(value);
    }
  });

  it('caps the length it reads', () => {
    const d = decodeHash(`#${'x'.repeat(MAX_HASH + 1)}`, catalog);
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
