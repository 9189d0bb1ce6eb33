// marginlab — UMA, the Unconfused ultraconservative Multiclass Algorithm (Louche & Ralaivola 2015,
// paper 004 Alg. 2, §3.2-§3.6 and §4; docs/algorithms.md §5).
//
// Noise model: C_pq = P(noisy label = p | true class = q), columns sum to 1 (004 eq. 4). UMA learns
// W = [w_1..w_Q], f_W(x) = argmax_q <w_q, x>, from the noisy sample S and C. One step = one update:
//   A_p^alpha = {x in S : <w_p, x> - <w_k, x> >= alpha for all k != p}                 (step 4)
//   gamma_k^p = (1/n) sum_i 1{y_i = k} 1{x_i in A_p^alpha} x_i, Gamma^p = rows gamma_k^p (steps 5-6)
//   z_pq      = row q of C^{-1} Gamma^p                                                 (step 7)
//   E         = {r != q : <w_r, z> - <w_q, z> >= alpha}; if E != {}: w_r += tau_r z      (steps 8-11)
// E[z_pq] = mu_q^p, the mass of true class q that W puts in class p (004 Prop. 1-2), so z_pq is a point
// of known true class q that W errs on: UMA is an ultraconservative algorithm run on those points.
//
// Computation (never per pair): the n x Q class scores S = X W^T are kept; an update recomputes the
// columns of the classes it moved (one GEMV each: two for the pair and max rules) or, when more than a
// quarter of the classes moved (uniform/proportional with a large E), all of S with one float GEMM.
// Columns are always recomputed from the current w_k, never incremented, so nothing drifts. Then one
// pass over the rows gives every Gamma^p at once: row i is added to block (p, y_i) of a Q^2 x d
// accumulator for each p with x_i in A_p^alpha (only the argmax when alpha > 0; every tied top class when
// alpha = 0), in float groups of 64 rows per block, each group added in double, i ascending. Then
// Z^p = C^{-1} Gamma^p for every p (Q^3 d flops) gives all ||z_pq||. That pass also yields the training
// predictions for the estimated confusion rate.
//
// Choices this implementation makes (docs/uma.md):
// - Selection of (p, q), p != q, among pairs with ||z_pq|| >= tolerance: error = argmax ||z_pq|| (004
//   eq. 19); conf = argmax ||z_pq|| / pi_q with pi = (1/n) C^{-1} y_hat (eq. 20; classes with pi_q <= 0
//   are skipped, and when none is left the error rule decides); random = uniform among the eligible
//   pairs (Rng(seed, Stream::learner)). Ties go to the lowest p, then q.
// - Tolerance (the paper's "a tolerance", unspecified): tolerance = tol min(1, R) with R = max_i ||x_i|| over the
//   features UMA learns from (the projected ones with a front end). z_pq is a C^{-1}-weighted mean of training
//   rows, so ||z_pq|| scales with the data: below unit scale the tolerance scales with it, so data scaled down by
//   any factor stop at the same update (an absolute tolerance made UMA on features x 1e-4 stop at W = 0 with no
//   update, a false convergence); at unit scale or above it stays tol (a larger scale only makes it stricter;
//   tol R stopped UMA on standardized digits, R near 40 from rare pixels, after 22 updates at 18 % test error).
// - Stopping (step 13): done when every ||z_pq|| < tolerance, when every eligible pair has E = {} under
//   the current W (a step that finds E = {} makes no update and marks its pair as spent until W changes),
//   or after max_updates updates (0 = no cap).
// - Step sizes: pair (the paper's experiments, 004 §4: tau_q = +1, tau_p = -1) when p is in E, else the
//   max rule so every update stays ultraconservative; or max / uniform / proportional (ultraconservative.h).
// - alpha > 0 at W = 0: no point has a positive gap, every A_p is empty, so UMA stops at once; the paper's
//   experiments use alpha = 0 (004 Remark 2).
// - The confusion matrix C comes from `confusion` =
//     given      the simulation's known C: noise=confusion -> the URL's matrix; uniform noise eta -> 1-eta
//                on the diagonal and eta/(Q-1) elsewhere; no noise -> I; other noise models have no
//                confusion matrix (error). Experiments may override it with set_confusion().
//     estimated  004 §4.2: C_pq = #(observed p, true q)/#(true q) on est_fraction of the training set,
//                drawn from Rng(seed, Stream::learner); true labels come only from Problem::label_oracle,
//                one query per drawn example (counter oracle_queries). No oracle: error.
//     identity   C = I: UMA becomes a batch multiclass perceptron (004's baseline "UMA with C = I").
//     family     C_j (j = `family`) of the noise's 004 §4.1 family (noise=family: the same base matrix M,
//                Problem::confusion_family_base), whatever the noise's own index i: j = i is the truth,
//                j = 0 is I, j < i under- and j > i overestimates the noise (004 Fig. 1(b)).
//   reset() refuses a C that is not column-stochastic, singular (condition number >= 1e15 or infinite)
//   or ill-conditioned (condition number above max_cond), naming the condition number.
// - Kernel front end (004 §3.6): projection = none | kpca (exact uncentred kernel PCA, n <= 4000) |
//   nystrom (landmarks), D = dims, through core/kernels/projection.h. The map is fitted on the training
//   features in the first step (counter phase 0 -> 1); UMA then runs on the projected sample.
//   prepare() does that fit and projection ahead of the first step in time slices (Learner::prepare).
// Counters: phase, updates, p, q (the pair of the last step, -1 before), z_norm (its ||z_pq||), error_set
// (|E|), max_z_norm (largest ||z_pq|| under the current W: the stopping quantity), confusion_rate_est
// (the training confusion rate estimated without true labels: P_obs C^{-T} renormalized per true class,
// where P_obs counts (predicted, observed) pairs), condition (of C), oracle_queries, projection_dim.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "core/kernels/kernel.h"
#include "core/kernels/projection.h"
#include "core/learners/cost.h"
#include "core/learners/kernel_front_end.h"
#include "core/learners/learner.h"
#include "core/learners/ultraconservative.h"
#include "core/settings/params.h"
#include "core/util/rng.h"

