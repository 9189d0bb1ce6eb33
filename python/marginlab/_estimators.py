"""scikit-learn estimators generated from the learner registry's rows (core/learners/registry.cpp).

One class per row, built at import time: its constructor keywords are the row's parameters with their defaults
(plus max_steps and random_state), its docstring the row's name, citation and parameter help. A learner added to
the registry gets its estimator here with no Python written for it; CLASS_NAMES only names the built-in ones the
way the papers do (a new row gets its id in CamelCase).

A fit is a marginlab session on the caller's arrays (Session::create_on_data): the learner sees X and the class
indices of y exactly as a link's learner sees its prepared training part, so the weights and the trace are the
ones `marginlab run` computes on the same data (docs/python.md, "Estimators and links").
"""

import inspect
import json
import keyword
import warnings

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import check_random_state
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted

from . import _core
from ._links import link, trace_arrays

# Class names of the built-in rows (learner id -> class); a row not listed gets its id in CamelCase.
CLASS_NAMES = {
    "perceptron": "Perceptron",
    "kernel_perceptron": "KernelPerceptron",
    "halving": "Halving",
    "randomized_halving": "RandomizedHalving",
    "averaging": "Averaging",
    "pca_outlier_removal": "AMu",
    "smooth_boost": "AMlc",
    "smooth_boost_averaging": "SmoothBoostAveraging",
    "bylander": "BylanderPerceptron",
    "rp": "RPClassifier",
    "coreset_svm": "CoresetSVM",
    "active_coreset_svm": "ActiveCoresetSVM",
    "simple_outlier_svm": "SimpleOutlierSVM",
    "outlier_svm": "OutlierSVM",
    "ultraconservative": "Ultraconservative",
    "uma": "UMA",
}

# Python names of row parameters whose name is a Python keyword (Halving's concept `class`); any other keyword
# gets "_param" appended.
PYTHON_NAMES = {"class": "concept_class"}

# The step budget of a fit (a link's `steps`): a step is one atomic update of the learner's algorithm (an
# online example, a coreset insertion, a boosting round, a UMA update); a fit ends earlier when the learner
# stops by its own rule (stop_reason_).
DEFAULT_MAX_STEPS = 10000

# The report's stop reason of a run that ended on its step budget, not by the learner's rule (run_report.cpp).
BUDGET_STOP = "step_budget"

# Counters the papers call by another name, as attributes: n_queries_ (ACTIVE CORESET SVM's label queries,
# UMA's oracle labels).
COUNTER_ALIASES = {"label_queries": "n_queries_", "oracle_queries": "n_queries_"}

# Why some sklearn checks cannot hold, per learner, by the algorithm's definition (see _more_tags).
POOR_SCORE = {
    # Halving keeps the concepts of a finite class consistent with every label (001 §3); on data that no concept
    # of its class labels (the checks' blobs) it may be left with few or none, so its accuracy is not a measure
    # of the implementation.
    "halving": "a finite concept class that need not contain a good classifier of arbitrary data (001 §3)",
    "randomized_halving": "a finite concept class that need not contain a good classifier of arbitrary data",
    # A_mu averages the points left after PCA outlier removal (003 §2.1): its guarantee is for the uniform-ball
    # setting; the mean of y x on off-centre blobs can point away from the best halfspace.
    "pca_outlier_removal": "the averaging hypothesis is only guaranteed on centred isotropic data (003 §2.1)",
    "averaging": "the averaging hypothesis is only guaranteed on centred isotropic data (Servedio; 003 §1.3)",
    "smooth_boost": "boosts averaging weak learners whose guarantee needs centred isotropic data (003 §3)",
    "smooth_boost_averaging": "boosts averaging weak learners whose guarantee needs centred isotropic data",
    # The ultraconservative online algorithm (Crammer & Singer; 004 Alg. 1) guarantees a mistake bound on
    # separable data; on the checks' overlapping blobs (no offset) its last iterate, which it returns, moves with
    # every mistake and has no accuracy guarantee (measured 0.78 to 0.93 on the 3-blob check, by step budget).
    "ultraconservative": "the last iterate of an online algorithm on non-separable data (Crammer & Singer)",
}


