"""scikit-learn's own estimator checks (sklearn.utils.estimator_checks, Debian's 1.2.1) on every estimator, with
the tags each declares (MarginlabClassifier._more_tags: binary_only for binary learners, poor_score where the
algorithm's definition promises nothing on the checks' data; the reasons are written next to them)."""

from sklearn.utils.estimator_checks import parametrize_with_checks

import marginlab

# The checks fit samples of 10 to 300 rows, where every learner stops by its own rule or at its default budget
# within milliseconds. Every estimator runs at its defaults, with no override (the outlier SVMs' k = None adapts
# to the sample: _estimators.ADAPTIVE_DEFAULTS).
ESTIMATORS = [cls() for name, cls in sorted(marginlab.ESTIMATORS.items())]


@parametrize_with_checks(ESTIMATORS)
def test_sklearn_compatible_estimator(estimator, check):
    check(estimator)
