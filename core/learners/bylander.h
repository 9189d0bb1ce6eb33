// marginlab — Bylander's noise-tolerant perceptron with Cnoise-update (000 §3.1 Alg. 2 and Thm 3, after
// Bylander 1998; docs/algorithms.md §3.1).
//
// Work on z-examples z_i = y_i x_i / ||x_i|| (000 Remark 2; zero rows stay 0), labels read at reset.
// One step = one Cnoise update of the current w (w_0 = 0):
//   mu  = (1/m) sum_i z_i                         mu' = (1/m) sum_{i : <w,z_i> <= 0} z_i   (divided by m = |S|)
//   if <w,mu> <= nu ||w||:  z = mu
//   else:  a = (<w,mu> - nu||w||) / (<w,mu> - <w,mu'>),  b = (-<w,mu'> + nu||w||) / (<w,mu> - <w,mu'>),
//          z = a mu' + b mu
//   projection: if <w,z> > 0:  z <- z - w <w,z>/<w,w>
//   w <- w + z
// nu = eps gamma / 4 with eps = eps' (1 - 2 eta) (000 footnote 2: the paper's eps is the PAC error eps'
// scaled by 1 - 2 eta; this is where the noise rate enters). 000 is ambiguous here: Lemma 5 states
// nu = eps gamma / 4, the proof of Thm 4 uses eps gamma / 16; the parameter `nu` chooses (lemma5, the
// default, or thm4_proof), and the Thm 3 length below is the same for both. Thm 3: after more than 16/(eps gamma)^2
// updates the iterate with the best sample accuracy has accuracy >= 1 - eta - eps w.h.p.; bound() is
// 16/(eps gamma)^2 and what it counts is "updates".
//
// Parameters (explicit; the learner never reads the noise configuration, only, on request, the resolved
// noise process of its Problem):
//   epsilon  eps' in (0, 1], default 0.5
//   eta      the assumed noise rate eta in [0, 0.5), default 0.1 (set it to the data's rate yourself,
//            as 000 §5 gives the algorithm the actual eta)
//   eta_from_noise  1: eta is the data's actual noise rate instead, read from the noise process the session
//            resolved (Problem::known_confusion, as UMA's given C): 0 without noise, eta for uniform noise,
//            C_01 for a symmetric 2x2 matrix; any other noise is refused (bylander.eta_unknown). Default 0.
//   gamma    the assumed margin; 0 (default) = the target's margin on the z-examples the learner works on,
//            i.e. on x/||x|| of the data it is given, bias column included (Problem::unit_target_margin,
//            resolved by the session on the transformed training part), and when that is unknown too,
//            nu = 0 and bound() = NaN
//   updates  stop after this many updates; 0 (default) = floor(16/(eps gamma)^2) + 1 ("more than"),
//            no own stop when gamma is unknown
//   output   best (default: the iterate with the best sample accuracy so far, Thm 3) or last
//   nu       lemma5 (default: nu = eps gamma / 4) or thm4_proof (nu = eps gamma / 16)
//   tie      what <w,z_i> = 0 counts as in the sample accuracy: error (default: only <w,z_i> > 0 is
//            correct, so w_0 = 0 has accuracy 0) or correct (000 Def. 3: an error is <w,z_i> < 0; w_0 = 0 would then
//            have accuracy 1 and win forever, so with this rule the best iterate is chosen among w_1, w_2, ... only)
// The best iterate is the first one reaching the highest accuracy. The update's mu' (Alg. 2) always takes
// the z_i with <w,z_i> <= 0, whatever `tie`. done() also when z = 0 (w is stuck).
// Counters: z_norm (||z|| of the last update), sample_accuracy (of the current iterate),
// best_accuracy, best_update (index of the best iterate), nu.
//
// Warm start (warm_start, partial_fit): the current iterate w_0 is the previous Bylander perceptron's current
// iterate w_t (not its best one; the same dimension, else learner.warm_start_dimension) instead of 0. The rest
// starts fresh on the new sample: mu and the z-examples are the new data's, the update count is 0 (so `updates` and
// the Thm 3 length count the new run's updates), and the best-iterate bookkeeping starts with the carried w as its
// first candidate (update 0; it is a candidate with tie = correct too, as it is not the 0 vector that rule leaves
// out), so the output is the carried w until an update beats its accuracy on the new sample.
//
// Reuse: the RP-classifier runs this learner on projected data by giving it a Problem whose train
// points to the projected dataset. Scores <w,z_i> are float GEMV (Eigen); mu, mu', w and z are double.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "core/learners/learner.h"
#include "core/learners/linear_learner.h"
#include "core/settings/params.h"

