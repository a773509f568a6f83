// The measurements panel's 2-node tables in the built page: offered in the picker (a network
// link's under its link, the others "across two nodes"), plotted like the single-node ones with
// both models priced as a two-tier link, and the numbers those of `tplayer --validate`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as fmt from '../../web/src/words/format.js';
import { probe, tableLink } from '../../web/src/components/validation/measured.js';
import {
  RESULTS,
  ROOT,
  freshTabs,
  ready,
  shootBothSizes,
  solveInPage,
  text,
  until,
  useBrowser,
} from './harness.js';

const SHOTS = process.env.SHOTS || RESULTS;
const env = useBrowser();
const tab = freshTabs(env);
const data = JSON.parse(readFileSync(new URL('../../dist/validation.json', import.meta.url)));
const cli = JSON.parse(
  execFileSync(`${ROOT}build/native/tplayer`, ['--validate', '--format', 'json'], {
    encoding: 'utf8',
  }),
);
const table = (name) => data.tables.find((t) => t.table === name);
const fromCli = (name) => cli.tables.find((t) => t.table === name);
const open = async (page) => {
  await page.click('summary:has-text("How close to measurements?")');
  await until(page, '.panel .measured circle');
};
const groups = (page) =>
  page
    .locator('#in-measured optgroup')
    .evaluateAll((gs) =>
      gs.map((g) => [g.label, [...g.querySelectorAll('option')].map((o) => o.value)]),
    );

describe('the 2-node tables', () => {
  it('are offered: InfiniBand’s under the InfiniBand link, the others across nodes', async () => {
    const { page } = tab;
    await open(page);
    const got = await groups(page);
    expect(got).toContainEqual([
      'Your link IB NDR',
      [
        'h100x16_ib_ndr.txt',
        'h100x16_ib_ndr_b.txt',
        'h100x32_ib_ndr.txt',
        'h100x32_ib_ndr_b.txt',
        'h100x64_ib_ndr.txt',
      ],
    ]);
    expect(got.at(-1)).toEqual([
      'Across nodes (NVLink inside, the network across)',
      ['a100x16_efa.txt', 'h100x16_tcpxo.txt', 'h100_16_2node_efa_p5.txt'],
    ]);
    expect(await text(page, '.panel')).not.toContain('Coming');
  });

  it('lists per link the tables behind it at their rank counts, the ones at your TP marked', async () => {
    const { page } = tab;
    await open(page);
    const evidence = (await page.locator('.evidence').allInnerTexts()).join('\n');
    expect(evidence).toContain('is backed by 3 published tables at 4, 8 ranks; 2 are at your TP 8');
    expect(evidence).toContain('h100sxm_4_g4.txt');
    expect(evidence).toContain('none at your TP 8');
    // A table alone on its link names the link it would be carried over from as the page does.
    expect(evidence).toContain('left out, from EFAv2 (p5)’s constants, by');
    expect(await page.locator('.evidence li.yours').count()).toBe(2);
  });

  it('names a two-tier link’s network link as its group, in a sentence', async () => {
    const { page } = tab;
    await page.goto(`${env.server.url}#v=3&p=Llama3_405BTp16AcrossNodes`);
    await ready(page);
    await open(page);
    const title = 'Your link HGX H100 + NDR: its network link IB NDR';
    expect((await groups(page))[0][0]).toBe(title);
    const evidence = await text(page, '.evidence');
    expect(evidence).toContain(`${title} is backed by 5 published tables at 16, 32, 64 ranks`);
    expect(evidence).toContain('8x8 H100, 8x IB NDR/node, 2nd cluster, 64 ranks on 8 nodes');
  });

  it.each([
    'h100x16_ib_ndr.txt',
    'a100x16_efa.txt',
    'h100x16_tcpxo.txt',
    'h100_16_2node_efa_p5.txt',
    'h100x32_ib_ndr.txt',
    'h100x64_ib_ndr.txt',
  ])(
    '%s: plotted against both models, with the CLI’s errors and a two-tier link’s numbers',
    async (name) => {
      const { page } = tab;
      await open(page);
      const t = table(name);
      const c = fromCli(name);
      await page.selectOption('#in-measured', name);
      await expect.poll(() => page.locator('.panel .measured circle').count()).toBe(t.rows.length);
      expect(await page.locator('.panel polyline.curve').count()).toBe(2);
      const panel = await text(page, '.panel');
      expect(panel).toContain(`${t.system}, ${t.ranks} GPUs on ${t.nodes} nodes`);
      expect(panel).toContain(
        `at the median row the line-rate model is off by ${fmt.percent(c.line_rate.median)} (${fmt.percent(c.line_rate.max)} at worst), the NCCL model by ${fmt.percent(c.nccl.median)} (${fmt.percent(c.nccl.max)} at worst).`,
      );
      expect(panel).toContain(`as a two-tier link, ${t.nodes} nodes of 8 GPUs:`);
      expect(panel).toContain(fmt.time(c.launch_overhead_s));
      if (name === 'h100x16_ib_ndr.txt')
        expect(panel).toContain('the link would be carried over from EFAv2 (p5) (');
      // The text twin: every row, priced in the page by the module with the two-tier link.
      await page.click('.panel summary:has-text("The rows")');
      const rows = await page
        .locator('.panel tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
      expect(rows).toHaveLength(t.rows.length);
      for (const i of [0, Math.floor(t.rows.length / 2), t.rows.length - 1]) {
        const [bytes, us] = t.rows[i];
        const at = async (link_model, launch_overhead) => {
          const r = await solveInPage(page, {
            ...probe(t.ranks, tableLink(t)),
            tokens: bytes,
            link_model,
            launch_overhead,
          });
          expect(r.links[0]).toMatchObject({
            kind: 'two_tier',
            node_count: t.nodes,
            ranks_per_node: 8,
          });
          return r.links[0].allreduce_time_s;
        };
        expect(rows[i]).toEqual([
          fmt.binaryBytes(bytes),
          fmt.time(us / 1e6),
          fmt.time(await at('nccl', t.launch_overhead_s)),
          fmt.time(await at('line_rate', 0)),
        ]);
      }
    },
  );

  // One page for both sizes: the table is picked once and shot at each viewport.
  it('looks right at 390x844 and 1280x800', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { page } = tab;
    await open(page);
    await page.selectOption('#in-measured', 'h100x16_ib_ndr.txt');
    await page.waitForFunction(() => document.querySelector('.panel').innerText.includes('2x8'));
    await shootBothSizes(
      page,
      'details.validation',
      (w, h) => `${SHOTS}panel-two-node-${w}x${h}.png`,
    );
  });
});
