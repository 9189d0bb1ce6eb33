#!/usr/bin/env bash
# marginlab benchmarks, in one run: builds the bench programs and the command line in both presets
# (native reference build and WebAssembly SIMD), runs every benchmark and the Debian peers (pandas,
# scikit-learn) back to back, and writes docs/bench.md (raw results: build/bench/results.jsonl).
# Usage: bench/run.sh [--reps N]        (default 3; every figure is a median of N runs)
# Speeds are compared as ratios measured in the same run; nothing here is a pass/fail test.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs
for preset in native web; do
  echo "bench: building ($preset)" >&2
  # -DML_BUILD_BENCH=ON: the test command (tools/test.sh) may have cached OFF in the same build folder.
  cmake --preset "$preset" -DML_BUILD_BENCH=ON >/dev/null
  cmake --build --preset "$preset" --target benchmarks marginlab >/dev/null
done
exec /usr/bin/python3 bench/report.py "$@"
