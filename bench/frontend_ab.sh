#!/usr/bin/env bash
# Paired frame-time comparison of two builds of the front end on this machine: the frame benchmark's four
# cells (desktop under Xvfb and the page in headless Chromium, 10 000 and 100 000 points, training at full
# speed; see bench/frontend.sh) run for build A and build B alternately, REPS times each, so both builds see
# the same machine and the same drift of its load. Frame figures from different machines or days are not
# comparable (the 2-core machines here change CPU model between sessions); this run is.
# Writes docs/bench_frontend_ab.md: per cell the median frame time of each build over its runs (each run's
# figure is that run's median frame), B/A, and how many of the REPS pairs B was faster in, with a two-sided
# sign test over all pairs of all cells.
# Usage: bench/frontend_ab.sh A_NATIVE_BUILD A_WEB_SITE A_LABEL   (B is this checkout's build/native and
#        build/web/site; env REPS=3 FRAMES=200)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 3 ] || { echo "usage: bench/frontend_ab.sh A_NATIVE_BUILD A_WEB_SITE A_LABEL" >&2; exit 2; }
A_NATIVE="$1"; A_SITE="$2"; A_LABEL="$3"
B_NATIVE=build/native; B_SITE=build/web/site
B_LABEL="$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- app core web native shaders || echo '+changes')"
REPS="${REPS:-3}"; FRAMES="${FRAMES:-200}"
OUT=docs/bench_frontend_ab.md
for f in "$A_NATIVE/marginlab-app" "$B_NATIVE/marginlab-app" "$A_SITE/marginlab-app.wasm" "$B_SITE/marginlab-app.wasm"; do
  [ -e "$f" ] || { echo "frontend_ab.sh: $f is missing" >&2; exit 1; }
done
link() { echo "#v=1&data=separable&n=$1&noise=uniform&eta=0.1&learner=perceptron&seed=1&steps=1000000000"; }
median_of() { python3 -c 'import json,sys; print(json.loads(sys.stdin.read().strip().splitlines()[-1])["median_ms"])'; }
frame_median() {  # where build n: prints the run's median frame in ms
  local where=$1 build=$2 n=$3
  if [ "$where" = desktop ]; then
    xvfb-run -a -s "-screen 0 1280x800x24" "$build/marginlab-app" --url "$(link "$n")" --speed 0 \
      --frames "$FRAMES" --stats 2>/dev/null | tail -1 | median_of
  else
    WEB_SITE="$build" node tools/e2e/measure_frames.mjs "$(link "$n")" "$FRAMES" | tail -1 | median_of
  fi
}
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
rows=""
for rep in $(seq 1 "$REPS"); do
  for where in desktop browser; do
    for n in 10000 100000; do
      if [ "$where" = desktop ]; then a_build=$A_NATIVE; b_build=$B_NATIVE; else a_build=$A_SITE; b_build=$B_SITE; fi
      # Alternate which build goes first, so neither always runs right after the other's warm caches.
      if [ $((rep % 2)) -eq 1 ]; then
        a=$(frame_median "$where" "$a_build" "$n"); b=$(frame_median "$where" "$b_build" "$n")
      else
        b=$(frame_median "$where" "$b_build" "$n"); a=$(frame_median "$where" "$a_build" "$n")
      fi
      echo "rep $rep $where n=$n: A $a ms, B $b ms" >&2
      rows+="$where $n $a $b"$'\n'
    done
  done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
cpu=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
printf '%s' "$rows" | python3 -c '
import math, sys
a_label, b_label, reps, frames, cpu, before, after = sys.argv[1:8]
cells = {}
for line in sys.stdin.read().strip().splitlines():
    where, n, a, b = line.split()
    cells.setdefault((where, int(n)), []).append((float(a), float(b)))
def median(v):
    v = sorted(v); k = len(v)
    return v[k // 2] if k % 2 else (v[k // 2 - 1] + v[k // 2]) / 2
def sign_test(wins, losses):  # two-sided exact binomial test, ties dropped
    k, m = min(wins, losses), wins + losses
    if m == 0: return 1.0
    return min(1.0, 2 * sum(math.comb(m, i) for i in range(k + 1)) / 2 ** m)
print("# Front end: paired frame times of two builds\n")
print(f"Produced by `bench/frontend_ab.sh` ({cpu}, 2 cores; load average {before} before, {after} after).")
print(f"A is {a_label}, B is {b_label}. Each cell ran {reps} times per build, A and B alternating (which goes")
print(f"first alternates too); each run is a fresh process or browser measuring {frames} frames of training at")
print("full speed (the frame benchmark of docs/bench_frontend.md), and its figure is its median frame.\n")
print("| cell | A median frame | B median frame | B / A | pairs where B was faster |")
print("|---|---:|---:|---:|---:|")
wins = losses = 0; verdicts = []
for (where, n), pairs in cells.items():
    ma, mb = median([p[0] for p in pairs]), median([p[1] for p in pairs])
    w = sum(b < a for a, b in pairs); l = sum(b > a for a, b in pairs)
    wins += w; losses += l
    cell = f"{where}, {n:,}".replace(",", " ").replace("  ", ", ")
    print(f"| {cell} points | {ma:.1f} ms | {mb:.1f} ms | {mb / ma:.2f} | {w} of {len(pairs)} |")
    verdicts.append(mb / ma)
p = sign_test(wins, losses)
worst = max(verdicts)
print()
print(f"Over all {wins + losses} untied pairs B was faster in {wins} and slower in {losses}; two-sided sign test p = {p:.3g}.")
if p < 0.05:
    direction = "faster" if wins > losses else "slower"
    print(f"Verdict: B is significantly {direction} than A (p < 0.05).")
else:
    print("Verdict: no significant difference between A and B (sign test p >= 0.05); "
          f"the largest B / A of a cell median is {worst:.2f}.")
' "$A_LABEL" "$B_LABEL" "$REPS" "$FRAMES" "$cpu" "$load_before" "$load_after" > "$OUT"
cat "$OUT"
