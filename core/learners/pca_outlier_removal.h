// marginlab — A_mu: PCA outlier removal, then the averaging algorithm (Klivans, Long & Servedio 2009,
// 003 §2.1; docs/algorithms.md §3.5), and the PCA removal round A_mlcw shares (003 §3.2, smooth_boost.h).
//
// A_mu on a sample S of m examples in n = d dimensions (m = the training part, fixed at reset):
//   2. w = top unit eigenvector of A = sum_{x in S} x x^T (003 Lemma 1), sigma^2 = its eigenvalue
//      = sum_{x in S} <w,x>^2; if sigma^2 < c m log m / n go to 4;
//   3. remove from S every x with <w,x>^2 >= c log m / n; go to 2;
//   4. output the averaging algorithm's hypothesis on what remains: v = mean y x, h = sgn <v,x>.
// One step = one pass through 2 (and 3): a removal round, or the final round that finds sigma^2 below
// the threshold and stops (done()). After every round the hypothesis is the averaging algorithm on the
// examples that remain, so the trace shows the test error fall round by round; before the first step
// v = 0. The 003 constant is c = 10 (the default). Both thresholds share c, so on unit-ball data a
// coordinated eta-fraction triggers a removal only when c log m / n < eta + 1/n (c = 10, m = 7500,
// eta = 0.1: n > 900); docs/malicious.md uses c = 1 at n = 100 and explains why n = 20 cannot both
// trigger and spare the clean points. log is the natural logarithm (det::log) of max(m, 2).
//
// Which examples were removed is reported through Learner::removed_examples(); the learner never reads
// Dataset::corruption, and the session splits the removed examples into clean / corrupted.
// Counters: round (removal rounds done, the final check included), sigma2 (sigma^2 of the last round),
// variance_threshold (c m log m / n), point_threshold (c log m / n), removed (examples removed by the
// last round), remaining (|S|).
//
// Numbers: A is summed in double in index order (coordinate loops, no Eigen reductions), its top
// eigenpair from Eigen's SelfAdjointEigenSolver in double; <w,x> in double in coordinate order. The
// averaging step is the Averaging learner (averaging.h) run on the surviving rows. A round costs
// O(|S| d^2 + d^3). A round that would remove nothing (possible only through rounding, since
// sigma^2 >= threshold implies max <w,x>^2 >= c log m / n) ends the loop like the stopping test.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "core/learners/learner.h"
#include "core/learners/linear_learner.h"
#include "core/settings/params.h"

namespace ml {

// The direction of largest variance of a set of rows (003 Lemma 1).
struct TopDirection {
  double sigma2 = 0;          // largest eigenvalue of A = sum x x^T, i.e. sum <w,x>^2 (0 for no rows)
  Eigen::VectorXd direction;  // its unit eigenvector w (e_1 for no rows)
};

// Top eigenpair of A = sum_{i in rows} x_i x_i^T (rows may repeat: a multiset), A summed in double.
TopDirection top_direction(const FeatureRef& X, const std::vector<int>& rows);

// Which inequalities a removal round uses: 003 §2.1 (A_mu) and §3.2 (A_mlcw) differ at equality.
enum class RemovalRule : int {
  mu,    // stop when sigma^2 < variance threshold; remove <w,x>^2 >= point threshold (003 §2.1)
  mlcw,  // stop when sigma^2 <= variance threshold; remove <w,x>^2 > point threshold (003 §3.2 step 3)
};

// What one removal round did.
struct RemovalRound {
  double sigma2 = 0;     // sigma^2 of the rows before the round
  int removed = 0;       // rows removed (0 when the round stopped)
  bool stopped = false;  // the variance test passed (or nothing could be removed): the loop is over
};

// One round of PCA outlier removal on `rows` (kept in their order). Removed rows are appended to
// `removed` (may be null).
RemovalRound pca_removal_round(const FeatureRef& X, double variance_threshold, double point_threshold, RemovalRule rule,
                               std::vector<int>* rows, std::vector<int>* removed);

// The averaging algorithm's vector v = mean y x over `rows` of `data` (repeats count), computed by the
// Averaging learner (averaging.h) on those rows in the given order; zero for no rows.
Vector averaging_vector(const Dataset& data, const std::vector<int>& rows);

// A_mu's parameters.
struct PcaOutlierRemovalParams {
  double c = 10;  // threshold constant (003 §2.1 uses 10)
  // The parameter table (settings/params.h).
  static const ParamTable<PcaOutlierRemovalParams>& table();
};

// A_mu, one removal round per step. It stops on variance_test (003's step 2 test), all_removed or empty_sample.
class PcaOutlierRemoval final : public LinearBinaryLearner<PcaOutlierRemovalParams> {
 public:
  PcaOutlierRemoval() : LinearBinaryLearner("A_mu (PCA outlier removal)") {}
  StepResult step() override;
  std::vector<Counter> counters() const override;
  const std::vector<int>* removed_examples() const override { return &removed_; }
  // When the removal rule cannot act (c log m / n >= R^2: no <w,x>^2 can reach it) or did not (the
  // variance test fired before any removal), with the dimension from which it can.
  std::string rule_note() const override;

 private:
  Status start(const Problem& problem, const PcaOutlierRemovalParams& params) override;
  double radius2_ = 0;             // R^2: the largest <w,x>^2 any unit w can give
  double c_ = 10;                  // the constant c
  double log_m_ = 0;               // log max(m, 2)
  double variance_threshold_ = 0;  // c m log m / n
  double point_threshold_ = 0;     // c log m / n
  std::vector<int> rows_;          // S: the examples that remain, ascending
  std::vector<int> removed_;       // removed examples, in removal order
  // w_float_ (the base's): averaging vector of rows_ (0 before the first step)
  int round_ = 0;
  double last_sigma2_ = 0;
  int last_removed_ = 0;
};

}  // namespace ml
