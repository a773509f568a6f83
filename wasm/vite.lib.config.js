// Bundles the facade (wasm/index.js) and the Emscripten glue (build/wasm/) into one ES module,
// dist/tplayer.js, that needs nothing else: Node 20 and browsers import it as it is. Run by
// scripts/build-wasm.sh after the page's build (which empties dist/), so it keeps dist/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// `--mode testing` bundles the test entry (wasm/testing.js) into build/wasm/tplayer-testing.js.
export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL('..', import.meta.url)),
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: mode === 'testing' ? 'build/wasm' : 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2022',
    minify: true,
    reportCompressedSize: false,
    // Vite leaves whitespace in library builds for the es format; the file is shipped as is.
    rolldownOptions: { output: { minify: true } },
    lib: {
      entry: mode === 'testing' ? 'wasm/testing.js' : 'wasm/index.js',
      formats: ['es'],
      fileName: () => (mode === 'testing' ? 'tplayer-testing.js' : 'tplayer.js'),
    },
  },
}));
