// marginlab — CORESET SVM (002 §3 Fig. 1, Lemma 3.1; docs/algorithms.md §4.2): a (1-eps)-approximate
// maximum-margin halfspace through the origin from a small coreset.
//
//   C = {first example (row 0)};  h_1 = SVM(C)
//   repeat:  rho_i = rho(h_i, C);  (x, y) = argmin_{S \ C} y <h_i, x>   (lowest row on ties)
//            if y <h_i, x> < (1 - eps) rho_i:  C = C + (x, y);  h_{i+1} = SVM(C)
//            else return h_i
// One step() = one coreset insertion (and the SVM re-solve on C, core/learners/svm_solver.h). The
// halting test is evaluated right after each insertion (and at reset), so done() is true as soon as
// h_i is a (1-eps)-approximation: the number of steps is |C| - 1. At the halt
// rho(h, S) >= (1-eps) rho_i >= (1-eps) rho*, since rho_i, the max margin of a subset, is >= rho*.
//
// bound() = (R/rho_i)^2 / eps, labelled "coreset size": Lemma 3.1's |C| = O((R/rho*)^2/eps) with
// constant 1 (the paper states only the order; its proof sketch counts 64 R^2/rho^2 steps for the
// first phase), and with rho_i (known to the learner, >= rho*) in place of rho*, so the curve rises
// toward (R/rho*)^2/eps as rho_i falls. R = Problem::radius.
// Labels: the observed labels. With label noise the set may not be separable: when SVM(C + x) reports
// "svm.not_separable" the learner stops, keeps h_i and C (x is not added) and sets not_separable = 1.
// Counters: coreset_size, rho_i (margin of h_i on C), margin_set (rho(h_i, S)), approx_ratio
// (rho(h_i, S)/rho_i), svm_gap (the solver's certified relative gap), not_separable.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "core/learners/learner.h"
#include "core/learners/linear_learner.h"
#include "core/learners/svm_solver.h"
#include "core/settings/params.h"

namespace ml {

// CORESET SVM's parameters.
struct CoresetSvmParams {
  double epsilon = 0.1;  // approximation: stop when every example has margin >= (1-eps) rho_i
  // The parameter table (settings/params.h).
  static const ParamTable<CoresetSvmParams>& table();
};

// CORESET SVM, one coreset insertion per step.
class CoresetSvm final : public LinearBinaryLearner<CoresetSvmParams> {
 public:
  CoresetSvm() : LinearBinaryLearner("Coreset SVM") {}
  StepResult step() override;
  bool done() const override { return done_; }
  // not_separable (SVM(C) failed: no valid result), pool_exhausted, coreset_rule or empty_sample.
  StopReason stop_reason() const override {
    if (!done_) return StopReason::none;
    if (not_separable_) return StopReason::not_separable;
    if (data_ == nullptr || data_->rows() == 0) return StopReason::empty_sample;
    return static_cast<int>(coreset_.size()) == data_->rows() ? StopReason::pool_exhausted : StopReason::coreset_rule;
  }
  double bound() const override;
  const char* bound_label() const override { return "coreset size"; }
  // Lemma 3.1 states the size's order only: an O() rate, with constant 1.
  BoundKind bound_kind() const override { return BoundKind::order_rate; }
  // 1: the rate (R/rho_i)^2/eps as written.
  double bound_constant() const override { return 1; }
  std::vector<Counter> counters() const override;

  // Rows of the coreset, in insertion order.
  const std::vector<int>& coreset() const { return coreset_; }
  // rho_i: the margin of the current hypothesis on the coreset.
  double rho() const { return rho_; }
  // rho(h_i, S): the margin of the current hypothesis on the whole training set.
  double margin_on_set() const { return margin_set_; }
  // The current hypothesis (unit, double).
  const Eigen::VectorXd& hypothesis() const { return w_; }
  // True when SVM(C) found the coreset not separable (the learner stopped).
  bool not_separable() const { return not_separable_; }

 private:
  Status start(const Problem& problem, const CoresetSvmParams& params) override;
  bool solve_coreset();
  void evaluate();

  double eps_ = 0.1;
  double radius_ = 0;
  std::vector<int> signs_;    // observed labels +1/-1
  std::vector<int> coreset_;  // rows in C
  std::vector<uint8_t> in_coreset_;
  Eigen::VectorXd w_;            // h_i (unit)
  std::vector<double> margins_;  // y <h_i, x> for every row
  double rho_ = 0;
  double margin_set_ = 0;
  double svm_gap_ = 0;
  int candidate_ = -1;  // the row the next step adds
  bool not_separable_ = false;
  bool done_ = true;
};

}  // namespace ml
