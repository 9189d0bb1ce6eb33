#!/usr/bin/env python3
"""A paper's stated relations between two methods of one table, tested per data set and paired over seeds from
the committed per-seed rows: which method the paper's numbers put lower, which ours put lower (mean paired
difference), the two-sided exact sign test over the seeds (ties left out) and a generated sentence.
    python3 tools/paired_relations.py --title T --rows DIR \
        "DATA|A=PART:ROWS:REF|B=PART:ROWS:REF" ...
PART names DIR/PART.jsonl (rows) and docs/reproductions/PART.ref.tsv (the paper's number); ROWS is a
comma-separated list of URL conditions a row's cell must meet (`key=value`, or `-key` for a key the cell's URL
leaves out); REF is a comma-separated list of `key=value` picking the paper's row (metric test_error)."""
import argparse
import gzip
import json
import os
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from table_verdict import p_text, sign_test_p, sign_test_reach  # noqa: E402

ALPHA = 0.05


def conditions(text):
    return [c for c in text.split(",") if c]


def cell_keys(cell):
    return dict(urllib.parse.parse_qsl(cell.lstrip("#"), keep_blank_values=True))


def meets(keys, conds):
    for c in conds:
        if c.startswith("-"):
            if c[1:] in keys:
                return False
        else:
            k, _, v = c.partition("=")
            if keys.get(k) != v:
                return False
    return True


def read_rows(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def per_seed(rows_dir, part, conds, where):
    path = os.path.join(rows_dir, part + ".jsonl")
    if not os.path.exists(path):
        sys.exit("paired_relations.py: %s: no rows file %s" % (where, path))
    out = {}
    for row in read_rows(path):
        keys = cell_keys(row["cell"])
        if meets(keys, conds) and row.get("test_error") is not None:
            out[keys.get("seed", "")] = row["test_error"]
    if not out:
        sys.exit("paired_relations.py: %s: no row of %s meets %s" % (where, path, ",".join(conds)))
    return out


def paper_value(part, conds, where):
    path = "docs/reproductions/%s.ref.tsv" % part
    with open(path, encoding="utf-8") as f:
        lines = [l.rstrip("\n").split("\t") for l in f if l.strip() and not l.startswith("#")]
    header = lines[0]
    for line in lines[1:]:
        row = dict(zip(header, line))
        if row.get("metric") == "test_error" and meets(row, conds):
            return float(row["mean"])
    sys.exit("paired_relations.py: %s: %s has no test_error row with %s" % (where, path, ",".join(conds)))


def side(text, rows_dir, where):
    label, _, spec = text.partition("=")
    part, rows_conds, ref_conds = (spec.split(":") + ["", ""])[:3]
    if not label or not part:
        sys.exit("paired_relations.py: %s: '%s' is not LABEL=PART:ROWS:REF" % (where, text))
    return label, per_seed(rows_dir, part, conditions(rows_conds), where), paper_value(
        part, conditions(ref_conds), where)


def lower(a, b, x, y):
    return "%s lower" % a if x < y else "%s lower" % b if y < x else "equal"


def relation_row(spec, rows_dir):
    data, a_text, b_text = (spec.split("|") + ["", ""])[:3]
    where = "relation '%s'" % spec
    a, a_seeds, a_paper = side(a_text, rows_dir, where)
    b, b_seeds, b_paper = side(b_text, rows_dir, where)
    seeds = sorted(set(a_seeds) & set(b_seeds))
    if not seeds:
        sys.exit("paired_relations.py: %s: %s and %s share no seed" % (where, a, b))
    diffs = [a_seeds[s] - b_seeds[s] for s in seeds]
    above, below = sum(d > 0 for d in diffs), sum(d < 0 for d in diffs)
    p = sign_test_p(above, below)
    mean = sum(diffs) / len(diffs)
    claim, ours = lower(a, b, a_paper, b_paper), lower(a, b, mean, 0.0)
    cells = [data, "%s vs %s" % (a, b), "%s (%.0f vs %.0f %%)" % (claim, a_paper * 100, b_paper * 100),
             "%s (%+.2f points)" % (ours, mean * 100), "%d (%d+/%d-)" % (len(seeds), above, below), p_text(p)]
    return cells, sentence(data, a, b, claim, ours, above + below, p)


def sentence(data, a, b, claim, ours, untied, p):
    agree = "agree with" if claim == ours else "run against"
    if sign_test_reach(untied) >= ALPHA:
        test = "%d untied seeds cannot show a direction at %g %% (smallest p %s)" % (
            untied, ALPHA * 100, p_text(sign_test_reach(untied)))
    else:
        test = "the sign test gives p = %s, %s at %g %%" % (
            p_text(p), "significant" if p < ALPHA else "not significant", ALPHA * 100)
    return "%s, %s vs %s: the paper has %s, our seeds %s it (%s); %s." % (data, a, b, claim, agree, ours, test)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--title", required=True)
    parser.add_argument("--rows", required=True, help="folder of PART.jsonl rows files")
    parser.add_argument("relations", nargs="+")
    args = parser.parse_args()
    table, sentences = [], []
    for spec in args.relations:
        cells, said = relation_row(spec, args.rows)
        table.append(cells)
        sentences.append(said)
    out = ["### " + args.title, "", "| data | relation | paper | ours (mean paired difference) | seeds | sign test p |",
           "|---|---|---|---|---|---|"]
    out += ["| " + " | ".join(c) + " |" for c in table]
    out += [""] + ["- " + s for s in sentences] + [""]
    print("\n".join(out))


if __name__ == "__main__":
    main()
