"""The page's pictures in a notebook (matplotlib): mistakes against the bound, margin evolution, the 2-D view with
its regions and boundary, and a sweep's curves with ± one standard error. Each function draws on `ax` (a new
figure's axes when None) and returns it; every number drawn is read from a trace, an estimator or a sweep's rows,
never computed anew here."""

import numpy as np

# Marker shapes by class, so classes differ by shape as well as colour (as on the page).
MARKERS = "os^Dv<>pXh"


def _axes(ax):
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=(6, 4))[1]


def _trace_of(source):
    """The trace {column: array} of an estimator (trace_), a RunReport (trace) or a trace itself."""
    if isinstance(source, dict):
        return source
    if hasattr(source, "trace") and isinstance(getattr(source, "trace"), dict):
        return source.trace
    return source.trace_


def _bound_label(source):
    """What the bound column is: an O() rate with its constant is never labelled a bound."""
    report = getattr(source, "report_", None) or getattr(source, "report", None) or {}
    if "order_rate" in report:
        return f"O() rate, constant {report['order_rate_constant']:g} (not a proven bound)"
    return "proven bound (clean, separable data)"


def mistakes(source, ax=None):
    """Mistakes (and updates, where they differ) against the step, with the learner's bound column dashed."""
    trace, ax = _trace_of(source), _axes(ax)
    ax.plot(trace["step"], trace["mistakes"], label="mistakes (count)")
    if not np.array_equal(trace["updates"], trace["mistakes"]):
        ax.plot(trace["step"], trace["updates"], label="updates (count)")
    if np.isfinite(trace["bound"]).any():
        ax.plot(trace["step"], trace["bound"], "--", color="gray", label=_bound_label(source))
    ax.set_xlabel("step")
    ax.set_ylabel("count")
    ax.legend()
    return ax


def margins(source, ax=None):
    """The margin on the training sample (minimum, and its lower 10 % quantile) against the step; the margin on the
    true labels where it differs."""
    trace, ax = _trace_of(source), _axes(ax)
    ax.plot(trace["step"], trace["margin"], label="margin: minimum over the sample")
    ax.plot(trace["step"], trace["margin_q10"], label="margin: lower 10 % quantile")
    if "margin_true" in trace and not np.allclose(trace["margin_true"], trace["margin"], equal_nan=True):
        ax.plot(trace["step"], trace["margin_true"], ":", label="margin on the true labels")
    ax.axhline(0, color="gray", linewidth=0.8)
    ax.set_xlabel("step")
    ax.set_ylabel("normalized margin")
    ax.legend()
    return ax


def view2d(estimator, X, y, y_true=None, ax=None, resolution=200):
    """The 2-D view: the fitted estimator's regions (its predictions on a grid over X's box), the decision boundary
    of a binary halfspace (decision_function = 0), the points by class (colour and shape), and the corrupted ones
    (y != y_true) ringed."""
    X, y, ax = np.asarray(X), np.asarray(y), _axes(ax)
    if X.shape[1] != 2:
        raise ValueError(f"view2d draws 2-D data; X has {X.shape[1]} features")
    lo, hi = X.min(axis=0), X.max(axis=0)
    pad = 0.05 * (hi - lo)
    gx, gy = np.meshgrid(np.linspace(lo[0] - pad[0], hi[0] + pad[0], resolution),
                         np.linspace(lo[1] - pad[1], hi[1] + pad[1], resolution))
    grid = np.column_stack([gx.ravel(), gy.ravel()])
    region = np.searchsorted(estimator.classes_, estimator.predict(grid)).reshape(gx.shape)
    ax.contourf(gx, gy, region, levels=np.arange(len(estimator.classes_) + 1) - 0.5, cmap="tab10", alpha=0.25,
                vmin=0, vmax=9)
    if len(estimator.classes_) == 2:
        ax.contour(gx, gy, estimator.decision_function(grid).reshape(gx.shape), levels=[0], colors="k")
    for i, c in enumerate(estimator.classes_):
        mine = y == c
        ax.scatter(X[mine, 0], X[mine, 1], s=12, marker=MARKERS[i % len(MARKERS)], color=f"C{i}", label=str(c))
    if y_true is not None:
        bad = np.asarray(y_true) != y
        ax.scatter(X[bad, 0], X[bad, 1], s=60, facecolors="none", edgecolors="k",
                   label=f"corrupted ({int(bad.sum())})")
    ax.legend(loc="best", fontsize="small")
    return ax


def sweep_summary(rows, x, value, by=None):
    """{group: (x values, means, standard errors)} of a sweep's rows (marginlab.sweep joined with sweep_axes):
    the mean of `value` over the rows sharing an x (the seeds), and its standard error s / sqrt(n) with the
    sample standard deviation (n - 1); a single row has no error (nan)."""
    groups = {None: rows} if by is None else dict(tuple(rows.groupby(by)))
    out = {}
    for key, part in groups.items():
        stats = part.groupby(part[x].astype(float))[value].agg(["mean", "std", "count"])
        out[key] = (stats.index.to_numpy(), stats["mean"].to_numpy(),
                    (stats["std"] / np.sqrt(stats["count"])).to_numpy())
    return out


def sweep(rows, x, value, by=None, ax=None):
    """A sweep's curves: the mean of `value` against `x`, one curve per value of `by`, with ± one standard error
    bars (sweep_summary)."""
    ax = _axes(ax)
    for key, (xs, mean, se) in sweep_summary(rows, x, value, by).items():
        ax.errorbar(xs, mean, yerr=se, marker="o", capsize=3, label=None if key is None else f"{by} = {key}")
    ax.set_xlabel(x)
    ax.set_ylabel(f"{value} (mean ± SE)")
    if by is not None:
        ax.legend()
    return ax
