// What the page says (issue 22), in Chromium: a setup that cannot exist is marked in its verdict
// card with the core's reason and faded in the bars; the result strip stays in view on a phone
// while the form is edited (the results beside the form on a desktop); display names, an edited
// catalogue link keeping its own; an error quotes the value as typed; no sideways scroll at
// 320 px; and axe-core finds nothing on the default page, the decode preset and an error state.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, byId, openReady, ready, text, until, useBrowser } from './harness.js';

const env = useBrowser();

let measured; // the default preset at tp 16 with a link measured on 4 ranks (h100sxm_4_g4.txt)
beforeAll(async () => {
  const api = await (await import('../../dist/tplayer.js')).load();
  const read = api.readMeasured(readFileSync(`${ROOT}calibration/data/h100sxm_4_g4.txt`, 'utf8'));
  const rows = read.rows.flatMap((r) => [r.bytes, +(r.time_s * 1e6).toPrecision(8)]).join('~');
  measured = `#v=3&p=Gpt3TensorParallelLayerTp8&tp_size=16&links=3&links.0=nvlink4&links.0.name=nvlink&links.1=ib_ndr&links.1.name=infiniband_ndr&links.2=&links.2.name=measured&links.2.rows=${rows}&links.2.ranks=${read.ranks}`;
});

/** Whether an element lies wholly inside the viewport. */
const inView = (page, selector) =>
  page.locator(selector).evaluate((e) => {
    const r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
  });

