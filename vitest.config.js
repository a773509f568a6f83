// Vitest for the JavaScript door and the page's pure logic (no browser): tests/js/**.
// The API tests import the built dist/tplayer.js (the very file the page ships) and compare
// with build/native/tplayer: run scripts/build.sh and the native build first.
// The real-browser suite has its own config: tests/e2e/vitest.config.js.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['tests/js/**/*.test.js'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
