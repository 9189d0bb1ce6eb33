"""partial_fit (scikit-learn's incremental learning) on Perceptron, KernelPerceptron, Ultraconservative and
BylanderPerceptron: each call continues from the previous hypothesis (the core's Learner::warm_start), so with the
cyclic order batches A then B end where one pass over A;B ends, bit for bit."""

import pickle
import warnings

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning

import marginlab
from marginlab import _estimators

PARTIAL = {"Perceptron", "KernelPerceptron", "Ultraconservative", "BylanderPerceptron"}


def noisy(n, d=5, eta=0.2, seed=1):
    X, y = marginlab.datasets.separable(n=n, d=d, random_state=seed)
    return X, marginlab.noise.uniform(y, eta=eta, random_state=seed)


def three_classes(n, seed):
    rng = np.random.RandomState(seed)
    X = rng.normal(size=(n, 4)).astype(np.float32)
    y = np.argmax(X[:, :3], axis=1)
    flip = rng.rand(n) < 0.2
    y[flip] = (y[flip] + 1) % 3
    return X, y


def fitted_quietly(estimator, X, y):
    """fit, without the ConvergenceWarning of a budget cut (the comparisons cut on purpose)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return estimator.fit(X, y)


def test_only_the_four_estimators_have_partial_fit():
    having = {name for name, cls in marginlab.ESTIMATORS.items() if hasattr(cls(), "partial_fit")}
    assert having == PARTIAL
    assert {_estimators.class_name(i) for i in _estimators.PARTIAL_FIT} == PARTIAL
    for name in PARTIAL:
        assert "partial_fit(X, y, classes=None)" in marginlab.ESTIMATORS[name].__doc__


@pytest.mark.parametrize("normalize", [True, False])
@pytest.mark.parametrize("intercept", [True, False])
def test_perceptron_twice_on_a_batch_equals_fit_with_max_iter_2(normalize, intercept):
    X, y = noisy(200)
    stream = marginlab.Perceptron(normalize=normalize, fit_intercept=intercept, random_state=5)
    stream.partial_fit(X, y, classes=np.unique(y))
    first = stream.coef_.copy()
    stream.partial_fit(X, y)
    once = fitted_quietly(marginlab.Perceptron(normalize=normalize, fit_intercept=intercept, max_iter=2,
                                               random_state=5), X, y)
    assert not np.array_equal(first, once.coef_), "the second pass must change w for the test to mean anything"
    assert np.array_equal(stream.coef_, once.coef_)
    assert np.array_equal(stream.intercept_, once.intercept_)
    assert stream.n_steps_ == once.n_steps_ == 400
    assert stream.mistakes_ == once.mistakes_ and stream.updates_ == once.updates_
    assert stream.report_["steps"] == 200  # the report is the last batch's


@pytest.mark.parametrize("normalize", [True, False])
def test_perceptron_batches_a_then_b_equal_one_pass_over_both(normalize):
    X, y = noisy(300, seed=2)
    stream = marginlab.Perceptron(normalize=normalize)
    stream.partial_fit(X[:170], y[:170], classes=np.unique(y))
    stream.partial_fit(X[170:], y[170:])
    once = fitted_quietly(marginlab.Perceptron(normalize=normalize, max_iter=1), X, y)
    assert np.array_equal(stream.coef_, once.coef_) and np.array_equal(stream.intercept_, once.intercept_)
    assert stream.mistakes_ == once.mistakes_
    assert np.array_equal(stream.predict(X), once.predict(X))


@pytest.mark.parametrize("normalize", [True, False])
def test_ultraconservative_batches_a_then_b_equal_one_pass_over_both(normalize):
    X, y = three_classes(240, seed=3)
    stream = marginlab.Ultraconservative(normalize=normalize)
    stream.partial_fit(X[:100], y[:100], classes=[0, 1, 2])
    stream.partial_fit(X[100:], y[100:])
    once = fitted_quietly(marginlab.Ultraconservative(normalize=normalize, max_iter=1), X, y)
    assert np.array_equal(stream.decision_function(X), once.decision_function(X))
    assert stream.mistakes_ == once.mistakes_


def test_a_batch_may_miss_classes_that_classes_names():
    X, y = three_classes(120, seed=4)
    stream = marginlab.Ultraconservative()
    stream.partial_fit(X[y != 2], y[y != 2], classes=[0, 1, 2])
    stream.partial_fit(X, y)
    assert stream.decision_function(X).shape == (120, 3)
    assert list(stream.classes_) == [0, 1, 2]


def test_kernel_perceptron_batches_a_then_b_score_as_one_pass_over_both():
    X, y = noisy(160, d=3, seed=5)
    stream = marginlab.KernelPerceptron(sigma=0.8)
    stream.partial_fit(X[:90], y[:90], classes=np.unique(y))
    stream.partial_fit(X[90:], y[90:])
    once = fitted_quietly(marginlab.KernelPerceptron(sigma=0.8, max_iter=1), X, y)
    grid = noisy(50, d=3, seed=6)[0]
    assert np.array_equal(stream.decision_function(grid), once.decision_function(grid))
    assert stream.counters_["support"] == once.counters_["support"]


def test_bylander_continues_from_its_current_iterate():
    X, y = noisy(200, seed=7)
    stream = marginlab.BylanderPerceptron(eta=0.2, max_steps=5)
    stream.partial_fit(X[:100], y[:100], classes=np.unique(y))
    assert stream.n_steps_ == 5  # at most max_steps Cnoise updates per call
    stream.partial_fit(X[100:], y[100:])
    assert stream.n_steps_ == 10
    fresh = marginlab.BylanderPerceptron(eta=0.2, max_steps=5).partial_fit(X[100:], y[100:], classes=np.unique(y))
    assert not np.array_equal(stream.coef_, fresh.coef_)
    # The carried iterate is scored on the new batch before any update: the step-0 row is not w = 0's.
    assert stream.trace_["train_error_noisy"][0] != fresh.trace_["train_error_noisy"][0]


def test_the_first_call_needs_classes():
    X, y = noisy(50)
    with pytest.raises(ValueError, match="classes must be given on the first call"):
        marginlab.Perceptron().partial_fit(X, y)


def test_a_label_outside_classes_is_refused():
    X, y = noisy(50)
    clf = marginlab.Perceptron().partial_fit(X, y, classes=np.unique(y))
    with pytest.raises(ValueError, match="not among the training labels"):
        clf.partial_fit(X, np.where(y == y[0], 7, y))
    with pytest.raises(ValueError, match="differs from classes_"):
        clf.partial_fit(X, y, classes=[0, 1, 2])
    with pytest.raises(ValueError, match="binary learner"):
        marginlab.Perceptron().partial_fit(X, y, classes=[0, 1, 2])


def test_a_changed_fit_intercept_is_refused():
    X, y = noisy(50)
    clf = marginlab.Perceptron().partial_fit(X, y, classes=np.unique(y))
    clf.set_params(fit_intercept=False)
    with pytest.raises(ValueError, match="fit_intercept=False differs"):
        clf.partial_fit(X, y)


def test_fit_after_partial_fit_starts_from_scratch():
    X, y = noisy(120, seed=8)
    clf = marginlab.Perceptron(random_state=2).partial_fit(X, y, classes=np.unique(y))
    clf.partial_fit(X, y)
    fitted_quietly(clf, X, y)
    fresh = fitted_quietly(marginlab.Perceptron(random_state=2), X, y)
    assert np.array_equal(clf.coef_, fresh.coef_) and clf.n_steps_ == fresh.n_steps_


def test_partial_fit_after_fit_continues_from_the_fitted_model():
    X, y = noisy(120, seed=9)
    clf = fitted_quietly(marginlab.Perceptron(max_iter=1), X, y)
    clf.partial_fit(X, y)
    twice = fitted_quietly(marginlab.Perceptron(max_iter=2), X, y)
    assert np.array_equal(clf.coef_, twice.coef_) and clf.n_steps_ == twice.n_steps_


def test_an_overflow_in_a_batch_raises_floating_point_error():
    a, b = 1.8e19, 1e19
    X = np.array([[a, 0, 0], [0, a, 0], [0, 0, a], [b, b, b], [-1, -1, -1]])
    clf = marginlab.Perceptron(normalize=False, fit_intercept=False)
    clf.partial_fit(X[:3], np.array([1, 1, 1]), classes=[-1, 1])
    with pytest.raises(FloatingPointError, match="numeric_overflow"):
        clf.partial_fit(X[3:], np.array([1, -1]))


def test_a_partially_fitted_estimator_pickles_only_as_a_halfspace():
    # A Perceptron's model is its weights: it pickles after partial_fit and predicts as before, but the restored
    # model cannot continue (the learner's state is not in the pickle). Ultraconservative's pickle would need the
    # earlier batches, which the core does not keep: refused.
    X, y = noisy(40)
    clf = marginlab.Perceptron().partial_fit(X, y, classes=np.unique(y))
    back = pickle.loads(pickle.dumps(clf))
    assert np.array_equal(back.predict(X), clf.predict(X)) and np.array_equal(back.coef_, clf.coef_)
    with pytest.raises(TypeError, match="restored from a pickle"):
        back.partial_fit(X, y)
    multi = marginlab.Ultraconservative().partial_fit(X, y, classes=np.unique(y))
    with pytest.raises(TypeError, match="partial_fit cannot be pickled"):
        pickle.dumps(multi)
    fitted_quietly(multi, X, y)
    assert np.array_equal(pickle.loads(pickle.dumps(multi)).predict(X), multi.predict(X))
