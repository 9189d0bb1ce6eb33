#!/usr/bin/python3
"""Writes a reproduction document's table-level verdicts (Markdown) from committed files only.

    /usr/bin/python3 tools/table_verdict.py paper --title TEXT [--metric test_error] [--by KEY]
                     [--reference TSV] [--best-by KEY] LABEL=docs/reproductions/out/PART.csv ...
    /usr/bin/python3 tools/table_verdict.py comparisons DOC_SO_FAR.md
    /usr/bin/python3 tools/table_verdict.py layout --title TEXT
                     ROW|COLUMN=docs/reproductions/out/PART.csv|key=value,... ...

tools/reproduce.sh calls it after the parts' reports: the verdicts are computed from the parts' CSV files
(docs/reproductions/out/PART.csv: per point our mean ± standard error and, where the paper has one, its value)
and from the paired comparisons' sentences in the reports already in the document, so regenerating the
document from the same rows reproduces it byte for byte.

- paper: every point of the CSVs that has a published value for --metric is one cell (the CSV's own
  reference columns, or with --reference a reference table matched on the keys it names: a point matches a
  line when each of the line's keys is a point key with the same value, so an ablation's extra axis is
  ignored). Per CSV (and per value of --by) and over all of them: how many cells are above / below the paper,
  the mean difference ours - paper, the two-sided exact sign test over the cells (ties left out), the
  two-sided paired t-test of the differences across cells, and how many cells are more than 2 of the paper's
  sd away. --best-by KEY makes one cell per value of KEY: our lowest mean over its points (a choice made on
  the test error, so an optimistic bound for any selection rule) against its published value.
- layout: the paper's table as it is published (a row per data set, a column per classifier), each cell one
  point of a part's CSV (the one whose keys have the given values): our mean ± standard error in points and the
  paper's number where the CSV has one.
- comparisons: per report in the document, how many of its paired comparisons (compare_paired's verdicts)
  find the compared value significantly lower, significantly higher, or not significantly different.

Only the standard library: no scipy needed to regenerate a document.
"""
import argparse
import csv
import math
import re
import sys


