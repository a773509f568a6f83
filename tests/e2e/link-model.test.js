// The NCCL switch, link domains and the measurements panel in the built page: the switch goes
// into the URL and every number follows solve() with that link model; each link names its
// winning protocol in words beside its line-rate figure; the TP sweep marks where a domain ends
// and fades what lies beyond; the panel loads on demand, plots the selected table's rows against
// both models and names its source.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as fmt from '../../web/src/words/format.js';
import { probe } from '../../web/src/components/validation/measured.js';
import { domainText, protocolText } from '../../web/src/words/verdict.js';
import {
  RESULTS,
  badChoices,
  byId,
  expectShows,
  freshTabs,
  gpt3,
  openReady,
  ready,
  solveInPage,
  text,
  until,
  useBrowser,
} from './harness.js';

const env = useBrowser();
const tab = freshTabs(env);
const data = JSON.parse(readFileSync(new URL('../../dist/validation.json', import.meta.url)));
const table = (name) => data.tables.find((t) => t.table === name);
const openAll = (page) =>
  page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));

describe('the NCCL switch', () => {
  it('goes into the URL, and every number is solve() with link_model nccl', async () => {
    const { page } = tab;
    expect(await page.isChecked('#in-link_model-line_rate')).toBe(true);
    expect(await page.locator(byId('in-launch_overhead')).count()).toBe(0); // at line rate, unless set
    await page.getByLabel('NCCL (measured)').check();
    await page.waitForFunction(
      () => location.hash === '#v=3&p=Gpt3TensorParallelLayerTp8&link_model=nccl',
    );
    const nccl = await solveInPage(page, gpt3({ link_model: 'nccl' }));
    expect(nccl.launch_overhead_s).toBe(10e-6);
    await expectShows(page, nccl);
    expect(await page.inputValue(byId('in-launch_overhead'))).toBe('10');
    // A launch overhead from the common choices, then typed.
    await page.click('.picks.launch button:has-text("20 µs")');
    await page.waitForFunction(() =>
      location.hash.endsWith('&link_model=nccl&launch_overhead=20~us'),
    );
    await expectShows(
      page,
      await solveInPage(page, gpt3({ link_model: 'nccl', launch_overhead: '20 us' })),
    );
    await page.fill(byId('in-launch_overhead'), '3.5');
    await expectShows(
      page,
      await solveInPage(page, gpt3({ link_model: 'nccl', launch_overhead: '3.5 us' })),
    );
    await page.waitForFunction(() => location.hash.endsWith('&launch_overhead=3.5~us'));
    // The URL reopens the same view.
    const url = await page.evaluate(() => location.href);
    const other = await page.context().newPage();
    await other.goto(url);
    await ready(other);
    expect(await other.isChecked('#in-link_model-nccl')).toBe(true);
    expect(await other.inputValue(byId('in-launch_overhead'))).toBe('3.5');
    expect(await text(other, '.results')).toBe(await text(page, '.results'));
    await other.close();
    // Back to line rate: the preset's numbers, the overhead the user set still paid.
    await page.getByLabel('Line rate').check();
    await expectShows(page, await solveInPage(page, gpt3({ launch_overhead: '3.5 us' })));
  });

  it('a bad launch overhead is named next to its field', async () => {
    const { page } = tab;
    await page.getByLabel('NCCL (measured)').check();
    await page.fill(byId('in-launch_overhead'), '-1');
    await until(page, '.is-stale');
    const msg = await text(page, byId('msg-launch_overhead'));
    expect(msg).toContain('Error:');
    expect(msg).toContain('>= 0');
    expect(await page.getAttribute(byId('in-launch_overhead'), 'aria-invalid')).toBe('true');
  });

  it('names the serving engine’s kernel as what prices the all-reduce when it competes', async () => {
    const url = `${env.server.url}#v=3&p=Llama3_70BDecodeTp8Vllm`;
    const { page, problems, context } = await openReady(env, { url });
    const api = await (await import('../../dist/tplayer.js')).load();
    const preset = api.catalog().presets.find((p) => p.key === 'Llama3_70BDecodeTp8Vllm');
    const r = await solveInPage(page, preset.scenario);
    const l = r.links[0];
    expect(r.allreduce).toBe('custom');
    const card = await text(page, `.link-card[data-link="${l.name}"]`);
    expect(card).toContain(`One all-reduce t_ar, as it runs ${fmt.time(l.allreduce_time_s)}`);
    expect(card).toContain(
      `Kernel (the fastest of NCCL’s and the engine’s) ${protocolText(l.protocol)}`,
    );
    expect(card).not.toContain('as NCCL runs it');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('names each link’s winning protocol in words, beside its line-rate figure', async () => {
    const { page } = tab;
    await page.getByLabel('NCCL (measured)').check();
    const r = await solveInPage(page, gpt3({ link_model: 'nccl' }));
    await expectShows(page, r);
    expect(r.links.map((l) => l.protocol)).toContain('nvls');
    for (const l of r.links) {
      const card = await text(page, `.link-card[data-link="${l.name}"]`);
      expect(card).toContain(`NCCL protocol (the fastest) ${protocolText(l.protocol)}`);
      expect(card).toContain(`The same at line rate ${fmt.time(l.line_rate_allreduce_time_s)}`);
    }
    expect(await text(page, '.link-card[data-link="nvlink"]')).toContain('NVLink SHARP (NVLS)');
    // At line rate, NCCL's figure is beside it instead.
    await page.getByLabel('Line rate').check();
    await page.waitForFunction(() => !location.hash.includes('link_model'));
    const card = await text(page, '.link-card[data-link="nvlink"]');
    // The other model is "as it runs": NCCL under vLLM, its CUDA graphs' 3 us launch.
    const alt = await solveInPage(
      page,
      gpt3({ link_model: 'nccl', compute_model: 'kernels', serving_engine: 'vllm' }),
    );
    expect(card).toContain(
      `The same as NCCL runs it ${fmt.time(alt.links[0].allreduce_time_s)} (NVLink SHARP (NVLS))`,
    );
    // The math follows the model.
    await page.getByLabel('NCCL (measured)').check();
    await page.click('summary:has-text("Show the math")');
    await until(page, '.math .steps'); // its body loads when first opened
    expect(await text(page, '.math')).toContain(
      'branch = the fastest of NCCL’s branches = nvls = NVLink SHARP (NVLS)',
    );
  });
});

describe('link domains', () => {
  it('the sweep marks where NVLink’s domain ends and fades the points beyond; the card says so', async () => {
    const { page } = tab;
    await page.fill('#in-tp_size', '16');
    await until(page, '.link-card[data-link="nvlink"] .out-of-domain');
    expect(await text(page, '.link-card[data-link="nvlink"]')).toContain(
      `Beyond its domain: ${domainText('NVLink 4', 8, 'H100 SXM')}`,
    );
    expect(await text(page, '.link-card[data-link="nvlink"]')).toContain('8 (TP 16 is beyond it)');
    expect(
      await page.locator('.link-card[data-link="infiniband_ndr"] .out-of-domain').count(),
    ).toBe(0);
    expect(await text(page, byId('msg-link.0'))).toContain('domain');
    // One mark, NVLink's, at 8; its points at 16, 32, 64 and 96 faded; InfiniBand has no domain.
    const sweep = page.locator('.sweep');
    expect(await sweep.locator('.domain').count()).toBe(1);
    expect(await sweep.locator('.domain').getAttribute('data-domain')).toBe('8');
    expect(await sweep.locator('.domain text').textContent()).toBe('NVLink 4: domain 8');
    // Beyond the domain the setup cannot run: crosses at 16, 32, 64 and 96, and at 1, 2 and 4 on
    // both links (GPT-3's weights outgrow an 80 GiB GPU there).
    expect(await sweep.locator('g.s0 path.cross').count()).toBe(7);
    expect(await sweep.locator('g.s1 path.cross').count()).toBe(3);
    expect(await sweep.locator('g.s1 circle.beyond').count()).toBe(0);
    expect(await text(page, '.sweep .legend')).toContain(
      `NVLink 4 is compute-bound only at tp 8 (as it runs: is compute-bound only at tp 8). ${domainText('It', 8, 'H100 SXM')} It cannot run from tp 1 to tp 4 (at tp 1: the weights per rank (350 GB)`,
    );
    // The table says it too: † on NVLink's rows beyond 8, in both models, and nowhere else.
    await page.click('.sweep summary');
    const marked = await sweep
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent.includes('†'))));
    expect(marked.map((r) => r.join())).toEqual([
      ...Array(4).fill('false,false,false,false,false'),
      ...Array(4).fill('false,true,true,false,false'),
    ]);
    expect(await text(page, '.sweep')).toContain('† a hypothetical: beyond the link’s domain');
  });

  it('draws both models: the chosen one solid, the other faint, and says which', async () => {
    const { page } = tab;
    expect(await page.locator('.sweep polyline.alt').count()).toBe(2);
    expect(await text(page, '.sweep .legend')).toContain('faint line: the same as it runs');
    await page.getByLabel('NCCL (measured)').check();
    await page.waitForFunction(() =>
      document.querySelector('.sweep').innerText.includes("the same in mlsysim's model"),
    );
    expect(await page.locator('.sweep thead').textContent()).toContain("NVLink 4, mlsysim's model");
    expect(await text(page, '.compare')).toContain("(mlsysim's model: ");
  });

  it('a link given as just a bandwidth: in the editor, in the URL and back', async () => {
    const { page } = tab;
    await page.selectOption('#in-add-link', '');
    await page.click('.add-link button');
    await page.fill(byId('in-link.2.bandwidth'), '100');
    await page.waitForFunction(() =>
      location.hash.endsWith('&links.2=&links.2.name=link3&links.2.bandwidth=100~GB%2Fs'),
    );
    const links = { nvlink: 'nvlink4', infiniband_ndr: 'ib_ndr', link3: '100 GB/s' };
    const r = await solveInPage(page, gpt3({ links }));
    await expectShows(page, r);
    const other = await page.context().newPage();
    await other.goto(await page.evaluate(() => location.href));
    await ready(other);
    expect(await other.inputValue(byId('in-link.2.bandwidth'))).toBe('100');
    expect(await other.inputValue(byId('in-link.2.latency'))).toBe('');
    await expectShows(other, r);
    await other.close();
    await page.fill(byId('in-link.2.bandwidth'), '0');
    await until(page, '.is-stale');
    expect(await text(page, byId('msg-link.2.bandwidth'))).toContain('> 0');
  });
});

