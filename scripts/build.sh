#!/usr/bin/env bash
# npm run build: the WebAssembly module into build/wasm/ (CMake preset wasm), then the static
# site into dist/ (Vite): the page plus a copy of the module, which the page loads at run time
# and other pages can import.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-wasm.sh
bash scripts/build-web.sh
