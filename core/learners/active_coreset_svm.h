// marginlab — ACTIVE CORESET SVM with VERIFY (002 §4 Fig. 2, Lemmas 4.1-4.2; docs/algorithms.md §4.3):
// max-margin active learning that buys few labels from a counting oracle.
//
// The learner sees the training set as an unlabelled pool U: it reads features only, and every label
// through LabelOracle, which answers with the observed label of the training set (so a noisy
// training set makes a noisy oracle) and counts the distinct examples labelled (an answer is
// remembered: asking again is free and is counted separately as a repeat call).
//   C = {};  repeat:
//     h_i = SVM(C), rho_i = rho(h_i, C)                 (C = {}: h = 0, rho = +inf)
//     x_min = argmin_{x in U \ C} |<h_i, x>|            (lowest row on ties; C = {} gives row 0)
//     if |<h_i, x_min>| < (1 - eps) rho_i:  C = C + (x_min, ORACLE(x_min))        "boundary" step
//     else VERIFY: T times x = uniform draw from U \ C (with replacement, Rng(seed, Stream::learner)),
//          y = ORACLE(x); the first x with y <h_i, x> < 0 joins C                 "verify" step
//          none: halt with h_i                                                    "verified" (done)
// One step() = one boundary insertion or one VERIFY round (with its insertion, if any).
// T: the parameter verify_samples, or when 0, Lemma 4.1's test length for a conservative learner with
// mistake bound M: T = ceil(ln(M/delta)/e) with M = max(2, (R/rho_i)^2/eps^2) (the coreset-size bound,
// see bound()), e the target error and delta the confidence parameter.
// Labels from a noisy oracle can make C non-separable: SVM(C + x) then reports "svm.not_separable", the
// learner stops with h_i and sets not_separable = 1 (x is labelled, so it counts as a query).
// bound() = (R/rho_i)^2/eps^2, "coreset size": 002 Lemma 4.2 (via Cor. 3.2) with constant 1 — any example
// with a small enough margin is added, not the argmin, so the bound is 1/eps^2, not CORESET SVM's 1/eps (Lemma
// 3.1); R = Problem::radius.
// Counters: label_queries (distinct labels bought), pool_size (|U|), coreset_size, rho_i,
// verify_rounds, verify_draws (oracle calls made by VERIFY, repeats included), verify_length (T of the
// last round), oracle_repeats (calls answered from memory), last_action (1 boundary, 2 verify found a
// mistake, 3 verified: halt), not_separable.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "core/learners/learner.h"
#include "core/learners/linear_learner.h"
#include "core/learners/svm_solver.h"
#include "core/settings/params.h"
#include "core/util/rng.h"

namespace ml {

// The counting label oracle of 002 Fig. 2: the only way the active learner reads a label.
class LabelOracle {
 public:
  // Answers for the observed labels of `data` (binary); forgets every answer given so far.
  void reset(const Dataset* data);
  // The label (+1/-1) of example i; the first answer for i counts as a query.
  int query(int i);
  // Distinct examples labelled so far.
  int64_t queries() const { return queries_; }
  // Calls answered from memory (the example was labelled before).
  int64_t repeats() const { return repeats_; }
  // True when example i has been labelled.
  bool labelled(int i) const { return known_[static_cast<size_t>(i)] != 0; }

 private:
  const Dataset* data_ = nullptr;
  std::vector<int8_t> known_;  // 0 unknown, else the label given
  int64_t queries_ = 0;
  int64_t repeats_ = 0;
};

// ACTIVE CORESET SVM's parameters.
struct ActiveCoresetSvmParams {
  double epsilon = 0.1;    // approximation of the boundary insertions
  double error = 0.05;     // VERIFY's target error e
  double delta = 0.05;     // VERIFY's failure probability
  int verify_samples = 0;  // draws per VERIFY round; 0 = Lemma 4.1's length
  // The parameter table (settings/params.h).
  static const ParamTable<ActiveCoresetSvmParams>& table();
};

// ACTIVE CORESET SVM, one boundary insertion or one VERIFY round per step.
class ActiveCoresetSvm final : public LinearBinaryLearner<ActiveCoresetSvmParams> {
 public:
  ActiveCoresetSvm() : LinearBinaryLearner("Active coreset SVM") {}
  StepResult step() override;
  bool done() const override { return done_; }
  // not_separable (the labelled coreset: no valid result), pool_exhausted, verified or empty_sample.
  StopReason stop_reason() const override {
    if (!done_) return StopReason::none;
    if (not_separable_) return StopReason::not_separable;
    if (pool_ == nullptr || pool_->rows() == 0) return StopReason::empty_sample;
    return static_cast<int>(coreset_.size()) == pool_->rows() ? StopReason::pool_exhausted : StopReason::verified;
  }
  double bound() const override;
  const char* bound_label() const override { return "coreset size"; }
  // Lemma 4.2 states the size's order only: an O() rate, with constant 1.
  BoundKind bound_kind() const override { return BoundKind::order_rate; }
  // 1: the rate (R/rho_i)^2/eps^2 as written.
  double bound_constant() const override { return 1; }
  std::vector<Counter> counters() const override;

  // The label oracle (its query count).
  const LabelOracle& oracle() const { return oracle_; }
  // Rows of the coreset, in insertion order.
  const std::vector<int>& coreset() const { return coreset_; }
  // rho_i: the margin of the current hypothesis on the coreset (0 before the first insertion).
  double rho() const { return rho_; }
  // True when SVM(C) found the labelled coreset not separable (the learner stopped).
  bool not_separable() const { return not_separable_; }
  // T for the next VERIFY round.
  int verify_length() const;

 private:
  Status start(const Problem& problem, const ActiveCoresetSvmParams& params) override;
  bool insert(int row, int label);

  const FeatureView* pool_ = nullptr;  // features only: labels come from oracle_
  LabelOracle oracle_;
  Rng rng_{1, Stream::learner};
  double eps_ = 0.1;
  double error_ = 0.05;
  double delta_ = 0.05;
  int verify_samples_ = 0;
  double radius_ = 0;
  std::vector<int> coreset_;
  std::vector<int> coreset_signs_;
  std::vector<uint8_t> in_coreset_;
  Eigen::VectorXd w_;
  std::vector<double> values_;  // <h_i, x> for every row (unsigned: the pool is unlabelled)
  double rho_ = 0;
  int64_t verify_rounds_ = 0;
  int64_t verify_draws_ = 0;
  int last_verify_length_ = 0;
  int last_action_ = 0;
  bool not_separable_ = false;
  bool done_ = true;
};

}  // namespace ml
