#!/usr/bin/python3
"""marginlab — scatter plot of a 2-D dataset CSV as a small PNG (for docs/img/; see docs/generators.md).

Reads a CSV with a header holding at least the two feature columns (default x1, x2) and `label`;
optional `corrupted` (0/1, as written by `marginlab data`) marks corrupted points with a black cross,
and `split` (train/test) can restrict the plot to one part. Labels may be any strings: "-1"/"1" get the
binary colours, other label sets a qualitative palette in sorted order.

Uses Debian's python3-matplotlib (run with /usr/bin/python3; `apt-get install -y python3-matplotlib`).

  /usr/bin/python3 tools/plot_dataset.py data.csv out.png --title "ring" --limits -10 10
"""
import argparse
import csv
import sys

import matplotlib

matplotlib.use("Agg")  # no display needed
import matplotlib.pyplot as plt  # noqa: E402

BINARY_COLOURS = {"-1": "#e66101", "1": "#5e3c99"}  # colour-blind safe orange / purple
PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
           "#bcbd22", "#17becf"]


def label_key(label):
    """Sorts numeric labels numerically and the rest by text."""
    try:
        return (0, float(label), label)
    except ValueError:
        return (1, 0.0, label)


def read_points(path, xcol, ycol, split):
    """The rows of the CSV as parallel lists (x, y, label, corrupted)."""
    xs, ys, labels, corrupted = [], [], [], []
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        missing = [c for c in (xcol, ycol, "label") if c not in (reader.fieldnames or [])]
        if missing:
            sys.exit(f"{path}:1: missing column(s) {', '.join(missing)} (have {reader.fieldnames})")
        for line, row in enumerate(reader, start=2):
            if split and row.get("split", split) != split:
                continue
            try:
                xs.append(float(row[xcol]))
                ys.append(float(row[ycol]))
            except ValueError:
                sys.exit(f"{path}:{line}: not a number in {xcol}/{ycol}")
            labels.append(row["label"])
            corrupted.append(row.get("corrupted", "0") not in ("0", "", "false", "none"))
    return xs, ys, labels, corrupted


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", help="input CSV (x1,x2,label[,true_label,corrupted,...])")
    ap.add_argument("png", help="output PNG")
    ap.add_argument("--title", default="", help="title above the plot")
    ap.add_argument("--x", default="x1", help="column on the horizontal axis (default x1)")
    ap.add_argument("--y", default="x2", help="column on the vertical axis (default x2)")
    ap.add_argument("--limits", nargs=2, type=float, metavar=("LO", "HI"),
                    help="same limits on both axes (default: fit the data)")
    ap.add_argument("--split", default="", help="plot only rows whose `split` column has this value")
    ap.add_argument("--size", type=int, default=480, help="width = height in pixels (default 480)")
    ap.add_argument("--marker-size", type=float, default=7.0, help="marker area in points^2 (default 7)")
    args = ap.parse_args()

    xs, ys, labels, corrupted = read_points(args.csv, args.x, args.y, args.split)
    if not xs:
        sys.exit(f"{args.csv}: no rows to plot")
    classes = sorted(set(labels), key=label_key)
    if set(classes) <= set(BINARY_COLOURS):
        colours = BINARY_COLOURS
    else:
        colours = {c: PALETTE[i % len(PALETTE)] for i, c in enumerate(classes)}

    dpi = 100
    fig, ax = plt.subplots(figsize=(args.size / dpi, args.size / dpi), dpi=dpi)
    for c in classes:
        idx = [i for i, l in enumerate(labels) if l == c]
        ax.scatter([xs[i] for i in idx], [ys[i] for i in idx], s=args.marker_size, c=colours[c],
                   linewidths=0, label=f"{c} ({len(idx)})")
    bad = [i for i, k in enumerate(corrupted) if k]
    if bad:
        ax.scatter([xs[i] for i in bad], [ys[i] for i in bad], s=args.marker_size * 3, c="black", marker="x",
                   linewidths=0.6, label=f"corrupted ({len(bad)})")
    if args.limits:
        ax.set_xlim(*args.limits)
        ax.set_ylim(*args.limits)
    ax.set_aspect("equal", adjustable="box")
    ax.set_xlabel(args.x, fontsize=8)
    ax.set_ylabel(args.y, fontsize=8)
    ax.tick_params(labelsize=7)
    if args.title:
        ax.set_title(args.title, fontsize=9)
    if len(classes) <= 10:
        ax.legend(loc="upper right", fontsize=6, markerscale=1.5, framealpha=0.8)
    fig.tight_layout()
    fig.savefig(args.png, dpi=dpi, pil_kwargs={"optimize": True})
    plt.close(fig)


if __name__ == "__main__":
    main()
