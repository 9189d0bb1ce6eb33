"""The trace keyword: the resolution of trace_, its subsample on large data, and the trace off."""

import numpy as np
import pytest

import marginlab

pytestmark = pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")


def separable(n, d=20, seed=0, flip=0.1):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)).astype(np.float32)
    y = (X @ rng.normal(size=d) > 0).astype(int)
    flipped = rng.random(n) < flip
    return X, np.where(flipped, 1 - y, y)


def test_a_large_sample_gets_two_hundred_rows_over_a_subsample_it_names():
    X, y = separable(30000)
    clf = marginlab.Perceptron(max_iter=10, fit_intercept=False).fit(X, y)
    trace = clf.trace_
    assert len(trace["step"]) >= 200  # was 12 rows before the sampled plan
    examples = trace["eval_examples"]
    assert 512 <= examples[0] < 30000 and np.all(examples == examples[0])
    # The report is over every example; the last row estimates the same error from the subsample.
    assert trace["train_error_noisy"][-1] == pytest.approx(clf.train_error_, abs=0.03)
    assert clf.train_error_ == pytest.approx(1 - clf.score(X, y), abs=1e-12)


def test_the_resolution_and_the_trace_off():
    X, y = separable(30000, seed=1)
    rows = {}
    for trace in (False, 32, True, 1024):
        clf = marginlab.Perceptron(max_iter=10, fit_intercept=False, trace=trace).fit(X, y)
        rows[trace] = len(clf.trace_["step"])
        assert clf.trace_["step"][-1] == clf.n_steps_
    assert rows[False] == 2
    assert rows[32] < rows[True] < rows[1024]
    # The learning does not depend on the trace: the same weights every time.
    a = marginlab.Perceptron(max_iter=3, trace=False).fit(X, y)
    b = marginlab.Perceptron(max_iter=3, trace=1024).fit(X, y)
    assert np.array_equal(a.coef_, b.coef_) and a.mistakes_ == b.mistakes_


@pytest.mark.parametrize("trace", [0, -1, 1025, 2.5, "all", None])
def test_a_bad_trace_names_the_parameter(trace):
    X, y = separable(200)
    with pytest.raises(ValueError, match=r"Perceptron: parameter trace must be True, False or an int in \[1, 1024\]"):
        marginlab.Perceptron(trace=trace).fit(X, y)


def test_a_small_sample_keeps_its_exact_rows():
    X, y = separable(500, d=5)
    trace = marginlab.Perceptron(max_iter=5).fit(X, y).trace_
    assert "eval_examples" not in trace
