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
  await page.waitForFunction(
    () => location.hash === '#v=3&p=Llama2_7BPcieBoxTp4&workload.layers=16&tokens=1024',
  );
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
  await page.waitForFunction(
    () =>
      document.querySelector('#in-preset').value === 'Gpt3TensorParallelLayerTp8' ||
      location.hash === '',
  );
  await page.waitForFunction(() => document.body.innerText.includes('1.887 ms'));
  await page.goForward();
  await page.waitForFunction(() => document.querySelector('#in-tokens').value === '1024');
  expect(await text(page, '.results')).toBe(before);
  expect(problems).toEqual([]);
  await context.close();
});

it('a version 1 link (two days old, never released) is an unknown version: the default view and a notice', async () => {
  const v1 =
    '#v=1&w=Llama2_7B&a=A100&pr=fp16&tp=4&t=1024&e=0.5&c=2&wl=16&l=pcie4~32~GB%2Fs~1~us~pcie4&l=nvlink3~300~GB%2Fs~0.5~us~nvlink3';
  const { page, problems, context } = await openReady(env, { url: env.server.url + v1 });
  expect(await text(page, '#notice')).toContain('version "1" (this page reads 3 and 2)');
  expect(await page.inputValue('#in-preset')).toBe('Gpt3TensorParallelLayerTp8');
  expect(await page.evaluate(() => location.hash)).toBe('');
  expect(problems).toEqual([]);
  await context.close();
});
