"""What a scikit-learn user expects of a fit: budgets in passes (max_iter, n_iter_, ConvergenceWarning), parameters
checked at fit with messages naming them, fit_intercept, data-adaptive defaults, and a numeric overflow that is a
failed fit, never a result."""

import json
import warnings

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning

import marginlab
from marginlab import _estimators, _links


def noisy(n, d=5, eta=0.2, seed=1):
    X, y = marginlab.datasets.separable(n=n, d=d, random_state=seed)
    return X, marginlab.noise.uniform(y, eta=eta, random_state=seed)


def test_the_default_perceptron_finishes_a_pass_on_150000_rows_without_warning():
    X, y = marginlab.datasets.separable(n=150_000, d=10, random_state=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        clf = marginlab.Perceptron().fit(X, y)
    assert clf.n_steps_ >= len(y) and clf.n_iter_ >= 1
    assert clf.stop_reason_ == "epoch_without_mistakes"


def test_max_iter_counts_passes_and_warns_at_its_budget():
    X, y = noisy(300)  # noisy labels: the perceptron never stops by its own rule
    with pytest.warns(ConvergenceWarning, match="max_iter=3 passes over the 300 examples"):
        clf = marginlab.Perceptron(max_iter=3).fit(X, y)
    assert clf.n_steps_ == 900 and clf.n_iter_ == 3 and clf.stop_reason_ == "step_budget"
    with pytest.warns(ConvergenceWarning, match="max_steps=450"):
        both = marginlab.Perceptron(max_iter=3, max_steps=450).fit(X, y)  # whichever comes first
    assert both.n_steps_ == 450 and both.n_iter_ == 2


@pytest.mark.parametrize("name", ["Perceptron", "KernelPerceptron", "Ultraconservative"])
def test_every_online_learner_has_max_iter_in_passes(name):
    X, y = noisy(120)
    cls = getattr(marginlab, name)
    assert "max_iter" in cls().get_params()
    with pytest.warns(ConvergenceWarning):
        clf = cls(max_iter=2).fit(X, y)
    assert clf.n_steps_ == 240 and clf.n_iter_ == 2


def test_a_learner_whose_step_is_not_an_example_keeps_max_steps():
    assert "max_iter" not in marginlab.BylanderPerceptron().get_params()
    X, y = noisy(200)
    clf = marginlab.BylanderPerceptron(updates=50).fit(X, y)
    assert clf.n_iter_ == clf.n_steps_ == 50


def test_a_pass_budget_beyond_the_step_limit_names_max_iter():
    X, y = noisy(20)
    with pytest.raises(ValueError, match="max_iter=1000000000"):
        marginlab.Perceptron(max_iter=10**9).fit(X, y)


@pytest.mark.parametrize("make,message", [
    (lambda: marginlab.Perceptron(max_iter=0), "Perceptron: parameter max_iter must be an integer >= 1"),
    (lambda: marginlab.Perceptron(max_steps=2.5), "Perceptron: parameter max_steps must be an integer >= 1"),
    (lambda: marginlab.BylanderPerceptron(max_steps=None), "parameter max_steps must be an integer >= 1, got None"),
    (lambda: marginlab.Perceptron(fit_intercept="yes"), "parameter fit_intercept must be True or False"),
    (lambda: marginlab.Perceptron(normalize=2), "parameter normalize must be True or False"),
    (lambda: marginlab.BylanderPerceptron(eta=2.0), "BylanderPerceptron: parameter eta=2.0 is outside its range"),
    (lambda: marginlab.BylanderPerceptron(eta="0.1"), "parameter eta must be a number"),
    (lambda: marginlab.KernelPerceptron(degree=2.5), "KernelPerceptron: parameter degree must be an integer"),
    (lambda: marginlab.Halving(concept_class="all"), "Halving: parameter concept_class='all' is not one of"),
    (lambda: marginlab.Perceptron(random_state=-1), "Perceptron: parameter random_state must be >= 0"),
])
def test_parameters_are_checked_at_fit_naming_the_parameter(make, message):
    estimator = make()  # construction never checks (scikit-learn's convention); fit does, once
    X, y = noisy(50)
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(".", r"\.")):
        estimator.fit(X, y)


def test_fit_intercept_lets_ultraconservative_learn_standardized_iris():
    from sklearn.datasets import load_iris
    from sklearn.model_selection import cross_val_score
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    X, y = load_iris(return_X_y=True)
    with_bias = make_pipeline(StandardScaler(), marginlab.Ultraconservative(random_state=0))
    without = make_pipeline(StandardScaler(), marginlab.Ultraconservative(fit_intercept=False, random_state=0))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)  # iris is not separable: the online run ends on max_iter
        accuracy = cross_val_score(with_bias, X, y, cv=5).mean()
        through_origin = cross_val_score(without, X, y, cv=5).mean()
    assert accuracy >= 0.9, (accuracy, through_origin)


