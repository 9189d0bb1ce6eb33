#!/usr/bin/env bash
# marginlab run command (README): sets up a fresh machine, builds the web app (WebAssembly SIMD) and
# serves it on 127.0.0.1. The page opens on the default experiment, already training.
# Usage: tools/run.sh [PORT]      (default 8080)
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs
port=${1:-${PORT:-8080}}

bash tools/setup.sh
cmake --preset web >/dev/null
cmake --build --preset web --target marginlab-web marginlab
echo
echo "marginlab is being served at http://127.0.0.1:${port}/   (Ctrl-C to stop)"
echo "a configuration link looks like http://127.0.0.1:${port}/#v=1&data=ring&noise=uniform&eta=0.2&learner=rp&seed=1"
exec bash tools/serve_site.sh "$port"
