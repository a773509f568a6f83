#!/usr/bin/env bash
# npm run fuzz: builds the libFuzzer targets (CMake preset "sanitize": clang, ASan + UBSan, the
# build the sanitizer tests run from too), writes
# their seed corpora from the presets and tests/cases/, runs the targets (fuzz_scenario,
# fuzz_units, fuzz_measured, fuzz_card) side by side (one core each) on fresh working corpora under build/fuzz/, and prints executions and
# findings per target. Exits non-zero on any crash, sanitizer report or invariant failure.
#
#   bash scripts/fuzz.sh               60 s per target (FUZZ_SECONDS overrides)
#   bash scripts/fuzz.sh --seconds 300
#   bash scripts/fuzz.sh --smoke       5 s per target: keeps the targets compiling and passing
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
while (($#)); do
  case $1 in
    --smoke) seconds=5 ;;
    --seconds)
      [[ $# -ge 2 && $2 =~ ^[0-9]+$ && $2 -gt 0 ]] || { echo "fuzz.sh: --seconds needs a whole number > 0" >&2; exit 2; }
      seconds=$2
      shift
      ;;
    -h | --help)
      sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *) echo "fuzz.sh: unknown argument \"$1\" (try --help)" >&2; exit 2 ;;
  esac
  shift
done
[[ $seconds =~ ^[0-9]+$ && $seconds -gt 0 ]] || { echo "fuzz.sh: FUZZ_SECONDS must be a whole number > 0" >&2; exit 2; }

targets=(fuzz_scenario fuzz_units fuzz_measured fuzz_card)
goal=1000000  # executions per target in the default 60 s run (issue 5)
out=build/fuzz
bin=build/sanitize/fuzz

echo "== building the fuzz targets (preset sanitize)"
cmake --preset sanitize >/dev/null
cmake --build --preset sanitize

rm -rf "$out/seeds" "$out/corpus" "$out/findings" "$out/logs"
mkdir -p "$out/findings" "$out/logs"
shopt -s nullglob
"$bin/tplayer_fuzz_seeds" "$out/seeds" tests/cases/*.json tests/cases/invalid/*.json \
  calibration/data/*.txt

# Sanitizer reports abort (the targets are built with -fno-sanitize-recover=all), so libFuzzer
# keeps the input; leaks are reported at the end of each input. Allocation stacks are kept 5
# frames deep (ASan's default is 30): 13% more executions; the printed reproduce command runs
# with ASan's defaults and so shows the full stacks.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:malloc_context_size=5}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

echo "== fuzzing ${targets[*]} for $seconds s each (side by side)"
declare -A pid
for t in "${targets[@]}"; do
  name=${t#fuzz_}
  mkdir -p "$out/corpus/$name"
  (
    TIMEFORMAT='%U %S'  # CPU seconds, so a busy machine shows in the report
    { time "$bin/$t" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 \
      -rss_limit_mb=2048 -dict="$out/seeds/$name.dict" -artifact_prefix="$out/findings/$t-" \
      "$out/corpus/$name" "$out/seeds/$name" >"$out/logs/$t.log" 2>&1; } 2>"$out/logs/$t.cpu"
  ) &
  pid[$t]=$!
done

status=0
busy=0
rows=()
for t in "${targets[@]}"; do
  rc=0
  wait "${pid[$t]}" || rc=$?
  log=$out/logs/$t.log
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n1)
  cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$out/logs/$t.cpu" 2>/dev/null || true)
  artifacts=("$out/findings/$t-"*)
  findings=${#artifacts[@]}
  if ((rc != 0 && findings == 0)); then findings=1; fi  # e.g. a crash before any artifact
  if ((seconds >= 60)); then
    verdict=$([[ ${execs:-0} -ge $goal ]] && echo "met" || echo "below")
  else
    verdict="n/a (${seconds} s run)"
  fi
  if [[ -n $cpu ]] && awk -v c="$cpu" -v s="$seconds" 'BEGIN { exit !(c < 0.8 * s) }'; then busy=1; fi
  rows+=("$(printf '%-14s %8s %6s %12s %9s %9s   %s' "$t" "$seconds" "${cpu:-?}" "${execs:-?}" "${rate:-?}" "$findings" "$verdict")")
  if ((findings > 0)); then
    status=1
    echo
    echo "!! $t: finding (libFuzzer exit $rc); log: $log"
    grep -a -m3 -E 'INVARIANT FAILED|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error' "$log" || tail -n 20 "$log"
    for a in "${artifacts[@]}"; do
      echo "   input: $a"
      echo "   reproduce: $bin/$t $a"
    done
  fi
done

echo
printf '%-14s %8s %6s %12s %9s %9s   %s\n' target seconds "cpu s" executions exec/s findings \
  ">= 1,000,000 executions in 60 s"
printf '%s\n' "${rows[@]}"
if ((busy)); then
  echo "(the machine was busy: a target had less than 80% of a core, so executions are low;"
  echo " exec/s per CPU second = executions / cpu s)"
fi
echo "(findings: crashes, sanitizer reports and invariant failures; logs in $out/logs/)"
exit "$status"
