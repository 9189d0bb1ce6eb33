#!/usr/bin/env bash
# The command line's strict options and messages (docs/cli.md), run against one build of it:
#   bash tests/tools/cli_test.sh build/native/marginlab
#   bash tests/tools/cli_test.sh node build/web/marginlab.js
# Every case checks the exit code and the message (stderr) or output (stdout) it must give; usage errors,
# unwritable outputs and oversized files must fail before any work. Prints ok/FAIL per check and
# "N passed, M failed"; exits non-zero when a check fails.
set -uo pipefail
cd "$(dirname "$0")/../.."
export NODE_PATH=/usr/share/nodejs
if [ $# -eq 0 ]; then echo "usage: $0 COMMAND... (e.g. build/native/marginlab, or node build/web/marginlab.js)"; exit 2; fi
ml=("$@")
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
passed=0; failed=0

# expect NAME WANT_RC WANT_TEXT WHERE -- ARGS...: runs the command, checks its exit code and that WHERE
# (err or out) contains WANT_TEXT (fixed string). The last run's stdout, stderr and milliseconds stay in
# $t/out, $t/err and $ms for further checks.
expect() {
  local name=$1 want_rc=$2 want=$3 where=$4; shift 5
  local start rc
  start=$(date +%s%N)
  timeout 120 "${ml[@]}" "$@" >"$t/out" 2>"$t/err"; rc=$?
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  if [ "$rc" != "$want_rc" ]; then
    fail "$name: exit code $rc, want $want_rc"
  elif ! grep -qF -- "$want" "$t/$where"; then
    fail "$name: std$where lacks '$want'"
  else
    ok "$name"
  fi
}
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() {
  echo "FAIL $1"; failed=$((failed + 1))
  sed 's/^/     stderr: /' "$t/err" | head -5; head -c 300 "$t/out" | sed 's/^/     stdout: /'; echo
}
# check NAME CONDITION...: one more assertion on the last run.
check() { local name=$1; shift; if "$@"; then ok "$name"; else fail "$name"; fi; }

printf 'x1,x2,label\n0.5,1,1\n-0.5,-1,-1\n1,0.25,1\n-1,-0.5,-1\n' > "$t/f.csv"
usage_run="usage: marginlab run --url"

# --- unknown options, with the nearest known one suggested ---
expect "run --stpes 5: unknown option, did you mean --steps" 2 \
  "error: unknown option '--stpes' for 'run' (did you mean --steps?)" err -- run --url '#v=1&data=ring' --stpes 5
check "run --stpes 5: usage line on stderr, nothing on stdout" eval 'grep -qF "$usage_run" "$t/err" && [ ! -s "$t/out" ]'
expect "check F.csv --lable y: did you mean --label" 2 \
  "error: unknown option '--lable' for 'check' (did you mean --label?)" err -- check "$t/f.csv" --lable y
check "check --lable: usage line" grep -qF "usage: marginlab check FILE.csv" "$t/err"
expect "an option far from every name lists the options" 2 \
  "error: unknown option '--frobnicate' for 'run' (options: --url --steps --trace --json --csv --strict)" err -- \
  run --url '#v=1' --frobnicate 3
expect "single-dash option" 2 "error: unknown option '-steps' for 'run' (options are spelled --name)" err -- \
  run --url '#v=1' -steps 5
expect "learners takes no argument" 2 "error: unexpected argument 'extra' for 'learners' (it takes options only)" err -- \
  learners extra
expect "--help prints the command's usage on stdout" 0 "usage: marginlab run --url '<url>' [--steps N]" out -- run --help
expect "experiment passes options through and refuses one it does not read" 2 \
  "error: experiment rp-toy has no option --bogus" err -- experiment rp-toy --bogus 1

# --- missing, empty, malformed and repeated values ---
expect "--steps with no value (last argument)" 2 \
  "error: option --steps needs a whole number in [1, 1000000000]" err -- run --url '#v=1&data=ring' --steps
expect "--steps followed by another option" 2 \
  "error: option --steps needs a whole number in [1, 1000000000]" err -- run --url '#v=1&data=ring' --steps --json
expect "--steps 5x" 2 "error: --steps '5x' is not a whole number in [1, 1000000000]" err -- \
  run --url '#v=1&data=ring' --steps 5x
expect "--steps 0" 2 "error: --steps '0' is not a whole number in [1, 1000000000]" err -- \
  run --url '#v=1&data=ring' --steps 0
expect "--steps given twice" 2 "error: option --steps is given more than once" err -- \
  run --url '#v=1&data=ring' --steps 3 --steps 4
expect "--url with no value" 2 "error: option --url needs a link such as '#v=1&data=ring'" err -- run --url
expect "--url followed by another option" 2 "error: option --url needs a link" err -- run --url --steps 5
expect "--url ''" 2 "error: option --url needs a link" err -- run --url '' --steps 5
expect "run without --url" 2 "error: run needs --url '<url>'" err -- run --steps 5
expect "a flag given a value" 2 "error: option --json takes no value (given '1')" err -- run --url '#v=1' --json=1
expect "check --label with no value" 2 "error: option --label needs a value" err -- check "$t/f.csv" --label
expect "--name=value form is accepted" 0 '"steps":5' out -- run --url='#v=1&data=ring&seed=1' --steps=5

# --- a CSV the link does not read ---
expect "run --csv with a ring link" 2 \
  "does not read a CSV file (it has no 'data=csv'): add data=csv to the link or drop --csv" err -- \
  run --csv "$t/f.csv" --url '#v=1&data=ring'
check "run --csv with a ring link: usage line, nothing on stdout" eval 'grep -qF "$usage_run" "$t/err" && [ ! -s "$t/out" ]'
expect "data --csv with a ring link" 2 "does not read a CSV file" err -- \
  data --url '#v=1&data=ring' --csv "$t/f.csv" --out "$t/d.csv"
expect "run with a CSV link reads the --csv file" 0 '"trace_sha256"' out -- \
  run --url '#v=1&data=csv&learner=perceptron' --csv "$t/f.csv" --steps 3

# --- output paths checked before any work (a billion steps would not end in time) ---
expect "--trace in a folder that does not exist" 1 \
  "error: --trace '/nonexistent/dir/t.csv': the folder '/nonexistent/dir' does not exist" err -- \
  run --url '#v=1&data=ring' --steps 1000000000 --trace /nonexistent/dir/t.csv
check "--trace refused before the run (${ms} ms, nothing on stdout)" eval '[ "$ms" -lt 10000 ] && [ ! -s "$t/out" ]'
expect "--trace naming a folder" 1 "error: --trace '$t': is a folder, not a file" err -- \
  run --url '#v=1&data=ring' --steps 1000000000 --trace "$t"
expect "--trace in a file, not a folder" 1 "error: --trace '$t/f.csv/t.csv': '$t/f.csv' is not a folder" err -- \
  run --url '#v=1&data=ring' --steps 1000000000 --trace "$t/f.csv/t.csv"
expect "data --out in a folder that does not exist" 1 \
  "error: --out '/nonexistent/dir/d.csv': the folder '/nonexistent/dir' does not exist" err -- \
  data --url '#v=1&data=ring' --out /nonexistent/dir/d.csv
expect "--trace in a writable folder is written" 0 '"trace_sha256"' out -- \
  run --url '#v=1&data=ring&seed=1' --steps 5 --trace "$t/trace.csv"
check "--trace file exists and no probe file is left" eval '[ -s "$t/trace.csv" ] && [ ! -e "$t/trace.csv.tmp" ]'

# --- input files: missing, a directory, over the size cap (a sparse 5 GB file costs no disk) ---
expect "check on a directory" 1 "error: $t: is a directory, not a file" err -- check "$t"
expect "check on a missing file names it" 1 "error: $t/missing.csv: no such file" err -- check "$t/missing.csv"
expect "run --csv on a missing file names it" 1 "error: $t/missing.csv: no such file" err -- \
  run --url '#v=1&data=csv' --csv "$t/missing.csv"
truncate -s 5000000000 "$t/big.csv"
expect "check on a CSV over the cap" 1 \
  "error: $t/big.csv: the file has 5000000000 bytes, more than the 268435456 allowed (max_bytes)" err -- check "$t/big.csv"
check "check on a CSV over the cap: JSON names csv.too_large" grep -qF '"ok":false,"file":"'"$t"'/big.csv","code":"csv.too_large"' "$t/out"
check "check on a CSV over the cap fails fast (${ms} ms, not a 5 GB read)" test "$ms" -lt 5000
expect "run --csv over the cap" 1 "the file has 5000000000 bytes, more than the 268435456 allowed" err -- \
  run --url '#v=1&data=csv' --csv "$t/big.csv"
check "run --csv over the cap fails fast (${ms} ms)" test "$ms" -lt 5000
expect "data --csv over the cap" 1 "the file has 5000000000 bytes, more than the 268435456 allowed" err -- \
  data --url '#v=1&data=csv' --csv "$t/big.csv" --out "$t/d.csv"
check "data --csv over the cap fails fast (${ms} ms)" test "$ms" -lt 5000

# --- warnings in the JSON, --strict ---
expect "run JSON always has a warnings array (empty for a clean link)" 0 '"warnings":[]}' out -- \
  run --url '#v=1&data=ring&seed=1' --steps 5 --strict
expect "n=1000000000: the run's JSON carries the link's warning" 0 '"warnings":["field '"'n'"'' out -- \
  run --url '#v=1&n=1000000000' --steps 5
check "n=1000000000: the warning is on stderr too" grep -qF "warning: field 'n'" "$t/err"
expect "--strict on n=1000000000 exits 1" 1 "error: --strict: the link has 1 warning" err -- \
  run --url '#v=1&n=1000000000' --steps 5 --strict
check "--strict still prints the JSON with the warning" eval 'grep -qF "\"trace_sha256\"" "$t/out" && grep -qF "\"warnings\":[\"field '"'n'"'" "$t/out"'
junk=""; for i in $(seq 1 1000); do junk="$junk&junk$i=1"; done
expect "1000 bad fields: warnings summarized" 0 "warning: ... and 980 more warnings about this link" err -- \
  url "#v=1$junk"
check "1000 bad fields: 21 warning lines" test "$(grep -c '^warning: ' "$t/err")" -eq 21

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
