#!/usr/bin/python3
"""marginlab bench report: runs every benchmark once, back to back, and writes docs/bench.md.

Called by bench/run.sh after it has built both presets. Runs, in this order (each figure a median of
--reps runs, wall clock):
  1. CSV parsing, a deterministic 10^6 x 20 file (~182 MB, build/bench/csv_1m_x20.csv): ml::parse_csv
     native and wasm (node --no-liftoff) on the text in memory; pandas.read_csv on the same bytes in
     memory; and end to end `marginlab check FILE` (read + parse + sha256 + JSON), native and wasm,
     whose outputs must be identical.
  2. Perceptron training, n = 200 000, d = 64, 10 epochs: the Learner interface and a bare Eigen loop,
     native and wasm; scikit-learn's Perceptron on the same data; memcpy of X as the bandwidth reference.
  3. Kernel-projection build time, n = 10 000 (random span, Nyström-KPCA, KGS), native and wasm.
  4. Halving, one pass over a full version space of 10^6 concepts, d = 2, 5, 10, native and wasm.
Speeds are reported as ratios of figures from this same run. Nothing is asserted.
Environment overrides (for development): ML_BENCH_NATIVE, ML_BENCH_WEB = build folders.
"""
import argparse
import datetime
import hashlib
import json
import os
import platform
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NATIVE = os.environ.get("ML_BENCH_NATIVE", os.path.join(ROOT, "build", "native"))
WEB = os.environ.get("ML_BENCH_WEB", os.path.join(ROOT, "build", "web"))
WORK = os.path.join(ROOT, "build", "bench")
DOC = os.path.join(ROOT, "docs", "bench.md")
NODE = ["node", "--no-liftoff"]
PY = "/usr/bin/python3"  # Debian's interpreter: python3-pandas, python3-sklearn
CSV_FILE = os.path.join(WORK, "csv_1m_x20.csv")
CSV_BYTES = 182499034  # size of the deterministic file (bench_csv --write, 10^6 x 20, seed 1)
PERCEPTRON_PREFIX = os.path.join(WORK, "perceptron")


def python_section():
    """The block bench/bench_python.py writes into docs/bench.md (between its markers), kept across rewrites."""
    begin, end = "<!-- bench_python.py: begin -->", "<!-- bench_python.py: end -->"
    try:
        with open(DOC) as f:
            text = f.read()
    except FileNotFoundError:
        return ""
    a, b = text.find(begin), text.find(end)
    return text[a:b + len(end)] + "\n" if 0 <= a < b else ""


def log(msg):
    sys.stderr.write("bench: %s\n" % msg)
    sys.stderr.flush()


def run(cmd, **kw):
    log(" ".join(cmd))
    out = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True, cwd=ROOT, **kw).stdout
    return out


def run_json(cmd):
    return [json.loads(line) for line in run(cmd).splitlines() if line.startswith("{")]


def native(name):
    return [os.path.join(NATIVE, "bench", name)]


def wasm(name):
    return NODE + [os.path.join(WEB, "bench", name + ".js")]


def exists_native(name):
    return os.path.exists(os.path.join(NATIVE, "bench", name))


def exists_wasm(name):
    return os.path.exists(os.path.join(WEB, "bench", name + ".js"))


def median(v):
    s = sorted(v)
    n = len(s)
    return s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def first_line(cmd):
    try:
        return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        return "?"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def loadavg():
    try:
        return os.getloadavg()[0]
    except OSError:
        return float("nan")


def fmt(x, digits=3):
    """A number with `digits` significant digits, no exponent for everyday magnitudes."""
    if x is None:
        return "–"
    if isinstance(x, int) or (isinstance(x, float) and x.is_integer() and abs(x) < 1e15):
        return "{:,}".format(int(x))
    mag = abs(x)
    if mag >= 10 ** digits:
        return "{:,.0f}".format(x)
    decimals = max(0, digits - 1 - int(__import__("math").floor(__import__("math").log10(mag))))
    return "{:.{}f}".format(x, decimals)


def ratio(a, b):
    return None if not a or not b else a / b


