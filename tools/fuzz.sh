#!/usr/bin/env bash
# marginlab — runs the libFuzzer targets (tests/fuzz/<name>_fuzz.cpp: csv, url, session), built by the
# sanitizer preset (clang, ASan + UBSan, build/asan), each on a scratch copy of its seed corpus
# (tests/fuzz/corpus/<name>), so the repository is never written to. New targets are picked up by name.
#
#   tools/fuzz.sh [mode] [--no-build] [target...]      targets: csv, url, session (default: all)
#   tools/fuzz.sh 300 csv                             the same as --seconds 300 csv
#   modes:
#     --runs N      the short pass tools/test.sh runs: the committed corpus, then N new inputs, with a fixed
#                   seed (-seed=1), so a pass is the same work every time
#     --seconds S   S seconds per target (default mode: 60)
#     --long        the long run: 10^7 executions per target (-runs=10000000), the corpus kept growing in
#                   build/fuzz/long/<name> across runs; this is the command for "10^7 executions with nothing
#                   found" (issue 15). Rates measured here (docs/testing.md): hours per target on one core.
#   --no-build      use the binaries in build/asan as they are (the test command builds them first)
#
# Per-target libFuzzer flags live in tests/fuzz/<name>_fuzz.options (one flag per line: -max_len reaching
# the CSV reader's caps, the session target's memory limit); the dictionary in tests/fuzz/<name>_fuzz.dict.
# Output: build/fuzz/logs/<name>.log; crashing inputs in build/fuzz/artifacts/<name>-crash-*; a summary line
# per target with executions, executions/s, coverage (cov: edges, ft: features) and peak memory.
# Exit status: 0 when every target ran clean; 1 when any failed to build or found a problem.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=seconds
amount=60
build=1
names=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --runs) mode=runs; amount=${2:?--runs needs a number}; shift 2 ;;
    --seconds) mode=seconds; amount=${2:?--seconds needs a number}; shift 2 ;;
    --long) mode=long; amount=10000000; shift ;;
    --no-build) build=0; shift ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    [0-9]*) mode=seconds; amount=$1; shift ;;  # the older form: tools/fuzz.sh SECONDS [target...]
    -*) echo "fuzz.sh: unknown option $1 (see tools/fuzz.sh --help)" >&2; exit 2 ;;
    *) stem=$(basename "$1" .cpp); names+=("${stem%_fuzz}"); shift ;;
  esac
done
if [[ ! $amount =~ ^[0-9]+$ ]]; then
  echo "fuzz.sh: '$amount' is not a whole number" >&2
  exit 2
fi
if [[ ${#names[@]} -eq 0 ]]; then
  for src in tests/fuzz/*_fuzz.cpp; do
    stem=$(basename "$src" .cpp)
    names+=("${stem%_fuzz}")
  done
fi
for name in "${names[@]}"; do
  if [[ ! -f tests/fuzz/${name}_fuzz.cpp ]]; then
    echo "fuzz.sh: no such target: tests/fuzz/${name}_fuzz.cpp" >&2
    exit 2
  fi
done

BIN=build/asan
if [[ $build -eq 1 ]]; then
  if ! command -v clang++-14 >/dev/null; then
    echo "fuzz.sh: clang++-14 not found (packages clang-14 libclang-rt-14-dev; see tools/setup.sh)" >&2
    exit 1
  fi
  cmake --preset asan >/dev/null
  cmake --build --preset asan
fi

# Readable stacks: the sanitizers look for llvm-symbolizer, which Debian installs with a version suffix.
if [[ -z ${ASAN_SYMBOLIZER_PATH:-} && -x /usr/bin/llvm-symbolizer-14 ]]; then
  export ASAN_SYMBOLIZER_PATH=/usr/bin/llvm-symbolizer-14
fi
OUT=build/fuzz
mkdir -p "$OUT/artifacts" "$OUT/logs"
status=0
summary=()
for name in "${names[@]}"; do
  bin=$BIN/${name}_fuzz
  if [[ ! -x $bin ]]; then
    summary+=("$name: MISSING $bin (build the asan preset)")
    status=1
    continue
  fi
  # A fresh copy of the committed corpus (short and timed runs); the long run keeps its own growing one.
  if [[ $mode == long ]]; then
    work=$OUT/long/$name
    mkdir -p "$work"
  else
    work=$OUT/work/$name
    rm -rf "$work"
    mkdir -p "$work"
  fi
  [[ -d tests/fuzz/corpus/$name ]] && cp -r "tests/fuzz/corpus/$name/." "$work/"
  args=(-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$OUT/artifacts/${name}-")
  if [[ -f tests/fuzz/${name}_fuzz.options ]]; then
    while read -r flag; do
      [[ -z $flag || $flag == \#* ]] || args+=("$flag")
    done <"tests/fuzz/${name}_fuzz.options"
  fi
  [[ -f tests/fuzz/${name}_fuzz.dict ]] && args+=(-dict="tests/fuzz/${name}_fuzz.dict")
  seeds=$(find "$work" -type f | wc -l)
  case $mode in
    runs) args+=(-seed=1 -runs=$((seeds + amount))) ;;
    seconds) args+=(-max_total_time="$amount") ;;
    long) args+=(-runs="$amount") ;;
  esac
  log=$OUT/logs/$name.log
  echo "== ${name}_fuzz: $mode $amount, $seeds seed inputs (log: $log)"
  start=$(date +%s%N)
  if "$bin" "${args[@]}" "$work" >"$log" 2>&1; then
    result=ok
  elif grep -q 'libFuzzer: run interrupted' "$log"; then
    result="interrupted (Ctrl-C or kill -INT; nothing found until then)"
    status=1
  else
    tail -40 "$log"
    artifact=$(grep -o "$OUT/artifacts/${name}-[a-z-]*[0-9a-f]*" "$log" | tail -1 || true)
    result="FAILED (${artifact:-see $log})"
    status=1
  fi
  millis=$((($(date +%s%N) - start) / 1000000))
  seconds=$(awk -v ms="$millis" 'BEGIN { printf "%.1f", ms / 1000 }')
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
  rate='?'
  [[ $runs =~ ^[0-9]+$ ]] && rate=$(awk -v r="$runs" -v ms="$millis" 'BEGIN { printf "%.0f", 1000 * r / (ms > 0 ? ms : 1) }')
  rss=$(grep -o 'stat::peak_rss_mb: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
  coverage=$(grep -E '^#[0-9]+' "$log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+' || echo 'cov: ?')
  summary+=("$name: $result, $runs executions in ${seconds} s (${rate}/s), $coverage, peak ${rss} MB")
done

echo "== summary ($mode $amount)"
for line in "${summary[@]}"; do echo "  $line"; done
exit $status
