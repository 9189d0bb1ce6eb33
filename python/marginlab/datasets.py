"""Data from the generator registry's rows (core/data/generator_registry.h) and the shipped data/ folder.

One function per generator, named by its id, whose keywords are the link fields the generator reads
(docs/url.md: n, d, margin, q, ...), with the link's defaults:

    X, y = marginlab.datasets.separable(n=1000, d=10, margin=0.1, random_state=3)

returns the generator's sample before any split or noise (float32 features, labels as the data's class names:
-1/+1 for binary generators, 0..Q-1 for multiclass ones); return_target=True adds the generator's unit target
direction v (None when it has none). The basis generator labels adaptively against the learner (001 Claim 1.4)
and is only meaningful inside a run (marginlab.run).

load(name) reads a shipped data set (data/MANIFEST.tsv lists them; files are checked against it):
    X, y = marginlab.datasets.load("uci/optdigits.csv")
    X_train, y_train, X_test, y_test = marginlab.datasets.load("ida/banana/banana", split=1)
"""

import csv
import json
import os
import sys

import numpy as np

from . import _core
from ._links import link, link_data, resolve_data_dir

ROWS = json.loads(_core.generators_json())


def _labels(part):
    names = np.asarray(part["class_names"])
    labels = names[part["y"]]
    try:
        return labels.astype(int)
    except ValueError:
        return labels


def _make(row):
    keys = [f["key"] for f in row["fields"]]

    def generator(*, random_state=None, return_target=False, **fields):
        unknown = set(fields) - set(keys)
        if unknown:
            raise TypeError(f"datasets.{row['id']}() has no keyword {sorted(unknown)}; its fields: {keys}")
        seed = 1 if random_state is None else int(random_state)
        out = _core.generate(link([("data", row["id"])] + list(fields.items()) + [("seed", seed)]))
        result = (out["X"], _labels(out))
        return result + (out["target"],) if return_target else result

    lines = "".join(f"    {f['key']} (default {f['default']!r}): {f['help']}\n" for f in row["fields"])
    generator.__name__ = generator.__qualname__ = row["id"]
    generator.__doc__ = f"{row['name']}: {row['description']} ({row['citation']}).\n\nFields:\n{lines}"
    return generator


def shipped(data_dir=None):
    """The files of the shipped data folder (its MANIFEST.tsv's paths)."""
    path = os.path.join(resolve_data_dir(data_dir), "MANIFEST.tsv")
    with open(path, newline="", encoding="utf-8") as f:
        return [row["path"] for row in csv.DictReader(f, delimiter="\t")]


def load(name, split=None, label=None, data_dir=None):
    """A shipped data set: a file (X, y), or with split=k a benchmark's k-th split (X_train, y_train, X_test,
    y_test) read from NAME_train_k.csv and NAME_test_k.csv; `label` names the label column (default: a column
    named label/class/target/y, else the last). Features as in the files (no normalization)."""
    pairs = [("data", "csv"), ("csv", name), ("label", label)]
    pairs += [("split", split)] if split else [("test", 0.0)]
    data = link_data(link(pairs + [("seed", 1)]), data_dir)
    train, test = data["train"], data["test"]
    if split:
        return train["X"], _labels(train), test["X"], _labels(test)
    return train["X"], _labels(train)


_module = sys.modules[__name__]
for _row in ROWS:
    setattr(_module, _row["id"], _make(_row))

__all__ = [r["id"] for r in ROWS] + ["load", "shipped"]
