#!/usr/bin/env bash
# npm run dev: builds the WebAssembly module once (build/wasm/, CMake preset wasm), then serves
# the page from web/ with Vite's dev server on 127.0.0.1: edits to web/ show at once (hot
# reload), and a rebuild of the module (bash scripts/build-wasm.sh in another terminal, after a
# change in core/ or wasm/) reloads the page. Extra arguments go to Vite (e.g. --port 8080).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/build-wasm.sh
exec npx --no-install vite --config web/vite.config.js --host 127.0.0.1 "$@"