# Attributes a fit sets from the report itself: a learner counter of the same name (OutlierSVM counts its
# stop_reason as a number) is set as counter_NAME_ instead, so it never overwrites them.
REPORT_ATTRIBUTES = frozenset({"stop_reason_", "n_steps_", "mistakes_", "updates_", "margin_", "train_error_",
                               "bound_", "report_", "counters_", "coef_", "intercept_", "classes_"})


def counter_attribute(name):
    """The attribute of a learner counter: COUNTER_ALIASES, else NAME_, else counter_NAME_ when NAME_ is one of
    the report's own attributes."""
    if name in COUNTER_ALIASES:
        return COUNTER_ALIASES[name]
    return name + "_" if name + "_" not in REPORT_ATTRIBUTES else f"counter_{name}_"


def python_name(param):
    """The keyword of a row parameter: its name, unless that is a Python keyword (PYTHON_NAMES)."""
    name = param["name"]
    if keyword.iskeyword(name):
        return PYTHON_NAMES.get(name, name + "_param")
    return name


def _python_default(param):
    """The Python value of a row parameter's default (bool, int, float or choice name)."""
    kind, value = param["kind"], param["default"]
    if kind == "boolean":
        return bool(value)
    if kind == "integer":
        return int(value)
    if kind == "choice":
        return value
    return float(value)


def _param_doc(param, default):
    if param["kind"] == "choice":
        what = "{" + ", ".join(repr(c) for c in param["choices"]) + "}"
    else:
        what = f"{param['kind']} in [{param['min']:g}, {param['max']:g}]"
    return f"    {python_name(param)} : {what}, default={default!r}\n        {param['help']} (link key {param['url_key']})\n"


def _docstring(row, defaults):
    kind = "multiclass" if row["type"] == "multiclass" else "binary"
    params = "".join(_param_doc(p, defaults[python_name(p)]) for p in row["params"])
    return (
        f"{row['name']} ({kind}; learner={row['id']} in links).\n\n"
        f"Follows: {row['citation']}.\n\n"
        f"Parameters\n----------\n{params}"
        f"    max_steps : int, default={DEFAULT_MAX_STEPS}\n"
        "        step budget of a fit (a link's steps); the learner may stop earlier by its own rule\n"
        "    random_state : int, RandomState or None, default=None\n"
        "        the run's master seed (a link's seed; None = seed 1, so fits are reproducible)\n\n"
        "Attributes after fit: classes_, n_features_in_, coef_ (binary halfspaces), stop_reason_, n_steps_,\n"
        "mistakes_, updates_, bound_ (a proven bound; order_rate_ and order_rate_constant_ for an O() size), margin_,\n"
        "train_error_, counters_ (and each counter as NAME_, or counter_NAME_ where NAME_ is taken), n_queries_,\n"
        "confusion_matrix_ (UMA), report_, trace_, trace_sha256_.\n"
    )


def _seed(random_state):
    """The link's seed for random_state: an int as it is, None as seed 1, a RandomState drawn once."""
    if random_state is None:
        return 1
    if isinstance(random_state, (int, np.integer)):
        if random_state < 0:
            raise ValueError(f"random_state must be >= 0, got {random_state}")
        return int(random_state)
    return int(check_random_state(random_state).randint(1, 2**31 - 1))


