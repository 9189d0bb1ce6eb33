// marginlab — the Perceptron (Rosenblatt 1958; 000 §2.1 Fig. 1; 001 §1; docs/algorithms.md §2.1).
//
// Rule, one example (x_i, y_i) per step, y ∈ {-1,+1}, w_0 = 0:
//   mistake  <=>  y_i <w, x_i> <= 0            (so w = 0 errs on everything, as in 000 Fig. 1)
//   on a mistake:  w <- w + y_i x_i / ||x_i||   (normalize = 1, 000 Fig. 1 / Remark 2; zero rows unscaled)
//                  w <- w + y_i x_i             (normalize = 0, 001 §1 with unit-length data)
// Bound (Block/Novikoff, 001 Thm 1.1): if a unit v has y<v,x> >= delta on every example and ||x|| <= R,
// mistakes <= (R/delta)^2. With normalize = 1 the learner sees the scaled points x/||x|| (norm 1, margin
// gamma = min y<v,x>/||x|| >= delta/R), so mistakes <= 1/gamma^2 <= (R/delta)^2. bound() is the bound for the
// data the learner sees (online_perceptron_bound): 1/gamma^2 with gamma = Problem::unit_target_margin when
// normalize = 1, (R/delta)^2 with delta = Problem::target_margin, R = Problem::radius when normalize = 0, NaN
// when the margin is unknown. The proof's invariants (001 Claims 1.2-1.3): <w,v> >= delta M, ||w||^2 <= M R^2.
//
// Order: cyclic (0..n-1 every epoch) or shuffled (a fresh permutation per epoch from
// Rng(seed, Stream::learner)). There is no epoch parameter: the session's step budget bounds the run;
// done() once a whole epoch passed without a mistake (the data are separated and w never changes again).
// w is float (Eigen dot/axpy: bit-identical natively and in wasm, docs/determinism.md §3).
//
// Warm start (warm_start, partial_fit): w_0 is the previous Perceptron's w instead of 0 (same dimension, else
// learner.warm_start_dimension); the order, the scales and the bound are the new data's, epochs count from 0.
// So a run on A then a warm run on B visit the examples of one cyclic run on A;B and end with its w, bit for bit.
#pragma once

#include <cstdint>
#include <vector>

#include "core/learners/example_order.h"
#include "core/learners/learner.h"
#include "core/learners/linear_learner.h"
#include "core/settings/params.h"

namespace ml {

// The Perceptron's parameters.
struct PerceptronParams {
  bool normalize = true;                  // update with y x/||x|| (000 Fig. 1) instead of y x
  VisitOrder order = VisitOrder::cyclic;  // example order
  // The parameter table (settings/params.h).
  static const ParamTable<PerceptronParams>& table();
};

// The linear Perceptron. It stops on epoch_without_mistakes (or empty_sample).
class Perceptron final : public LinearBinaryLearner<PerceptronParams> {
 public:
  Perceptron() : LinearBinaryLearner("the Perceptron") {}
  StepResult step() override;
  // The steps as one loop over runs of the example order (step() is a run of one: the rule is written once).
  StepCounts step_many(int64_t max_steps) override;
  int next_example() const override { return order_.peek(); }
  double bound() const override { return bound_; }
  std::vector<Counter> counters() const override;
  // w_0 = the previous Perceptron's w (see the header comment).
  Status warm_start(const Learner& previous) override;

 private:
  Status start(const Problem& problem, const PerceptronParams& params) override;
  bool normalize_ = true;     // the update is y x/||x|| (else y x)
  std::vector<float> scale_;  // 1/||x_i|| when normalize_ (empty otherwise)
  ExampleOrder order_;
  double bound_ = 0;
};

}  // namespace ml
