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
import numbers
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
# stops by its own rule (stop_reason_). The default of the learners that have no max_iter.
DEFAULT_MAX_STEPS = 10000

# The passes over the data of an online learner's fit (scikit-learn's max_iter; its Perceptron's default).
# An online learner is a row with an `order` parameter (the order it visits its examples in): one of its steps
# is one example (docs/learners.md), so max_iter passes are max_iter x n_samples steps.
DEFAULT_MAX_ITER = 1000
ONLINE_PARAM = "order"

# The report's stop reason of a fit whose weights, margins or scores became non-finite: a failed fit.
OVERFLOW_STOP = "numeric_overflow"

# Parameters whose default depends on the data (None in the signature), each with its documented rule. The
# outlier SVMs set k examples aside (002 §5), which needs k below the number of examples: k = None is the row's
# default capped at a tenth of the sample, min(default, n_samples // 10) (0 on fewer than 10 rows: none set aside).
ADAPTIVE_DEFAULTS = {
    ("simple_outlier_svm", "k"): "min({default}, n_samples // 10): the row's default, capped so that at most a "
                                 "tenth of the sample is set aside",
    ("outlier_svm", "k"): "min({default}, n_samples // 10): the row's default, capped so that at most a tenth of "
                          "the sample is set aside",
}

# Learners whose fit_intercept defaults to False (scikit-learn's linear models default to True): the paper's rule
# and guarantee are stated for the features as given, through the origin, and a constant coordinate changes
# what it computes. The reason is written next to each.
NO_INTERCEPT = {
    # 003's averaging guarantees assume a distribution symmetric about the origin (uniform on the ball); a
    # constant coordinate is a direction every point shares, which the average and PCA's top direction follow.
    "averaging": "Servedio's averaging (003 §1.3) is analysed for centred isotropic data through the origin",
    "pca_outlier_removal": "A_mu's PCA outlier removal (003 §2.1) would find the constant coordinate's direction",
    "smooth_boost": "boosts A_mlcw, an averaging learner analysed through the origin (003 §3)",
    "smooth_boost_averaging": "boosts the averaging learner, analysed through the origin (003 Thm 3)",
}

# The layout of a pickled estimator's state (__getstate__): a pickle records it with the package version, and a
# pickle of another layout is refused with both versions named. Raise it when the state's keys change meaning.
PICKLE_FORMAT = 2

# The report's stop reason of a run that ended on its step budget, not by the learner's rule (run_report.cpp).
BUDGET_STOP = "step_budget"

# Learners whose estimators have partial_fit (scikit-learn checks hasattr(est, "partial_fit"), so no other class
# has the attribute): their core learner continues from a fitted one's hypothesis (Learner::warm_start), each
# with the reason that makes one more batch a continuation of the same algorithm.
PARTIAL_FIT = {
    "perceptron": "an online rule: the next batch's examples are visited from the current w, as if appended",
    "ultraconservative": "an online rule: the next batch's examples are visited from the current W",
    "kernel_perceptron": "an online rule in the dual: the support vectors so far are kept (copies, with their alpha)",
    "bylander": "Cnoise updates on the new batch continue from the current iterate (the best-iterate choice restarts "
                "on the batch, with the carried iterate as its first candidate)",
}

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
    # CORESET SVM (002 §3) is a hard-margin algorithm for separable data; on the checks' blobs with the bias
    # coordinate (fit_intercept) it finds them not separable and stops (stop_reason_ 'not_separable') with a
    # hypothesis that carries no guarantee (measured accuracy 0.07 on the binary blobs check).
    "coreset_svm": "a hard-margin algorithm: on data it finds not separable it stops with no guarantee (002 §3)",
}


# Attributes a fit sets from the report itself: a learner counter of the same name (OutlierSVM counts its
# stop_reason as a number) is set as counter_NAME_ instead, so it never overwrites them.
REPORT_ATTRIBUTES = frozenset({"stop_reason_", "n_steps_", "mistakes_", "updates_", "margin_", "train_error_",
                               "bound_", "report_", "counters_", "coef_", "intercept_", "classes_"})


