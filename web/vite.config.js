// The page: Vite + Preact, built from web/ into dist/ with relative URLs (base './') so dist/
// works under any sub-path of any static host. dist/tplayer.js (the WebAssembly module) is not
// bundled: scripts/build-wasm.sh writes it after this build, and the page imports it at run time.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig, minify } from 'vite';

const web = fileURLToPath(new URL('.', import.meta.url));
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/** dist/sw.js from web/sw.js, minified, with the cache version and the files to precache. */
function serviceWorker() {
  return {
    name: 'tplayer:service-worker',
    apply: 'build',
    async generateBundle(_, bundle) {
      const files = Object.keys(bundle).filter((f) => f !== 'index.html' && !f.endsWith('.map')).sort();
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const precache = ['./', 'tplayer.js', 'favicon.svg', ...files];
      const { code } = await minify('sw.js', readFileSync(`${web}sw.js`, 'utf8'));
      const source = code
        .replace('__VERSION__', version)
        .replace('__PRECACHE__', JSON.stringify(precache));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/** Starts fetching tplayer.js with the page's own script, and serves dist/tplayer.js in dev. */
function wasmModule() {
  return {
    name: 'tplayer:wasm-module',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'link', attrs: { rel: 'modulepreload', href: 'tplayer.js' }, injectTo: 'head' }],
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!req.url.split('?')[0].endsWith('/tplayer.js') || !existsSync(`${dist}tplayer.js`)) return next();
        res.setHeader('Content-Type', 'text/javascript');
        createReadStream(`${dist}tplayer.js`).pipe(res);
      });
    },
  };
}

/** Classic h() calls instead of the automatic runtime's jsx(): fewer bytes per element. */
function classicJsx() {
  return {
    name: 'tplayer:classic-jsx',
    config: () => ({
      oxc: { jsx: { runtime: 'classic', pragma: 'h', pragmaFrag: 'Fragment' }, jsxInject: "import { h, Fragment } from 'preact'" },
    }),
  };
}

export default defineConfig({
  root: web,
  base: './',
  plugins: [preact(), classicJsx(), serviceWorker(), wasmModule()],
  build: {
    outDir: dist,
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
});