describe('honest verdicts', () => {
  it('marks a link beyond its domain and one beyond its measured ranks, with the core’s reason, and fades their bars', async () => {
    const { page, problems, context } = await openReady(env, { url: env.server.url + measured });
    const card = (name) => text(page, `.verdicts li[data-link="${name}"]`);
    // docs/model.md#runnable: beyond its domain the link cannot run (✗, the core's reason); the
    // measured link beyond its ranks is a hypothetical (?).
    expect(await page.locator('.verdicts li.hypothetical').count()).toBe(1);
    expect(await page.locator('.verdicts li.cannot').count()).toBe(1);
    expect(await card('nvlink')).toContain(
      'NVLink 4: cannot run — TP 16 is more than the 8 GPUs the link joins directly',
    );
    expect(await card('nvlink')).toContain(
      'Note: tp_size 16 is more than the 8 ranks this link joins directly',
    );
    expect(await card('nvlink')).toContain('If it could run: exchange');
    expect(await page.locator('.verdicts li.cannot .mark').textContent()).toBe('✗');
    expect(await card('measured')).toContain('Hypothetical: measured on 4 ranks, priced at');
    expect(await card('measured')).toContain('Measured link: compute-bound');
    expect(
      await page.locator('.verdicts li[data-link="infiniband_ndr"].hypothetical').count(),
    ).toBe(0);
    // Each card carries its exchange and one all-reduce in time.
    expect(await card('infiniband_ndr')).toMatch(/exchange [\d.]+ ms per layer: 2 all-reduces of/);
    // The bars of both are faded and said so; the binding link's are not.
    expect(await page.locator('.compare .b-comm.beyond').count()).toBe(2);
    expect(await text(page, '.compare')).toContain('Exchange on NVLink 4 (hypothetical)');
    expect(await text(page, '.compare')).toContain('Exchange on Measured link (hypothetical)');
    // The summary names the binding link as its card does.
    expect(await text(page, '.verdicts .summary')).toContain(
      'On the binding link, IB NDR (the slowest exchange), the layer is communication-bound; on Measured link, compute-bound. It cannot run on NVLink 4 (see its card).',
    );
    // The sweep: the measured link's points beyond 4 ranks are daggered in the table, as the
    // domain's are.
    await until(page, '.sweep table', { attached: true });
    const cells = await page
      .locator('.sweep tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.cells[r.cells.length - 2].textContent));
    expect(cells.map((c) => c.endsWith('†'))).toEqual(
      [1, 2, 4, 8, 16, 32, 64, 96].map((tp) => tp > 4),
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says a setup that cannot run so, on every link, never as fine (docs/model.md#runnable)', async () => {
    const url = `${env.server.url}#v=3&p=Gpt3TensorParallelLayerTp8&tp_size=2`;
    const { page, problems, context } = await openReady(env, { url });
    expect(await page.locator('.verdicts li.cannot').count()).toBe(2);
    expect(await page.locator('.verdicts li .mark').allTextContents()).toEqual(['✗', '✗']);
    expect(await text(page, '.verdicts .summary')).toBe(
      'It cannot run on any link: the weights per rank (175 GB) do not fit in a GPU’s 85.9 GB of memory. The figures below are what it would take.'.replace(
        '’',
        "'",
      ),
    );
    expect(await text(page, '.verdicts')).not.toContain('efficient');
    expect(await text(page, '.strip')).toBe(
      'compute 7.55 ms IB NDR: cannot run NVLink 4: cannot run',
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it("says mlsysim's limit in decode with the verdict (docs/model.md#what-the-answer-says)", async () => {
    const url = `${env.server.url}#v=3&p=Llama3_70BDecodeTp8&compute_model=flops&link_model=line_rate`;
    const { page, problems, context } = await openReady(env, { url });
    expect(await text(page, '.verdicts')).toMatch(
      /Note: mlsysim's model prices decode by FLOPs alone, but reading the weights and KV cache takes [\d.]+x as long as the FLOPs: as it runs \(the kernels model, NCCL, vLLM\) a token takes [\d.]+ ms on infiniband_ndr, not [\d.]+ ms\./,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it("says in one line what mlsysim's model is, and its button opens the math", async () => {
    const { page, problems, context } = await openReady(env);
    const hint = await text(page, '.model-switch .hint');
    expect(hint).toContain(
      'The formulas of mlsysim, the ML-systems simulator whose tensor-parallel layer scenario this page rebuilds',
    );
    expect(await page.locator('details.math').evaluate((d) => d.open)).toBe(false);
    await page.click('.model-switch button:has-text("Show the math")');
    await until(page, '.math .steps');
    expect(await page.locator('details.math').evaluate((d) => d.open)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads naturally at TP 1', async () => {
    const url = `${env.server.url}#v=3&p=Gpt3TensorParallelLayerTp8&tp_size=1&workload=Llama2_7B`;
    const { page, problems, context } = await openReady(env, { url });
    expect(await text(page, '.verdicts .summary')).toMatch(
      /^One rank computes the whole layer in [\d.]+ ms: no exchange on one rank\.$/,
    );
    expect(await text(page, '.verdicts')).not.toContain('Each of the 1 ranks');
    // One of a thing in the singular, in the layer's card and the math: "n = 1 rank".
    const url1 = `${env.server.url}#v=3&p=Gpt3TensorParallelLayerTp8&tp_size=1&collectives_per_layer=1&workload.layers=1`;
    await page.goto(url1);
    await ready(page);
    await page.click('summary:has-text("Show the math")');
    await until(page, '.math .steps');
    const math = await text(page, '.math');
    expect(math).toContain('n = 1 rank, T = 2048 tokens, c = 1 all-reduce, η');
    const breakdown = await text(page, '.breakdown');
    expect(breakdown).toContain('Exchange t_comm (1 all-reduce)');
    expect(breakdown).toContain('The layer’s weights per rank');
    expect(await text(page, '.verdicts')).toContain('whole model (1 layer and the head):');
    // A two-tier link's nodes, one rank per node.
    await page.goto(
      `${env.server.url}#v=3&p=Llama3_405BTp16AcrossNodes&tp_size=1&links.0.ranks_per_node=1`,
    );
    await ready(page);
    await until(page, '.link-card');
    const card = await text(page, '.link-card');
    expect(card).toContain('one node (of up to 1 rank)');
    for (const part of [math, breakdown, card, await text(page, '.verdicts')])
      expect(part).not.toMatch(/\b1 (ranks|tokens|all-reduces|layers)\b/);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the answer beside the question', () => {
  it('keeps the result strip in view on a phone while a field far down the form is edited', async () => {
    const { page, problems, context } = await openReady(env);
    const strip = '.strip';
    // Each link's answer in its name, the binding link first.
    expect(await text(page, strip)).toBe(
      'compute 1.887 ms IB NDR: communication-bound, exchange 3.663 ms NVLink 4: compute-bound, exchange 405.5 µs',
    );
    await page.locator(byId('in-link.1.latency')).scrollIntoViewIfNeeded();
    await page.fill(byId('in-link.1.latency'), '50');
    await page.waitForFunction(() => document.querySelector('.strip').textContent.includes('ms'));
    expect(await inView(page, byId('in-link.1.latency'))).toBe(true);
    expect(await inView(page, strip)).toBe(true);
    expect(await inView(page, '.verdicts')).toBe(false); // the strip is what keeps it in view
    expect(await text(page, strip)).toMatch(
      /^compute 1.887 ms IB NDR, edited: communication-bound, exchange [\d.]+ ms/,
    );
    expect(await text(page, strip)).not.toContain('3.663 ms');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('moves a field focused from the keyboard out from under the phone’s strip', async () => {
    const { page, problems, context } = await openReady(env);
    // Tokens just under the top edge, where the strip covers it; then Shift+Tab onto it from the
    // pass, the next field.
    await page.evaluate(() => {
      const e = document.querySelector('#in-pass');
      window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 100);
      e.focus({ preventScroll: true });
    });
    await page.keyboard.press('Shift+Tab');
    const [field, strip] = await page.evaluate(() =>
      ['#in-tokens', '.strip'].map((s) => document.querySelector(s).getBoundingClientRect()),
    );
    expect(await page.evaluate(() => document.activeElement.id)).toBe('in-tokens');
    expect(field.top).toBeGreaterThanOrEqual(strip.bottom);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps the verdict in view on a desktop while a field far down the form is edited', async () => {
    const { page, problems, context } = await openReady(env, { width: 1280, height: 800 });
    expect(await page.locator('.strip').isVisible()).toBe(false);
    await page.locator(byId('in-link.1.latency')).scrollIntoViewIfNeeded();
    await page.fill(byId('in-link.1.latency'), '50');
    expect(await inView(page, byId('in-link.1.latency'))).toBe(true);
    expect(await inView(page, '.verdicts li[data-link="infiniband_ndr"]')).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('one meaning per word', () => {
  it('names an edited catalogue link "<name>, edited" and quotes an error in the unit typed', async () => {
    const { page, problems, context } = await openReady(env);
    await page.fill(byId('in-link.0.bandwidth'), '400');
    await page.waitForFunction(() =>
      document.querySelector('.verdicts').textContent.includes('NVLink 4, edited:'),
    );
    expect(await text(page, '.compare')).toContain('Exchange on NVLink 4, edited');
    await page.fill(byId('in-link.1.latency'), '-1');
    await until(page, '.is-stale');
    expect(await text(page, byId('msg-link.1.latency'))).toContain('>= 0, got -1 µs');
    await page.fill(byId('in-link.1.latency'), '-2 ms');
    await page.waitForFunction(() =>
      document.querySelector('[id="msg-link.1.latency"]').textContent.includes('got -2 ms'),
    );
    // Labels are words: no JSON field name in parentheses.
    const labels = await page.locator('label').allTextContents();
    expect(labels.filter((l) => /\([a-z]+_[a-z_]+\)/.test(l))).toEqual([]);
    // Nor a help text (a select's says its choices as the select shows them): here, on a
    // two-tier link's fields and on the serving engine's all-reduce.
    const rawHints = () =>
      page
        .locator('.field .hint')
        .allTextContents()
        .then((list) => list.filter((h) => /`|\b[a-z]+_[a-z_]+\b/.test(h)));
    expect(await rawHints()).toEqual([]);
    for (const [preset, field] of [
      ['Llama3_405BTp16AcrossNodes', 'link.0.ranks_per_node'],
      ['Llama3_70BDecodeTp8Vllm', 'link.0.custom_max_bytes'],
    ]) {
      await page.evaluate((p) => (location.hash = `v=3&p=${p}`), preset);
      await until(page, byId(`in-${field}`), { attached: true });
      expect(await rawHints(), preset).toEqual([]);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('rough edges', () => {
  it('has no sideways scroll at 320 px, every detail open, and every scroll box reachable by keyboard', async () => {
    const { page, problems, context } = await openReady(env, {
      width: 320,
      height: 640,
      url: env.server.url + measured,
    });
    await until(page, '.sweep table', { attached: true });
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    const unreachable = await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((e) => {
          const s = getComputedStyle(e);
          const scrolls =
            (/(auto|scroll)/.test(s.overflowX) && e.scrollWidth > e.clientWidth) ||
            (/(auto|scroll)/.test(s.overflowY) && e.scrollHeight > e.clientHeight);
          return scrolls && e.tabIndex < 0 && !e.querySelector('input, select, button, a[href]');
        })
        .map((e) => e.className),
    );
    expect(unreachable).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  // One page, the three views in turn (the decode preset and the error state's preset through the
  // address bar: hashchange, the reading a load makes); axe is injected once.
  it('axe-core finds nothing on the default page, the decode preset and an error state', async () => {
    // The page's CSP refuses inline scripts: axe is injected in a context that bypasses it.
    const context = await env.browser.newContext({
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(env.server.url);
    await ready(page);
    const views = [
      ['the default page', null],
      ['the decode preset', 'Llama3_70BDecodeTp8'],
      ['an error state', 'Gpt3TensorParallelLayerTp8'],
    ];
    for (const [name, preset] of views) {
      if (preset) {
        await page.evaluate((p) => (location.hash = `v=3&p=${p}`), preset);
        await page.waitForFunction(
          (p) => document.querySelector('#in-preset')?.value === p,
          preset,
        );
        await page.waitForFunction(() => !document.querySelector('.is-stale'));
      }
      if (name === 'an error state') {
        await page.fill('#in-tp_size', 'abc');
        await until(page, '.is-stale');
      }
      // Everything shown: every detail open, once every part that loads on demand is in.
      await until(page, '.sweep table', { attached: true });
      await page.evaluate(() =>
        document.querySelectorAll('details').forEach((d) => (d.open = true)),
      );
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => !document.querySelector('p.muted[role=status]'));
      await page.evaluate(() =>
        document.querySelectorAll('details').forEach((d) => (d.open = true)),
      );
      if (!(await page.evaluate(() => !!window.axe)))
        await page.addScriptTag({ path: `${ROOT}node_modules/axe-core/axe.min.js` });
      const violations = await page.evaluate(async () =>
        (await window.axe.run(document, { resultTypes: ['violations'] })).violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
      );
      expect(violations, name).toEqual([]);
    }
    await context.close();
  });
});
