#!/usr/bin/env bash
# One sweep (learner x eta x seed, a few steps per cell) run four ways, whose rows must be byte-identical:
# in one process, as 4 shards through GNU parallel (Debian's `parallel`) then merged, on 1, 2 and 4 threads
# (--jobs, with --shard and resumed too), and — when the web build exists — by the node build of the same
# command line (build/web/marginlab.js).
#   bash tests/tools/sweep_shards_test.sh [NATIVE_MARGINLAB]     (default build/native/marginlab)
# Prints ok/FAIL per check and "N passed, M failed"; exits non-zero when a check fails.
set -uo pipefail
cd "$(dirname "$0")/../.."
export NODE_PATH=/usr/share/nodejs
ml=$(realpath "${1:-build/native/marginlab}")  # absolute: the report check runs in other folders
web=$PWD/build/web/marginlab.js
shards=4
url='#v=1&data=separable&n=200&noise=uniform&steps=150&x.learner=perceptron,bylander,averaging&x.eta=0,0.1,0.2,0.3&x.seed=1..4'
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
passed=0; failed=0
ok() { echo "ok   $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; failed=$((failed + 1)); [ -s "$t/err" ] && sed 's/^/     stderr: /' "$t/err" | tail -5; }
check() { local name=$1; shift; if "$@"; then ok "$name"; else fail "$name"; fi; }

if ! command -v parallel >/dev/null; then echo "FAIL GNU parallel is missing (tools/setup.sh installs Debian's parallel)"; exit 1; fi

check "one process: 48 cells" eval '"$ml" sweep --url "$url" --out "$t/single.jsonl" >/dev/null 2>"$t/err" &&
  [ "$(wc -l < "$t/single.jsonl")" -eq 48 ]'
# The shards run at once (-j N), in whatever order the machine schedules them.
check "$shards shards through GNU parallel" eval 'parallel --will-cite -q --halt now,fail=1 -j "$shards" \
  "$ml" sweep --url "$url" --shard "{}/$shards" --out "$t/shard_{}.jsonl" ::: $(seq 0 $((shards - 1))) \
  >/dev/null 2>"$t/err"'
check "every shard has its 12 rows" eval 'for s in $(seq 0 $((shards - 1))); do
  [ "$(wc -l < "$t/shard_$s.jsonl")" -eq 12 ] || exit 1; done'
check "merge of the shards" eval '"$ml" merge $(ls "$t"/shard_*.jsonl | sort -r) --out "$t/merged.jsonl" >/dev/null 2>"$t/err"'
check "merged shards = one process, byte for byte" cmp "$t/single.jsonl" "$t/merged.jsonl"

# --jobs N: the cells on N threads of one process, rows written in cell order: the same bytes for any N.
for jobs in 1 2 4; do
  check "--jobs $jobs = one process, byte for byte" eval '"$ml" sweep --url "$url" --jobs $jobs \
    --out "$t/jobs_$jobs.jsonl" >/dev/null 2>"$t/err" && cmp "$t/single.jsonl" "$t/jobs_$jobs.jsonl"'
done
check "--jobs 3 --shard 1/$shards = shard 1/$shards" eval '"$ml" sweep --url "$url" --jobs 3 --shard 1/$shards \
  --out "$t/jobs_shard_1.jsonl" >/dev/null 2>"$t/err" && cmp "$t/shard_1.jsonl" "$t/jobs_shard_1.jsonl"'
head -n 7 "$t/single.jsonl" > "$t/jobs_resumed.jsonl"
check "--jobs 2 resumes after 7 rows = one process" eval '"$ml" sweep --url "$url" --jobs 2 \
  --out "$t/jobs_resumed.jsonl" >/dev/null 2>"$t/err" && cmp "$t/single.jsonl" "$t/jobs_resumed.jsonl"'
check "--jobs: progress lines on stderr (not a terminal)" grep -qE '^progress: 48/48 cells, [0-9.]+ cells/s' "$t/err"

if [ -f "$web" ]; then
  check "node build: the same sweep" eval 'node "$web" sweep --url "$url" --out "$t/node.jsonl" >/dev/null 2>"$t/err"'
  check "node rows = native rows, byte for byte" cmp "$t/single.jsonl" "$t/node.jsonl"
  check "node build: shard 1/$shards = native shard 1/$shards" eval \
    'node "$web" sweep --url "$url" --shard 1/$shards --out "$t/node_1.jsonl" >/dev/null 2>"$t/err" &&
     cmp "$t/shard_1.jsonl" "$t/node_1.jsonl"'
  # Same relative paths in two folders: the Markdown shows the commands, so the texts must match exactly.
  mkdir "$t/n" "$t/w"
  check "node build: the same report (Markdown and CSV)" eval '
    (cd "$t/n" && "$ml" report ../single.jsonl --url "$url" --out r.md --no-figure) >/dev/null 2>"$t/err" &&
    (cd "$t/w" && node "$web" report ../single.jsonl --url "$url" --out r.md --no-figure) >/dev/null 2>"$t/err" &&
    cmp "$t/n/r.md" "$t/w/r.md" && cmp "$t/n/r.csv" "$t/w/r.csv"'
else
  echo "skip node build comparison: no build/web/marginlab.js (tools/test.sh builds it)"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
