// marginlab — the Perceptron (see perceptron.h).
#include "core/learners/perceptron.h"

#include <cassert>

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
  const int i = order_.advance();
  r.example = i;
  const auto x = data_->X.row(i);
  const int y = data_->sign(i);  // read now: an adaptive stream may have just set it
  const float s = x.dot(w_float_);
  if (static_cast<float>(y) * s <= 0.0f) {
    r.mistake = true;
    const float coef = static_cast<float>(y) * scale_[static_cast<size_t>(i)];
    w_float_.noalias() += coef * x.transpose();
    r.updated = true;
  }
  if (order_.end_step(r.mistake)) done_ = true;
  return r;
}

std::vector<Counter> Perceptron::counters() const {
  return {{"epoch", static_cast<double>(order_.epoch())}};
}

}  // namespace ml
