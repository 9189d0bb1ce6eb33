"""What users of such bindings ask for: the GIL released in fit and predict, no copy of a C-contiguous float32
array, pickling that round-trips, GridSearchCV(n_jobs=2) and Pipeline."""

import pickle
import threading
import time

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning
from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import marginlab
from marginlab import _core, _estimators


def noisy_halfspace(n=4000, d=20, eta=0.2, seed=0):
    X, y = marginlab.datasets.separable(n=n, d=d, random_state=seed)
    return X, marginlab.noise.uniform(y, eta=eta, random_state=seed)


def longest_pause(call):
    """Runs call() in another thread while this one counts; returns (the longest time this thread did not run,
    the call's duration). With the GIL held inside the core, this thread stops for the whole C++ part."""
    worker = threading.Thread(target=call)
    stamps = []
    worker.start()
    started = time.perf_counter()
    while worker.is_alive():
        stamps.append(time.perf_counter())
    elapsed = time.perf_counter() - started
    worker.join()
    gaps = np.diff([started] + stamps) if stamps else np.array([elapsed])
    return float(gaps.max()), elapsed


def test_fit_releases_the_gil():
    # A long fit (noisy labels: the perceptron never stops by itself).
    X, y = noisy_halfspace()
    pause, elapsed = longest_pause(lambda: marginlab.Perceptron(max_steps=4_000_000).fit(X, y))
    assert elapsed > 0.2, "the fit was too short to tell"
    assert pause < 0.5 * elapsed, f"this thread stopped for {pause:.3f} s of a {elapsed:.3f} s fit"


def test_predict_releases_the_gil():
    X, y = noisy_halfspace()
    clf = marginlab.KernelPerceptron(max_steps=2000).fit(X, y)
    big = np.repeat(X, 5, axis=0)
    pause, elapsed = longest_pause(lambda: clf.predict(big))
    assert elapsed > 0.1, "the prediction was too short to tell"
    assert pause < 0.5 * elapsed, f"this thread stopped for {pause:.3f} s of a {elapsed:.3f} s predict"


def test_c_contiguous_float32_is_read_in_place():
    X, y = noisy_halfspace(n=500, d=5)
    assert X.dtype == np.float32 and X.flags["C_CONTIGUOUS"]
    clf = marginlab.Perceptron(fit_intercept=False).fit(X, y)
    assert _core.last_features_address() == X.ctypes.data
    clf.predict(X)
    assert _core.last_features_address() == X.ctypes.data
    clf.decision_function(X)
    assert _core.last_features_address() == X.ctypes.data
    # Another layout or dtype is converted once: the core reads the converted copy.
    F = np.asfortranarray(X)
    clf.predict(F)
    assert _core.last_features_address() != F.ctypes.data
    assert np.array_equal(clf.predict(F), clf.predict(X))


def test_fit_trains_on_the_callers_array_itself():
    X, y = noisy_halfspace(n=500, d=5)
    clf = marginlab.Perceptron(fit_intercept=False).fit(X, y)
    assert clf._fitted.training_features_address() == X.ctypes.data, "fit copied a C-contiguous float32 X"


def test_a_model_that_predicts_from_its_training_rows_keeps_its_own_copy():
    X, y = noisy_halfspace(n=400, d=5)
    probe = X[:50].copy()
    clf = marginlab.KernelPerceptron(fit_intercept=False, max_steps=2000).fit(X, y)
    assert clf._fitted.training_features_address() != X.ctypes.data
    before = clf.decision_function(probe)
    X[:] = -X  # the caller reuses its array after fit
    assert np.array_equal(clf.decision_function(probe), before)


def test_pickle_round_trips():
    X, y = noisy_halfspace(n=800, d=6)
    for cls in (marginlab.BylanderPerceptron, marginlab.CoresetSVM, marginlab.KernelPerceptron):
        clf = cls(random_state=7).fit(X, y)
        back = pickle.loads(pickle.dumps(clf))
        assert back.get_params() == clf.get_params()
        assert back.trace_sha256_ == clf.trace_sha256_
        assert np.array_equal(back.predict(X), clf.predict(X))
        assert np.array_equal(back.decision_function(X), clf.decision_function(X))
        assert back.report_ == clf.report_


def test_a_linear_model_pickles_its_weights_not_its_data():
    # A binary linear learner's pickle is its weights, parameters, report and trace (docs/python.md "Pickles"): a
    # Perceptron fitted on 150 000 x 50 features (30 MB) pickles to under 200 kB and predicts as the fit did.
    X, y = marginlab.datasets.separable(n=150_000, d=50, random_state=1)
    y = marginlab.noise.uniform(y, eta=0.1, random_state=1)
    with pytest.warns(ConvergenceWarning):
        clf = marginlab.Perceptron(max_iter=1, random_state=1).fit(X, y)
    blob = pickle.dumps(clf)
    assert len(blob) < 200_000, f"{len(blob)} bytes"
    back = pickle.loads(blob)
    assert np.array_equal(back.predict(X), clf.predict(X))
    assert np.array_equal(back.decision_function(X), clf.decision_function(X))
    assert np.array_equal(back.coef_, clf.coef_) and np.array_equal(back.intercept_, clf.intercept_)
    assert back.trace_sha256_ == clf.trace_sha256_
    assert back.trace_.keys() == clf.trace_.keys()
    for column, values in clf.trace_.items():
        np.testing.assert_array_equal(back.trace_[column], values)  # NaN where NaN
    # The restored model pickles again; a wrong feature count is refused.
    assert np.array_equal(pickle.loads(pickle.dumps(back)).predict(X[:100]), clf.predict(X[:100]))
    with pytest.raises(ValueError, match="50 features"):
        back.predict(X[:, :49])


def test_a_pickle_of_another_format_is_refused_naming_both_versions():
    X, y = noisy_halfspace(n=200, d=4)
    with pytest.warns(ConvergenceWarning):
        clf = marginlab.Perceptron(max_iter=1).fit(X, y)
    state = clf.__getstate__()
    assert state["_pickle_format"] == (_estimators.PICKLE_FORMAT, marginlab.__version__)
    state["_pickle_format"] = (_estimators.PICKLE_FORMAT - 1, "0.0.1")
    fresh = marginlab.Perceptron.__new__(marginlab.Perceptron)
    with pytest.raises(ValueError, match=r"written by marginlab 0\.0\.1 \(pickle format 1\)"):
        fresh.__setstate__(dict(state))
    del state["_pickle_format"]  # a pickle from before the field
    with pytest.raises(ValueError, match="pickle format 1"):
        fresh.__setstate__(state)


def test_grid_search_two_jobs_on_bylander():
    X, y = noisy_halfspace(n=600, d=5, eta=0.1)
    grid = GridSearchCV(marginlab.BylanderPerceptron(), {"eta": [0.05, 0.1, 0.2]}, cv=3, n_jobs=2)
    grid.fit(X, y)
    assert grid.best_params_["eta"] in (0.05, 0.1, 0.2)
    assert grid.best_score_ > 0.7
    serial = GridSearchCV(marginlab.BylanderPerceptron(), {"eta": [0.05, 0.1, 0.2]}, cv=3, n_jobs=1).fit(X, y)
    assert np.array_equal(grid.cv_results_["mean_test_score"], serial.cv_results_["mean_test_score"])


def test_pipeline():
    X, y = noisy_halfspace(n=600, d=5, eta=0.1)
    pipe = make_pipeline(StandardScaler(), marginlab.Perceptron(max_steps=3000)).fit(X, y)
    assert pipe.score(X, y) > 0.6
