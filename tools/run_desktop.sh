#!/usr/bin/env bash
# marginlab desktop app: sets up, builds build/native/marginlab-app (GLFW + OpenGL 3.3) and starts it
# on the default experiment. Arguments are passed on (e.g. --url '#v=1&...', --csv FILE.csv).
# Without a display it runs under Xvfb for 300 frames and writes build/desktop.png instead.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cmake --preset native >/dev/null
cmake --build --preset native --target marginlab-app
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec build/native/marginlab-app "$@"
fi
echo "no display: running under Xvfb for 300 frames, screenshot in build/desktop.png"
exec xvfb-run -a -s "-screen 0 1280x800x24" build/native/marginlab-app --frames 300 --screenshot build/desktop.png "$@"
