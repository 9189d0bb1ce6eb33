// marginlab — A_mu: PCA outlier removal + averaging (see pca_outlier_removal.h).
#include "core/learners/pca_outlier_removal.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cassert>
#include <cmath>
#include <string>

#include "core/learners/averaging.h"
#include "core/util/detmath.h"

namespace ml {

namespace {

// <w, row i of X> in double, coordinate order.
double row_dot(const FeatureRef& X, int i, const Eigen::VectorXd& w) {
  const float* x = X.row(i).data();
  double s = 0.0;
  for (Eigen::Index j = 0; j < w.size(); ++j) s += static_cast<double>(x[j]) * w[j];
  return s;
}

}  // namespace

TopDirection top_direction(const FeatureRef& X, const std::vector<int>& rows) {
  const int d = static_cast<int>(X.cols());
  TopDirection out;
  out.direction = Eigen::VectorXd::Zero(d);
  if (d == 0) return out;
  out.direction[0] = 1.0;
  if (rows.empty()) return out;
  // Lower triangle of A = sum x x^T, in double, rows in the given order.
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(d, d);
  for (int i : rows) {
    const float* x = X.row(i).data();
    for (int p = 0; p < d; ++p) {
      const double xp = x[p];
      for (int q = 0; q <= p; ++q) a(p, q) += xp * static_cast<double>(x[q]);
    }
  }
  for (int p = 0; p < d; ++p)
    for (int q = 0; q < p; ++q) a(q, p) = a(p, q);
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(a, Eigen::ComputeEigenvectors);
  if (solver.info() != Eigen::Success) return out;  // cannot happen for a finite symmetric matrix
  // Eigenvalues come in increasing order: the last pair is the top one.
  out.sigma2 = std::max(0.0, solver.eigenvalues()[d - 1]);
  out.direction = solver.eigenvectors().col(d - 1);
  return out;
}

RemovalRound pca_removal_round(const FeatureRef& X, double variance_threshold, double point_threshold, RemovalRule rule,
                               std::vector<int>* rows, std::vector<int>* removed) {
  assert(rows != nullptr);
  RemovalRound round;
  if (rows->empty()) {
    round.stopped = true;
    return round;
  }
  const TopDirection top = top_direction(X, *rows);
  round.sigma2 = top.sigma2;
  const bool below = rule == RemovalRule::mu ? top.sigma2 < variance_threshold : top.sigma2 <= variance_threshold;
  if (below) {
    round.stopped = true;
    return round;
  }
  std::vector<int> kept;
  kept.reserve(rows->size());
  for (int i : *rows) {
    const double p = row_dot(X, i, top.direction);
    const double p2 = p * p;
    const bool far = rule == RemovalRule::mu ? p2 >= point_threshold : p2 > point_threshold;
    if (far) {
      ++round.removed;
      if (removed != nullptr) removed->push_back(i);
    } else {
      kept.push_back(i);
    }
  }
  if (round.removed == 0) round.stopped = true;  // only through rounding; see the header
  rows->swap(kept);
  return round;
}

Vector averaging_vector(const Dataset& data, const std::vector<int>& rows) {
  const int d = data.cols();
  if (rows.empty()) return Vector::Zero(d);
  Dataset subset;
  FeatureMatrix X(static_cast<Eigen::Index>(rows.size()), d);
  subset.label.reserve(rows.size());
  for (size_t k = 0; k < rows.size(); ++k) {
    X.row(static_cast<Eigen::Index>(k)) = data.X.row(rows[k]);
    subset.label.push_back(data.label[static_cast<size_t>(rows[k])]);
  }
  subset.set_features(std::move(X));
  subset.true_label = subset.label;  // the averaging learner reads observed labels only
  subset.corruption.assign(rows.size(), Corruption::none);
  subset.class_names = default_class_names(2);
  Problem problem;
  problem.train = &subset;
  Averaging averaging;
  const Status status = averaging.reset(problem, AveragingParams{.normalize = false});  // 003 averages the raw points
  assert(status.ok());
  (void)status;
  while (!averaging.done()) averaging.step();
  return *averaging.weights();
}

const ParamTable<PcaOutlierRemovalParams>& PcaOutlierRemovalParams::table() {
  static const ParamTable<PcaOutlierRemovalParams> t = ParamTable<PcaOutlierRemovalParams>().add(
      &PcaOutlierRemovalParams::c,
      {.key = "c", .label = "threshold constant c", .min = 0.001, .max = 1000, .log_scale = true},
      "stop when sigma^2 < c m log m / n, else remove <w,x>^2 >= c log m / n; 003 uses 10, which "
      "needs n > c log m / eta on unit-ball data (docs/malicious.md uses c = 1 at n = 100)");
  return t;
}

Status PcaOutlierRemoval::start(const Problem& problem, const PcaOutlierRemovalParams& params) {
  const int m = data_->rows();
  const int n = std::max(1, data_->cols());
  const double c = params.c;
  const double log_m = det::log(static_cast<double>(std::max(m, 2)));
  variance_threshold_ = c * static_cast<double>(m) * log_m / n;
  radius2_ = problem.radius * problem.radius;
  c_ = c;
  log_m_ = log_m;
  point_threshold_ = c * log_m / n;
  rows_.resize(static_cast<size_t>(m));
  for (int i = 0; i < m; ++i) rows_[static_cast<size_t>(i)] = i;
  removed_.clear();
  w_float_ = Vector::Zero(data_->cols());
  round_ = 0;
  last_sigma2_ = 0;
  last_removed_ = 0;
  set_stop(m == 0 ? StopReason::empty_sample : StopReason::none);
  return Status::Ok();
}

StepResult PcaOutlierRemoval::step() {
  assert(!done());
  const RemovalRound round =
      pca_removal_round(data_->X, variance_threshold_, point_threshold_, RemovalRule::mu, &rows_, &removed_);
  ++round_;
  last_sigma2_ = round.sigma2;
  last_removed_ = round.removed;
  if (rows_.empty()) {
    set_stop(StopReason::all_removed);
  } else if (round.stopped) {
    set_stop(StopReason::variance_test);
  }
  w_float_ = averaging_vector(*data_, rows_);
  StepResult r;
  r.updated = round.removed > 0 || round_ == 1;  // the first round replaces v = 0
  return r;
}

std::string PcaOutlierRemoval::rule_note() const {
  if (data_ == nullptr || data_->rows() == 0 || !(radius2_ > 0)) return {};
  // <w,x>^2 <= ||x||^2 <= R^2 for a unit w: the removal threshold c log m / n is reachable only below R^2,
  // i.e. from n > c log m / R^2 dimensions.
  const std::string regime =
      "removal needs c log m / n < R^2, i.e. n > c log m / R^2 = " + note_number(c_ * log_m_ / radius2_) +
      " dimensions (or a smaller l.c)";
  if (point_threshold_ >= radius2_) {
    return "no example can be removed: c log m / n = " + note_number(point_threshold_) +
           " >= R^2 = " + note_number(radius2_) + " (c = " + note_number(c_) +
           ", n = " + std::to_string(data_->cols()) + "); " + regime;
  }
  if (done() && removed_.empty()) {
    return "the variance test stopped A_mu before any removal (sigma^2 = " + note_number(last_sigma2_) +
           " < c m log m / n = " + note_number(variance_threshold_) + "): it ran as the averaging algorithm";
  }
  return {};
}

std::vector<Counter> PcaOutlierRemoval::counters() const {
  return {{"round", static_cast<double>(round_)},          {"sigma2", last_sigma2_},
          {"variance_threshold", variance_threshold_},     {"point_threshold", point_threshold_},
          {"removed", static_cast<double>(last_removed_)}, {"remaining", static_cast<double>(rows_.size())}};
}

}  // namespace ml
