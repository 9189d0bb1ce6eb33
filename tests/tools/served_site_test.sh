#!/usr/bin/env bash
# The page's server publishes only the page: build/web/site holds exactly the page's files and data/ (a copy
# of the source tree's data/, which the page fetches a link's data from), and
# tools/serve_site.sh (what tools/run.sh serves) answers them and nothing of the build folder around it.
set -uo pipefail
cd "$(dirname "$0")/../.."
site=${WEB_SITE:-build/web/site}
fails=0; checks=0
check() {  # check NAME CONDITION...
  checks=$((checks + 1))
  if "${@:2}"; then echo "ok   $1"; else echo "FAIL $1"; fails=$((fails + 1)); fi
}
listing=$(cd "$site" && find . -mindepth 1 -maxdepth 1 | sed 's|^\./||' | sort | tr '\n' ' ')
check "the site folder holds exactly the page's files and data/ (it holds: $listing)" \
  test "$listing" = "$(bash tools/package_site.sh --list | tr '\n' ' ')"
check "the site's data/ is the source tree's data/, file for file" diff -rq data "$site/data"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
bash tools/serve_site.sh "$port" >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null' EXIT
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
code() { curl -s -o /dev/null -w '%{http_code}' --path-as-is "http://127.0.0.1:$port/$1"; }
check "the page is served" test "$(code '')" = 200
check "the module is served as application/wasm" \
  test "$(curl -s -o /dev/null -w '%{content_type}' "http://127.0.0.1:$port/marginlab-app.wasm")" = application/wasm
check "the sweeps' worker module is served as application/wasm" \
  test "$(curl -s -o /dev/null -w '%{content_type}' "http://127.0.0.1:$port/marginlab-worker.wasm")" = application/wasm
check "the data's manifest is served" test "$(code data/MANIFEST.tsv)" = 200
check "a shipped data file is served" test "$(code data/ida/banana/banana_train_3.csv)" = 200
for f in CMakeCache.txt compile_commands.json marginlab.js marginlab_tests.js ../CMakeCache.txt ../marginlab.wasm; do
  check "/$f is not served" test "$(code "$f")" = 404
done
echo "$((checks - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
