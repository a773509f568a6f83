#!/usr/bin/env node
// After the Vite build (scripts/build-web.sh): renders the default view into dist/index.html's
// #app, so that the first result is in the HTML before any script runs. The page's own components
// (web/src/prerender.jsx, loaded through Vite's SSR loader with the page's config) render the
// page's own state with the core's numbers: dist/tplayer.js, loaded in Node. #app gets data-pre:
// main.jsx takes the markup over when the module is ready (see web/src/main.jsx).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const INDEX = `${ROOT}dist/index.html`;

const api = await (await import(`${ROOT}dist/tplayer.js`)).load();
const vite = await createServer({
  configFile: `${ROOT}web/vite.config.js`,
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: 'custom',
  logLevel: 'warn',
});
let html;
try {
  ({ html } = (await vite.ssrLoadModule('/src/prerender.jsx')).prerender(api));
} finally {
  await vite.close();
}
const page = readFileSync(INDEX, 'utf8');
const app = /<div id="app">\s*<\/div>/;
if (!app.test(page)) throw new Error('prerender: dist/index.html has no empty <div id="app">');
writeFileSync(
  INDEX,
  page.replace(app, () => `<div id="app" data-pre>${html}</div>`),
);