def time_check(cmd, reps):
    """Wall time of a whole process (median), and its stdout (must be the same every time)."""
    seconds, outputs = [], set()
    for _ in range(reps):
        t0 = time.perf_counter()
        out = run(cmd)
        seconds.append(time.perf_counter() - t0)
        outputs.add(out)
    return seconds, outputs


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    reps = str(args.reps)
    os.makedirs(WORK, exist_ok=True)
    results = []
    load_start = loadavg()
    started = datetime.datetime.now(datetime.timezone.utc)

    # --- 1. CSV ---
    if not os.path.exists(CSV_FILE) or os.path.getsize(CSV_FILE) != CSV_BYTES:
        run(native("bench_csv") + ["--write", CSV_FILE])
    csv_sha = sha256_file(CSV_FILE)
    csv_native = run_json(native("bench_csv") + [CSV_FILE, "--reps", reps])[0]
    csv_wasm = run_json(wasm("bench_csv") + [CSV_FILE, "--reps", reps])[0]
    csv_pandas = run_json([PY, os.path.join(ROOT, "bench", "peers.py"), "csv", CSV_FILE, reps])[0]
    check_native_s, check_native_out = time_check([os.path.join(NATIVE, "marginlab"), "check", CSV_FILE], args.reps)
    check_wasm_s, check_wasm_out = time_check(NODE + [os.path.join(WEB, "marginlab.js"), "check", CSV_FILE], args.reps)
    check_same = len(check_native_out) == 1 and check_native_out == check_wasm_out
    results += [csv_native, csv_wasm, csv_pandas,
                {"bench": "check", "build": "native", "seconds": check_native_s, "median_s": median(check_native_s)},
                {"bench": "check", "build": "wasm", "seconds": check_wasm_s, "median_s": median(check_wasm_s),
                 "same_output_as_native": check_same}]

    # --- 2. Perceptron ---
    p_native = run_json(native("bench_perceptron") + ["--reps", reps, "--write-data", PERCEPTRON_PREFIX])[0]
    p_wasm = run_json(wasm("bench_perceptron") + ["--reps", reps])[0]
    p_sklearn = run_json([PY, os.path.join(ROOT, "bench", "peers.py"), "perceptron", PERCEPTRON_PREFIX,
                          str(p_native["n"]), str(p_native["d"]), reps])[0]
    results += [p_native, p_wasm, p_sklearn]

    # --- 3. Kernel projections ---
    proj_native, proj_wasm = [], []
    if exists_native("bench_projection") and exists_wasm("bench_projection"):
        proj_native = run_json(native("bench_projection") + ["--reps", reps])
        proj_wasm = run_json(wasm("bench_projection") + ["--reps", reps])
        results += proj_native + proj_wasm

    # --- 4. Halving ---
    halving_native = run_json(native("bench_halving") + ["--reps", "5"])
    halving_wasm = run_json(wasm("bench_halving") + ["--reps", "5"])
    results += halving_native + halving_wasm

    # --- 5. UMA: one update at the letter experiment's size, beside a bare GEMM of the same size ---
    uma_native = run_json(native("bench_uma") + ["--reps", reps])
    uma_wasm = run_json(wasm("bench_uma") + ["--reps", "1"])
    results += uma_native + uma_wasm

    # --- 5b. The Nyström kernel PCA front end at the letters size (fit + transform of the sample) ---
    nystrom_native, nystrom_wasm = [], []
    if exists_native("bench_nystrom") and exists_wasm("bench_nystrom"):
        nystrom_native = run_json(native("bench_nystrom") + ["--reps", reps])
        nystrom_wasm = run_json(wasm("bench_nystrom") + ["--reps", "1"])
        results += nystrom_native + nystrom_wasm

    # --- 6. Any other bench program (added by other modules): run with its defaults, reported generically ---
    known = {"bench_csv", "bench_perceptron", "bench_projection", "bench_halving", "bench_uma", "bench_nystrom"}
    others = []
    bench_dir = os.path.join(NATIVE, "bench")
    for name in sorted(os.listdir(bench_dir)) if os.path.isdir(bench_dir) else []:
        path = os.path.join(bench_dir, name)
        if not name.startswith("bench_") or name in known or not os.access(path, os.X_OK) or "." in name:
            continue
        if not os.path.isfile(path) or not exists_wasm(name):
            continue
        a = run_json(native(name))
        b = run_json(wasm(name))
        others.append((name, a, b))
        results += a + b

    load_end = loadavg()
    with open(os.path.join(WORK, "results.jsonl"), "w") as f:
        for r in results:
            f.write(json.dumps(r) + "\n")

    # --- the report ---
    L = []
    L.append("# marginlab benchmarks")
    L.append("")
    L.append("Produced by `bench/run.sh` (this file is overwritten on every run; raw results in "
             "`build/bench/results.jsonl`). All figures come from **one run**, back to back on one machine, so the "
             "ratios compare like with like; absolute figures depend on the machine and its load. Every figure is "
             "the median of %d runs (wall clock). wasm = the same C++ compiled with emscripten (`-msimd128 -msse4.2`), "
             "run with `node --no-liftoff`; native = the reference build (`-O2 -msse4.2 -mno-avx "
             "-ffp-contract=off`). Peers are Debian's python3-pandas and python3-sklearn under `/usr/bin/python3`."
             % args.reps)
    L.append("")
    L.append("| | |")
    L.append("|---|---|")
    L.append("| date (UTC) | %s |" % started.strftime("%Y-%m-%d %H:%M"))
    L.append("| CPU | %s, %d logical cores |" % (cpu_model(), os.cpu_count() or 0))
    L.append("| load average (1 min) at start / end | %.2f / %.2f |" % (load_start, load_end))
    emcc = first_line(["emcc", "--version"]).replace("()", "").split()
    L.append("| compilers | %s; emcc %s |" % (first_line(["g++", "--version"]), emcc[-1] if emcc else "?"))
    L.append("| node | %s |" % first_line(["node", "--version"]))
    L.append("| peers | pandas %s, scikit-learn %s |" % (csv_pandas.get("version"), p_sklearn.get("version")))
    L.append("")
    if load_start > (os.cpu_count() or 1) or load_end > (os.cpu_count() or 1):
        L.append("**Note:** the machine was busy during this run (load average above the core count): absolute "
                 "figures are pessimistic and noisier; the ratios are still from one run but less reliable.")
        L.append("")

    L.append("## 1. CSV parsing (10⁶ rows x 20 columns)")
    L.append("")
    L.append("File: `build/bench/csv_1m_x20.csv`, %s bytes (MB = 10⁶ bytes), a header and 19 features with six "
             "decimals in [-1, 1] plus a 0/1 label, written by `bench_csv --write` from the project RNG "
             "(sha256 `%s`). The file is read into memory first; only the parse is timed." % (
                 "{:,}".format(csv_native["bytes"]), csv_sha))
    L.append("")
    L.append("| parser | median s | MB/s |")
    L.append("|---|---:|---:|")
    for name, r in [("ml::parse_csv, native", csv_native), ("ml::parse_csv, wasm", csv_wasm),
                    ("pandas.read_csv (BytesIO)", csv_pandas)]:
        L.append("| %s | %s | %s |" % (name, fmt(r["median_s"]), fmt(r["mb_per_s"])))
    L.append("")
    L.append("Ratios: native / wasm = **%s**; marginlab native / pandas = **%s**; marginlab wasm / pandas = **%s** "
             "(throughput)." % (fmt(ratio(csv_native["mb_per_s"], csv_wasm["mb_per_s"])),
                                fmt(ratio(csv_native["mb_per_s"], csv_pandas["mb_per_s"])),
                                fmt(ratio(csv_wasm["mb_per_s"], csv_pandas["mb_per_s"]))))
    L.append("")
    L.append("End to end, `marginlab check FILE` (process start, read, parse, sha256 of the text, JSON): native "
             "%s s, wasm %s s (ratio %s); outputs identical in both builds: **%s**." % (
                 fmt(median(check_native_s)), fmt(median(check_wasm_s)),
                 fmt(ratio(median(check_wasm_s), median(check_native_s))), "yes" if check_same else "NO"))
    L.append("")

    L.append("## 2. Perceptron training (n = {:,}, d = {}, 10 epochs)".format(p_native["n"], p_native["d"]))
    L.append("")
    L.append("Data: generator `separable` on the unit sphere (seed 1) with 10 % of the labels flipped, so every "
             "epoch has mistakes and every contestant does all 10 epochs in the same order (cyclic; sklearn "
             "`shuffle=False`). Update w += y·x on y⟨w,x⟩ ≤ 0 everywhere (sklearn `eta0=1, fit_intercept=False, "
             "tol=None, max_iter=10`; marginlab `normalize=0`). sklearn trains in float64 (X converted before "
             "timing), marginlab in float32.")
    L.append("")
    L.append("| contestant | median s | examples·epochs/s | mistakes | train accuracy |")
    L.append("|---|---:|---:|---:|---:|")
    for build, p in (("native", p_native), ("wasm", p_wasm)):
        L.append("| marginlab Perceptron as the session steps it (Learner::step_many, runs of %s), %s | %s | %s | %s | %s |" % (
            "{:,}".format(p.get("learner_run_steps", 0)), build, fmt(p["learner_median_s"]),
            fmt(p["learner_ex_epochs_per_s"]), "{:,}".format(p["learner_mistakes"]),
            fmt(p["learner_train_accuracy"], 4)))
    for build, p in (("native", p_native), ("wasm", p_wasm)):
        if "step_median_s" in p:
            L.append("| marginlab Perceptron, one virtual Learner::step() per example, %s | %s | %s | %s | – |" % (
                build, fmt(p["step_median_s"]), fmt(p["step_ex_epochs_per_s"]), "{:,}".format(p["step_mistakes"])))
    L.append("| bare Eigen dot/axpy loop, native | %s | %s | %s | %s |" % (
        fmt(p_native["eigen_median_s"]), fmt(p_native["eigen_ex_epochs_per_s"]),
        "{:,}".format(p_native["eigen_mistakes"]), fmt(p_native["eigen_train_accuracy"], 4)))
    L.append("| bare Eigen dot/axpy loop, wasm | %s | %s | %s | %s |" % (
        fmt(p_wasm["eigen_median_s"]), fmt(p_wasm["eigen_ex_epochs_per_s"]),
        "{:,}".format(p_wasm["eigen_mistakes"]), fmt(p_wasm["eigen_train_accuracy"], 4)))
    L.append("| scikit-learn Perceptron (float64) | %s | %s | – | %s |" % (
        fmt(p_sklearn["median_s"]), fmt(p_sklearn["ex_epochs_per_s"]), fmt(p_sklearn["train_accuracy"], 4)))
    L.append("")
    same_mistakes = p_native["learner_mistakes"] == p_wasm["learner_mistakes"] == p_native["eigen_mistakes"] == \
        p_wasm["eigen_mistakes"] == p_native.get("step_mistakes", p_native["eigen_mistakes"]) == \
        p_wasm.get("step_mistakes", p_wasm["eigen_mistakes"])
    L.append("Ratios (throughput): learner native / wasm = **%s**; learner native / sklearn = **%s**; learner wasm / "
             "sklearn = **%s**; bare loop native / wasm = %s; session stepping path / bare loop = **%s** native, "
             "**%s** wasm. Mistake counts identical across the marginlab runs: **%s**." % (
                 fmt(ratio(p_native["learner_ex_epochs_per_s"], p_wasm["learner_ex_epochs_per_s"])),
                 fmt(ratio(p_native["learner_ex_epochs_per_s"], p_sklearn["ex_epochs_per_s"])),
                 fmt(ratio(p_wasm["learner_ex_epochs_per_s"], p_sklearn["ex_epochs_per_s"])),
                 fmt(ratio(p_native["eigen_ex_epochs_per_s"], p_wasm["eigen_ex_epochs_per_s"])),
                 fmt(ratio(p_native["learner_ex_epochs_per_s"], p_native["eigen_ex_epochs_per_s"])),
                 fmt(ratio(p_wasm["learner_ex_epochs_per_s"], p_wasm["eigen_ex_epochs_per_s"])),
                 "yes" if same_mistakes else "NO"))
    L.append("")
    share = ratio(p_native["eigen_stream_gb_per_s"], p_native["memcpy_gb_per_s"]) or 0
    L.append("Memory reference (native): memcpy of X (%s MB) runs at %s GB/s (bytes copied per second); the bare "
             "loop streams X at %s GB/s, %d %% of that copy rate: %s (wasm memcpy: %s GB/s.)" % (
                 fmt(p_native["x_bytes"] / 1e6), fmt(p_native["memcpy_gb_per_s"]),
                 fmt(p_native["eigen_stream_gb_per_s"]), round(100 * share),
                 "the loop runs close to the memory limit." if share >= 0.5 else
                 "the loop is bound by the dependent dot → compare → axpy chain per example, not by memory.",
                 fmt(p_wasm["memcpy_gb_per_s"])))
    L.append("")

    L.append("## 3. Kernel-projection build time (n = 10 000)")
    L.append("")
    if proj_native:
        L.append("Data: the Ring toy (000 §5.2, 2-D), Gaussian kernel σ = 2, D = 100 coordinates requested. KPCA at "
                 "n = 10 000 exceeds the exact limit, so it is Nyström with the default landmarks. \"fit\" is "
                 "`KernelProjection::fit`, \"transform\" maps all n points.")
        L.append("")
        L.append("| map | D | fit native s | fit wasm s | native / wasm | transform native s | transform wasm s |")
        L.append("|---|---:|---:|---:|---:|---:|---:|")
        for a, b in zip(proj_native, proj_wasm):
            name = a["kind"] + (" (Nyström)" if a.get("nystrom") else "")
            L.append("| %s | %d | %s | %s | %s | %s | %s |" % (
                name, a["dims"], fmt(a["fit_median_s"]), fmt(b["fit_median_s"]),
                fmt(ratio(b["fit_median_s"], a["fit_median_s"])), fmt(a["transform_median_s"]),
                fmt(b["transform_median_s"])))
        L.append("")
        L.append("(native / wasm is the speed ratio: wasm time over native time.)")
    else:
        L.append("**TODO:** the projection benchmark did not run: `bench_projection` was not built "
                 "(core/kernels/projection.h missing when the build was configured).")
    L.append("")

    L.append("## 4. Halving at |𝒞| = 10⁶")
    L.append("")
    L.append("One pass over a full version space (every concept scored and voted: the cost of the first step; "
             "later steps touch only the concepts left) and the first `step()` itself (which also updates K and "
             "compacts storage).")
    L.append("")
    L.append("| d | full pass native ms | full pass wasm ms | first step native ms | first step wasm ms |")
    L.append("|---:|---:|---:|---:|---:|")
    for a, b in zip(halving_native, halving_wasm):
        L.append("| %d | %s | %s | %s | %s |" % (a["d"], fmt(a["full_pass_median_ms"]), fmt(b["full_pass_median_ms"]),
                                                fmt(a["first_step_median_ms"]), fmt(b["first_step_median_ms"])))
    L.append("")
    if uma_native and uma_wasm:
        a, b = uma_native[0], uma_wasm[0]
        L.append("## 5. UMA update at n = %s, D = %s, Q = %d (004 §4.2 letters size)" % (
            fmt(a["n"]), fmt(a["dims"]), int(a["classes"])))
        L.append("")
        L.append("`bench/bench_uma.cpp`: `classes` data (d = 16) with uniform label noise, projected by a Gaussian "
                 "Nyström kernel PCA onto D coordinates (m = D landmarks); one `Uma::step()` that makes an update "
                 "(score columns, the Γ pass, all z_pq = C⁻¹Γ^p, the selection) beside the bare Eigen float GEMM "
                 "X·Wᵀ of the same size (n × D times D × Q), timed in the same process.")
        L.append("")
        L.append("| | native | wasm | wasm / native |")
        L.append("|---|---:|---:|---:|")
        for key, label in [("uma_step_median_s", "one UMA update, s"), ("gemm_median_s", "bare GEMM X·Wᵀ, s"),
                           ("nystrom_fit_median_s", "Nyström fit, s"), ("nystrom_transform_s", "Nyström transform of X, s")]:
            L.append("| %s | %s | %s | %s |" % (label, fmt(a[key]), fmt(b[key]), fmt(ratio(b[key], a[key]))))
        L.append("| **update / GEMM** | **%s** | **%s** | |" % (fmt(a["step_over_gemm"]), fmt(b["step_over_gemm"])))
        L.append("")
        L.append("The update stays within 3× of the GEMM in both builds: **%s**. Checksums of W after the timed "
                 "updates equal in both builds: **%s**." % (
                     "yes" if a["step_over_gemm"] <= 3 and b["step_over_gemm"] <= 3 else "no",
                     "yes" if a["checksum"] == b["checksum"] else "no"))
        L.append("")
    if nystrom_native and nystrom_wasm:
        top_a, top_b = nystrom_native[0], nystrom_wasm[0]
        a, b = top_a["uma"], top_b["uma"]  # UMA's configuration (rotation-free); "ordered": the ordered PCA
        L.append("## 5b. Nyström kernel PCA at the letters size (n = %s, m = D = %s)" % (fmt(top_a["n"]), fmt(top_a["landmarks"])))
        L.append("")
        L.append("`bench/bench_nystrom.cpp`: `classes` data (d = 16), Gaussian σ = 1; what the kernel front end does "
                 "before a letters run's first step (`ProjectionFitter` with the sample's transform), stage by stage, in UMA's "
                 "configuration (`skip_nystrom_pca`: at D = m the sample's PCA is only a rotation and is skipped, "
                 "core/kernels/projection.h); native median of the reps, wasm one run.")
        L.append("")
        L.append("| stage | native s | wasm s | wasm / native |")
        L.append("|---|---:|---:|---:|")
        for stage, va in a["stage_median_s"].items():
            vb = b["stage_median_s"].get(stage)
            L.append("| %s | %s | %s | %s |" % (stage, fmt(va), fmt(vb), fmt(ratio(vb, va))))
        L.append("| **fit + transform of the sample** | **%s** | **%s** | %s |" % (
            fmt(a["fit_transform_median_s"]), fmt(b["fit_transform_median_s"]),
            fmt(ratio(b["fit_transform_median_s"], a["fit_transform_median_s"]))))
        L.append("| transform of n new points | %s | %s | %s |" % (
            fmt(a["transform_again_s"]), fmt(b["transform_again_s"]), fmt(ratio(b["transform_again_s"], a["transform_again_s"]))))
        L.append("")
        same = all(a[k] == b[k] for k in ("spectrum_sum", "transform_sum_sq", "transform_fnv1a"))
        L.append("Goal (issue 13): fit + transform ≤ 5 s native, ≤ 7 s wasm: native **%s**, wasm **%s**. Checksums "
                 "(spectrum sum, Σ z², FNV-1a of the float bits %s) equal in both builds: **%s**." % (
                     "met" if a["fit_transform_median_s"] <= 5 else "not met",
                     "met" if b["fit_transform_median_s"] <= 7 else "not met", a["transform_fnv1a"],
                     "yes" if same else "NO"))
        if "ordered" in top_a and "ordered" in top_b:
            oa, ob = top_a["ordered"], top_b["ordered"]
            L.append("")
            L.append("The ordered PCA (the RP classifier's and the pipeline's kpca: covariance pass and eigendecomposition "
                     "kept): fit + transform native %s s, wasm %s s; checksums equal: **%s**." % (
                         fmt(oa["fit_transform_median_s"]), fmt(ob["fit_transform_median_s"]),
                         "yes" if all(oa[k] == ob[k] for k in ("spectrum_sum", "transform_sum_sq", "transform_fnv1a"))
                         else "NO"))
        L.append("")
    for name, a_list, b_list in others:
        L.append("## %s (bench/%s.cpp)" % (name, name))
        L.append("")
        L.append("Run with its defaults; see the comment at the top of `bench/%s.cpp` for what it measures. "
                 "Every scalar it reports, native beside wasm:" % name)
        L.append("")
        for a, b in zip(a_list, b_list):
            L.append("| field | native | wasm | native / wasm |")
            L.append("|---|---:|---:|---:|")
            for key, va in a.items():
                vb = b.get(key)
                if isinstance(va, (list, dict)) or key == "build":
                    continue
                if isinstance(va, (int, float)) and not isinstance(va, bool) and isinstance(vb, (int, float)):
                    is_time = key.endswith(("_s", "_ms"))
                    r = ratio(vb, va) if is_time else ratio(va, vb)
                    L.append("| %s | %s | %s | %s |" % (key, fmt(va), fmt(vb), fmt(r) if va != vb else "1"))
                else:
                    L.append("| %s | %s | %s | |" % (key, va, vb))
            L.append("")
        L.append("(For times, fields ending in `_s` or `_ms`, native / wasm is the speed ratio: wasm time ÷ native time.)")
        L.append("")
    os.makedirs(os.path.dirname(DOC), exist_ok=True)
    kept = python_section()
    with open(DOC, "w") as f:
        f.write("\n".join(L))
        if kept:
            f.write("\n" + kept)
    log("wrote %s" % os.path.relpath(DOC, ROOT))
    print("\n".join(L))


if __name__ == "__main__":
    main()
