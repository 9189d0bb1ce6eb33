// marginlab — the RP-classifier (000 Alg. 1, §3.2 and §5; docs/algorithms.md §3.3): learn a projection π of
// the kernel's feature space onto D directions from the training sample (core/kernels/projection.h:
// random span, kernel PCA / Nyström, kernel Gram-Schmidt), then learn a halfspace on the projected
// sample {(π(x_i), y_i)} with Bylander's Cnoise-update perceptron (core/learners/bylander.h, used by
// composition: it is given a Problem whose training set is the projected sample). f(x) = <w, π(x)>.
//
// Steps (the session steps it like any learner):
//   1. cv = 1 only: cross-validation steps, one per (width, fold, D): k folds of the training sample
//      drawn from Rng(seed, Stream::learner) (a random permutation, fold f = positions p with p mod k = f);
//      for each kernel width and fold the projection is fitted once on the other folds with the largest
//      D of the grid (the maps are nested, so every smaller D is its leading coordinates), then the
//      Cnoise perceptron is trained (for cv_updates updates, when set) for each D and scored on the
//      held-out fold against the observed (noisy) labels — the learner never sees true labels. The grid
//      (docs/rp_toy.md and docs/rp_ida.md use it):
//        D     ∈ {2, 5, 10, 15, ..., 95, 100, 125, 150, 200} ∩ [1, cv_max_dim]  (000 §5.1)
//        width σ_k = σ · √2^(k - (W-1)/2), k = 0..W-1, W = cv_widths (gaussian kernel only; else W = 1)
//      The pair with the lowest mean validation error wins (ties: smaller D, then the larger width).
//   2. the build step: fit π on the whole training sample (chosen or given σ and D), project it, reset
//      the Cnoise perceptron on it. prepare() does the fit and the projection ahead of this step in time
//      slices (Learner::prepare); the step itself then only resets the perceptron.
//   3. Cnoise updates until the perceptron is done (its `updates` parameter; 0 = more than 16/(εγ)²).
// The random draws (folds, random span points, Nyström landmarks) all come from one Rng(seed,
// Stream::learner) in step order, so a run is reproducible from its URL.
//
// Parameters: projection (random|kpca|kgs), dims D, kernel (linear|poly|gaussian) with sigma / width_c
// (Rätsch c = 2σ², wins when > 0) / degree / offset, landmarks (Nyström), the Cnoise perceptron's
// epsilon, eta, gamma, updates, output (see bylander.h; here gamma is the margin assumed in the projected
// space, never the input generator's), cv, cv_folds, cv_widths, cv_max_dim, cv_updates (the CV runs' update
// count when it should differ from the final run's, so a selection can be held while the final run changes).
// Counters: phase (0 cross-validation, 1 learning), cv_done / cv_total (CV steps), projection_dim (D in
// use; during CV the grid's largest), sigma (width in use), cv_error (validation error of the chosen
// pair, NaN without CV), jitter (random span), basis_size (|B|), build_failed (1 when the final fit
// failed — reset() rules out every failure it can foresee; the learner then stops with w = 0), then the
// Cnoise perceptron's counters (zero before the build step).
#pragma once

#include <memory>
#include <vector>

#include "core/kernels/kernel.h"
#include "core/kernels/projection.h"
#include "core/learners/bylander.h"
#include "core/learners/cost.h"
#include "core/learners/kernel_front_end.h"
#include "core/learners/learner.h"
#include "core/settings/params.h"
#include "core/util/rng.h"

