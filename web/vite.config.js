// The page: Vite + Preact, built from web/ into dist/ with relative URLs (base './') so dist/
// works under any sub-path of any static host. The WebAssembly module is not bundled into the
// page: the CMake build writes it to build/wasm/tplayer.js (`cmake --build --preset wasm`), this
// build copies it (with its compressed wasm, tplayer.wasm.gz, and its .d.ts) into dist/ beside
// the page, and the page imports it at run time. dist/ is this build's alone: it empties it and writes all of it.
// `vite --config web/vite.config.js` (npm run dev) serves web/ with live reload, and the module
// from build/wasm/, reloading the page when the module is rebuilt.
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig, minify } from 'vite';
import { validationData } from '../calibration/validation-data.mjs';
import { isEmbed } from './src/state/url.js';

const web = fileURLToPath(new URL('.', import.meta.url));
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const moduleDir = fileURLToPath(new URL('../build/wasm/', import.meta.url));
/** What the module build writes and the page ships beside itself. */
const MODULE_FILES = [
  'tplayer.js',
  'tplayer.wasm.gz',
  'tplayer-card.js', // the verdict card's module: loaded when an image is downloaded
  'tplayer-card.wasm.gz',
  'tplayer.d.ts',
];
const CONTENT_TYPES = { js: 'text/javascript', gz: 'application/gzip', ts: 'text/plain' };

function readModuleFile(name) {
  try {
    return readFileSync(moduleDir + name);
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
    throw new Error(
      `build/wasm/${name} is missing: build the module first (bash scripts/build-wasm.sh; npm run build does both)`,
      { cause: e },
    );
  }
}

