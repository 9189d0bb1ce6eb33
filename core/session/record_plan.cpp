// marginlab — the trace's recording plan (record_plan.h).
#include "core/session/record_plan.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ml {

namespace {

constexpr int64_t kGapLimit = int64_t{1} << 40;  // the cap stops doubling here (no overflow on endless runs)
constexpr int64_t kNeverDue = std::numeric_limits<int64_t>::max() / 4;

// Exact plan: the schedule of every earlier version at the default resolution, scaled by P/256.
RecordPlan exact_plan(const RecordInputs& in) {
  RecordPlan p;
  p.points = in.points;
  const double scale = in.points / 256.0;
  p.dense_until = static_cast<double>(kRecordEveryStepUntil) * scale;
  p.divisor = static_cast<double>(kRecordGeometricDivisor) * scale;
  const int64_t n = in.train_rows + in.test_rows;
  p.cap = in.points > 0 ? std::max<int64_t>(1, std::max(kRecordMaxGap, n) * 256 / in.points) : kGapLimit;
  p.train_sample = in.train_rows;
  p.test_sample = in.test_rows;
  return p;
}

// Splits `examples` between the parts in proportion to their sizes, each part keeping at least one.
void split_sample(const RecordInputs& in, int64_t examples, RecordPlan* p) {
  const int64_t n = in.train_rows + in.test_rows;
  int64_t train = (examples * in.train_rows + n / 2) / n;
  train = std::clamp<int64_t>(train, std::min<int64_t>(1, in.train_rows), in.train_rows);
  int64_t test = std::clamp<int64_t>(examples - train, std::min<int64_t>(1, in.test_rows), in.test_rows);
  p->train_sample = train;
  p->test_sample = test;
  p->sampled = train < in.train_rows || test < in.test_rows;
}

// Sampled plan: rows spread over the horizon, on as many examples as a quarter of the run pays for.
RecordPlan sampled_plan(const RecordInputs& in) {
  RecordPlan p;
  p.points = in.points;
  const int64_t horizon = std::max<int64_t>(1, kRecordHorizonEpochs * in.train_rows);
  p.dense_until = in.points / 4.0;
  p.divisor = in.points / 16.0;
  p.cap = std::max<int64_t>(1, 2 * horizon / in.points);
  const int64_t n = in.train_rows + in.test_rows;
  const double step = std::max(in.example_cost, std::isfinite(in.step_cost) ? in.step_cost : 0.0);
  const double rows = static_cast<double>(std::max<int64_t>(1, planned_rows(p, horizon)));
  const double affordable = kRecordWorkRatio * static_cast<double>(horizon) * step / (in.example_cost * rows);
  const double examples =
      std::clamp(std::floor(affordable), static_cast<double>(std::min(kRecordMinSample, n)), static_cast<double>(n));
  if (examples >= static_cast<double>(n)) return exact_plan(in);
  split_sample(in, static_cast<int64_t>(examples), &p);
  return p;
}

}  // namespace

int64_t RecordPlan::gap(int64_t step, double k, int decimations) const {
  int64_t widest = cap;
  for (int i = 0; i < decimations && widest < kGapLimit; ++i) widest *= 2;
  const double geometric = std::floor(static_cast<double>(step) * k / divisor);
  return geometric >= static_cast<double>(widest) ? widest : std::max<int64_t>(1, static_cast<int64_t>(geometric));
}

bool RecordPlan::due(int64_t step, int64_t last, double k, int decimations) const {
  if (points == 0) return false;
  if (static_cast<double>(step) * k <= dense_until) return true;
  return step - last >= gap(step, k, decimations);
}

int64_t RecordPlan::steps_to_due(int64_t step, int64_t last, double k, int decimations) const {
  if (points == 0) return kNeverDue;
  // Every step from `next` on is past the dense start (step * k only grows) and its gap is at least gap(next)
  // (the gap grows with the step and with k): none is due before last + gap(next).
  const int64_t next = step + 1;
  if (static_cast<double>(next) * k <= dense_until) return 1;
  return std::max<int64_t>(1, last + gap(next, k, decimations) - step);
}

RecordPlan make_record_plan(const RecordInputs& in) {
  const int64_t n = in.train_rows + in.test_rows;
  const bool large = static_cast<double>(n) * in.example_cost > kRecordRowBudget;
  if (in.whole_sample || !large) return exact_plan(in);
  if (in.points > 0) return sampled_plan(in);
  RecordPlan p = exact_plan(in);  // off: the first and the last rows, on a small subsample
  split_sample(in, std::min(kRecordMinSample, n), &p);
  return p;
}

int64_t planned_rows(const RecordPlan& plan, int64_t steps) {
  int64_t rows = 0;
  int64_t last = 0;
  for (int64_t s = 0; s < steps;) {
    s += plan.steps_to_due(s, last, 1.0, 0);
    if (s > steps) break;
    if (plan.due(s, last, 1.0, 0)) {
      ++rows;
      last = s;
    }
  }
  return rows;
}

std::vector<int> stride_rows(int64_t n, int64_t m) {
  const int64_t count = std::min(n, m);
  std::vector<int> rows(static_cast<size_t>(std::max<int64_t>(0, count)));
  for (int64_t j = 0; j < count; ++j) rows[static_cast<size_t>(j)] = static_cast<int>(count == n ? j : j * n / m);
  return rows;
}

}  // namespace ml
