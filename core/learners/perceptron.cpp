// marginlab — the Perceptron (see perceptron.h).
#include "core/learners/perceptron.h"

#include <cassert>
#include <cmath>

#include "core/metrics/metrics.h"

namespace ml {

const ParamTable<PerceptronParams>& PerceptronParams::table() {
  static const ParamTable<PerceptronParams> t =
      ParamTable<PerceptronParams>()
          .add(&PerceptronParams::normalize,
               {.key = "normalize", .label = "normalize x", .help = "update with y x/||x|| (000 Fig. 1) instead of y x"})
          .add(&PerceptronParams::order, ExampleOrder::setting());
  return t;
}

LearnerSchema Perceptron::schema() {
  LearnerSchema s;
  s.id = "perceptron";
  s.name = "Perceptron";
  s.multiclass = false;
  s.params = PerceptronParams::table().settings();
  return s;
}

Status Perceptron::reset(const Problem& problem, const PerceptronParams& params) {
  assert(problem.train != nullptr);
  data_ = problem.train;
  if (data_->num_classes() > 2) {
    return make_error("learner.needs_binary", "the Perceptron is a binary learner; the data have " +
                                                  std::to_string(data_->num_classes()) + " classes");
  }
  const bool normalize = params.normalize;
  const int n = data_->rows();
  const int d = data_->cols();
  w_ = Vector::Zero(d);
  scale_.assign(static_cast<size_t>(n), 1.0f);
  if (normalize) {
    for (int i = 0; i < n; ++i) {
      const float* x = data_->X.row(i).data();
      const double norm = std::sqrt(dot_double(x, x, d));
      if (norm > 0) scale_[static_cast<size_t>(i)] = static_cast<float>(1.0 / norm);
    }
  }
  order_.reset(n, params.order == VisitOrder::shuffled, problem.seed);
  epoch_mistakes_ = 0;
  done_ = n == 0;
  bound_ = perceptron_bound(problem.radius, problem.target_margin);
  return Status::Ok();
}

StepResult Perceptron::step() {
  assert(!done_);
  StepResult r;
  const int i = order_.advance();
  r.example = i;
  const auto x = data_->X.row(i);
  const int y = data_->sign(i);  // read now: an adaptive stream may have just set it
  const float s = x.dot(w_);
  if (static_cast<float>(y) * s <= 0.0f) {
    r.mistake = true;
    const float coef = static_cast<float>(y) * scale_[static_cast<size_t>(i)];
    w_.noalias() += coef * x.transpose();
    r.updated = true;
    ++epoch_mistakes_;
  }
  if (order_.epoch_ended()) {
    if (epoch_mistakes_ == 0) done_ = true;
    epoch_mistakes_ = 0;
  }
  return r;
}

void Perceptron::scores(const float* x, float* out) const {
  const Eigen::Map<const Eigen::RowVectorXf> row(x, w_.size());
  out[0] = 0.0f;
  out[1] = row.dot(w_);
}

void Perceptron::predict_batch(const FeatureMatrix& X, std::vector<int>* out) const {
  out->resize(static_cast<size_t>(X.rows()));
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    (*out)[static_cast<size_t>(i)] = X.row(i).dot(w_) > 0.0f ? 1 : 0;
  }
}

std::vector<Counter> Perceptron::counters() const {
  return {{"epoch", static_cast<double>(order_.epoch())}};
}

}  // namespace ml
