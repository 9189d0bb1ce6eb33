#!/usr/bin/env bash
# Desktop end-to-end test of the playground (issue 6): under Xvfb, build/native/marginlab-app opens a
# link, trains a fixed number of steps, draws frames and saves a screenshot; the run's trace hash must
# equal the command line's (`marginlab run --url U --steps N --json`) for the same link, step count and
# CSV file; experiment links (issue 11) open Compare and Sweep. Exit 0 when every check passes.
# Usage: tools/e2e/desktop_test.sh   (env BUILD_NATIVE=build/native, E2E_OUT=build/e2e)
set -uo pipefail
cd "$(dirname "$0")/../.."
BUILD="${BUILD_NATIVE:-build/native}"
APP="$BUILD/marginlab-app"
CLI="$BUILD/marginlab"
OUT="${E2E_OUT:-build/e2e}"
mkdir -p "$OUT"
for f in "$APP" "$CLI"; do
  [ -x "$f" ] || { echo "desktop_test: $f is missing: build the native preset first"; exit 1; }
done
command -v xvfb-run >/dev/null || { echo "desktop_test: xvfb-run is missing: run tools/setup.sh"; exit 1; }

failures=0
pass() { echo "PASS  $1"; }
fail() { echo "FAIL  $1"; failures=$((failures + 1)); }
xvfb() { xvfb-run -a -s "-screen 0 1280x800x24" "$@"; }

# Reads key from a one-line JSON object on stdin.
json_get() { python3 -c 'import json,sys; print(json.loads(sys.stdin.read().strip().splitlines()[-1])[sys.argv[1]])' "$1"; }

# A PNG of the expected size with real content (a blank frame compresses to a few kB).
check_png() {
  python3 - "$1" "$2" "$3" <<'PY'
import struct, sys
path, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data = open(path, 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
width, height = struct.unpack('>II', data[16:24])
assert (width, height) == (w, h), f'size {width}x{height}, expected {w}x{h}'
assert len(data) > 40000, f'only {len(data)} bytes: the frame looks empty'
PY
}

# 1. A chosen link, N steps: same trace as the command line; the frames render and are saved.
URL1='#v=1&data=circle&n=300&noise=uniform&eta=0.1&learner=kernel_perceptron&seed=5&steps=500'
N1=400
app_out=$(xvfb "$APP" --url "$URL1" --steps $N1 --frames 20 --screenshot "$OUT/desktop_link.png" --print-trace-hash 2>"$OUT/desktop_link.err")
cli_out=$("$CLI" run --url "$URL1" --steps $N1 --json 2>/dev/null)
app_hash=$(echo "$app_out" | json_get trace_sha256)
cli_hash=$(echo "$cli_out" | json_get trace_sha256)
app_steps=$(echo "$app_out" | json_get steps)
if [ -n "$app_hash" ] && [ "$app_hash" = "$cli_hash" ] && [ "$app_steps" = "$N1" ]; then
  pass "link + --steps $N1: trace_sha256 $app_hash equals marginlab run's"
else
  fail "link + --steps $N1: app '$app_hash' (steps $app_steps) vs cli '$cli_hash'"
fi
if check_png "$OUT/desktop_link.png" 1280 800 2>"$OUT/png.err"; then pass "screenshot $OUT/desktop_link.png is a 1280x800 picture"
else fail "screenshot: $(tail -1 "$OUT/png.err")"; fi

# 2. A CSV file (what the page's file input does): the app trains on it and matches the command line.
CSV="$OUT/blobs.csv"
python3 - "$CSV" <<'PY'
import math, sys
rows = ['u,v,label']
for i in range(240):
    s = 1 if i % 2 else -1
    a, b = math.sin(i * 0.61) * 1.3, math.cos(i * 1.37) * 1.1
    rows.append(f'{a + 2.0 * s:.4f},{b + 0.7 * s:.4f},{"yes" if s > 0 else "no"}')
open(sys.argv[1], 'w').write('\n'.join(rows) + '\n')
PY
URL2='#v=1&data=csv&noise=uniform&eta=0.1&learner=perceptron&seed=2'
N2=300
app_out=$(xvfb "$APP" --url "$URL2" --csv "$CSV" --steps $N2 --frames 5 --print-trace-hash 2>"$OUT/desktop_csv.err")
canonical=$(echo "$app_out" | json_get url)
cli_out=$("$CLI" run --url "$canonical" --csv "$CSV" --steps $N2 --json 2>/dev/null)
app_hash=$(echo "$app_out" | json_get trace_sha256)
cli_hash=$(echo "$cli_out" | json_get trace_sha256)
if [ -n "$app_hash" ] && [ "$app_hash" = "$cli_hash" ]; then
  pass "CSV file: trace_sha256 equals marginlab run --csv's (link $canonical)"
else
  fail "CSV file: app '$app_hash' vs cli '$cli_hash' (link $canonical)"
fi
case "$canonical" in
  *csvhash=$(sha256sum "$CSV" | cut -c1-16)*) pass "the link names the file by its sha256 prefix" ;;
  *) fail "the link does not carry the file's hash: $canonical" ;;
esac

