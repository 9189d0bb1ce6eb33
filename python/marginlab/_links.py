"""Links (docs/url.md) from Python values, the data folder, and the command line's run and sweep."""

import io
import json
import os
import urllib.parse
import warnings

import numpy as np

from . import _core


def url_text(value):
    """A Python value as a link's value text: bools 0/1, floats by repr (the shortest exact text), lists
    comma-separated, strings percent-encoded."""
    if isinstance(value, (bool, np.bool_)):
        return "1" if value else "0"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    if isinstance(value, (list, tuple, np.ndarray)):
        return ",".join(url_text(v) for v in np.asarray(value, dtype=float).ravel())
    if isinstance(value, str):
        return urllib.parse.quote(value, safe=",._~-")
    raise ValueError(f"{value!r} cannot be written in a link (a number, a bool, a string or a list of numbers)")


def link(pairs):
    """'#v=1&k=v&...' from (key, value) pairs; a value of None is left out."""
    return "#v=1" + "".join(f"&{k}={url_text(v)}" for k, v in pairs if v is not None)


def resolve_data_dir(given=None):
    """The data folder data=csv links read: `given`, else $MARGINLAB_DATA_DIR, else the source tree's data/
    recorded at install time (python/setup.py), else ./data."""
    if given is not None:
        return os.fspath(given)
    if os.environ.get("MARGINLAB_DATA_DIR"):
        return os.environ["MARGINLAB_DATA_DIR"]
    try:
        from ._paths import DATA_DIR  # written by setup.py

        if os.path.isdir(DATA_DIR):
            return DATA_DIR
    except ImportError:
        pass
    return "data"


def trace_arrays(csv_text):
    """A trace CSV (Trace::to_csv) as {column: float64 array}."""
    header, _, body = csv_text.partition("\n")
    names = header.split(",")
    if not body.strip():
        return {n: np.zeros(0) for n in names}
    values = np.genfromtxt(io.StringIO(body), delimiter=",", dtype=float, ndmin=2)
    return {n: values[:, i] for i, n in enumerate(names)}


class RunReport:
    """What `marginlab run --url LINK` reports: `report` (its JSON object as a dict), `trace` ({column: array}),
    `trace_csv`, `trace_sha256`, `warnings`, `stop_reason` and the canonical `link`."""

    def __init__(self, raw):
        self.report = json.loads(raw["json"])
        self.trace_csv = raw["trace_csv"]
        self.trace = trace_arrays(self.trace_csv)
        self.trace_sha256 = raw["trace_sha256"]
        self.warnings = list(raw["warnings"])
        self.stop_reason = raw["stop_reason"]
        self.link = raw["link"]

    def __repr__(self):
        return f"RunReport({self.link!r}, steps={self.report['steps']}, trace_sha256={self.trace_sha256[:16]}...)"


# The stop reason of a run whose weights, margins or scores became non-finite (the core's numeric check): a
# failed run, never a result.
OVERFLOW_STOP = "numeric_overflow"


def refuse_overflow(command, overflowed, strict):
    """strict: FloatingPointError naming each overflowed run; else a RuntimeWarning each (never silent)."""
    for what in overflowed:
        text = (f"marginlab {command}: {what} stopped with numeric_overflow (non-finite weights, margins or "
                "scores): its numbers are no result; scale or normalize the features")
        if strict:
            raise FloatingPointError(text)
        warnings.warn(text, RuntimeWarning, stacklevel=3)


def _warn_each(command, problems):
    """strict=False: each of a link's problems as a Python warning (a UserWarning naming the field)."""
    for problem in problems:
        warnings.warn(f"marginlab {command}: {problem}", stacklevel=3)


def run(link_text, data_dir=None, strict=True):
    """Runs a link as `marginlab run --url LINK` does (the same report and trace hash); data=csv links read
    their files from the data folder (see resolve_data_dir).

    strict (default True): a link the command line would warn about (an unknown learner, a value that is not a
    number, a setting replaced by its default) raises ValueError naming each field, before any work, as
    `marginlab run --strict` exits 1. strict=False runs it with the replacements and issues each warning as a
    Python warning. What the run itself notes ("no test part: test error is not measured") is a Python warning
    in both modes, as the command line prints it in both; RunReport.warnings keeps them all.

    A run that stops with numeric_overflow (its numbers became non-finite) raises FloatingPointError, or with
    strict=False issues a RuntimeWarning and returns the report."""
    report = RunReport(_core.run(link_text, resolve_data_dir(data_dir), bool(strict)))
    _warn_each("run", report.warnings)
    refuse_overflow("run", ["the run"] if report.stop_reason == OVERFLOW_STOP else [], strict)
    return report


def sweep(link_text, jobs=1, data_dir=None, strict=True):
    """Runs an experiment link's cells as `marginlab sweep --url LINK` does, in `jobs` threads (shards), and
    returns its JSON lines as a pandas DataFrame in cell order (one row per line, the nested objects
    flattened with '.' as pandas.json_normalize does); sweep_axes(link) gives each cell's axis values.
    strict: as in run (a dropped axis, a rejected value or a range cut to the cell limit raise ValueError)."""
    import pandas as pd

    rows = [json.loads(line) for line in sweep_lines(link_text, jobs, data_dir, strict)]
    return pd.json_normalize(rows)


def sweep_axes(link_text):
    """Each cell's axis values (their link text) as a pandas DataFrame indexed by the cell index, one column per
    axis key: join it to sweep()'s rows on their "index" column."""
    import pandas as pd

    keys, cells = _core.sweep_axes(link_text)
    return pd.DataFrame(cells, columns=keys).rename_axis("index")


def sweep_lines(link_text, jobs=1, data_dir=None, strict=True):
    """The sweep's rows as the exact JSON lines `marginlab sweep` writes (cell order). strict: as in run; with
    strict=False the link's warnings (what validation changed) are issued as Python warnings, and the cells run
    as the command line runs them. Cells that stop with numeric_overflow raise FloatingPointError naming
    them (strict=False: a RuntimeWarning each)."""
    text, problems = _core.sweep(link_text, int(jobs), resolve_data_dir(data_dir), bool(strict))
    _warn_each("sweep", problems)
    lines = text.splitlines()
    refuse_overflow("sweep", overflowed_cells(lines), strict)
    return lines


def overflowed_cells(lines):
    """'cell I (its link)' for each sweep row (JSON line) that stopped with numeric_overflow."""
    cells = []
    for position, line in enumerate(lines):
        row = json.loads(line)
        if row.get("stop_reason") == OVERFLOW_STOP:
            cells.append(f"cell {row.get('index', position)} ({row.get('cell', '?')})")
    return cells


def link_data(link_text, data_dir=None):
    """A link's prepared data (after split, normalization, features, bias and noise; what `marginlab data`
    writes) as {"train": {...}, "test": {...}, "steps": budget}: each part holds X (float32), y (observed
    class index), y_true, corruption (0 none, 1 label, 2 replaced, 3 moved), class_names and target (the
    generator's direction or None)."""
    return _core.link_data(link_text, resolve_data_dir(data_dir))