namespace ml {

// How UMA chooses (p, q) (004 §3.5).
enum class UmaSelection : int { error = 0, conf = 1, random = 2 };
// URL names of the selections, in value order.
inline constexpr std::string_view kUmaSelectionNames[] = {"error", "conf", "random"};
// The names of UmaSelection as a span (settings/setting.h NamedEnum).
constexpr std::span<const std::string_view> enum_names(UmaSelection) { return kUmaSelectionNames; }
// Where UMA's confusion matrix comes from.
enum class UmaConfusionSource : int { given = 0, estimated = 1, identity = 2, family = 3 };
// URL names of the sources, in value order.
inline constexpr std::string_view kUmaConfusionSourceNames[] = {"given", "estimated", "identity", "family"};
// The names of UmaConfusionSource as a span (settings/setting.h NamedEnum).
constexpr std::span<const std::string_view> enum_names(UmaConfusionSource) { return kUmaConfusionSourceNames; }
// UMA's kernel front end.
enum class UmaProjection : int { none = 0, kpca = 1, nystrom = 2 };
// URL names of the front ends, in value order.
inline constexpr std::string_view kUmaProjectionNames[] = {"none", "kpca", "nystrom"};
// The names of UmaProjection as a span (settings/setting.h NamedEnum).
constexpr std::span<const std::string_view> enum_names(UmaProjection) { return kUmaProjectionNames; }

// Largest training set for the exact kernel PCA front end (an O(n^3) eigendecomposition).
inline constexpr int kUmaMaxExactKpca = 4000;
// Condition numbers at or above this are reported as singular.
inline constexpr double kUmaSingularCondition = 1e15;

// A row-major double matrix (the Q^2 x D blocks of Gamma and z: one row per (p, k), contiguous).
using RowMatrixXd = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Every Gamma^p at once (004 Alg. 2 steps 4-6) from the class scores S = X W^T (n x Q): row p*Q + k of the
// result is gamma_k^p = (1/n) sum_i 1{labels_i = k} 1{x_i in A_p^alpha} x_i. Rows are added in double, i
// ascending (in float groups of 64 per block, each group added in double). When `predicted_observed` is
// given it receives the Q x Q counts #(argmax p, label k); `second_moments` receives, per block, (1/n^2)
// sum ||x_i||^2 over its rows (for the standard error of z_pq), taken from `row_norms2` when given.
RowMatrixXd uma_gamma(const FeatureRef& X, const std::vector<int>& labels, const FeatureRef& scores, int num_classes,
                      double alpha, Eigen::MatrixXd* predicted_observed = nullptr,
                      Eigen::VectorXd* second_moments = nullptr, const Eigen::VectorXd* row_norms2 = nullptr);
// Every z_pq (step 7): row p*Q + q of the result is row q of C^{-1} Gamma^p.
RowMatrixXd uma_update_vectors(const RowMatrixXd& gamma, const Eigen::MatrixXd& c_inverse);

// UMA's parameters.
struct UmaParams {
  double alpha = 0;                                          // score gap of A_p and E
  UmaSelection select = UmaSelection::error;                 // (p,q) selection
  UltraUpdate update = UltraUpdate::pair;                    // step sizes
  double tol = 1e-3;                                         // stopping tolerance on ||z_pq||, times min(1, R)
  double tol_se = 0;                                         // stop below this many standard errors (0 = off)
  int64_t max_updates = 1000;                                // update cap (0 = none)
  UmaConfusionSource confusion = UmaConfusionSource::given;  // where C comes from
  double est_fraction = 0.05;                                // estimated C: oracle-labelled fraction
  int family = 10;                                           // family C: the index j of C_j (004 Fig. 1(b))
  double max_cond = 1e6;                                     // largest accepted condition number of C
  UmaProjection projection = UmaProjection::none;            // kernel front end
  int dims = 100;                                            // projection size D
  KernelParams kernel{};                                     // the front end's kernel
  // The parameter table (settings/params.h).
  static const ParamTable<UmaParams>& table();
};

// The UMA learner.
class Uma final : public LearnerWith<UmaParams> {
 public:
  // The resource cost (core/learners/cost.h): the kernel front end's fit when it projects, a step that passes
  // over the sample once per class (2 n (D + 1) Q), rows of (D + 1) Q.
  static LearnerCost cost(const ProblemShape& shape, const UmaParams& params, CostSum& sum);
  // The largest condition number of C UMA accepts with these parameter values (l.max_cond).
  static double max_condition(const ParamValues& values);

