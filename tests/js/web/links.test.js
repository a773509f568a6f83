// Measured links (pasted nccl-tests output) and two-tier links (TP across nodes) in the page's
// form, with the real module: what goes to the core, where its messages land, and the URL. A
// measured link travels in the URL as its kept rows (size/time pairs) and comes back as a minimal
// nccl-tests text that the core reads to exactly the same rows, for every table of calibration/.
import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  inputFor,
  isCustom,
  messagesByInput,
  setField,
  toScenario,
} from '../../../web/src/form.js';
import {
  ADD_MEASURED,
  ADD_TWO_TIER,
  addRow,
  measuredText,
  pickTier,
  pickTwoTier,
  read,
} from '../../../web/src/rows.js';
import { createAppState } from '../../../web/src/state.js';
import { MAX_HASH, decodeHash, encodeForm, loadRows } from '../../../web/src/url.js';
import { edit, gpt3, real } from './model.js';

const DATA = new URL('../../../calibration/data/', import.meta.url);
const TABLES = readdirSync(DATA)
  .filter((f) => f.endsWith('.txt'))
  .map((f) => [f, readFileSync(new URL(f, DATA), 'utf8')]);

let api;
let model;
beforeAll(async () => {
  ({ api, model } = await real());
  await loadRows();
});

const roundTrip = (form) => decodeHash(model, `#${encodeForm(model, form)}`);
/** The default preset with a measured link of `text` as its third row. */
const measured = (text) =>
  setField(model, addRow(model, gpt3(), ADD_MEASURED), 2, 'measured', text);
const twoTier = () => addRow(model, gpt3(), ADD_TWO_TIER);
const rowsOf = (text) => api.readMeasured(text).rows.map((r) => [r.bytes, r.time_s]);

