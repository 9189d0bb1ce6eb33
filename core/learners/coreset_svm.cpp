// marginlab — CORESET SVM (see coreset_svm.h).
#include "core/learners/coreset_svm.h"

#include <cassert>
#include <cmath>
#include <limits>
#include <string>

namespace ml {

const ParamTable<CoresetSvmParams>& CoresetSvmParams::table() {
  static const ParamTable<CoresetSvmParams> t = ParamTable<CoresetSvmParams>().add(
      &CoresetSvmParams::epsilon, {.key = "epsilon", .label = "epsilon", .min = 1e-3, .max = 0.999, .log_scale = true},
      "approximation: stop when every example has margin >= (1-eps) rho_i (002 Fig. 1)");
  return t;
}

Status CoresetSvm::start(const Problem& problem, const CoresetSvmParams& params) {
  eps_ = params.epsilon;
  radius_ = problem.radius;
  const int n = data_->rows();
  signs_.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) signs_[static_cast<size_t>(i)] = data_->sign(i);
  coreset_.clear();
  in_coreset_.assign(static_cast<size_t>(n), 0);
  w_ = Eigen::VectorXd::Zero(data_->cols());
  w_float_ = Vector::Zero(data_->cols());
  rho_ = margin_set_ = svm_gap_ = 0;
  candidate_ = -1;
  not_separable_ = false;
  done_ = true;
  if (n == 0) return Status::Ok();
  coreset_.push_back(0);
  in_coreset_[0] = 1;
  done_ = false;
  if (solve_coreset()) evaluate();
  return Status::Ok();
}

bool CoresetSvm::solve_coreset() {
  std::vector<int> signs(coreset_.size());
  for (size_t a = 0; a < coreset_.size(); ++a) signs[a] = signs_[static_cast<size_t>(coreset_[a])];
  Result<SvmSolution> s = solve_svm(signed_points(data_->X, coreset_, signs));
  if (!s.ok()) {
    not_separable_ = true;
    done_ = true;
    return false;
  }
  w_ = s->w;
  w_float_ = w_.cast<float>();
  rho_ = s->margin;
  svm_gap_ = s->relative_gap;
  return true;
}

void CoresetSvm::evaluate() {
  margins_of(data_->X, w_, signs_, &margins_);
  margin_set_ = std::numeric_limits<double>::infinity();
  candidate_ = -1;
  double candidate_margin = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < margins_.size(); ++i) {
    margin_set_ = std::min(margin_set_, margins_[i]);
    if (!in_coreset_[i] && margins_[i] < candidate_margin) {
      candidate_margin = margins_[i];
      candidate_ = static_cast<int>(i);
    }
  }
  if (candidate_ < 0 || !(candidate_margin < (1.0 - eps_) * rho_)) {
    candidate_ = -1;
    done_ = true;
  }
}

StepResult CoresetSvm::step() {
  assert(!done_ && candidate_ >= 0);
  StepResult r;
  r.example = candidate_;
  coreset_.push_back(candidate_);
  in_coreset_[static_cast<size_t>(candidate_)] = 1;
  if (!solve_coreset()) {  // stopped: C + x (hence the data) is not separable; h_i stays, C too
    in_coreset_[static_cast<size_t>(candidate_)] = 0;
    coreset_.pop_back();
    candidate_ = -1;
    return r;
  }
  r.updated = true;
  evaluate();
  return r;
}

double CoresetSvm::bound() const {
  if (!(radius_ > 0) || !(rho_ > 0)) return std::numeric_limits<double>::quiet_NaN();
  const double ratio = radius_ / rho_;
  return ratio * ratio / eps_;
}

std::vector<Counter> CoresetSvm::counters() const {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const bool has_h = rho_ > 0;
  return {{"coreset_size", static_cast<double>(coreset_.size())},
          {"rho_i", has_h ? rho_ : nan},
          {"margin_set", has_h ? margin_set_ : nan},
          {"approx_ratio", has_h ? margin_set_ / rho_ : nan},
          {"svm_gap", has_h ? svm_gap_ : nan},
          {"not_separable", not_separable_ ? 1.0 : 0.0}};
}

}  // namespace ml
