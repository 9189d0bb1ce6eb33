#!/usr/bin/env bash
# clang-tidy over every .cpp of core/, app/ and native/ with the checks in .clang-tidy: no function over
# 120 lines (readability-function-size) and a few bug-finding checks. clang-tidy reads one compile command per
# file, and the native build compiles in unity batches, so this script keeps its own configuration of the native
# preset without them, build/tidy: configured on first use and by --configure (seconds), where only the app's
# generated shader header is built. web/ is left out: its sources (web/main.cpp) are compiled only by emscripten.
# Two files at a time (the machine's build limit). Exit status 1 on any finding, each printed as
# file:line:col: error: ... [check] (WarningsAsErrors). Usage: tools/tidy.sh [--configure] [FILE.cpp ...]
set -uo pipefail
cd "$(dirname "$0")/.."
dir=build/tidy
db=$dir/compile_commands.json
tidy=${CLANG_TIDY:-clang-tidy-14}
command -v "$tidy" >/dev/null || { echo "tidy.sh: $tidy not found (Debian's clang-tidy package)"; exit 2; }
configure=0
if [ "${1:-}" = --configure ]; then configure=1; shift; fi
if [ "$configure" = 1 ] || [ ! -f "$db" ]; then
  cmake --preset native -B "$dir" -DML_UNITY_BUILD=OFF -DML_UNITY_TESTS=OFF -DML_BUILD_BENCH=OFF >/dev/null ||
    { echo "tidy.sh: configuring $dir failed"; exit 2; }
fi
# Building the shader header also re-runs the configuration when a source folder gained a file.
cmake --build "$dir" --target ml_shaders >/dev/null || { echo "tidy.sh: the shader header in $dir failed"; exit 2; }

# Every .cpp of core/, app/ and native/ must be in the compile database, else it would go unchecked.
# Arguments (tools/tidy.sh core/data/csv.cpp ...) check just those files.
root=$(pwd)
if [ $# -gt 0 ]; then files=("$@"); else mapfile -t files < <(find core app native -name '*.cpp' | sort); fi
missing=()
for f in "${files[@]}"; do grep -q "\"file\": \"$root/$f\"" "$db" || missing+=("$f"); done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "tidy.sh: not in $db (tools/tidy.sh --configure): ${missing[*]}"; exit 2
fi

out=$(mktemp); trap 'rm -f "$out"' EXIT
start=$SECONDS
# Each file's report is printed whole (two processes' lines never interleave); xargs exits non-zero when
# any clang-tidy did (WarningsAsErrors: '*' makes every finding an error).
export TIDY=$tidy TIDY_DB=$dir
printf '%s\n' "${files[@]}" |
  xargs -P2 -n1 sh -c 'report=$("$TIDY" -p "$TIDY_DB" --quiet "$1" 2>&1); rc=$?; printf "%s\n" "$report"; exit $rc' tidy \
  >"$out" 2>&1
status=$?
# clang-tidy's own summary lines ("N warnings generated.", "N warnings treated as errors") are noise here.
grep -v -E '^$|^[0-9]+ (warnings?|errors?)( and [0-9]+ errors?)? generated\.$|^[0-9]+ warnings? treated as errors?$|^Suppressed [0-9]+ warnings|^Use -header-filter|^Error while processing' "$out"
echo "tidy.sh: ${#files[@]} files in $((SECONDS - start)) s"
if [ "$status" -ne 0 ]; then echo "tidy.sh: findings above (file:line)"; exit 1; fi
echo "tidy.sh: no findings"
