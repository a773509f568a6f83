// Download JSON: the scenario the core read and the result object exactly as the CLI prints it.
import { expect, it } from 'vitest';
import { checkInPage, gpt3, openReady, useBrowser } from './harness.js';

const env = useBrowser();

it('downloads {scenario, result} of the view', async () => {
  const { page, problems, context } = await openReady(env);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('.share button:has-text("Download JSON")'),
  ]);
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const { scenario, result } = await checkInPage(page, gpt3());
  expect(json.scenario).toEqual(scenario); // as the core read it: defaults applied, parts resolved
  const { workload, accelerator, links, ...rest } = gpt3();
  expect(json.scenario).toMatchObject({ type: 'TensorParallelLayerScenario', ...rest });
  expect(json.scenario.workload.preset).toBe(workload);
  expect(json.scenario.accelerator.preset).toBe(accelerator);
  expect(Object.keys(json.scenario.links)).toEqual(Object.keys(links));
  expect(json.result).toEqual(result);
  expect(json.result.type).toBe('TensorParallelLayerResult');
  expect(problems).toEqual([]);
  await context.close();
});
