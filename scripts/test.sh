#!/usr/bin/env bash
# npm test: lint, then every test of every door. Installs what is missing first; stops at the
# first failing step and exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."

step() {
  local title=$1
  shift
  echo
  echo "== $title =="
  local start=$SECONDS
  "$@"
  echo "-- $title: ok ($((SECONDS - start)) s)"
}

step "dependencies" bash scripts/ensure-deps.sh
step "lint (Prettier, ESLint, clang-format, import circles, tsc --strict)" bash scripts/lint.sh
step "calibration (re-fit from calibration/data; the catalogue matches the fit)" \
  bash -c 'python3 -m unittest -q calibration/test_fit.py && python3 calibration/emit_catalog.py --check && python3 calibration/fit_custom.py --check && python3 calibration/fit_kernels.py --check --classes-only'
# Natively, the CLI: the release build every other door is compared with, run as a process on
# every case file. The Catch2 cases run once, in-process, in the sanitizer build below (every case
# there too); building and running them natively as well repeated those checks for ~25 s.
step "native build (the CLI)" bash -c 'cmake --preset native >/dev/null && cmake --build --preset native --target tplayer'
step "CLI tests (native release build)" ctest --preset native -L cli
step "kernels model: the engines' fit matches its data (through the CLI)" \
  python3 calibration/fit_kernels.py --check
step "sanitizer build (clang, ASan + UBSan: tests and fuzz targets)" bash -c 'cmake --preset sanitize >/dev/null && cmake --build --preset sanitize'
step "Catch2 + CLI tests under ASan + UBSan" ctest --preset sanitize
step "fuzz smoke" bash scripts/fuzz.sh --smoke
step "site build (page + WebAssembly)" bash scripts/build.sh
step "JavaScript tests (Vitest, project node)" npx vitest run --project node
step "npm package (build/npm/tplayer-<version>.tgz)" node scripts/npm/pack.mjs
step "package install test (Vitest, project package)" npx vitest run --project package
step "browser tests (Vitest, project browser: Chromium)" npx vitest run --project browser
echo
echo "All test steps passed."