def regularized_beta(a, b, x):
    """I_x(a, b) by the continued fraction (the same method as core/experiment/stats.cpp)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0

    def fraction(a, b, x):
        tiny = 1e-300
        c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
        d = 1.0 / (d if abs(d) > tiny else tiny)
        h = d
        for m in range(1, 301):
            m2 = 2 * m
            for aa in (m * (b - m) * x / ((a - 1 + m2) * (a + m2)),
                       -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2))):
                d = 1 + aa * d
                d = 1.0 / (d if abs(d) > tiny else tiny)
                c = 1 + aa / c
                c = c if abs(c) > tiny else tiny
                step = d * c
                h *= step
            if abs(step - 1) < 1e-15:
                break
        return h

    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * fraction(a, b, x) / a
    return 1 - front * fraction(b, a, 1 - x) / b


def student_two_sided_p(t, dof):
    if dof <= 0 or math.isnan(t):
        return float("nan")
    if math.isinf(t):
        return 0.0
    return regularized_beta(dof / 2, 0.5, dof / (dof + t * t))


def sign_test_p(above, below):
    """Two-sided exact binomial test of above vs below (p = 1/2), ties left out."""
    n = above + below
    if n == 0:
        return float("nan")
    k = max(above, below)
    tail = sum(math.comb(n, i) for i in range(k, n + 1)) / 2.0 ** n
    return min(1.0, 2 * tail)


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def p_text(p):
    return "—" if p is None or math.isnan(p) else "%.2g" % p


def signed(x, scale=100):
    return "%+.2f" % (x * scale)


class Cells:
    def __init__(self, label):
        self.label = label
        self.diffs = []  # ours - paper
        self.beyond = 0  # |ours - paper| > 2 paper sd
        self.with_sd = 0

    def add(self, ours, ref, sd):
        self.diffs.append(ours - ref)
        if sd is not None and sd > 0:
            self.with_sd += 1
            if abs(ours - ref) > 2 * sd:
                self.beyond += 1

    def row(self, alpha):
        n = len(self.diffs)
        above = sum(1 for d in self.diffs if d > 0)
        below = sum(1 for d in self.diffs if d < 0)
        mean = sum(self.diffs) / n
        p_sign = sign_test_p(above, below)
        p_t = float("nan")
        if n >= 2:
            sd = math.sqrt(sum((d - mean) ** 2 for d in self.diffs) / (n - 1))
            se = sd / math.sqrt(n)
            if se > 0:
                p_t = student_two_sided_p(mean / se, n - 1)
        beyond = "%d of %d" % (self.beyond, self.with_sd) if self.with_sd else "—"
        return [self.label, str(n), str(above), str(below), signed(mean), p_text(p_sign), p_text(p_t), beyond], \
            (above, below, n, p_sign, mean)


def same_value(a, b):
    x, y = number(a), number(b)
    return x == y if x is not None and y is not None else a == b


def read_reference(path, metric):
    """(keys -> value, mean, sd) per line of a reference table (docs/reference/README.md) for `metric`."""
    lines, header = [], None
    with open(path) as f:
        for text in f:
            text = text.rstrip("\n")
            if not text.strip() or text.startswith("#"):
                continue
            fields = text.split("\t")
            if header is None:
                header = fields
                continue
            keys = header[:header.index("metric")]
            if fields[len(keys)] != metric:
                continue
            lines.append((dict(zip(keys, fields)), number(fields[len(keys) + 1]), number(fields[len(keys) + 2])))
    return lines


def csv_cells(path, metric, reference, keep_unreferenced=False):
    """(point row, ours, paper, paper sd) for every point with a published value (or every point)."""
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    out = []
    for row in rows:
        ours = number(row.get(metric + "_mean"))
        if ours is None:
            continue
        if reference is None:
            ref, sd = number(row.get(metric + "_ref_mean")), number(row.get(metric + "_ref_sd"))
        else:
            ref = sd = None
            for at, mean, dev in reference:
                if all(k in row and same_value(row[k], v) for k, v in at.items()):
                    ref, sd = mean, dev
                    break
        if ref is not None or keep_unreferenced:
            out.append((row, ours, ref, sd))
    return out


def reference_cells(specs, metric, by, reference, best_by):
    """Cells per label (and per --by value), in file and row order, and all cells together: CSV files given the
    same label (a table's columns reported by different parts) make one group."""
    groups, everything = [], Cells("all")
    here = {}
    for spec in specs:
        label, _, path = spec.partition("=")
        found = csv_cells(path, metric, reference, keep_unreferenced=bool(best_by))
        if best_by:  # per value: our lowest mean, against that value's published number
            best, published = {}, {}
            for row, ours, ref, sd in found:
                key = row[best_by]
                if key not in best or ours < best[key][1]:
                    best[key] = (row, ours)
                if ref is not None:
                    published.setdefault(key, (ref, sd))
            found = [(row, ours) + published[key] for key, (row, ours) in best.items() if key in published]
        for row, ours, ref, sd in found:
            key = (label or "cells") if not by else (label + ", " if label else "") + by + "=" + row[by]
            if key not in here:
                here[key] = Cells(key)
                groups.append(here[key])
            here[key].add(ours, ref, sd)
            everything.add(ours, ref, sd)
    return groups, everything


def sign_test_reach(untied):
    """The smallest two-sided p an exact sign test can give over `untied` cells (all on one side): 2 * 2^-n."""
    return min(1.0, 2.0 * 0.5 ** untied)


def sign_test_sentence(above, below, p_sign, alpha):
    """The verdict on the direction of a gap, or, when no outcome of the test could reach alpha, what the test
    can reach instead (3 cells can never show a direction at 5 %: their smallest p is 0.25). Cells equal to the
    paper's value (ties) are left out of the test."""
    untied = above + below
    if sign_test_reach(untied) >= alpha:
        return ("%d cells cannot show a direction at %g %%: the sign test's smallest p over %d cells%s is %s." %
                (untied, alpha * 100, untied, "" if untied else " (every cell ties the paper)",
                 p_text(sign_test_reach(untied))))
    return "the sign test gives p = %s: the direction of the gap is %s at %g %%." % (
        p_text(p_sign), "significant" if p_sign < alpha else "not significant", alpha * 100)


def against_the_paper(args):
    reference = read_reference(args.reference, args.metric) if args.reference else None
    groups, everything = reference_cells(args.csv, args.metric, args.by, reference, args.best_by)
    if not everything.diffs:
        sys.exit("table_verdict.py: no point of %s has a published %s" % (", ".join(args.csv), args.metric))
    out = ["### " + args.title, ""]
    out.append("| cells | n | above the paper | below | mean difference (points) | sign test p | paired t-test p "
               "| beyond 2 sd |")
    out.append("|---|---|---|---|---|---|---|---|")
    shown = groups + ([everything] if len(groups) > 1 and not args.no_total else [])
    for cells in shown:
        out.append("| " + " | ".join(cells.row(args.alpha)[0]) + " |")
    out.append("")
    for cells in ([shown[-1]] if not args.no_total else groups):
        above, below, n, p_sign, mean = cells.row(args.alpha)[1]
        where = "Over all %d cells" % n if cells is everything or len(groups) == 1 else \
            "Over the %d cells of %s" % (n, cells.label)
        out.append("%s ours is %s the paper in %d (mean difference %s points, %s × 100); %s" %
                   (where, "above" if above >= below else "below", max(above, below), signed(mean), args.metric,
                    sign_test_sentence(above, below, p_sign, args.alpha)))
        out.append("")
    return "\n".join(out)


def cell_spec(spec):
    """ROW|COLUMN=PART.csv|key=value,key=value -> (row, column, path, {key: value})."""
    parts = spec.split("|")
    row, (column, _, path), keys = (parts[0], parts[1].partition("="), parts[2]) if len(parts) == 3 else ("", "", "")
    if not row or not column or not path:
        sys.exit("table_verdict.py: layout cell '%s' is not ROW|COLUMN=PART.csv|key=value,..." % spec)
    wanted = dict(item.split("=", 1) for item in keys.split(",") if item)
    return row, column, path, wanted


def layout_value(path, wanted, metric):
    """'ours ± se (paper: p)' in points for the one point of `path` whose keys have the wanted values."""
    with open(path, newline="") as f:
        found = [r for r in csv.DictReader(f) if all(k in r and same_value(r[k], v) for k, v in wanted.items())]
    if len(found) != 1:
        sys.exit("table_verdict.py: %d points of %s match %s, want one" % (len(found), path, wanted))
    row = found[0]
    ours, se, ref = (number(row.get(metric + suffix)) for suffix in ("_mean", "_se", "_ref_mean"))
    text = "%.1f ± %.1f" % (100 * ours, 100 * (se or 0))
    return text + (" (paper: %.0f)" % (100 * ref) if ref is not None else "")


def table_layout(args):
    """The paper's table laid out as published: one row per data set, one column per classifier."""
    rows, columns, values = [], [], {}
    for spec in args.cell:
        row, column, path, wanted = cell_spec(spec)
        rows += [row] if row not in rows else []
        columns += [column] if column not in columns else []
        values[(row, column)] = layout_value(path, wanted, args.metric)
    out = ["## " + args.title, "", "| | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
    for row in rows:
        out.append("| " + row + " | " + " | ".join(values.get((row, c), "—") for c in columns) + " |")
    return "\n".join(out)


HEADING = """## Table-level verdicts (computed)

Computed by tools/table_verdict.py from the CSV files and the reports above (nothing here is typed by hand).
Against the paper, each cell is one point with a published value and the difference is ours - paper in points
(test error × 100); the sign test counts the cells above and below the paper (exact binomial, two-sided, ties
left out), the paired t-test tests the mean difference across cells, and the last column counts the cells more
than 2 of the paper's standard deviations away, where the paper gives one. The cells of a table share data and
selections, so these tests treat as independent what is only partly so: read them as the strength of a
systematic direction, not as exact error rates.

"""

COMPARISON = re.compile(r"^#+ Paired comparisons \((?P<metric>[^,]+), each (?P<what>.+)\)$")


def comparisons(body):
    """Per report in the body: its title and the counts of its paired comparisons' verdicts."""
    parts, title, current = [], None, None
    for line in body.splitlines():
        heading = re.match(r"^(#+) (.*)$", line)
        if heading:
            match = COMPARISON.match(line)
            if match:
                current = {"title": title, "what": match.group("what"), "metric": match.group("metric"),
                           "lower": 0, "higher": 0, "none": 0, "untested": 0}
                parts.append(current)
            else:
                title, current = heading.group(2), None
            continue
        if current is None or not line.startswith("- "):
            continue
        if line.startswith("- no significant difference"):
            current["none"] += 1
        elif " has a lower " in line:
            current["lower"] += 1
        elif " has a higher " in line:
            current["higher"] += 1
        else:
            current["untested"] += 1
    return parts


def comparison_summary(body, alpha):
    parts = comparisons(body)
    if not parts:
        return ""
    out = ["### The paired comparisons, counted", ""]
    out.append("Per report above: how many of its paired comparisons (one per point, over the paired replicates; "
               "two-sided paired t-test at %g %%) find the compared value significantly lower, significantly "
               "higher, or not significantly different." % (alpha * 100))
    out.append("")
    out.append("| report | compared | comparisons | significantly lower | significantly higher | not significant |")
    out.append("|---|---|---|---|---|---|")
    for p in parts:
        total = p["lower"] + p["higher"] + p["none"] + p["untested"]
        out.append("| %s | %s (%s) | %d | %d | %d | %d |" % (p["title"], p["what"], p["metric"], total, p["lower"],
                                                            p["higher"], p["none"] + p["untested"]))
    out.append("")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    modes = parser.add_subparsers(dest="mode", required=True)
    paper = modes.add_parser("paper", help="ours against the published values, over a table's cells")
    paper.add_argument("csv", nargs="+", help="LABEL=PART.csv (LABEL may be empty)")
    paper.add_argument("--title", required=True)
    paper.add_argument("--metric", default="test_error")
    paper.add_argument("--by", default="", help="a point key to split each CSV's cells by")
    paper.add_argument("--reference", default="", help="a reference table matched on its own keys")
    paper.add_argument("--best-by", default="", help="one cell per value of this key: our lowest mean")
    paper.add_argument("--no-total", action="store_true", help="no row over all cells (an ablation's arms)")
    paper.add_argument("--alpha", type=float, default=0.05)
    laid = modes.add_parser("layout", help="the paper's table as published, ours beside its numbers")
    laid.add_argument("cell", nargs="+", help="ROW|COLUMN=PART.csv|key=value,... (one point of the CSV)")
    laid.add_argument("--title", required=True)
    laid.add_argument("--metric", default="test_error")
    modes.add_parser("heading", help="the section's heading and how to read it")
    counted = modes.add_parser("comparisons", help="the paired comparisons' verdicts, counted per report")
    counted.add_argument("body", help="the document so far (the parts' reports)")
    counted.add_argument("--alpha", type=float, default=0.05)
    args = parser.parse_args()
    if args.mode == "heading":
        sys.stdout.write(HEADING)
        return
    if args.mode == "paper":
        sys.stdout.write(against_the_paper(args) + "\n")
        return
    if args.mode == "layout":
        sys.stdout.write(table_layout(args) + "\n")
        return
    with open(args.body) as f:
        text = comparison_summary(f.read(), args.alpha)
    if not text:
        sys.exit("table_verdict.py: %s has no paired comparisons" % args.body)
    sys.stdout.write(text + "\n")


if __name__ == "__main__":
    main()
