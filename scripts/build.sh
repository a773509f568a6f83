#!/usr/bin/env bash
# Builds the static site into dist/: the page (Vite), then the WebAssembly module
# dist/tplayer.js that the page loads at run time and that other pages can import.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-web.sh
bash scripts/build-wasm.sh
