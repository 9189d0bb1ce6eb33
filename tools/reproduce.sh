#!/usr/bin/env bash
# Regenerates a reproduction document from its experiment links (docs/reproductions/):
#
#   tools/reproduce.sh rp_toy|rp_ida|uma_toy|uma_real|malicious_sweep|all [--data-dir DIR] [--rows DIR]
#                      [--shards N] [--marginlab PATH]
#
# A document is made of parts. Each part is one experiment link, docs/reproductions/PART.url, run by
# `marginlab sweep` into ROWS/PART.jsonl (an existing file is resumed: only missing cells run; with --shards N,
# N shards at once into ROWS/PART.shard_i.jsonl, then `marginlab merge`) and
# reported by `marginlab report` into docs/reproductions/out/PART.md, PART.csv and PART.png (the figure is
# drawn by tools/plot_sweep.py), with the paired comparisons' verdicts computed from the rows. The document
# docs/DOC.md is docs/reproductions/DOC.head.md, then every part's report (its headings one level down, its
# links to the CSV and figure made relative to docs/), then docs/reproductions/DOC.notes.md; the parts'
# Markdown files are removed, their CSV and figure stay in docs/reproductions/out/.
# Nothing in the document is typed by hand but the head and the notes (protocol and choices, no verdict).
# Published numbers come from docs/reproductions/PART.ref.tsv or, for the 000 tables, docs/reference/.
#
# Ablations are parts too (experiment links that change one factor of the protocol), reported after the
# main parts under docs/reproductions/DOC.ablations.md (what each changes, no verdict). The document ends
# with the table-level verdicts (after the notes): tools/table_verdict.py computes them from the parts' CSV files and the paired comparisons in the
# reports (a sign test and a paired t-test across a table's cells against the paper, the comparisons
# counted per report). The rows are committed: docs/reproductions/rows/PART.jsonl.gz (gzip -n); a part
# whose rows file is missing under --rows starts from the committed one (so a regeneration from the
# repository runs nothing and rewrites the document byte for byte), and every part's rows are written back.
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
# The parts' CSV files and figures, which the documents link to (docs/ itself holds only documents).
out_dir=docs/reproductions/out
mkdir -p "$out_dir"

# part NAME METRICS COMPARE TITLE [REFERENCE]: sweep and report one experiment link.
parts=()
ablations=()
part() {
  local name=$1 metrics=$2 compare=$3 title=$4 reference=${5:-}
  local url committed=docs/reproductions/rows/$name.jsonl.gz
  url=$(cat "docs/reproductions/$name.url")
  local sweep=("$marginlab" sweep --url "$url")
  if [ -n "$data_dir" ] && [[ $url == *data=csv* ]]; then sweep+=(--data-dir "$data_dir"); fi
  echo "reproduce.sh: $name" >&2
  if [ ! -f "$rows/$name.jsonl" ] && [ -f "$committed" ]; then gzip -dc "$committed" > "$rows/$name.jsonl"; fi
  if [ "${shards:-1}" -le 1 ] || [ -f "$rows/$name.jsonl" ]; then  # one shard, or resuming one rows file
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
  local report=("$marginlab" report "$rows/$name.jsonl" --url "$url" --out "$out_dir/$name.md" --metrics "$metrics"
                --compare "$compare" --title "$title")
  [ -f "docs/reproductions/$name.ref.tsv" ] && report+=(--reference "docs/reproductions/$name.ref.tsv")
  [ -n "$reference" ] && report+=(--reference "$reference")
  "${report[@]}" > /dev/null
  mkdir -p docs/reproductions/rows
  gzip -n -9 -c "$rows/$name.jsonl" > "$committed"
  parts+=("$name")
}

# ablation NAME METRICS COMPARE TITLE [REFERENCE]: a part reported after the main ones.
ablation() {
  part "$@"
  unset 'parts[${#parts[@]}-1]'
  ablations+=("$1")
}

# verdict ARGS...: one table-level verdict (tools/table_verdict.py paper ARGS), after the reports.
verdicts=()
verdict() { verdicts+=("$(printf '%q ' "$@")"); }

