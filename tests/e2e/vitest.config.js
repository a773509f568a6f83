// Real-browser tests: the built dist/ served by scripts/serve.mjs, driven in Debian's Chromium
// through playwright-core. Run after the build: npx vitest run --config tests/e2e/vitest.config.js
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/e2e/**/*.test.js'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
