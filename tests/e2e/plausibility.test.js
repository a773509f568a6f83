// Issue 22's plausibility warnings on the page: the core's warnings for an implausible step (more
// tokens than any batch, a layer over 10 s: tests/cases/implausible_tokens_and_layer_time.json)
// show as the core wrote them, the result still standing.
import { expect, it } from 'vitest';
import { expectShows, gpt3, openReady, solveInPage, useBrowser } from './harness.js';

const env = useBrowser();

it('more tokens than any batch, and a layer over 10 s, warn on the page', async () => {
  const { page, problems, context } = await openReady(env);
  await page.fill('#in-tokens', '16777217');
  const result = await solveInPage(page, gpt3({ tokens: 16777217 }));
  expect(result.warnings.map((w) => w.field)).toEqual(['tokens', 'scenario']);
  for (const w of result.warnings)
    await page.waitForFunction((m) => document.body.textContent.includes(m), w.message);
  await expectShows(page, result); // the result still stands, every number shown
  expect(problems).toEqual([]);
  await context.close();
});
