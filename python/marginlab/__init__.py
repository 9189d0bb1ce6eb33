"""marginlab in Python: scikit-learn estimators for every learner of marginlab's registry, its noise models and
data, and its links (runs and sweeps), all computed by the same C++ core as the command line (docs/python.md).

    import marginlab
    clf = marginlab.BylanderPerceptron(eta=0.2).fit(X, y)
    report = marginlab.run("#v=1&data=separable&noise=uniform&learner=bylander&l.eta=0.1&seed=5")
    rows = marginlab.sweep("#v=1&data=separable&noise=uniform&learner=perceptron&x.eta=0,0.2&x.seed=1..4", jobs=2)
"""

import json

from . import _core
from ._estimators import MarginlabClassifier, build_estimators, class_name
from ._links import RunReport, link_data, run, sweep, sweep_axes, sweep_lines
from . import datasets, noise, plot

__version__ = _core.__version__  # the top CMakeLists.txt's project() version, compiled into the module

ESTIMATORS = build_estimators(__name__)  # class name -> estimator class, one per registry row
globals().update(ESTIMATORS)


def learners():
    """The learner registry's rows (what `marginlab learners` prints), as a list of dicts."""
    return json.loads(_core.learners_json())


def estimator_for(learner_id):
    """The estimator class of a learner id (a link's learner=...)."""
    return ESTIMATORS[class_name(learner_id)]


__all__ = sorted(ESTIMATORS) + [
    "__version__", "MarginlabClassifier", "RunReport", "datasets", "estimator_for", "learners", "link_data",
    "noise", "plot", "run",
    "sweep", "sweep_axes", "sweep_lines",
]
