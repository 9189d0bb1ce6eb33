#!/usr/bin/env python3
"""marginlab bench — the paths users run against scikit-learn, the trace's share and the learner's kernel, in one
run (docs/bench.md, section "User-facing paths").

The benchmark perceptron of docs/bench.md §2 as a link: separable, n = 200 000, d = 64, margin 0, exactly 10 % of
the labels flipped, no test part, Perceptron with normalize = 0 (w += y x), cyclic order. Measured in one run,
contestants interleaved in every repetition, the median over --reps repetitions, wall clock:
  python        marginlab.Perceptron(normalize=False, fit_intercept=False, max_iter=E).fit(X, y) on the link's
                arrays (float32, as marginlab.link_data gives them), default trace, E = 10 and 1 passes;
  python_off    the same fit with trace=False (the first and the last trace rows only);
  sklearn       sklearn.linear_model.Perceptron(fit_intercept=False, max_iter=E, tol=None, shuffle=False) fitted
                on the same float32 arrays (its conversion to float64 is part of its fit, as for a user);
  cli           `marginlab run --url LINK --steps S` minus the same with --steps 1 (process start, data
                generation, session and report): the command line's learning part, default trace and trace=0;
  kernel        bench/bench_perceptron's "learner" figure: Learner::step_many alone on the same data;
  data          marginlab.link_data(LINK) (generation, labels, noise, arrays) against NumPy drawing the same
                number of float64 normals and scaling each row to unit norm.
The trace's share of a fit is (python - python_off) / python. Run with the package installed (python/run_tests.sh
makes build/python-venv) and the bench programs built (bench/run.sh, or cmake -DML_BUILD_BENCH=ON):
    build/python-venv/bin/python bench/bench_user_paths.py [--reps 5] [--no-doc]
It prints the figures as JSON and, unless --no-doc, writes them as the section "User-facing paths" of docs/bench.md
and the performance sentence of README.md (between its markers).
"""

import argparse
import json
import os
import statistics
import subprocess
import time

import numpy as np

import marginlab
from doc_section import write_section

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = ("#v=1&data=separable&n=200000&d=64&margin=0&test=0&noise=uniform&sampling=exact&learner=perceptron"
        "&l.normalize=0&seed=1")
N, D, EPOCHS = 200_000, 64, 10
BEGIN, END = "<!-- bench_user_paths.py: begin -->", "<!-- bench_user_paths.py: end -->"
README_BEGIN, README_END = "<!-- bench_user_paths.py: readme begin -->", "<!-- bench_user_paths.py: readme end -->"


def seconds(call):
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def cli_seconds(cli, url, steps):
    return seconds(lambda: subprocess.run([cli, "run", "--url", url, "--steps", str(steps)], check=True,
                                          capture_output=True))


def numpy_data():
    X = np.random.default_rng(1).standard_normal((N, D))
    X /= np.linalg.norm(X, axis=1, keepdims=True)
    return X


def contestants(cli, X, y):
    from sklearn.linear_model import Perceptron as SkPerceptron

    def fit(epochs, trace=True):
        return lambda: marginlab.Perceptron(normalize=False, fit_intercept=False, max_iter=epochs, trace=trace,
                                            random_state=1).fit(X, y)

    def sk(epochs):
        return lambda: SkPerceptron(fit_intercept=False, max_iter=epochs, tol=None, shuffle=False).fit(X, y)

    steps = EPOCHS * N
    return {
        "python_10": fit(EPOCHS), "python_1": fit(1), "python_off_10": fit(EPOCHS, False),
        "sklearn_10": sk(EPOCHS), "sklearn_1": sk(1),
        "cli_total": lambda: cli_seconds(cli, LINK, steps), "cli_fixed": lambda: cli_seconds(cli, LINK, 1),
        "cli_off_total": lambda: cli_seconds(cli, LINK + "&trace=0", steps),
        "data": lambda: marginlab.link_data(LINK), "numpy_data": numpy_data,
    }


def kernel_seconds(bench, reps):
    out = subprocess.run([bench, "--reps", str(reps)], check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])["learner_median_s"]


def measure(cli, bench, reps):
    data = marginlab.link_data(LINK)["train"]
    X, y = data["X"], data["y"]
    calls = contestants(cli, X, y)
    times = {name: [] for name in calls}
    with_trace = marginlab.Perceptron(normalize=False, fit_intercept=False, max_iter=EPOCHS, random_state=1).fit(X, y)
    for _ in range(reps):
        for name, call in calls.items():
            times[name].append(seconds(call))
    t = {name: statistics.median(v) for name, v in times.items()}
    r = {name + "_s": v for name, v in t.items()}
    r["kernel_s"] = kernel_seconds(bench, reps)
    r["cli_learning_s"] = t["cli_total"] - t["cli_fixed"]
    r["cli_off_learning_s"] = t["cli_off_total"] - t["cli_fixed"]
    r["trace_rows"] = len(with_trace.trace_["step"])
    r["eval_examples"] = int(with_trace.trace_["eval_examples"][0])
    # Paired per repetition (its contestants ran back to back): the median of the repetitions' ratios.
    r["trace_share"] = statistics.median((p - o) / p for p, o in zip(times["python_10"], times["python_off_10"]))
    r["cli_trace_share"] = statistics.median(
        (a - b) / (a - f) for a, b, f in zip(times["cli_total"], times["cli_off_total"], times["cli_fixed"]))
    return r


