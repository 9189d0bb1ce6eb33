"""Numeric failure is never a convergence claim (issue 41 item 2): features float32 cannot learn from are refused
with a message, a margin or weight that becomes NaN or infinite ends the fit with stop_reason numeric_overflow
(an error or a warning in Python), and UMA's tolerance follows the data's scale. Hand-made data only."""

import re
import warnings

import numpy as np
import pytest

import marginlab

def separable_plane(n=60, seed=0):
    """n points in the plane labelled by the sign of x1 + x2, kept at a distance from the line (iris-like scale)."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-3, 3, size=(4 * n, 2))
    X = X[np.abs(X.sum(axis=1)) > 0.5][:n]
    return X, np.where(X.sum(axis=1) > 0, 1, -1)


def three_directions():
    """Three classes of ten points around the origin at 120 degrees."""
    rows, labels = [], []
    for k in range(3):
        for j in range(10):
            angle = 2 * np.pi * k / 3 + 0.3 * np.sin(1.7 * j + k)
            rows.append([np.cos(angle) * (1 + 0.1 * j), np.sin(angle) * (1 + 0.1 * j)])
            labels.append(k)
    return np.array(rows), np.array(labels)


def fit_outcome(estimator, X, y):
    """('error', message) (ValueError: refused data; FloatingPointError: a fit that overflowed), ('warning',
    messages) or ('fitted', stop_reason_) of estimator.fit(X, y)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            estimator.fit(X, y)
        except (ValueError, FloatingPointError) as error:
            return "error", str(error)
    numeric = [str(w.message) for w in caught if re.search("numeric_overflow|float32", str(w.message))]
    if numeric:
        return "warning", " ".join(numeric)
    return "fitted", estimator.stop_reason_


@pytest.mark.parametrize("fit_intercept", [False, True])
@pytest.mark.parametrize("factor,words", [(1e30, "overflows float32"), (1e-40, "smallest normal")])
def test_features_float32_cannot_hold_are_refused(factor, words, fit_intercept):
    # With the bias column a row x 1e-40 has norm 1: its subnormal features are refused one by one.
    X, y = separable_plane()
    kind, what = fit_outcome(marginlab.Perceptron(normalize=False, fit_intercept=fit_intercept), X * factor, y)
    assert kind == "error", (kind, what)
    assert words in what and "training part, row" in what


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
@pytest.mark.parametrize("estimator", [marginlab.Perceptron(), marginlab.KernelPerceptron()])
def test_a_nan_or_infinite_feature_is_refused_naming_its_row_and_feature(estimator, bad):
    # fit leaves the finite check to the core (one validation pass over X): its error names the place, in the
    # training part, the test part and a partial_fit batch alike; scikit-learn's checks look for "NaN" or "inf".
    X, y = separable_plane()
    X_bad = X.copy()
    X_bad[7, 1] = bad
    place = f"row 8 (feature 'x2' = {bad})"
    with pytest.raises(ValueError, match=re.escape(f"the training part, {place}: a feature is NaN or infinite")):
        estimator.fit(X_bad, y)
    with pytest.raises(ValueError, match=re.escape(f"the test part, {place}")):
        estimator.fit(X, y, X_test=X_bad, y_test=y)
    with pytest.raises(ValueError, match=re.escape(f"the training part, {place}")):
        type(estimator)().partial_fit(X_bad, y, classes=[-1, 1])


def test_an_infinite_margin_is_numeric_overflow_not_convergence():
    # w = (a, a, a) after three orthogonal mistakes, then y<w, x> = 3ab = 5.4e38: beyond float32 at step 4.
    a, b = 1.8e19, 1e19
    X = np.array([[a, 0, 0], [0, a, 0], [0, 0, a], [b, b, b], [-1, -1, -1]])
    kind, what = fit_outcome(marginlab.Perceptron(normalize=False, fit_intercept=False), X,
                             np.array([1, 1, 1, 1, -1]))
    assert kind == "error" and "after 4 steps" in what and "numeric_overflow" in what, (kind, what)


@pytest.mark.parametrize("factor", [1e-4, 1e-2])
def test_uma_fits_scaled_features_as_it_fits_the_original(factor):
    X, y = three_directions()
    # Without the bias column (a constant 1 would not scale with the features), the scaled data are the same problem.
    original = marginlab.UMA(confusion="identity", fit_intercept=False).fit(X, y)
    scaled = marginlab.UMA(confusion="identity", fit_intercept=False).fit(X * factor, y)
    assert scaled.updates_ == original.updates_ > 0
    assert scaled.score(X * factor, y) == original.score(X, y) == 1.0
