#!/usr/bin/env bash
# The playground's end-to-end tests (issue 6): the desktop app under Xvfb (desktop_test.sh), then the
# page in headless Chromium, one script per capability. Needs both builds (native and web presets) and
# tools/setup.sh (Xvfb, chromium, playwright-core). Exits non-zero when any check fails; ends with each
# script's wall time (the CI budget's ledger).
# Usage: tools/e2e/run.sh [--docs]   (--docs also refreshes docs/img/screenshot_web_{default,compare,sweep,banana}.png)
set -uo pipefail
cd "$(dirname "$0")/../.."
status=0; ledger=()
suite() {  # suite TITLE COMMAND...: runs one script, keeps its wall time
  local title=$1 started=$SECONDS; shift
  echo "== $title =="
  "$@" || status=1
  ledger+=("$(printf '%5d s  %s' $((SECONDS - started)) "$*")")
}
suite "desktop (Xvfb)" tools/e2e/desktop_test.sh
suite "browser (headless Chromium)" node tools/e2e/browser_test.mjs "$@"
suite "experiment links in the browser (Compare, Sweep)" node tools/e2e/experiment_test.mjs "$@"
suite "real CSVs (scikit-learn's, label first), Escape closes a combo" node tools/e2e/newcomer_test.mjs
suite "issue 15 links in the browser (resource budget, named errors)" node tools/e2e/robust_test.mjs
suite "shipped data in the browser (the gallery's banana fetched from data/, the command line's hash, errors)" \
  node tools/e2e/shipped_data_test.mjs "$@"
suite "the sweeps' Web Worker pool (rows equal the command line's, a dead worker, refused cells, Cancel)" \
  node tools/e2e/sweep_pool_test.mjs
suite "the first minute in the browser (numbers line, no layout jump, Compare lines, notices, link copied)" \
  node tools/e2e/first_minute_test.mjs
suite "the View's controls in the browser (edits in the link, Back/Forward, pan and zoom)" node tools/e2e/view_test.mjs
suite "touch in the browser (phone and tablet emulation: taps, scroll, pan, pinch, long-press, typing)" \
  node tools/e2e/touch_test.mjs
suite "large text in the browser (a phone at a 200 % text size, a desktop at the browser's 200 % zoom: one column, nothing cut)" \
  node tools/e2e/zoom_test.mjs
suite "a lesson in the browser (halving_mistakes followed through the panels at 1280x800 and on a phone; progress kept)" \
  node tools/e2e/lesson_test.mjs
echo "e2e wall time per script:"; printf '%s\n' "${ledger[@]}"
if [ $status -eq 0 ]; then echo "e2e: passed"; else echo "e2e: FAILED"; fi
exit $status