class MarginlabClassifier(ClassifierMixin, BaseEstimator):
    """Base of the generated estimators: a marginlab session on arrays (see the module docstring)."""

    _row = None  # the registry row (set on each generated class)

    def _link(self, noise):
        """The link of this estimator's learner, parameters, seed and step budget, with the noise process
        that produced the labels when given (UMA's confusion='given' reads it; nothing else does)."""
        pairs = [("data", "csv"), ("learner", self._row["id"])]
        for p in self._row["params"]:
            value = getattr(self, python_name(p))
            if value is None:
                raise ValueError(f"{type(self).__name__}: parameter {python_name(p)} is None")
            pairs.append((p["url_key"], value))
        pairs += [("seed", _seed(self.random_state)), ("steps", int(self.max_steps))]
        text = link(pairs)
        if noise:
            text += "&" + noise.lstrip("&")
        return text

    def fit(self, X, y, *, noise=None, y_true=None, X_test=None, y_test=None, target=None):
        """Trains the learner on X (n x d) and the labels y (any hashable labels: classes_ holds them sorted).

        Optional, for reproducing a link (only the trace and report_ read them; the learner never does): noise,
        the link text of the noise process behind y ("noise=uniform&eta=0.2"; UMA's confusion='given' reads its
        matrix); y_true, the labels before noise; X_test, y_test, a test part; target, the generator's direction.
        Features are used as float32: a C-contiguous float32 array is read in place, anything else is converted
        once."""
        X, y = self._validate_data(X, y, dtype=np.float32, order="C")
        check_classification_targets(y)
        self.classes_, y_index = np.unique(y, return_inverse=True)
        q = len(self.classes_)
        if q < 2:
            raise ValueError(f"{type(self).__name__} needs samples of at least 2 classes; the data have 1 class")
        if q > 2 and self._row["type"] != "multiclass":
            raise ValueError(f"{type(self).__name__} is a binary learner; the data have {q} classes")
        extra = self._evaluation_parts(y_true, X_test, y_test, target)
        fitted = _core.fit(self._link(noise), X, y_index.astype(np.int32), q, **extra)
        self._fit_state = (noise, extra)
        self._set_results(fitted)
        self._warn_if_cut(X.shape[0])
        return self

    def _warn_if_cut(self, n_samples):
        """ConvergenceWarning when the fit ended on its step budget (max_steps) rather than by the learner's own
        rule: the weights are those of a cut run, and a caller must see it (scikit-learn's convention)."""
        if self.stop_reason_ != BUDGET_STOP:
            return
        passes = self.n_steps_ / max(n_samples, 1)
        warnings.warn(
            f"{type(self).__name__} stopped at its step budget, max_steps={self.max_steps}, before its own stopping "
            f"rule ({self.n_steps_} steps, {passes:.3g} passes over the {n_samples} examples if a step is one "
            "example); raise max_steps to let it finish",
            ConvergenceWarning, stacklevel=3)

    def _class_index(self, labels):
        positions = np.searchsorted(self.classes_, labels)
        positions = np.clip(positions, 0, len(self.classes_) - 1)
        if not np.all(self.classes_[positions] == labels):
            raise ValueError("a label that is not one of the training labels (classes_)")
        return positions.astype(np.int32)

    def _evaluation_parts(self, y_true, X_test, y_test, target):
        extra = {}
        if y_true is not None:
            extra["y_true"] = self._class_index(np.asarray(y_true))
        if X_test is not None:
            extra["X_test"] = self._validate_data(X_test, reset=False, dtype=np.float32, order="C")
            extra["y_test"] = self._class_index(np.asarray(y_test))
        if target is not None:
            extra["target"] = np.ascontiguousarray(target, dtype=np.float32)
        return extra

    def _set_results(self, fitted):
        self._fitted = fitted
        report = json.loads(fitted.report())
        self.report_ = report
        self.stop_reason_ = report["stop_reason"]
        self.n_steps_ = report["steps"]
        self.mistakes_ = report["mistakes"]
        self.updates_ = report["updates"]
        self._set_bound(report)
        self.margin_ = np.nan if report["margin"] is None else report["margin"]
        self.train_error_ = report["train_error_noisy"]
        self.counters_ = dict(report["counters"])
        for name, value in self.counters_.items():
            setattr(self, counter_attribute(name), value)
        self.trace_sha256_ = fitted.trace_sha256()
        w = fitted.weights()
        if w is not None:
            self.coef_ = w.reshape(1, -1)
            self.intercept_ = np.zeros(1)
        confusion = fitted.confusion()
        if confusion is not None:
            self.confusion_matrix_, self.confusion_estimated_, self.n_oracle_labels_ = confusion

    def _set_bound(self, report):
        """bound_: a proven bound (nan when the learner has none); an O() size instead gives order_rate_ and
        order_rate_constant_ (the rate evaluated with that constant), never a bound_."""
        if "order_rate" in report:
            self.order_rate_ = np.nan if report["order_rate"] is None else report["order_rate"]
            self.order_rate_constant_ = report["order_rate_constant"]
            self.bound_ = np.nan
            return
        self.bound_ = np.nan if report["bound"] is None else report["bound"]

    @property
    def trace_(self):
        """The session's trace as {column: float64 array} (the rows `marginlab run --trace` writes)."""
        check_is_fitted(self, "_fitted")
        return trace_arrays(self._fitted.trace_csv())

    def _scores(self, X):
        check_is_fitted(self, "_fitted")
        X = self._validate_data(X, reset=False, dtype=np.float32, order="C")
        return self._fitted.scores(X)

    def decision_function(self, X):
        """Binary: the signed score <w, x> (positive: classes_[1]); multiclass: the Q class scores."""
        s = self._scores(X)
        return s[:, 1] - s[:, 0] if len(self.classes_) == 2 and s.shape[1] == 2 else s

    def predict(self, X):
        """The class of each row of X (the core's argmax of the class scores, ties to the first class)."""
        check_is_fitted(self, "_fitted")
        X = self._validate_data(X, reset=False, dtype=np.float32, order="C")
        return self.classes_[self._fitted.predict(X)]

    def __getstate__(self):
        # The session is C++ state: a pickle keeps the parameters and the session's own training data, and
        # unpickling runs the same fit again, which the core reproduces bit for bit (docs/python.md).
        state = self.__dict__.copy()
        fitted = state.pop("_fitted", None)
        if fitted is not None:
            state["_fit_data"] = fitted.fit_data()
        return state

    def __setstate__(self, state):
        fit_data = state.pop("_fit_data", None)
        self.__dict__.update(state)
        if fit_data is not None:
            noise, extra = self._fit_state
            self._set_results(_core.fit(self._link(noise), *fit_data, **extra))

    def _more_tags(self):
        tags = {}
        if self._row["type"] != "multiclass":
            # Binary learners: the algorithm is defined for labels y in {-1, +1} (a halfspace sign(<w, x>)).
            tags["binary_only"] = True
        if self._row["id"] in POOR_SCORE:
            tags["poor_score"] = True
        return tags


