// marginlab — the Learner contract (docs/architecture.md, "How to add a learner").
//
// A learner steps one atomic update of *its* algorithm at a time (an online example, a Cnoise update,
// a coreset insertion, a removal round, a boosting round, a UMA update) so the session can interleave
// training with recording and the UI can animate it. A learner never computes test error, never draws
// and never prints; it sees only observed labels.
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <iterator>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/data/dataset.h"
#include "core/settings/params.h"
#include "core/util/clock.h"
#include "core/util/flatten.h"
#include "core/util/status.h"

// Marks a step_many loop: the compiler inlines every call inside it (Eigen's dot and axpy included, which
// it otherwise may leave as calls per example).
#define ML_STEP_LOOP ML_FLATTEN

namespace ml {

// The finite concept class the data were generated from, as the session resolves it from the config
// (Halving's class "auto" is this class; its sphere / thresholds classes live in the same coordinates).
enum class GeneratedClass : int {
  none,        // the data do not come from a finite class (another generator, or a CSV)
  sphere,      // generator `finite`: |C| directions finite_class_directions(count, sphere_dims, seed)
  thresholds,  // generator `thresholds`: |C| thresholds on x_1 against the constant column
};

// Where a finite concept class lives in the training data's columns (resolved by the session).
struct ConceptSource {
  GeneratedClass kind = GeneratedClass::none;  // the generator's own class, none when there is none
  int count = 0;                               // its |C| (the generator's `concepts`), 0 when kind is none
  int sphere_dims = 0;       // columns a sphere class spans (the `finite` generator's d: its appended bias
                             // column gets weight 0); 0 = every column
  int constant_column = -1;  // the column that is constant 1 (thresholds data: column 1; else the bias column),
                             // -1 when there is none
};

// What a learner is given at reset: everything it may use, resolved by the session (core/session.cpp).
// A learner never sees the Config.
struct Problem {
  const Dataset* train = nullptr;  // training part; learners read X and label only (never true_label/corruption)
  int num_classes = 2;             // Q
  uint64_t seed = 1;               // master seed: draw from Rng(seed, Stream::learner)
  // delta: the margin of the generator's target v on the training part as the learner sees it (after the
  // unit normalization and the bias column, with the true labels): min_i y_i <v, x_i> / ||v||, 0 when unknown
  // (no target, a CSV, standardize, kernel features, or v does not separate the part). Resolved by the
  // session (resolve_problem) on the transformed data itself, so it is the delta of (R/delta)^2 with
  // R = radius. The adaptive basis stream keeps its generator's exact 1/sqrt(k) (labels come later).
  double target_margin = 0.0;
  // gamma: the same target's margin on the rows scaled to unit length, min_i y_i <v, x_i> / (||v|| ||x_i||),
  // 0 when unknown: the margin of the data learners that work on x/||x|| see (Bylander's z-examples, the
  // normalized Perceptron of 000 Fig. 1, whose bound is then 1/gamma^2).
  double unit_target_margin = 0.0;
  // theta for multiclass bounds: target_margin when positive, else the margin the `classes` generator
  // recorded for its Q targets when the features are not normalized (the bias column keeps it: the targets
  // get weight 0 there; unit scaling changes it per point and standardize moves the points), 0 when unknown.
  double multiclass_margin = 0.0;
  double radius = 0.0;  // R = max ||x|| over the training part (as the learner sees it)
  // The noise process's confusion matrix (noise_confusion_matrix of the config's noise on Q classes), or
  // why there is none; UMA's "given" C.
  Result<Eigen::MatrixXd> known_confusion = make_error("problem.no_noise", "no noise process was given");
  // The base matrix M of the noise's 004 §4.1 confusion family (noise=family: family_base_matrix of its
  // seed on Q classes), or why there is none; UMA's `family` C is C_j of this family.
  Result<Eigen::MatrixXd> confusion_family_base =
      make_error("problem.no_family", "the noise is not a confusion family");
  ConceptSource concepts;  // the generator's finite class and its columns (Halving)
  // Label oracle (004 §4.2 S_conf): the true class of training example i, for learners whose protocol asks an
  // expert for a few labels (UMA's estimated confusion matrix). Each call is one query, which the learner
  // counts and reports. Empty when no oracle is offered; the session offers one.
  std::function<int(int)> label_oracle;
};

// What one step did.
struct StepResult {
  bool mistake = false;  // online learners: the processed example was mispredicted (counts toward the bound)
  bool updated = false;  // the hypothesis changed
  int example = -1;      // index of the processed training example, or -1
};

// What a run of steps did (Learner::step_many): the StepResult flags of its steps, counted.
struct StepCounts {
  int64_t steps = 0;     // steps taken
  int64_t mistakes = 0;  // steps with StepResult::mistake
  int64_t updates = 0;   // steps with StepResult::updated
};

// A named counter a learner reports (queries, coreset size, removed points, ...).
struct Counter {
  std::string name;  // short snake_case name, stable (trace column)
  double value = 0;  // current value
};

// Expensive work a learner does ahead of its next step (a kernel projection fit), for progress displays.
struct Preparation {
  bool pending = false;   // the next step waits for work that prepare() can do in slices
  double progress = 1.0;  // fraction of that work done, 0..1, never decreasing
  std::string what;       // what is being prepared, e.g. "Kernel projection" (a sentence start)
  std::string stage;      // the current part of it, e.g. "eigendecomposition"
};

// Why a learner stopped by its own rule (Learner::stop_reason). The names (kStopReasons, in value order) are
// stable: the run JSON, the Learner panel and docs/learners.md "Stop reasons" read them.
// What a learner's bound() states: a proven bound on clean (separable, noise-free) data, which noise may
// break; a proven bound that allows for the noise; or the paper's O() size evaluated with a constant of ours
// (not a proven bound: it is shown as a rate with its constant, never with "<=").
enum class BoundKind : int { clean_data, noise_aware, order_rate };

enum class StopReason : int {
  none,                    // still running
  finished,                // the learner's only rule ended it (learners that do not name their rules)
  empty_sample,            // nothing to learn from: the training part is empty
  epoch_without_mistakes,  // a whole epoch passed without a mistake
  end_of_sample,           // one pass: every training example was seen once
  theorem_length,          // the update count reached the paper's length (000 Thm 3: more than 16/(eps gamma)^2)
  update_cap,              // the update count reached the `updates` parameter
  no_progress,             // the update vector is 0: the hypothesis can no longer change
  weight_test,             // SmoothBoost's test: the mean weight fell below epsilon
  round_bound,             // SmoothBoost's round bound T was reached (the weak learner fell short of gamma)
  round_cap,               // the `rounds` parameter was reached
  coreset_rule,            // CORESET SVM's rule: no example has margin below (1 - eps) rho
  verified,                // ACTIVE CORESET SVM's VERIFY found no violating example
  pool_exhausted,          // every example is in the coreset
  halting_rule,            // OUTLIER SVM's halting rule fired: rho_k(h_max) > threshold
  size_cap,                // OUTLIER SVM's subsets reached max_size (or m) before the halting rule fired
  variance_test,           // A_mu's test: sigma^2 below c m log m / n
  all_removed,             // every example was removed
  no_eligible_pair,        // UMA's step 13: no pair left with ||z_pq|| at or above the tolerance
  not_separable,           // a hard-margin SVM met a (sub)sample that is not linearly separable: no valid result
  failed,                  // the learner's own preparation failed (a kernel projection): no valid result
  numeric_overflow,        // a weight, margin or score became NaN or infinite in float32: no valid result
};
// A stop reason's name and what it means (one sentence, for the UI and docs).
struct StopReasonInfo {
  std::string_view name;     // snake_case, stable
  std::string_view meaning;  // one sentence
};
// Every stop reason, in StopReason order.
inline constexpr StopReasonInfo kStopReasons[] = {
    {"none", "still running"},
    {"finished", "the learner's own rule ended it"},
    {"empty_sample", "the training part is empty"},
    {"epoch_without_mistakes", "a whole epoch passed without a mistake: the data are separated"},
    {"end_of_sample", "every training example was seen once"},
    {"theorem_length", "the update count reached 000 Thm 3's length, more than 16/(eps gamma)^2"},
    {"update_cap", "the update count reached the `updates` parameter"},
    {"no_progress", "the update vector is 0: the hypothesis can no longer change"},
    {"weight_test", "SmoothBoost's test fired: the mean weight fell below epsilon"},
    {"round_bound", "SmoothBoost's round bound T was reached: the weak learner fell short of gamma"},
    {"round_cap", "the `rounds` parameter was reached"},
    {"coreset_rule", "CORESET SVM's rule: no example has margin below (1 - eps) rho"},
    {"verified", "ACTIVE CORESET SVM's VERIFY found no violating example"},
    {"pool_exhausted", "every example is in the coreset"},
    {"halting_rule", "OUTLIER SVM's halting rule fired: rho_k(h_max) above the round's threshold"},
    {"size_cap", "the subset size reached max_size (or m) before the halting rule fired"},
    {"variance_test", "A_mu's test: the top variance fell below c m log m / n"},
    {"all_removed", "every example was removed"},
    {"no_eligible_pair", "UMA's step 13: no pair left with ||z_pq|| at or above the tolerance"},
    {"not_separable", "the hard-margin SVM met a sample that is not linearly separable: no valid result"},
    {"failed", "the learner's preparation failed: no valid result"},
    {"numeric_overflow",
     "a weight, margin or score became NaN or infinite (beyond float32's range): no valid result; scale the "
     "features"},
};
static_assert(std::size(kStopReasons) == static_cast<size_t>(StopReason::numeric_overflow) + 1,
              "one row per StopReason");
// The stable name of a stop reason.
inline std::string_view stop_reason_name(StopReason r) { return kStopReasons[static_cast<int>(r)].name; }
// True for the reasons that leave no valid result (`marginlab run` exits 3 on them, docs/cli.md).
inline bool stop_is_failure(StopReason r) {
  return r == StopReason::not_separable || r == StopReason::failed || r == StopReason::numeric_overflow;
}
// True when a learner's margin or score m is a number float32 holds (not NaN, not infinite): the online learners
// stop with numeric_overflow on any other (a NaN compares false with everything, so it must never pass as "no
// mistake").
inline bool finite_score(double m) { return std::fabs(m) <= static_cast<double>(std::numeric_limits<float>::max()); }

// One learning algorithm. Implementations live in one file pair each and one row of registry.cpp.
class Learner {
 public:
  virtual ~Learner() = default;
  // Prepares to learn `problem` with the config's parameter values (the non-default ones; the others
  // take their defaults). LearnerWith<P> decodes them into the learner's typed Params.
  virtual Status reset(const Problem& problem, const ParamValues& params) = 0;
  // Called after reset(): continues from `previous`, a fitted learner of the same kind, by taking its hypothesis
  // (never its data, never its stop state) so the next steps start from it; the per-problem state reset computed
  // (bound, scales, order) stays the new data's. Default: the error no_warm_start("this learner").
  virtual Status warm_start(const Learner& previous);
  // Performs one atomic update; must not be called when done().
  virtual StepResult step() = 0;
  // True when the algorithm has stopped by its own rule (default: a learner that records why with set_stop).
  virtual bool done() const { return stop_ != StopReason::none; }
  // Takes 1 to max_steps (>= 1) steps in one call, ending in the state and counts of that many step() calls;
  // must not be called when done(). An override takes all max_steps unless done() comes first. The session calls it
  // between two recording points when nothing has to happen between steps (no adaptive label), planning the run with
  // the cost_factor of the current state: an override's predict_cost() may only grow and its step_cost() must stay put.
  // Default: one step() (learners whose steps are costly anyway); the online learners loop without a virtual call per
  // example.
  virtual StepCounts step_many(int64_t max_steps) {
    (void)max_steps;
    const StepResult r = step();
    return {1, r.mistake ? 1 : 0, r.updated ? 1 : 0};
  }
  // Does, in slices of about max_seconds on `now`, the expensive part of the next step that can run
  // ahead of it (a kernel projection fit and the transform of the training sample); true when the next
  // step is ready. Not a step: it changes no counter a trace row shows, and step() finishes whatever is
  // left synchronously, so a run gives the same trace whether or not (and however) prepare() was called.
  virtual bool prepare(double max_seconds, const ClockFn& now) {
    (void)max_seconds;
    (void)now;
    return true;
  }
  // What prepare() has left to do (default: nothing).
  virtual Preparation preparation() const { return {}; }
  // Index of the training example the next step() processes when that step is one online example,
  // else -1. Online learners read its label through problem.train at step time: the session's
  // adaptive basis stream (001 Claim 1.4) sets that label just before the step.
  virtual int next_example() const { return -1; }
  // Q, the number of class scores scores() writes (2 for binary learners).
  virtual int num_classes() const = 0;
  // Writes Q class scores for x (binary: Q = 2, out[1] - out[0] is the signed decision value).
  virtual void scores(const float* x, float* out) const = 0;
  // Predicted class of x: the argmax of scores (ties to the lowest class).
  virtual int predict(const float* x) const;
  // Predicts every row of X (linear learners override with one matrix product).
  virtual void predict_batch(const FeatureRef& X, std::vector<int>* out) const;
  // Writes the Q class scores of every row of X into *out (X.rows() x Q), bit-identical to scores() row by
  // row (the 2-D view's decision grid; default: loops scores()).
  virtual void scores_batch(const FeatureRef& X, Eigen::MatrixXf* out) const;
  // The hypothesis as a halfspace in input space when it is one (binary linear learners), else nullptr.
  virtual const Vector* weights() const { return nullptr; }
  // The weights w when scores() is exactly halfspace_scores(x, w) (the binary linear learners: their hypothesis
  // is w alone, so a model restored from w, as a Python pickle is, predicts bit for bit as they do), else nullptr.
  virtual const Vector* halfspace() const { return nullptr; }
  // The norm that turns class scores into geometric margins when the hypothesis is a linear classifier of
  // the features it scores: ||w|| of a binary halfspace (default: from weights()), ||W||_F of Q weight rows
  // scoring W phi(x) (004 Def. 2); 0 while W = 0; NaN when the hypothesis is not linear (no margin defined).
  virtual double hypothesis_norm() const;
  // False when the hypothesis holds a NaN or infinite number (the session then stops with numeric_overflow). It
  // is checked after every run of steps, so it must cost about one pass over the weights, never over the data.
  // Default: every coordinate of weights() is finite (true without weights()); learners with other state override.
  virtual bool hypothesis_finite() const;
  // Why the learner stopped by its own rule once done(), StopReason::none before (docs/learners.md "Stop
  // reasons"). The default: the reason recorded with set_stop, else `finished` for a learner with one rule.
  virtual StopReason stop_reason() const {
    if (stop_ != StopReason::none || !done()) return stop_;
    return StopReason::finished;
  }
  // A sentence when one of the paper's rules of this learner cannot act (or has not acted) on this problem,
  // naming the regime where it does; empty otherwise. Shown under the stop reason.
  virtual std::string rule_note() const { return {}; }
  // Theoretical bound on this learner's mistakes/updates for this problem; NaN when none applies.
  virtual double bound() const { return std::numeric_limits<double>::quiet_NaN(); }
  // What `bound()` counts, for labels: "mistakes", "updates", "expected mistakes".
  virtual const char* bound_label() const { return "mistakes"; }
  // What kind of statement `bound()` is (a proven bound for clean data, one that allows for the noise, or an
  // O() rate evaluated with a stated constant); how the results line and the run JSON word it.
  virtual BoundKind bound_kind() const { return BoundKind::clean_data; }
  // The constant `bound()` puts in front of its O() rate (BoundKind::order_rate); NaN for the other kinds.
  virtual double bound_constant() const { return std::numeric_limits<double>::quiet_NaN(); }
  // The learner's own counters, in a stable order.
  virtual std::vector<Counter> counters() const { return {}; }
  // Rough multiply-adds to predict one example, for the session's evaluation schedule (a recorded row
  // predicts every example); 0 (default) means the input dimension, i.e. a linear learner.
  virtual double predict_cost() const { return 0; }
  // Rough multiply-adds of one step, for learners whose step is itself a pass over the data (UMA): the
  // session then records rows in proportion to the training work instead of assuming cheap online steps.
  // 0 (default): an online step, negligible next to a recorded row.
  virtual double step_cost() const { return 0; }
  // Training examples (indices into problem.train, repeats allowed) the learner has set aside by its own
  // rule, e.g. outlier removal; nullptr for learners that never remove any. The learner chooses them
  // without reading Dataset::corruption; the session splits them into clean / corrupted for the trace.
  virtual const std::vector<int>* removed_examples() const { return nullptr; }
  // The parameter values the learner's own cross-validation chose (the experiments' x.select=first protocol
  // applies them to every replicate of a group), with the chosen pair's validation error; false while it
  // has not chosen, or when the learner never chooses its own parameters (default).
  virtual bool selected_params(ParamValues* values, double* cv_error) const {
    (void)values;
    (void)cv_error;
    return false;
  }
  // The confusion matrix the learner corrects for (column convention, Q x Q; UMA), or nullptr. `estimated`
  // is set when the learner estimated it itself from oracle labels (their number in *oracle_labels).
  virtual const Eigen::MatrixXd* confusion_in_use(bool* estimated, int* oracle_labels) const {
    (void)estimated;
    (void)oracle_labels;
    return nullptr;
  }

