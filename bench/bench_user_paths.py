#!/usr/bin/env python3
"""marginlab bench — the paths users run against scikit-learn, the trace's share, the learner's kernel and the page,
in one run (docs/bench.md, section "User-facing paths").

The benchmark perceptron of docs/bench.md §2 as a link: separable, n = 200 000, d = 64, margin 0, exactly 10 % of
the labels flipped, no test part, Perceptron with normalize = 0 (w += y x), cyclic order. Measured in one run,
contestants interleaved in every repetition, the median over --reps repetitions, wall clock (the page's repetitions
after all the others, since a browser keeps the cores busy for a while after it opens and closes):
  python        marginlab.Perceptron(normalize=False, fit_intercept=False, max_iter=E).fit(X, y) on the link's
                arrays (float32, as marginlab.link_data gives them), default trace, E = 10 and 1 passes;
  python_off    the same fit with trace=False (the first and the last trace rows only);
  sklearn       sklearn.linear_model.Perceptron(fit_intercept=False, max_iter=E, tol=None, shuffle=False) fitted
                on the same float32 arrays (its conversion to float64 is part of its fit, as for a user);
  cli           `marginlab run --url LINK --steps S --timing`, default trace and trace=0, the fastest of CLI_RUNS runs
                back to back: end to end (the process's wall time) and its learning part (the run's own `timing:`
                line: the steps with their trace rows, without process start, data and report);
  kernel        bench/bench_perceptron's "learner" figure: Learner::step_many alone on the same data;
  data          marginlab.link_data(LINK) (generation, labels, noise, arrays) against NumPy drawing the same
                number of float64 normals and scaling each row to unit norm;
  page          the built page (build/web/site) in headless Chromium on bench/frontend.sh's 10 000-point link, by
                tools/e2e/measure_frames.mjs: its steps per second over the measured frames (wall clock) and in its
                training slices alone, its frame times, the app's own time per frame and the training slice against
                the app's slice (AppState::budget_seconds, app/state/app_state.h), with a verdict on that budget;
  cli_page      `marginlab run --timing` on the page's link, the learning part of `--steps B` minus that of
                `--steps A`, A and B the page's steps at its first and last measured frame: the same steps and trace
                rows natively, all out.
The trace's share of a fit is (python - python_off) / python. Run with the package installed (python/run_tests.sh
makes build/python-venv), the bench programs built (bench/run.sh, or cmake -DML_BUILD_BENCH=ON) and, unless
--no-page, the web build and tools/setup.sh (playwright-core in tools/e2e, chromium):
    build/python-venv/bin/python bench/bench_user_paths.py [--reps 5] [--no-doc] [--no-page] [--page-frames 200]
It prints the figures as JSON and, unless --no-doc, writes them as the section "User-facing paths" of docs/bench.md
and the performance sentence of README.md (between its markers).
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

import numpy as np

import marginlab
from doc_section import write_section

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = ("#v=1&data=separable&n=200000&d=64&margin=0&test=0&noise=uniform&sampling=exact&learner=perceptron"
        "&l.normalize=0&seed=1")
N, D, EPOCHS = 200_000, 64, 10
BEGIN, END = "<!-- bench_user_paths.py: begin -->", "<!-- bench_user_paths.py: end -->"
README_BEGIN, README_END = "<!-- bench_user_paths.py: readme begin -->", "<!-- bench_user_paths.py: readme end -->"
# The page: bench/frontend.sh's link at this many points (read from its link(), so both benchmarks open one page).
PAGE_POINTS = 10_000
FRONTEND_SH = os.path.join(ROOT, "bench", "frontend.sh")
MEASURE_FRAMES = os.path.join(ROOT, "tools", "e2e", "measure_frames.mjs")
PLAYWRIGHT = os.path.join(ROOT, "tools", "e2e", "node_modules", "playwright-core")
APP_STATE_H = os.path.join(ROOT, "app", "state", "app_state.h")
APP_CPP = os.path.join(ROOT, "app", "app.cpp")
SITE_FILES = ("index.html", "glue.js", "marginlab-app.js", "marginlab-app.wasm")
# Runs of the command line per timing, the fastest kept: its learning part is the difference of two processes' times
# (about 0.35 s each, mostly data generation), so one disturbed run would swamp the trace's few milliseconds in it.
CLI_RUNS = 3
# Seconds to wait after a browser closes before timing the command line (its processes take a moment to end).
SETTLE_S = 2.0
# The command line's part of the page's comparison below this many seconds is mostly two process starts' noise.
CLI_MIN_LEARNING_S = 0.3
# The budget's verdict. A slice may pass the budget by one clock-read interval: Session::advance reads the clock
# after runs of steps it sizes so that reads come at most about budget / 8 apart (core/session/session.cpp).
SLICE_OVERRUN = 1 / 8
# "The app's own time is small": even its slow frames' own work (p95) fits beside the training slice in one frame of a
# 60 Hz display, leaving the rest of that frame to the GL calls (a GPU's work) and the browser.
REFRESH_HZ = 60


def seconds(call):
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def cli_run(cli, url, steps):
    """(wall seconds, learning seconds) of one `marginlab run --timing`: the process end to end, and the learning
    part its own `timing:` line gives."""
    start = time.perf_counter()
    done = subprocess.run([cli, "run", "--url", url, "--steps", str(steps), "--timing"], check=True,
                          capture_output=True, text=True)
    wall = time.perf_counter() - start
    line = next((l for l in done.stderr.splitlines() if l.startswith("timing: ")), None)
    if line is None:
        sys.exit(f"bench_user_paths.py: `marginlab run --timing` printed no timing line: {done.stderr!r}")
    return wall, float(line.split("learning ")[1].split(" s")[0])


def cli_phases(cli, url, steps, name):
    """{NAME_total: the fastest wall time, NAME_learning: the fastest learning part} of CLI_RUNS runs back to back."""
    runs = [cli_run(cli, url, steps) for _ in range(CLI_RUNS)]
    return {name + "_total": min(w for w, _ in runs), name + "_learning": min(l for _, l in runs)}


def numpy_data():
    X = np.random.default_rng(1).standard_normal((N, D))
    X /= np.linalg.norm(X, axis=1, keepdims=True)
    return X


def contestants(cli, bench, X, y):
    """Each contestant as a call that runs it and returns its seconds, or {figure: seconds} for the command line's
    (end to end and its learning part, from the same runs) (the kernel's: its learning part, timed by
    bench_perceptron itself, interleaved with the others so that a slow spell of the machine weighs on every one)."""
    from sklearn.linear_model import Perceptron as SkPerceptron

    def fit(epochs, trace=True):
        return lambda: seconds(lambda: marginlab.Perceptron(normalize=False, fit_intercept=False, max_iter=epochs,
                                                            trace=trace, random_state=1).fit(X, y))

    def sk(epochs):
        return lambda: seconds(lambda: SkPerceptron(fit_intercept=False, max_iter=epochs, tol=None,
                                                    shuffle=False).fit(X, y))

    steps = EPOCHS * N
    return {
        "python_10": fit(EPOCHS), "python_1": fit(1), "python_off_10": fit(EPOCHS, False),
        "sklearn_10": sk(EPOCHS), "sklearn_1": sk(1),
        "cli": lambda: cli_phases(cli, LINK, steps, "cli"),
        "cli_off": lambda: cli_phases(cli, LINK + "&trace=0", steps, "cli_off"),
        "data": lambda: seconds(lambda: marginlab.link_data(LINK)), "numpy_data": lambda: seconds(numpy_data),
        # The median of 3 runs in one process: a lone run was once 1.7x the command line's whole learning part.
        "kernel": lambda: kernel_seconds(bench, 3),
    }


def kernel_seconds(bench, reps):
    out = subprocess.run([bench, "--reps", str(reps)], check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])["learner_median_s"]


def frontend_link(points):
    """bench/frontend.sh's link for `points` points (its link() function)."""
    m = re.search(r'^link\(\) \{ echo "([^"]+)"; \}', open(FRONTEND_SH, encoding="utf-8").read(), re.M)
    if m is None:
        sys.exit(f"bench_user_paths.py: no link() function found in {FRONTEND_SH} (the page's link comes from it)")
    return m.group(1).replace("$1", str(points))


