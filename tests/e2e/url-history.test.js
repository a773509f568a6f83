// The URL is the state: a copied link reopens the same view, a preset pick is a history entry,
// edits replace one another, and back/forward walk them.
import { expect, it } from 'vitest';
import { byId, openReady, ready, text, useBrowser } from './harness.js';

const env = useBrowser();

it('a copied link reopens the same view, and back/forward walk the history', async () => {
  const { page, problems, context } = await openReady(env);
  await page.selectOption('#in-preset', 'Llama2_7BPcieBoxTp4');
  await page.fill('#in-tokens', '1024');
  await page.fill(byId('in-workload.layers'), '16');
  expect(await text(page, '.a-form')).toContain('custom');
  await page.waitForFunction(() => location.hash.includes('t=1024') && location.hash.includes('wl=16'));
  await page.click('.share button:has-text("Copy link")');
  const link = await page.inputValue('#share-text');
  expect(link).toBe(await page.evaluate(() => location.href));
  const before = await text(page, '.results');

  const other = await context.newPage();
  await other.goto(link);
  await ready(other);
  expect(await text(other, '.results')).toBe(before);
  expect(await other.inputValue('#in-tokens')).toBe('1024');
  expect(await other.inputValue(byId('in-workload.layers'))).toBe('16');
  await other.close();

  // The preset pick was a history entry; the edits after it replaced one another.
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('#in-preset').value === 'Gpt3TensorParallelLayerTp8' || location.hash === '');
  await page.waitForFunction(() => document.body.innerText.includes('1.887 ms'));
  await page.goForward();
  await page.waitForFunction(() => document.querySelector('#in-tokens').value === '1024');
  expect(await text(page, '.results')).toBe(before);
  expect(problems).toEqual([]);
  await context.close();
});
