"""The generated estimators: one per registry row, their keywords and docs from the rows, fit and predict."""

import numpy as np
import pytest

import marginlab
from marginlab import _estimators
from marginlab._estimators import python_name


def blobs(n=200, d=4, seed=0, classes=2):
    rng = np.random.default_rng(seed)
    centres = rng.normal(scale=4.0, size=(classes, d))
    y = rng.integers(0, classes, size=n)
    X = centres[y] + rng.normal(size=(n, d))
    return (X - X.mean(axis=0)).astype(np.float32), y  # centred: the halfspaces have no offset


def test_one_estimator_per_registry_row_with_its_parameters():
    rows = marginlab.learners()
    assert len(marginlab.ESTIMATORS) == len(rows)
    for row in rows:
        cls = marginlab.estimator_for(row["id"])
        params = cls().get_params()
        names = {python_name(p) for p in row["params"]}
        assert set(params) == names | set(_estimators.extra_defaults(row))
        assert {"max_steps", "fit_intercept", "random_state"} <= set(params)
        assert ("max_iter" in params) == _estimators.is_online(row)
        for p in row["params"]:
            assert p["help"] in cls.__doc__
            default = params[python_name(p)]
            if _estimators.adaptive_rule(row, p):
                assert default is None and _estimators.adaptive_rule(row, p) in cls.__doc__
                continue
            assert (default == p["default"]) if p["kind"] != "boolean" else (default == bool(p["default"]))


def test_a_new_row_gets_a_class_name_from_its_id():
    assert _estimators.class_name("my_new_learner") == "MyNewLearner"
    assert _estimators.class_name("uma") == "UMA"


def test_the_papers_names_exist():
    for name in ["Perceptron", "BylanderPerceptron", "RPClassifier", "CoresetSVM", "ActiveCoresetSVM",
                 "OutlierSVM", "Averaging", "AMu", "AMlc", "Halving", "UMA", "Ultraconservative"]:
        assert issubclass(getattr(marginlab, name), marginlab.MarginlabClassifier)


def test_fit_predict_score_on_string_labels():
    X, y = blobs()
    labels = np.array(["neg", "pos"])[y]
    clf = marginlab.Perceptron().fit(X, labels)
    assert list(clf.classes_) == ["neg", "pos"]
    assert clf.n_features_in_ == 4
    assert set(clf.predict(X)) <= {"neg", "pos"}
    assert clf.score(X, labels) > 0.95
    assert clf.coef_.shape == (1, 4)
    d = clf.decision_function(X)
    assert np.array_equal(np.where(d > 0, "pos", "neg"), clf.predict(X))
    assert clf.stop_reason_ in ("epoch_without_mistakes", "step_budget")
    trace = clf.trace_
    assert len(trace["step"]) == clf.report_["trace_rows"] and trace["step"][-1] == clf.n_steps_


def test_multiclass_scores_and_uma_confusion_matrix():
    X, y = blobs(classes=3, seed=2)
    clf = marginlab.UMA().fit(X, y)
    assert clf.decision_function(X).shape == (len(y), 3)
    assert np.array_equal(np.argmax(clf.decision_function(X), axis=1), clf.predict(X))
    assert np.array_equal(clf.confusion_matrix_, np.eye(3))
    assert clf.score(X, y) > 0.9


def test_active_coreset_reports_its_label_queries():
    X, y = blobs(n=400, seed=3)
    clf = marginlab.ActiveCoresetSVM().fit(X, y)
    assert 0 < clf.n_queries_ <= len(y)
    assert clf.stop_reason_ in ("verified", "pool_exhausted")


def test_an_order_size_is_a_rate_with_its_constant_not_a_bound():
    X, y = blobs(n=300, seed=4)
    coreset = marginlab.CoresetSVM().fit(X, y)
    assert np.isnan(coreset.bound_)  # an O() size is no proven bound
    assert coreset.order_rate_ == coreset.report_["order_rate"] > 0
    assert coreset.order_rate_constant_ == coreset.report_["order_rate_constant"] == 1
    perceptron = marginlab.Perceptron().fit(X, y)
    assert "bound" not in coreset.report_
    assert "bound" in perceptron.report_ and not hasattr(perceptron, "order_rate_")


def test_clear_errors():
    X, y = blobs()
    with pytest.raises(ValueError, match="NaN"):
        bad = X.copy()
        bad[0, 0] = np.nan
        marginlab.Perceptron().fit(bad, y)
    with pytest.raises(ValueError, match="2 classes"):
        marginlab.Perceptron().fit(X, np.zeros(len(y)))
    with pytest.raises(ValueError, match="binary learner"):
        marginlab.Perceptron().fit(X, np.arange(len(y)) % 3)
    with pytest.raises(ValueError, match="features"):
        marginlab.Perceptron().fit(X, y).predict(X[:, :3])
    with pytest.raises(ValueError, match="Perceptron: parameter order='backwards' is not one of"):
        marginlab.Perceptron(order="backwards").fit(X, y)
    with pytest.raises(ValueError, match="UMA"):
        marginlab.UMA(confusion="given").fit(X, y, noise="noise=malicious")


def test_random_state_is_the_seed():
    X, y = blobs(seed=5)
    a = marginlab.Perceptron(order="shuffled", random_state=3).fit(X, y)
    b = marginlab.Perceptron(order="shuffled", random_state=3).fit(X, y)
    c = marginlab.Perceptron(order="shuffled", random_state=4).fit(X, y)
    assert a.trace_sha256_ == b.trace_sha256_ and np.array_equal(a.coef_, b.coef_)
    assert a.trace_sha256_ != c.trace_sha256_


@pytest.mark.parametrize("y", [
    np.array([3, -2, 3, 7, -2, 5], dtype=np.int64),           # negative labels, gaps between classes
    np.array([-128, 127, 0, 127], dtype=np.int8),              # a span wider than int8 holds
    np.array([9, 9, 4], dtype=np.uint8),
    np.array([1, 0, 0, 1, 1], dtype=np.int64),                 # two classes, every value of the span present
    np.array([-1, 1, 1, -1], dtype=np.int16),                  # -1 and 1: the 0 between them absent
    np.array([1], dtype=np.int32),                             # one class
    np.array([0, 70000, 5], dtype=np.int64),                   # too wide to count: np.unique
    np.array([2.5, -1.0, 2.5]),                                # not integers: np.unique
    np.array(["b", "a", "b"]),
])
def test_classes_and_index_is_np_unique(y):
    classes, index = _estimators.classes_and_index(y)
    want_classes, want_index = np.unique(y, return_inverse=True)
    assert classes.dtype == want_classes.dtype
    assert np.array_equal(classes, want_classes)
    assert index.dtype == np.int32
    assert np.array_equal(index, want_index)