def seconds_in_source(path, pattern, what):
    """A constant in seconds that the app's source sets (`pattern`'s group), in ms; the doc quotes it from there."""
    m = re.search(pattern, open(path, encoding="utf-8").read())
    if m is None:
        sys.exit(f"bench_user_paths.py: {what} not found in {path} (pattern {pattern!r})")
    return 1000 * float(m.group(1))


def app_budget_ms():
    """The training slice the app gives each frame (AppState::budget_seconds)."""
    return seconds_in_source(APP_STATE_H, r"double budget_seconds = ([0-9.eE+-]+);", "the training slice")


def view_budget_ms():
    """What the view's caches (the decision-region pass) may take of a frame: App::update_view's budget."""
    return seconds_in_source(APP_CPP, r"panels_\.view\.update\(([0-9.eE+-]+)\)", "the view's budget")


def page_prerequisites_missing(site):
    """What the page's measurement needs and does not find: the web build's files, playwright-core, node, chromium."""
    missing = [p for p in [os.path.join(site, f) for f in SITE_FILES] + [PLAYWRIGHT] if not os.path.exists(p)]
    missing += [tool for tool in ("node", os.environ.get("CHROMIUM", "/usr/bin/chromium")) if shutil.which(tool) is None]
    return missing


def page_run(site, link, frames):
    """One run of tools/e2e/measure_frames.mjs (a new headless Chromium): its JSON object."""
    done = subprocess.run(["node", MEASURE_FRAMES, link, str(frames)], capture_output=True, text=True, cwd=ROOT,
                          env=dict(os.environ, WEB_SITE=site))
    if done.returncode != 0:
        sys.exit(f"bench_user_paths.py: measure_frames.mjs failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def page_and_native(cli, site, link, frames):
    """The page's run, then the command line on the same steps: `--steps B` minus `--steps A`, A and B the page's
    steps at its first and last measured frame (the trace's rows thin out as steps grow, so a range from step 1
    would weigh the dense early rows more than the page's frames did)."""
    run = page_run(site, link, frames)
    time.sleep(SETTLE_S)  # the browser's processes end after node returns
    if run["measured_to_step"] <= run["measured_from_step"] or run["train_total_ms"] <= 0:
        sys.exit(f"bench_user_paths.py: the page trained no steps over its measured frames ({json.dumps(run)})")
    first, last = max(1, run["measured_from_step"]), run["measured_to_step"]
    run["cli_steps"] = last - first
    run["cli_s"] = cli_phases(cli, link, last, "b")["b_learning"] - cli_phases(cli, link, first, "a")["a_learning"]
    if run["cli_s"] < CLI_MIN_LEARNING_S:
        print(f"bench_user_paths.py: warning: the command line took {run['cli_s']:.3f} s for the page's "
              f"{run['cli_steps']:,} steps, under {CLI_MIN_LEARNING_S} s: measure more frames (--page-frames)",
              file=sys.stderr)
    return run


def page_figures(runs, budget_ms, view_budget_ms):
    """The page's figures over its runs (medians; rates per run, then their median)."""
    def med(values):
        return statistics.median(list(values))

    def field(key):
        return med(run[key] for run in runs)

    steps = [run["measured_to_step"] - run["measured_from_step"] for run in runs]
    r = {"page_link": runs[0]["link"], "page_frames": runs[0]["frames"], "page_warm_frames": runs[0]["warm_frames"],
         "budget_ms": budget_ms,
         "view_budget_ms": view_budget_ms,
         "page_steps": med(steps), "page_measured_s": field("measured_ms") / 1000,
         "page_train_total_s": field("train_total_ms") / 1000,
         "page_steps_per_s": med(n / (run["measured_ms"] / 1000) for n, run in zip(steps, runs)),
         "page_slice_steps_per_s": med(n / (run["train_total_ms"] / 1000) for n, run in zip(steps, runs)),
         "page_train_share": med(run["train_total_ms"] / run["measured_ms"] for run in runs),
         "cli_page_steps": field("cli_steps"), "cli_page_learning_s": field("cli_s"),
         "cli_page_steps_per_s": med(run["cli_steps"] / run["cli_s"] for run in runs)}
    frame_fields = {"median_ms": "page_frame_median_ms", "p95_ms": "page_frame_p95_ms",
                    "app_cpu_median_ms": "page_app_cpu_median_ms", "app_cpu_p95_ms": "page_app_cpu_p95_ms",
                    "train_median_ms": "page_train_median_ms", "gl_median_ms": "page_gl_median_ms"}
    r.update({name: field(key) for key, name in frame_fields.items()})
    r["page_vs_cli"] = r["page_steps_per_s"] / r["cli_page_steps_per_s"]
    r["page_slice_vs_cli"] = r["page_slice_steps_per_s"] / r["cli_page_steps_per_s"]
    r["page_keeps_budget"] = all(ok for _, ok in budget_checks(r))
    return r


def budget_checks(r):
    """The budget's two conditions, each as (what it says, met): the training slice (median) within the slice plus
    one clock-read run, and the slice with the app's own time per frame (p95) within one frame at REFRESH_HZ."""
    slice_limit, frame_ms = (1 + SLICE_OVERRUN) * r["budget_ms"], 1000 / REFRESH_HZ
    train, own = r["page_train_median_ms"], r["page_app_cpu_p95_ms"]
    slice_ok, frame_ok = train <= slice_limit, train + own <= frame_ms
    return [(f"its training slice (median {train:.1f} ms) {'is within' if slice_ok else 'passes'} "
             f"{slice_limit:.1f} ms", slice_ok),
            (f"the slice and the app's own time per frame (p95 {own:.2f} ms), {train + own:.1f} ms, "
             f"{'fit in' if frame_ok else 'pass'} a {REFRESH_HZ} Hz frame ({frame_ms:.1f} ms)", frame_ok)]


def page_setup(site, frames):
    """What the page's measurement runs on, or exit naming what is missing."""
    missing = page_prerequisites_missing(site)
    if missing:
        sys.exit("bench_user_paths.py: the page's measurement needs " + ", ".join(missing) + ": build the web preset "
                 "(build/web/site) and run tools/setup.sh (playwright-core in tools/e2e, chromium), or pass --no-page")
    return {"site": site, "link": frontend_link(PAGE_POINTS), "frames": frames, "budget_ms": app_budget_ms(),
            "view_budget_ms": view_budget_ms()}


def measure(cli, bench, reps, page=None):
    """Every contestant, `reps` times interleaved; `page` (page_setup's), unless None, adds `reps` runs of the page,
    each followed by the command line on its steps, after the others."""
    data = marginlab.link_data(LINK)["train"]
    X, y = data["X"], data["y"]
    calls = contestants(cli, bench, X, y)
    times = {}
    page_runs = []
    with_trace = marginlab.Perceptron(normalize=False, fit_intercept=False, max_iter=EPOCHS, random_state=1).fit(X, y)
    for _ in range(reps):
        for name, timed in calls.items():
            value = timed()
            for figure, v in (value.items() if isinstance(value, dict) else [(name, value)]):
                times.setdefault(figure, []).append(v)
    # The page's runs after every other contestant's: a headless Chromium keeps both cores busy for a while after it
    # opens and closes (its GPU process, the renderer's threads), which would slow whatever ran next.
    for _ in range(reps if page is not None else 0):
        page_runs.append(page_and_native(cli, page["site"], page["link"], page["frames"]))
    t = {name: statistics.median(v) for name, v in times.items()}
    r = {name + "_s": v for name, v in t.items()}
    # Differences of whole processes' times, paired per repetition (its runs back to back), then the median.
    r["trace_rows"] = len(with_trace.trace_["step"])
    r["eval_examples"] = int(with_trace.trace_["eval_examples"][0])
    # Paired per repetition (its contestants ran back to back): the median of the repetitions' ratios.
    r["trace_share"] = statistics.median((p - o) / p for p, o in zip(times["python_10"], times["python_off_10"]))
    r["cli_trace_share"] = statistics.median(
        (a - b) / a for a, b in zip(times["cli_learning"], times["cli_off_learning"]))
    if page is not None:
        r.update(page_figures(page_runs, page["budget_ms"], page["view_budget_ms"]))
    return r


def verdict(ratio, goal):
    return f"**{ratio:.2f}x** ({'meets' if ratio >= goal else 'misses'} the goal of {goal:g}x)"


def cli_share(r):
    """The trace's share of the command line's learning part, or why it is not a figure (a difference of two runs'
    learning parts: below their noise, it can come out negative)."""
    share = r["cli_trace_share"]
    return f"{100 * share:.0f} %" if share >= 0 else f"below this run's timing noise ({100 * share:.0f} %)"


def kernel_ratio(r):
    """The command line's learning with the trace off against the kernel."""
    return f"{r['cli_off_learning_s'] / r['kernel_s']:.2f}x the kernel's time"


def budget_verdict(r):
    """The verdict sentence on the page's frame budget, with the figures it rests on."""
    checks = budget_checks(r)
    if r["page_keeps_budget"]:
        return "**The page keeps its budget**: " + " and ".join(text for text, _ in checks) + "."
    return "**The page does not keep its budget**: " + " and ".join(text for text, ok in checks if not ok) + "."


def page_section(r, reps):
    """The page's part of the section ("" when the run skipped the page)."""
    if "page_link" not in r:
        return ""
    budget, steps = r["budget_ms"], r["page_steps"]
    return f"""
### The page on the front-end benchmark's {PAGE_POINTS:,}-point link

The page as built (build/web/site: WebAssembly in headless Chromium, WebGL2 on SwiftShader, a software renderer) on
bench/frontend.sh's {PAGE_POINTS:,}-point link (`{r['page_link']}`), opened by tools/e2e/measure_frames.mjs at full
training speed: {r['page_frames']} frames measured after {r['page_warm_frames']} warm-up frames, a new browser in each of
the {reps} repetitions (medians over them), run after every other contestant's repetitions (a browser keeps the cores
busy for a while after it opens and closes), the command line {SETTLE_S:g} s after each browser closed. Each frame trains for at most {budget:g} ms (the app's slice:
`AppState::budget_seconds`, app/state/app_state.h), then draws every panel. Beside it the command line trains the same
steps natively, all out and drawing nothing: `marginlab run --steps B` minus `--steps A` (each the fastest of {CLI_RUNS} runs), A and B the page's steps at
its first and last measured frame (the same steps and trace rows: the rows thin out as the steps grow, so a run from
step 1 would weigh the dense early rows more than the page's frames do).

| path | steps | seconds | steps per second | against the command line |
|---|---:|---:|---:|---:|
| the page, over its measured frames (wall clock: training, drawing, the browser) | {steps:,.0f} | {r['page_measured_s']:.2f} | {r['page_steps_per_s']:,.0f} | **{r['page_vs_cli']:.2f}x** |
| its training slices alone (WebAssembly in Chromium, their times summed) | {steps:,.0f} | {r['page_train_total_s']:.2f} | {r['page_slice_steps_per_s']:,.0f} | {r['page_slice_vs_cli']:.2f}x |
| `marginlab run`, the same steps (native, all out) | {r['cli_page_steps']:,.0f} | {r['cli_page_learning_s']:.2f} | {r['cli_page_steps_per_s']:,.0f} | 1x |

The page against the command line is not one engine against another: the page trains for {100 * r['page_train_share']:.0f} %
of its frames' time, in slices of at most {budget:g} ms, and draws every panel in the rest; in its slices WebAssembly
runs at {r['page_slice_vs_cli']:.2f}x the native speed.

| frame median | frame p95 | training slice (median) | app's own time, median | app's own time, p95 | GL calls (median) | the app's slice |
|---:|---:|---:|---:|---:|---:|---:|
| {r['page_frame_median_ms']:.1f} ms | {r['page_frame_p95_ms']:.1f} ms | {r['page_train_median_ms']:.1f} ms | {r['page_app_cpu_median_ms']:.2f} ms | {r['page_app_cpu_p95_ms']:.2f} ms | {r['page_gl_median_ms']:.1f} ms | {budget:g} ms |

The app's own time is its work per frame apart from the training slice and the GL calls (FrameCost,
app/models/frame_times.h), measured in the browser on the wall clock (0.1 ms steps), which a loaded machine inflates;
it includes the view's decision-region pass, up to {r['view_budget_ms']:g} ms of a frame (`App::update_view`,
app/app.cpp), started at most ten times a second. The GL calls wait for SwiftShader, so most of a frame here is the
software renderer's, not the app's (docs/bench_frontend.md). The criterion: the page keeps its budget when its
training slice (median) is within the slice plus {SLICE_OVERRUN * 100:.1f} % (Session::advance reads the clock after
runs of steps sized to keep the reads at most about an eighth of the slice apart, so a slice can pass it by one such run) and
the slice (median) plus the app's own time (p95) fit in one frame of a {REFRESH_HZ} Hz display
({1000 / REFRESH_HZ:.1f} ms), leaving the rest of it to the GL calls and the browser. {budget_verdict(r)}
"""


def section(r, reps):
    load = os.getloadavg()[0]
    py10, py1 = r["sklearn_10_s"] / r["python_10_s"], r["sklearn_1_s"] / r["python_1_s"]
    cli = r["sklearn_10_s"] / r["cli_learning_s"]
    data = r["numpy_data_s"] / r["data_s"]
    off = r["python_off_10_s"]
    return f"""{BEGIN}
## User-facing paths (bench/bench_user_paths.py)

Written by `bench/bench_user_paths.py`, {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, median of {reps}
interleaved repetitions, load average {load:.2f} at the end, scikit-learn {__import__('sklearn').__version__}. The
benchmark perceptron as a link (`{LINK}`): {N:,} x {D} float32 features, 10 % of the labels flipped; scikit-learn's
`Perceptron(fit_intercept=False, max_iter=E, tol=None, shuffle=False)` is fitted on the same float32 arrays a user
passes (its float64 conversion is part of its fit).

| path | seconds | scikit-learn seconds | speed against scikit-learn |
|---|---:|---:|---|
| `marginlab.Perceptron(normalize=False, fit_intercept=False, max_iter=10).fit`, default trace | {r['python_10_s']:.3f} | {r['sklearn_10_s']:.3f} | {verdict(py10, 3)} |
| the same with `max_iter=1` | {r['python_1_s']:.3f} | {r['sklearn_1_s']:.3f} | {verdict(py1, 1.5)} |
| `marginlab run --steps {EPOCHS * N:,}`, its learning part (its `--timing` line; the fastest of {CLI_RUNS} runs) | {r['cli_learning_s']:.3f} | {r['sklearn_10_s']:.3f} | {verdict(cli, 3)} |
| the same run end to end (process, data generation, learning, report) against NumPy's data and scikit-learn's 10-pass fit | {r['cli_total_s']:.3f} | {r['numpy_data_s'] + r['sklearn_10_s']:.3f} | **{(r['numpy_data_s'] + r['sklearn_10_s']) / r['cli_total_s']:.2f}x** (no goal) |
| data: `marginlab.link_data` (generation, labels, noise, arrays) against NumPy's normals scaled to unit rows | {r['data_s']:.3f} | NumPy {r['numpy_data_s']:.3f} | {verdict(data, 1)} |

The trace: {r['trace_rows']} rows, each over a subsample of {r['eval_examples']:,} examples (docs/learners.md,
"Recording schedule"). Its share of the 10-pass fit, (fit - fit with `trace=False`) / fit, paired per repetition:
**{100 * r['trace_share']:.0f} %** (goal: at most 25 %); of the command line's learning part: {cli_share(r)}.
With the trace off the fit takes {off:.3f} s and the command line's learning {r['cli_off_learning_s']:.3f} s, against
the kernel alone (`Learner::step_many`, bench/bench_perceptron) {r['kernel_s']:.3f} s:
{kernel_ratio(r)} on the command line (goal: within 1.2x), {off / r['kernel_s']:.2f}x
in Python (its fixed costs included: validation, labels, the scale check and radius over every example; the
report's own pass waits until `report_` or `margin_` is read).
{page_section(r, reps)}{END}
"""


def readme_sentence(r):
    """The README's performance sentence: the same figures, in one line."""
    py10, py1 = r["sklearn_10_s"] / r["python_10_s"], r["sklearn_1_s"] / r["python_1_s"]
    return (f"{README_BEGIN}\nMeasured in one run on the benchmark link (200 000 x 64, 10 % flipped labels; "
            f"[docs/bench.md](docs/bench.md#user-facing-paths-benchbench_user_pathspy)): a Python `Perceptron` fit "
            f"with its {r['trace_rows']}-row trace is {py10:.2f}x scikit-learn's speed at 10 passes and {py1:.2f}x at "
            f"one pass; the command line's learning part {r['sklearn_10_s'] / r['cli_learning_s']:.2f}x; the trace "
            f"takes {100 * r['trace_share']:.0f} % of the 10-pass fit.\n{README_END}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--cli", default=os.path.join(ROOT, "build", "native", "marginlab"))
    parser.add_argument("--bench", default=os.path.join(ROOT, "build", "native", "bench", "bench_perceptron"))
    parser.add_argument("--no-doc", action="store_true")
    parser.add_argument("--no-page", action="store_true", help="skip the page (a machine without the web build)")
    parser.add_argument("--site", default=os.path.join(ROOT, "build", "web", "site"), help="the built page's files")
    parser.add_argument("--page-frames", type=int, default=200, help="frames measured per page run (frontend.sh's)")
    args = parser.parse_args()
    page = None if args.no_page else page_setup(args.site, args.page_frames)
    r = measure(args.cli, args.bench, args.reps, page)
    print(json.dumps(r, indent=2))
    if not args.no_doc:
        write_section(BEGIN, END, section(r, args.reps))
        write_section(README_BEGIN, README_END, readme_sentence(r), "README.md")


if __name__ == "__main__":
    main()
