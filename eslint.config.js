// ESLint (flat config): the recommended rules, with the globals of where each file runs.
// npm run lint checks web/, wasm/, mcp/, tests/ (JavaScript) and scripts/ (scripts/lint.sh).
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['build/', 'dist/', 'node_modules/', 'test-results/'] },
  js.configs.recommended,
  {
    files: ['**/*.{js,jsx,mjs}'],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    rules: {
      // `catch {}` and `_`-named leftovers are deliberate; unused arguments keep signatures readable.
      'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none', varsIgnorePattern: '^_' }],
    },
  },
  // The page and the facade run in browsers (the facade in Node too, through web APIs only).
  { files: ['web/src/**', 'wasm/**/*.js'], languageOptions: { globals: globals.browser } },
  // web/sw.js is a template: the build fills in __PRECACHE__ (web/vite.config.js).
  {
    files: ['web/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker, __PRECACHE__: 'readonly' } },
  },
  // Build and test tooling runs in Node; the browser tests and the page benchmark also hand
  // functions to the page.
  {
    files: [
      'scripts/**',
      'tests/**',
      'mcp/**',
      'calibration/*.mjs',
      '*.config.js',
      '**/vite*.config.js',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['tests/e2e/**', 'scripts/bench-page.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
];
