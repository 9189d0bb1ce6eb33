// marginlab — the dual (kernel) Perceptron (001 §2 "Dual perceptron"; docs/algorithms.md §2.3).
//
// The Perceptron's w is a signed sum of the examples it erred on, so it can be kept as dual
// coefficients alpha_i and evaluated through a kernel K (kernels/kernel.h):
//   f(x) = sum_i alpha_i K(x_i, x),   alpha = 0 at the start;
//   step on (x_i, y_i): mistake <=> y_i f(x_i) <= 0; on a mistake alpha_i <- alpha_i + y_i / sqrt(K(x_i,x_i))
//   (normalize = 1: the feature-space image phi(x_i)/||phi(x_i)||, the kernel form of 000 Fig. 1;
//   a Gaussian has K(x,x) = 1 so it changes nothing) or alpha_i <- alpha_i + y_i (normalize = 0).
// With the linear kernel and the same normalize and order this is exactly the Perceptron's rule
// (up to float/double rounding: f is accumulated in double).
//
// Kernel parameters: kernel (linear | poly | gaussian), degree p and c for (<x,x'> + c)^p, sigma for
// exp(-||x-x'||^2 / (2 sigma^2)), and width_c, the Rätsch spelling exp(-||x-x'||^2 / c): when
// width_c > 0 it wins and sigma = sqrt(width_c / 2).
//
// Cost: f(x_i) for the training examples is cached and updated on each mistake (O(n d) per mistake,
// O(1) per correct step); f on other points costs O(|support| d). bound(): with the linear kernel the
// Perceptron's (online_perceptron_bound: 1/gamma^2 on x/||x|| with normalize = 1, (R/delta)^2 without; the
// feature space is the input space, weights() is w = sum alpha_i x_i); NaN otherwise
// (the feature-space margin of the target is unknown).
//
// Warm start (warm_start, partial_fit): the previous model's support vectors are rows of *its* training data, so
// the learner carries copies of them with their alpha (the previous model's own carried part first, then its support
// in order of first mistake; rows with alpha = 0 add nothing and are left out). The kernel must be the same (kind
// and parameters, else learner.warm_start_kernel) and so must the dimension. The carried part is evaluated before
// the new sample's support, in that fixed order: f(x) = sum_carried a_j K(c_j, x) + sum_support alpha_i K(x_i, x),
// and the cache f(x_i) of the new sample starts from the carried sum (w too, with the linear kernel). A run on A
// then a warm run on B thus sums the terms of one cyclic run on A;B in the same order; when an example of A erred
// more than once its carried alpha is the sum of its steps, so the cache may differ from the single run's in the
// last bits (its per-mistake sums are summed in another order). The counter `support` counts both parts.
#pragma once

#include <vector>

#include "core/kernels/kernel.h"
#include "core/learners/example_order.h"
#include "core/learners/learner.h"
#include "core/settings/params.h"

namespace ml {

// The kernel perceptron's parameters.
struct KernelPerceptronParams {
  KernelKind kernel = KernelKind::gaussian;  // kernel
  int degree = 2;                            // polynomial degree p
  double offset = 1;                         // polynomial offset c (URL key "c")
  double sigma = 1;                          // Gaussian width sigma
  double width_c = 0;                        // Gaussian width as Rätsch's c; > 0 overrides sigma
  bool normalize = true;                     // add y phi(x)/||phi(x)||
  VisitOrder order = VisitOrder::cyclic;     // example order
  // The parameter table (settings/params.h).
  static const ParamTable<KernelPerceptronParams>& table();
};

// The dual Perceptron with a kernel. It stops on epoch_without_mistakes (or empty_sample).
class KernelPerceptron final : public LearnerWith<KernelPerceptronParams> {
 public:
  Status reset(const Problem& problem, const KernelPerceptronParams& params) override;
  StepResult step() override;
  // The steps as one loop over the examples (the same visit() as step()).
  StepCounts step_many(int64_t max_steps) override;
  int next_example() const override { return order_.peek(); }
  int num_classes() const override { return 2; }
  void scores(const float* x, float* out) const override;
  void predict_batch(const FeatureRef& X, std::vector<int>* out) const override;
  // The scores of every row of X, in blocks of rows (each support vector read once per block), bit-identical
  // to scores(): every row sums alpha_j K(x_j, x) over the support in the same order.
  void scores_batch(const FeatureRef& X, Eigen::MatrixXf* out) const override;
  const Vector* weights() const override { return kernel_.kind == KernelKind::linear ? &w_ : nullptr; }
  double bound() const override { return bound_; }
  std::vector<Counter> counters() const override;
  double predict_cost() const override {
    return static_cast<double>(support_.size() + carried_alpha_.size()) * (data_->cols() + 1);
  }
  // Carries the previous kernel perceptron's support as copies (see the header comment).
  Status warm_start(const Learner& previous) override;

  // The kernel in use (sigma already resolved from width_c).
  const Kernel& kernel() const { return kernel_; }
  // f(x) in double.
  double decision(const float* x) const;
  // Dual coefficient of training example i.
  double alpha(int i) const { return alpha_[static_cast<size_t>(i)]; }
  // Training examples with a non-zero coefficient history, in order of their first mistake.
  const std::vector<int>& support() const { return support_; }
  // The support carried from a previous model (warm_start): copies of its rows, evaluated before support().
  const FeatureMatrix& carried_support() const { return carried_x_; }
  // The dual coefficients of carried_support()'s rows.
  const std::vector<double>& carried_alpha() const { return carried_alpha_; }

 private:
  // The rule on the next example in the order: true on a mistake (alpha and the caches updated); records the stop
  // at a clean epoch's end.
  bool visit(int* example);

  const Dataset* data_ = nullptr;
  Kernel kernel_;
  bool normalize_ = true;
  std::vector<double> alpha_;
  std::vector<double> train_f_;  // f(x_i) for every training example (cache)
  std::vector<double> self_;     // K(x_i, x_i)
  std::vector<int> support_;
  std::vector<uint8_t> in_support_;
  FeatureMatrix carried_x_;            // the carried support vectors (warm_start), one row each
  std::vector<double> carried_alpha_;  // their coefficients
  Vector w_;                           // linear kernel: sum alpha_i x_i (float)
  ExampleOrder order_;
  double bound_ = 0;
};

}  // namespace ml
