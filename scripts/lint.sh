#!/usr/bin/env bash
# npm run lint: every check of the code's form, all run, each reported, non-zero if any fails:
#   prettier    --check on the JavaScript, CSS, HTML and d.ts of web/, wasm/, tests/ and scripts/
#   eslint      the recommended rules (eslint.config.js) on the same JavaScript
#   clang-format --dry-run -Werror on the C++ (.clang-format: Google base, 100 columns)
#   tsc         the docs' JavaScript examples and tests/types/ against wasm/tplayer.d.ts,
#               under --strict (tests/types/tsconfig.json; examples from scripts/readme-examples.mjs)
#   imports     no import circle in the page, none up a layer (scripts/check-imports.mjs over web/src)
#   docs        every document and model section the repository cites is in it (scripts/check-docs.mjs)
# npm run format (this script with --fix): prettier --write and clang-format -i on the same files.
set -euo pipefail
cd "$(dirname "$0")/.."

fix=0
case ${1-} in
  "") ;;
  --fix) fix=1 ;;
  -h | --help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "lint: unknown argument \"$1\" (usage: scripts/lint.sh [--fix])" >&2; exit 2 ;;
esac
if (($# > 1)); then echo "lint: one argument at most (usage: scripts/lint.sh [--fix])" >&2; exit 2; fi

# What each tool looks at: one list, for the check and for the fix.
prettier_files=(
  'web/**/*.{js,jsx,css,html}' 'wasm/**/*.{js,ts}' 'scripts/**/*.{js,mjs}'
  'tests/{js,e2e,package,types}/**/*.{js,ts,json}' 'mcp/**/*.js' 'calibration/*.mjs' '*.config.js'
)
eslint_paths=(web wasm scripts mcp calibration/validation-data.mjs tests/js tests/e2e tests/package tests/types ./*.config.js)
cxx_dirs=()
for d in core cli wasm tests/core fuzz bench; do [ -d "$d" ] && cxx_dirs+=("$d"); done
mapfile -t cxx_files < <(find "${cxx_dirs[@]}" -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' \) | sort)
clang_format=$(command -v clang-format || command -v clang-format-14 || true)
if [ -z "$clang_format" ]; then
  echo "lint: clang-format not found: run scripts/ensure-deps.sh (Debian package clang-format)" >&2
  exit 1
fi

if ((fix)); then
  npx --no-install prettier --write --log-level warn "${prettier_files[@]}"
  "$clang_format" -i "${cxx_files[@]}"
  echo "format: prettier and clang-format applied (${#cxx_files[@]} C++ files)"
  exit 0
fi

failed=()
check() {
  local name=$1
  shift
  echo "-- $name"
  if "$@"; then echo "   ok"; else failed+=("$name"); fi
}
check "prettier --check" npx --no-install prettier --check --log-level warn "${prettier_files[@]}"
check "eslint" npx --no-install eslint --max-warnings 0 "${eslint_paths[@]}"
check "clang-format (${#cxx_files[@]} files)" "$clang_format" --dry-run -Werror "${cxx_files[@]}"
check "imports: no circle, none up a layer (web/src)" node scripts/check-imports.mjs web/src
check "docs: every cited document and section is here" node scripts/check-docs.mjs
check "tsc --strict: the docs' examples + tests/types" \
  bash -c 'node scripts/readme-examples.mjs >/dev/null && npx --no-install tsc -p tests/types'

if ((${#failed[@]})); then
  echo "lint: failed: ${failed[*]} (npm run format fixes what prettier and clang-format report)" >&2
  exit 1
fi
echo "lint: all checks passed"
