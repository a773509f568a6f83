// The page's own security and offline promises: the Content-Security-Policy in the page and on
// the response, no inline style, and a second visit that works without the network.
import { expect, it } from 'vitest';
import { ROOT, openReady, ready, text, until, useBrowser } from './harness.js';

const env = useBrowser();

it('sends the CSP as a meta tag and a header, and uses no inline style', async () => {
  const { page, response, problems, context } = await openReady(env);
  const meta = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  // Inline: the first-paint script and the stylesheet, each allowed by its hash alone.
  expect(meta).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=' 'wasm-unsafe-eval';/);
  expect(meta).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]+=';/);
  expect(meta).toContain("object-src 'none'");
  const header = response.headers()['content-security-policy'];
  expect(header).toBe(`${meta}; frame-ancestors *`);
  expect(header).toContain('frame-ancestors *');
  expect(await page.locator('[style]').count()).toBe(0);
  expect(problems).toEqual([]); // includes: no request to another origin
  await context.close();
});

/** A phone-sized page in a context of its own that allows service workers, and its console errors. */
async function workerPage() {
  const context = await env.browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  return { context, page, problems };
}

it('works offline after the first visit (service worker)', async () => {
  const { context, page, problems } = await workerPage();
  await page.goto(env.server.url);
  await ready(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(
    async () =>
      (await caches.keys()).length > 0 &&
      (await (await caches.open((await caches.keys())[0])).keys()).length >= 4,
  );
  await context.setOffline(true);
  await page.reload();
  await ready(page);
  expect(await text(page, '.verdicts')).toContain('NVLink 4');
  // The measurements panel, never opened online, loads offline too: the worker keeps its code and data.
  await page.click('summary:has-text("How close to measurements?")');
  await until(page, '.panel .measured circle');
  expect(await text(page, '.panel .source')).toContain('h100x8_nvls.txt');
  // So does the card's module, never loaded online: Download image works offline.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('button:has-text("Download image (SVG)")'),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.svg$/);
  await context.setOffline(false);
  expect(problems).toEqual([]);
  await context.close();
});

it('registers its service worker on a visit that only reads', async () => {
  const { context, page, problems } = await workerPage();
  await page.goto(env.server.url);
  // No pointer, key or touch: the page starts by itself, and once live registers the worker.
  await page.waitForFunction(async () => Boolean(await navigator.serviceWorker.getRegistration()));
  await page.evaluate(() => navigator.serviceWorker.ready);
  expect(problems).toEqual([]);
  await context.close();
});

// WebAssembly and module scripts do not load from file://: the head's script says how to serve
// the page instead, and starts nothing that would fail.
it('opened as a file, says how to serve it', async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`file://${ROOT}dist/index.html`);
  await until(page, '.notice.file');
  expect(await text(page, '.notice.file')).toBe(
    'Open through a web server: run npm start in the repository, or serve the dist folder with any static server (for example python3 -m http.server).',
  );
  // The prerendered default view stays in sight, with its numbers.
  expect(await page.locator('#app[data-pre] .verdicts li').first().isVisible()).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});