# The report's attributes that need a pass over the training data (with the learner's counters): set on first
# access (MarginlabClassifier._set_readout), not by fit.
READOUT_ATTRIBUTES = frozenset({"report_", "margin_", "train_error_", "counters_"})


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


def is_online(row):
    """Whether one step of the row's learner is one example (the row has an `order` parameter), so that its
    budget is counted in passes over the data (max_iter)."""
    return any(p["name"] == ONLINE_PARAM for p in row["params"])


def extra_defaults(row):
    """The keywords every estimator has beside the row's parameters, with their defaults, in signature order:
    max_iter (online learners only), max_steps, fit_intercept, trace, random_state."""
    budget = {"max_iter": DEFAULT_MAX_ITER, "max_steps": None} if is_online(row) else {"max_steps": DEFAULT_MAX_STEPS}
    return dict(budget, fit_intercept=row["id"] not in NO_INTERCEPT, trace=True, random_state=None)


def adaptive_rule(row, param):
    """The documented rule of a parameter whose default depends on the data, or None."""
    rule = ADAPTIVE_DEFAULTS.get((row["id"], param["name"]))
    return rule.format(default=_python_default(param)) if rule else None


def _param_doc(row, param, default):
    if param["kind"] == "choice":
        what = "{" + ", ".join(repr(c) for c in param["choices"]) + "}"
    else:
        what = f"{param['kind']} in [{param['min']:g}, {param['max']:g}]"
    rule = adaptive_rule(row, param)
    shown = f"None (= {rule})" if rule else repr(default)
    return (f"    {python_name(param)} : {what}, default={shown}\n"
            f"        {param['help']} (link key {param['url_key']})\n")


def _budget_doc(row):
    if not is_online(row):
        return (f"    max_steps : int, default={DEFAULT_MAX_STEPS}\n"
                "        step budget of a fit (a link's steps; a step is one update of this learner,\n"
                "        docs/learners.md); the learner may stop earlier by its own rule, else the fit warns\n"
                "        (ConvergenceWarning)\n")
    return (f"    max_iter : int, default={DEFAULT_MAX_ITER}\n"
            "        passes over the data: one step of this learner is one example, so the step budget is\n"
            "        max_iter x n_samples (n_iter_ counts the passes made); at the budget the fit warns\n"
            "        (ConvergenceWarning)\n"
            "    max_steps : int or None, default=None\n"
            "        a step budget in examples (a link's steps) on top of max_iter: the fit stops at whichever\n"
            "        comes first\n")


def _intercept_doc(row):
    default = row["id"] not in NO_INTERCEPT
    why = f" ({NO_INTERCEPT[row['id']]})" if not default else ""
    return (f"    fit_intercept : bool, default={default}\n"
            "        append the constant coordinate 1 to every example (a link's bias=1), so the halfspace learns an\n"
            f"        offset: intercept_ is its weight, coef_ the others{why}\n")


def _docstring(row, defaults):
    kind = "multiclass" if row["type"] == "multiclass" else "binary"
    params = "".join(_param_doc(row, p, defaults[python_name(p)]) for p in row["params"])
    return (
        f"{row['name']} ({kind}; learner={row['id']} in links).\n\n"
        f"Follows: {row['citation']}.\n\n"
        f"Parameters\n----------\n{params}{_budget_doc(row)}{_intercept_doc(row)}{TRACE_DOC}"
        "    random_state : int, RandomState or None, default=None\n"
        "        the run's master seed (a link's seed; None = seed 1, so fits are reproducible)\n\n"
        "Attributes after fit: classes_, n_features_in_, coef_ and intercept_ (binary halfspaces), stop_reason_,\n"
        "n_iter_ (passes over the data for online learners, else steps), n_steps_, mistakes_, updates_, bound_ (a\n"
        "proven bound; order_rate_ and order_rate_constant_ for an O() size), margin_, train_error_, counters_ (and\n"
        "each counter as NAME_, or counter_NAME_ where NAME_ is taken), n_queries_, confusion_matrix_ (UMA),\n"
        "report_, trace_, trace_sha256_ (report_, margin_, train_error_ and the counters read the training data\n"
        "when first read, not during fit). A fit whose numbers overflow raises FloatingPointError.\n"
        f"{_partial_fit_doc(row)}"
    )


