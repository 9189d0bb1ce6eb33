// marginlab — a session: config -> data -> noisy labels -> learner, stepped under a budget, recording
// the trace the front end plots (docs/learners.md: "The session", and "The trace" for its schedule and decimation).
//
// The core has no clock: advance() takes the caller's clock (the CLI's steady clock, the browser's
// performance.now) and uses it only to decide *how many* steps to take in one call. What a step does,
// and every recorded number, depends only on the config and the total number of steps taken, so a run
// split into any number of advance() calls ends in the same state and the same trace as one call.
//
// Recording schedule: record_plan.h decides at which steps a row is committed and which examples it evaluates —
// the whole sample when that is cheap (then a row's numbers are metrics()'), else a fixed stride subsample of each
// part sized so that the rows take a quarter of a ten-pass run (the trace's column eval_examples then says how many
// examples each row's errors and margins are over). Small problems get dense traces and large ones spend a bounded
// share of the time evaluating. The final state of each advance() is kept as the
// trace's tail (Trace, "tail") so the UI shows the current point — except that a timed advance() the
// clock stopped (neither max_steps taken nor the learner done) refreshes the tail at most every
// kTailRefreshSeconds: the tail is an evaluation (of the whole sample at up to 200 000 multiply-adds),
// and a live display needs it a few times a second, not every frame. Its row names its own step. A caller
// that stops there (a pause) calls refresh_tail() so the trace, and its hash, end at the current step.
//
// Removals: for a learner that sets training examples aside (Learner::removed_examples, e.g. PCA outlier
// removal), the session appends two counters after the learner's own, removed_clean and
// removed_corrupted, counted from the training part's corruption flags, which the learner never reads.
//
// Multiclass learners (Q > 2): the session appends a counter confusion_rate after the learner's own, the
// test part's ||C^||_F / sqrt(Q) against its true labels (004 §4), from the test-error predictions.
//
// Preparation (Learner::prepare): before each step, a timed advance() lets the learner do the expensive
// part of that step (a kernel projection fit) in slices of the remaining budget, and returns without
// stepping while it is unfinished; preparation is not a step and records nothing. An untimed advance()
// just steps (the step finishes the preparation itself). Either way the trace is the same.
//
// Adaptive labels (generator `basis`, 001 Claim 1.4): before each online step, when the learner's next
// example has not been seen before, the session sets its label (observed and true) to the opposite of
// the learner's current prediction; after all k = ceil(1/delta^2) basis vectors are labelled, the target
// v = sum_i y_i e_i / sqrt(k) separates them with margin 1/sqrt(k), and the session sets it as the
// data's target so <w,v> is plotted. Noise has no meaning on an adaptive stream: the session labels
// clean (a warning says so when a noise model is configured).
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/config/budget.h"
#include "core/config/config.h"
#include "core/learners/learner.h"
#include "core/session/pipeline.h"
#include "core/session/record_plan.h"
#include "core/session/trace.h"
#include "core/util/clock.h"
#include "core/util/status.h"

