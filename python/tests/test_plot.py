"""marginlab.plot draws what the trace, the estimator and the sweep's rows hold: the lines' data are the trace's
columns, the bound is labelled for what it is, the regions are the estimator's predictions, and the error bars are
standard errors computed by hand here."""

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pandas as pd
import pytest

import marginlab
from marginlab import plot


@pytest.fixture(scope="module")
def fitted():
    X, y, v = marginlab.datasets.separable(n=400, d=2, margin=0.05, random_state=5, return_target=True)
    y_noisy = marginlab.noise.uniform(y, eta=0.1, random_state=5)
    clf = marginlab.Perceptron(max_steps=200000).fit(X, y_noisy, y_true=y, target=v)
    return X, y, y_noisy, clf


def test_mistakes_draws_the_trace_and_labels_the_bound(fitted):
    clf = fitted[3]
    ax = plot.mistakes(clf)
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert np.array_equal(lines["mistakes (count)"].get_ydata(), clf.trace_["mistakes"])
    assert np.array_equal(lines["mistakes (count)"].get_xdata(), clf.trace_["step"])
    bound = [k for k in lines if "bound" in k]
    assert bound == ["proven bound (clean, separable data)"]
    assert np.array_equal(lines[bound[0]].get_ydata(), clf.trace_["bound"], equal_nan=True)


def test_an_order_rate_is_never_called_a_bound():
    X, y = marginlab.datasets.separable(n=300, d=3, random_state=2)
    clf = marginlab.CoresetSVM().fit(X, y)
    assert "order_rate" in clf.report_
    labels = [line.get_label() for line in plot.mistakes(clf).get_lines()]
    assert any(label.startswith("O() rate, constant") for label in labels)
    assert not any(label.startswith("proven bound") for label in labels)


def test_margins_draws_the_minimum_and_the_quantile(fitted):
    clf = fitted[3]
    lines = {line.get_label(): line for line in plot.margins(clf).get_lines()}
    assert np.array_equal(lines["margin: minimum over the sample"].get_ydata(), clf.trace_["margin"], equal_nan=True)
    assert np.array_equal(lines["margin: lower 10 % quantile"].get_ydata(), clf.trace_["margin_q10"],
                          equal_nan=True)


def test_view2d_regions_are_the_predictions_and_corrupted_points_are_counted(fitted):
    X, y, y_noisy, clf = fitted
    ax = plot.view2d(clf, X, y_noisy, y_true=y, resolution=50)
    labels = [c.get_label() for c in ax.collections]
    assert f"corrupted ({int((y != y_noisy).sum())})" in labels
    region = ax.collections[0]  # contourf: its levels split the two class indices
    assert len(region.get_paths()) >= 1
    with pytest.raises(ValueError, match="2-D"):
        plot.view2d(clf, np.hstack([X, X]), y_noisy)


def test_sweep_error_bars_are_standard_errors():
    rows = pd.DataFrame({"eta": ["0", "0", "0", "0.2", "0.2", "0.2"], "test_error": [0.1, 0.2, 0.3, 0.4, 0.4, 0.7]})
    (xs, mean, se), = plot.sweep_summary(rows, "eta", "test_error").values()
    assert np.allclose(xs, [0, 0.2])
    assert np.allclose(mean, [0.2, 0.5])
    assert np.allclose(se, [0.1 / np.sqrt(3), np.std([0.4, 0.4, 0.7], ddof=1) / np.sqrt(3)])
    ax = plot.sweep(rows, "eta", "test_error")
    assert np.allclose(ax.get_lines()[0].get_ydata(), [0.2, 0.5])
