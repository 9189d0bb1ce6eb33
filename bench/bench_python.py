#!/usr/bin/env python3
"""marginlab bench — the Python package against the command line and scikit-learn (docs/bench.md, section
"Python package"; docs/python.md).

The benchmark perceptron of docs/bench.md §2 as a link: generator separable (n = 200 000, d = 64, margin 0,
seed 1), exactly 10 % of the labels flipped, no test part, Perceptron with normalize = 0 (w += y x), cyclic,
2 000 000 steps = 10 epochs. Measured, median of --reps runs each (interleaved), wall clock:
  cli       `marginlab run --url LINK --steps S` for S = 2 000 000 and S = 1: the difference is what the command
            line's learner costs for the run's steps (the one-step run holds its fixed costs: process start,
            data generation, session setup, report);
  python    marginlab.Perceptron(normalize=False, max_steps=S, random_state=1).fit on the link's prepared arrays
            (marginlab.link_data), for the same two S: the difference is the learner's cost through the
            estimator (the one-step fit holds its fixed costs: validation, labels, the arrays entering the
            core, report and attributes); the same trace hash as the command line (checked);
  core      the same fit through marginlab._core.fit alone (session and report, no validation, no labels
            mapping, no attributes): python / core - 1 is the Python layer's own cost, measured in one process;
  run       marginlab.run(LINK) against the whole `marginlab run --url LINK` (the same run in both);
  sklearn   sklearn.linear_model.Perceptron(eta0=1, fit_intercept=False, tol=None, max_iter=10,
            shuffle=False) on the same data in float64 (converted before timing);
  threads   two such Python fits in two threads against the same two one after the other (the GIL is
            released inside the core: on two idle cores the ratio approaches 2).
Overhead = (python(S) - python(1)) / (cli(S) - cli(1)) - 1 in each repetition, the median over repetitions; the
fixed costs of both are reported beside it. Run with the package installed (python/run_tests.sh makes build/python-venv):
    build/python-venv/bin/python bench/bench_python.py [--reps 3] [--cli build/native/marginlab] [--no-doc]
It prints the figures as JSON and, unless --no-doc, writes them as the section "Python package" of docs/bench.md
(between the markers below, replacing a previous one, else appended).
"""

import argparse
import json
import os
import platform
import statistics
import subprocess
import threading
import time

import numpy as np

import marginlab
from doc_section import write_section

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = ("#v=1&data=separable&n=200000&d=64&margin=0&test=0&noise=uniform&sampling=exact&learner=perceptron"
        "&l.normalize=0&seed=1")
STEPS = 2_000_000
X_MB = 200_000 * 64 * 4 / 1e6  # the link's features, float32
BEGIN, END = "<!-- bench_python.py: begin -->", "<!-- bench_python.py: end -->"