namespace ml {

// A timed advance() that the clock stopped mid-run refreshes the trace's tail at most this often (seconds).
inline constexpr double kTailRefreshSeconds = 0.1;

// The session's state as numbers, computed on demand (the trace's columns, by name).
struct SessionMetrics {
  int64_t steps = 0;              // steps taken
  int64_t mistakes = 0;           // online mistakes
  int64_t updates = 0;            // hypothesis changes
  double bound = 0;               // the learner's bound (NaN when none applies)
  double margin = 0;              // margin on the training sample, observed labels (NaN: non-linear or W = 0);
                                  // binary halfspaces y<w,x>/||w||, multiclass 004 Def. 2 with ||W||_F
  double margin_true = 0;         // margin on the training sample, true labels
  double margin_clean = 0;        // margin on the points noise left alone (NaN when none or non-linear)
  double margin_quantile = 0;     // the kMarginQuantile quantile of the training margins, observed labels
  double train_error_noisy = 0;   // training error against observed labels
  double train_error_true = 0;    // training error against true labels
  double test_error = 0;          // test error (NaN without a test part)
  double w_dot_v = 0;             // <w,v> (NaN when the target is unknown or the learner non-linear)
  double w_norm2 = 0;             // ||w||^2 (NaN for non-linear learners)
  std::vector<Counter> counters;  // the learner's counters
};

// What a learner may use of `config`, resolved for the prepared training part `train` (a learner never
// sees the Config: docs/architecture.md, "How to add a learner"): Q, the seed, the target margins and the radius, the
// noise's confusion matrix (noise_confusion_matrix) and the generator's finite concept class. The label
// oracle is left empty (the session offers one). `radius`: max_radius(train.X) when the caller has it.
Problem resolve_problem(const Config& config, const Dataset& train, std::optional<double> radius = std::nullopt);
// Sets p->target_margin and p->unit_target_margin: the generator's target v (as the transforms carried it)
// measured on `train` itself with its true labels; 0 when no target survives or v does not separate train.
void resolve_target_margins(const Config& config, const Dataset& train, Problem* p);
// The generator's finite concept class and its columns for data of `columns` features (Problem::concepts).
ConceptSource resolve_concept_source(const Config& config, int columns);

// One experiment, from configuration to trace.
class Session {
 public:
  // Builds data (prepare_data), the learner (registry, params resolved from config.params) and an
  // empty trace with the step-0 row. `csv` is the parsed user file when config.use_csv (else ignored).
  // Errors: "session.over_budget" (the configuration on this data is over the resource budget,
  // config/budget.h, under `budget`: a CSV's size is known only here), the pipeline's, "session.unknown_learner",
  // "session.needs_binary", "session.data_scale" (check_float_scale: data float32 cannot learn from), the
  // learner's reset, and any exception thrown while building, as
  // "session.out_of_memory" (std::bad_alloc) or "session.exception": no exception leaves create().
  static Result<std::unique_ptr<Session>> create(const Config& config, const Dataset* csv,
                                                 BudgetProfile budget = BudgetProfile::interactive);
  // create() on data already prepared (prepare_data's result, or a caller's arrays: the Python estimators):
  // the learner, problem and trace create() builds on them. `config` gives the learner, its parameters, the
  // seed and the noise (the Problem's known confusion); its data fields only say what resolve_problem reads
  // (use_csv, generator, normalization). No resource budget: the caller's data are already in memory.
  // `warm_from`, when given, is a fitted learner (another session's, alive during the call) the new learner
  // continues from (Learner::warm_start after its reset on these data: partial_fit); its error is the creation's.
  static Result<std::unique_ptr<Session>> create_on_data(const Config& config, PreparedData data,
                                                         const Learner* warm_from = nullptr);

  // Takes up to max_steps steps, stopping early when the learner is done() or, when `now` is given,
  // once max_seconds have elapsed (the clock is read between steps; timing changes only how many steps
  // this call takes). Returns the number of steps taken. Records on the schedule and sets the tail.
  // An exception thrown by a step, a preparation or a recorded row does not leave advance(): the session
  // keeps it as failure() ("session.out_of_memory" or "session.exception", naming the step), is done()
  // from then on, and this call returns 0.
  int64_t advance(int64_t max_steps, double max_seconds = std::numeric_limits<double>::infinity(),
                  const ClockFn& now = nullptr);
  // Brings the trace's tail to the current step when a timed advance() left it behind (see the header);
  // the same exception boundary as advance().
  void refresh_tail();
  // The error that stopped the session (see advance), or nullptr.
  const Error* failure() const { return failure_ ? &*failure_ : nullptr; }
  // True while the learner prepares its next step (Learner::prepare, e.g. a kernel projection fit): a
  // timed advance() spends its budget on that first and takes no step until it is complete.
  bool preparing() const { return !done() && learner_->preparation().pending; }
  // What the learner is preparing and how far it got (pending = false when nothing).
  Preparation preparation() const { return done() ? Preparation{} : learner_->preparation(); }

