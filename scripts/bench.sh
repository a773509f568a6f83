#!/usr/bin/env bash
# npm run bench: the speed and size of the calculator (a benchmark, not a test: it never fails
# on a number). Prints, in one run, each with its target where it has one:
#   native    ns per solve and per point of the core's sweep (bench/native_bench.cpp, C++ loop)
#   wasm/js   the shipped sweep path: sweep() of dist/tplayer.js per point beside the native
#             sweep; the core's sweep alone inside WebAssembly; solve() and check() per call
#             (scripts/bench-api.mjs)
#   mcp       tplayer-mcp: start, then the first solve (target <= 50 ms) (scripts/bench-mcp.mjs)
#   page      the byte budgets (module, the page's own files, first load), input latency and
#             Lighthouse (scripts/bench-page.mjs)
# and writes the numbers into docs/benchmarks.md, one row per measure (scripts/bench-doc.mjs).
# Usage: npm run bench -- [--no-lighthouse] [--runs N]   (the options go to bench-page.mjs)
set -euo pipefail
cd "$(dirname "$0")/.."

for arg in "$@"; do
  case $arg in
    -h | --help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  esac
done
# Reject bad options now, not after a minute of measuring (bench-page.mjs owns the options).
node scripts/bench-page.mjs --check-args "$@"

echo "== building (npm run build: module + page; native preset: the benchmark target)"
bash scripts/build.sh >/dev/null
cmake --preset native >/dev/null
cmake --build --preset native --target tplayer_native_bench >/dev/null
native=$(build/native/tplayer_native_bench)
native_solve=$(awk '$1 == "native_solve_value_ns" {print $2}' <<<"$native")
native_sweep=$(awk '$1 == "native_sweep_ns_per_point" {print $2}' <<<"$native")
native_core=$(awk '$1 == "native_core_solve_nccl_sp_ns" {print $2}' <<<"$native")
native_hiding=$(awk '$1 == "native_hiding_search_ns" {print $2}' <<<"$native")

# What follows is printed and kept, then written into docs/benchmarks.md.
mkdir -p build
{
echo
echo "tplayer benchmark ($(nproc) cores, load average $(cut -d" " -f1 /proc/loadavg), $(node --version), $(date -u +%Y-%m-%d))"
echo
printf '%-52s %12s  %s\n' "native: solve_value, ns per solve (C++ loop)" "$native_solve ns" "g++ -O3 (Release), best of 15"
printf '%-52s %12s  %s\n' "native: core sweep, ns per point" "$native_sweep ns" "10,000 values, best of 15"
printf '%-52s %12s  %s\n' "native: the hiding search, per solve (nccl, SP)" "$native_hiding ns" \
  "$(awk -v h="$native_hiding" -v s="$native_core" 'BEGIN { printf "%.2fx the core solve() (%d ns, which runs it); target <= 2x: %s", h / s, s, (h <= 2 * s ? "met" : "MISSED") }')"
NATIVE_SWEEP_NS=$native_sweep NATIVE_SOLVE_NS=$native_solve node scripts/bench-api.mjs

node scripts/bench-mcp.mjs

node scripts/bench-page.mjs "$@"
} | tee build/bench-output.txt
node scripts/bench-doc.mjs build/bench-output.txt