def test_coef_and_intercept_split_as_in_scikit_learn():
    X, y = marginlab.datasets.separable(n=400, d=3, random_state=4)
    X = X + np.float32(3.0)  # the classes' boundary no longer passes through the origin
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        clf = marginlab.Perceptron(max_iter=50).fit(X, y)
        origin = marginlab.Perceptron(max_iter=50, fit_intercept=False).fit(X, y)
    assert clf.coef_.shape == (1, 3) and clf.intercept_.shape == (1,) and clf.intercept_[0] != 0
    assert np.allclose(clf.decision_function(X), X @ clf.coef_.ravel() + clf.intercept_[0], rtol=1e-4, atol=1e-4)
    assert origin.intercept_[0] == 0 and origin.coef_.shape == (1, 3)
    assert clf.score(X, y) > origin.score(X, y)


def test_a_learner_analysed_through_the_origin_defaults_to_no_intercept():
    for learner_id, reason in _estimators.NO_INTERCEPT.items():
        cls = marginlab.estimator_for(learner_id)
        assert cls().fit_intercept is False and reason in cls.__doc__
    assert marginlab.Perceptron().fit_intercept is True


@pytest.mark.parametrize("name", ["OutlierSVM", "SimpleOutlierSVM"])
def test_the_outlier_svms_k_adapts_to_the_sample(name):
    cls = getattr(marginlab, name)
    small_X, small_y = noisy(25, eta=0.05)
    large_X, large_y = noisy(200, eta=0.05)
    assert cls().fit(small_X, small_y).trace_sha256_ == cls(k=2).fit(small_X, small_y).trace_sha256_  # 25 // 10
    assert cls().fit(large_X, large_y).trace_sha256_ == cls(k=10).fit(large_X, large_y).trace_sha256_  # the row's


class OverflowedFit:
    """A core fit that stopped with numeric_overflow (the core's check is tested in C++ and test_numeric.py)."""

    def report_head(self):
        return json.dumps({"stop_reason": "numeric_overflow", "steps": 7, "mistakes": 7, "updates": 7, "bound": None})

    def counter_names(self):
        return []

    def trace_sha256(self):
        return "0" * 64

    def weights(self):
        return np.full(4, np.inf, dtype=np.float32)

    def confusion(self):
        return None


def test_an_overflowed_fit_raises_and_claims_nothing(monkeypatch):
    monkeypatch.setattr(_estimators._core, "fit", lambda *args, **kwargs: OverflowedFit())
    X, y = noisy(30)
    with pytest.raises(FloatingPointError, match="Perceptron: the fit overflowed after 7 steps"):
        marginlab.Perceptron().fit(X, y)


def overflowed_run(*args):
    return {"json": json.dumps({"steps": 7, "stop_reason": "numeric_overflow"}), "trace_csv": "step\n7\n",
            "trace_sha256": "0" * 64, "warnings": [], "stop_reason": "numeric_overflow", "link": "#v=1"}


def test_an_overflowed_run_raises_and_warns_when_not_strict(monkeypatch):
    monkeypatch.setattr(_links._core, "run", overflowed_run)
    with pytest.raises(FloatingPointError, match="numeric_overflow"):
        marginlab.run("#v=1")
    with pytest.warns(RuntimeWarning, match="numeric_overflow"):
        report = marginlab.run("#v=1", strict=False)
    assert report.stop_reason == "numeric_overflow"


def test_an_overflowed_sweep_cell_is_named(monkeypatch):
    rows = [{"index": 0, "cell": "#v=1&seed=1", "stop_reason": "step_budget"},
            {"index": 1, "cell": "#v=1&seed=2", "stop_reason": "numeric_overflow"}]
    text = "\n".join(json.dumps(r) for r in rows) + "\n"
    monkeypatch.setattr(_links._core, "sweep", lambda *args: (text, []))
    with pytest.raises(FloatingPointError, match=r"cell 1 \(#v=1&seed=2\)"):
        marginlab.sweep_lines("#v=1&x.seed=1,2")
    with pytest.warns(RuntimeWarning, match="cell 1"):
        assert len(marginlab.sweep_lines("#v=1&x.seed=1,2", strict=False)) == 2


def test_the_readout_is_read_when_asked_and_belongs_to_the_last_fit():
    X, y = noisy(400)
    clf = marginlab.OutlierSVM(max_steps=300).fit(X, y)
    assert not {"report_", "margin_", "train_error_", "counters_"} & set(vars(clf))  # the fit did not read the data
    report = json.loads(clf._fitted.report())
    assert clf.margin_ == report["margin"] and clf.train_error_ == report["train_error_noisy"]
    assert clf.report_ == report and clf.counters_ == report["counters"]
    assert clf.counters_ and all(getattr(clf, _estimators.counter_attribute(k)) == v for k, v in clf.counters_.items())
    assert {k: report[k] for k in ("steps", "mistakes", "updates")} == {
        "steps": clf.n_steps_, "mistakes": clf.mistakes_, "updates": clf.updates_}
    first = clf.train_error_
    X2, y2 = noisy(400, eta=0.4, seed=2)
    clf.fit(X2, y2)
    assert "train_error_" not in vars(clf)  # the first fit's readout is gone, not shown as the second's
    assert clf.train_error_ == json.loads(clf._fitted.report())["train_error_noisy"] != first
    with pytest.raises(AttributeError, match="no attribute 'no_such_attribute_'"):
        clf.no_such_attribute_
