// marginlab app — the results line (see results_line.h).
#include "app/models/results_line.h"

#include <cmath>
#include <cstdio>

#include "app/models/compare_model.h"
#include "core/session/session.h"
#include "core/session/trace.h"

namespace ml::app {

ResultsInput results_input(const Session& session, int64_t step_budget) {
  ResultsInput in;
  in.step_budget = step_budget;
  in.bound_label = session.learner().bound_label();
  in.bound_kind = session.learner().bound_kind();
  in.bound_constant = session.learner().bound_constant();
  in.linear = !std::isnan(session.learner().hypothesis_norm());
  in.noisy = session.data().train.corrupted_count() > 0;
  const RecordPlan& plan = session.record_plan();
  in.sample_size = session.data().train.rows() + session.data().test.rows();
  if (plan.sampled) in.evaluated = plan.train_sample + plan.test_sample;
  const Trace& trace = session.trace();
  if (trace.size() == 0) {
    in.steps = session.steps();
    in.mistakes = session.mistakes();
    return in;
  }
  const double* row = trace.row(trace.size() - 1);
  in.steps = static_cast<int64_t>(row[kTraceStep]);
  in.mistakes = static_cast<int64_t>(row[kTraceMistakes]);
  in.updates = static_cast<int64_t>(row[kTraceUpdates]);
  in.bound = row[kTraceBound];
  in.train_error_noisy = row[kTraceTrainErrorNoisy];
  in.train_error_true = row[kTraceTrainErrorTrue];
  in.test_error = row[kTraceTestError];
  in.margin = row[kTraceMargin];
  in.margin_clean = row[kTraceMarginClean];
  const std::vector<std::string>& names = trace.columns();
  for (size_t c = kTraceStandardColumns; c < names.size(); ++c) in.counters.push_back({names[c], row[c]});
  return in;
}

std::string subsample_title(const Session& session) {
  const RecordPlan& plan = session.record_plan();
  if (!plan.sampled) return "";
  const int64_t n = session.data().train.rows() + session.data().test.rows();
  return " (on " + std::to_string(plan.train_sample + plan.test_sample) + " of the " + std::to_string(n) + " examples)";
}

namespace {
std::string count_text(double v) {
  if (!std::isfinite(v)) return "—";
  char b[32];
  std::snprintf(b, sizeof b, "%lld", static_cast<long long>(std::llround(v)));
  return b;
}
std::string error_text(double v) {
  if (!std::isfinite(v)) return "—";
  char b[32];
  std::snprintf(b, sizeof b, "%.3f", v);
  return b;
}
std::string margin_text(double v) {
  if (!std::isfinite(v)) return "—";
  char b[32];
  std::snprintf(b, sizeof b, "%+.3f", v);
  return b;
}
// A sample number as shown: "≈" before an estimate over the trace's subsample.
std::string sample_value(const ResultsInput& in, const std::string& text) {
  return in.evaluated > 0 && text != "—" ? "\xE2\x89\x88" + text : text;
}
// The help sentence of a sample number, saying which examples it is over when a subsample.
std::string sample_help(const ResultsInput& in, const std::string& help) {
  if (in.evaluated == 0) return help;
  return help + " Estimated on a fixed subsample of " + std::to_string(in.evaluated) + " of the " +
         std::to_string(in.sample_size) + " examples (the trace's rows on a large sample; the command line's " +
         "summary and Python's score are over all of them).";
}
}  // namespace

ResultField counted_field(const ResultsInput& in) {
  const CountedQuantity q = counted_quantity(in.bound_label);
  const double count = counted_value(q, static_cast<double>(in.mistakes), static_cast<double>(in.updates), in.counters);
  BoundRelation r;
  r.kind = in.bound_kind;
  r.count = count;
  r.bound = in.bound;
  r.constant = in.bound_constant;
  return {q.word, bound_relation_text(r), bound_relation_help(r, q.word)};
}

std::vector<ResultField> results_line(const ResultsInput& in) {
  std::vector<ResultField> out;
  out.push_back({"step",
                 count_text(static_cast<double>(in.steps)) + " / " + count_text(static_cast<double>(in.step_budget)),
                 "Steps taken of the run's step budget"});
  out.push_back(counted_field(in));
  out.push_back({"train err (noisy)", sample_value(in, error_text(in.train_error_noisy)),
                 sample_help(in, "Training error against the labels the learner saw (after noise).")});
  out.push_back(
      {"train err (true)", sample_value(in, error_text(in.train_error_true)),
       sample_help(in, "Training error against the true labels (before noise): what the learner should get right.")});
  out.push_back({"test err", sample_value(in, error_text(in.test_error)),
                 sample_help(in, "Error on the held-out test part (its labels are always true).")});
  if (!in.linear) {
    out.push_back({"margin", "—", "No margin: this learner's hypothesis is not a linear classifier."});
  } else if (in.noisy) {
    out.push_back(
        {"margin (clean)", sample_value(in, margin_text(in.margin_clean)),
         sample_help(in, "Smallest margin over the training points noise left alone (a corrupted point would set the "
                         "plain minimum).")});
  } else {
    out.push_back({"margin", sample_value(in, margin_text(in.margin)),
                   sample_help(in, "Smallest margin over the training points, normalized by the weights' norm.")});
  }
  return out;
}

std::vector<std::string> compact_results_parts(const std::string& name, const ResultsInput& in) {
  const ResultField count = counted_field(in);
  return {name, count.label + " " + count.value, "test err " + sample_value(in, error_text(in.test_error))};
}

std::string compact_results_text(const std::string& name, const ResultsInput& in) {
  const std::vector<std::string> parts = compact_results_parts(name, in);
  return parts[0] + "  " + parts[1] + "  \xC2\xB7  " + parts[2];
}

std::vector<CompareResult> compare_results(const CompareModel& compare, int64_t step_budget) {
  std::vector<CompareResult> out;
  for (size_t i = 0; i < compare.size(); ++i) {
    const ComparedRun& r = compare.run(i);
    if (!r.session) continue;
    const ResultsInput in = results_input(*r.session, step_budget);
    out.push_back({static_cast<int>(i), compact_results_text(r.name, in), compact_results_parts(r.name, in)});
  }
  return out;
}

std::string results_text(const std::vector<ResultField>& fields) {
  std::string out;
  for (const ResultField& f : fields) {
    if (!out.empty()) out += "  \xC2\xB7  ";
    out += f.label + " " + f.value;
  }
  return out;
}

}  // namespace ml::app
