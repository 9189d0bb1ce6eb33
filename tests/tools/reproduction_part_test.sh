#!/usr/bin/env bash
# One small part of a reproduction end to end from the shipped data: 000 Table 1's banana protocol (the link of
# docs/reproductions/rp_ida_banana.url cut to two noise rates, two splits and the KGS projection, with its model
# selection) run by `marginlab sweep` from a folder outside the repository, with no --data-dir: the command
# line finds data/ itself and checks every file against data/MANIFEST.tsv. The rows must equal the committed
# tests/golden/reproduction_banana.jsonl byte for byte, and `marginlab report` must accept them.
#   bash tests/tools/reproduction_part_test.sh build/native/marginlab
#   bash tests/tools/reproduction_part_test.sh --update build/native/marginlab   (rewrites the expected rows)
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
update=0
if [ "${1:-}" = --update ]; then update=1; shift; fi
if [ $# -eq 0 ]; then echo "usage: $0 [--update] COMMAND... (e.g. build/native/marginlab)"; exit 2; fi
ml=("$@")
case ${ml[-1]} in /*) ;; *) ml[-1]=$root/${ml[-1]} ;; esac
expected=$root/tests/golden/reproduction_banana.jsonl
url='#v=1&data=csv&csv=ida%2Fbanana%2Fbanana&split=1&noise=uniform&eta=0&learner=rp&l.width_c=1&l.eta_from_noise=1&l.updates=500&seed=1&steps=100000&x.eta=0,0.2&x.l.projection=kgs&x.split=1..2&x.select=first'
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cd "$t" || exit 1
start=$(date +%s%N)
if ! "${ml[@]}" sweep --url "$url" --out rows.jsonl >out.json 2>err.txt; then
  echo "FAIL the banana part did not run:"; sed 's/^/     /' err.txt | head -5; exit 1
fi
ms=$(( ($(date +%s%N) - start) / 1000000 ))
if [ "$update" = 1 ]; then cp rows.jsonl "$expected"; echo "wrote $expected"; exit 0; fi
if ! cmp -s rows.jsonl "$expected"; then
  echo "FAIL the banana part's rows differ from tests/golden/reproduction_banana.jsonl:"
  cmp "$expected" rows.jsonl | sed "s/^/     /"
  exit 1
fi
if ! "${ml[@]}" report rows.jsonl --url "$url" --out part.md --metrics test_error,counters.projection_dim \
  --compare eta --title "banana part" --no-figure >/dev/null 2>err.txt; then
  echo "FAIL marginlab report on the banana part's rows:"; sed 's/^/     /' err.txt | head -5; exit 1
fi
echo "ok   banana part from data/ ($(wc -l <rows.jsonl) cells, ${ms} ms): rows = tests/golden/reproduction_banana.jsonl"
