#!/usr/bin/env python3
"""marginlab bench — pickles of fitted estimators (docs/bench.md, section "Pickles"; docs/python.md "Pickles").

A Perceptron fitted on 150 000 x 50 float32 features (generator separable, 10 % of the labels flipped, one pass:
max_iter=1, random_state=1) is pickled with the highest protocol; measured: the pickle's size, and the median
wall time of pickle.loads over --reps runs; checked: the unpickled estimator's predictions, decision_function,
coef_ and trace_sha256_ equal the fitted one's (a binary linear learner's pickle keeps its weights and the trace's
text, never the training data). Run with the package installed (python/run_tests.sh makes build/python-venv):
    build/python-venv/bin/python bench/bench_pickle.py [--reps 20] [--no-doc]
It prints the figures as JSON and, unless --no-doc, writes them as the section "Pickles" of docs/bench.md
(between the markers below, replacing a previous one, else appended).
"""

import argparse
import json
import os
import pickle
import statistics
import time
import warnings

import numpy as np

import marginlab
from doc_section import write_section

N, D = 150_000, 50
BEGIN, END = "<!-- bench_pickle.py: begin -->", "<!-- bench_pickle.py: end -->"


def fitted_perceptron():
    X, y = marginlab.datasets.separable(n=N, d=D, random_state=1)
    y = marginlab.noise.uniform(y, eta=0.1, random_state=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # one pass: the fit ends on its budget (ConvergenceWarning)
        return X, marginlab.Perceptron(max_iter=1, random_state=1).fit(X, y)


def measure(reps):
    X, clf = fitted_perceptron()
    blob = pickle.dumps(clf, protocol=pickle.HIGHEST_PROTOCOL)
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        back = pickle.loads(blob)
        times.append(time.perf_counter() - start)
    return {
        "rows": N, "features": D, "pickle_bytes": len(blob), "features_bytes": X.nbytes,
        "unpickle_ms": 1000 * statistics.median(times), "unpickle_max_ms": 1000 * max(times), "reps": reps,
        "same_predictions": bool(np.array_equal(back.predict(X), clf.predict(X))),
        "same_decision_function": bool(np.array_equal(back.decision_function(X), clf.decision_function(X))),
        "same_coef": bool(np.array_equal(back.coef_, clf.coef_)),
        "same_trace": back.trace_sha256_ == clf.trace_sha256_,
        "trace_rows": len(clf.trace_["step"]),
    }


def section(r):
    same = all(r[k] for k in ("same_predictions", "same_decision_function", "same_coef", "same_trace"))
    return f"""{BEGIN}
## Pickles (bench/bench_pickle.py)

Written by `bench/bench_pickle.py`, {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, load average
{os.getloadavg()[0]:.2f}. A `marginlab.Perceptron(max_iter=1, random_state=1)` fitted on {r['rows']:,} x
{r['features']} float32 features ({r['features_bytes'] / 1e6:.0f} MB; 10 % of the labels flipped) pickles to
**{r['pickle_bytes'] / 1e3:.1f} kB** (its weights, parameters, report and the {r['trace_rows']}-row trace as text) and
unpickles in **{r['unpickle_ms']:.2f} ms** (median of {r['reps']}; slowest {r['unpickle_max_ms']:.2f} ms). The unpickled
estimator's predictions, decision_function, coef_ and trace hash equal the fitted one's: **{'yes' if same else 'no'}**.
{END}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--no-doc", action="store_true")
    args = parser.parse_args()
    r = measure(args.reps)
    print(json.dumps(r, indent=2))
    if not args.no_doc:
        write_section(BEGIN, END, section(r))


if __name__ == "__main__":
    main()