  // Uses `c` (Q x Q, column convention) as the confusion matrix of source `given` at the next reset(),
  // instead of the config's noise; experiments feed estimated or deliberately wrong matrices this way.
  void set_confusion(const Eigen::MatrixXd& c) { override_c_ = c; }

  Status reset(const Problem& problem, const UmaParams& params) override;
  StepResult step() override;
  // no_eligible_pair (step 13), update_cap, or failed (the projection fit failed: W = 0).
  // The kernel front end's fit and the projection of the training sample, in slices (the first step
  // does whatever is left).
  bool prepare(double max_seconds, const ClockFn& now) override;
  Preparation preparation() const override;
  int num_classes() const override { return num_classes_; }
  void scores(const float* x, float* out) const override;
  void predict_batch(const FeatureRef& X, std::vector<int>* out) const override;
  // The scores of every row of X at once, bit-identical to scores() (without a projection: W x per row).
  void scores_batch(const FeatureRef& X, Eigen::MatrixXf* out) const override;
  // ||W||_F of the weight rows in UMA's feature space (0 before the first build).
  double hypothesis_norm() const override;
  // Every weight of W is finite.
  bool hypothesis_finite() const override;
  double bound() const override { return bound_; }
  const char* bound_label() const override { return "updates"; }
  // The bound allows for the noise (its rate enters the bound).
  BoundKind bound_kind() const override { return BoundKind::noise_aware; }
  std::vector<Counter> counters() const override;
  double predict_cost() const override;
  double step_cost() const override;
  const Eigen::MatrixXd* confusion_in_use(bool* estimated, int* oracle_labels) const override {
    if (estimated) *estimated = source_ == UmaConfusionSource::estimated;
    if (oracle_labels) *oracle_labels = static_cast<int>(oracle_rows_.size());
    return c_.size() > 0 ? &c_ : nullptr;
  }

