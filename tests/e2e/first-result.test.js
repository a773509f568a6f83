// The first result: the default scenario at a phone and a desktop size, its numbers in words
// and with units, the layout (one column or side by side, touch targets, labels), and no
// horizontal scroll at 360 px.
import { describe, expect, it } from 'vitest';
import { RESULTS, openReady, text, useBrowser } from './harness.js';

const env = useBrowser();

// One page per size: the numbers and words, then the layout of the same view.
describe.each([
  [390, 844],
  [1280, 800],
])('the default scenario at %ix%i', (width, height) => {
  it('shows the worked example numbers, in words and with units; lays out without horizontal scroll, labels every control, and has touch-sized targets on a phone', async () => {
    const { page, problems, context } = await openReady(env, { width, height });
    const body = await text(page);
    expect(body).toContain('1.887 ms'); // t_comp
    expect(body).toContain('3.663 ms'); // InfiniBand NDR exchange
    expect(body).toContain('6.59x'); // NVLink serial speedup
    expect(body).toContain('2.72x'); // InfiniBand serial speedup
    expect(body).toContain('15.1 ms'); // one H100 alone
    expect(body).toContain('50.33 MB'); // the all-reduce message
    expect(body).toContain('176,160,768 B'); // wire bytes per rank
    expect(body).toContain('43.75 GB'); // weights per rank
    const verdicts = await text(page, '.verdicts');
    expect(verdicts).toContain(
      'NVLink 4: compute-bound — exchange 21% of compute; speedup 6.6x over one H100 SXM (82% efficient; one H100 SXM cannot hold the model: a hypothetical baseline) exchange 405.5 µs per layer: 2 all-reduces of 202.7 µs whole model (96 layers and the head): 220.7 ms per forward pass of 2,048 tokens, 9,279 tokens/s, first token after 220.7 ms',
    );
    expect(verdicts).toContain('IB NDR: communication-bound — exchange 1.9x compute');
    expect(verdicts).toMatch(
      /IB NDR: communication-bound[^!✓]*\(34% efficient; one H100 SXM cannot hold the model: a hypothetical baseline\) binding link/,
    );
    expect(verdicts).toContain('exchange 3.663 ms per layer: 2 all-reduces of 1.832 ms');
    // The sentence agrees with the cards and names the links as they do; it is announced.
    expect(await text(page, '.verdicts .summary[aria-live=polite]')).toBe(
      "Each of the 8 ranks computes for 1.887 ms per layer (one H100 SXM alone: 15.1 ms, if it could hold the model's 350 GB). On the binding link, IB NDR (the slowest exchange), the layer is communication-bound; on NVLink 4, compute-bound.",
    );
    expect(await page.locator('#in-preset').inputValue()).toBe('Gpt3TensorParallelLayerTp8');

    // The layout of the same view.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    // On a phone the form's groups sit in the page's column (the form draws no box): its last.
    const form = await page
      .locator(width >= 1024 ? '.a-form' : '.scenario > fieldset')
      .last()
      .boundingBox();
    const details = await page.locator('.a-details').boundingBox();
    if (width >= 1024) expect(details.x).toBeGreaterThan(form.x + form.width - 1);
    else expect(details.y).toBeGreaterThan(form.y + form.height - 1);
    if (width < 1024) {
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('button, input[type=text], select, summary')]
          .filter((e) => e.getClientRects().length && e.getBoundingClientRect().height < 43.5)
          .map((e) => e.id || e.textContent),
      );
      expect(small).toEqual([]);
    }
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll('input, select, textarea')]
        .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label'))
        .map((e) => e.id || e.outerHTML.slice(0, 60)),
    );
    expect(unlabelled).toEqual([]);

    await page.screenshot({ path: `${RESULTS}page-${width}x${height}.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${RESULTS}page-${width}x${height}-dark.png`, fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });
});

// One phone page at 360 px: the default view with every detail open, then every preset's.
it('has no horizontal scroll at 360 px with every detail open, and names no internal document or class in what it shows, for any preset', async () => {
  const { page, problems, context } = await openReady(env, { width: 360, height: 740 });
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${RESULTS}page-360-details.png`, fullPage: true });
  const keys = await page.locator('#in-preset option').evaluateAll((o) => o.map((e) => e.value));
  expect(keys.length).toBeGreaterThan(1);
  // Each preset through the address bar of the one page (hashchange: the same reading as a load).
  for (const key of keys) {
    await page.evaluate((k) => (location.hash = `v=2&p=${k}`), key);
    await page.waitForFunction((k) => document.querySelector('#in-preset')?.value === k, key);
    await page.waitForFunction(() => !document.querySelector('.is-stale'));
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    const shown = await text(page);
    expect(shown, key).not.toMatch(
      /\bSPEC\b|TensorParallelLayer(Scenario|Model|Result)|mlsysim\.|_internal/,
    );
  }
  expect(problems).toEqual([]);
  await context.close();
});
