#!/usr/bin/env bash
# Serves the page on 127.0.0.1: only build/web/site (index.html, glue.js, marginlab-app.js/.wasm), never
# the build folder around it. Python's server sends .wasm as application/wasm, so the page compiles the
# module while it streams in.
# Usage: tools/serve_site.sh [PORT]   (default 8080; env WEB_SITE to serve another site folder)
set -euo pipefail
cd "$(dirname "$0")/.."
site=${WEB_SITE:-build/web/site}
[ -f "$site/index.html" ] || { echo "serve_site: $site/index.html is missing: build the web preset first" >&2; exit 1; }
exec /usr/bin/python3 -m http.server "${1:-8080}" --bind 127.0.0.1 --directory "$site"
