#!/usr/bin/env bash
# Builds the page (web/) into dist/ with Vite: the page's HTML, JS and CSS, the service worker,
# and a copy of the module build/wasm/tplayer.js (+ .d.ts). Needs the module built first
# (scripts/build-wasm.sh); this build empties dist/ and writes all of it. Then the web component
# (dist/element.js) and the default view's result in dist/index.html (scripts/prerender.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build/wasm/tplayer.js ]; then
  echo "build-web: build/wasm/tplayer.js is missing; build the module first (bash scripts/build-wasm.sh, or npm run build for both)" >&2
  exit 1
fi
npx --no-install vite build --config web/vite.config.js --logLevel warn
# The web component <tp-layer>: dist/element.js, beside the page and the module.
npx --no-install vite build --config web/vite.config.js --mode element --logLevel warn
# The default view's result, rendered into dist/index.html (scripts/prerender.mjs).
node scripts/prerender.mjs
