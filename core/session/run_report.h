// marginlab — a headless run and its report: what `marginlab run` prints and what the golden-run test
// recomputes (one code path for both, so a matching hash in the test proves the CLI's output).
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/config/config.h"
#include "core/session/session.h"
#include "core/util/status.h"

namespace ml {

// How to run.
struct RunOptions {
  int64_t steps = -1;                            // step budget; < 0: config.steps
  ClockFn now;                                   // clock for progress and RunReport::phases (may be empty)
  double progress_seconds = 2.0;                 // seconds between progress calls
  std::function<void(const Session&)> progress;  // called between chunks of about progress_seconds
};

// Seconds a run spent in each phase, by RunOptions::now (wall clock): for people and benchmarks, never in a result.
struct RunPhases {
  double data = NAN;      // Session::create: the data prepared (read or drawn, noise, checks) and the learner reset
  double learning = NAN;  // the steps, with the trace's rows
  double report = NAN;    // the report's pass over the data and its JSON
};

// What a run produced.
struct RunReport {
  std::string json;                           // one JSON object (see run_report_json), no trailing newline
  std::string trace_csv;                      // Trace::to_csv()
  std::string trace_sha256;                   // sha256 of trace_csv
  std::vector<std::string> warnings;          // the session's warnings
  std::string summary;                        // bound_summary and the test error, for people (stderr)
  StopReason stop_reason = StopReason::none;  // Session::stop_reason when it stopped, none at the step budget
  std::string stop_note;                      // Session::stop_note (numeric_overflow: what and at which step)
  RunPhases phases;                           // by RunOptions::now; NaN without a clock
};

// What the run JSON's stop_reason says: the session's reason (Session::stop_reason) once it is done, else
// "step_budget" (the session's step budget ended the run first).
std::string_view run_stop_reason(const Session& session);

// Builds the session under the batch budget (nothing is drawn while it runs; config/budget.h) and advances
// it by the step budget (or until the learner is done). Chunking by the clock only decides when `progress`
// is called: the report is identical with or without a clock.
Result<RunReport> run_headless(const Config& config, const std::string& canonical_url, const Dataset* csv,
                               const RunOptions& options);

// The sentence the Learner panel shows for how the run ends: "Running" or "Stopped: <reason> — <meaning>"
// (or the step budget), then, on a new line, the learner's rule_note when it has one.
std::string stop_reason_text(const Session& session);

// The report of a session as one JSON object, keys in this order: config (canonical URL), learner,
// steps, done, stop_reason (run_stop_reason), rule_note (Learner::rule_note, "" when none), stop_note
// (Session::stop_note: what became non-finite and at which step; only when there is one), mistakes, updates, bound,
// bound_label (for an O() rate, BoundKind::order_rate, these two are order_rate, order_rate_label and
// order_rate_constant instead: a rate with its constant is not a bound), margin, margin_true, train_error_noisy,
// train_error_true, test_error, w_dot_v, w_norm2, train, test, achieved_noise, counters {name: value}, trace_rows,
// trace_sha256. NaN is written as null. `metrics`: session.metrics(), which a caller that also needs them computes
// once.
std::string run_report_json(const Session& session, const SessionMetrics& metrics, const std::string& canonical_url);

// The keys of run_report_json from config to bound_label (or order_rate_constant), the same values: those that
// need no pass over the data, for a caller that reads the rest only when asked (the Python estimators).
std::string run_report_head_json(const Session& session, const std::string& canonical_url);

}  // namespace ml