def verdict(ratio, goal):
    return f"**{ratio:.2f}x** ({'meets' if ratio >= goal else 'misses'} the goal of {goal:g}x)"


def cli_share(r):
    """The trace's share of the command line's learning part, or why it is not a figure (a difference of three
    timings of whole processes: below their noise, it can come out negative)."""
    share = r["cli_trace_share"]
    return f"{100 * share:.0f} %" if share >= 0 else f"below this run's timing noise ({100 * share:.0f} %)"


def section(r, reps):
    load = os.getloadavg()[0]
    py10, py1 = r["sklearn_10_s"] / r["python_10_s"], r["sklearn_1_s"] / r["python_1_s"]
    cli = r["sklearn_10_s"] / r["cli_learning_s"]
    data = r["numpy_data_s"] / r["data_s"]
    off = r["python_off_10_s"]
    return f"""{BEGIN}
## User-facing paths (bench/bench_user_paths.py)

Written by `bench/bench_user_paths.py`, {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, median of {reps}
interleaved repetitions, load average {load:.2f} at the end, scikit-learn {__import__('sklearn').__version__}. The
benchmark perceptron as a link (`{LINK}`): {N:,} x {D} float32 features, 10 % of the labels flipped; scikit-learn's
`Perceptron(fit_intercept=False, max_iter=E, tol=None, shuffle=False)` is fitted on the same float32 arrays a user
passes (its float64 conversion is part of its fit).

| path | seconds | scikit-learn seconds | speed against scikit-learn |
|---|---:|---:|---|
| `marginlab.Perceptron(normalize=False, fit_intercept=False, max_iter=10).fit`, default trace | {r['python_10_s']:.3f} | {r['sklearn_10_s']:.3f} | {verdict(py10, 3)} |
| the same with `max_iter=1` | {r['python_1_s']:.3f} | {r['sklearn_1_s']:.3f} | {verdict(py1, 1.5)} |
| `marginlab run --steps {EPOCHS * N:,}`, its learning part (minus `--steps 1`) | {r['cli_learning_s']:.3f} | {r['sklearn_10_s']:.3f} | {verdict(cli, 3)} |
| data: `marginlab.link_data` (generation, labels, noise, arrays) against NumPy's normals scaled to unit rows | {r['data_s']:.3f} | NumPy {r['numpy_data_s']:.3f} | {verdict(data, 1)} |

The trace: {r['trace_rows']} rows, each over a subsample of {r['eval_examples']:,} examples (docs/learners.md,
"Recording schedule"). Its share of the 10-pass fit, (fit - fit with `trace=False`) / fit, paired per repetition:
**{100 * r['trace_share']:.0f} %** (goal: at most 25 %); of the command line's learning part: {cli_share(r)}.
With the trace off the fit takes {off:.3f} s and the command line's learning {r['cli_off_learning_s']:.3f} s, against
the kernel alone (`Learner::step_many`, bench/bench_perceptron) {r['kernel_s']:.3f} s:
{r['cli_off_learning_s'] / r['kernel_s']:.2f}x the kernel's time on the command line (goal: within 1.2x), {off / r['kernel_s']:.2f}x
in Python (its fixed costs included: validation, labels, the report over every example).
{END}
"""


def readme_sentence(r):
    """The README's performance sentence: the same figures, in one line."""
    py10, py1 = r["sklearn_10_s"] / r["python_10_s"], r["sklearn_1_s"] / r["python_1_s"]
    return (f"{README_BEGIN}\nMeasured in one run on the benchmark link (200 000 x 64, 10 % flipped labels; "
            f"[docs/bench.md](docs/bench.md#user-facing-paths-benchbench_user_pathspy)): a Python `Perceptron` fit "
            f"with its {r['trace_rows']}-row trace is {py10:.2f}x scikit-learn's speed at 10 passes and {py1:.2f}x at "
            f"one pass; the command line's learning part {r['sklearn_10_s'] / r['cli_learning_s']:.2f}x; the trace "
            f"takes {100 * r['trace_share']:.0f} % of the 10-pass fit.\n{README_END}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--cli", default=os.path.join(ROOT, "build", "native", "marginlab"))
    parser.add_argument("--bench", default=os.path.join(ROOT, "build", "native", "bench", "bench_perceptron"))
    parser.add_argument("--no-doc", action="store_true")
    args = parser.parse_args()
    r = measure(args.cli, args.bench, args.reps)
    print(json.dumps(r, indent=2))
    if not args.no_doc:
        write_section(BEGIN, END, section(r, args.reps))
        write_section(README_BEGIN, README_END, readme_sentence(r), "README.md")


if __name__ == "__main__":
    main()
