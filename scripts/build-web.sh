#!/usr/bin/env bash
# Builds the page (web/) into dist/ with Vite. Run before scripts/build-wasm.sh, which adds
# dist/tplayer.js: this build empties dist/ first.
set -euo pipefail
cd "$(dirname "$0")/.."
npx --no-install vite build --config web/vite.config.js --logLevel warn