def _make_init(row, defaults):
    names = [python_name(p) for p in row["params"]] + ["max_steps", "random_state"]
    all_defaults = dict(defaults, max_steps=DEFAULT_MAX_STEPS, random_state=None)

    def __init__(self, **kwargs):
        unknown = set(kwargs) - set(names)
        if unknown:
            raise TypeError(f"{type(self).__name__}() got unexpected keyword arguments {sorted(unknown)}")
        for name in names:
            setattr(self, name, kwargs.get(name, all_defaults[name]))

    params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    params += [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, default=all_defaults[n]) for n in names]
    __init__.__signature__ = inspect.Signature(params)
    return __init__


def class_name(learner_id):
    """The estimator class name of a learner id (CLASS_NAMES, else the id in CamelCase)."""
    return CLASS_NAMES.get(learner_id) or "".join(part.capitalize() for part in learner_id.split("_"))


def build_estimators(module_name):
    """One estimator class per registry row: {class name: class}."""
    classes = {}
    for row in json.loads(_core.learners_json()):
        defaults = {python_name(p): _python_default(p) for p in row["params"]}
        name = class_name(row["id"])
        cls = type(
            name,
            (MarginlabClassifier,),
            {"__init__": _make_init(row, defaults), "__doc__": _docstring(row, defaults), "_row": row,
             "__module__": module_name},
        )
        classes[name] = cls
    return classes