describe('a measured link', () => {
  // calibration/data holds one table that is not nccl-tests text (LLMCompass's two columns).
  const nccl = TABLES.filter(([, t]) => !/not nccl-tests text/.test(t));
  it('covers every nccl-tests table of calibration/data', () => {
    expect(nccl.length).toBe(TABLES.length - 1);
    expect(nccl.length).toBeGreaterThanOrEqual(9);
  });

  it.each(nccl)(
    '%s: the URL carries its kept rows, which the core reads back exactly, and the same result',
    (_, text) => {
      const f = measured(text);
      expect(toScenario(model, f).links.measured).toEqual({ measured: text });
      const hash = encodeForm(model, f);
      expect(hash).not.toContain('system'); // the rows, not the text
      expect(hash.length).toBeLessThan(text.length);
      const back = roundTrip(f);
      expect(back.ignored).toEqual([]);
      const rebuilt = back.form.links[2].edits.measured;
      const before = api.readMeasured(text);
      const after = api.readMeasured(rebuilt);
      expect(rowsOf(rebuilt)).toEqual(rowsOf(text)); // bytes and seconds, bit for bit
      expect(after.ranks).toBe(before.ranks);
      expect(after.skipped).toBe(3); // its own three comment lines
      expect(api.solve(toScenario(model, back.form))).toEqual(api.solve(toScenario(model, f)));
      // At the table's own rank count, every row's size prices exactly at its time.
      for (const [bytes, seconds] of rowsOf(rebuilt).filter((_, i) => i % 7 === 0)) {
        const at = edit(
          back.form,
          ['scenario', 'tp_size', String(before.ranks)],
          ['scenario', 'tokens', String(bytes / 2)],
          ['workload', 'hidden_dim', '1'],
        );
        expect(api.solve(toScenario(model, at)).links[2].allreduce_time_s).toBe(seconds);
      }
      // The rebuilt text is its own fixed point: encoding it again gives the same hash.
      expect(encodeForm(model, back.form)).toBe(hash);
    },
  );

  it('rebuilds nccl-tests text whose rank count reads back from busbw/algbw, or says none', () => {
    const pairs = [
      ['8', '34.98'],
      ['1024', '36.5'],
      ['1048576', '46.52'],
    ];
    for (const r of [2, 3, 8, 16, 72, 1000]) {
      const got = api.readMeasured(measuredText(r, pairs));
      expect([got.ranks, got.ranks_from, got.rows.length]).toEqual([r, 'busbw/algbw', 3]);
    }
    expect(api.readMeasured(measuredText(0, pairs)).ranks).toBe(0);
  });

  it('sends the ranks and domain typed, and keeps them in the URL', () => {
    const [, text] = nccl[0];
    let f = edit(measured(text), [2, 'ranks', '4'], [2, 'domain', '8']);
    expect(toScenario(model, f).links.measured).toEqual({ measured: text, ranks: 4, domain: 8 });
    expect(encodeForm(model, f)).toContain('&links.2.ranks=4&links.2.domain=8');
    const back = roundTrip(f).form;
    expect(back.links[2].edits).toMatchObject({ ranks: '4', domain: '8' });
    expect(api.solve(toScenario(model, back))).toEqual(api.solve(toScenario(model, f)));
    // A text that gives no rank count: 0 in the URL, and the typed ranks price it.
    const bare = '8 2 float sum -1 30.5 0 0 0\n1048576 262144 float sum -1 46.52 0 0 0\n';
    f = edit(measured(bare), [2, 'ranks', '8']);
    expect(encodeForm(model, f)).toContain(
      '&links.2.measured=0~8~30.5~1048576~46.52&links.2.ranks=8',
    );
    expect(api.solve(toScenario(model, roundTrip(f).form)).links[2].measured_ranks).toBe(8);
    f = edit(f, [2, 'ranks', '']); // back to what the text says: nothing
    expect(api.check(toScenario(model, f)).errors.map((e) => inputFor(model, f, e.path))).toEqual([
      'link.2.ranks',
    ]);
  });

  it("puts the core's messages at the text box, keeps the text, and reads what it can", () => {
    const llm = TABLES.find(([, t]) => /not nccl-tests text/.test(t))[1];
    for (const [text, words] of [
      ['', 'empty'],
      [llm, 'usable rows'],
      ['8 2 float sum -1 0 0 0\n16 4 float sum -1 1 0 0', 'line 1'],
      ['#'.repeat(model.limits.max_json_bytes + 1), 'limited'],
    ]) {
      const f = measured(text);
      const o = api.check(toScenario(model, f));
      const by = messagesByInput(model, f, o.errors);
      expect(Object.keys(by)).toEqual(['link.2.measured']);
      expect(by['link.2.measured'][0].message).toContain(words);
      expect(f.links[2].edits.measured ?? '').toBe(text); // nothing lost
      expect(encodeForm(model, f)).not.toContain('links.2.measured='); // no rows to carry
      expect(read(model, text).rows).toEqual(text ? read(model, text).rows : []); // never throws
    }
    expect(read(model, '#'.repeat(model.limits.max_json_bytes + 1)).error).toContain('at most');
    const ring = nccl.find(([f]) => f === 'h100x8_ring.txt')[1]; // 8 ranks, priced at 16
    const warned = api.check(
      toScenario(model, edit(measured(ring), ['scenario', 'tp_size', '16'])),
    );
    const mine = warned.result.warnings.filter((w) => w.path[1] === 'measured');
    expect(mine[0].message).toContain('measured on 8 ranks');
    expect(inputFor(model, measured(ring), mine[0].path)).toBe('link.2');
  });

  it('hands the validation panel its measured links: {name, ranks, bus_bandwidth, rows} as the core read them', () => {
    const state = createAppState();
    state.setApi(api);
    state.actions.edit((f) => addRow(model, f, ADD_MEASURED));
    expect(state.view().measured).toEqual([]); // no text yet: no result with it
    const [, text] = nccl.find(([f]) => f === 'h100x16_ib_ndr.txt');
    state.actions.set(2, 'measured', text);
    state.actions.set(2, 'ranks', '16');
    const v = state.view();
    const link = v.shown.result.links.find((l) => l.name === 'measured');
    expect(v.measured).toEqual([
      {
        name: 'measured',
        ranks: 16,
        bus_bandwidth: link.bandwidth_bytes_per_s,
        rows: rowsOf(text),
      },
    ]);
    expect(v.measured[0].rows[0]).toEqual([8, 68.52e-6]);
    expect(state.view().measured).toBe(v.measured); // memoised with the result shown
  });
});