def median_seconds(fn, reps):
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(cli, reps):
    data = marginlab.link_data(LINK + f"&steps={STEPS}")["train"]
    X, y = data["X"], data["y"]
    cli_hash = json.loads(subprocess.run([cli, "run", "--url", LINK, "--steps", str(STEPS)], check=True,
                                         capture_output=True, text=True).stdout)["trace_sha256"]

    def fit(steps=STEPS):
        return marginlab.Perceptron(normalize=False, max_steps=steps, random_state=1).fit(X, y, y_true=data["y_true"],
                                                                                           target=data["target"])

    def cli_run(steps):
        return subprocess.run([cli, "run", "--url", LINK, "--steps", str(steps)], check=True, capture_output=True)

    estimator = marginlab.Perceptron(normalize=False, max_steps=STEPS, random_state=1)
    link, labels = estimator._link(None), y.astype(np.int32)

    def core_fit():  # the extension module alone: the session on the arrays and its report, no Python layer
        return marginlab._core.fit(link, X, labels, 2, y_true=data["y_true"], target=data["target"]).report()

    fitted = fit()
    out = {"same_trace_hash": fitted.trace_sha256_ == cli_hash, "mistakes": fitted.mistakes_}
    from sklearn.linear_model import Perceptron

    X64, y_pm = X.astype(np.float64), np.where(y == 1, 1, -1)
    sk = Perceptron(eta0=1.0, fit_intercept=False, tol=None, max_iter=10, shuffle=False)
    # Interleaved: every repetition times each contestant once, so a change of the machine's load hits all alike.
    contestants = {
        "cli_total": lambda: cli_run(STEPS),
        "cli_fixed": lambda: cli_run(1),
        "python_fixed": lambda: fit(1),
        "python": fit,
        "core": core_fit,
        "run": lambda: marginlab.run(LINK + f"&steps={STEPS}"),
        "sklearn": lambda: sk.fit(X64, y_pm),
    }
    times = {name: [] for name in contestants}
    for _ in range(reps):
        for name, call in contestants.items():
            times[name].append(median_seconds(call, 1))
    t = {name: statistics.median(v) for name, v in times.items()}
    out["cli_total_s"] = t["cli_total"]
    out["cli_fixed_s"] = t["cli_fixed"]
    out["cli_s"] = t["cli_total"] - t["cli_fixed"]
    out["python_s"] = t["python"]
    out["python_fixed_s"] = t["python_fixed"]
    out["python_steps_s"] = t["python"] - t["python_fixed"]
    # Paired per repetition (its contestants ran back to back), so a drift of the machine's speed between
    # repetitions cancels: the median of the repetitions' ratios.
    out["python_overhead"] = statistics.median(
        (p - pf) / (c - cf) - 1 for p, pf, c, cf in zip(times["python"], times["python_fixed"], times["cli_total"],
                                                         times["cli_fixed"]))
    out["core_s"] = t["core"]
    out["layer_overhead"] = out["python_s"] / out["core_s"] - 1
    out["run_s"] = t["run"]
    out["run_overhead"] = out["run_s"] / out["cli_total_s"] - 1
    out["sklearn_s"] = t["sklearn"]
    out["sklearn_train_accuracy"] = float(sk.score(X64, y_pm))
    out["python_train_accuracy"] = float(fitted.score(X, y))

    def two_threads():
        threads = [threading.Thread(target=fit) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    out["two_serial_s"] = median_seconds(lambda: (fit(), fit()), reps)
    out["two_threads_s"] = median_seconds(two_threads, reps)
    out["thread_speedup"] = out["two_serial_s"] / out["two_threads_s"]
    return out


def section(r, reps):
    load, cores = os.getloadavg()[0], os.cpu_count()
    cores_note = (f"here {cores} logical cores at a load average of {load:.1f}." if load < cores - 0.5 else
                  f"with a load average of {load:.1f} on {cores} logical cores they had none free, and the figures "
                  "above carry that noise.")
    return f"""{BEGIN}
## Python package (bench/bench_python.py)

Written by `bench/bench_python.py` (docs/python.md), {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, median of
{reps} runs, load average {load:.2f} at the end ({platform.python_implementation()} {platform.python_version()},
scikit-learn {__import__('sklearn').__version__}). The benchmark perceptron of §2 as a link
(`{LINK}`, {STEPS:,} steps = 10 epochs). Each side's learner is timed as its run of {STEPS:,} steps minus its run of
one step, which holds that side's fixed costs (the command line: process start, data generation, session setup
and report; the estimator: validation, labels, the arrays entering the core, report and attributes).

| contestant | median s, {STEPS:,} steps | fixed costs s (1 step) | the learner's steps s | examples·epochs/s |
|---|---:|---:|---:|---:|
| `marginlab run` | {r['cli_total_s']:.3f} | {r['cli_fixed_s']:.3f} | {r['cli_s']:.3f} | {STEPS / r['cli_s']:,.0f} |
| `marginlab.Perceptron(normalize=False).fit` on the link's arrays | {r['python_s']:.3f} | {r['python_fixed_s']:.3f} | {r['python_steps_s']:.3f} | {STEPS / r['python_steps_s']:,.0f} |
| the same fit through the extension module alone (`marginlab._core.fit`) | {r['core_s']:.3f} | | | |
| scikit-learn Perceptron (float64, no trace) | {r['sklearn_s']:.3f} | | | {STEPS / r['sklearn_s']:,.0f} |

Python's overhead on the learner against the command line's: **{100 * r['python_overhead']:+.1f} %** (same trace hash as
the command line: **{'yes' if r['same_trace_hash'] else 'no'}**; {r['mistakes']:,} mistakes), the median over the repetitions of
each one's ratio (each side's figure is a difference of two timings and carries their noise). The estimator's fixed costs, {r['python_fixed_s']:.3f} s for these
{X_MB:.0f} MB of float32 features, are paid once per fit whatever its steps. The Python layer alone (validation,
labels, attributes) against the extension module in the same process: **{100 * r['layer_overhead']:+.1f} %**. The whole run
as a link, `marginlab.run` against `marginlab run`: {r['run_s']:.3f} s against {r['cli_total_s']:.3f} s
({100 * r['run_overhead']:+.1f} %). Against scikit-learn:
{r['sklearn_s'] / r['python_s']:.2f}x the throughput, with the session's trace recorded on top (train accuracy
{r['python_train_accuracy']:.4f} against {r['sklearn_train_accuracy']:.4f}).

Two fits in two Python threads: {r['two_threads_s']:.3f} s against {r['two_serial_s']:.3f} s one after the other
(speed-up **{r['thread_speedup']:.2f}**). The core releases the GIL (python/tests/test_runtime.py shows another
thread running throughout a fit), so two fits can use two cores: {cores_note}
{END}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--cli", default=os.path.join(ROOT, "build", "native", "marginlab"))
    parser.add_argument("--no-doc", action="store_true")
    args = parser.parse_args()
    r = measure(args.cli, args.reps)
    print(json.dumps(r, indent=2))
    if not args.no_doc:
        write_section(BEGIN, END, section(r, args.reps))


if __name__ == "__main__":
    main()
