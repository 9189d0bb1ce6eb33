#!/usr/bin/env bash
# marginlab — the C++ layout of .clang-format (clang-format 14), over the C++ files of core/ app/ native/
# web/ tests/ bench/ (never .deps/ or build/).
#   tools/format.sh --check   lists the files whose layout differs, with the number of lines each would
#                             change; exit 1 if there is any (tools/test.sh runs this)
#   tools/format.sh --fix     formats those files in place
#   tools/format.sh ... FILE...   the same, for the given files only
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: tools/format.sh --check|--fix [FILE...]" >&2; exit 2; }
[[ $# -ge 1 ]] || usage
mode=$1; shift
case $mode in --check|--fix) ;; *) usage ;; esac

FORMAT=${CLANG_FORMAT:-clang-format-14}
if ! command -v "$FORMAT" >/dev/null; then
  echo "format: $FORMAT not found (Debian's clang-format-14; tools/setup.sh installs it)" >&2; exit 1
fi
# The layout depends on clang-format's version: .clang-format was written for 14.
if ! "$FORMAT" --version | grep -q 'version 14\.'; then
  echo "format: $FORMAT is not clang-format 14 ($("$FORMAT" --version)); set CLANG_FORMAT" >&2; exit 1
fi

if [[ $# -gt 0 ]]; then
  files=("$@")
else
  mapfile -t files < <(find core app native web tests bench python/src -type f \( -name '*.cpp' -o -name '*.h' \) | sort)
fi

for f in "${files[@]}"; do
  [[ -f $f ]] || { echo "format: $f: no such file" >&2; exit 1; }
done
# The files whose layout differs: clang-format's dry run over 50 files per process, two processes at a time
# (the machine's two cores); each names a differing file in its "FILE:LINE:COL: error:" lines.
export FORMAT
report=$(printf '%s\0' "${files[@]}" | xargs -0 -P2 -n50 "$FORMAT" --style=file --dry-run --Werror 2>&1) &&
  dry_run=0 || dry_run=$?
mapfile -t differing < <(sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: .*/\1/p' <<<"$report" | sort -u |
  grep -Fxf <(printf '%s\n' "${files[@]}"))
# A failure that names no file (an unreadable .clang-format, a crash) must not read as "all files match".
if [[ $dry_run -ne 0 && ${#differing[@]} -eq 0 ]]; then
  echo "format: $FORMAT failed without naming a file:" >&2; echo "$report" | head -20 >&2; exit 1
fi
counts=""
for f in "${differing[@]}"; do
  counts+="$("$FORMAT" --style=file "$f" | diff "$f" - | grep -c '^[<>]' || true) $f"$'\n'
done

differ=0; lines=0
while read -r changed f; do
  [[ $changed -gt 0 ]] || continue
  differ=$((differ + 1)); lines=$((lines + changed))
  if [[ $mode == --fix ]]; then
    "$FORMAT" --style=file -i "$f"
    echo "formatted $f"
  else
    echo "$f: $changed lines differ"
  fi
done <<<"${counts%$'\n'}"

if [[ $mode == --check ]]; then
  if [[ $differ -gt 0 ]]; then
    echo "format: $differ of ${#files[@]} files differ from .clang-format ($lines lines removed or added);" \
         "bash tools/format.sh --fix formats them" >&2
    exit 1
  fi
  echo "format: all ${#files[@]} files match .clang-format"
fi
