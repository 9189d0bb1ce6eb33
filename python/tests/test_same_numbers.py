"""Same numbers: for every golden link (tests/golden/runs.tsv) an estimator can express, fitting that learner on
the link's prepared training part and noisy labels gives the weights of `marginlab run`'s session bit for bit and
the golden trace hash (which the command line prints: the golden unit tests and tools/compare_builds.sh check it).

An estimator expresses a link when its learner is given the same Problem (core/session/session.cpp,
resolve_problem) from arrays as from the link: not when the learner reads the generator itself, i.e. the basis
stream (labels chosen against the learner, 001 Claim 1.4), a finite concept class of the finite or thresholds
generator (Halving's class auto), or the classes generator's recorded multiclass margin (data=classes without
normalization), or the link's bias flag (Halving's constant coordinate). Everything else a link holds is either data (prepared by link_data) or fit's `noise`.
"""

import urllib.parse

import numpy as np
import pytest

import marginlab
from marginlab._estimators import python_name
from conftest import golden_runs

NOISE_KEYS = {"noise"} | {f["key"] for row in marginlab.noise.ROWS for f in row["fields"]}


def pairs_of(link):
    return [tuple(item.split("=", 1)) for item in link.lstrip("#").split("&") if "=" in item]


def not_expressible(link):
    """Why an estimator cannot express the link, or None."""
    pairs = dict(pairs_of(link))
    data = pairs.get("data")
    if data == "basis":
        return "labels chosen against the learner (001 Claim 1.4)"
    if data in ("finite", "thresholds"):
        return "the generator's finite concept class"
    if data == "classes" and pairs.get("norm", "none") == "none":
        return "the classes generator's recorded multiclass margin"
    if pairs.get("bias") == "1" and pairs.get("learner") in ("halving", "randomized_halving"):
        return "Halving's class reads the link's bias column as its constant coordinate"
    return None


def estimator_of(link, steps):
    """The estimator of a link's learner with its l.* values, seed and step budget, and fit's noise text."""
    canonical = marginlab._core.canonical(link)
    pairs = pairs_of(canonical)
    values = dict(pairs)
    cls = marginlab.estimator_for(values["learner"])
    rows = {p["name"]: p for p in cls._row["params"]}
    params = {}
    for key, text in pairs:
        if key.startswith("l."):
            name, text = key[2:], urllib.parse.unquote(text)
            kind = rows[name]["kind"]
            params[python_name(rows[name])] = (text if kind == "choice" else bool(int(text)) if kind == "boolean"
                            else int(text) if kind == "integer" else float(text))
    noise = "&".join(f"{k}={v}" for k, v in pairs if k in NOISE_KEYS)
    # The link's own features: its bias column, if any, is in its prepared data (fit_intercept would add one).
    trace = int(values["trace"]) if "trace" in values else True  # the link's resolution as the keyword
    return cls(**params, random_state=int(values["seed"]), max_steps=steps, fit_intercept=False,
               trace=trace or False), noise


GOLDEN = golden_runs()
EXPRESSIBLE = [row for row in GOLDEN if not_expressible(row[0]) is None]


def test_most_golden_links_are_expressible():
    # The exclusions are the rules above, nothing else: a new golden link is covered unless a rule names it.
    assert len(EXPRESSIBLE) >= 20, [(row[0], not_expressible(row[0])) for row in GOLDEN]


@pytest.mark.parametrize("link,steps,digest", EXPRESSIBLE, ids=[f"golden{i}" for i in range(len(EXPRESSIBLE))])
def test_estimator_gives_the_command_lines_numbers(link, steps, digest):
    run_link = link + f"&steps={steps}"
    data = marginlab.link_data(run_link)
    train, test = data["train"], data["test"]
    clf, noise = estimator_of(link, steps)
    clf.fit(train["X"], train["y"], noise=noise, y_true=train["y_true"], X_test=test["X"], y_test=test["y"],
            target=train["target"])
    assert clf.trace_sha256_ == digest
    session = marginlab._core.run_session(run_link, marginlab._links.resolve_data_dir())
    w = session.weights()
    if w is None:
        assert not hasattr(clf, "coef_")
        X = np.ascontiguousarray(test["X"] if len(test["X"]) else train["X"])
        assert np.array_equal(session.scores(X).view(np.uint32), clf._fitted.scores(X).view(np.uint32))
    else:
        assert np.array_equal(clf.coef_.ravel().view(np.uint32), w.view(np.uint32))
