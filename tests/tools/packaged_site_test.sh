#!/usr/bin/env bash
# tools/package_site.sh makes the page's folder (exactly the files of `tools/package_site.sh --list`, byte for
# byte the web build's) and its tarball; that folder, served alone by tools/serve_site.sh, gives a working
# page (loaded in headless Chromium: tools/e2e/packaged_site_test.mjs). What .github/workflows/pages.yml
# publishes is this folder.
set -uo pipefail
cd "$(dirname "$0")/../.."
t=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$t"' EXIT
fails=0; checks=0
check() {  # check NAME CONDITION...
  checks=$((checks + 1))
  if "${@:2}"; then echo "ok   $1"; else echo "FAIL $1"; fails=$((fails + 1)); fi
}
out=$t/pkg/marginlab
check "tools/package_site.sh runs" bash tools/package_site.sh "$out"
want=$(bash tools/package_site.sh --list | tr '\n' ' ')
listing=$(cd "$out" && find . -mindepth 1 -maxdepth 1 | sed 's|^\./||' | sort | tr '\n' ' ')
check "the folder holds exactly the page's files (it holds: $listing)" test "$listing" = "$want"
check "the folder's files are the web build's, byte for byte" diff -rq "${WEB_SITE:-build/web/site}" "$out"
tops=$(tar -tzf "$out.tar.gz" | cut -d/ -f2 | grep -v '^$' | sort -u | tr '\n' ' ')
check "the tarball holds the same folder (marginlab/: $tops)" test "$tops" = "$want"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
WEB_SITE=$out bash tools/serve_site.sh "$port" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
check "the packaged page loads and trains in headless Chromium" \
  env WEB_SITE="$out" node tools/e2e/packaged_site_test.mjs "http://127.0.0.1:$port/"
echo "$((checks - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