/** dist/sw.js from web/sw.js, minified, with the cache version and the files to precache. */
function serviceWorker() {
  return {
    name: 'tplayer:service-worker',
    apply: 'build',
    enforce: 'post', // after inlineHead, which takes the stylesheet out of the files to cache
    async generateBundle(_, bundle) {
      const files = Object.keys(bundle)
        .filter((f) => f !== 'index.html' && !f.endsWith('.map') && !MODULE_FILES.includes(f))
        .sort();
      // The modules (the page's, and the card's for Download image), whose names carry no hash:
      // their bytes go into the version with the hashed assets' names.
      const modules = MODULE_FILES.filter((f) => f !== 'tplayer.d.ts');
      const hash = createHash('sha256').update(files.join('\n'));
      for (const f of modules) hash.update(bundle[f].source);
      const version = hash.digest('hex').slice(0, 12);
      const precache = ['./', ...modules, 'favicon.svg', ...files];
      const { code } = await minify('sw.js', readFileSync(`${web}sw.js`, 'utf8'));
      const source = code
        .replace('__VERSION__', version)
        .replace('__PRECACHE__', JSON.stringify(precache));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * The module beside the page: copied from build/wasm/ into the build, and served from there by the
 * dev server (a rebuild of the module reloads the page). Preloaded only for a view that needs it
 * before anything shows (headScript).
 */
function wasmModule() {
  let command;
  return {
    name: 'tplayer:wasm-module',
    configResolved(config) {
      command = config.command;
    },
    buildStart() {
      if (command !== 'build') return;
      for (const fileName of MODULE_FILES)
        this.emitFile({ type: 'asset', fileName, source: readModuleFile(fileName) });
    },
    configureServer(server) {
      readModuleFile('tplayer.js'); // fail at start, not on the first request
      server.watcher.add([`${moduleDir}tplayer.js`, `${moduleDir}tplayer.wasm.gz`]);
      server.watcher.on('change', (file) => {
        if (file.startsWith(`${moduleDir}tplayer.`)) server.ws.send({ type: 'full-reload' });
      });
      server.middlewares.use((req, res, next) => {
        const name = MODULE_FILES.find((f) => req.url.split('?')[0].endsWith(`/${f}`));
        if (!name) return next();
        res.setHeader('Content-Type', CONTENT_TYPES[name.split('.').pop()]);
        res.setHeader('Cache-Control', 'no-cache');
        createReadStream(moduleDir + name).pipe(res);
      });
    },
  };
}

/**
 * The head's script, inline and blocking, so before the first paint. A permalink (a hash) or an
 * embed marks the page tp-wait, which hides the prerendered default view (scripts/prerender.mjs)
 * until the page has rendered its own, and loads the page's script at once with the module and
 * its wasm preloaded (the module's fetch() of it, mode cors with same-origin credentials, matches
 * a crossorigin preload and reuses it). The default view is whole in the HTML and paints first:
 * its script (`entry`, with the `chunks` it imports), the module and the takeover start once the
 * first screen is painted, with nothing asked of the visitor; until the takeover its buttons show
 * they are not ready (tp-starting). Opened as a file (file://, from which browsers load no module
 * script and no WebAssembly) it starts nothing and says how to serve the page. Serialised into
 * index.html by inlineHead; runs in the browser, never here.
 */
/* global document, location -- headScript runs in the page */
function headScript(isEmbed, entry, chunks) {
  const d = document;
  const el = (tag, attrs) => Object.assign(d.createElement(tag), attrs);
  const add = (tag, attrs) => d.head.append(el(tag, attrs));
  if (location.protocol === 'file:')
    return d.addEventListener('DOMContentLoaded', () => {
      const code = (textContent) => el('code', { textContent });
      const note = el('p', { className: 'notice file' });
      note.append(
        'Open through a web server: run ',
        code('npm start'),
        ' in the repository, or serve the dist folder with any static server (for example ',
        code('python3 -m http.server'),
        ').',
      );
      d.getElementById('app').before(note);
    });
  const start = () => {
    for (const href of chunks) add('link', { rel: 'modulepreload', href, crossOrigin: '' });
    // An inserted module script runs as soon as it is in: not before the parser has made #app.
    const script = () => add('script', { type: 'module', src: entry, crossOrigin: '' });
    if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', script);
    else script();
  };
  if (location.hash.length > 1 || isEmbed(location.search)) {
    d.documentElement.classList.add('tp-wait');
    add('link', { rel: 'modulepreload', href: 'tplayer.js' });
    add('link', { rel: 'preload', href: 'tplayer.wasm.gz', as: 'fetch', crossOrigin: '' });
    return start();
  }
  // The default view: once the browser has painted the first screen (its first contentful paint
  // reported; a tab opened in the background paints, and so starts, when it is shown), in a task
  // of its own.
  // A browser that reports no paint timing starts it after its load event instead.
  d.documentElement.classList.add('tp-starting');
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint'))
    return globalThis.addEventListener('load', () => setTimeout(start));
  const painted = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    painted.disconnect();
    setTimeout(start);
  });
  painted.observe({ type: 'paint', buffered: true });
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The first screen needs no request beyond the HTML. The page's stylesheet goes into a <style>
 * in the head, and its script and the chunks it imports are started by the head's script
 * (headScript) in place of Vite's tags; the Content-Security-Policy allows that style and that
 * script by their hashes, nothing else inline. Runs before serviceWorker, which precaches what is
 * left.
 */
function inlineHead() {
  const find = (page, pattern, what) => {
    const found = page.match(pattern);
    if (!found) throw new Error(`inline-head: index.html has no ${what}`);
    return found;
  };
  return {
    name: 'tplayer:inline-head',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_, bundle) {
      const html = bundle['index.html'];
      let page = String(html.source);
      const [link, file] = find(
        page,
        /<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)"[^>]*>/,
        'stylesheet of its own',
      );
      const css = String(bundle[file].source);
      delete bundle[file];
      page = page.replace(link, () => `<style>${css}</style>`);
      const [tag, entry] = find(
        page,
        /<script type="module" crossorigin src="([^"]+)"><\/script>/,
        'module script',
      );
      const chunks = [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
      for (const [preload] of chunks) page = page.replace(preload, '');
      const call = `(${headScript})(${isEmbed},${JSON.stringify(entry)},${JSON.stringify(chunks.map((c) => c[1]))})`;
      const script = (await minify('head.js', call)).code.trim();
      page = page.replace(tag, () => `<script>${script}</script>`);
      const csp = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)"/;
      find(page, csp, 'Content-Security-Policy');
      page = page.replace(
        csp,
        (_, head, policy) =>
          `${head}${policy
            .replace("script-src 'self'", `script-src 'self' ${sha256(script)}`)
            .replace("style-src 'self'", `style-src 'self' ${sha256(css)}`)}"`,
      );
      html.source = page;
    },
  };
}

