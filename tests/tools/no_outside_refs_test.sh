#!/usr/bin/env bash
# Nothing in the project may refer to the folder beside the repository that held the papers' notes and data
# before they moved in (data/, docs/): a user's clone has no such folder. Fails listing every place that
# names it (git grep over the tracked files; grep over the tree, build/ excluded, outside a git checkout).
set -uo pipefail
cd "$(dirname "$0")/../.."
pattern='\.\./'"shared"  # written in two pieces so this file does not match itself
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  found=$(git grep -n -e "$pattern" || true)
else
  found=$(grep -rIn --exclude-dir=build --exclude-dir=.git -e "$pattern" . || true)
fi
if [ -n "$found" ]; then
  echo "FAIL: these places refer to a folder outside the repository (move what they cite into docs/ or data/):"
  echo "$found"
  exit 1
fi
echo "ok   no file of the project refers to a folder outside the repository"
