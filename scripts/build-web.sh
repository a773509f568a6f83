#!/usr/bin/env bash
# Builds the page (web/) into dist/ with Vite: the page's HTML, JS and CSS, the service worker,
# and a copy of the module build/wasm/tplayer.js (+ .d.ts). Needs the module built first
# (scripts/build-wasm.sh); this build empties dist/ and writes all of it.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build/wasm/tplayer.js ]; then
  echo "build-web: build/wasm/tplayer.js is missing; build the module first (bash scripts/build-wasm.sh, or npm run build for both)" >&2
  exit 1
fi
npx --no-install vite build --config web/vite.config.js --logLevel warn
