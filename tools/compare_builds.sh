#!/usr/bin/env bash
# Runs the native command line and the wasm one (under node) on every golden configuration and
# requires byte-identical output: `url` (canonical form + warnings), `data` (JSON incl. sha256, and
# the written file), and `run --json` (incl. trace_sha256) — and that the hashes match the goldens.
set -uo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs
native=build/native/marginlab
web="node build/web/marginlab.js"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
checked=0; bad=0

fail() { echo "MISMATCH: $*"; bad=$((bad + 1)); }

while IFS=$'\t' read -r url sha; do
  [ -z "$url" ] && continue
  a=$($native url "$url" 2>&1); b=$($web url "$url" 2>&1)
  [ "$a" = "$b" ] || fail "url $url: native '$a' vs wasm '$b'"
  a=$($native data --url "$url" --out "$tmp/n.csv" 2>&1); b=$($web data --url "$url" --out "$tmp/w.csv" 2>&1)
  [ "$a" = "$b" ] || fail "data $url: native $a vs wasm $b"
  cmp -s "$tmp/n.csv" "$tmp/w.csv" || fail "data $url: written files differ"
  got=$(sha256sum "$tmp/n.csv" | cut -d' ' -f1)
  [ "$got" = "$sha" ] || fail "data $url: sha256 $got, golden $sha"
  case "$a" in *"\"sha256\":\"$got\""*) ;; *) fail "data $url: printed sha256 is not sha256sum of the file";; esac
  checked=$((checked + 1))
done < tests/golden/data.tsv

if [ -f tests/golden/runs.tsv ]; then
  while IFS=$'\t' read -r url steps sha; do
    [ -z "$url" ] && continue
    a=$($native run --url "$url" --steps "$steps" --json 2>/dev/null); b=$($web run --url "$url" --steps "$steps" --json 2>/dev/null)
    [ "$a" = "$b" ] || fail "run $url: native $a vs wasm $b"
    case "$a" in *"\"trace_sha256\":\"$sha\""*) ;; *) fail "run $url ($steps steps): trace_sha256 is not the golden $sha: $a";; esac
    checked=$((checked + 1))
  done < tests/golden/runs.tsv
fi
echo "compare_builds: $checked golden configurations checked, $bad mismatches"
[ "$bad" -eq 0 ] && [ "$checked" -gt 0 ]
