// marginlab — the averaging algorithm (see averaging.h).
#include "core/learners/averaging.h"

#include <cassert>
#include <cmath>

#include "core/metrics/metrics.h"

namespace ml {

const ParamTable<AveragingParams>& AveragingParams::table() {
  static const ParamTable<AveragingParams> t = ParamTable<AveragingParams>().add(
      &AveragingParams::normalize, {.key = "normalize", .label = "normalize x"}, "average y x/||x|| instead of y x");
  return t;
}

Status Averaging::start(const Problem& /*problem*/, const AveragingParams& params) {
  normalize_ = params.normalize;
  sum_ = Eigen::VectorXd::Zero(data_->cols());
  w_float_ = Vector::Zero(data_->cols());
  next_ = 0;
  return Status::Ok();
}

inline bool Averaging::fold() {
  const int i = next_++;
  const int d = data_->cols();
  const float* x = data_->X.row(i).data();
  const int y = data_->sign(i);
  const bool mistake = !(y * dot_double(w_float_.data(), x, d) > 0.0);  // NaN counts as a mistake
  double scale = y;
  if (normalize_) {
    const double norm = std::sqrt(dot_double(x, x, d));
    if (norm > 0) scale = y / norm;
  }
  for (int j = 0; j < d; ++j) sum_[j] += scale * static_cast<double>(x[j]);
  const double t = next_;
  for (int j = 0; j < d; ++j) w_float_[j] = static_cast<float>(sum_[j] / t);
  return mistake;
}

StepResult Averaging::step() {
  assert(!done());
  StepResult r;
  r.example = next_;
  r.mistake = fold();
  r.updated = true;
  return r;
}

ML_STEP_LOOP StepCounts Averaging::step_many(int64_t max_steps) {
  assert(!done() && max_steps >= 1);
  StepCounts c;
  const int n = data_->rows();
  while (c.steps < max_steps && next_ < n) {
    c.mistakes += fold() ? 1 : 0;
    ++c.steps;
  }
  c.updates = c.steps;  // every step moves the mean
  return c;
}

std::vector<Counter> Averaging::counters() const { return {{"averaged", static_cast<double>(next_)}}; }

}  // namespace ml
