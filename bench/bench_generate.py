#!/usr/bin/env python3
"""marginlab bench — data generation speed (docs/bench.md, section "Data generation").

The data of docs/bench.md §2: generator separable on the sphere, n = 200 000, d = 64, margin 0, seed 1. Measured in
one run, back to back, median of --reps runs each (wall clock), by bench/bench_generate (bench_generate.cpp):
  generate  ml::generate of the dataset, in this tree's native build, its wasm build when built, and (with
            --before PROGRAM) bench_generate.cpp built against an older tree: the before/after ratio of a change,
            with the SHA-256 of the generated rows and labels, which must be identical;
  normal    n*d normals with one Rng::normal() call each, against Rng::normals in rows of d (this tree);
  numpy     numpy.random.default_rng(0).standard_normal((n, d)), alone and followed by the row normalization
            X /= |X| (what drawing uniform points on the sphere costs NumPy), with the Python of
            build/python-venv (python/run_tests.sh) or else /usr/bin/python3.
Usage: bench/bench_generate.py [--reps 3] [--before PROGRAM --before-label TEXT] [--no-doc]
It needs the bench program built (cmake --build build/native --target bench_generate; web likewise). For --before,
build bench/bench_generate.cpp in a checkout of the older commit (it compiles without Rng::normals too).
It prints the figures as JSON and, unless --no-doc, writes the section between the markers below into docs/bench.md.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

from doc_section import write_section

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NATIVE = os.path.join(ROOT, "build", "native")
WEB = os.path.join(ROOT, "build", "web")
BEGIN, END = "<!-- bench_generate.py: begin -->", "<!-- bench_generate.py: end -->"
N, D = 200_000, 64

NUMPY_SCRIPT = """
import json, sys, time
import numpy as np
n, d, reps = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
draw, normalized = [], []
for _ in range(reps):
    t0 = time.perf_counter()
    X = np.random.default_rng(0).standard_normal((n, d))
    t1 = time.perf_counter()
    X /= np.linalg.norm(X, axis=1, keepdims=True)
    t2 = time.perf_counter()
    draw.append(t1 - t0)
    normalized.append(t2 - t0)
print(json.dumps({"numpy": np.__version__, "draw_seconds": draw, "normalized_seconds": normalized}))
"""


def log(msg):
    sys.stderr.write("bench_generate: %s\n" % msg)
    sys.stderr.flush()


def run_json(cmd, cwd=ROOT):
    log(" ".join(cmd))
    out = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True, cwd=cwd).stdout
    return json.loads([line for line in out.splitlines() if line.startswith("{")][-1])


def python_with_numpy():
    venv = os.path.join(ROOT, "build", "python-venv", "bin", "python")
    return venv if os.path.exists(venv) else "/usr/bin/python3"


def measure(args):
    common = ["--n", str(N), "--d", str(D), "--reps", str(args.reps)]
    r = {"after": run_json([os.path.join(NATIVE, "bench", "bench_generate")] + common)}
    if args.before:
        r["before_rev"] = args.before_label
        r["before"] = run_json([args.before] + common)
    web = os.path.join(WEB, "bench", "bench_generate.js")
    if os.path.exists(web):
        r["wasm"] = run_json(["node", "--no-liftoff", web] + common)
    try:
        r["numpy"] = run_json([python_with_numpy(), "-c", NUMPY_SCRIPT, str(N), str(D), str(args.reps)])
    except subprocess.CalledProcessError:
        log("no NumPy: its rows are left out")
    return r


def fmt(x):
    return "{:.3g}".format(x)


def section(r, reps):
    after = r["after"]
    rows = [("ml::generate, native (this tree)", after["generate_median_s"])]
    if "before" in r:
        rows.append(("ml::generate, native (before: %s)" % r["before_rev"], r["before"]["generate_median_s"]))
    if "wasm" in r:
        rows.append(("ml::generate, wasm (this tree)", r["wasm"]["generate_median_s"]))
    rows.append(("n·d calls of Rng::normal(), native", after["normal_median_s"]))
    rows.append(("Rng::normals, rows of d, native", after["normals_median_s"]))
    if "numpy" in r:
        rows.append(("NumPy standard_normal((n, d))", statistics.median(r["numpy"]["draw_seconds"])))
        rows.append(("NumPy standard_normal + row normalization", statistics.median(r["numpy"]["normalized_seconds"])))
    table = "\n".join("| %s | %s |" % (name, fmt(s)) for name, s in rows)
    ratios = ["Rng::normal() loop / Rng::normals = **%s**" % fmt(after["normal_median_s"] / after["normals_median_s"])]
    if "before" in r:
        same = r["before"]["data_sha256"] == after["data_sha256"]
        ratios.insert(0, "generate before / after = **%s** (the same data, SHA-256 of rows and labels: **%s**)"
                      % (fmt(r["before"]["generate_median_s"] / after["generate_median_s"]), "yes" if same else "NO"))
    if "numpy" in r:
        ratios.append("ml::generate native / NumPy with normalization = **%s** (time)"
                      % fmt(after["generate_median_s"] / statistics.median(r["numpy"]["normalized_seconds"])))
    if "wasm" in r:
        ratios.append("wasm / native generate = %s (time); wasm data identical: **%s**"
                      % (fmt(r["wasm"]["generate_median_s"] / after["generate_median_s"]),
                         "yes" if r["wasm"]["data_sha256"] == after["data_sha256"] else "NO"))
    numpy = (", NumPy %s" % r["numpy"]["numpy"]) if "numpy" in r else ""
    return f"""{BEGIN}
## Data generation (n = 200,000, d = 64)

Written by `bench/bench_generate.py` (median of {reps} runs{numpy}). Data: generator `separable` on the sphere,
margin 0, seed 1 (the data of §2). NumPy draws the same count of normals with its own generator (different numbers).

| what | median s |
|---|---:|
{table}

Ratios: {"; ".join(ratios)}. Normal batch equal to the loop bit for bit: **{"yes" if after["normals_equal_normal"] else "NO"}**.
{END}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--before", help="bench_generate built from an older tree, for the before/after ratio")
    parser.add_argument("--before-label", default="older build", help="what --before was built from")
    parser.add_argument("--no-doc", action="store_true", help="print the figures only")
    args = parser.parse_args()
    r = measure(args)
    print(json.dumps(r))
    if not args.no_doc:
        write_section(BEGIN, END, section(r, args.reps))
    else:
        print(section(r, args.reps))


if __name__ == "__main__":
    main()
