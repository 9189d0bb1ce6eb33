// marginlab — the averaging algorithm (see averaging.h).
#include "core/learners/averaging.h"

#include <cassert>
#include <cmath>

#include "core/metrics/metrics.h"

namespace ml {

const ParamTable<AveragingParams>& AveragingParams::table() {
  static const ParamTable<AveragingParams> t = ParamTable<AveragingParams>().add(
      &AveragingParams::normalize, {.key = "normalize", .label = "normalize x", .help = "average y x/||x|| instead of y x"});
  return t;
}

LearnerSchema Averaging::schema() {
  LearnerSchema s;
  s.id = "averaging";
  s.name = "Averaging";
  s.multiclass = false;
  s.params = AveragingParams::table().settings();
  return s;
}

Status Averaging::reset(const Problem& problem, const AveragingParams& params) {
  assert(problem.train != nullptr);
  data_ = problem.train;
  if (data_->num_classes() > 2) {
    return make_error("learner.needs_binary", "the averaging algorithm is a binary learner; the data have " +
                                                  std::to_string(data_->num_classes()) + " classes");
  }
  normalize_ = params.normalize;
  sum_ = Eigen::VectorXd::Zero(data_->cols());
  v_ = Vector::Zero(data_->cols());
  next_ = 0;
  return Status::Ok();
}

StepResult Averaging::step() {
  assert(!done());
  StepResult r;
  const int i = next_++;
  r.example = i;
  const int d = data_->cols();
  const float* x = data_->X.row(i).data();
  const int y = data_->sign(i);
  r.mistake = y * dot_double(v_.data(), x, d) <= 0.0;
  double scale = y;
  if (normalize_) {
    const double norm = std::sqrt(dot_double(x, x, d));
    if (norm > 0) scale = y / norm;
  }
  for (int j = 0; j < d; ++j) sum_[j] += scale * static_cast<double>(x[j]);
  const double t = next_;
  for (int j = 0; j < d; ++j) v_[j] = static_cast<float>(sum_[j] / t);
  r.updated = true;
  return r;
}

void Averaging::scores(const float* x, float* out) const {
  const Eigen::Map<const Eigen::RowVectorXf> row(x, v_.size());
  out[0] = 0.0f;
  out[1] = row.dot(v_);
}

void Averaging::predict_batch(const FeatureMatrix& X, std::vector<int>* out) const {
  out->resize(static_cast<size_t>(X.rows()));
  for (Eigen::Index i = 0; i < X.rows(); ++i) (*out)[static_cast<size_t>(i)] = X.row(i).dot(v_) > 0.0f ? 1 : 0;
}

std::vector<Counter> Averaging::counters() const { return {{"averaged", static_cast<double>(next_)}}; }

}  // namespace ml