def _partial_fit_doc(row):
    if row["id"] not in PARTIAL_FIT:
        return ""
    steps = "examples" if is_online(row) else "updates (each a pass over the batch; at most max_steps)"
    return ("\npartial_fit(X, y, classes=None) trains on one more batch, continuing from the current model\n"
            f"({PARTIAL_FIT[row['id']]}): one run of n_samples {steps}; classes is required on the\n"
            "first call. coef_, intercept_, report_ and trace_ are the last batch's; n_steps_, mistakes_ and\n"
            "updates_ add up over the calls since the last fit, which starts from scratch.\n")


MAX_TRACE_POINTS = _core.MAX_TRACE_POINTS
TRACE_DOC = ("    trace : bool or int, default=True\n"
             f"        the trace's resolution (a link's trace): True, about {_core.DEFAULT_TRACE_POINTS} rows; an int in "
             f"[1, {MAX_TRACE_POINTS}], about that\n"
             "        many; False, only the first and the last row (the learner's own speed). On large samples a row's\n"
             "        errors and margins are over a fixed subsample, whose size trace_ column eval_examples gives\n")


def _trace_points(owner, trace):
    """The link's trace for the keyword trace: None (the default resolution), 0 (off) or the points asked for."""
    if isinstance(trace, (bool, np.bool_)):
        return None if trace else 0
    if isinstance(trace, (int, np.integer)) and 1 <= trace <= MAX_TRACE_POINTS:
        return int(trace)
    raise ValueError(f"{owner}: parameter trace must be True, False or an int in [1, {MAX_TRACE_POINTS}], "
                     f"got {trace!r}")


def _seed(owner, random_state):
    """The link's seed for random_state: an int as it is, None as seed 1, a RandomState drawn once."""
    if random_state is None:
        return 1
    if isinstance(random_state, (bool, np.bool_)):
        raise ValueError(f"{owner}: parameter random_state must be an int, a RandomState or None, got {random_state!r}")
    if isinstance(random_state, (int, np.integer)):
        if random_state < 0:
            raise ValueError(f"{owner}: parameter random_state must be >= 0, got {random_state}")
        return int(random_state)
    return int(check_random_state(random_state).randint(1, 2**31 - 1))


def _is_integer(value):
    return isinstance(value, (numbers.Integral, np.integer)) and not isinstance(value, (bool, np.bool_))


def checked_value(owner, param, value):
    """A row parameter's value as the link writes it, or ValueError naming the parameter (its kind, range or
    choices as the row gives them)."""
    where = f"{owner}: parameter {python_name(param)}"
    kind = param["kind"]
    if kind == "choice":
        if not isinstance(value, str) or value not in param["choices"]:
            raise ValueError(f"{where}={value!r} is not one of {param['choices']}")
        return value
    if kind == "boolean":
        if isinstance(value, (bool, np.bool_)) or (_is_integer(value) and value in (0, 1)):
            return bool(value)
        raise ValueError(f"{where} must be True or False, got {value!r}")
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise ValueError(f"{where} must be a number, got {value!r}")
    if kind == "integer" and not float(value).is_integer():
        raise ValueError(f"{where} must be an integer, got {value!r}")
    if not param["min"] <= value <= param["max"]:
        raise ValueError(f"{where}={value!r} is outside its range [{param['min']:g}, {param['max']:g}]")
    return int(value) if kind == "integer" else float(value)


