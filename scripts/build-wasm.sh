#!/usr/bin/env bash
# Builds the WebAssembly module with CMake (preset wasm): build/wasm/tplayer.js (one
# self-contained ES module: the facade, the Emscripten glue and the wasm bytes, gzip-compressed
# and inlined), build/wasm/tplayer.d.ts, and build/wasm/tplayer-testing.js when wasm/testing.js
# exists. Every step is in wasm/CMakeLists.txt; this only configures and builds.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs  # Debian's Emscripten needs it for every emcc call

cmake --preset wasm >/dev/null
cmake --build --preset wasm
echo "build/wasm/tplayer.js: $(wc -c <build/wasm/tplayer.js) bytes, $(gzip -9c build/wasm/tplayer.js | wc -c) gzip -9"
