// The test-only learner (see test_only_learner.h) and its registration.
#include "test_only_learner.h"

#include <memory>

namespace ml::test {

const ParamTable<TestOnlyParams>& TestOnlyParams::table() {
  using P = TestOnlyParams;
  static const ParamTable<P> t = ParamTable<P>().add(
      &P::passes, {.key = "passes", .label = "passes", .min = 1, .max = 1000000, .help = "passes over the sample"});
  return t;
}

LearnerSchema TestOnlyLearner::schema() {
  return make_schema<TestOnlyParams>(std::string(kId), "Test-only centroid", false);
}

LearnerCost TestOnlyLearner::cost(const ProblemShape& shape, const TestOnlyParams& params, CostSum& sum) {
  sum.add(Resource::step, params.passes * shape.train * shape.dims, kStepPart);
  LearnerCost out;
  out.sizes = {{"passes", static_cast<double>(params.passes), 1}};
  return out;
}

Status TestOnlyLearner::start(const Problem& problem, const TestOnlyParams& params) {
  data_ = problem.train;
  step_ = 0;
  total_steps_ = static_cast<int64_t>(params.passes) * data_->rows();
  w_float_ = Vector::Zero(data_->cols());
  return Status::Ok();
}

int TestOnlyLearner::next_example() const { return done() ? -1 : static_cast<int>(step_ % data_->rows()); }

StepResult TestOnlyLearner::step() {
  const int i = next_example();
  StepResult r;
  r.example = i;
  const float y = static_cast<float>(data_->sign(i));
  r.mistake = y * data_->X.row(i).dot(w_float_) <= 0.0f;
  w_float_ += y * data_->X.row(i).transpose();
  r.updated = true;
  ++step_;
  return r;
}

LearnerEntry test_only_learner_row() {
  return {TestOnlyLearner::schema(), [] { return std::unique_ptr<Learner>(std::make_unique<TestOnlyLearner>()); },
          "none: a learner of the test binary", &cost_from<TestOnlyParams, &TestOnlyLearner::cost>,
          "the test-only learner passes `l.passes` times over the sample"};
}

namespace test_only_learner {
// Registered before main(): every test sees it like a built-in row.
const bool kRegistered = (register_learner(test_only_learner_row()), true);
}  // namespace test_only_learner

}  // namespace ml::test
