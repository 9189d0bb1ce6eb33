// marginlab — SIMPLE OUTLIER SVM and OUTLIER SVM (002 §5 Fig. 4, Def. 5.1, Lemma 5.2; docs/algorithms.md §4.4):
// an approximate maximum margin with k examples set aside, from the best SVM of small subsets.
//
// rho_k(h, D) = the (k+1)-th smallest margin y <h, x> over D (h unit): the margin of h once its k worst
// examples are set aside. max_h rho_k(h, D) = rho_k, the optimal margin with k outliers removed (Def. 5.1).
// Both algorithms run rounds; round i evaluates subsets D_s of size c_i: h_s = SVM(D_s)
// (core/learners/svm_solver.h; subsets that are not separable are skipped and counted), and keeps
// h_max, the h_s with the largest rho_k(h_s, D) seen so far (over all rounds: never worse than the
// figure's per-round argmax; ties keep the first found). At the end of round i it halts when
// rho_k(h_max, D) > threshold_i:
//   SIMPLE OUTLIER SVM (Fig. 4b):  c_i = 2^i,                 threshold_i = R sqrt(K / c_i)
//   OUTLIER SVM (Fig. 4a):         c_i = ceil(K R^2/rho_i^2) = ceil(K 4^i) with rho_i = R/2^i,
//                                  threshold_i = rho_i
// Our reading of the garbled bound: Fig. 4a sets c = 32 R^2/rho^2 for the guessed margin rho and halts
// when rho_k(h_max) > rho; Fig. 4b's test "rho_k(h_max, D) > 32 R^2 / c" (as extracted) is the same rule
// solved for rho with the square root lost in extraction: rho = R sqrt(32/c), the margin at which a
// clean coreset of size c is guaranteed. K is the parameter `constant` (default 32, the figure's);
// Lemma 5.2's c = O((R/rho_k)^2/eps) carries an eps the figures drop: eps enters only through how large
// c gets (an exhaustive round whose c is at least the size of a (1-eps)-coreset of the clean data
// returns rho_k(h_max) >= (1-eps) rho_k, Lemma 3.1). With K = 32 the bound rarely fires (rho_k > R
// sqrt(32/c) needs c > 32 (R/rho_k)^2), so a size cap ends the run: c_i = min(schedule, M, max_size),
// and the round whose size reaches that cap is the last (stop_reason 2; 1 = the bound fired).
// Exhaustive or sampled (Kearns-Li style): a round enumerates all C(M, c) subsets in lexicographic order
// when C(M, c) <= budget ("exhaustive", mode 1), else evaluates `budget` subsets of c distinct rows drawn
// from Rng(seed, Stream::learner) ("sampled", mode 0). The mode of the current round is a counter.
// One step() = one batch of subset evaluations: max(1, min(256, 2^22 / (M (d + 1)))) subsets (a fixed
// amount of work, so the UI stays responsive; it depends only on the data's size). Evaluating a subset
// costs SVM(c) + O(M d); a subset is rejected as soon as k + 1 margins are <= the best rho_k (exact:
// its rho_k cannot be larger).
// bound() = K (R/rho_k(h_max))^2, labelled "subset size": the subset size at which the halting rule
// fires for the current best. Labels are the observed ones (outlier noise is the point of this learner).
// Counters: subset_size (c), mode (1 exhaustive, 0 sampled), round, round_subsets (subsets this round
// evaluates), round_done, subsets_evaluated (all rounds), not_separable_subsets, rho_k (of h_max),
// halt_threshold, stop_reason (0 running, 1 bound, 2 size cap).
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/learners/learner.h"
#include "core/learners/linear_learner.h"
#include "core/learners/svm_solver.h"
#include "core/settings/params.h"
#include "core/util/rng.h"

