"""Label noise from the noise registry's rows (core/noise/noise_registry.h): one function per row, named by its
id, whose keywords are the link fields the row reads (docs/url.md), with the link's defaults.

    y_noisy = marginlab.noise.uniform(y, eta=0.2, random_state=3)
    X_noisy, y_noisy = marginlab.noise.malicious(y, X, eta=0.1, random_state=3)

Every function is the core's apply_noise on (X, y) with the seed random_state (a link's seed): count-exact where
the core is (uniform noise flips exactly round(eta n) labels). Without X it returns the noisy labels (a model
that moves or replaces points then raises ValueError: pass X); with X it returns (X_noisy, y_noisy). Labels
keep their values: y_noisy holds labels of y. `target`, the direction of the clean halfspace, is what the
adversarial models attack when given (else the class-mean proxy the core uses).
"""

import json
import sys

import numpy as np

from . import _core
from ._links import link

ROWS = json.loads(_core.noise_json())


def _apply(row, y, X, random_state, target, fields):
    y = np.asarray(y)
    if y.ndim != 1:
        raise ValueError("y must be a 1-D array of labels")
    classes, index = np.unique(y, return_inverse=True)
    points = np.zeros((len(y), 1), np.float32) if X is None else np.ascontiguousarray(X, dtype=np.float32)
    seed = 1 if random_state is None else int(random_state)
    text = link([("data", "csv"), ("noise", row["id"])] + list(fields.items()) + [("seed", seed)])
    out = _core.noisy(
        text, points, index.astype(np.int32), max(2, len(classes)),
        None if target is None else np.ascontiguousarray(target, dtype=np.float32),
    )
    labels = classes[out["y"]]
    if X is None:
        if np.any(out["corruption"] >= 2):
            raise ValueError(f"noise model {row['id']!r} moves or replaces points: pass X")
        return labels
    return out["X"], labels


def _make(row):
    keys = [f["key"] for f in row["fields"]]

    def noise(y, X=None, *, random_state=None, target=None, **fields):
        unknown = set(fields) - set(keys)
        if unknown:
            raise TypeError(f"noise.{row['id']}() has no keyword {sorted(unknown)}; its fields: {keys}")
        return _apply(row, y, X, random_state, target, fields)

    lines = "".join(f"    {f['key']} (default {f['default']!r}): {f['help']}\n" for f in row["fields"])
    noise.__name__ = noise.__qualname__ = row["id"]
    noise.__doc__ = f"{row['name']}: {row['description']} ({row['citation']}).\n\nFields:\n{lines}"
    return noise


_module = sys.modules[__name__]
for _row in ROWS:
    if _row["id"] != "none":
        setattr(_module, _row["id"], _make(_row))

__all__ = [r["id"] for r in ROWS if r["id"] != "none"]
