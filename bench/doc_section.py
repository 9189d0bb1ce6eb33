"""A benchmark's section of docs/bench.md: the text between its two markers, replaced in place, or appended when
the document has no such section yet (bench_python.py, bench_pickle.py)."""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def write_section(begin, end, text, doc_path=os.path.join("docs", "bench.md")):
    """Puts `text` (which starts with `begin` and ends with `end`) in docs/bench.md (or doc_path, from the root)."""
    path = os.path.join(ROOT, doc_path)
    doc = open(path, encoding="utf-8").read() if os.path.exists(path) else "# marginlab benchmarks\n"
    if begin in doc and end in doc:
        doc = doc[: doc.index(begin)] + text.strip() + doc[doc.index(end) + len(end):]
    else:
        doc = doc.rstrip("\n") + "\n\n" + text
    with open(path, "w", encoding="utf-8") as f:
        f.write(doc)
