// marginlab — multiclass ultraconservative additive algorithms (Crammer & Singer, JMLR 3, 2003;
// 004 §3.1 Alg. 1 and Thm 1; docs/algorithms.md §2.6).
//
// W = [w_1..w_Q], f_W(x) = argmax_q <w_q, x> (ties to the lowest class). One example (x, y) per step:
//   error set  E(x, y) = {r != y : <w_r, x> - <w_y, x> >= 0}                                  (004 eq. 5)
//   if E != {}: w_r <- w_r + tau_r x for every r, with tau_y = 1, tau_r <= 0 on E, 0 elsewhere,
//               sum_r tau_r = 0                                                              (004 eq. 6)
// Step sizes offered (Crammer & Singer §3): max (tau = -1 on the highest-scoring r of E, ties to the
// lowest index), uniform (tau_r = -1/|E|), proportional (tau_r = -[s_r - s_y] / sum_{r' in E} [s_r' - s_y],
// with s = W x; uniform when that sum is 0, e.g. at W = 0). UMA (uma.h) reuses ultraconservative_steps with
// its own threshold alpha and its "pair" rule.
// A mistake is an example whose error set is not empty (ties count: W = 0 errs on everything, as the
// binary Perceptron of 000 Fig. 1).
//
// Bound (004 Thm 1, Crammer & Singer Thm 2): if W* with ||W*||_F = 1 has margin theta (<w*_y - w*_r, x> >=
// theta for every r != y) and ||x|| <= R, any ultraconservative algorithm makes at most 2 R^2 / theta^2
// mistakes (||W||_F^2 grows by at most 2 R^2 per update, <W*, W> by at least theta). With normalize = 1
// the points are x/||x|| and their margin is >= theta/R, so the same 2 R^2/theta^2 holds. theta is the
// generator's: Problem::multiclass_margin, which the session resolves to Problem::target_margin or, for
// generator `classes` (whose Dataset has no binary target), the margin the generator measures with
// ||W*||_F = 1 (004 Def. 2); unknown (NaN bound) for CSV data and after standardization.
//
// Order and stopping as the Perceptron (perceptron.h): cyclic or a fresh seeded permutation per epoch;
// done() after an epoch without mistakes. W is float (Eigen GEMV/axpy: bit-identical in both builds).
//
// Warm start (warm_start, partial_fit): W_0 is the previous ultraconservative learner's W instead of 0 (the same
// Q x d, else learner.warm_start_dimension); order, scales and bound are the new data's, epochs count from 0, so a
// run on A then a warm run on B end with the W of one cyclic run on A;B.
//
// f_conf (004 §4.2, Table 1): with conf > 0 the learner trains only on S_conf, the training rows whose true
// labels UMA's estimated C asks the label oracle for (confident_sample_rows: the same rows UMA draws for the
// same seed and fraction), with those true labels; every other training row and its label is ignored.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/learners/example_order.h"
#include "core/learners/learner.h"
#include "core/settings/params.h"
#include "core/util/rng.h"

namespace ml {

// The ultraconservative step-size rules (004 §3.1; pair is UMA's experimental rule, 004 §4).
enum class UltraUpdate : int {
  max = 0,           // tau = -1 on the highest-scoring member of E
  uniform = 1,       // tau_r = -1/|E| on E
  proportional = 2,  // tau_r proportional to the violation s_r - s_y on E
  pair = 3,          // UMA only: tau_p = -1 for the selected p when p is in E, else the max rule
};
// URL names of the rules, in value order (the online learner offers the first three, UMA all four).
inline constexpr std::string_view kUltraUpdateNames[] = {"max", "uniform", "proportional", "pair"};
// The names of UltraUpdate as a span (settings/setting.h NamedEnum).
constexpr std::span<const std::string_view> enum_names(UltraUpdate) { return kUltraUpdateNames; }

// The step sizes for a point of class y whose class scores are s[0..Q): fills tau[0..Q) and returns |E|
// where E = {r != y : s_r - s_y >= alpha}; tau is all zero when E is empty. `pair_class` is the p of the
// pair rule (ignored by the other rules). Scores and steps in double.
int ultraconservative_steps(const double* scores, int num_classes, int y, double alpha, UltraUpdate rule,
                            int pair_class, double* tau);

// 004 §4.2's S_conf: round(fraction n) training rows (at least 1, at most n) drawn by rng.choose, ascending —
// the rows whose true labels UMA's estimated C and the f_conf baseline ask the label oracle for.
std::vector<int> confident_sample_rows(int n, double fraction, Rng& rng);

// The mistake bound 2 R^2 / theta^2 (004 Thm 1); NaN unless R > 0 and theta > 0.
double ultraconservative_bound(double radius, double theta);

// The ultraconservative learner's parameters.
struct UltraconservativeParams {
  UltraUpdate update = UltraUpdate::max;  // step sizes: max, uniform or proportional (not pair)
  bool normalize = true;                  // update with x/||x||
  VisitOrder order = VisitOrder::cyclic;  // example order
  double conf = 0;                        // f_conf: train on S_conf (this fraction, true labels) only; 0 = off
  // The parameter table (settings/params.h).
  static const ParamTable<UltraconservativeParams>& table();
};

// The online multiclass ultraconservative learner. It stops on epoch_without_mistakes (or empty_sample).
class Ultraconservative final : public LearnerWith<UltraconservativeParams> {
 public:
  Status reset(const Problem& problem, const UltraconservativeParams& params) override;
  StepResult step() override;
  int next_example() const override;
  int num_classes() const override { return num_classes_; }
  void scores(const float* x, float* out) const override;
  void predict_batch(const FeatureRef& X, std::vector<int>* out) const override;
  // The scores of every row of X at once, bit-identical to scores().
  void scores_batch(const FeatureRef& X, Eigen::MatrixXf* out) const override { linear_scores_batch(X, w_, out); }
  // ||W||_F of the weight rows.
  double hypothesis_norm() const override;
  // Every weight of W is finite.
  bool hypothesis_finite() const override;
  double bound() const override { return bound_; }
  std::vector<Counter> counters() const override;
  // W_0 = the previous learner's W (see the header comment).
  Status warm_start(const Learner& previous) override;

  // W, one row per class (Q x d).
  const FeatureMatrix& weight_rows() const { return w_; }

 private:
  const Dataset* data_ = nullptr;
  int num_classes_ = 2;
  UltraUpdate rule_ = UltraUpdate::max;
  FeatureMatrix w_;              // Q x d
  std::vector<float> scale_;     // 1/||x_i|| (normalize) or 1
  ExampleOrder order_;           // over the training rows, or over rows_ (f_conf)
  std::vector<int> rows_;        // f_conf: S_conf's rows (empty: every training row)
  std::vector<int> row_labels_;  // f_conf: their true labels, from the oracle
  int last_error_set_ = 0;
  double bound_ = 0;
};

}  // namespace ml
