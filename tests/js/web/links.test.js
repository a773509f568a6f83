// Measured links (pasted nccl-tests output) and two-tier links (TP across nodes) in the page's
// form, with the real module: what goes to the core, where its messages land, and the URL. A
// measured link travels in the URL as the rows the core read from its text and their rank count,
// and prices the same from them, for every table of calibration/.
import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { measuredText } from '../../../web/src/state/nccltext.js';
import {
  addRow,
  inputFor,
  isEntry,
  messagesByInput,
  pickTwoTier,
  setAt,
} from '../../../web/src/state/scenario.js';
import { MAX_HASH, decode, encode } from '../../../web/src/state/url.js';
import { check, core, edit, gpt3, real } from './model.js';

const DATA = new URL('../../../calibration/data/', import.meta.url);
const TABLES = readdirSync(DATA)
  .filter((f) => f.endsWith('.txt'))
  .map((f) => [f, readFileSync(new URL(f, DATA), 'utf8')]);

let api;
let model;
beforeAll(async () => ({ api, model } = await real()));

const hashOf = (form) => encode(model, form, (t) => api.readMeasured(t));
const roundTrip = (form) => decode(model, `#${hashOf(form)}`);
const add = (form, pick) => ({ ...form, scenario: addRow(model, form.scenario, pick) });
/** The default preset with a measured link of `text` as its third row. */
const measured = (text) => edit(add(gpt3(), '@measured'), [['links', 2, 'measured'], text]);
const twoTier = () => add(gpt3(), '@two_tier');
const rowsOf = (text) => api.readMeasured(text).rows.map((r) => [r.bytes, r.time_s]);
const at = (form, errors) => messagesByInput(model, form.scenario, errors, 'fp16_dense');

describe('a measured link', () => {
  // calibration/data holds one table that is not nccl-tests text (LLMCompass's two columns).
  const nccl = TABLES.filter(([, t]) => !/not nccl-tests text/.test(t));
  it('covers every nccl-tests table of calibration/data', () => {
    expect(nccl.length).toBe(TABLES.length - 1);
    expect(nccl.length).toBeGreaterThanOrEqual(9);
  });

  it.each(nccl)(
    '%s: the URL carries the rows the core read and their ranks, and prices the same',
    (_, text) => {
      const f = measured(text);
      expect(core(f).links.measured).toEqual({ measured: text });
      const hash = hashOf(f);
      expect(hash).not.toContain('system'); // the rows, not the text
      expect(hash.length).toBeLessThan(text.length);
      const back = roundTrip(f);
      expect(back.ignored).toEqual([]);
      const { ranks } = api.readMeasured(text);
      expect(back.form.scenario.links[2]).toEqual({
        name: 'measured',
        rows: rowsOf(text),
        ranks: String(ranks),
      });
      expect(api.solve(core(back.form))).toEqual(api.solve(core(f)));
      // At the table's own rank count, every row's size prices exactly at its time.
      for (const [bytes, seconds] of rowsOf(text).filter((_, i) => i % 7 === 0)) {
        const g = edit(
          back.form,
          [['tp_size'], String(ranks)],
          [['tokens'], String(bytes / 2)],
          [['workload', 'hidden_dim'], '1'],
        );
        expect(api.solve(core(g)).links[2].allreduce_time_s).toBe(seconds);
      }
      expect(hashOf(back.form)).toBe(hash); // its own fixed point
      // The editor shows rows without their text as the nccl-tests text they make: the same rows.
      expect(rowsOf(measuredText(ranks, rowsOf(text)))).toEqual(rowsOf(text));
      expect(api.readMeasured(measuredText(ranks, rowsOf(text))).ranks).toBe(ranks);
    },
  );

  it('sends the ranks and domain typed, and keeps them in the URL', () => {
    const [, text] = nccl[0];
    let f = edit(measured(text), [['links', 2, 'ranks'], '4'], [['links', 2, 'domain'], '8']);
    expect(core(f).links.measured).toEqual({ measured: text, ranks: 4, domain: 8 });
    expect(hashOf(f)).toContain('&links.2.ranks=4&links.2.domain=8');
    expect(api.solve(core(roundTrip(f).form))).toEqual(api.solve(core(f)));
    // A text that gives no rank count: the typed ranks price it.
    const bare = '8 2 float sum -1 30.5 0 0 0\n1048576 262144 float sum -1 46.52 0 0 0\n';
    f = edit(measured(bare), [['links', 2, 'ranks'], '8']);
    expect(hashOf(f)).toContain('&links.2.ranks=8&links.2.rows=8~30.5~1048576~46.52');
    expect(api.solve(core(roundTrip(f).form)).links[2].measured_ranks).toBe(8);
    f = edit(f, [['links', 2, 'ranks'], '']); // back to what the text says: nothing
    expect(check(f).errors.map((e) => inputFor(model, f.scenario, e.path))).toEqual([
      'link.2.ranks',
    ]);
  });

  it("puts the core's messages at the text box, keeps the text, and writes no rows it could not read", () => {
    const llm = TABLES.find(([, t]) => /not nccl-tests text/.test(t))[1];
    for (const [text, words] of [
      ['', 'empty'],
      [llm, 'usable rows'],
      ['8 2 float sum -1 0 0 0\n16 4 float sum -1 1 0 0', 'line 1'],
    ]) {
      const f = measured(text);
      const by = at(f, check(f).errors);
      expect(Object.keys(by)).toEqual(['link.2.measured']);
      expect(by['link.2.measured'][0].message).toContain(words);
      expect(f.scenario.links[2].measured).toBe(text); // nothing lost
    }
    const ring = nccl.find(([f]) => f === 'h100x8_ring.txt')[1]; // 8 ranks, priced at 16
    const warned = check(edit(measured(ring), [['tp_size'], '16']));
    const mine = warned.result.warnings.filter((w) => w.path[1] === 'measured');
    expect(mine[0].message).toContain('measured on 8 ranks');
    expect(inputFor(model, measured(ring).scenario, mine[0].path)).toBe('link.2');
  });
});

