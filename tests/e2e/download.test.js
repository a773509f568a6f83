// Download JSON: the scenario the core read and the result object exactly as the CLI prints it.
import { expect, it } from 'vitest';
import { gpt3, openReady, solveInPage, useBrowser } from './harness.js';

const env = useBrowser();

it('downloads {scenario, result} of the view', async () => {
  const { page, problems, context } = await openReady(env);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('.share button:has-text("Download JSON")')]);
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  expect(json.scenario).toEqual({ type: 'TensorParallelLayerScenario', ...gpt3() });
  expect(json.result).toEqual(await solveInPage(page, gpt3()));
  expect(json.result.type).toBe('TensorParallelLayerResult');
  expect(problems).toEqual([]);
  await context.close();
});
