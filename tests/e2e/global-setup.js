// One server and one Chromium for the whole browser run (vitest.config.js's globalSetup): each
// test file connects to this browser (harness.js useBrowser) instead of starting its own, and
// every test opens a fresh context in it, so no cookie, cache, storage or history write of one
// test reaches another.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, RESULTS, startServer } from './harness.js';

export default async function setup({ provide }) {
  mkdirSync(RESULTS, { recursive: true });
  const server = await startServer();
  const browser = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  provide('e2e', { url: server.url, ws: browser.wsEndpoint() });
  return async () => {
    await browser.close();
    server.stop();
  };
}
