"""Docs that run: every ```python block of docs/python.md and of the README, executed in order in one namespace
per document (in a scratch folder: a block may save a figure), so an example that fails as written fails here."""

import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOCUMENTS = ["docs/python.md", "README.md"]


def python_blocks(path):
    """The ```python blocks of a Markdown file, with the line each starts on."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        text = f.read()
    blocks = []
    for match in re.finditer(r"^```python\n(.*?)^```", text, flags=re.S | re.M):
        blocks.append((text.count("\n", 0, match.start()) + 2, match.group(1)))
    return blocks


@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_python_block_runs(document, tmp_path, monkeypatch):
    import matplotlib

    matplotlib.use("Agg")
    monkeypatch.chdir(tmp_path)
    blocks = python_blocks(document)
    assert blocks, f"{document} has no python block"
    namespace = {"__name__": "__docs__"}
    for line, code in blocks:
        exec(compile(code, f"{document}:{line}", "exec"), namespace)  # noqa: S102 - the project's own docs
