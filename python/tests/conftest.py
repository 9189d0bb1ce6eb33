"""Shared paths: the source tree, its golden runs and the command line the package is compared with."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "runs.tsv"


def golden_runs():
    """(link, steps, trace hash) of every row of tests/golden/runs.tsv."""
    rows = []
    for line in GOLDEN.read_text().splitlines():
        if line.strip():
            link, steps, digest = line.split("\t")
            rows.append((link, int(steps), digest))
    return rows


@pytest.fixture(scope="session")
def cli():
    """The native command line ($MARGINLAB_CLI, else build/native/marginlab); tests needing it skip without it."""
    path = pathlib.Path(os.environ.get("MARGINLAB_CLI", ROOT / "build" / "native" / "marginlab"))
    if not path.exists():
        pytest.skip(f"no command line at {path} (build the native build or set MARGINLAB_CLI)")
    return str(path)
