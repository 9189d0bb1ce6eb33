#!/usr/bin/env bash
# clang-tidy over every .cpp of core/, app/ and native/ with the checks in .clang-tidy: no function over
# 120 lines (readability-function-size) and a few bug-finding checks. Exit status 1 on any finding, each printed
# as file:line:col: error: ... [check] (WarningsAsErrors). web/ is left out: web/main.cpp is compiled only by
# emscripten. Two clang-tidy processes at a time (the machine's build limit).
#
# The whole tree is checked through the native build's unity batches (build/tidy, ML_UNITY_BUILD=ON): each batch
# parses Eigen and the shared headers once instead of once per file, about a quarter of the per-file time. The
# findings are the same, because the header filter below also admits the batched .cpp files. Named files
# (tools/tidy.sh core/data/csv.cpp ...) are checked one by one through a per-file configuration, build/tidy-files.
# Both are configured on first use and by --configure (seconds); only the app's generated shader header is built.
# Usage: tools/tidy.sh [--configure] [FILE.cpp ...]
set -uo pipefail
cd "$(dirname "$0")/.."
tidy=${CLANG_TIDY:-clang-tidy-14}
command -v "$tidy" >/dev/null || { echo "tidy.sh: $tidy not found (Debian's clang-tidy package)"; exit 2; }
configure=0
if [ "${1:-}" = --configure ]; then configure=1; shift; fi
root=$(pwd)
# .clang-tidy's header filter plus the .cpp files a unity batch includes.
unity_filter='(include_roots/[a-z_]+/|/)(core|app|native)/[^ ]*\.(h|cpp)$'

configure_dir() {  # configure_dir DIR UNITY: the native preset without tests' batches or benchmarks
  # Also when DIR was configured the other way (a build/tidy from before it used the unity batches).
  if [ "$configure" = 1 ] || [ ! -f "$1/compile_commands.json" ] ||
    ! grep -qx "ML_UNITY_BUILD:BOOL=$2" "$1/CMakeCache.txt"; then
    cmake --preset native -B "$1" -DML_UNITY_BUILD="$2" -DML_UNITY_TESTS=OFF -DML_BUILD_BENCH=OFF >/dev/null ||
      { echo "tidy.sh: configuring $1 failed"; exit 2; }
  fi
  # Building the shader header also re-runs the configuration when a source folder gained a file.
  cmake --build "$1" --target ml_shaders >/dev/null || { echo "tidy.sh: the shader header in $1 failed"; exit 2; }
}

database_files() {  # database_files DB: every source file the compile database names
  sed -n 's/^ *"file": "\(.*\)",\{0,1\}$/\1/p' "$1"
}

if [ $# -gt 0 ]; then
  dir=build/tidy-files; configure_dir "$dir" OFF
  units=("$@"); checked=("$@"); filter_args=()
else
  dir=build/tidy; configure_dir "$dir" ON
  mapfile -t checked < <(find core app native -name '*.cpp' | sort)
  # The translation units: the unity batches, and any file of core/, app/ or native/ compiled on its own.
  mapfile -t units < <(database_files "$dir/compile_commands.json" |
    grep -E "/Unity/unity_[0-9]+_cxx\.cxx$|^$root/(core|app|native)/")
  filter_args=("--header-filter=$unity_filter")
fi
db=$dir/compile_commands.json

# Every checked file must be compiled (on its own or in a batch), else it would go unchecked.
covered() {  # covered FILE: FILE is a unit, or a unit of the database includes it
  grep -qF "\"file\": \"$root/$1\"" "$db" && return 0
  grep -qsF "#include \"$root/$1\"" "${units[@]}"
}
missing=()
for f in "${checked[@]}"; do covered "$f" || missing+=("$f"); done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "tidy.sh: not compiled in $db (tools/tidy.sh --configure): ${missing[*]}"; exit 2
fi

out=$(mktemp); trap 'rm -f "$out"' EXIT
start=$SECONDS
# Each unit's report is printed whole (two processes' lines never interleave); xargs exits non-zero when
# any clang-tidy did (WarningsAsErrors: '*' makes every finding an error).
export TIDY=$tidy TIDY_DB=$dir
printf '%s\n' "${units[@]}" |
  xargs -P2 -n1 sh -c 'report=$("$TIDY" -p "$TIDY_DB" --quiet "$@" 2>&1); rc=$?; printf "%s\n" "$report"; exit $rc' tidy \
    "${filter_args[@]}" >"$out" 2>&1
status=$?
# clang-tidy's own summary lines ("N warnings generated.", "N warnings treated as errors") are noise here.
grep -v -E '^$|^[0-9]+ (warnings?|errors?)( and [0-9]+ errors?)? generated\.$|^[0-9]+ warnings? treated as errors?$|^Suppressed [0-9]+ warnings|^Use -header-filter|^Error while processing' "$out"
echo "tidy.sh: ${#checked[@]} files in ${#units[@]} translation units, $((SECONDS - start)) s"
if [ "$status" -ne 0 ]; then echo "tidy.sh: findings above (file:line)"; exit 1; fi
echo "tidy.sh: no findings"
