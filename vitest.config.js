// Vitest, one config with one project per suite (npx vitest run --project NAME):
//   node     tests/js/** (the JavaScript door and the page's pure logic) and tests/types/** (the
//            d.ts against a real result): they import the built dist/tplayer.js, the very file the
//            page ships, and compare with build/native/tplayer; run npm run build and the native
//            build first.
//   package  tests/package/**: installs build/npm/tplayer-<version>.tgz into an empty project and
//            imports it from Node and from a bundle; run npm run package first.
//   browser  tests/e2e/**: the built dist/ served by scripts/serve.mjs, driven in Debian's
//            Chromium through playwright-core: one server and one browser for the run
//            (tests/e2e/global-setup.js), one file at a time, a fresh context per page. The files
//            share one worker (isolate: false): each file is still run afresh, but playwright-core
//            and the harness are imported once instead of once per file in a new process (about
//            2 s a file on a 2-core machine; no e2e file keeps global state: each opens its own
//            contexts and closes them).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/js/**/*.test.js', 'tests/types/**/*.test.js'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'package',
          include: ['tests/package/**/*.test.js'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.js'],
          globalSetup: ['tests/e2e/global-setup.js'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
          isolate: false,
        },
      },
    ],
  },
});
