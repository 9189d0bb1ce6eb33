"""Strict by default: a link or parameter the command line would warn about raises ValueError naming the field;
strict=False runs it and issues each warning as a Python warning (never silent)."""

import importlib.metadata
import os
import re
import warnings

import pytest

import marginlab

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

BAD_LINKS = [
    ("#v=1&learner=perceptronx&steps=10", "field 'learner'"),
    ("#v=1&data=nope&steps=10", "field 'data'"),
    ("#v=1&steps=abc", "field 'steps'"),
]


@pytest.mark.parametrize("text,field", BAD_LINKS)
def test_run_raises_naming_the_field(text, field):
    with pytest.raises(ValueError, match=re.escape(field)):
        marginlab.run(text)


@pytest.mark.parametrize("text,field", BAD_LINKS)
def test_run_not_strict_warns_and_runs(text, field):
    with pytest.warns(UserWarning, match=re.escape(field)):
        report = marginlab.run(text, strict=False)
    assert any(field in w for w in report.warnings)
    assert report.report["steps"] > 0


def test_a_clean_link_neither_raises_nor_warns():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        report = marginlab.run("#v=1&data=separable&learner=perceptron&seed=3&steps=50")
    assert report.warnings == []


def test_sweep_raises_before_running_on_a_cut_range():
    with pytest.raises(ValueError, match=r"x\.seed"):
        marginlab.sweep_lines("#v=1&learner=perceptron&steps=10&x.seed=1..100000")


def test_sweep_raises_on_an_unknown_axis_and_warns_when_not_strict():
    text = "#v=1&learner=perceptron&steps=10&x.seed=1,2&x.nope=1,2"
    with pytest.raises(ValueError, match="nope"):
        marginlab.sweep_lines(text)
    with pytest.warns(UserWarning, match="nope"):
        lines = marginlab.sweep_lines(text, strict=False)
    assert len(lines) == 2


def test_version_is_the_cmake_project_version():
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
        declared = re.search(r"project\(marginlab VERSION ([0-9.]+)", f.read()).group(1)
    assert marginlab.__version__ == declared
    assert importlib.metadata.version("marginlab") == declared


def test_a_counter_never_overwrites_the_stop_reason():
    from sklearn.datasets import make_blobs

    X, y = make_blobs(n_samples=60, centers=2, random_state=0)
    clf = marginlab.OutlierSVM(k=2).fit(X, y)
    assert isinstance(clf.stop_reason_, str)
    if "stop_reason" in clf.counters_:
        assert clf.counter_stop_reason_ == clf.counters_["stop_reason"]


def test_a_fit_cut_by_its_step_budget_warns_and_one_that_finishes_does_not():
    from sklearn.exceptions import ConvergenceWarning

    X, y = marginlab.datasets.separable(n=400, d=5, margin=0.1, random_state=2)
    with pytest.warns(ConvergenceWarning, match="max_steps=50"):
        cut = marginlab.Perceptron(max_steps=50).fit(X, y)
    assert cut.stop_reason_ == "step_budget"
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        done = marginlab.Perceptron(max_steps=100000).fit(X, y)
    assert done.stop_reason_ == "epoch_without_mistakes"
