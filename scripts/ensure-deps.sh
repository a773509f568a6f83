#!/usr/bin/env bash
# Installs what the build and the tests need, only when it is missing: Debian packages
# (as root, or through sudo), then the npm packages pinned in package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  cmake ninja-build g++ clang libclang-rt-14-dev  # native build, sanitizers, libFuzzer
  catch2 nlohmann-json3-dev                       # C++ tests, CLI JSON output
  emscripten zopfli                               # the WebAssembly build (zopfli packs the shipped wasm)
  librsvg2-bin                                    # rsvg-convert: the CLI test draws the SVG card
  chromium                                        # browser tests and page audits
  clang-format                                    # npm run lint: the C++ check
  python3 gzip
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
if ! command -v node >/dev/null 2>&1; then missing+=(nodejs npm); fi

npm_ci() {
  echo "ensure-deps: npm ci"
  npm ci --no-audit --no-fund
}
npm_stale() {
  [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]
}

# On a fresh machine both installs are needed, and each waits mostly on the network and the disk:
# npm ci runs beside apt (when node is already there), its output printed after apt's.
npm_log=""
npm_pid=""
trap 'if [ -n "$npm_pid" ]; then kill "$npm_pid" 2>/dev/null || true; fi' EXIT  # apt failed
if ((${#missing[@]})) && command -v node >/dev/null 2>&1 && npm_stale; then
  npm_log=$(mktemp)
  npm_ci >"$npm_log" 2>&1 &
  npm_pid=$!
fi

if ((${#missing[@]})); then
  echo "ensure-deps: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [ -n "$npm_pid" ]; then
  npm_status=0
  wait "$npm_pid" || npm_status=$?
  npm_pid=""
  cat "$npm_log"
  rm -f "$npm_log"
  if ((npm_status)); then
    echo "ensure-deps: npm ci failed (exit $npm_status)" >&2
    exit "$npm_status"
  fi
elif npm_stale; then
  npm_ci
fi
