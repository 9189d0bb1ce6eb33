// marginlab app — the margin plot's curves (see margin_series.h).
#include "app/models/margin_series.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/learners/ultraconservative.h"
#include "core/learners/uma.h"
#include "core/metrics/margins.h"
#include "core/metrics/metrics.h"
#include "core/session/session.h"

namespace ml::app {

namespace {
// The margin plot scores at most this many training points per state (every stride-th beyond it).
constexpr int kMaxScoredRows = 20000;
}  // namespace

bool is_linear_classifier(const Learner& learner) {
  return learner.weights() != nullptr || dynamic_cast<const Uma*>(&learner) != nullptr ||
         dynamic_cast<const Ultraconservative*>(&learner) != nullptr;
}

double linear_weight_norm(const Learner& learner) {
  if (const Vector* w = learner.weights()) return std::sqrt(norm2_double(*w));
  if (const auto* uma = dynamic_cast<const Uma*>(&learner)) return uma->built() ? frobenius_norm_double(uma->weight_rows()) : 0.0;
  if (const auto* ultra = dynamic_cast<const Ultraconservative*>(&learner)) return frobenius_norm_double(ultra->weight_rows());
  return 0.0;
}

MarginSummary margin_summary(const Eigen::MatrixXf& scores, const std::vector<int>& rows, const Dataset& train, double norm) {
  MarginSummary out;
  if (!(norm > 0) || rows.empty()) return out;
  std::vector<double> all;
  all.reserve(rows.size());
  double all_min = INFINITY, clean_min = INFINITY;
  for (size_t r = 0; r < rows.size(); ++r) {
    const size_t i = static_cast<size_t>(rows[r]);
    const double m = multiclass_margin(scores, static_cast<Eigen::Index>(r), train.label[i], norm);
    if (!std::isfinite(m)) continue;
    all.push_back(m);
    all_min = std::min(all_min, m);
    const bool clean = train.corruption.size() != train.label.size() || train.corruption[i] == Corruption::none;
    if (clean) clean_min = std::min(clean_min, m);
  }
  if (all.empty()) return out;
  out.all_min = all_min;
  out.clean_min = std::isfinite(clean_min) ? clean_min : NAN;
  out.quantile = lower_quantile(std::move(all), kMarginQuantile);
  return out;
}

MarginSummary margin_summary(const Learner& learner, const Dataset& train) {
  const double norm = linear_weight_norm(learner);
  if (!(norm > 0) || train.rows() == 0) return {};
  const int n = static_cast<int>(train.rows());
  const int stride = n > kMaxScoredRows ? (n + kMaxScoredRows - 1) / kMaxScoredRows : 1;
  std::vector<int> rows;
  for (int i = 0; i < n; i += stride) rows.push_back(i);
  Eigen::MatrixXf scores;
  if (stride == 1) {
    learner.scores_batch(train.X, &scores);
  } else {
    FeatureMatrix X(static_cast<Eigen::Index>(rows.size()), train.X.cols());
    for (size_t r = 0; r < rows.size(); ++r) X.row(static_cast<Eigen::Index>(r)) = train.X.row(rows[r]);
    learner.scores_batch(X, &scores);
  }
  return margin_summary(scores, rows, train, norm);
}

void MarginSeries::add(double step, const MarginSummary& m) {
  steps_.push_back(step);
  all_min_.push_back(m.all_min);
  clean_min_.push_back(m.clean_min);
  quantile_.push_back(m.quantile);
  if (steps_.size() > kMaxPoints) thin();
}

MarginSummary MarginSeries::last() const {
  if (steps_.empty()) return {};
  return {all_min_.back(), clean_min_.back(), quantile_.back()};
}

void MarginSeries::thin() {
  // Keep every second point and the last one: the curve keeps its ends and half its density.
  size_t k = 0;
  const size_t n = steps_.size();
  for (size_t i = 0; i < n; ++i) {
    if (i % 2 != 0 && i != n - 1) continue;
    steps_[k] = steps_[i];
    all_min_[k] = all_min_[i];
    clean_min_[k] = clean_min_[i];
    quantile_[k] = quantile_[i];
    ++k;
  }
  steps_.resize(k);
  all_min_.resize(k);
  clean_min_.resize(k);
  quantile_.resize(k);
}

void MarginSeries::refresh(const Session* session, uint64_t session_version, double now_seconds, double min_interval) {
  if (!session) {
    *this = MarginSeries();
    return;
  }
  if (!started_ || session_version != version_) {
    *this = MarginSeries();
    started_ = true;
    version_ = session_version;
    linear_ = is_linear_classifier(session->learner());
  }
  if (!linear_) return;
  const int64_t step = session->steps();
  if (step == last_step_) return;
  const bool due = steps_.empty() || session->done() || now_seconds - last_time_ >= min_interval;
  if (!due) return;
  last_step_ = step;
  last_time_ = now_seconds;
  add(static_cast<double>(step), margin_summary(session->learner(), session->data().train));
}

}  // namespace ml::app
