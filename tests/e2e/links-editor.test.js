// The links editor: rows from the catalogue or blank, removed down to one, and bad names named
// on their row.
import { expect, it } from 'vitest';
import {
  byId,
  expectShows,
  freshTabs,
  gpt3,
  solveInPage,
  text,
  until,
  useBrowser,
} from './harness.js';

const env = useBrowser();
const tab = freshTabs(env);

it('adds a link from the catalogue and a blank one, and removes them; one row always stays', async () => {
  await tab.page.selectOption('#in-add-link', 'pcie4');
  await tab.page.click('.add-link button');
  await expect.poll(() => tab.page.locator('.link-card').count()).toBe(3);
  await expectShows(
    tab.page,
    await solveInPage(
      tab.page,
      gpt3({ links: { nvlink: 'nvlink4', infiniband_ndr: 'ib_ndr', pcie4: 'pcie4' } }),
    ),
  );
  expect(await text(tab.page, '.verdicts')).toContain('PCIe 4.0:');
  await tab.page.selectOption('#in-add-link', '');
  await tab.page.click('.add-link button');
  expect(await tab.page.locator('.link-row').count()).toBe(4);
  await tab.page.fill(byId('in-link.3.bandwidth'), '100');
  await expect.poll(() => tab.page.locator('.link-card').count()).toBe(4);
  for (let i = 0; i < 3; i++)
    await tab.page.click('.link-row:first-of-type button:has-text("Remove")');
  expect(await tab.page.locator('.link-row').count()).toBe(1);
  expect(await tab.page.locator('.link-row button:has-text("Remove")').isDisabled()).toBe(true);
  await expectShows(
    tab.page,
    await solveInPage(
      tab.page,
      gpt3({ links: { link4: { bandwidth: '100 GB/s', latency: '0 us' } } }),
    ),
  );
});

it.each([
  ['an empty link name', 'in-link.1.name', '', 'non-empty'],
  ['a duplicate link name', 'in-link.1.name', 'nvlink', 'unique'],
  ['a link name with markup', 'in-link.0.name', '<b>x</b>', 'letters, digits'],
])('%s is named on its row', async (_, input, value, words) => {
  await tab.page.fill(byId(input), value);
  await until(tab.page, '.is-stale');
  const msg = await text(tab.page, byId(`msg-${input.slice(3)}`));
  expect(msg).toContain('Error:');
  expect(msg).toContain(words);
  expect(await tab.page.inputValue(byId(input))).toBe(value);
});