  // The confusion matrix in use and its inverse.
  const Eigen::MatrixXd& confusion() const { return c_; }
  const Eigen::MatrixXd& confusion_inverse() const { return c_inv_; }
  // 2-norm condition number of C.
  double condition() const { return condition_; }
  // pi = (1/n) C^{-1} y_hat, the estimated true-class proportions (004 §3.5).
  const Eigen::VectorXd& class_proportions() const { return pi_; }
  // Training rows whose true labels were asked from the oracle (source estimated), ascending.
  const std::vector<int>& oracle_rows() const { return oracle_rows_; }
  // W, one row per class (Q x D, D = projected dimension), in double.
  const Eigen::MatrixXd& weight_rows() const { return w_; }
  // Every z_pq under the current W: row p*Q + q of a Q^2 x D matrix (valid once built).
  const RowMatrixXd& update_vectors() const { return z_; }
  // The pair the next step will use (-1 when done or not built).
  int next_p() const { return next_p_; }
  int next_q() const { return next_q_; }
  // Updates made.
  int64_t updates() const { return updates_; }
  // True once the kernel front end (if any) is fitted and the first Gamma pass is done.
  bool built() const { return built_; }
  // Why the first step's projection fit failed (the learner then stops with W = 0); Ok otherwise.
  const Status& build_status() const { return build_status_; }
  // The fitted projection (valid when built and projection != none).
  const KernelProjection& projection() const { return front_.projection(); }

 private:
  // reset()'s stages, in order.
  void clear_run_state(const Problem& problem, const UmaParams& params);     // the counters and choices of a new run
  Status choose_confusion(const Problem& problem, const UmaParams& params);  // c_ from l.confusion's source
  Status estimate_confusion_by_oracle(const Problem& problem, const UmaParams& params);  // source `estimated`
  Status invert_confusion(const Dataset& data, const UmaParams& params);      // checks c_; c_inv_, condition_, pi_
  Status configure_projection(const Dataset& data, const UmaParams& params);  // the kernel front end
  Status build();
  void update_scores(const double* tau);  // the class scores of the classes an update moved
  void refresh();                         // Gamma pass + all z_pq + estimated confusion rate
  void select_next();                     // chooses (next_p_, next_q_) or records the stop
  double data_scale() const;              // R = max ||x_i|| of the features (from row_norms2_), 0 when none
  const FeatureView& features() const {
    return projection_kind_ == UmaProjection::none ? problem_.train->X : front_.sample().X;
  }

  Problem problem_;
  UmaParams params_;
  Eigen::MatrixXd override_c_;
  int num_classes_ = 2;
  double alpha_ = 0;
  UmaSelection selection_ = UmaSelection::error;
  UltraUpdate rule_ = UltraUpdate::pair;
  double tolerance_ = 0;  // tol min(1, R) (R: data_scale), set when built
  double tol_se_ = 0;
  int64_t max_updates_ = 0;
  UmaConfusionSource source_ = UmaConfusionSource::given;
  Rng rng_{1, Stream::learner};

  Eigen::MatrixXd c_, c_inv_;
  double condition_ = 1;
  Eigen::VectorXd pi_;
  std::vector<int> oracle_rows_;

  UmaProjection projection_kind_ = UmaProjection::none;
  KernelFrontEnd front_;  // kpca / nystrom: π fitted on the training features, the projected sample

  bool built_ = false;
  bool build_failed_ = false;
  Status build_status_;
  double bound_ = 0;
  Eigen::MatrixXd w_;           // Q x D, double master copy
  FeatureMatrix w_float_;       // Q x D, what the scores and predictions use
  FeatureMatrix scores_;        // n x Q: X W^T, column k recomputed whenever w_k changes
  Eigen::VectorXd row_norms2_;  // ||x_i||^2 of the (projected) training rows
  RowMatrixXd z_;               // Q^2 x D: row p*Q+q = z_pq
  Eigen::VectorXd z_norm_;      // Q^2: ||z_pq|| (0 on the diagonal p = q)
  Eigen::VectorXd z_se_;        // Q^2: standard error of z_pq under the label noise
  std::vector<uint8_t> spent_;  // Q^2: pair found E = {} under the current W
  double max_z_norm_ = 0;
  double confusion_rate_est_ = 0;
  int next_p_ = -1, next_q_ = -1;
  int last_p_ = -1, last_q_ = -1;
  double last_z_norm_ = 0;
  int last_error_set_ = 0;
  int64_t updates_ = 0;
};

}  // namespace ml
