// Bundles the facade (wasm/index.js) and the Emscripten glue (build/wasm/) into one ES module,
// dist/tplayer.js, that needs nothing else: Node 20 and browsers import it as it is. Run by
// scripts/build-wasm.sh after the page's build (which empties dist/), so it keeps dist/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2022',
    minify: true,
    reportCompressedSize: false,
    // Vite leaves whitespace in library builds for the es format; the file is shipped as is.
    rolldownOptions: { output: { minify: true } },
    lib: {
      entry: 'wasm/index.js',
      formats: ['es'],
      fileName: () => 'tplayer.js',
    },
  },
});
