import { chromium } from 'playwright-core';
import { startServer, CHROMIUM, CHROMIUM_ARGS, until } from '../tests/e2e/harness.js';
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
const page = await context.newPage();
await page.goto(server.url); await page.mouse.move(1, 1);
await until(page, '#app:not([data-pre]) .verdicts li');
await page.waitForTimeout(1500);
for (const [w, h] of [[390, 844], [1280, 800], [390, 844], [1280, 800]]) {
  await page.setViewportSize({ width: w, height: h });
  let t = performance.now(); await page.screenshot({ path: '/tmp/x.png' }); const a = performance.now() - t;
  t = performance.now(); await page.screenshot({ path: '/tmp/x.png', fullPage: true }); const b = performance.now() - t;
  t = performance.now(); await page.locator('.a-details').screenshot({ path: '/tmp/x.png' }); const c = performance.now() - t;
  console.log(w, 'viewport', a | 0, 'full', b | 0, 'element', c | 0);
}
await browser.close(); server.stop();
