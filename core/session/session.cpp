// marginlab — a session (see session.h).
#include "core/session/session.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <new>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "core/config/budget.h"
#include "core/data/generator_registry.h"
#include "core/learners/registry.h"
#include "core/metrics/confusion_rate.h"
#include "core/metrics/metrics.h"
#include "core/noise/noise.h"
#include "core/noise/noise_registry.h"
#include "core/session/numeric_guard.h"
#include "core/util/eigen_setup.h"
#include "core/util/numbers.h"

namespace ml {

namespace {
// Clock reads are spaced adaptively between these many steps (a read costs about as much as a step).
constexpr double kMaxCheckInterval = 65536;

// The learner's counters, then, for learners that set examples aside (Learner::removed_examples), how
// many of those are clean and how many were corrupted by the noise: the session may read the
// corruption flags, the learner may not.
std::vector<Counter> session_counters(const Learner& learner, const Dataset& train) {
  std::vector<Counter> counters = learner.counters();
  const std::vector<int>* removed = learner.removed_examples();
  if (removed == nullptr) return counters;
  double clean = 0, corrupted = 0;
  for (int i : *removed) {
    if (train.corruption.empty() || train.corruption[static_cast<size_t>(i)] == Corruption::none)
      ++clean;
    else
      ++corrupted;
  }
  counters.push_back({"removed_clean", clean});
  counters.push_back({"removed_corrupted", corrupted});
  return counters;
}

// Multiclass learners get one more column after their counters: the confusion rate ||C^||_F/sqrt(Q) of
// the test part against its true labels (004 §4; core/metrics/confusion_rate.h).
bool reports_confusion_rate(const Learner& learner) { return learner.num_classes() > 2; }
}  // namespace

ConceptSource resolve_concept_source(const Config& config, int columns) {
  ConceptSource out;
  const GeneratorRow* row = config.use_csv ? nullptr : &generator_row(config.generator.kind);
  const GeneratedConcepts concepts = row ? row->concepts : GeneratedConcepts::none;
  if (concepts == GeneratedConcepts::sphere) out.kind = GeneratedClass::sphere;
  if (concepts == GeneratedConcepts::thresholds) out.kind = GeneratedClass::thresholds;
  if (concepts != GeneratedConcepts::none) out.count = config.generator.concepts;
  // Sphere directions live in the generator's d columns; an appended bias column gets weight 0.
  if (concepts == GeneratedConcepts::sphere && config.bias && columns >= 2) out.sphere_dims = columns - 1;
  // The constant coordinate: the generator's own column when its data carry one, else the bias column (the last).
  const int own_constant = row ? row->constant_column : -1;
  if (own_constant >= 0 && columns > own_constant)
    out.constant_column = own_constant;
  else if (config.bias && columns >= 2)
    out.constant_column = columns - 1;
  return out;
}

void resolve_target_margins(const Config& config, const Dataset& train, Problem* p) {
  p->target_margin = 0.0;
  p->unit_target_margin = 0.0;
  const Eigen::Index d = train.cols();
  if (train.target.size() != d || train.rows() == 0) return;  // no target survives (standardize, CSV, ...)
  if (!config.use_csv && generator_row(config.generator.kind).adaptive_labels) {
    // The adaptive stream (basis) labels e_i when it reaches it and sets v_i = y_i/sqrt(k): the margin is exactly
    // the generator's 1/sqrt(k) on points of norm 1 (+ a bias coordinate of weight 0), labels or not.
    const double r = max_radius(train.X);
    p->target_margin = train.target_margin;
    p->unit_target_margin = r > 0 ? train.target_margin / r : 0.0;
    return;
  }
  const float* v = train.target.data();
  const double v_norm = std::sqrt(dot_double(v, v, static_cast<int>(d)));
  if (!(v_norm > 0)) return;
  double lowest = std::numeric_limits<double>::infinity();
  double lowest_unit = std::numeric_limits<double>::infinity();
  // dot_double's numbers, blocked (dot_double_rows, squared_norms), a chunk of rows at a time so that the second
  // pass finds them in cache.
  const int chunk = cache_chunk_rows(static_cast<int>(d));
  std::vector<double> dots(static_cast<size_t>(std::min(chunk, train.rows()))), norm2(dots.size());
  for (int begin = 0; begin < train.rows(); begin += chunk) {
    const int rows = std::min(chunk, train.rows() - begin);
    dot_double_rows(v, train.X.middleRows(begin, rows), dots.data());
    squared_norms(train.X.middleRows(begin, rows), norm2.data());
    for (int k = 0; k < rows; ++k) {
      const double m = train.true_sign(begin + k) * dots[static_cast<size_t>(k)] / v_norm;
      const double x_norm = std::sqrt(norm2[static_cast<size_t>(k)]);
      lowest = std::min(lowest, m);
      lowest_unit = std::min(lowest_unit, x_norm > 0 ? m / x_norm : 0.0);
    }
  }
  // A target that does not separate the part (margin <= 0) gives no bound: 0 = unknown.
  p->target_margin = lowest > 0 ? lowest : 0.0;
  p->unit_target_margin = lowest_unit > 0 ? lowest_unit : 0.0;
}

Problem resolve_problem(const Config& config, const Dataset& train, std::optional<double> radius) {
  Problem p;
  p.train = &train;
  p.num_classes = std::max(2, train.num_classes());
  p.seed = config.seed;
  // The margins of the data as the learner sees it (learner.h: target_margin, unit_target_margin).
  resolve_target_margins(config, train, &p);
  // A generator like `classes` keeps no binary target; its recorded margin is the multiclass theta (004 Def. 2),
  // which only the untransformed features keep (a bias column adds a 0 weight; unit scaling or standardize move x).
  const bool classes_margin = !config.use_csv && generator_row(config.generator.kind).keeps_multiclass_margin &&
                              config.normalization == Normalization::none;
  p.multiclass_margin = p.target_margin > 0 ? p.target_margin : (classes_margin ? train.target_margin : 0.0);
  p.radius = radius ? *radius : max_radius(train.X);
  p.known_confusion = noise_confusion_matrix(config.noise, p.num_classes);
  if (const NoiseRow& noise = noise_row(config.noise.model); noise.family_base != nullptr) {
    p.confusion_family_base = noise.family_base(config.noise, p.num_classes);
  } else {
    p.confusion_family_base =
        make_error("problem.no_family", "the noise model is '" + std::string(noise_model_name(config.noise.model)) +
                                            "', not a confusion family (noise=family)");
  }
  p.concepts = resolve_concept_source(config, train.cols());
  return p;
}

namespace {
// The error an exception becomes at the session boundary; `where` names what was running.
Error exception_error(std::string_view where) {
  try {
    throw;
  } catch (const std::bad_alloc&) {
    return make_error("session.out_of_memory",
                      "out of memory " + std::string(where) +
                          " (the configuration needs more memory than is available; lower its sizes: docs/url.md, "
                          "Resource budget)");
  } catch (const std::exception& e) {
    return make_error("session.exception", "internal error " + std::string(where) + ": " + e.what());
  } catch (...) {
    return make_error("session.exception", "internal error " + std::string(where) + ": an unknown exception");
  }
}

// The learner's predictions on the training part (or its sample) and its margins there. A halfspace's both come from
// one float dot per row (read_halfspace: `radius` bounds the rows' norms); any other learner predicts on the whole
// part at once (a batch product's blocking, and so its bits, may depend on the number of rows) and a linear
// classifier's margins come from its weights' double dots or its class scores and hypothesis_norm().
SampleReadout read_training_part(const Learner& learner, const Dataset& train, double radius) {
  if (const Vector* plane = learner.halfspace(); plane != nullptr && plane->size() == train.cols())
    return read_halfspace(*plane, train, radius);
  SampleReadout out;
  learner.predict_batch(train.X, &out.predicted);
  if (const Vector* w = learner.weights(); w != nullptr && w->size() == train.cols()) {
    out.margins = halfspace_margins(*w, train);
    return out;
  }
  const double norm = learner.hypothesis_norm();
  if (!(norm > 0) || train.rows() == 0) return out;
  Eigen::MatrixXf scores;
  learner.scores_batch(train.X, &scores);
  out.margins = score_margins(scores, train, norm);
  return out;
}
}  // namespace

Result<std::unique_ptr<Session>> Session::create(const Config& config, const Dataset* csv, BudgetProfile budget) {
  try {
    return create_unguarded(config, csv, budget);
  } catch (...) {
    return exception_error("while building the session (data, noise, learner)");
  }
}

int64_t Session::advance(int64_t max_steps, double max_seconds, const ClockFn& now) {
  if (failure_) return 0;
  try {
    return advance_unguarded(max_steps, max_seconds, now);
  } catch (...) {
    failure_ = exception_error("at step " + std::to_string(steps_ + 1));
    return 0;
  }
}

Result<std::unique_ptr<Session>> Session::create_unguarded(const Config& config, const Dataset* csv,
                                                           BudgetProfile budget) {
  // Every run goes through here (CLI, sweeps, desktop app, page): Eigen's product blocking is fixed before
  // the first matrix product, whatever the entry point did (the page never called configure_eigen() and
  // gave another trace for a Nyström run than the command line did).
  configure_eigen();
  const LearnerEntry* entry = find_learner(config.learner);
  if (entry == nullptr) {
    return make_error("session.unknown_learner", "field 'learner': unknown learner '" + config.learner + "'");
  }
  // The resource budget before anything is allocated (a generated link was fitted to it when it was settled;
  // a CSV's size is known only now).
  const DataShape shape = config.use_csv && csv != nullptr ? csv_shape(config, csv->rows(), std::max(0, csv->cols()))
                                                           : generated_shape(config);
  if (!config.use_csv || csv != nullptr) {
    const std::string over = over_budget_message(config, shape, budget);
    if (!over.empty()) return make_error("session.over_budget", over);
  }
  Result<PreparedData> data = prepare_data(config, csv);
  if (!data.ok()) return data.error();
  return create_from(config, std::move(data.value()), *entry);
}

Result<std::unique_ptr<Session>> Session::create_on_data(const Config& config, PreparedData data,
                                                         const Learner* warm_from) {
  try {
    configure_eigen();
    const LearnerEntry* entry = find_learner(config.learner);
    if (entry == nullptr) {
      return make_error("session.unknown_learner", "field 'learner': unknown learner '" + config.learner + "'");
    }
    return create_from(config, std::move(data), *entry, warm_from);
  } catch (...) {
    return exception_error("while building the session (learner)");
  }
}

Result<std::unique_ptr<Session>> Session::create_from(const Config& config, PreparedData data,
                                                      const LearnerEntry& entry, const Learner* warm_from) {
  std::unique_ptr<Session> s(new Session());
  s->config_ = config;
  s->data_ = std::move(data);
  s->warnings_ = s->data_.warnings;
  Dataset& train = s->data_.train;
  if (!entry.schema.multiclass && train.num_classes() > 2) {
    return make_error("session.needs_binary", "field 'learner': " + entry.schema.name +
                                                  " is a binary learner but the data have " +
                                                  std::to_string(train.num_classes()) + " classes");
  }
  s->adaptive_ = !config.use_csv && generator_row(config.generator.kind).adaptive_labels;
  if (s->adaptive_) {
    if (noise_corrupts(config.noise.model)) {
      const GeneratorRow& row = generator_row(config.generator.kind);
      s->warnings_.push_back("noise is ignored on the " + row.id + " stream: its labels are chosen adaptively (" +
                             row.citation + ")");
    }
    train.reset_labels_clean();
    s->labelled_.assign(static_cast<size_t>(train.rows()), 0);
  }
  const Result<double> radius = checked_radius(train, "training part");
  if (!radius.ok()) return radius.error();
  if (Status st = check_float_scale(s->data_.test, "test part"); !st.ok()) return st.error();
  s->problem_ = resolve_problem(config, train, radius.value());
  // The oracle answers from the truth the simulation keeps (the session outlives its learner).
  const Dataset* truth = &train;
  s->problem_.label_oracle = [truth](int i) { return truth->true_label[static_cast<size_t>(i)]; };
  s->learner_ = entry.make();
  Status reset = s->learner_->reset(s->problem_, config.params);
  if (!reset.ok()) return reset.error();
  if (warm_from != nullptr) {
    Status warm = s->learner_->warm_start(*warm_from);
    // The default names no learner: the registry's name does.
    if (!warm.ok() && warm.error().code == "learner.no_warm_start") warm = no_warm_start(entry.schema.name);
    if (!warm.ok()) return warm.error();
  }
  std::vector<std::string> counter_names;
  for (const Counter& c : session_counters(*s->learner_, train)) counter_names.push_back(c.name);
  if (reports_confusion_rate(*s->learner_)) counter_names.push_back("confusion_rate");
  s->plan_recording();
  if (s->plan_.sampled) counter_names.emplace_back(kTraceEvalExamples);
  s->trace_ = Trace(std::move(counter_names));
  s->trace_.commit(s->current_row());
  return s;
}

void Session::step_once() {
  if (adaptive_) {
    const int i = learner_->next_example();
    if (i >= 0 && !labelled_[static_cast<size_t>(i)]) {
      // 001 Claim 1.4: the label is the opposite of the learner's prediction, fixed from now on.
      Dataset& train = data_.train;
      const int predicted = learner_->predict(train.X.row(i).data());
      const int label = predicted == 1 ? 0 : 1;
      train.label[static_cast<size_t>(i)] = label;
      train.true_label[static_cast<size_t>(i)] = label;
      labelled_[static_cast<size_t>(i)] = 1;
      ++labelled_count_;
      // The target v_i = y_i / sqrt(k) on e_i: only coordinates of labelled vectors matter to <w,v>.
      const int k = train.rows();
      if (train.target.size() == train.cols() && i < train.cols()) {
        train.target[i] = static_cast<float>((label == 1 ? 1.0 : -1.0) / std::sqrt(static_cast<double>(k)));
      }
    }
  }
  const StepResult r = learner_->step();
  ++steps_;
  if (r.mistake) ++mistakes_;
  if (r.updated) ++updates_;
}

double Session::example_cost() const {
  const double per_example = learner_->predict_cost();
  return per_example > 0 ? per_example : data_.train.cols() + 1.0;
}

double Session::cost_factor() const {
  const double evaluated = static_cast<double>(plan_.train_sample + plan_.test_sample);
  // A row is "expensive" relative to the budget or to the step itself, whichever is larger: a learner whose
  // step is a pass over the data can afford rows as often as a cheap online learner with a small sample.
  const double step = learner_->step_cost();
  return std::max(1.0, evaluated * example_cost() / std::max(kRecordRowBudget, std::isfinite(step) ? step : 0.0));
}

bool Session::on_schedule(int64_t step) const {
  // The cost factor is a deterministic function of the learner's state: so is the schedule.
  return plan_.due(step, trace_.last_committed_step(), cost_factor(), trace_.decimations());
}

int64_t Session::steps_to_schedule() const {
  return plan_.steps_to_due(steps_, trace_.last_committed_step(), cost_factor(), trace_.decimations());
}

void Session::plan_recording() {
  const Dataset& train = data_.train;
  const Dataset& test = data_.test;
  plan_ = make_record_plan({.points = config_.trace,
                            .train_rows = train.rows(),
                            .test_rows = test.rows(),
                            .example_cost = example_cost(),
                            .step_cost = learner_->step_cost(),
                            .whole_sample = adaptive_});
  if (!plan_.sampled) return;
  row_train_ = select_rows(train, stride_rows(train.rows(), plan_.train_sample));
  row_test_ = select_rows(test, stride_rows(test.rows(), plan_.test_sample));
}

int64_t Session::take_steps(int64_t max_steps) {
  const int64_t first_step = steps_ + 1;
  if (adaptive_) {
    step_once();
  } else {
    const StepCounts c = learner_->step_many(max_steps);
    steps_ += c.steps;
    mistakes_ += c.mistakes;
    updates_ += c.updates;
  }
  check_numbers(first_step);
  return steps_ - first_step + 1;
}

void Session::check_numbers(int64_t first_step) {
  const bool by_learner = learner_->stop_reason() == StopReason::numeric_overflow;
  if (!by_learner && learner_->hypothesis_finite()) return;
  numeric_overflow_ = true;
  numeric_note_ = numeric_overflow_note(by_learner, first_step, steps_);
}

int64_t Session::advance_unguarded(int64_t max_steps, double max_seconds, const ClockFn& now) {
  const bool timed = now != nullptr && std::isfinite(max_seconds);
  const double start = timed ? now() : 0.0;
  double last_check = start;
  double since_check = 0;
  int64_t taken = 0;
  while (taken < max_steps && !done()) {
    // The next step's preparation under what is left of the budget (learners without one return at
    // once without reading the clock). Elapsed time is as of the last clock read: at most one check
    // interval late.
    if (timed && !learner_->prepare(max_seconds - (last_check - start), now)) break;
    // A run of steps up to the next possible recording point, the budget and the next clock read: the
    // same rows as stepping one at a time.
    int64_t run = std::min(max_steps - taken, steps_to_schedule());
    if (timed) run = std::min(run, std::max<int64_t>(1, static_cast<int64_t>(check_interval_ - since_check)));
    const int64_t did = take_steps(run);
    taken += did;
    if (on_schedule(steps_)) trace_.commit(current_row());
    if (timed && (since_check += static_cast<double>(did)) >= check_interval_) {
      since_check = 0;
      const double t = now();
      if (t - start >= max_seconds) break;
      // Aim at a few dozen clock reads per budget; only the number of steps per call depends on this.
      const double dt = t - last_check;
      last_check = t;
      if (dt < max_seconds / 64 && check_interval_ < kMaxCheckInterval)
        check_interval_ *= 2;
      else if (dt > max_seconds / 8 && check_interval_ > 1)
        check_interval_ /= 2;
    }
  }
  // A slice the clock ended mid-run sets the tail only every kTailRefreshSeconds (see the header).
  const bool clock_stopped = timed && taken < max_steps && !done();
  if (!clock_stopped) {
    record_tail();
  } else if (const double t = now(); t - tail_time_ >= kTailRefreshSeconds) {
    record_tail();
    tail_time_ = t;
  }
  return taken;
}

void Session::refresh_tail() {
  if (failure_) return;
  try {
    record_tail();
  } catch (...) {
    failure_ = exception_error("after step " + std::to_string(steps_));
  }
}

void Session::record_tail() {
  if (trace_.last_committed_step() != steps_) trace_.set_tail(current_row());
}

SessionMetrics Session::metrics() const { return metrics_on(data_.train, data_.test); }

SessionMetrics Session::metrics_on(const Dataset& train, const Dataset& test) const {
  SessionMetrics m;
  m.steps = steps_;
  m.mistakes = mistakes_;
  m.updates = updates_;
  m.bound = learner_->bound();
  // `train` is the training part or a sample of its rows: the training part's radius bounds their norms.
  const SampleReadout train_read = read_training_part(*learner_, train, problem_.radius);
  if (train.rows() > 0) {
    m.train_error_noisy = error_rate(train_read.predicted, train.label);
    m.train_error_true = error_rate(train_read.predicted, train.true_label);
  } else {
    m.train_error_noisy = m.train_error_true = kNaN;
  }
  std::vector<int> test_predicted;
  if (test.rows() > 0) learner_->predict_batch(test.X, &test_predicted);
  m.test_error = test.rows() > 0 ? error_rate(test_predicted, test.true_label) : kNaN;
  const SampleMargins& margins = train_read.margins;
  m.margin = margins.observed;
  m.margin_true = margins.truth;
  m.margin_clean = margins.clean;
  m.margin_quantile = margins.quantile;
  const Vector* w = learner_->weights();
  if (w != nullptr && w->size() == train.cols()) {
    m.w_norm2 = norm2_double(*w);
    m.w_dot_v = train.target.size() == train.cols() ? dot_double(w->data(), train.target.data(), train.cols()) : kNaN;
  } else {
    m.w_norm2 = m.w_dot_v = kNaN;
  }
  m.counters = session_counters(*learner_, data_.train);  // removed examples are indices into the whole part
  if (reports_confusion_rate(*learner_)) {
    const double rate =
        test.rows() > 0 ? confusion_rate(prediction_confusion(test_predicted, test.true_label, learner_->num_classes()))
                        : kNaN;
    m.counters.push_back({"confusion_rate", rate});
  }
  return m;
}

std::vector<double> Session::current_row() const {
  SessionMetrics m = plan_.sampled ? metrics_on(row_train_, row_test_) : metrics();
  if (plan_.sampled)
    m.counters.push_back(
        {std::string(kTraceEvalExamples), static_cast<double>(plan_.train_sample + plan_.test_sample)});
  std::vector<double> row(kTraceStandardColumns + m.counters.size());
  row[kTraceStep] = static_cast<double>(m.steps);
  row[kTraceMistakes] = static_cast<double>(m.mistakes);
  row[kTraceUpdates] = static_cast<double>(m.updates);
  row[kTraceBound] = m.bound;
  row[kTraceMargin] = m.margin;
  row[kTraceMarginTrue] = m.margin_true;
  row[kTraceMarginClean] = m.margin_clean;
  row[kTraceMarginQuantile] = m.margin_quantile;
  row[kTraceTrainErrorNoisy] = m.train_error_noisy;
  row[kTraceTrainErrorTrue] = m.train_error_true;
  row[kTraceTestError] = m.test_error;
  row[kTraceWDotV] = m.w_dot_v;
  row[kTraceWNorm2] = m.w_norm2;
  for (size_t c = 0; c < m.counters.size(); ++c) row[kTraceStandardColumns + c] = m.counters[c].value;
  return row;
}

}  // namespace ml
