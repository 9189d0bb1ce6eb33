// marginlab — the Perceptron (see perceptron.h).
#include "core/learners/perceptron.h"

#include <cassert>
#include <span>
#include <vector>

#include "core/metrics/metrics.h"

namespace ml {

const ParamTable<PerceptronParams>& PerceptronParams::table() {
  static const ParamTable<PerceptronParams> t =
      ParamTable<PerceptronParams>()
          .add(&PerceptronParams::normalize,
               {.key = "normalize", .label = "normalize x", .help = "update with y x/||x|| (000 Fig. 1) instead of y x"})
          .add(&PerceptronParams::order, ExampleOrder::setting());
  return t;
}

LearnerSchema Perceptron::schema() { return make_schema<PerceptronParams>("perceptron", "Perceptron", false); }

Status Perceptron::reset(const Problem& problem, const PerceptronParams& params) {
  assert(problem.train != nullptr);
  data_ = problem.train;
  if (Status st = require_binary(*data_, "the Perceptron"); !st.ok()) return st;
  const int n = data_->rows();
  const int d = data_->cols();
  w_float_ = Vector::Zero(d);
  scale_ = update_scales(data_->X, params.normalize);
  order_.reset(n, params.order == VisitOrder::shuffled, problem.seed);
  done_ = n == 0;
  bound_ = online_perceptron_bound(problem, params.normalize);
  return Status::Ok();
}

StepResult Perceptron::step() {
  assert(!done_);
  StepResult r;
  r.example = order_.peek();
  r.mistake = r.updated = step_many(1).mistakes > 0;
  return r;
}

ML_STEP_LOOP StepCounts Perceptron::step_many(int64_t max_steps) {
  assert(!done_ && max_steps >= 1);
  const FeatureMatrix& X = data_->X;
  const std::vector<int>& label = data_->label;  // read at step time: an adaptive stream may have just set it
  StepCounts c;
  while (c.steps < max_steps && !done_) {
    // The rest of the epoch (at most what is left of max_steps), without the order's per-example bookkeeping.
    const std::span<const int> run = order_.upcoming(max_steps - c.steps);
    int64_t mistakes = 0;
    for (const int i : run) {
      const auto x = X.row(i);
      const float y = label[static_cast<size_t>(i)] == 1 ? 1.0f : -1.0f;
      if (y * x.dot(w_float_) <= 0.0f) {  // y <w, x> <= 0: a mistake, w += y x / ||x|| (or y x)
        w_float_.noalias() += (y * scale_[static_cast<size_t>(i)]) * x.transpose();
        ++mistakes;
      }
    }
    c.steps += static_cast<int64_t>(run.size());
    c.mistakes += mistakes;
    if (order_.skip(static_cast<int64_t>(run.size()), mistakes)) done_ = true;  // a clean epoch: separated
  }
  c.updates = c.mistakes;  // every mistake updates w
  return c;
}

std::vector<Counter> Perceptron::counters() const {
  return {{"epoch", static_cast<double>(order_.epoch())}};
}

}  // namespace ml