describe('a two-tier link', () => {
  it("starts from the form's node link and network, and goes to the core as its two tiers", () => {
    const f = twoTier();
    expect(f.links[2]).toEqual({
      name: 'two_tier',
      kind: 'two_tier',
      key: '',
      edits: { ranks_per_node: '8' },
      tiers: [
        { key: 'nvlink4', edits: {} },
        { key: 'ib_ndr', edits: {} },
      ],
    });
    expect(toScenario(model, f).links.two_tier).toEqual({
      intra_node: 'nvlink4',
      inter_node: 'ib_ndr',
      ranks_per_node: 8,
    });
    const r = api.solve(toScenario(model, edit(f, ['scenario', 'tp_size', '16']))).links[2];
    expect([r.kind, r.node_count, r.ranks_per_node]).toEqual(['two_tier', 2, 8]);
    expect(r.intra_node_share).toBeGreaterThan(0);
    expect(r.intra_node_share).toBeLessThan(1);
  });

  it('edits a tier as a link of its own: a catalogue link edited, or a custom one', () => {
    let f = edit(twoTier(), [[2, 1], 'bandwidth', ['100', 'GB/s']]);
    expect(f.links[2].tiers[1]).toEqual({ key: 'ib_ndr', edits: { bandwidth: ['100', 'GB/s'] } });
    expect(toScenario(model, f).links.two_tier.inter_node).toEqual({
      preset: 'ib_ndr',
      bandwidth: '100 GB/s',
    });
    expect(edit(f, [[2, 1], 'bandwidth', ['50', 'GB/s']]).links[2].tiers[1].edits).toEqual({}); // the catalogue's number: no edit
    f = pickTier(f, 2, 0, '');
    f = edit(f, [[2, 0], 'bandwidth', ['300', 'GB/s']]);
    expect(toScenario(model, f).links.two_tier.intra_node).toBe('300 GB/s'); // just a bandwidth
    f = edit(f, [[2, 0], 'latency', ['1', 'us']], [2, 'ranks_per_node', '4']);
    expect(toScenario(model, f).links.two_tier).toEqual({
      intra_node: { bandwidth: '300 GB/s', latency: '1 us' },
      inter_node: { preset: 'ib_ndr', bandwidth: '100 GB/s' },
      ranks_per_node: 4,
    });
    expect(api.check(toScenario(model, f)).errors).toBeUndefined();
    expect(isCustom(f.links[2], model)).toBe(true);
  });

  it('round-trips through the URL: its tiers, their edits and the ranks per node', () => {
    let f = edit(twoTier(), [[2, 1], 'latency', ['3', 'us']], [2, 'ranks_per_node', '4']);
    f = pickTier(f, 2, 0, 'nvlink3');
    const hash = encodeForm(model, f);
    expect(hash).toContain(
      '&links=two_tier~~two_tier&links.2.ranks_per_node=4&links.2.intra_node=nvlink3&links.2.inter_node=ib_ndr&links.2.inter_node.latency=3~us',
    );
    expect(roundTrip(f)).toEqual({ form: f, ignored: [] });
    const custom = edit(pickTier(f, 2, 1, ''), [[2, 1], 'bandwidth', ['25', 'GB/s']]);
    expect(roundTrip(custom)).toEqual({ form: custom, ignored: [] });
    // Whatever the order of its keys (the rows' own order is theirs).
    const keys = hash.split('&');
    const shuffled = [
      ...keys.filter((k) => k.startsWith('links=')),
      ...keys.filter((k) => !k.startsWith('links=')).reverse(),
    ].join('&');
    expect(decodeHash(model, `#${shuffled}`).form).toEqual(f);
  });

  it("puts the core's messages at the tier's field, its pick, or the ranks per node", () => {
    let f = edit(twoTier(), [[2, 1], 'bandwidth', ['-1', 'GB/s']], ['scenario', 'tp_size', '12']);
    let by = messagesByInput(model, f, api.check(toScenario(model, f)).errors);
    expect(Object.keys(by).sort()).toEqual([
      'link.2.inter_node.bandwidth',
      'link.2.ranks_per_node',
    ]);
    expect(by['link.2.ranks_per_node'][0].message).toContain('tp_size 12');
    f = edit(pickTier(twoTier(), 2, 0, ''), [2, 'ranks_per_node', '0']);
    by = messagesByInput(model, f, api.check(toScenario(model, f)).errors);
    expect(Object.keys(by).sort()).toEqual([
      'link.2.intra_node.bandwidth',
      'link.2.ranks_per_node',
    ]);
    f = edit(pickTier(twoTier(), 2, 0, ''), [[2, 0], 'bandwidth', ['fast', 'GB/s']]);
    by = messagesByInput(model, f, api.check(toScenario(model, f)).errors);
    expect(Object.keys(by)).toEqual(['link.2.intra_node.bandwidth']); // a bare bandwidth's message, at its box
    expect(inputFor(model, twoTier(), ['links', 'two_tier', 'intra_node'])).toBe(
      'link.2.intra_node',
    );
    expect(inputFor(model, twoTier(), ['links', 'two_tier', 'inter_node', 'protocols', 0])).toBe(
      'link.2.inter_node',
    );
  });

  it('comes from the catalogue when it has two-tier links, and becomes your own on an edit', () => {
    const list = model.catalog.two_tier_links || [];
    if (!list.length) {
      // Before the core lists them: a two-tier preset key is unknown to the form.
      expect(pickTwoTier(model, twoTier(), 2, 'nope').links[2].key).toBe('');
      return;
    }
    const [p] = list;
    let f = addRow(model, gpt3(), `${ADD_TWO_TIER}:${p.key}`);
    expect(f.links[2]).toMatchObject({ name: p.key, kind: 'two_tier', key: p.key, edits: {} });
    expect(isCustom(f.links[2], model)).toBe(false);
    expect(roundTrip(f)).toEqual({ form: f, ignored: [] });
    f = pickTwoTier(model, f, 2, '');
    expect(f.links[2].edits.ranks_per_node).toBe(String(p.ranks_per_node));
    expect(api.solve(toScenario(model, f))).toEqual(
      api.solve(toScenario(model, addRow(model, gpt3(), `${ADD_TWO_TIER}:${p.key}`))),
    );
  });
});