namespace ml {

// Which of 002's Fig. 4 algorithms.
enum class OutlierVariant : int {
  simple,    // Fig. 4b: c = 1, 2, 4, ...; halt when rho_k > R sqrt(K/c)
  doubling,  // Fig. 4a: rho = R/2^i, c = ceil(K R^2/rho^2); halt when rho_k > rho
};

// (k+1)-th smallest value of `margins` (taken by value: it is reordered); k < margins.size().
double kth_smallest_margin(std::vector<double> margins, int k);
// C(m, c) when it is at most `cap`, else any value > cap (never overflows).
double binomial_up_to(int m, int c, double cap);

// The parameters of SIMPLE OUTLIER SVM and OUTLIER SVM.
struct OutlierSvmParams {
  int k = 10;             // examples set aside: rho_k is the (k+1)-th smallest margin
  int64_t budget = 2000;  // subsets per round when not all C(M,c) fit
  int max_size = 64;      // the last round's subset size c
  double constant = 32;   // K in c = K R^2/rho^2
  // The parameter table (settings/params.h).
  static const ParamTable<OutlierSvmParams>& table();
};

// SIMPLE OUTLIER SVM / OUTLIER SVM, one batch of subsets per step.
class OutlierSvm final : public LinearBinaryLearner<OutlierSvmParams> {
 public:
  // The algorithm of Fig. 4b (simple) or 4a (doubling).
  explicit OutlierSvm(OutlierVariant variant)
      : LinearBinaryLearner(variant == OutlierVariant::simple ? "Simple outlier SVM" : "Outlier SVM"),
        variant_(variant) {}
  // Registry schema of SIMPLE OUTLIER SVM (id simple_outlier_svm).
  static LearnerSchema simple_schema();
  // Registry schema of OUTLIER SVM (id outlier_svm).
  static LearnerSchema schema();

  StepResult step() override;
  bool done() const override { return done_; }
  double bound() const override;
  const char* bound_label() const override { return "subset size"; }
  // Lemma 5.2 states the size's order only: an O() rate, with the constant K (the parameter `constant`).
  BoundKind bound_kind() const override { return BoundKind::order_rate; }
  // K.
  double bound_constant() const override { return constant_; }
  std::vector<Counter> counters() const override;

  // rho_k(h_max, D), NaN before the first separable subset.
  double rho_k() const;
  // h_max (unit; zero before the first separable subset).
  const Eigen::VectorXd& hypothesis() const { return best_w_; }
  // The subset h_max was trained on (rows, ascending).
  const std::vector<int>& best_subset() const { return best_subset_; }
  // True when the current (or last) round is exhaustive.
  bool exhaustive() const { return exhaustive_; }
  // Subset size of the current (or last) round.
  int subset_size() const { return c_; }
  // Subsets evaluated in all rounds.
  int64_t subsets_evaluated() const { return evaluated_; }
  // 0 running, 1 the halting bound fired, 2 the size cap ended the run (the stop_reason counter).
  int stop_code() const { return stop_reason_; }
  // halting_rule, size_cap, not_separable (no subset was separable, or rho_k(h_max) <= 0: no halfspace
  // found separates the data with k examples set aside) or empty_sample.
  StopReason stop_reason() const override;
  // When the halting rule cannot fire at this max_size for the best hypothesis so far (it needs subsets of
  // more than K (R/rho_k)^2 examples), with the size at which it would.
  std::string rule_note() const override;

 private:
  Status start(const Problem& problem, const OutlierSvmParams& params) override;
  void start_round();
  void end_round();
  void evaluate(const std::vector<int>& rows);
  bool next_combination();

  OutlierVariant variant_;
  Rng rng_{1, Stream::learner};
  int k_ = 0;
  double budget_ = 0;
  int cap_ = 0;           // min(M, max_size)
  double constant_ = 32;  // K
  double radius_ = 0;
  int batch_ = 1;
  std::vector<int> signs_;
  // Round state.
  int round_ = 0;
  int c_ = 0;
  bool exhaustive_ = true;
  int64_t round_subsets_ = 0;
  int64_t round_done_ = 0;
  double threshold_ = 0;
  std::vector<int> comb_;  // exhaustive: the next combination
  // Totals and the best hypothesis.
  int64_t evaluated_ = 0;
  int64_t not_separable_ = 0;
  bool has_best_ = false;
  double best_rho_k_ = 0;
  Eigen::VectorXd best_w_;
  std::vector<int> best_subset_;
  std::vector<double> margins_;
  int stop_reason_ = 0;
  bool done_ = true;
};

// Registry factories.
std::unique_ptr<Learner> make_simple_outlier_svm();
std::unique_ptr<Learner> make_outlier_svm();

}  // namespace ml