describe('how close to measurements', () => {
  it('loads on demand, plots the selected table’s rows against both models, and names its source', async () => {
    const { page } = tab;
    const asked = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    expect(asked.filter((p) => /Panel-|validation\.json/.test(p))).toEqual([]);
    await page.click('summary:has-text("How close to measurements?")');
    await until(page, '.panel .measured circle');
    expect(asked.some((p) => p.endsWith('/validation.json'))).toBe(true);
    expect(asked.some((p) => /\/lazy\/Panel-.*\.js$/.test(p))).toBe(true);
    // The default table is the one priced with the first link's own catalogue entry.
    const nvls = table('h100x8_nvls.txt');
    expect(await page.inputValue('#in-measured')).toBe(nvls.table);
    expect(await page.locator('.panel .measured circle').count()).toBe(nvls.rows.length);
    expect(await page.locator('.panel polyline.curve').count()).toBe(2);
    const source = await text(page, '.panel .source');
    for (const words of [nvls.table, nvls.system, `NCCL ${nvls.nccl_version}`, nvls.launch])
      expect(source).toContain(words);
    const close = await text(page, '.panel');
    expect(close).toContain(`the line-rate model is off by ${fmt.percent(nvls.line_rate.median)}`);
    expect(close).toContain(`the NCCL model by ${fmt.percent(nvls.nccl.median)}`);
    // Another table: its rows, and the text twin priced by the module.
    const pcie = table('rtx4090x8_p2p.txt');
    await page.selectOption('#in-measured', pcie.table);
    await expect.poll(() => page.locator('.panel .measured circle').count()).toBe(pcie.rows.length);
    await page.click('.panel summary:has-text("The rows")');
    const first = await page.locator('.panel tbody tr').first().innerText();
    const [bytes, us] = pcie.rows[0];
    const at = async (link_model, launch_overhead) =>
      (
        await solveInPage(page, {
          ...probe(pcie.ranks, pcie.price_with),
          tokens: bytes,
          link_model,
          launch_overhead,
        })
      ).links[0].allreduce_time_s;
    expect(first.split('\t')).toEqual([
      fmt.binaryBytes(bytes),
      fmt.time(us * 1e-6),
      fmt.time(await at('nccl', pcie.launch_overhead_s)),
      fmt.time(await at('line_rate', 0)),
    ]);
    expect(await page.locator('.panel tbody tr').count()).toBe(pcie.rows.length);
  });
});

// One page per size: the panel opened once, the view shot in line rate, then switched to NCCL on
// the same page (the URL round trip of the switch is the first test's).
describe.each([
  [390, 844],
  [1280, 800],
])('at %ix%i', (width, height) => {
  it('looks right in line_rate and in nccl: the domain boundary and the panel', async () => {
    const { page, problems, context } = await openReady(env, {
      width,
      height,
      url: `${env.server.url}#v=2&p=Gpt3TensorParallelLayerTp8&tp_size=16`,
    });
    await page.click('summary:has-text("How close to measurements?")');
    await until(page, '.panel .measured circle');
    for (const m of ['line_rate', 'nccl']) {
      if (m === 'nccl') {
        await page.getByLabel('NCCL (measured)').check();
        await page.waitForFunction(() =>
          document.querySelector('.sweep').innerText.includes("the same in mlsysim's model"),
        );
        await page.waitForFunction(() => !document.querySelector('.is-stale'));
      }
      await openAll(page);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      expect(await badChoices(page)).toEqual([]);
      await page.screenshot({
        path: `${RESULTS}link-model-${m}-${width}x${height}.png`,
        fullPage: true,
      });
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
