#!/usr/bin/env bash
# marginlab's test command (README): sets up a fresh machine, builds both builds and runs every test:
# the GoogleTest suites natively and under node (wasm SIMD), the native-vs-wasm command-line
# comparison on the golden configs, the command line's strict options and messages in both builds, a
# sweep run as shards (GNU parallel, the Kubernetes Job's command, and Slurm when installed) against one
# process, the end-to-end tests of the front end when present, the sanitizer build (clang, ASan + UBSan:
# the unit suite, golden tests included, and a short fixed pass of every fuzz target), and the golden
# links' trace hashes in a second browser engine (Firefox ESR) next to Chromium.
# Exit status is non-zero if anything fails.
set -uo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs

bash tools/setup.sh || { echo "setup failed"; exit 1; }

passed=0; failed=0; failures=(); ledger=()
step() {  # step NAME COMMAND...: runs one suite, counts it and prints its wall time (the CI budget's ledger)
  local name=$1; shift
  echo; echo "=== $name ==="
  local started=$SECONDS
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$name"); fi
  echo "--- $((SECONDS - started)) s: $name"
  ledger+=("$(printf '%5d s  %s' $((SECONDS - started)) "$name")")
}
# build PRESET [CMAKE_ARGS...]: everything but the benchmarks (bench/run.sh builds those), warnings as errors.
# All three builds compile core/, native/, web/ and app/ in unity batches (ML_UNITY_BUILD, the top-level
# CMakeLists.txt), and the tests in batches of 10 (ML_UNITY_TESTS, tests/CMakeLists.txt); clang-tidy checks
# the same batches in a configuration of its own (tools/tidy.sh, build/tidy).
build() {
  local preset=$1; shift
  cmake --preset "$preset" -DML_BUILD_BENCH=OFF -DML_WERROR=ON "$@" >/dev/null && cmake --build --preset "$preset" -j2
}

step "setup: deb-src entry from the machine's apt configuration" bash tests/tools/deb_src_entry_test.sh
step "no file refers to a folder outside the repository (papers' notes and data live in docs/ and data/)" \
  bash tests/tools/no_outside_refs_test.sh
step "clang-format: the tree is formatted (tools/format.sh --check)" bash tools/format.sh --check
step "native build" build native -DML_UNITY_BUILD=ON
step "native tests" ctest --preset native
# clang-tidy over core/, app/, native/ with .clang-tidy (its own unity configuration, build/tidy: configured, not built).
step "clang-tidy: no function over 120 lines, bug-finding checks" bash tools/tidy.sh
# The Python package (docs/python.md): the README's venv install from the native build, then pytest python/tests.
step "python package: venv install (README) and pytest python/tests" bash python/run_tests.sh
step "docs/url.md is what the field and parameter tables generate" bash -c 'build/native/marginlab url --doc | cmp - docs/url.md'
step "docs/lessons.md is what the lessons' table generates" bash -c 'build/native/marginlab lesson list --doc | cmp - docs/lessons.md'
step "web build" build web -DML_UNITY_BUILD=ON
step "web tests (node, wasm SIMD)" ctest --preset web
step "the page's server publishes only the page" bash tests/tools/served_site_test.sh
step "the page packaged for hosting (tools/package_site.sh, what pages.yml publishes) loads from its folder" \
  bash tests/tools/packaged_site_test.sh
step "native vs wasm command line (golden configs)" bash tools/compare_builds.sh
step "command line: strict options and messages (native)" bash tests/tools/cli_test.sh build/native/marginlab
step "a reproduction part end to end from data/ (banana, 2 noise rates x 2 splits, KGS): rows = the committed rows" \
  bash tests/tools/reproduction_part_test.sh build/native/marginlab
step "tools/figure_claims.py: levels from the cell index, identical levels once, sign tests and sentences" \
  python3 tests/tools/figure_claims_test.py
step "reproduction documents (rp_toy, rp_ida, uma_toy, uma_real): regenerated from the committed rows, byte for byte" \
  bash tests/tools/reproduction_docs_test.sh build/native/marginlab
step "command line: strict options and messages (node)" bash tests/tools/cli_test.sh node build/web/marginlab.js
step "sweep: 4 shards through GNU parallel, merged = one process; node rows = native rows" \
  bash tests/tools/sweep_shards_test.sh build/native/marginlab
step "sweep: the Kubernetes Indexed Job's command for every index, merged = one process" \
  bash tests/tools/sweep_k8s_manifest_test.sh build/native/marginlab
# The Slurm path runs when Debian's slurm-wlm and munge are installed (tools/setup.sh --slurm) and we are root.
if command -v slurmctld >/dev/null && command -v munged >/dev/null && [ "$(id -u)" = 0 ]; then
  step "sweep: a Slurm job array on a private single-node Slurm (127.0.0.1), merged = one process" \
    bash tools/sharding/slurm_check.sh
fi
# The sanitizer build (docs/testing.md): its own build folder, build/asan. Fuzz targets: every committed seed
# input plus FUZZ_RUNS new ones each, with a fixed seed (tools/fuzz.sh --long is the long run).
FUZZ_RUNS=${FUZZ_RUNS:-5000}
step "sanitizer build (clang, ASan + UBSan; unit suite and fuzz targets)" build asan -DML_UNITY_BUILD=ON
step "unit tests under ASan + UBSan (golden tests included)" ctest --preset asan
step "fuzz targets (csv, url, session): committed corpus + $FUZZ_RUNS new inputs each" \
  bash tools/fuzz.sh --runs "$FUZZ_RUNS" --no-build
# Every golden link in Firefox; in Chromium one per learner family (V8 runs every golden config already: the web
# tests under node), so the page's own path is checked in both engines without running the 30 links twice.
step "golden links in a second engine: Firefox ESR reproduces tests/golden/runs.tsv (Chromium: one link per learner family)" \
  bash -c 'node tools/e2e/firefox_test.mjs --engine firefox --links all && node tools/e2e/firefox_test.mjs --engine chromium --links quick'
if [ -x tools/e2e/run.sh ]; then
  step "front end end-to-end (desktop under Xvfb, browser in headless Chromium)" bash tools/e2e/run.sh
fi

echo
echo "wall time per suite:"; printf '%s\n' "${ledger[@]}"; echo "total: $SECONDS s"
if [ "$failed" -gt 0 ]; then echo "failed suites: ${failures[*]}"; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
