#!/usr/bin/python3
"""marginlab bench peers: Debian's pandas and scikit-learn on the same data as the C++ benches.

Run with Debian's interpreter (/usr/bin/python3: python3-pandas 1.5.3, python3-sklearn 1.2.1), not a
pyenv one. Prints one JSON object per measurement, like the bench programs.

  peers.py csv FILE [REPS]             pandas.read_csv on the file's bytes already in memory (BytesIO),
                                       so only the parse is timed, as for ml::parse_csv; median of REPS.
  peers.py perceptron PREFIX N D [REPS]  sklearn.linear_model.Perceptron(max_iter=10, tol=None,
                                       shuffle=False, fit_intercept=False, eta0=1) on PREFIX.X.f32 /
                                       PREFIX.y.i8 written by bench_perceptron --write-data; X is
                                       converted to float64 (what sklearn's SGD works in) before timing,
                                       so only fit() is timed; median of REPS.
"""
import io
import json
import sys
import time
import warnings


def median(v):
    s = sorted(v)
    n = len(s)
    return s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])


def bench_csv(path, reps):
    import pandas as pd
    with open(path, "rb") as f:
        data = f.read()
    seconds = []
    shape = None
    for _ in range(reps):
        t0 = time.perf_counter()
        frame = pd.read_csv(io.BytesIO(data))
        seconds.append(time.perf_counter() - t0)
        shape = frame.shape
        del frame
    med = median(seconds)
    print(json.dumps({"bench": "csv_parse", "build": "pandas", "version": pd.__version__, "bytes": len(data),
                      "rows": shape[0], "cols": shape[1], "seconds": seconds, "median_s": med,
                      "mb_per_s": len(data) / 1e6 / med}))


def bench_perceptron(prefix, n, d, reps):
    import numpy as np
    import sklearn
    from sklearn.linear_model import Perceptron
    X = np.fromfile(prefix + ".X.f32", dtype=np.float32).reshape(n, d).astype(np.float64)
    y = np.fromfile(prefix + ".y.i8", dtype=np.int8).astype(np.float64)
    seconds = []
    accuracy = None
    for _ in range(reps):
        clf = Perceptron(max_iter=10, tol=None, shuffle=False, fit_intercept=False, eta0=1.0)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # ConvergenceWarning: max_iter reached, as intended
            t0 = time.perf_counter()
            clf.fit(X, y)
            seconds.append(time.perf_counter() - t0)
        accuracy = float((clf.predict(X) == y).mean())
    med = median(seconds)
    print(json.dumps({"bench": "perceptron", "build": "sklearn", "version": sklearn.__version__, "n": n, "d": d,
                      "epochs": 10, "n_iter": int(clf.n_iter_), "seconds": seconds, "median_s": med,
                      "train_accuracy": accuracy, "ex_epochs_per_s": n * 10 / med}))


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "csv":
        bench_csv(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 3)
    elif len(sys.argv) >= 5 and sys.argv[1] == "perceptron":
        bench_perceptron(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]) if len(sys.argv) > 5 else 3)
    else:
        sys.stderr.write(__doc__)
        sys.exit(2)


if __name__ == "__main__":
    main()