describe('a two-tier link', () => {
  it("starts from the form's node link and network, and goes to the core as its two tiers", () => {
    expect(core(twoTier()).links.two_tier).toEqual({
      intra_node: 'nvlink4',
      inter_node: 'ib_ndr',
      ranks_per_node: 8,
    });
    const r = api.solve(core(edit(twoTier(), [['tp_size'], '16']))).links[2];
    expect([r.kind, r.node_count, r.ranks_per_node]).toEqual(['two_tier', 2, 8]);
  });

  it('edits a tier as a link of its own: a catalogue link edited, or a custom one', () => {
    let f = edit(twoTier(), [
      ['links', 2, 'inter_node', 'bandwidth'],
      ['100', 'GB/s'],
    ]);
    expect(core(f).links.two_tier.inter_node).toEqual({ preset: 'ib_ndr', bandwidth: '100 GB/s' });
    expect(isEntry(model, f, ['links', 2, 'inter_node'], check(f).entries)).toBe(false);
    const back = edit(f, [
      ['links', 2, 'inter_node', 'bandwidth'],
      ['50', 'GB/s'],
    ]); // the catalogue's number
    expect(isEntry(model, back, ['links', 2, 'inter_node'], check(back).entries)).toBe(true);
    f = edit(
      f,
      [['links', 2, 'intra_node'], {}],
      [
        ['links', 2, 'intra_node', 'bandwidth'],
        ['300', 'GB/s'],
      ],
    );
    f = edit(
      f,
      [
        ['links', 2, 'intra_node', 'latency'],
        ['1', 'us'],
      ],
      [['links', 2, 'ranks_per_node'], '4'],
    );
    expect(core(f).links.two_tier).toEqual({
      intra_node: { bandwidth: '300 GB/s', latency: '1 us' },
      inter_node: { preset: 'ib_ndr', bandwidth: '100 GB/s' },
      ranks_per_node: 4,
    });
    expect(check(f).errors).toBeUndefined();
    expect(roundTrip(f)).toEqual({ form: f, ignored: [] });
  });

  it("puts the core's messages at the tier's field, its pick, or the ranks per node", () => {
    let f = edit(
      twoTier(),
      [
        ['links', 2, 'inter_node', 'bandwidth'],
        ['-1', 'GB/s'],
      ],
      [['tp_size'], '12'],
    );
    expect(Object.keys(at(f, check(f).errors)).sort()).toEqual([
      'link.2.inter_node.bandwidth',
      'link.2.ranks_per_node',
    ]);
    expect(at(f, check(f).errors)['link.2.ranks_per_node'][0].message).toContain('tp_size 12');
    f = edit(twoTier(), [['links', 2, 'intra_node'], {}]);
    expect(Object.keys(at(f, check(f).errors))).toEqual(['link.2.intra_node.bandwidth']);
    const s = twoTier().scenario;
    expect(inputFor(model, s, ['links', 'two_tier', 'intra_node'])).toBe('link.2.intra_node');
    expect(inputFor(model, s, ['links', 'two_tier', 'inter_node', 'protocols', 0])).toBe(
      'link.2.inter_node',
    );
  });

  it('comes from the catalogue, is edited from it, and becomes your own', () => {
    const [p] = model.catalog.two_tier_links;
    let f = add(gpt3(), `@two_tier:${p.key}`);
    expect(core(f).links[p.key]).toBe(p.key);
    expect(isEntry(model, f, ['links', 2], check(f).entries)).toBe(true);
    expect(roundTrip(f)).toEqual({ form: f, ignored: [] });
    const edited = edit(f, [['links', 2, 'inter_node'], 'ib_xdr']);
    expect(isEntry(model, edited, ['links', 2], check(edited).entries)).toBe(false);
    expect(roundTrip(edited)).toEqual({ form: edited, ignored: [] });
    f = { ...f, scenario: pickTwoTier(model, f.scenario, 2, '') };
    expect(f.scenario.links[2]).toEqual({
      name: p.key,
      intra_node: p.intra_node,
      inter_node: p.inter_node,
      ranks_per_node: String(p.ranks_per_node),
    });
    expect(api.solve(core(f))).toEqual(api.solve(core(add(gpt3(), `@two_tier:${p.key}`))));
    f = { ...f, scenario: pickTwoTier(model, f.scenario, 2, p.key) };
    expect(f.scenario.links[2]).toEqual({ name: p.key, preset: p.key });
    expect(setAt(model, f.scenario, ['links', 2, 'ranks_per_node'], '4').links[2]).toEqual({
      name: p.key,
      preset: p.key,
      ranks_per_node: '4',
    });
  });
});

