#!/usr/bin/env bash
# Installs what the build and the tests need, only when it is missing: Debian packages
# (as root, or through sudo), then the npm packages pinned in package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  cmake ninja-build g++ clang libclang-rt-14-dev  # native build, sanitizers, libFuzzer
  catch2 nlohmann-json3-dev                       # C++ tests, CLI JSON output
  emscripten zopfli                               # the WebAssembly build (zopfli packs the shipped wasm)
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

if ((${#missing[@]})); then
  echo "ensure-deps: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "ensure-deps: npm ci"
  npm ci --no-audit --no-fund
fi
