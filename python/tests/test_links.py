"""Links, noise and data: marginlab.run and marginlab.sweep give what the command line prints; the noise and data
functions are the registry rows'."""

import json
import subprocess

import numpy as np
import pandas as pd
import pytest

import marginlab
from conftest import golden_runs


def test_run_gives_the_golden_trace_hashes():
    for link, steps, digest in golden_runs()[:8]:
        report = marginlab.run(link + f"&steps={steps}")
        assert report.trace_sha256 == digest
        assert report.report["trace_sha256"] == digest
        assert len(report.trace["step"]) == report.report["trace_rows"]


def test_run_report_is_the_command_lines(cli):
    link = "#v=1&data=separable&n=500&d=5&noise=uniform&eta=0.1&learner=bylander&l.eta=0.1&seed=4"
    printed = json.loads(subprocess.run([cli, "run", "--url", link], capture_output=True, check=True, text=True).stdout)
    report = marginlab.run(link)
    assert {k: v for k, v in printed.items() if k != "warnings"} == report.report
    assert printed["warnings"] == report.warnings


def test_run_reads_shipped_data(cli):
    link = "#v=1&data=csv&csv=ida/banana/banana&split=1&learner=kernel_perceptron&seed=2&steps=300"
    printed = json.loads(subprocess.run([cli, "run", "--url", link], capture_output=True, check=True, text=True).stdout)
    assert marginlab.run(link).trace_sha256 == printed["trace_sha256"]


def test_sweep_rows_are_the_command_lines(cli, tmp_path):
    link = "#v=1&data=separable&n=300&d=4&noise=uniform&learner=perceptron&seed=1&x.eta=0,0.1,0.2&x.seed=1..3"
    out = tmp_path / "rows.jsonl"
    subprocess.run([cli, "sweep", "--url", link, "--out", str(out)], capture_output=True, check=True)
    lines = out.read_text().splitlines()
    assert marginlab.sweep_lines(link, jobs=2) == lines
    frame = marginlab.sweep(link, jobs=3)
    expected = pd.json_normalize([json.loads(line) for line in lines])
    pd.testing.assert_frame_equal(frame, expected)
    axes = marginlab.sweep_axes(link)
    assert list(axes.columns) == ["eta", "seed"] and list(axes.index) == list(frame["index"])
    assert axes["eta"].tolist() == ["0"] * 3 + ["0.1"] * 3 + ["0.2"] * 3
    assert axes["seed"].tolist() == ["1", "2", "3"] * 3


def test_uniform_noise_is_count_exact_and_seeded():
    y = np.repeat([-1, 1], 500)
    noisy = marginlab.noise.uniform(y, eta=0.2, sampling="exact", random_state=3)
    assert np.sum(noisy != y) == 200
    assert np.array_equal(noisy, marginlab.noise.uniform(y, eta=0.2, sampling="exact", random_state=3))
    assert not np.array_equal(noisy, marginlab.noise.uniform(y, eta=0.2, sampling="exact", random_state=4))
    assert 150 < np.sum(marginlab.noise.uniform(y, eta=0.2, random_state=3) != y) < 250  # independent flips


def test_noise_functions_are_the_rows():
    ids = {row["id"] for row in marginlab.noise.ROWS} - {"none"}
    assert ids <= set(dir(marginlab.noise)) and "uniform" in ids and "malicious" in ids
    X, y = marginlab.datasets.separable(n=400, d=3, random_state=2)
    X2, y2 = marginlab.noise.malicious(y, X, eta=0.1, random_state=2)
    assert X2.shape == X.shape and np.sum(np.any(X2 != X, axis=1)) > 0
    with pytest.raises(ValueError, match="pass X"):
        marginlab.noise.malicious(y, eta=0.1)
    with pytest.raises(TypeError, match="no keyword"):
        marginlab.noise.uniform(y, rate=0.1)


def test_confusion_noise_takes_a_matrix():
    y = np.repeat([0, 1, 2], 300)
    C = [[0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8]]
    noisy = marginlab.noise.confusion(y, cm=C, random_state=1)
    assert set(noisy) <= {0, 1, 2} and 0.1 < np.mean(noisy != y) < 0.3


def test_generators_are_the_link_data(cli, tmp_path):
    X, y = marginlab.datasets.separable(n=50, d=3, random_state=9)
    assert X.dtype == np.float32 and X.shape == (50, 3) and set(y) <= {-1, 1}
    data = marginlab.link_data("#v=1&data=separable&n=50&d=3&test=0&seed=9")
    assert np.array_equal(data["train"]["X"], X)
    out = tmp_path / "data.csv"
    subprocess.run([cli, "data", "--url", "#v=1&data=separable&n=50&d=3&test=0&seed=9", "--out", str(out)],
                   capture_output=True, check=True)
    written = np.genfromtxt(out, delimiter=",", names=True, dtype=None, encoding="utf-8")
    assert np.array_equal(np.column_stack([written["x1"], written["x2"], written["x3"]]).astype(np.float32), X)
    assert np.array_equal(written["label"], y)


def test_shipped_data():
    assert "ida/banana/banana_train_1.csv" in marginlab.datasets.shipped()
    X_train, y_train, X_test, y_test = marginlab.datasets.load("ida/banana/banana", split=1)
    assert X_train.shape == (400, 2) and X_test.shape == (4900, 2) and set(y_train) == {-1, 1}