 protected:
  // Records why the learner stopped when it stops: done() is true from then on (none clears it, in reset).
  void set_stop(StopReason why) { stop_ = why; }

 private:
  StopReason stop_ = StopReason::none;  // why the learner stopped, as recorded by set_stop
};

// The "learner.no_warm_start" error of a learner that cannot continue from a fitted model, naming `learner` (e.g.
// "Halving"): Learner::warm_start's default.
Status no_warm_start(std::string_view learner);
// The "learner.warm_start_kind" error of a warm start from a learner of another kind, naming `learner`.
Status warm_start_kind_error(std::string_view learner);
// The "learner.warm_start_dimension" error of a warm start from a model of `previous` features on data of `now`
// features, naming `learner` and both dimensions.
Status warm_start_dimension_error(std::string_view learner, int64_t previous, int64_t now);
// Ok when `data` have at most two classes, else "learner.needs_binary" naming `learner` (e.g. "the
// Perceptron"): the check at the top of every binary learner's reset.
Status require_binary(const Dataset& data, std::string_view learner);
// A learner's registry schema: its id, display name, kind and the settings of its parameter table.
template <class P>
LearnerSchema make_schema(std::string id, std::string name, bool multiclass, const ParamTable<P>& table = P::table()) {
  return {std::move(id), std::move(name), multiclass, table.settings()};
}

// The Perceptron's mistake bound (001 Thm 1.1) for the data the learner sees: with normalize (000 Fig. 1, the
// update y x/||x||: the learner sees x/||x||) 1/gamma^2 with gamma = problem.unit_target_margin (R = 1),
// else (R/delta)^2 with R = problem.radius, delta = problem.target_margin; NaN when the margin is unknown.
double online_perceptron_bound(const Problem& problem, bool normalize);
// x with 3 significant digits ("%.3g"), for the sentences of Learner::rule_note.
std::string note_number(double x);
// The step size of a normalized online update per row of X: 1/||x_i|| (in float, the norm summed in
// double) when `normalize`, else 1; a zero row keeps 1.
std::vector<float> update_scales(const FeatureRef& X, bool normalize);
// The class scores (0, <x, w>) of the halfspace w at x (w.size() floats): how every binary linear learner scores.
inline void halfspace_scores(const float* x, const Vector& w, float* out) {
  const Eigen::Map<const Eigen::RowVectorXf> row(x, w.size());
  out[0] = 0.0f;
  out[1] = row.dot(w);
}
// scores_batch for a binary learner with scores (0, <x, w>): X w row by row with the dot() scores() uses
// (Eigen's GEMV sums in another order, so its last bits would differ from scores()).
void linear_scores_batch(const FeatureRef& X, const Vector& w, Eigen::MatrixXf* out);
// scores_batch for a multiclass learner with scores W x (W: Q x d): the GEMV scores() does, per row.
void linear_scores_batch(const FeatureRef& X, const FeatureMatrix& W, Eigen::MatrixXf* out);
// A learner whose parameters are the typed struct P, described by the table P::table() (settings/params.h):
// the config's values are decoded once, here, and the learner implements reset(problem, const P&).
template <class P>
class LearnerWith : public Learner {
 public:
  using Params = P;  // the learner's typed parameters
  // Decodes the values through param_table() and calls the typed reset.
  Status reset(const Problem& problem, const ParamValues& params) final {
    return reset(problem, param_table().decode(params));
  }
  // Prepares to learn `problem` with these parameters.
  virtual Status reset(const Problem& problem, const P& params) = 0;
  // The table the values are decoded through (a learner with two registry rows may narrow it).
  virtual const ParamTable<P>& param_table() const { return P::table(); }
};

}  // namespace ml