describe('hostile hash keys of these links', () => {
  const ok = 'v=2&p=Gpt3TensorParallelLayerTp8&links=nvlink~nvlink4';
  const m = `${ok}&links=m~~measured`;
  const t = `${ok}&links=t~~two_tier`;
  const discarded = {
    'an odd count of size~time parts': `${m}&links.1.measured=8~8~30~16`,
    'a single row': `${m}&links.1.measured=8~8~30`,
    'a size that is not a whole number': `${m}&links.1.measured=8~8.5~30~16~31`,
    'a size that is markup': `${m}&links.1.measured=8~%3Cb%3E~30~16~31`,
    'a time that is not a number': `${m}&links.1.measured=8~8~fast~16~31`,
    'a time that is NaN': `${m}&links.1.measured=8~8~NaN~16~31`,
    'a rank count that is huge': `${m}&links.1.measured=10000000000000~8~30~16~31`,
    'a rank count that is negative': `${m}&links.1.measured=-8~8~30~16~31`,
    'sizes that do not grow': `${m}&links.1.measured=8~16~30~8~31~32~33`,
    'a size past 2^53': `${m}&links.1.measured=8~8~30~99999999999999999~31`,
    'a measured link naming a preset': `${ok}&links=m~nvlink4~measured`,
    'an unknown kind of row': `${ok}&links=m~~three_tier`,
    'an unknown two-tier preset': `${ok}&links=t~%3Cscript%3E~two_tier`,
    'a tier that is not a catalogue link': `${t}&links.1.intra_node=javascript:alert(1)`,
    'a tier of two parts': `${t}&links.1.intra_node=nvlink4~x`,
    'a tier field without its unit': `${t}&links.1.intra_node.bandwidth=5`,
    'a hash past its limit of rows': `${m}&links.1.measured=8${'~8~30'.repeat(MAX_HASH / 5)}`,
  };
  it.each(Object.entries(discarded))('discards %s and says why', (_, hash) => {
    const d = decodeHash(model, `#${hash}`);
    expect(d.form).toBeNull();
    expect(d.ignored.length).toBeGreaterThan(0);
    for (const x of d.ignored) expect(x.length).toBeLessThan(160);
  });

  it('reads what is well-formed as given, for the core to judge, and ignores unknown keys', () => {
    const cases = [
      [`${m}&links.1.measured=8~8~0~16~31`, 'line 4: the time'], // the rebuilt text's fourth line
      [`${m}&links.1.measured=8~8~-3~16~31`, 'line 4'],
      [`${m}&links.1.measured=1~8~30~16~31`, 'ranks'], // 1 rank reads back as none: the core asks for ranks
      [`${m}&links.1.measured=8~8~30~16~31&links.1.ranks=1e300`, 'links.m.ranks'],
      [`${t}&links.1.ranks_per_node=-8`, 'ranks_per_node'],
      [
        `${t}&links.1.intra_node=nvlink4&links.1.inter_node=ib_ndr&links.1.ranks_per_node=8.5`,
        'whole',
      ],
    ];
    for (const [hash, words] of cases) {
      const d = decodeHash(model, `#${hash}`);
      if (words === 'ranks' && d.form === null) {
        expect(d.ignored.join()).toContain('ranks');
        continue;
      }
      expect(d.ignored).toEqual([]);
      const errors = api.check(toScenario(model, d.form)).errors;
      expect(errors.map((e) => `${e.field}: ${e.message}`).join()).toContain(words);
    }
    const d = decodeHash(
      model,
      `#${t}&links.1.intra_node.colour=red&links.1.measured=8~8~30~16~31`,
    );
    expect(d.ignored).toEqual([
      'the unknown key "links.1.intra_node.colou…"',
      'the unknown key "links.1.measured"',
    ]);
  });
});