# 3. The welcome experiment trains while frames are drawn (no --steps).
app_out=$(xvfb "$APP" --frames 40 --print-trace-hash --screenshot "$OUT/desktop_default.png" 2>"$OUT/desktop_default.err")
steps=$(echo "$app_out" | json_get steps)
if [ "${steps:-0}" -gt 0 ]; then pass "welcome experiment trained $steps steps in 40 frames"; else fail "welcome experiment did not train"; fi
if check_png "$OUT/desktop_default.png" 1280 800 2>"$OUT/png.err"; then pass "welcome screenshot saved"; else fail "welcome screenshot: $(tail -1 "$OUT/png.err")"; fi

# 4. A bad link opens anyway (defaults stand in) and says what was wrong.
app_out=$(xvfb "$APP" --url '#v=1&n=abc&learner=nosuch' --frames 2 --print-trace-hash 2>"$OUT/desktop_bad.err")
if grep -q "'n'" "$OUT/desktop_bad.err" && grep -q "nosuch" "$OUT/desktop_bad.err" && [ -n "$(echo "$app_out" | json_get trace_sha256)" ]; then
  pass "a bad link runs with defaults and warns (field 'n', learner 'nosuch')"
else
  fail "bad link: $(cat "$OUT/desktop_bad.err")"
fi

# 5. Compare (issue 11): a learner axis trains three learners side by side; each one's trace equals
#    `marginlab run` on its cell's link.
URL5='#v=1&data=separable&n=400&noise=uniform&eta=0.1&seed=3&steps=400&x.learner=perceptron,bylander,averaging'
app_out=$(xvfb "$APP" --url "$URL5" --steps 400 --frames 12 --print-status --screenshot "$OUT/desktop_compare.png" 2>"$OUT/desktop_compare.err")
compare_ok=$(echo "$app_out" | python3 -c '
import json, subprocess, sys
s = json.loads(sys.stdin.read().strip().splitlines()[-1])
ok = s["mode"] == "compare" and [c["learner"] for c in s["compare"]] == ["perceptron", "bylander", "averaging"]
for c in s["compare"]:
    ref = json.loads(subprocess.run([sys.argv[1], "run", "--url", c["cell"], "--steps", str(c["steps"]), "--json"],
                                    capture_output=True, text=True).stdout.strip().splitlines()[-1])
    ok = ok and c["trace_sha256"] == ref["trace_sha256"]
print("yes" if ok else "no: " + json.dumps(s["compare"]))' "$CLI")
if [ "$compare_ok" = yes ]; then pass "Compare: three learners, each trace equals marginlab run on its cell"; else fail "Compare: $compare_ok"; fi
if check_png "$OUT/desktop_compare.png" 1280 800 2>"$OUT/png.err"; then pass "Compare screenshot saved"; else fail "Compare screenshot: $(tail -1 "$OUT/png.err")"; fi

# 6. Sweep: every cell runs before the first frame (--steps); the plot has all its points; the rows equal
#    `marginlab sweep` on the same link when the command line has that command.
URL6='#v=1&data=separable&n=400&noise=uniform&steps=200&x.learner=perceptron,bylander,averaging&x.eta=0:0.4:0.1&x.seed=1..5'
app_out=$(xvfb "$APP" --url "$URL6" --steps 0 --frames 6 --print-status --screenshot "$OUT/desktop_sweep.png" 2>"$OUT/desktop_sweep.err")
sweep_line=$(echo "$app_out" | python3 -c '
import json, sys
s = json.loads(sys.stdin.read().strip().splitlines()[-1]); w = s["sweep"]
print(w["finished"], w["completed"], w["total"], w["points_filled"], w["points"], w["markers"], w["rows_sha256"], s["url"])')
read -r finished completed total filled points markers rows_hash canonical <<<"$sweep_line"
if [ "$finished" = True ] && [ "$completed" = 75 ] && [ "$filled" = 15 ] && [ "$points" = 15 ] && [ "$markers" = 15 ]; then
  pass "Sweep: 75 of 75 cells, 15 of 15 points plotted"
else
  fail "Sweep: $sweep_line"
fi
if "$CLI" sweep --url "$canonical" --out "$OUT/desktop_sweep_cli.jsonl" >/dev/null 2>"$OUT/desktop_sweep_cli.err"; then
  cli_rows=$(sha256sum "$OUT/desktop_sweep_cli.jsonl" | cut -c1-64)
  if [ "$cli_rows" = "$rows_hash" ]; then pass "Sweep: rows sha256 $rows_hash equals marginlab sweep's"; else fail "Sweep: rows $rows_hash vs marginlab sweep $cli_rows"; fi
else
  echo "SKIP  Sweep rows vs marginlab sweep: $(head -1 "$OUT/desktop_sweep_cli.err")"
fi
if check_png "$OUT/desktop_sweep.png" 1280 800 2>"$OUT/png.err"; then pass "Sweep screenshot saved"; else fail "Sweep screenshot: $(tail -1 "$OUT/png.err")"; fi

if [ $failures -eq 0 ]; then echo "desktop_test: all checks passed"; exit 0; fi
echo "desktop_test: $failures check(s) failed"
exit 1
