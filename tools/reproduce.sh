#!/usr/bin/env bash
# Regenerates a reproduction document from its experiment links (docs/reproductions/):
#
#   tools/reproduce.sh rp_toy|rp_ida|uma_toy|uma_real|malicious_sweep|all [--data-dir DIR] [--rows DIR]
#                      [--shards N] [--marginlab PATH]
#
# A document is made of parts. Each part is one experiment link, docs/reproductions/PART.url, run by
# `marginlab sweep` into ROWS/PART.jsonl (an existing file is resumed: only missing cells run; with --shards N,
# N shards at once into ROWS/PART.shard_i.jsonl, then `marginlab merge`) and
# reported by `marginlab report` into docs/PART.md, docs/PART.csv and docs/PART.png (the figure is drawn
# by tools/plot_sweep.py), with the paired comparisons' verdicts computed from the rows. The document
# docs/DOC.md is docs/reproductions/DOC.head.md, then every part's report (its headings one level down),
# then docs/reproductions/DOC.notes.md; the parts' Markdown files are removed, their CSV and figure stay.
# Nothing in the document is typed by hand but the head and the notes (protocol and choices, no verdict).
# Published numbers come from docs/reproductions/PART.ref.tsv or, for the 000 tables, docs/reference/.
#
#   --data-dir DIR   the data folder the links' csv= names are read from (default: the repository's data/,
#                    which the command line finds by itself; data/README.md)
#   --rows DIR       where the rows files go (default build/reproductions)
#   --shards N       shards run at once per part (default 1; rp_toy and rp_ida use the cores, nproc)
#   --marginlab P    the command line (default build/native/marginlab)
set -euo pipefail
cd "$(dirname "$0")/.."

doc=${1:-}
shift || true
# all: every document in turn, with the same options (each resumes its rows files, so a rerun continues).
if [ "$doc" = all ]; then
  for each in rp_toy rp_ida uma_toy uma_real malicious_sweep; do bash "$0" "$each" "$@" || exit 1; done
  exit 0
fi
data_dir=
rows=build/reproductions
shards=
marginlab=build/native/marginlab
while [ $# -gt 0 ]; do
  case $1 in
    --data-dir) data_dir=$2; shift 2 ;;
    --rows) rows=$2; shift 2 ;;
    --shards) shards=$2; shift 2 ;;
    --marginlab) marginlab=$2; shift 2 ;;
    *) echo "reproduce.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$rows"

# part NAME METRICS COMPARE TITLE [REFERENCE]: sweep and report one experiment link.
parts=()
part() {
  local name=$1 metrics=$2 compare=$3 title=$4 reference=${5:-}
  local url
  url=$(cat "docs/reproductions/$name.url")
  local sweep=("$marginlab" sweep --url "$url")
  if [ -n "$data_dir" ] && [[ $url == *data=csv* ]]; then sweep+=(--data-dir "$data_dir"); fi
  echo "reproduce.sh: $name" >&2
  if [ "${shards:-1}" -le 1 ]; then
    "${sweep[@]}" --out "$rows/$name.jsonl"
  else  # N shards at once (each takes whole selection groups), then one rows file
    local pids=() i
    for ((i = 0; i < shards; i++)); do
      "${sweep[@]}" --shard "$i/$shards" --out "$rows/$name.shard_$i.jsonl" > /dev/null &
      pids+=($!)
    done
    for i in "${!pids[@]}"; do wait "${pids[$i]}"; done
    "$marginlab" merge "$rows/$name".shard_*.jsonl --out "$rows/$name.jsonl" > /dev/null
  fi
  local report=("$marginlab" report "$rows/$name.jsonl" --url "$url" --out "docs/$name.md" --metrics "$metrics"
                --compare "$compare" --title "$title")
  [ -f "docs/reproductions/$name.ref.tsv" ] && report+=(--reference "docs/reproductions/$name.ref.tsv")
  [ -n "$reference" ] && report+=(--reference "$reference")
  "${report[@]}" > /dev/null
  parts+=("$name")
}

case $doc in
  rp_toy)
    shards=${shards:-$(nproc)}
    part rp_toy test_error,counters.projection_dim,counters.sigma l.projection \
      "KGS and random span on the five toys, beside 000 Tables 3 and 4" docs/reference/000_table3_toys.tsv
    ;;
  rp_ida)
    shards=${shards:-$(nproc)}
    for set in banana breast_cancer german heart; do
      part "rp_ida_$set" test_error,counters.projection_dim,counters.sigma l.projection \
        "IDA $set: random, KPCA and KGS, beside 000 Tables 1 and 2" "docs/reference/000_table1_$set.tsv"
    done
    ;;
  uma_toy)
    part uma_toy_noise counters.confusion_rate,test_error,achieved_noise l.confusion \
      "(a) Robustness to noise: UMA told C_i against C = I, data corrupted by C_i"
    part uma_toy_misestimated_c10 counters.confusion_rate,test_error l.family \
      "(b) A misestimated C: data corrupted by C_10 = M, UMA told C_j"
    part uma_toy_misestimated_c5 counters.confusion_rate,test_error l.family \
      "(b') A misestimated C: data corrupted by C_5, UMA told C_j"
    ;;
  uma_real)
    part uma_real_digits test_error,counters.confusion_rate,achieved_noise learner \
      "Optical digits: UMA (C estimated) against the perceptron f_y on g's labels, and both on true labels"
    part uma_real_digits_c test_error,counters.confusion_rate l.confusion \
      "Optical digits: UMA against UMA with C = I on the same labels"
    part uma_real_letter test_error,counters.confusion_rate,achieved_noise learner \
      "Letter recognition (D = 400, 5 seeds): UMA against f_y, and both on true labels"
    part uma_real_letter_c test_error,counters.confusion_rate l.confusion \
      "Letter recognition (D = 400, 5 seeds): UMA against UMA with C = I"
    ;;
  malicious_sweep)
    part malicious_ball test_error learner "Unit ball, d = 100: A_mu (c = 1) and A_mlc against averaging"
    part malicious_gaussian test_error learner "Isotropic Gaussian, d = 20: A_mu and A_mlc against averaging"
    ;;
  *)
    echo "usage: tools/reproduce.sh rp_toy|rp_ida|uma_toy|uma_real|malicious_sweep|all [--data-dir DIR] [--rows DIR]" \
      "[--shards N] [--marginlab PATH]" >&2
    exit 2
    ;;
esac

# The document: head, each part's report with its headings one level down, notes (written aside first: a
# part may have the document's own name, as rp_toy does).
out=docs/$doc.md
{
  cat "docs/reproductions/$doc.head.md"
  for name in "${parts[@]}"; do
    echo
    sed -E 's/^(#+) /\1# /' "docs/$name.md"
    rm "docs/$name.md"
  done
  echo
  cat "docs/reproductions/$doc.notes.md"
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "reproduce.sh: wrote $out" >&2
