#!/usr/bin/env bash
# The 000 Table 1 grid as a sweep benchmark: 4 IDA sets × 10 splits × 7 noise rates × 3 projections = 840
# cells with the model selection (x.select=first: 84 selections), the links of docs/reproductions/rp_ida_*.url.
#   one process: each set's link run by one `marginlab sweep`, the four one after another (one core busy);
#   2 shards:    each link as --shard 0/2 and 1/2, the 8 jobs run two at a time (xargs -P 2, as GNU parallel
#                -j2 or a 2-task job array would), then `marginlab merge` per set.
# Checks that the merged shards equal the one-process rows byte for byte, and writes docs/bench_table1.md
# (wall times, cells per second, speed-up; raw rows in build/bench/table1/). It keeps both cores busy: run it
# when nothing else runs (it prints the load average at start and end).
# Usage: bench/table1.sh [--data-dir DIR] [--marginlab build/native/marginlab]
# (the IDA files are read from the data folder: --data-dir DIR, by default the repository's data/; data/README.md)
set -euo pipefail
cd "$(dirname "$0")/.."
data_dir=data
marginlab=build/native/marginlab
job=()
while [ $# -gt 0 ]; do
  case "$1" in
    --data-dir) data_dir=$2; shift ;;
    --marginlab) marginlab=$2; shift ;;
    --job) job=("$2" "$3"); shift 2 ;;  # internal: one shard (SET I of 2), as xargs calls it
    *) echo "usage: bench/table1.sh [--data-dir DIR] [--marginlab PATH]" >&2; exit 2 ;;
  esac
  shift
done
out=build/bench/table1
if [ ${#job[@]} -gt 0 ]; then
  exec "$marginlab" sweep --url "$(cat "docs/reproductions/rp_ida_${job[0]}.url")" --data-dir "$data_dir" \
    --shard "${job[1]}/2" --out "$out/two/${job[0]}_${job[1]}.jsonl" 2>"$out/two/${job[0]}_${job[1]}.log"
fi
[ -x "$marginlab" ] || { echo "error: $marginlab not found: build it first" >&2; exit 1; }
sets=(banana breast_cancer german heart)
rm -rf "$out"
mkdir -p "$out/one" "$out/two"
now() { date +%s.%N; }
calc() { awk "BEGIN { print $1 }"; }
load() { cut -d' ' -f1 /proc/loadavg; }
load_start=$(load)
started=$(date -u '+%Y-%m-%d %H:%M')

declare -A one_s cells
t0=$(now)
for set in "${sets[@]}"; do
  s0=$(now)
  "$marginlab" sweep --url "$(cat "docs/reproductions/rp_ida_$set.url")" --data-dir "$data_dir" \
    --out "$out/one/$set.jsonl" 2>"$out/one/$set.log"
  one_s[$set]=$(calc "$(now) - $s0")
  cells[$set]=$(wc -l <"$out/one/$set.jsonl")
  echo "table1: one process: $set ${cells[$set]} cells in ${one_s[$set]} s" >&2
done
one_total=$(calc "$(now) - $t0")

t0=$(now)
for set in "${sets[@]}"; do for i in 0 1; do echo "$set $i"; done; done |
  xargs -P 2 -L 1 bench/table1.sh --data-dir "$data_dir" --marginlab "$marginlab" --job ||
  { echo "error: a shard failed (logs in $out/two/)" >&2; exit 1; }
two_total=$(calc "$(now) - $t0")
load_end=$(load)
echo "table1: 2 shards on 2 cores: $two_total s" >&2

same=yes
total_cells=0
for set in "${sets[@]}"; do
  "$marginlab" merge "$out/two/${set}_0.jsonl" "$out/two/${set}_1.jsonl" --out "$out/two/$set.jsonl" >/dev/null
  cmp -s "$out/one/$set.jsonl" "$out/two/$set.jsonl" || same=no
  total_cells=$((total_cells + cells[$set]))
done

f() { printf '%.1f' "$1"; }
speedup=$(calc "$one_total / $two_total")
{
  echo "# Sweep benchmark: the 000 Table 1 grid, one process against 2 shards"
  echo
  echo "Produced by \`bench/table1.sh\` (this file is overwritten on every run; rows in \`build/bench/table1/\`)."
  echo "The grid of 000 Table 1 as four experiment links (\`docs/reproductions/rp_ida_<set>.url\`: 10 splits × 7"
  echo "noise rates × 3 projections each, with the model selection \`x.select=first\`, one per noise rate and"
  echo "projection): $total_cells cells and $((total_cells / 10)) selections (one per 10 splits), all on the IDA files of \`$data_dir\`."
  echo
  echo "- **one process**: each link run by one \`marginlab sweep\`, the four one after another (one core busy);"
  echo "- **2 shards**: each link as \`--shard 0/2\` and \`--shard 1/2\` (a shard takes whole selection groups),"
  echo "  the 8 jobs run two at a time (\`xargs -P 2\`, as GNU parallel -j2 or a job array of 2 tasks would),"
  echo "  then \`marginlab merge\` per set."
  echo
  echo "| | |"
  echo "|---|---|"
  echo "| date (UTC) | $started |"
  echo "| CPU | $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) logical cores |"
  echo "| load average (1 min) at start / end | $load_start / $load_end |"
  echo
  echo "| set | cells | one process, s |"
  echo "|---|---:|---:|"
  for set in "${sets[@]}"; do echo "| $set | ${cells[$set]} | $(f "${one_s[$set]}") |"; done
  echo
  echo "| run | wall s | cells/s |"
  echo "|---|---:|---:|"
  echo "| one process | $(f "$one_total") | $(printf '%.2f' "$(calc "$total_cells / $one_total")") |"
  echo "| 2 shards on 2 cores | $(f "$two_total") | $(printf '%.2f' "$(calc "$total_cells / $two_total")") |"
  echo
  echo "Speed-up of 2 shards over one process: **$(printf '%.2f' "$speedup")**. Merged shard rows identical to the"
  echo "one-process rows, byte for byte: **$same**."
} >docs/bench_table1.md
echo "table1: speed-up $(printf '%.2f' "$speedup"), rows identical: $same; docs/bench_table1.md written" >&2
[ "$same" = yes ]
