import { chromium } from 'playwright-core';
import { startServer, CHROMIUM, CHROMIUM_ARGS, until } from '../tests/e2e/harness.js';
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const agg = new Map();
for (let i = 0; i < 4; i++) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(server.url);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.mouse.move(1, 1);
  await until(page, '#app:not([data-pre]) .verdicts li');
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas; 
  for (let k = 0; k < profile.samples.length; k++) {
    const n = byId.get(profile.samples[k]);
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    agg.set(key, (agg.get(key) || 0) + (dt[k] || 0) / 1000);
  }
  await context.close();
}
const top = [...agg].sort((a, b) => b[1] - a[1]).slice(0, 35);
for (const [k, v] of top) console.log((v / 4).toFixed(1).padStart(7), k);
await browser.close(); server.stop();
