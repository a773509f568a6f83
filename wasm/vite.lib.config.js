// Bundles the facade and the Emscripten glue (build/wasm/) into one ES module that needs
// nothing else: Node 20 and browsers import it as it is. Run by the CMake build (wasm/
// CMakeLists.txt), never by hand:
//   vite build --config wasm/vite.lib.config.js                 wasm/index.js   -> build/wasm/tplayer.js
//   vite build --config wasm/vite.lib.config.js --mode testing  wasm/testing.js -> build/wasm/tplayer-testing.js
// Two builds, not one with two entries: each module must be self-contained (a shared chunk
// would make the shipped file import another one).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Each entry with its wasm build (wasm/CMakeLists.txt): the facade imports
// ../build/wasm/tplayer_wasm{,_bytes}.js; the testing entry gets the build with the test hooks.
const ENTRIES = {
  production: { entry: 'wasm/index.js', file: 'tplayer.js', wasm: 'tplayer_wasm' },
  testing: { entry: 'wasm/testing.js', file: 'tplayer-testing.js', wasm: 'tplayer_testing_wasm' },
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
          find: /^\.\.\/build\/wasm\/tplayer_wasm(_bytes)?\.js$/,
          replacement: `${built}${which.wasm}$1.js`,
        },
      ],
    },
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
      rolldownOptions: { output: { minify: true } },
      lib: {
        entry: which.entry,
        formats: ['es'],
        fileName: () => which.file,
      },
    },
  };
});
