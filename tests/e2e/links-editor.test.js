// The links editor: rows from the catalogue or blank, removed down to one, and bad names named
// on their row.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { byId, expectShows, gpt3, openReady, solveInPage, text, useBrowser } from './harness.js';

const env = useBrowser();
let page;
let problems;
let context;

beforeEach(async () => {
  ({ page, problems, context } = await openReady(env));
});
afterEach(async () => {
  expect(problems).toEqual([]);
  await context.close();
});

it('adds a link from the catalogue and a blank one, and removes them; one row always stays', async () => {
  await page.selectOption('#in-add-link', 'pcie4');
  await page.click('.add-link button');
  await expect.poll(() => page.locator('.link-card').count()).toBe(3);
  await expectShows(page, await solveInPage(page, gpt3({ links: { nvlink: 'nvlink4', infiniband_ndr: 'ib_ndr', pcie4: 'pcie4' } })));
  expect(await text(page, '.verdicts')).toContain('PCIe 4.0 x16');
  await page.selectOption('#in-add-link', '');
  await page.click('.add-link button');
  expect(await page.locator('.link-row').count()).toBe(4);
  await page.fill(byId('in-link.3.bandwidth'), '100');
  await expect.poll(() => page.locator('.link-card').count()).toBe(4);
  for (let i = 0; i < 3; i++) await page.click('.link-row:first-of-type button:has-text("Remove")');
  expect(await page.locator('.link-row').count()).toBe(1);
  expect(await page.locator('.link-row button:has-text("Remove")').isDisabled()).toBe(true);
  await expectShows(page, await solveInPage(page, gpt3({ links: { link4: { bandwidth: '100 GB/s', latency: '0 us' } } })));
});

it.each([
  ['an empty link name', 'in-link.1.name', '', 'non-empty'],
  ['a duplicate link name', 'in-link.1.name', 'nvlink', 'unique'],
  ['a link name with markup', 'in-link.0.name', '<b>x</b>', 'letters, digits'],
])('%s is named on its row', async (_, input, value, words) => {
  await page.fill(byId(input), value);
  await page.waitForSelector('.is-stale');
  const msg = await text(page, byId(`msg-${input.slice(3)}`));
  expect(msg).toContain('Error:');
  expect(msg).toContain(words);
  expect(await page.inputValue(byId(input))).toBe(value);
});