  // Steps taken so far.
  int64_t steps() const { return steps_; }
  // True when the learner has stopped by its own rule, a number became non-finite (numeric_overflow), or the
  // session failed (failure()).
  bool done() const { return failure_.has_value() || numeric_overflow_ || learner_->done(); }
  // Why the run stopped once done(): numeric_overflow when a weight, margin or score became NaN or infinite
  // (core/session/numeric_guard.h), else the learner's stop_reason(); none while running.
  StopReason stop_reason() const { return numeric_overflow_ ? StopReason::numeric_overflow : learner_->stop_reason(); }
  // What a numeric_overflow stop found and at which step (empty otherwise): the run JSON's stop_note.
  const std::string& stop_note() const { return numeric_note_; }
  // Online mistakes so far.
  int64_t mistakes() const { return mistakes_; }
  // Hypothesis changes so far.
  int64_t updates() const { return updates_; }
  // The recorded trace.
  const Trace& trace() const { return trace_; }
  // The learner (for the decision function, weights, counters).
  const Learner& learner() const { return *learner_; }
  // The data: training part with current labels (adaptive streams relabel it), test part, noise report.
  const PreparedData& data() const { return data_; }
  // Copies features the session borrows (Dataset::borrow_features) into its own storage.
  void own_data() {
    data_.train.own_features();
    data_.test.own_features();
  }
  // The configuration the session was built from.
  const Config& config() const { return config_; }
  // What the learner was given.
  const Problem& problem() const { return problem_; }
  // Things the user should see (pipeline warnings, noise ignored on an adaptive stream, ...).
  const std::vector<std::string>& warnings() const { return warnings_; }
  // True when labels are chosen adaptively (generator basis).
  bool adaptive_labels() const { return adaptive_; }
  // The current state's metrics over the whole sample (O(n d): errors on both parts, margins); the numbers of a
  // trace row when the plan is exact (record_plan().sampled false), else the row's estimates' exact values.
  SessionMetrics metrics() const;
  // When rows are recorded and which examples they evaluate (record_plan.h).
  const RecordPlan& record_plan() const { return plan_; }

 private:
  Session() = default;
  // create() and advance() without the exception boundary.
  static Result<std::unique_ptr<Session>> create_unguarded(const Config& config, const Dataset* csv,
                                                           BudgetProfile budget);
  // The session of `entry`'s learner on prepared data: create() and create_on_data() after their data step;
  // the learner warm-starts from `warm_from` when given.
  static Result<std::unique_ptr<Session>> create_from(const Config& config, PreparedData data,
                                                      const LearnerEntry& entry, const Learner* warm_from = nullptr);
  int64_t advance_unguarded(int64_t max_steps, double max_seconds, const ClockFn& now);
  void step_once();
  // Takes 1 to max_steps steps: one step_once() on an adaptive stream (its labels are set between steps),
  // else one Learner::step_many run, then check_numbers. Returns the steps taken.
  int64_t take_steps(int64_t max_steps);
  // Stops the session with numeric_overflow when the learner did (a non-finite margin) or its hypothesis is no
  // longer finite after the steps first_step..steps_ (one pass over the weights).
  void check_numbers(int64_t first_step);
  // Steps the session may take before it must look at the schedule again: no step before the returned
  // count is on_schedule (the learner's cost factor never shrinks inside a step_many run).
  int64_t steps_to_schedule() const;
  bool on_schedule(int64_t step) const;
  double cost_factor() const;
  // Multiply-adds to predict one example (Learner::predict_cost, d + 1 for a linear learner).
  double example_cost() const;
  // Fixes plan_ and the examples a row evaluates (at creation, before the first row).
  void plan_recording();
  // The metrics with errors and margins on `train` and `test` (the whole parts or the plan's subsamples).
  SessionMetrics metrics_on(const Dataset& train, const Dataset& test) const;
  std::vector<double> current_row() const;
  void record_tail();

  Config config_;
  PreparedData data_;
  Problem problem_;
  std::unique_ptr<Learner> learner_;
  Trace trace_;
  RecordPlan plan_;
  Dataset row_train_, row_test_;  // a sampled plan's subsamples of the parts (empty when exact)
  std::vector<std::string> warnings_;
  int64_t steps_ = 0;
  int64_t mistakes_ = 0;
  int64_t updates_ = 0;
  bool adaptive_ = false;
  std::vector<uint8_t> labelled_;  // adaptive stream: example already labelled
  int64_t labelled_count_ = 0;
  double check_interval_ = 1;  // clock reads: steps between two reads (adapted, never affects results)
  double tail_time_ = -std::numeric_limits<double>::infinity();  // clock time of the last tail a timed advance() set
  std::optional<Error> failure_;   // what stopped the session (advance's exception boundary)
  bool numeric_overflow_ = false;  // a weight, margin or score became non-finite (check_numbers)
  std::string numeric_note_;       // what and at which step, when numeric_overflow_
};

}  // namespace ml