# relations ARGS...: a table's stated relations tested paired over seeds (tools/paired_relations.py), after the
# verdicts.
relations_args=
relations() { relations_args+="$(printf '%q ' "$@")"; }

# claim ARGS...: one of a figure's sentence-level claims tested on our own points (tools/figure_claims.py ARGS),
# after the relations.
claims=()
claim() { claims+=("$(printf '%q ' "$@")"); }

# layout ARGS...: more arguments of the document's one table as the paper publishes it (tools/table_verdict.py
# layout), written after the head.
layout_args=
layout() { layout_args+="$(printf '%q ' "$@")"; }

case $doc in
  rp_toy)
    shards=${shards:-$(nproc)}
    part rp_toy test_error,counters.projection_dim,counters.sigma l.projection \
      "KGS and random span on the five toys, beside 000 Tables 3 and 4" docs/reference/000_table3_toys.tsv
    ablation rp_toy_updates test_error,counters.projection_dim,counters.sigma l.updates \
      "Ablation: 000 Thm 3's update count (l.updates=0) against 500 updates, KGS at eta 0 and 0.2"
    ablation rp_toy_updates_held test_error,counters.projection_dim,counters.sigma l.updates \
      "Ablation: 000 Thm 3's update count against 500 updates with (D, sigma) held at the 500-update choice (l.cv_updates=500)"
    ablation rp_toy_paper_settings test_error l.dims \
      "Ablation: no selection, sigma from 0.25 to 10 and the paper's D at eta = 0, KGS"
    ablation rp_toy_width_c test_error l.dims \
      "Ablation: no selection, the paper's widths read as c in exp(-||x - x'||^2 / c) and its D at eta = 0, KGS"
    verdict --title "000 Table 3 (KGS), per toy" --by data "=$out_dir/rp_toy.csv"
    verdict --title "Update-count ablation against 000 Table 3, per update count" --by l.updates --no-total \
      --reference docs/reference/000_table3_toys.tsv "=$out_dir/rp_toy_updates.csv"
    verdict --title "Held-selection update ablation against 000 Table 3, per update count" --by l.updates --no-total \
      --reference docs/reference/000_table3_toys.tsv "=$out_dir/rp_toy_updates_held.csv"
    verdict --title "The paper's own (sigma, D) per toy at eta = 0 against 000 Table 3" \
      "paper's choice=$out_dir/rp_toy_paper_settings.csv"
    verdict --title "The paper's own (width read as c, D) per toy at eta = 0 against 000 Table 3" \
      "paper's choice, width as c=$out_dir/rp_toy_width_c.csv"
    verdict --title "The best (sigma, D) of that grid per toy, chosen on our test error, against 000 Table 3" \
      --best-by data "best of the grid=$out_dir/rp_toy_paper_settings.csv"
    ;;
  rp_ida)
    shards=${shards:-$(nproc)}
    for set in banana breast_cancer german heart; do
      part "rp_ida_$set" test_error,counters.projection_dim,counters.sigma l.projection \
        "IDA $set: random, KPCA and KGS, beside 000 Tables 1 and 2" "docs/reference/000_table1_$set.tsv"
    done
    for set in heart breast_cancer; do
      ablation "rp_ida_${set}_widths" test_error,counters.projection_dim,counters.sigma l.cv_widths \
        "Ablation, IDA $set: the paper's fixed width (l.cv_widths=1) against the selection over {c/2, c, 2c}"
    done
    ablation rp_ida_heart_nu test_error,counters.projection_dim,counters.sigma l.nu \
      "Ablation, IDA heart: nu = eps gamma / 16 (the proof of 000 Thm 4) against eps gamma / 4 (000 Lemma 5)"
    ablation rp_ida_heart_tie test_error,counters.projection_dim,counters.sigma l.tie \
      "Ablation, IDA heart: w.z = 0 counted correct (000 Def. 3) against counted an error"
    verdict --title "000 Table 1, per data set" banana=$out_dir/rp_ida_banana.csv \
      breast_cancer=$out_dir/rp_ida_breast_cancer.csv german=$out_dir/rp_ida_german.csv \
      heart=$out_dir/rp_ida_heart.csv
    for set in heart breast_cancer; do
      verdict --title "Width ablation, $set, against 000 Table 1, per width rule" --by l.cv_widths --no-total \
        --reference "docs/reference/000_table1_$set.tsv" "$set=$out_dir/rp_ida_${set}_widths.csv"
    done
    for rule in nu tie; do
      verdict --title "The $rule ablation, heart, against 000 Table 1" --by "l.$rule" --no-total \
        --reference docs/reference/000_table1_heart.tsv "heart=$out_dir/rp_ida_heart_$rule.csv"
    done
    ;;
  uma_toy)
    part uma_toy_noise counters.confusion_rate,test_error,achieved_noise l.confusion \
      "(a) Robustness to noise: UMA told C_i against C = I, data corrupted by C_i"
    part uma_toy_misestimated_c10 counters.confusion_rate,test_error l.family \
      "(b) A misestimated C: data corrupted by C_10 = M, UMA told C_j"
    part uma_toy_misestimated_c5 counters.confusion_rate,test_error l.family \
      "(b') A misestimated C: data corrupted by C_5, UMA told C_j"
    ablation uma_toy_noise_30_seeds counters.confusion_rate,test_error l.confusion \
      "Ablation of (a): 30 seeds instead of 10, UMA told C_i against C = I"
    for seeds in "" _30_seeds; do
      claim every-level --title "004 Fig. 1(a), \"UMA beats C = I at every noise level\", per distinct level${seeds:+, 30 seeds} (confusion rate)" \
        --part "uma_toy_noise$seeds" --axis fam --arm l.confusion=given,identity --names "UMA told C_i,C = I"
    done
    claim best-and-sides --title "004 Fig. 1(b), the best at the true matrix and under- against overestimates: C_10 = M (confusion rate)" \
      --part uma_toy_misestimated_c10 --axis l.family --truth 10
    claim best-and-sides --title "The same claims at C_5 ((b'), confusion rate)" --part uma_toy_misestimated_c5 \
      --axis l.family --truth 5
    ;;
  uma_real)
    part uma_real_digits test_error,counters.confusion_rate,achieved_noise learner \
      "Optical digits: UMA (C estimated) against the perceptron f_y on g's labels, and both on true labels"
    part uma_real_digits_conf test_error,counters.confusion_rate l.conf \
      "Optical digits: f_conf, the perceptron on S_conf's true labels only (l.conf=0.05), against f_y (l.conf=0)"
    part uma_real_digits_c test_error,counters.confusion_rate l.confusion \
      "Optical digits: UMA against UMA with C = I on the same labels"
    part uma_real_letter test_error,counters.confusion_rate,achieved_noise learner \
      "Letter recognition (D = 1 600, 3 seeds): UMA against f_y, and both on true labels"
    part uma_real_letter_conf test_error,counters.confusion_rate l.conf \
      "Letter recognition (D = 1 600, 3 seeds): f_conf (l.conf=0.05) against f_y (l.conf=0)"
    part uma_real_letter_c test_error,counters.confusion_rate l.confusion \
      "Letter recognition (D = 1 600, 3 seeds): UMA against UMA with C = I"
    ablation uma_real_letter_d400 test_error,counters.confusion_rate,achieved_noise learner \
      "Ablation, letter recognition: D = 400 (M = 800) instead of the paper's D = 1 600" \
      docs/reproductions/uma_real_letter.ref.tsv
    ablation uma_real_digits_cm test_error,counters.confusion_rate,achieved_noise learner \
      "Ablation, optical digits (30 seeds): labels drawn at random from g's confusion matrix instead of y = g(x)"
    ablation uma_real_digits_1pass test_error,achieved_noise rough \
      "Ablation, optical digits: f_y and f_full trained for one pass instead of ten"
    table1_row() {  # ROW digits|letter ROUGH: one row of 004 Table 1
      layout "$1|f_full=$out_dir/uma_real_$2.csv|rough=0,learner=ultraconservative" \
        "$1|f_y=$out_dir/uma_real_$2.csv|rough=$3,learner=ultraconservative" \
        "$1|UMA=$out_dir/uma_real_$2.csv|rough=$3,learner=uma" \
        "$1|f_conf=$out_dir/uma_real_$2_conf.csv|l.conf=0.05"
    }
    layout --title "004 Table 1 as published: test error in %, ours (mean ± standard error) and the paper's"
    table1_row "optical digits (D = 640)" digits 10
    table1_row "letter recognition (D = 1 600)" letter 50
    table1_relations() {  # DATA digits|letter ROUGH: UMA vs f_y, UMA vs f_conf, f_conf vs f_full
      local uma="UMA=uma_real_$2:rough=$3,learner=uma:rough=$3,learner=uma"
      local f_y="f_y=uma_real_$2:rough=$3,learner=ultraconservative:rough=$3,learner=ultraconservative"
      local f_conf="f_conf=uma_real_$2_conf:l.conf=0.05:l.conf=0.05"
      local f_full="f_full=uma_real_$2:-rough,learner=ultraconservative:rough=0,learner=ultraconservative"
      relations "$1|$uma|$f_y" "$1|$uma|$f_conf" "$1|$f_conf|$f_full"
    }
    relations --title "004 Table 1's relations, per data set, paired over seeds (test error)"
    table1_relations digits digits 10
    table1_relations letters letter 50
    relations "digits, y drawn from g's C|UMA=uma_real_digits_cm:learner=uma:learner=uma|f_y=uma_real_digits_cm:learner=ultraconservative:learner=ultraconservative"
    relations "digits, f_y at one pass|UMA=uma_real_digits:rough=10,learner=uma:rough=10,learner=uma|f_y=uma_real_digits_1pass:rough=10:rough=10"
    verdict --title "004 Table 1, per data set (f_y, UMA, f_full and f_conf)" digits=$out_dir/uma_real_digits.csv \
      digits=$out_dir/uma_real_digits_conf.csv letters=$out_dir/uma_real_letter.csv \
      letters=$out_dir/uma_real_letter_conf.csv
    verdict --title "Ablation: f_y and f_full on digits after one pass against 004 Table 1" \
      "digits, one pass=$out_dir/uma_real_digits_1pass.csv"
    verdict --title "Ablation: letters at D = 1 600 and at D = 400 against 004 Table 1 (D = 1 600), per D" --no-total \
      "letters, 1 600 axes=$out_dir/uma_real_letter.csv" "letters, 400 axes=$out_dir/uma_real_letter_d400.csv"
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

