// marginlab — a headless run and its report (see run_report.h).
#include "core/session/run_report.h"

#include <cmath>
#include <cstdio>

#include "core/session/bound_relation.h"

#include "nlohmann/json.hpp"

namespace ml {

namespace {
// JSON number, or null for NaN/inf (JSON has neither).
nlohmann::ordered_json number(double x) {
  if (!std::isfinite(x)) return nullptr;
  return x;
}
}  // namespace

std::string_view run_stop_reason(const Session& session) {
  return session.done() ? stop_reason_name(session.stop_reason()) : std::string_view("step_budget");
}

std::string stop_reason_text(const Session& session) {
  std::string out;
  if (!session.done()) {
    out = "Running (stops at the step budget unless the learner's own rule ends it first)";
  } else {
    const StopReason r = session.stop_reason();
    out = "Stopped: " + std::string(stop_reason_name(r)) + " \xE2\x80\x94 " +
          std::string(kStopReasons[static_cast<int>(r)].meaning);
    if (!session.stop_note().empty()) out += "\n" + session.stop_note();
  }
  const std::string note = session.learner().rule_note();
  if (!note.empty()) out += "\nPaper rule: " + note;
  return out;
}

namespace {
// The report's opening keys, which need no pass over the data (run_report_json's order).
nlohmann::ordered_json report_head(const Session& session, const std::string& canonical_url) {
  nlohmann::ordered_json j;
  j["config"] = canonical_url;
  j["learner"] = session.config().learner;
  j["steps"] = session.steps();
  j["done"] = session.done();
  j["stop_reason"] = run_stop_reason(session);
  j["rule_note"] = session.learner().rule_note();
  if (!session.stop_note().empty()) j["stop_note"] = session.stop_note();  // only numeric_overflow has one
  j["mistakes"] = session.mistakes();
  j["updates"] = session.updates();
  const double bound = session.learner().bound();
  if (session.learner().bound_kind() == BoundKind::order_rate) {
    j["order_rate"] = number(bound);
    j["order_rate_label"] = session.learner().bound_label();
    j["order_rate_constant"] = number(session.learner().bound_constant());
  } else {
    j["bound"] = number(bound);
    j["bound_label"] = session.learner().bound_label();
  }
  return j;
}

std::string dumped(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}
}  // namespace

std::string run_report_head_json(const Session& session, const std::string& canonical_url) {
  return dumped(report_head(session, canonical_url));
}

std::string run_report_json(const Session& session, const SessionMetrics& m, const std::string& canonical_url) {
  nlohmann::ordered_json j = report_head(session, canonical_url);
  j["margin"] = number(m.margin);
  j["margin_true"] = number(m.margin_true);
  j["margin_clean"] = number(m.margin_clean);
  j["margin_q10"] = number(m.margin_quantile);
  j["train_error_noisy"] = number(m.train_error_noisy);
  j["train_error_true"] = number(m.train_error_true);
  j["test_error"] = number(m.test_error);
  j["w_dot_v"] = number(m.w_dot_v);
  j["w_norm2"] = number(m.w_norm2);
  j["train"] = session.data().train.rows();
  j["test"] = session.data().test.rows();
  j["achieved_noise"] = number(session.data().noise.achieved_rate);
  nlohmann::ordered_json counters = nlohmann::ordered_json::object();
  for (const Counter& c : m.counters) counters[c.name] = number(c.value);
  j["counters"] = counters;
  j["trace_rows"] = session.trace().size();
  j["trace_sha256"] = session.trace().sha256();
  return dumped(j);
}

Result<RunReport> run_headless(const Config& config, const std::string& canonical_url, const Dataset* csv,
                               const RunOptions& options) {
  const auto clock = [&options] { return options.now ? options.now() : NAN; };
  const double started = clock();
  Result<std::unique_ptr<Session>> created = Session::create(config, csv, BudgetProfile::batch);
  if (!created.ok()) return created.error();
  const double prepared = clock();
  Session& session = *created.value();
  const int64_t budget = options.steps >= 0 ? options.steps : config.steps;
  const bool chunked = options.now != nullptr && options.progress != nullptr;
  while (session.steps() < budget && !session.done()) {
    const int64_t left = budget - session.steps();
    if (chunked) {
      session.advance(left, options.progress_seconds, options.now);
      if (session.steps() < budget && !session.done()) options.progress(session);
    } else {
      session.advance(left);
    }
  }
  if (session.steps() == 0) session.advance(0);                 // nothing to do: the trace is the step-0 row
  if (const Error* failed = session.failure()) return *failed;  // an exception inside a step (Session::advance)
  const double learned = clock();
  RunReport report;
  report.trace_csv = session.trace().to_csv();
  report.trace_sha256 = session.trace().sha256();
  const SessionMetrics metrics = session.metrics();  // a pass over the whole sample: once for the report and summary
  report.json = run_report_json(session, metrics, canonical_url);
  report.warnings = session.warnings();
  char test_error[48] = "\xE2\x80\x94";
  if (std::isfinite(metrics.test_error)) std::snprintf(test_error, sizeof test_error, "%.3f", metrics.test_error);
  report.summary = bound_summary(session, metrics) + "  \xC2\xB7  test err " + test_error;
  report.stop_reason = session.done() ? session.stop_reason() : StopReason::none;
  report.stop_note = session.stop_note();
  report.phases = {prepared - started, learned - prepared, clock() - learned};
  return report;
}

}  // namespace ml
