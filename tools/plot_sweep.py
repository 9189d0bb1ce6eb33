#!/usr/bin/python3
"""Draws a sweep's figure from the points CSV that `marginlab report` writes beside its Markdown.

    /usr/bin/python3 tools/plot_sweep.py NAME.csv NAME.png [--metric test_error] [--x KEY] [--title TEXT]

The CSV has the point keys first (the experiment's non-replicate axes), then METRIC_n, METRIC_mean,
METRIC_se (and METRIC_ref_mean, METRIC_ref_sd with reference values) per metric. The figure shows the
metric's mean with its standard error as error bars against the x key (by default the first key whose
values are all numbers and differ), one line per combination of the other keys (one per learner);
reference values are hollow markers. Debian's python3-matplotlib (tools/setup.sh) draws it.
"""
import argparse
import csv
import sys
import textwrap

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def number(text):
    try:
        return float(text)
    except ValueError:
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv")
    parser.add_argument("png")
    parser.add_argument("--metric", default=None, help="the metric drawn (default: the CSV's first)")
    parser.add_argument("--x", default=None, help="the key on the x axis (default: the first numeric key)")
    parser.add_argument("--title", default="")
    args = parser.parse_args()

    with open(args.csv, newline="") as f:
        rows = list(csv.reader(f))
    if not rows:
        sys.exit(f"plot_sweep: {args.csv}: empty")
    header, data = rows[0], rows[1:]
    # The point keys end where the first metric's columns (NAME_n, NAME_mean, NAME_se) begin.
    metrics = [c[: -len("_n")] for c in header if c.endswith("_n") and c[: -len("_n")] + "_mean" in header]
    if not metrics:
        sys.exit(f"plot_sweep: {args.csv}: no METRIC_n/METRIC_mean/METRIC_se columns")
    keys = header[: header.index(metrics[0] + "_n")]
    metric = args.metric or metrics[0]
    if metric not in metrics:
        sys.exit(f"plot_sweep: {args.csv}: no metric '{metric}' (it has {', '.join(metrics)})")
    col = {name: i for i, name in enumerate(header)}

    def distinct(key):
        return sorted({r[col[key]] for r in data})

    numeric = [k for k in keys if len(distinct(k)) > 1 and all(number(r[col[k]]) is not None for r in data)]
    if args.x is not None and args.x not in keys:
        sys.exit(f"plot_sweep: --x {args.x}: not a point key ({', '.join(keys) or 'none'})")
    x_key = args.x or (numeric[0] if numeric else (keys[0] if keys else None))
    categorical = x_key is not None and x_key not in numeric
    line_keys = [k for k in keys if k != x_key]

    fig, ax = plt.subplots(figsize=(7.5, 4.5), dpi=120)
    groups = {}
    for r in data:
        label = ", ".join(f"{k}={r[col[k]]}" for k in line_keys) or metric
        groups.setdefault(label, []).append(r)
    categories = distinct(x_key) if categorical else []
    for label, members in groups.items():
        pts = []
        for r in members:
            mean = number(r[col[metric + "_mean"]])
            if mean is None:
                continue
            se = number(r[col[metric + "_se"]]) or 0.0
            if x_key is None:
                x = 0.0
            elif categorical:
                x = float(categories.index(r[col[x_key]]))
            else:
                x = float(r[col[x_key]])
            ref = number(r[col[metric + "_ref_mean"]]) if metric + "_ref_mean" in col else None
            ref_sd = number(r[col[metric + "_ref_sd"]]) if metric + "_ref_sd" in col else None
            pts.append((x, mean, se, ref, ref_sd))
        pts.sort()
        if not pts:
            continue
        line = ax.errorbar([p[0] for p in pts], [p[1] for p in pts], yerr=[p[2] for p in pts], marker="o",
                           markersize=4, capsize=3, label=label)
        refs = [p for p in pts if p[3] is not None]
        if refs:
            ax.errorbar([p[0] for p in refs], [p[3] for p in refs], yerr=[p[4] or 0.0 for p in refs], fmt="o",
                        mfc="none", color=line[0].get_color(), capsize=3, alpha=0.7, label=label + " (reference ± sd)")
    if categorical:
        ax.set_xticks(range(len(categories)), categories)
    ax.set_xlabel(x_key or "")
    ax.set_ylabel(f"{metric} (mean ± standard error)")
    if args.title:  # wrapped to the axes' width: a long title would run off both edges
        ax.set_title("\n".join(textwrap.wrap(args.title, 80)))
    ax.grid(True, alpha=0.3)
    if len(groups) > 1 or metric + "_ref_mean" in col:
        ax.legend(fontsize=8)
    fig.tight_layout()
    # No 'Software' key in the PNG: the file depends only on the CSV and matplotlib's drawing.
    fig.savefig(args.png, metadata={"Software": None})


if __name__ == "__main__":
    main()
