// Screenshots of the links editor with a measured and a two-tier link, and of what the breakdown
// says about them, at a phone's and a desktop's viewport (into test-results/, or $SHOTS), with
// the checks a look would make: nothing wider than the viewport, touch targets of 44 px, every
// input labelled.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { RESULTS, ROOT, byId, openReady, until, useBrowser } from './harness.js';

const env = useBrowser();
const SHOTS = process.env.SHOTS || RESULTS;
const TABLE = readFileSync(`${ROOT}calibration/data/h100x8_ring.txt`, 'utf8');

// One page for both sizes: the links are added once, then checked and shot at each viewport.
it('at 390x844 and 1280x800: the measured and two-tier rows and their cards', async () => {
  const { page, problems, context } = await openReady(env, { width: 390, height: 844 });
  await page.selectOption('#in-add-link', '@measured');
  await page.click('.add-link button');
  await until(page, byId('in-link.2.measured'));
  await page.fill(byId('in-link.2.measured'), TABLE);
  await page.selectOption('#in-add-link', '@two_tier');
  await page.click('.add-link button');
  await until(page, byId('in-link.3.intra_node'));
  await page.fill('#in-tp_size', '16');
  await until(page, '.compare rect.b-intra');
  await page.waitForFunction(() => !document.querySelector('.is-stale'));
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width, height });
    // No horizontal scroll; every input has a label; the new controls are touch-sized.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll('.links input, .links select, .links textarea')]
        .filter((el) => !el.labels?.length && !el.getAttribute('aria-label'))
        .map((el) => el.id),
    );
    expect(unlabelled).toEqual([]);
    for (const sel of [
      byId('in-link.3.intra_node'),
      byId('in-link.3.ranks_per_node'),
      '.add-link select',
    ])
      expect((await page.locator(sel).boundingBox()).height).toBeGreaterThanOrEqual(44);
    const shot = async (selector, name) => {
      const el = page.locator(selector).first();
      await el.scrollIntoViewIfNeeded();
      await el.screenshot({ path: `${SHOTS}links-${name}-${width}.png` });
    };
    await shot('.link-row.measured', 'measured-row');
    await shot('.link-row.two_tier', 'two-tier-row');
    await shot('.compare', 'compare');
    await shot('.link-card[data-link="measured"]', 'measured-card');
    await shot('.link-card[data-link="two_tier"]', 'two-tier-card');
    await page.locator('.link-row.measured').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}links-page-${width}.png` });
  }
  expect(problems).toEqual([]);
  await context.close();
});
