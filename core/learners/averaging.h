// marginlab — the averaging algorithm (Servedio; 003 §1.3; docs/algorithms.md §3.4).
//
// Hypothesis h(x) = sgn <v, x> with v = (1/t) sum_{s <= t} y_s x_s (normalize = 1: x_s/||x_s||).
// One step folds one example into the running mean, in data order (a single pass, so v after n steps is
// the full-sample average of 003; done() after n steps). Before folding example (x, y) the step reports
// whether the current v errs on it (y <v,x> <= 0) as an online mistake, so the mistake curve is the
// online error of the averaging predictor. The sum is kept in double; weights() is v in float.
// It is the baseline every malicious-noise demo compares against (003): no bound applies (NaN).
#pragma once

#include <Eigen/Core>
#include <vector>

#include "core/learners/learner.h"
#include "core/learners/linear_learner.h"
#include "core/settings/params.h"

namespace ml {

// The averaging algorithm's parameters.
struct AveragingParams {
  bool normalize = false;  // average y x/||x|| instead of y x (003 averages the raw points)
  // The parameter table (settings/params.h).
  static const ParamTable<AveragingParams>& table();
};

// The averaging algorithm, one example per step.
class Averaging final : public LinearBinaryLearner<AveragingParams> {
 public:
  Averaging() : LinearBinaryLearner("the averaging algorithm") {}
  StepResult step() override;
  // The steps as one loop over the examples (the same fold() as step()).
  StepCounts step_many(int64_t max_steps) override;
  bool done() const override { return next_ >= data_->rows(); }
  // end_of_sample (one pass) once done.
  StopReason stop_reason() const override { return done() ? StopReason::end_of_sample : StopReason::none; }
  int next_example() const override { return done() ? -1 : next_; }
  std::vector<Counter> counters() const override;

 private:
  Status start(const Problem& problem, const AveragingParams& params) override;
  // Folds example next_ into the mean; true when the mean before it erred on it (the online mistake).
  bool fold();

  bool normalize_ = false;
  Eigen::VectorXd sum_;  // sum of y x (double)
  // w_float_ (the base's): sum / t (float)
  int next_ = 0;
};

}  // namespace ml
