#!/usr/bin/env bash
# Packages the page for hosting anywhere static files are served (GitHub Pages, any web server): copies exactly
# the page's files from the web build's site folder (build/web/site, what tools/serve_site.sh serves) into
# OUT_DIR and writes OUT_DIR.tar.gz beside it. The page needs nothing else: no server code, no build folder.
# .github/workflows/pages.yml publishes the folder this script makes.
# Usage: tools/package_site.sh [OUT_DIR]   (default build/site-package/marginlab; env WEB_SITE: another site)
#        tools/package_site.sh --list      (prints the page's files, one per line: the one list of them)
set -euo pipefail
cd "$(dirname "$0")/.."
# The page's files (web/CMakeLists.txt assembles them in the site folder); data/ is the shipped data the
# page fetches a link's files from.
site_files=(data glue.js index.html marginlab-app.js marginlab-app.wasm marginlab-worker.js marginlab-worker.wasm pool.js touch.js worker.js)
if [ "${1:-}" = "--list" ]; then
  printf '%s\n' "${site_files[@]}"
  exit 0
fi
site=${WEB_SITE:-build/web/site}
out=${1:-build/site-package/marginlab}
for f in "${site_files[@]}"; do
  [ -e "$site/$f" ] || { echo "package_site: $site/$f is missing: build the web preset first (README 'Run it')" >&2; exit 1; }
done
rm -rf "$out"
mkdir -p "$out"
for f in "${site_files[@]}"; do cp -R "$site/$f" "$out/"; done
tar -czf "$out.tar.gz" -C "$(dirname "$out")" "$(basename "$out")"
echo "package_site: $out ($(du -sh "$out" | cut -f1)) and $out.tar.gz"
