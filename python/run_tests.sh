#!/usr/bin/env bash
# The Python package's test (tools/test.sh): installs python/ into a fresh venv exactly as the README says (from
# the native build's folder, so an existing build makes the install a copy), then runs python/tests with pytest.
# Usage: python/run_tests.sh [pytest arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
venv=build/python-venv
rm -rf "$venv"
/usr/bin/python3 -m venv --system-site-packages "$venv"
"$venv/bin/pip" install --quiet --no-build-isolation --no-index ./python
"$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests "$@"
