#!/usr/bin/env bash
# npm run bench: the speed and size of the calculator (a benchmark, not a test: it never fails
# on a number). Prints, in one run: native ns per solve (C++ loop), wasm ns per scenario inside
# one sweep call, JS solve() microseconds per call (median), the gzip -9 size of
# dist/tplayer.js, and the page's numbers when scripts/bench-page.mjs exists.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f dist/tplayer.js ]; then
  echo "bench: dist/tplayer.js is missing; building it (scripts/build.sh)"
  bash scripts/build.sh >/dev/null
fi

# The native loop: the CMake target tplayer_native_bench (bench/), native preset (Release).
cmake --preset native >/dev/null
cmake --build --preset native --target tplayer_native_bench >/dev/null
native=$(build/native/tplayer_native_bench)
native_solve=$(awk '$1 == "native_solve_value_ns" {print $2}' <<<"$native")
native_sweep=$(awk '$1 == "native_sweep_ns_per_point" {print $2}' <<<"$native")

echo "tplayer benchmark ($(nproc) cores, load average $(cut -d" " -f1 /proc/loadavg), $(node --version), $(date -u +%Y-%m-%d))"
echo
printf '%-52s %12s  %s\n' "native: solve_value, ns per solve (C++ loop)" "$native_solve ns" "g++ -O3, best of 15"
printf '%-52s %12s  %s\n' "native: core sweep, ns per scenario" "$native_sweep ns" "10,000 values, best of 15"
NATIVE_SWEEP_NS=$native_sweep NATIVE_SOLVE_NS=$native_solve node scripts/bench-api.mjs

raw=$(wc -c <dist/tplayer.js)
gz=$(gzip -9c dist/tplayer.js | wc -c)
verdict=$([ "$gz" -le 40960 ] && echo met || echo MISSED)
printf '%-52s %12s  %s\n' "size: dist/tplayer.js, gzip -9" "$gz B" \
  "$((raw / 1024)) KiB raw; target <= 40 KiB gzip: $verdict"

if [ -f scripts/bench-page.mjs ]; then
  echo
  node scripts/bench-page.mjs
fi