def checked_count(owner, name, value, allow_none=False):
    """A positive integer keyword (max_iter, max_steps), or ValueError naming it."""
    if value is None and allow_none:
        return None
    if not _is_integer(value) or value < 1:
        what = "an integer >= 1" + (" or None" if allow_none else "")
        raise ValueError(f"{owner}: parameter {name} must be {what}, got {value!r}")
    return int(value)


def check_targets(y):
    """check_classification_targets(y). A 1-D array of integers or booleans always passes it (scikit-learn calls it
    binary or multiclass), and its check sorts the labels (about 3 ms for 200 000), so such an array skips it."""
    if isinstance(y, np.ndarray) and y.ndim == 1 and y.dtype.kind in "biu":
        return
    check_classification_targets(y)


def classes_and_index(y):
    """np.unique(y, return_inverse=True), the index as int32. Integer labels spanning fewer than 2**16 values are
    counted rather than sorted (200 000 labels: about 1 ms against np.unique's 20 ms; a span of one or two values
    holds both, uncounted), and where every value of the span is present the index is y - min(y): the same result."""
    if y.size > 0 and (y.dtype.kind == "i" or (y.dtype.kind == "u" and y.dtype.itemsize <= 4)):
        low = int(y.min())
        span = int(y.max()) - low
        if span < 1 << 16:
            offset = np.subtract(y, low, dtype=np.int64)
            present = values_present(offset, span)
            classes = (np.flatnonzero(present) + low).astype(y.dtype)
            index = offset.astype(np.int32) if present.all() else (np.cumsum(present, dtype=np.int32) - 1)[offset]
            return classes, index
    classes, index = np.unique(y, return_inverse=True)
    return classes, index.astype(np.int32)


def values_present(offset, span):
    """Which of 0..span the non-negative integers `offset` (their minimum 0, their maximum span) hold."""
    if span <= 1:
        return np.ones(span + 1, dtype=bool)  # both ends are held
    return np.bincount(offset, minlength=span + 1) > 0


def with_bias(X):
    """X with the constant coordinate 1 appended (a link's bias=1), float32 and C-contiguous."""
    return np.hstack([X, np.ones((X.shape[0], 1), dtype=np.float32)])