# The document: head, each part's report with its headings one level down, the ablations' prose and
# reports, notes, and at the end the table-level verdicts (written aside first: a part may have the
# document's own name, as rp_toy does).
out=docs/$doc.md
report_of() {
  echo
  sed -E -e 's/^(#+) /\1# /' -e "s#\]\(($1\.(csv|png))\)#](reproductions/out/\1)#g" "$out_dir/$1.md"
  rm "$out_dir/$1.md"
}
{
  cat "docs/reproductions/$doc.head.md"
  if [ -n "$layout_args" ]; then echo; eval "python3 tools/table_verdict.py layout $layout_args"; fi
  for name in "${parts[@]}"; do report_of "$name"; done
  if [ ${#ablations[@]} -gt 0 ]; then
    echo
    cat "docs/reproductions/$doc.ablations.md"
    for name in "${ablations[@]}"; do report_of "$name"; done
  fi
} > "$out.tmp"
{
  echo
  cat "docs/reproductions/$doc.notes.md"
  echo
  python3 tools/table_verdict.py heading
  for args in "${verdicts[@]}"; do eval "python3 tools/table_verdict.py paper $args"; done
  if [ -n "$relations_args" ]; then eval "python3 tools/paired_relations.py --rows $(printf '%q' "$rows") $relations_args"; fi
  for args in "${claims[@]}"; do eval "python3 tools/figure_claims.py $args --rows $(printf '%q' "$rows")"; done
  python3 tools/table_verdict.py comparisons "$out.tmp"
} >> "$out.tmp"
truncate -s -1 "$out.tmp"  # the last table's blank line
mv "$out.tmp" "$out"
echo "reproduce.sh: wrote $out" >&2
