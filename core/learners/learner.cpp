// marginlab — default implementations of the Learner contract.
#include "core/learners/learner.h"

#include <cassert>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "core/metrics/metrics.h"

namespace ml {

double Learner::hypothesis_norm() const {
  const Vector* w = weights();
  return w != nullptr ? std::sqrt(norm2_double(*w)) : std::numeric_limits<double>::quiet_NaN();
}

bool Learner::hypothesis_finite() const {
  const Vector* w = weights();
  return w == nullptr || w->allFinite();
}

Status Learner::warm_start(const Learner& previous) {
  (void)previous;
  return no_warm_start("this learner");
}

Status no_warm_start(std::string_view learner) {
  return make_error("learner.no_warm_start", std::string(learner) +
                                                 " cannot continue from a fitted model (it has no warm start; "
                                                 "partial_fit): fit it from scratch");
}

Status warm_start_kind_error(std::string_view learner) {
  return make_error("learner.warm_start_kind",
                    std::string(learner) + " can continue only from a fitted model of the same learner");
}

Status warm_start_dimension_error(std::string_view learner, int64_t previous, int64_t now) {
  return make_error("learner.warm_start_dimension", std::string(learner) + " cannot continue from a model of " +
                                                        std::to_string(previous) + " features on data of " +
                                                        std::to_string(now) + " features");
}

int Learner::predict(const float* x) const {
  const int q_count = num_classes();
  assert(q_count >= 1 && q_count <= kMaxClasses);
  float s[kMaxClasses];
  scores(x, s);
  int best = 0;
  for (int q = 1; q < q_count; ++q) {
    if (s[q] > s[best]) best = q;
  }
  return best;
}

void Learner::predict_batch(const FeatureRef& X, std::vector<int>* out) const {
  out->resize(static_cast<size_t>(X.rows()));
  for (Eigen::Index i = 0; i < X.rows(); ++i) (*out)[static_cast<size_t>(i)] = predict(X.row(i).data());
}

void Learner::scores_batch(const FeatureRef& X, Eigen::MatrixXf* out) const {
  const int q_count = num_classes();
  assert(q_count >= 1 && q_count <= kMaxClasses);
  out->resize(X.rows(), q_count);
  float s[kMaxClasses];
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    scores(X.row(i).data(), s);
    for (int q = 0; q < q_count; ++q) (*out)(i, q) = s[q];
  }
}

Status require_binary(const Dataset& data, std::string_view learner) {
  if (data.num_classes() <= 2) return Status::Ok();
  return make_error("learner.needs_binary", std::string(learner) + " is a binary learner; the data have " +
                                                std::to_string(data.num_classes()) + " classes");
}

std::string note_number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", x);
  return buf;
}

double online_perceptron_bound(const Problem& problem, bool normalize) {
  return normalize ? perceptron_bound(1.0, problem.unit_target_margin)
                   : perceptron_bound(problem.radius, problem.target_margin);
}

std::vector<float> update_scales(const FeatureRef& X, bool normalize) {
  const int n = static_cast<int>(X.rows());
  const int d = static_cast<int>(X.cols());
  std::vector<float> scale(static_cast<size_t>(n), 1.0f);
  if (normalize) {
    for (int i = 0; i < n; ++i) {
      const float* x = X.row(i).data();
      const double norm = std::sqrt(dot_double(x, x, d));
      if (norm > 0) scale[static_cast<size_t>(i)] = static_cast<float>(1.0 / norm);
    }
  }
  return scale;
}

void linear_scores_batch(const FeatureRef& X, const Vector& w, Eigen::MatrixXf* out) {
  assert(X.cols() == w.size());
  out->resize(X.rows(), 2);
  out->col(0).setZero();
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    const Eigen::Map<const Eigen::RowVectorXf> row(X.row(i).data(), w.size());
    (*out)(i, 1) = row.dot(w);
  }
}

void linear_scores_batch(const FeatureRef& X, const FeatureMatrix& W, Eigen::MatrixXf* out) {
  assert(X.cols() == W.cols());
  out->resize(X.rows(), W.rows());
  Eigen::VectorXf s(W.rows());
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    const Eigen::Map<const Eigen::VectorXf> v(X.row(i).data(), W.cols());
    s.noalias() = W * v;
    out->row(i) = s.transpose();
  }
}

}  // namespace ml
