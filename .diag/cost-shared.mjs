import { chromium } from 'playwright-core';
import { startServer, CHROMIUM, CHROMIUM_ARGS, until } from '../tests/e2e/harness.js';
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const rows = []; const shared = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: "block" });
for (let i = 0; i < 8; i++) {
  const t0 = performance.now();
  const context = shared;
  const page = await context.newPage();
  const t1 = performance.now();
  await page.goto(server.url);
  const t2 = performance.now();
  await page.mouse.move(1, 1);
  await until(page, '#app:not([data-pre]) .verdicts li');
  const t3 = performance.now();
  const res = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => [r.name.split('/').pop(), Math.round(r.startTime), Math.round(r.responseEnd)]));
  const nav = await page.evaluate(() => Math.round(performance.now()));
  await page.close();
  const t4 = performance.now();
  rows.push([Math.round(t1 - t0), Math.round(t2 - t1), Math.round(t3 - t2), Math.round(t4 - t3)]);
  if (i === 7) console.log(JSON.stringify(res), nav);
}
console.log('ctx+page, goto, input->ready, close'); for (const r of rows) console.log(r.join('\t'));
await browser.close(); server.stop();