/**
 * dist/validation.json (calibration/validation-data.mjs): fetched by the measurements panel when it
 * is opened, never by the page's first load.
 */
function validationFile() {
  const source = () => JSON.stringify(validationData());
  return {
    name: 'tplayer:validation-data',
    buildStart() {
      if (this.meta.watchMode) return;
      this.emitFile({ type: 'asset', fileName: 'validation.json', source: source() });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!req.url.split('?')[0].endsWith('/validation.json')) return next();
        res.setHeader('Content-Type', 'application/json');
        res.end(source());
      });
    },
  };
}

/**
 * Dev server only: Vite injects the CSS as <style> elements (that is how it swaps them without a
 * reload), which the page's CSP (style-src 'self') blocks. The built page keeps the strict one.
 */
function devStyles() {
  return {
    name: 'tplayer:dev-styles',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  };
}

/** Classic h() calls instead of the automatic runtime's jsx(): fewer bytes per element. */
function classicJsx() {
  return {
    name: 'tplayer:classic-jsx',
    config: () => ({
      oxc: {
        jsx: { runtime: 'classic', pragma: 'h', pragmaFrag: 'Fragment' },
        jsxInject: "import { h, Fragment } from 'preact'",
      },
    }),
  };
}

/**
 * `--mode element` (scripts/build-web.sh, after the page): the web component <tp-layer>,
 * dist/element.js, one file beside the page and tplayer.js with just what it uses of the page's
 * code (its own bundle: a host loads it alone, and the page's first load is not split for it).
 */
const element = {
  root: web,
  base: './',
  // The result components draw with web/src/platform/dom.js, not Preact (its header says why).
  resolve: { alias: [{ find: /^preact$/, replacement: `${web}src/platform/dom.js` }] },
  plugins: [
    preact(),
    classicJsx(),
    // Library mode leaves an ES module's whitespace: minified here, as the page's own code is.
    {
      name: 'tplayer:minify-element',
      async generateBundle(_, bundle) {
        const chunk = bundle['element.js'];
        chunk.code = (await minify('element.js', chunk.code)).code;
      },
    },
  ],
  build: {
    outDir: dist,
    emptyOutDir: false,
    target: 'es2022',
    copyPublicDir: false,
    lib: { entry: `${web}src/element.jsx`, formats: ['es'], fileName: () => 'element.js' },
  },
};

const page = {
  root: web,
  base: './',
  plugins: [
    preact(),
    classicJsx(),
    wasmModule(),
    inlineHead(),
    serviceWorker(),
    validationFile(),
    devStyles(),
  ],
  build: {
    outDir: dist,
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    // One stylesheet, inline in index.html (inlineHead), the on-demand parts' rules with it: a
    // chunk loaded later then has no CSS of its own to fetch, nor the page's to fetch again.
    cssCodeSplit: false,
    assetsInlineLimit: 0,
    // What loads only on demand (the measurements panel, the measured and two-tier links' editors:
    // dynamic imports and their CSS) goes to lazy/, apart from the first load's assets/.
    rolldownOptions: {
      output: {
        chunkFileNames: (c) => `${c.isDynamicEntry ? 'lazy' : 'assets'}/[name]-[hash].js`,
        assetFileNames: (a) =>
          `${a.originalFileNames?.some((f) => /\/validation\/|\/LinkForms\.jsx$/.test(f)) ? 'lazy' : 'assets'}/[name]-[hash][extname]`,
      },
    },
  },
};

export default defineConfig(({ mode }) => (mode === 'element' ? element : page));
