#!/usr/bin/env bash
# npm start: installs what is missing, builds the CLI and the page, prints the worked
# example, and serves the calculator on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
cmake --preset native >/dev/null
cmake --build --preset native --target tplayer
echo
echo "== build/native/tplayer --preset Gpt3TensorParallelLayerTp8 =="
build/native/tplayer --preset Gpt3TensorParallelLayerTp8
echo
bash scripts/build.sh
exec node scripts/serve.mjs
