// Two-tier links in the built page (TP across nodes): picked in "Add a link" from the form's own
// node link and network, every number follows solve(); the card and the compare chart give the
// tiers' shares of the line-rate time in words and as the two parts of the bar; a tier is picked
// or edited like a link; the core's messages land at the tier's field or the ranks per node; the
// URL reopens the view.
import { describe, expect, it } from 'vitest';
import * as fmt from '../../web/src/words/format.js';
import {
  byId,
  expectShows,
  freshTabs,
  gpt3,
  ready,
  solveInPage,
  text,
  until,
  useBrowser,
} from './harness.js';

const env = useBrowser();
const tab = freshTabs(env);

const tiers = (intra = 'nvlink4', inter = 'ib_ndr', g = 8) => ({
  nvlink: 'nvlink4',
  infiniband_ndr: 'ib_ndr',
  two_tier: { intra_node: intra, inter_node: inter, ranks_per_node: g },
});

async function addTwoTier(page) {
  await page.selectOption('#in-add-link', '@two_tier');
  await page.click('.add-link button');
  await until(page, byId('in-link.2.intra_node'));
}

/** The widths of the compare chart's split of the two-tier bar: [inside the node, across nodes]. */
const splitWidths = (page, faint = false) =>
  page.evaluate((f) => {
    const row = [...document.querySelectorAll('.compare .bar-row')].at(-1);
    const w = (c) =>
      Number(row.querySelector(`rect.${c}${f ? '.faint' : ':not(.faint)'}`)?.getAttribute('width'));
    return [w('b-intra'), w('b-inter')];
  }, faint);

