#!/usr/bin/env bash
# marginlab setup: installs everything the builds, tests and tools need on a fresh Debian bookworm
# machine, from Debian's packages and the npm registry only. Idempotent: a second run installs nothing.
# Usage: tools/setup.sh [--slurm]   (as root, or with sudo available)
#   --slurm: also Debian's slurm-wlm and munge, for the Slurm sharding check (tools/sharding/slurm_check.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

slurm=0
for arg in "$@"; do
  case $arg in
    --slurm) slurm=1 ;;
    *) echo "usage: tools/setup.sh [--slurm]" >&2; exit 2 ;;
  esac
done

PACKAGES=(
  # native build and tests
  g++ cmake make pkg-config libeigen3-dev googletest libgtest-dev libbenchmark-dev
  nlohmann-json3-dev libfast-float-dev libspectra-dev libstb-dev
  # desktop app
  libimgui-dev libglfw3-dev libgl1-mesa-dev
  # web build (emscripten 3.1.6 with clang/lld 14) and its node
  emscripten nodejs
  # fetching Dear ImGui's sources for the web build
  dpkg-dev debian-archive-keyring
  # seeing it as a user: desktop under Xvfb, headless Chromium, image tools
  xvfb xauth chromium imagemagick fonts-dejavu-core curl
  # the sanitizer build and fuzzing (clang's ASan/UBSan/libFuzzer runtimes are only a Recommends: named)
  clang-14 libclang-rt-14-dev llvm-14
  # the layout check (tools/format.sh, .clang-format) and clang-tidy (tools/tidy.sh, .clang-tidy)
  clang-format-14 clang-tidy-14
  # the golden links in a second browser engine (tools/e2e/firefox_test.mjs, under Xvfb)
  firefox-esr
  # peers for the benchmarks and plots for docs (tools/plot_sweep.py)
  python3-sklearn python3-pandas python3-matplotlib
  # cutting the page's font down to the glyphs the UI draws (web/CMakeLists.txt)
  python3-fonttools
  # running a sweep as shards (tools/test.sh, docs/sharding.md); reading the Kubernetes Job in its test
  parallel python3-yaml
  # the Python package (python/, docs/python.md): its extension module, venv install and tests
  pybind11-dev python3-dev python3-venv python3-pip python3-setuptools python3-wheel python3-pytest
)
if [ "$slurm" = 1 ]; then PACKAGES+=(slurm-wlm munge); fi

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "setup: Debian packages present"
fi

# Dear ImGui's core sources for the web build, from Debian's source package, fetched with apt into a
# private directory so the machine's own package lists stay untouched (docs/toolchain.md §5). Never committed.
IMGUI_DIR="$PWD/.deps/imgui"
if [ ! -f "$IMGUI_DIR/imgui.cpp" ]; then
  echo "setup: fetching Dear ImGui 1.86 sources (Debian source package)"
  work="$PWD/.deps/apt"
  rm -rf "$work" && mkdir -p "$work/sources" "$work/lists/partial" "$work/cache/archives/partial" "$work/src"
  # The deb-src entry is derived from the machine's own apt configuration (its main archive's URI and
  # keyring, whatever mirror or proxy that is): this project names no download host.
  bash tools/deb_src_entry.sh > "$work/sources/debian-src.sources" || {
    echo "setup: could not derive a deb-src entry from /etc/apt (see tools/deb_src_entry.sh)" >&2; exit 1; }
  # The files land in a private root-owned folder: apt's _apt sandbox user could not write there.
  apt_opts=(-o APT::Sandbox::User=root -o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$work/sources"
            -o Dir::State::Lists="$work/lists" -o Dir::Cache="$work/cache")
  apt-get "${apt_opts[@]}" update -qq
  (cd "$work/src" && apt-get "${apt_opts[@]}" source --download-only imgui >/dev/null)
  dsc=$(ls "$work"/src/imgui_*.dsc | head -n 1)
  (cd "$work/src" && dpkg-source --no-check -x "$dsc" imgui >/dev/null)
  rm -rf "$IMGUI_DIR" && mkdir -p "$(dirname "$IMGUI_DIR")"
  mv "$work/src/imgui" "$IMGUI_DIR"
  rm -rf "$work"
  test -f "$IMGUI_DIR/imgui.cpp" && test -f "$IMGUI_DIR/backends/imgui_impl_opengl3.cpp"
fi

# npm packages for the browser end-to-end test (Debian's chromium drives it; no browser download).
if [ -f tools/e2e/package.json ] && [ ! -d tools/e2e/node_modules/playwright-core ]; then
  echo "setup: npm packages for the browser tests"
  (cd tools/e2e && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --silent)
fi
echo "setup: done"