namespace ml {

// The cross-validation grid of projection sizes, {2,5,10,15,...,100,125,150,200} up to max_dim.
std::vector<int> rp_dimension_grid(int max_dim);
// The cross-validation widths σ·√2^(k-(W-1)/2), k = 0..W-1 (ascending).
std::vector<double> rp_width_grid(double sigma, int count);

// The confidence 1 - delta the shown theoretical projection size is for (000 Cor. 1's delta).
inline constexpr double kRpTheoremDelta = 0.05;
// 000 Cor. 1 (its proof, through Thm 5): the projection size n = (8/theta)(1/gamma^2 + ln(2/delta)) with
// theta = gamma eps (1 - 2 eta) / 2080, for input margin gamma, error eps, noise eta; NaN unless gamma > 0,
// eps > 0 and eta < 1/2.
double rp_theorem_projection_size(double gamma, double epsilon, double eta, double delta);

// The RP-classifier's parameters: the projection, its kernel, Bylander's perceptron (by composition, with
// this use's defaults) and the cross-validation.
struct RpClassifierParams {
  ProjectionKind projection = ProjectionKind::kgs;      // random span, kernel PCA or kernel Gram-Schmidt
  int dims = 50;                                        // projection size D
  KernelParams kernel;                                  // the kernel whose feature space is projected
  BylanderParams cnoise{.gamma = 0.1, .updates = 300};  // the Cnoise perceptron in the projected space
  bool cv = false;                                      // cross-validate D and the width
  int cv_folds = 3;                                     // k of the k-fold cross-validation
  int cv_widths = 3;                                    // Gaussian widths tried
  int cv_max_dim = 200;                                 // the D grid's cut
  int64_t cv_updates = 0;                               // Cnoise updates per CV run; 0 = cnoise.updates
  // The Cnoise parameters of a cross-validation run: cnoise with cv_updates when that is set.
  BylanderParams cv_cnoise() const;
  // The parameter table (settings/params.h).
  static const ParamTable<RpClassifierParams>& table();
};

// The RP-classifier: kernel projection + Bylander's Cnoise perceptron.
class RpClassifier final : public LearnerWith<RpClassifierParams> {
 public:
  // The resource cost (core/learners/cost.h): the projection fit (and, with cv, one cross-validation step's
  // fit on k-1 folds at D = cv_max_dim plus its Cnoise runs), a Cnoise update of n x D, rows of D + 1.
  static LearnerCost cost(const ProblemShape& shape, const RpClassifierParams& params, CostSum& sum);
  // cost() in one phrase (docs/url.md).
  static constexpr std::string_view kCostNote =
      "an RP cross-validation step fits on k-1 folds with D = `l.cv_max_dim` and runs 2 x `l.updates` (or "
      "`l.cv_updates`) x n x D of Cnoise inside one step";

  Status reset(const Problem& problem, const RpClassifierParams& params) override;
  StepResult step() override;
  bool done() const override { return built_ && (!build_status_.ok() || cnoise_.done()); }
  // failed (the projection fit failed), else the Cnoise perceptron's reason.
  StopReason stop_reason() const override {
    if (!done()) return StopReason::none;
    return build_status_.ok() ? cnoise_.stop_reason() : StopReason::failed;
  }
  // The projection size 000 Cor. 1 needs beside the D in use (input margin gamma = 2 l.gamma: Thm 5 halves the
  // margin), then the Cnoise perceptron's note once built (its defaults, 300 updates at gamma = 0.1, are far
  // below 000 Thm 3's length).
  std::string rule_note() const override;
  // The build step's projection fit and the projection of the training sample, in slices (the build
  // step does whatever is left). Cross-validation steps are not prepared.
  bool prepare(double max_seconds, const ClockFn& now) override;
  Preparation preparation() const override;
  int num_classes() const override { return 2; }
  void scores(const float* x, float* out) const override;
  void predict_batch(const FeatureRef& X, std::vector<int>* out) const override;
  double bound() const override;
  const char* bound_label() const override { return "updates"; }
  // The bound allows for the noise (its rate enters the bound).
  BoundKind bound_kind() const override { return BoundKind::noise_aware; }
  std::vector<Counter> counters() const override;
  // Kernel evaluations against the basis plus the projection: |B| (d + 1) + |B| D (0 before the build).
  double predict_cost() const override;

  // The fitted projection (valid after the build step).
  const KernelProjection& projection() const { return front_.projection(); }
  // True once the build step has run.
  bool built() const { return built_; }
  // The projection size and Gaussian width in use (chosen by CV when cv = 1).
  int chosen_dims() const { return dims_; }
  double chosen_sigma() const { return kernel_.sigma; }
  // Mean validation error of the chosen pair (NaN without CV).
  double cv_error() const { return cv_error_; }
  // With cv = 1, once cross-validation has chosen: dims and sigma (the registry row's selection).
  bool selected_params(ParamValues* values, double* cv_error) const override;

 private:
  StepResult cv_step();
  Status build();

  Problem problem_;
  RpClassifierParams params_;
  ProjectionOptions options_;
  Kernel kernel_;
  int dims_ = 1;
  Rng rng_{1, Stream::learner};
  Status build_status_;

  // cross-validation state
  bool cv_ = false;
  std::vector<int> grid_dims_;
  std::vector<double> grid_widths_;
  std::vector<std::vector<int>> fold_rows_;  // held-out rows of each fold
  std::vector<double> cv_errors_;            // [width][dim] summed held-out errors
  std::vector<int> cv_counts_;               // [width][dim] held-out examples scored
  int64_t cv_done_ = 0;
  int64_t cv_total_ = 0;
  int cv_width_ = 0, cv_fold_ = 0, cv_dim_ = 0;  // next CV step
  Dataset cv_train_, cv_valid_;                  // projected fold (largest D), valid while cv_dim_ > 0
  int cv_fold_dims_ = 0;                         // dims the fold's projection reached
  double cv_error_ = 0;

  // the final model
  bool built_ = false;
  KernelFrontEnd front_;  // π fitted on the training sample (prepare() or the build step), the projected sample
  BylanderPerceptron cnoise_;
};

}  // namespace ml
