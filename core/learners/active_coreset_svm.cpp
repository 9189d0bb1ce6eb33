// marginlab — ACTIVE CORESET SVM with VERIFY and the counting label oracle (see active_coreset_svm.h).
#include "core/learners/active_coreset_svm.h"

#include <cassert>
#include <cmath>
#include <limits>
#include <string>

#include "core/util/detmath.h"

namespace ml {


void LabelOracle::reset(const Dataset* data) {
  data_ = data;
  known_.assign(static_cast<size_t>(data->rows()), 0);
  queries_ = 0;
  repeats_ = 0;
}

int LabelOracle::query(int i) {
  int8_t& k = known_[static_cast<size_t>(i)];
  if (k != 0) {
    ++repeats_;
    return k;
  }
  k = static_cast<int8_t>(data_->sign(i));
  ++queries_;
  return k;
}

const ParamTable<ActiveCoresetSvmParams>& ActiveCoresetSvmParams::table() {
  using P = ActiveCoresetSvmParams;
  static const ParamTable<P> t =
      ParamTable<P>()
          .add(&P::epsilon, {.key = "epsilon", .label = "epsilon", .min = 1e-3, .max = 0.999, .log_scale = true},
               "approximation: query the pool point nearest h while its |margin| < (1-eps) rho_i (002 Fig. 2)")
          .add(&P::error, {.key = "error", .label = "target error e", .min = 1e-4, .max = 0.5, .log_scale = true},
               "VERIFY's target error e in T = ln(M/delta)/e (002 Lemma 4.1)")
          .add(&P::delta, {.key = "delta", .label = "confidence delta", .min = 1e-6, .max = 0.5, .log_scale = true},
               "VERIFY's failure probability delta in T = ln(M/delta)/e (002 Lemma 4.1)")
          .add(&P::verify_samples, {.key = "verify_samples", .label = "VERIFY draws T", .min = 0, .max = 1e7},
               "random labelled draws per VERIFY round; 0 = ceil(ln(M/delta)/e), M the coreset-size bound");
  return t;
}

Status ActiveCoresetSvm::start(const Problem& problem, const ActiveCoresetSvmParams& params) {
  const Dataset& data = *data_;
  pool_ = &data.X;
  oracle_.reset(&data);
  rng_ = Rng(problem.seed, Stream::learner);
  eps_ = params.epsilon;
  error_ = params.error;
  delta_ = params.delta;
  verify_samples_ = params.verify_samples;
  radius_ = problem.radius;
  coreset_.clear();
  coreset_signs_.clear();
  in_coreset_.assign(static_cast<size_t>(data.rows()), 0);
  w_ = Eigen::VectorXd::Zero(data.cols());
  w_float_ = Vector::Zero(data.cols());
  values_.assign(static_cast<size_t>(data.rows()), 0.0);
  rho_ = 0;
  verify_rounds_ = verify_draws_ = 0;
  last_verify_length_ = 0;
  last_action_ = 0;
  not_separable_ = false;
  done_ = data.rows() == 0;
  return Status::Ok();
}

int ActiveCoresetSvm::verify_length() const {
  if (verify_samples_ > 0) return verify_samples_;
  double m = bound();
  if (!(m >= 2)) m = 2;  // also NaN (no hypothesis yet)
  const double t = std::ceil(det::log(m / delta_) / error_);
  return t < 1 ? 1 : (t > 1e7 ? 10000000 : static_cast<int>(t));
}

bool ActiveCoresetSvm::insert(int row, int label) {
  coreset_.push_back(row);
  coreset_signs_.push_back(label);
  Result<SvmSolution> s = solve_svm(signed_points(*pool_, coreset_, coreset_signs_));
  if (!s.ok()) {  // the labels bought so far admit no separating halfspace: stop with h_i
    coreset_.pop_back();
    coreset_signs_.pop_back();
    not_separable_ = true;
    done_ = true;
    return false;
  }
  in_coreset_[static_cast<size_t>(row)] = 1;
  w_ = s->w;
  w_float_ = w_.cast<float>();
  rho_ = s->margin;
  margins_of(*pool_, w_, {}, &values_);
  if (static_cast<int>(coreset_.size()) == pool_->rows()) done_ = true;  // U \ C is empty
  return true;
}

StepResult ActiveCoresetSvm::step() {
  assert(!done_);
  StepResult r;
  const int n = pool_->rows();
  // x_min over U \ C by |<h_i, x>|; with C = {} every value is 0 < (1-eps) * inf.
  int nearest = -1;
  double nearest_value = std::numeric_limits<double>::infinity();
  for (int i = 0; i < n; ++i) {
    if (in_coreset_[static_cast<size_t>(i)]) continue;
    const double v = std::fabs(values_[static_cast<size_t>(i)]);
    if (v < nearest_value) {
      nearest_value = v;
      nearest = i;
    }
  }
  assert(nearest >= 0);
  const bool empty = coreset_.empty();
  if (empty || nearest_value < (1.0 - eps_) * rho_) {
    last_action_ = 1;
    r.example = nearest;
    r.updated = insert(nearest, oracle_.query(nearest));
    return r;
  }
  // VERIFY(U \ C, h_i).
  std::vector<int> outside;
  outside.reserve(static_cast<size_t>(n) - coreset_.size());
  for (int i = 0; i < n; ++i) {
    if (!in_coreset_[static_cast<size_t>(i)]) outside.push_back(i);
  }
  const int length = verify_length();
  last_verify_length_ = length;
  ++verify_rounds_;
  for (int t = 0; t < length; ++t) {
    const int i = outside[rng_.below(static_cast<uint32_t>(outside.size()))];
    ++verify_draws_;
    const int y = oracle_.query(i);
    if (y * values_[static_cast<size_t>(i)] < 0) {
      last_action_ = 2;
      r.example = i;
      r.mistake = true;
      r.updated = insert(i, y);
      return r;
    }
  }
  last_action_ = 3;
  done_ = true;
  return r;
}

double ActiveCoresetSvm::bound() const {
  if (!(radius_ > 0) || !(rho_ > 0)) return std::numeric_limits<double>::quiet_NaN();
  // 002 Lemma 4.2 (through Cor. 3.2): any example with a small enough margin joins C, not the argmin, so
  // the size bound is O((R/rho*)^2/eps^2), not CORESET SVM's 1/eps; constant 1, rho_i for rho*.
  const double ratio = radius_ / rho_;
  return ratio * ratio / (eps_ * eps_);
}

std::vector<Counter> ActiveCoresetSvm::counters() const {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  return {{"label_queries", static_cast<double>(oracle_.queries())},
          {"pool_size", pool_ ? static_cast<double>(pool_->rows()) : 0.0},
          {"coreset_size", static_cast<double>(coreset_.size())},
          {"rho_i", rho_ > 0 ? rho_ : nan},
          {"verify_rounds", static_cast<double>(verify_rounds_)},
          {"verify_draws", static_cast<double>(verify_draws_)},
          {"verify_length", static_cast<double>(last_verify_length_)},
          {"oracle_repeats", static_cast<double>(oracle_.repeats())},
          {"last_action", static_cast<double>(last_action_)},
          {"not_separable", not_separable_ ? 1.0 : 0.0}};
}

}  // namespace ml
