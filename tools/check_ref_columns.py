#!/usr/bin/env python3
"""Every column of every paper table listed in docs/reference/table_columns.tsv has each of its cells in its
reference TSV. Prints one line per missing cell (table, column, file, the cell) and exits 1; exits 0 when all
are there.
    python3 tools/check_ref_columns.py [docs/reference/table_columns.tsv]"""
import itertools
import sys


def read_tsv(path):
    with open(path, encoding="utf-8") as f:
        lines = [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.startswith("#")]
    header, body = lines[0], lines[1:]
    return [dict(zip(header, row)) for row in body]


def cells_of(spec, where):
    axes = []
    for part in spec.split(";"):
        key, sep, values = part.partition("=")
        if not sep or not key or not values:
            sys.exit(f"{where}: cells part '{part}' is not KEY=V1|V2|...")
        axes.append([(key, v) for v in values.split("|")])
    return [dict(combo) for combo in itertools.product(*axes)]


def has_cell(rows, cell):
    return any(all(row.get(k) == v for k, v in cell.items()) for row in rows)


def missing_cells(listing):
    missing = []
    for n, col in enumerate(read_tsv(listing), start=1):
        where = f"{listing} row {n} ({col['table']}, {col['column']})"
        try:
            rows = read_tsv(col["file"])
        except OSError as e:
            missing.append(f"{where}: cannot read {col['file']}: {e.strerror}")
            continue
        for cell in cells_of(col["cells"], where):
            if not has_cell(rows, cell):
                text = ", ".join(f"{k}={v}" for k, v in cell.items())
                missing.append(f"{where}: {col['file']} has no row with {text}")
    return missing


def main():
    listing = sys.argv[1] if len(sys.argv) > 1 else "docs/reference/table_columns.tsv"
    missing = missing_cells(listing)
    for line in missing:
        print(line)
    if missing:
        return 1
    print(f"ok: every column in {listing} has all its cells")
    return 0


if __name__ == "__main__":
    sys.exit(main())
