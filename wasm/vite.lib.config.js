// Bundles the facade and the Emscripten glue (build/wasm/) into one ES module that needs only
// its compressed wasm beside it (tplayer.wasm.gz): Node 20 and browsers import it as it is. Run by the CMake build (wasm/
// CMakeLists.txt), never by hand:
//   vite build --config wasm/vite.lib.config.js                 wasm/index.js   -> build/wasm/tplayer.js
//   vite build --config wasm/vite.lib.config.js --mode testing  wasm/testing.js -> build/wasm/tplayer-testing.js
// Two builds, not one with two entries: each module must be self-contained (a shared chunk
// would make the shipped file import another one); the one other file each imports is the card's
// glue, and only when card() is called.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Each entry with its wasm build (wasm/CMakeLists.txt): the facade imports
// ../build/wasm/tplayer_wasm.js; the testing entry gets the build with the test hooks. The
// entries' new URL('<file>.wasm.gz', import.meta.url) name no file under wasm/, so Vite leaves
// them as they are, for the browser (or the user's bundler) to resolve beside the module.
const ENTRIES = {
  production: {
    entry: 'wasm/index.js',
    file: 'tplayer.js',
    card: 'tplayer-card.js',
    wasm: 'tplayer_wasm',
  },
  testing: {
    entry: 'wasm/testing.js',
    file: 'tplayer-testing.js',
    card: 'tplayer-testing-card.js',
    wasm: 'tplayer_testing_wasm',
  },
};

// The entries mark new URL('<file>.wasm.gz', import.meta.url) @vite-ignore, for this build to
// leave it as it is; the shipped module must not carry the mark, so that a user's bundler (Vite,
// webpack) sees the pattern and copies the wasm along with the module.
const unmarkWasmUrl = {
  name: 'tplayer:unmark-wasm-url',
  renderChunk: (code) =>
    code.replace(/\/\* @vite-ignore \*\/\s*(['"`][\w-]+\.wasm\.gz['"`])/g, '$1'),
};

export default defineConfig(({ mode }) => {
  const which = ENTRIES[mode];
  if (!which) {
    throw new Error(
      `wasm/vite.lib.config.js: unknown --mode "${mode}"; expected one of ${Object.keys(ENTRIES).join(', ')}`,
    );
  }
  const built = fileURLToPath(new URL('../build/wasm/', import.meta.url));
  return {
    root: fileURLToPath(new URL('..', import.meta.url)),
    resolve: {
      alias: [
        {
          find: /^\.\.\/build\/wasm\/tplayer_wasm\.js$/,
          replacement: `${built}${which.wasm}.js`,
        },
      ],
    },
    plugins: [unmarkWasmUrl],
    publicDir: false,
    logLevel: 'warn',
    build: {
      outDir: 'build/wasm',
      emptyOutDir: false, // the CMake build directory: keep everything else in it
      copyPublicDir: false,
      target: 'es2022',
      minify: true,
      reportCompressedSize: false,
      // Vite leaves whitespace in library builds for the es format; the file is shipped as is.
      // The card's glue, which card() imports on demand, is the one other chunk: it imports
      // nothing, and its name is fixed for the entry to find it beside itself.
      rolldownOptions: { output: { minify: true, chunkFileNames: which.card } },
      lib: {
        entry: which.entry,
        formats: ['es'],
        fileName: () => which.file,
      },
    },
  };
});