class MarginlabClassifier(ClassifierMixin, BaseEstimator):
    """Base of the generated estimators: a marginlab session on arrays (see the module docstring)."""

    _row = None  # the registry row (set on each generated class)

    def _learner_values(self, n_samples):
        """(url_key, value) of every row parameter, checked (ValueError naming the parameter); a parameter with
        an adaptive default (ADAPTIVE_DEFAULTS) left at None gets its rule's value for n_samples."""
        owner = type(self).__name__
        pairs = []
        for p in self._row["params"]:
            value = getattr(self, python_name(p))
            if value is None and adaptive_rule(self._row, p):
                value = min(_python_default(p), n_samples // 10)
            elif value is None:
                raise ValueError(f"{owner}: parameter {python_name(p)} is None")
            pairs.append((p["url_key"], checked_value(owner, p, value)))
        return pairs

    def _step_budget(self, n_samples):
        """The link's steps: max_steps, or for an online learner the smaller of max_iter passes over the
        n_samples examples and max_steps; ValueError naming the parameter when out of range."""
        owner = type(self).__name__
        if not is_online(self._row):
            return checked_count(owner, "max_steps", self.max_steps)
        passes = checked_count(owner, "max_iter", self.max_iter) * n_samples
        steps = checked_count(owner, "max_steps", self.max_steps, allow_none=True)
        budget = passes if steps is None else min(steps, passes)
        try:
            _core.canonical(link([("steps", budget)]))
        except ValueError as e:
            raise ValueError(f"{owner}: parameters max_iter={self.max_iter}, max_steps={self.max_steps} give "
                             f"{budget} steps on {n_samples} examples, beyond a link's step budget: {e}") from None
        return budget

    def _checked_intercept(self):
        if not isinstance(self.fit_intercept, (bool, np.bool_)):
            raise ValueError(f"{type(self).__name__}: parameter fit_intercept must be True or False, "
                             f"got {self.fit_intercept!r}")
        return bool(self.fit_intercept)

    def _link(self, values, budget, noise):
        """The link of this estimator's learner, checked parameter values, seed and step budget, with the noise
        process that produced the labels when given (UMA's confusion='given' reads it; nothing else does)."""
        pairs = [("data", "csv"), ("learner", self._row["id"]), *values]
        pairs += [("seed", _seed(type(self).__name__, self.random_state)), ("steps", budget)]
        points = _trace_points(type(self).__name__, self.trace)
        if points is not None:
            pairs.append(("trace", points))
        text = link(pairs)
        if noise:
            text += "&" + noise.lstrip("&")
        return text

    def fit(self, X, y, *, noise=None, y_true=None, X_test=None, y_test=None, target=None):
        """Trains the learner on X (n x d) and the labels y (any hashable labels: classes_ holds them sorted).

        Optional, for reproducing a link (only the trace and report_ read them; the learner never does): noise,
        the link text of the noise process behind y ("noise=uniform&eta=0.2"; UMA's confusion='given' reads its
        matrix); y_true, the labels before noise; X_test, y_test, a test part; target, the generator's direction.
        Features are used as float32: a C-contiguous float32 array is read in place when fit_intercept is False,
        anything else is converted (or given its bias column) once.

        Raises ValueError naming the parameter for a bad parameter, or the row and feature of a NaN, infinite or
        out-of-range feature (the core's check: X is read once, not also by scikit-learn's finite check);
        FloatingPointError when the learner's numbers overflow; warns with ConvergenceWarning when the fit ends on its budget (max_iter, max_steps)
        rather than by the learner's own rule."""
        X, y = self._validate_data(X, y, dtype=np.float32, order="C", force_all_finite=False)
        n_samples = X.shape[0]
        link_text = self._link(self._learner_values(n_samples), self._step_budget(n_samples), noise)
        self._intercept = self._checked_intercept()
        check_targets(y)
        self.classes_, y_index = classes_and_index(y)
        q = len(self.classes_)
        if q < 2:
            raise ValueError(f"{type(self).__name__} needs samples of at least 2 classes; the data have 1 class")
        if q > 2 and self._row["type"] != "multiclass":
            raise ValueError(f"{type(self).__name__} is a binary learner; the data have {q} classes")
        extra = self._evaluation_parts(y_true, X_test, y_test, target)
        fitted = _core.fit(link_text, self._features(X), y_index, q, **extra)  # from scratch
        self._fit_state = (link_text, extra)
        self._set_results(fitted, n_samples)
        self._refuse_overflow()
        self._warn_if_cut(n_samples)
        return self

    def _partial_fit(self, X, y, classes=None):
        """Trains on one more batch (X, y), continuing from the current model (PARTIAL_FIT): one run of
        n_samples steps from the previous hypothesis, with the estimator's parameters and random_state as fit
        uses them. classes (every label the calls will see) is required on the first call; later labels must be
        in classes_. coef_, intercept_, report_ and trace_ are the last batch's; n_steps_, mistakes_ and updates_
        add up over the calls since the last fit (fit starts from scratch). Raises ValueError for a bad parameter
        or label, FloatingPointError when the learner's numbers overflow."""
        first = not hasattr(self, "_fitted")
        name = type(self).__name__
        if first and classes is None:
            raise ValueError(f"{name}: classes must be given on the first call to partial_fit (every label the "
                             "batches will contain)")
        X, y = self._validate_data(X, y, dtype=np.float32, order="C", reset=first, force_all_finite=False)
        check_targets(y)
        if first:
            self._start_partial(classes)
        elif self._checked_intercept() != self._intercept:
            raise ValueError(f"{name}: fit_intercept={self.fit_intercept} differs from the earlier calls' (the model "
                             "has a weight per feature of those calls); call fit to start from scratch")
        elif classes is not None and not np.array_equal(np.unique(classes), self.classes_):
            raise ValueError(f"{name}: classes={classes!r} differs from classes_={self.classes_!r} of the "
                             "earlier calls")
        y_index = self._class_index(y)
        n_samples = X.shape[0]
        link_text = self._link(self._learner_values(n_samples), self._partial_budget(n_samples), None)
        if not first and isinstance(self._fitted, _core.Halfspace):
            raise TypeError(f"{name}: a model restored from a pickle keeps its weights only, not the learner's state "
                            "that partial_fit continues from; call fit, or partial_fit on the estimator before pickling")
        warm = None if first else self._fitted
        totals = (0, 0, 0) if first else (self.n_steps_, self.mistakes_, self.updates_)
        fitted = _core.fit(link_text, self._features(X), y_index, len(self.classes_), warm=warm)
        self._fit_state = None  # a model continued from earlier batches: no single fit reproduces it
        self._set_results(fitted, n_samples)
        self.n_steps_ += totals[0]
        self.mistakes_ += totals[1]
        self.updates_ += totals[2]
        self._refuse_overflow()
        return self

    def _partial_budget(self, n_samples):
        """The steps of one partial_fit call: n_samples (one pass of an online learner over the batch); a learner
        whose step is a pass over the batch (Bylander's Cnoise update) makes at most max_steps of them."""
        if is_online(self._row):
            return n_samples
        return min(n_samples, checked_count(type(self).__name__, "max_steps", self.max_steps))

    def _start_partial(self, classes):
        """classes_ and the intercept of a first partial_fit call, checked as fit checks them."""
        self._intercept = self._checked_intercept()
        classes = np.asarray(classes)
        check_classification_targets(classes)
        classes_ = np.unique(classes)
        q = len(classes_)
        if q < 2:
            raise ValueError(f"{type(self).__name__}: classes must name at least 2 classes, got {classes!r}")
        if q > 2 and self._row["type"] != "multiclass":
            raise ValueError(f"{type(self).__name__} is a binary learner; classes names {q} classes")
        self.classes_ = classes_

    def _features(self, X):
        """The features the learner sees: X, with the bias column when fit_intercept."""
        return with_bias(X) if self._intercept else X

    def _refuse_overflow(self):
        """FloatingPointError when the session stopped because weights, margins or scores became non-finite:
        such a fit is a failure, never a model to predict with."""
        if self.stop_reason_ != OVERFLOW_STOP:
            return
        raise FloatingPointError(
            f"{type(self).__name__}: the fit overflowed after {self.n_steps_} steps (non-finite weights, margins "
            "or scores, stop reason numeric_overflow); scale the features, e.g. with StandardScaler, or normalize")

    def _warn_if_cut(self, n_samples):
        """ConvergenceWarning when the fit ended on its budget (max_iter or max_steps) rather than by the
        learner's own rule: the weights are those of a cut run, and a caller must see it (scikit-learn's
        convention)."""
        if self.stop_reason_ != BUDGET_STOP:
            return
        name = type(self).__name__
        if is_online(self._row) and (self.max_steps is None or self.max_iter * n_samples <= self.max_steps):
            budget = f"max_iter={self.max_iter} passes over the {n_samples} examples ({self.n_steps_} steps)"
            advice = "raise max_iter"
        elif is_online(self._row):
            budget = (f"max_steps={self.max_steps} ({self.n_steps_ / max(n_samples, 1):.3g} passes over the "
                      f"{n_samples} examples)")
            advice = "raise max_steps"
        else:
            budget = f"max_steps={self.max_steps} ({self.n_steps_} updates of the learner)"
            advice = "raise max_steps"
        warnings.warn(f"{name} stopped at its budget, {budget}, before its own stopping rule; {advice} to let it "
                      "finish", ConvergenceWarning, stacklevel=3)

    def _class_index(self, labels):
        positions = np.searchsorted(self.classes_, labels)
        positions = np.clip(positions, 0, len(self.classes_) - 1)
        if not np.all(self.classes_[positions] == labels):
            unseen = np.setdiff1d(labels, self.classes_)
            raise ValueError(f"labels {unseen!r} are not among the training labels (classes_ = {self.classes_!r})")
        return positions.astype(np.int32)

    def _evaluation_parts(self, y_true, X_test, y_test, target):
        extra = {}
        if y_true is not None:
            extra["y_true"] = self._class_index(np.asarray(y_true))
        if X_test is not None:
            X_test = self._validate_data(X_test, reset=False, dtype=np.float32, order="C", force_all_finite=False)
            extra["X_test"] = self._features(X_test)
            extra["y_test"] = self._class_index(np.asarray(y_test))
        if target is not None:
            target = np.ascontiguousarray(target, dtype=np.float32).ravel()
            extra["target"] = np.append(target, np.float32(0)) if self._intercept else target  # no offset
        return extra

    def _set_results(self, fitted, n_samples):
        """The fit's attributes: its counts, bound, model and trace hash at once (report_head); the ones that need
        a pass over the training data (READOUT_ATTRIBUTES and the learner's counters) on first access."""
        self._fitted = fitted
        for name in self.__dict__.pop("_readout_names", READOUT_ATTRIBUTES):
            self.__dict__.pop(name, None)
        head = json.loads(fitted.report_head())
        self.stop_reason_ = head["stop_reason"]
        self.n_steps_ = head["steps"]
        self.n_iter_ = -(-self.n_steps_ // max(n_samples, 1)) if is_online(self._row) else self.n_steps_
        self.mistakes_ = head["mistakes"]
        self.updates_ = head["updates"]
        self._set_bound(head)
        self.trace_sha256_ = fitted.trace_sha256()
        self._set_coef(fitted.weights())
        confusion = fitted.confusion()
        if confusion is not None:
            self.confusion_matrix_, self.confusion_estimated_, self.n_oracle_labels_ = confusion
        self._readout_names = READOUT_ATTRIBUTES | {counter_attribute(name) for name in fitted.counter_names()}

    def _set_readout(self):
        """report_ and the attributes read from it: margin_, train_error_, counters_ and one per counter. The core
        reads the whole training part for them (Session::metrics), so a fit leaves them until they are asked for."""
        report = json.loads(self._fitted.report())
        self.report_ = report
        self.margin_ = np.nan if report["margin"] is None else report["margin"]
        self.train_error_ = report["train_error_noisy"]
        self.counters_ = dict(report["counters"])
        for name, value in self.counters_.items():
            setattr(self, counter_attribute(name), value)

    def _readout_pending(self):
        """True after a fit whose readout (report_ and the attributes read with it) has not been read yet."""
        return "_readout_names" in self.__dict__ and "report_" not in self.__dict__

    def __getattr__(self, name):
        # Only reached when `name` is not set: the readout of a fit not read yet. The dict lookup (never
        # getattr) keeps a half-built object (unpickling, copying) from recursing here.
        if name in self.__dict__.get("_readout_names", ()) and self._readout_pending():
            self._set_readout()
            return self.__dict__[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _set_coef(self, w):
        """coef_ (1 x n_features_in_) and intercept_ (shape (1,)) as scikit-learn's linear models split them:
        the bias column's weight is the intercept (0 without fit_intercept)."""
        if w is None:
            return
        if self._intercept:
            self.coef_, self.intercept_ = w[:-1].reshape(1, -1), w[-1:].astype(np.float64)
        else:
            self.coef_, self.intercept_ = w.reshape(1, -1), np.zeros(1)

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

    def _checked_features(self, X):
        check_is_fitted(self, "_fitted")
        X = self._validate_data(X, reset=False, dtype=np.float32, order="C")
        return self._features(X)

    def decision_function(self, X):
        """Binary: the signed score <w, x> (+ intercept_; positive: classes_[1]); multiclass: the Q class scores."""
        X = self._checked_features(X)
        s = self._fitted.scores(X)
        return s[:, 1] - s[:, 0] if len(self.classes_) == 2 and s.shape[1] == 2 else s

    def predict(self, X):
        """The class of each row of X (the core's argmax of the class scores, ties to the first class)."""
        X = self._checked_features(X)
        return self.classes_[self._fitted.predict(X)]

    def __getstate__(self):
        # The session is C++ state. A binary linear learner's model is its weights alone (Learner::halfspace): the
        # pickle keeps them and the trace's text, and unpickling restores a _core.Halfspace that predicts bit for
        # bit as the fit did. Any other learner's pickle keeps the session's own training data, and unpickling
        # runs the same fit again, which the core reproduces bit for bit (docs/python.md, "Pickles").
        if self._readout_pending():
            self._set_readout()  # the pickle keeps the report: a restored Halfspace has no data to read it from
        state = self.__dict__.copy()
        state["_pickle_format"] = (PICKLE_FORMAT, _core.__version__)
        fitted = state.pop("_fitted", None)
        if fitted is None:
            return state
        w = fitted.halfspace()
        if w is not None:
            state["_halfspace"] = (w, fitted.trace_csv(), fitted.trace_sha256())
            if state.get("_fit_state") is not None:
                state["_fit_state"] = (self._fit_state[0], {})  # the evaluation parts only served the trace
            return state
        if state.get("_fit_state") is None:
            raise TypeError(f"{type(self).__name__} trained with partial_fit cannot be pickled: its model continues "
                            "from earlier batches, which the core does not keep (docs/python.md, partial_fit)")
        state["_fit_data"] = fitted.fit_data()
        return state

    def __setstate__(self, state):
        written = state.pop("_pickle_format", (1, "0.x before pickle formats"))
        if written[0] != PICKLE_FORMAT:
            raise ValueError(f"{type(self).__name__}: this pickle was written by marginlab {written[1]} (pickle format "
                             f"{written[0]}); marginlab {_core.__version__} reads format {PICKLE_FORMAT}: fit the "
                             "estimator again (its link or parameters reproduce the fit bit for bit)")
        halfspace = state.pop("_halfspace", None)
        fit_data = state.pop("_fit_data", None)
        self.__dict__.update(state)
        if halfspace is not None:
            self._fitted = _core.Halfspace(*halfspace)
        elif fit_data is not None:
            link_text, extra = self._fit_state
            self._set_results(_core.fit(link_text, *fit_data, **extra), fit_data[0].shape[0])

    def _more_tags(self):
        tags = {}
        if self._row["type"] != "multiclass":
            # Binary learners: the algorithm is defined for labels y in {-1, +1} (a halfspace sign(<w, x>)).
            tags["binary_only"] = True
        if self._row["id"] in POOR_SCORE:
            tags["poor_score"] = True
        return tags


def _make_init(row, defaults):
    extras = extra_defaults(row)
    names = [python_name(p) for p in row["params"]] + list(extras)
    all_defaults = dict(defaults, **extras)

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
        defaults = {python_name(p): None if adaptive_rule(row, p) else _python_default(p) for p in row["params"]}
        name = class_name(row["id"])
        attributes = {"__init__": _make_init(row, defaults), "__doc__": _docstring(row, defaults), "_row": row,
                      "__module__": module_name}
        if row["id"] in PARTIAL_FIT:
            attributes["partial_fit"] = MarginlabClassifier._partial_fit
        cls = type(name, (MarginlabClassifier,), attributes)
        classes[name] = cls
    return classes
