// A learner that exists only in the test binary: the running sum of y x over `passes` passes of the sample
// (the centroid direction), declared with one registry row in this file pair and registered at start-up. It
// proves that a row is all marginlab needs to know of a learner: tests/unit/app_learner_registration_test.cpp finds it
// in the URL codec, `marginlab learners`' JSON, the resource budget (with the cost declared here) and the
// app's learner list, with no other file edited.
#pragma once

#include <string_view>

#include "core/learners/cost.h"
#include "core/learners/linear_learner.h"
#include "core/learners/registry.h"

namespace ml::test {

// The test-only learner's parameters.
struct TestOnlyParams {
  int passes = 1;  // passes over the sample
  // The parameter table (settings/params.h).
  static const ParamTable<TestOnlyParams>& table();
};

// The test-only learner: w = sum of y x over the examples seen, one example a step.
class TestOnlyLearner final : public LinearBinaryLearner<TestOnlyParams> {
 public:
  TestOnlyLearner() : LinearBinaryLearner("the test-only learner") {}
  // Its id in links and the registry.
  static constexpr std::string_view kId = "test_only_centroid";
  // What a step costs (the term its cost adds, named in budget messages).
  static constexpr std::string_view kStepPart = "the test-only learner's pass (passes x n x d)";
  // Registry schema.
  static LearnerSchema schema();
  // The declared cost: a step term of passes x n x d, and `passes` as the size the budget may lower.
  static LearnerCost cost(const ProblemShape& shape, const TestOnlyParams& params, CostSum& sum);

  StepResult step() override;
  bool done() const override { return step_ >= total_steps_; }
  int next_example() const override;

 private:
  Status start(const Problem& problem, const TestOnlyParams& params) override;
  int64_t step_ = 0, total_steps_ = 0;
};

// The learner's registry row (registered at start-up by test_only_learner.cpp).
LearnerEntry test_only_learner_row();

}  // namespace ml::test