describe('a two-tier link', () => {
  it('starts from the form’s node link and network; its shares are in words and in the chart', async () => {
    const { page } = tab;
    await addTwoTier(page);
    expect(await page.inputValue(byId('in-link.2.intra_node'))).toBe('nvlink4');
    expect(await page.inputValue(byId('in-link.2.inter_node'))).toBe('ib_ndr');
    expect(await page.inputValue(byId('in-link.2.ranks_per_node'))).toBe('8');
    // Within one node (tp 8): the node link alone.
    let r = await solveInPage(page, gpt3({ links: tiers() }));
    await expectShows(page, r);
    expect(r.links[2].allreduce_time_s).toBe(r.links[0].allreduce_time_s);
    expect(await text(page, '.link-card[data-link="two_tier"]')).toContain(
      'one node (TP ≤ 8 ranks per node): the node link alone',
    );
    // Across two nodes.
    await page.fill('#in-tp_size', '16');
    r = await solveInPage(page, gpt3({ tp_size: 16, links: tiers() }));
    await expectShows(page, r);
    const l = r.links[2];
    expect([l.node_count, l.ranks_per_node]).toEqual([2, 8]);
    const shares = `inside the node ${fmt.percent(l.intra_node_share)}, across 2 nodes ${fmt.percent(1 - l.intra_node_share)}`;
    const card = await text(page, '.link-card[data-link="two_tier"]');
    expect(card).toContain(shares);
    expect(card).toContain('2 nodes of 8 ranks');
    expect(card).toContain('Inside each node NVLink 4 (H100, H200, HGX)');
    expect(card).toContain('Across nodes InfiniBand NDR (400 Gb/s)');
    expect(await page.textContent('.link-row.two_tier')).toContain('TP 16 = 2 nodes of 8 ranks');
    // The row says the TP size it prices, in one node and across nodes of one rank.
    const row = () => page.textContent('.link-row.two_tier');
    await page.fill(byId('in-link.2.ranks_per_node'), '32');
    await expect.poll(row).toContain('TP 16 fits in one node');
    await page.fill(byId('in-link.2.ranks_per_node'), '1');
    await expect.poll(row).toContain('TP 16 = 16 nodes of 1 rank');
    expect(await text(page, '.link-card[data-link="two_tier"]')).toContain('16 nodes of 1 rank');
    await page.fill(byId('in-link.2.ranks_per_node'), '8');
    await expectShows(page, r);
    await until(page, '.compare rect.b-intra');
    expect(await text(page, '.compare')).toContain(`on Two-tier link — at line rate ${shares}`);
    const [intra, inter] = await splitWidths(page);
    expect(intra / (intra + inter)).toBeCloseTo(l.intra_node_share, 6);
    // In NCCL mode the split is drawn on the faint line-rate bar.
    await page.getByLabel('NCCL (measured)').check();
    await until(page, '.compare rect.b-intra.faint');
    const alt = await solveInPage(page, gpt3({ tp_size: 16, links: tiers(), link_model: 'nccl' }));
    await expectShows(page, alt);
    const [fi, fo] = await splitWidths(page, true);
    expect(fi / (fi + fo)).toBeCloseTo(l.intra_node_share, 6);
  });

  it('picks and edits a tier like a link; messages land at the field; the URL reopens it', async () => {
    const { page } = tab;
    await addTwoTier(page);
    await page.fill('#in-tp_size', '16');
    await page.selectOption(byId('in-link.2.inter_node'), 'ib_xdr');
    await expectShows(
      page,
      await solveInPage(page, gpt3({ tp_size: 16, links: tiers('nvlink4', 'ib_xdr') })),
    );
    expect(await text(page, '.link-card[data-link="two_tier"]')).toContain('InfiniBand XDR');
    await page.fill(byId('in-link.2.inter_node.bandwidth'), '150');
    const edited = tiers('nvlink4', { preset: 'ib_xdr', bandwidth: '150 GB/s' });
    await expectShows(page, await solveInPage(page, gpt3({ tp_size: 16, links: edited })));
    expect(await text(page, '.link-row.two_tier')).toContain('custom edited from InfiniBand XDR');
    // Errors at their field, the text kept.
    await page.fill('#in-tp_size', '12');
    await until(page, '.is-stale');
    expect(await text(page, byId('msg-link.2.ranks_per_node'))).toContain(
      'tp_size 12 is above ranks_per_node 8 and not a multiple of it',
    );
    await page.fill('#in-tp_size', '16');
    await page.selectOption(byId('in-link.2.intra_node'), '');
    await until(page, '.is-stale');
    expect(await text(page, byId('msg-link.2.intra_node.bandwidth'))).toContain('Error:');
    await page.fill(byId('in-link.2.intra_node.bandwidth'), '-3');
    expect(await text(page, byId('msg-link.2.intra_node.bandwidth'))).toContain('> 0, got -3');
    expect(await page.inputValue(byId('in-link.2.intra_node.bandwidth'))).toBe('-3');
    await page.fill(byId('in-link.2.intra_node.bandwidth'), '300');
    await page.fill(byId('in-link.2.ranks_per_node'), '4');
    const mine = tiers('300 GB/s', { preset: 'ib_xdr', bandwidth: '150 GB/s' }, 4);
    const r = await solveInPage(page, gpt3({ tp_size: 16, links: mine }));
    await expectShows(page, r);
    expect(r.links[2].node_count).toBe(4);
    // The URL reopens the same view: the tiers, their edits and the ranks per node.
    await page.waitForFunction(() => location.hash.includes('links.2.ranks_per_node=4'));
    const url = await page.evaluate(() => location.href);
    const again = await tab.context.newPage();
    await again.goto(url);
    await ready(again);
    await expectShows(again, r);
    expect(await again.inputValue(byId('in-link.2.intra_node'))).toBe('');
    expect(await again.inputValue(byId('in-link.2.intra_node.bandwidth'))).toBe('300');
    expect(await again.inputValue(byId('in-link.2.inter_node'))).toBe('ib_xdr');
    expect(await again.inputValue(byId('in-link.2.inter_node.bandwidth'))).toBe('150');
    expect(await again.inputValue(byId('in-link.2.ranks_per_node'))).toBe('4');
    expect(await text(again, '.link-card[data-link="two_tier"]')).toBe(
      await text(page, '.link-card[data-link="two_tier"]'),
    );
    await again.close();
  });

  it('comes from the catalogue’s two-tier links: added, started from, a preset built on one; the math says how it is priced', async () => {
    const { page } = tab;
    const { two_tier_links: list } = await page.evaluate(
      "import(new URL('tplayer.js', document.baseURI).href).then((m) => m.load()).then((api) => api.catalog())",
    );
    expect(list.length).toBeGreaterThanOrEqual(4);
    const [hgx, , , efa] = list;
    // Added from "Add a link": the key goes to the core as it is.
    await page.selectOption('#in-add-link', `@two_tier:${hgx.key}`);
    await page.click('.add-link button');
    await until(page, byId('in-link.2.preset'));
    await page.fill('#in-tp_size', '16');
    const links = { nvlink: 'nvlink4', infiniband_ndr: 'ib_ndr', [hgx.key]: hgx.key };
    await expectShows(page, await solveInPage(page, gpt3({ tp_size: 16, links })));
    expect(await page.inputValue(byId('in-link.2.intra_node'))).toBe(hgx.intra_node);
    expect(await text(page, '.link-row.two_tier')).toContain(`Source: ${hgx.source}`);
    const short = hgx.short_name;
    expect(await text(page, '.verdicts')).toContain(`${short}:`);
    await page.waitForFunction(
      (k) => location.hash.includes(`&links.2=${k}&links.2.name=${k}`),
      hgx.key,
    );
    // Started again from another: its tiers and ranks per node.
    await page.selectOption(byId('in-link.2.preset'), efa.key);
    expect(await page.inputValue(byId('in-link.2.inter_node'))).toBe(efa.inter_node);
    await expectShows(
      page,
      await solveInPage(page, gpt3({ tp_size: 16, links: { ...links, [hgx.key]: efa.key } })),
    );
    // The preset that teaches TP across nodes is built on one; picking it is a history entry.
    await page.selectOption('#in-preset', 'Llama3_405BTp16AcrossNodes');
    await until(page, '.link-row.two_tier');
    await page.waitForFunction(() => location.hash === '#v=3&p=Llama3_405BTp16AcrossNodes');
    const preset = await page.evaluate(
      "import(new URL('tplayer.js', document.baseURI).href).then((m) => m.load()).then((api) => api.Scenarios.Llama3_405BTp16AcrossNodes.result)",
    );
    await expectShows(page, preset);
    await page.click('summary:has-text("Show the math")');
    await until(page, '.math .steps');
    const math = await text(page, '.math');
    expect(math).toContain('nodes = N = n / g');
    expect(math).toContain(
      `2 × ((g−1)/g × M / B_intra + (g−1) α_intra) + 2(N−1)/N × (M/g) / B_inter + 2(N−1) α_inter`,
    );
    expect(math).toContain(fmt.time(preset.links.at(-1).line_rate_allreduce_time_s));
    await page.goBack();
    await page.waitForFunction(
      () => document.querySelector('#in-preset').value !== 'Llama3_405BTp16AcrossNodes',
    );
  });
});