describe('hostile hash keys of these links', () => {
  const ok = 'v=3&p=Gpt3TensorParallelLayerTp8&links=2&links.0=nvlink4&links.0.name=nvlink';
  const m = `${ok}&links.1=&links.1.name=m`;
  it.each([
    ['a single row', `${m}&links.1.rows=8~30`],
    ['a size that is not a whole number', `${m}&links.1.rows=8.5~30~16~31`],
    ['a size that is markup', `${m}&links.1.rows=%3Cb%3E~30~16~31`],
    ['a time that is not a number', `${m}&links.1.rows=8~fast~16~31`],
    ['sizes that do not grow', `${m}&links.1.rows=16~30~8~31~32~33`],
    ['a size past 2^53', `${m}&links.1.rows=8~30~99999999999999999~31`],
    ['a tier that is not a catalogue link', `${m}&links.1.intra_node=javascript:alert(1)`],
    ['a tier field without its unit', `${m}&links.1.intra_node=&links.1.intra_node.bandwidth=5`],
  ])('drops %s alone and says why: the row is left for the core to refuse', (_, hash) => {
    const d = decode(model, `#${hash}`);
    expect(d.ignored).toHaveLength(1);
    expect(d.ignored[0]).toMatch(/^"links\.1\./);
    expect(d.ignored[0].length).toBeLessThan(160);
    expect(d.form).toEqual(decode(model, `#${hash.slice(0, hash.lastIndexOf('&'))}`).form);
  });

  it('discards a hash past its limit of rows', () => {
    const d = decode(model, `#${m}&links.1.rows=8${'~8~30'.repeat(MAX_HASH / 5)}`);
    expect(d.form).toBeNull();
    for (const x of d.ignored) expect(x.length).toBeLessThan(160);
  });

  it('reads what is well-formed as given, for the core to judge', () => {
    for (const [hash, words] of [
      [`${m}&links.1.rows=8~0~16~31&links.1.ranks=8`, 'links.m'],
      [`${m}&links.1.rows=8~30~16~31`, 'ranks'],
      [`${m}&links.1.rows=8~30~16~31&links.1.ranks=1e300`, 'links.m.ranks'],
      [
        `${m}&links.1.intra_node=nvlink4&links.1.inter_node=ib_ndr&links.1.ranks_per_node=8.5`,
        'whole',
      ],
    ]) {
      const d = decode(model, `#${hash}`);
      expect(d.ignored).toEqual([]);
      expect(
        check(d.form)
          .errors.map((e) => `${e.field}: ${e.message}`)
          .join(),
      ).toContain(words);
    }
  });
});
