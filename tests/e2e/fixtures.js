// The page's components mounted alone (tests/e2e/fixtures/charts.html), served by Vite's dev
// server with the page's own config (web/vite.config.js: the module from build/wasm/, the
// measurements from calibration/): for what the page's form cannot express yet.
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import { ROOT, launch, openPage } from './harness.js';

/** The dev server and the browser of one test file; `env.open(want, viewport)` opens a fixture. */
export function useFixtures() {
  const env = {};
  beforeAll(async () => {
    env.vite = await createServer({
      configFile: `${ROOT}web/vite.config.js`,
      root: fileURLToPath(new URL('fixtures/', import.meta.url)),
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
      logLevel: 'error',
    });
    await env.vite.listen();
    env.url = env.vite.resolvedUrls.local[0];
    env.browser = await launch();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.vite?.close();
  });
  /** A fresh page on the fixture `want` (see charts.jsx), once it has rendered. */
  env.open = async (want, { width = 390, height = 844 } = {}) => {
    const opened = await openPage(env.browser, env.url, { width, height });
    await opened.page.goto(`${env.url}charts.html#${encodeURIComponent(JSON.stringify(want))}`);
    await opened.page.waitForSelector('body[data-ready]', { timeout: 60_000 });
    return opened;
  };
  return env;
}