namespace ml {

// What one Cnoise update computed (for tests and traces).
struct CnoiseStep {
  Eigen::VectorXd z;         // the update vector after projection
  Eigen::VectorXd mu_prime;  // (1/m) sum of the z_i with <w,z_i> <= 0
  bool mixed = false;        // the else-branch: z = a mu' + b mu
  double a = 0, b = 0;       // the mixing weights (0 when !mixed)
  bool projected = false;    // the projection step ran
};

// z-examples y_i x_i / ||x_i|| of a binary dataset (observed labels), as floats.
FeatureMatrix make_z_examples(const Dataset& data);
// One Cnoise update (000 Alg. 2): `mu` the mean of Z's rows, `nonpositive[i]` true when <w,z_i> <= 0.
CnoiseStep cnoise_update(const FeatureRef& Z, const Eigen::VectorXd& mu, const Eigen::VectorXd& w,
                         const std::vector<uint8_t>& nonpositive, double nu);

// Which iterate Bylander's perceptron outputs.
enum class BylanderOutput : int { best, last };
// Which of 000's two values of nu: eps gamma / 4 (Lemma 5) or eps gamma / 16 (the proof of Thm 4).
enum class BylanderNu : int { lemma5, thm4_proof };
// What a score <w,z_i> = 0 counts as in the sample accuracy: an error, or correct (000 Def. 3).
enum class BylanderTie : int { error, correct };
// nu's divisor: 4 for lemma5, 16 for thm4_proof.
inline double bylander_nu_divisor(BylanderNu nu) { return nu == BylanderNu::thm4_proof ? 16.0 : 4.0; }

// Bylander's perceptron's parameters (see the header comment).
struct BylanderParams {
  double epsilon = 0.5;                          // PAC error eps'
  double eta = 0.1;                              // the noise rate the algorithm assumes
  double gamma = 0;                              // the margin it assumes; 0 = Problem::unit_target_margin
  int64_t updates = 0;                           // update cap; 0 = the Thm 3 length
  BylanderOutput output = BylanderOutput::best;  // best iterate so far or the last one
  bool eta_from_noise = false;                   // eta = the noise process's rate (Problem::known_confusion)
  BylanderNu nu = BylanderNu::lemma5;            // nu = eps gamma / 4 (Lemma 5) or / 16 (Thm 4's proof)
  BylanderTie tie = BylanderTie::error;          // <w,z_i> = 0 in the sample accuracy
  // The parameter table (settings/params.h).
  static const ParamTable<BylanderParams>& table();
};

// Bylander's perceptron, one Cnoise update per step. It stops on theorem_length (the Thm 3 length), update_cap (the
// `updates` parameter), no_progress (z = 0) or empty_sample.
class BylanderPerceptron final : public LinearBinaryLearner<BylanderParams> {
 public:
  BylanderPerceptron() : LinearBinaryLearner("Bylander's perceptron") {}
  StepResult step() override;
  // The hypothesis scored: the best iterate (output_best) or the current one, as float.
  const Vector* weights() const override { return output_best_ ? &best_w_ : &w_float_; }
  double bound() const override { return bound_; }
  const char* bound_label() const override { return "updates"; }
  // The bound allows for the noise (its rate enters the bound).
  BoundKind bound_kind() const override { return BoundKind::noise_aware; }
  std::vector<Counter> counters() const override;
  // When the update cap stops the run before Thm 3's length, or gamma is unknown (no length, nu = 0).
  std::string rule_note() const override;
  // w_0 = the previous learner's current iterate; the best-iterate bookkeeping restarts (see the header comment).
  Status warm_start(const Learner& previous) override;

  // The eta in use (the parameter, or the noise process's rate with eta_from_noise).
  double eta() const { return eta_; }
  // nu = eps' (1 - 2 eta) gamma / 4 (or / 16, l.nu) in use.
  double nu() const { return nu_; }
  // The current iterate w_t (double).
  const Eigen::VectorXd& current() const { return w_; }
  // Sample accuracy of the best iterate so far.
  double best_accuracy() const { return best_accuracy_; }

 private:
  Status start(const Problem& problem, const BylanderParams& params) override;
  void score_current();

  FeatureMatrix z_;     // z-examples
  Eigen::VectorXd mu_;  // their mean
  Eigen::VectorXd w_;   // current iterate
  // w_float_ (the base's): current iterate as float (scores)
  Vector best_w_;           // best iterate as float
  Eigen::VectorXf scores_;  // <w_t, z_i>
  std::vector<uint8_t> nonpositive_;
  double eta_ = 0;
  double nu_ = 0;
  double bound_ = 0;
  int64_t max_updates_ = 0;  // 0 = no own stop
  int64_t updates_ = 0;
  double z_norm_ = 0;
  double accuracy_ = 0;
  double best_accuracy_ = -1;
  int64_t best_update_ = 0;
  bool output_best_ = true;
  bool tie_correct_ = false;  // tie = correct: <w,z_i> = 0 counts as correct, w_0 is not a candidate
  bool capped_ = false;       // max_updates_ is the `updates` parameter, not the Thm 3 length
  bool warm_ = false;         // w_0 was carried from a previous model (warm_start): a candidate whatever `tie`
};

}  // namespace ml
