// marginlab — the Perceptron (see perceptron.h).
#include "core/learners/perceptron.h"

#include <cassert>
#include <limits>
#include <span>
#include <vector>

#include "core/metrics/metrics.h"

namespace ml {

const ParamTable<PerceptronParams>& PerceptronParams::table() {
  static const ParamTable<PerceptronParams> t =
      ParamTable<PerceptronParams>()
          .add(&PerceptronParams::normalize, {.key = "normalize", .label = "normalize x"},
               "update with y x/||x|| (000 Fig. 1) instead of y x")
          .add(&PerceptronParams::order, ExampleOrder::setting());
  return t;
}

Status Perceptron::start(const Problem& problem, const PerceptronParams& params) {
  const int n = data_->rows();
  const int d = data_->cols();
  w_float_ = Vector::Zero(d);
  normalize_ = params.normalize;
  scale_ = normalize_ ? update_scales(data_->X, true) : std::vector<float>{};
  order_.reset(n, params.order == VisitOrder::shuffled, problem.seed);
  set_stop(n == 0 ? StopReason::empty_sample : StopReason::none);
  bound_ = online_perceptron_bound(problem, params.normalize);
  return Status::Ok();
}

Status Perceptron::warm_start(const Learner& previous) {
  const auto* p = dynamic_cast<const Perceptron*>(&previous);
  if (p == nullptr) return warm_start_kind_error(name());
  return carry_weights(p->w_float_);
}

StepResult Perceptron::step() {
  assert(!done());
  StepResult r;
  r.example = order_.peek();
  r.mistake = r.updated = step_many(1).mistakes > 0;
  return r;
}

namespace {

// What a run of the rule did: examples visited, mistakes among them, and whether it ended on an example whose
// margin y<w, x> is not a finite float (NaN or infinite: numeric overflow; that example is visited, not updated).
struct PerceptronRun {
  int64_t visited = 0;
  int64_t mistakes = 0;
  bool overflow = false;
};

// The rule over up to `count` examples, the k-th being example_at(k). The rows and w are Maps of their storage
// (no Block bookkeeping per example) and y is converted without a branch (the labels are a coin flip to the
// branch predictor). The dot and the axpy are Eigen's as in single steps: same bits. A NaN margin is never "no
// mistake": the test is !(m > 0), and the rare branch it takes checks that m is finite before updating.
// kScaled: w += (y/||x||) x (normalize); otherwise w += y x, without a scale to load.
template <bool kScaled, class ExampleAt>
inline PerceptronRun perceptron_run(const FeatureRef& X, const std::vector<int>& label, const std::vector<float>& scale,
                                    Vector& w, int64_t count, ExampleAt example_at) {
  const Eigen::Index d = w.size();
  Eigen::Map<Vector> w_map(w.data(), d);
  const float* rows = X.data();
  const int* labels = label.data();  // read at step time: an adaptive stream may have just set it
  const float* scales = scale.data();
  static constexpr float kSign[2] = {-1.0f, 1.0f};  // y by the label == 1 test, loaded: no branch
  constexpr float kLargest = std::numeric_limits<float>::max();
  PerceptronRun run;
  for (int64_t k = 0; k < count; ++k) {
    const Eigen::Index i = example_at(k);
    const Eigen::Map<const Vector> x(rows + i * d, d);
    const float y = kSign[labels[i] == 1 ? 1 : 0];
    const float m = y * x.dot(w_map);
    if (!(m > 0.0f) || m > kLargest) {  // y <w, x> <= 0 (or NaN): a mistake; or +inf
      if (!finite_score(m)) {
        run.visited = k + 1;
        run.overflow = true;
        return run;
      }
      if constexpr (kScaled) {  // w += y x / ||x|| (or y x)
        w_map.noalias() += (y * scales[i]) * x;
      } else {
        w_map.noalias() += y * x;
      }
      ++run.mistakes;
    }
  }
  run.visited = count;
  return run;
}

}  // namespace

ML_STEP_LOOP StepCounts Perceptron::step_many(int64_t max_steps) {
  assert(!done() && max_steps >= 1);
  assert(data_->X.cols() == w_float_.size());
  StepCounts c;
  while (c.steps < max_steps && !done()) {
    // The rest of the epoch (at most what is left of max_steps), without the order's per-example bookkeeping.
    const std::span<const int> run = order_.upcoming(max_steps - c.steps);
    const int64_t count = static_cast<int64_t>(run.size());
    const auto run_with = [&](auto example_at) {
      return normalize_ ? perceptron_run<true>(data_->X, data_->label, scale_, w_float_, count, example_at)
                        : perceptron_run<false>(data_->X, data_->label, scale_, w_float_, count, example_at);
    };
    PerceptronRun done_run;
    if (order_.shuffled()) {
      done_run = run_with([run](int64_t k) { return static_cast<Eigen::Index>(run[static_cast<size_t>(k)]); });
    } else {  // cyclic: the run is the consecutive examples from run.front(), counted instead of loaded
      const Eigen::Index first = run.front();
      done_run = run_with([first](int64_t k) { return first + static_cast<Eigen::Index>(k); });
    }
    c.steps += done_run.visited;
    c.mistakes += done_run.mistakes;
    const bool clean_epoch = order_.skip(done_run.visited, done_run.mistakes);
    if (done_run.overflow) {
      set_stop(StopReason::numeric_overflow);  // y <w, x> is NaN or infinite: w says nothing any more
    } else if (clean_epoch) {
      set_stop(StopReason::epoch_without_mistakes);  // a clean epoch: separated
    }
  }
  c.updates = c.mistakes;  // every mistake updates w
  return c;
}

std::vector<Counter> Perceptron::counters() const { return {{"epoch", static_cast<double>(order_.epoch())}}; }

}  // namespace ml
