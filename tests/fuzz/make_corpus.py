#!/usr/bin/python3
"""Writes the generated part of the fuzz seed corpora (tests/fuzz/corpus/; the hand-written seeds stay):

  csv/cap_*        CSV inputs at and one step past each cap the fuzzed reader runs under (the kFuzz*
                   constants of tests/fuzz/csv_fuzz.cpp: bytes, feature cells, fields per row, classes),
                   so the short pass of tools/test.sh exercises every cap check on every run;
  url/learner_*    one link per registry learner with every parameter at its maximum (integers and reals),
                   a non-default boolean and the last choice: the codec's extremes on the real registry;
  session/*        one small link per registry learner (the session target caps sizes itself).

Usage: tests/fuzz/make_corpus.py MARGINLAB   (the native command line: its `learners` gives the registry)
Deterministic: the same registry gives the same files, so a rerun changes nothing unless the registry did.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")


def fuzz_caps():
    """The caps of tests/fuzz/csv_fuzz.cpp, read from its source (one place for the numbers)."""
    text = open(os.path.join(HERE, "csv_fuzz.cpp"), encoding="utf-8").read()
    caps = {}
    for name in ("kFuzzMaxBytes", "kFuzzMaxCells", "kFuzzMaxColumns", "kFuzzMaxClasses"):
        match = re.search(r"constexpr\s+[\w ]+\s+" + name + r"\s*=\s*(\d+);", text)
        if not match:
            sys.exit("make_corpus.py: %s not found in csv_fuzz.cpp" % name)
        caps[name] = int(match.group(1))
    return caps


def write(folder, name, data):
    path = os.path.join(CORPUS, folder, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(path, "wb") as f:
        f.write(data)


def number_rows(rows, features, classes, width):
    """`rows` CSV lines of `features` numbers (`width` digits after the point) and a label in 0..classes-1."""
    lines = []
    for i in range(rows):
        values = ["%.*f" % (width, ((i * 7919 + j * 104729) % 100003) / 100003.0 - 0.5) for j in range(features)]
        lines.append(",".join(values + [str(i % classes)]))
    return "\n".join(lines) + "\n"


def csv_caps():
    caps = fuzz_caps()
    max_bytes, max_cells = caps["kFuzzMaxBytes"], caps["kFuzzMaxCells"]
    max_columns, max_classes = caps["kFuzzMaxColumns"], caps["kFuzzMaxClasses"]
    options = "#"  # first byte: the target's option bits, '#' = the reader's defaults (see csv_fuzz.cpp)
    # Bytes: data rows within the cell cap, padded with blank lines (skipped by the reader) to the byte cap.
    body = number_rows(max_cells // 2, 2, 2, 4)
    if len(body) > max_bytes:
        body = body[: body.rfind("\n", 0, max_bytes) + 1]
    at_cap = body + "\n" * (max_bytes - len(body))
    assert len(at_cap) == max_bytes
    write("csv", "cap_bytes_at", options + at_cap)
    write("csv", "cap_bytes_over", options + at_cap + "\n")
    # Feature cells: rows x 2 features exactly at the cap, and one row more.
    write("csv", "cap_cells_at", options + number_rows(max_cells // 2, 2, 2, 1))
    write("csv", "cap_cells_over", options + number_rows(max_cells // 2 + 1, 2, 2, 1))
    # Fields per row: max_columns fields (label included), and one more.
    write("csv", "cap_columns_at", options + number_rows(4, max_columns - 1, 2, 1))
    write("csv", "cap_columns_over", options + number_rows(4, max_columns, 2, 1))
    # Classes: max_classes distinct labels, and one more.
    write("csv", "cap_classes_at", options + number_rows(3 * max_classes, 2, max_classes, 2))
    write("csv", "cap_classes_over", options + number_rows(3 * (max_classes + 1), 2, max_classes + 1, 2))


def url_number(x):
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def data_part(learner):
    if learner["type"] == "multiclass":
        return "data=classes&q=4&margin=0.05"
    return "data=separable&margin=0.05"


def learner_links(registry):
    for learner in registry:
        items = []
        for p in learner["params"]:
            kind = p["kind"]
            if kind in ("integer", "real"):
                items.append("%s=%s" % (p["url_key"], url_number(p["max"])))
            elif kind == "boolean":
                items.append("%s=%d" % (p["url_key"], 0 if p["default"] else 1))
            elif kind == "choice":
                items.append("%s=%s" % (p["url_key"], p["choices"][-1]))
        params = "".join("&" + item for item in items)
        write("url", "learner_" + learner["id"], "#v=1&%s&learner=%s%s&seed=7" % (data_part(learner), learner["id"], params))
        write("session", learner["id"], "#v=1&%s&n=120&learner=%s&seed=3" % (data_part(learner), learner["id"]))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: tests/fuzz/make_corpus.py MARGINLAB   (the native command line)")
    registry = json.loads(subprocess.check_output([sys.argv[1], "learners", "--compact"]))
    csv_caps()
    learner_links(registry)


if __name__ == "__main__":
    main()
