// Tests of the pieces every learner shares (core/learners/learner.h, linear_learner.h, example_order.h):
// the binary-data check, the schema helper, the normalized update's step sizes, the "epoch without a
// mistake" rule, cyclic runs of the example order, the linear binary base's scores, and parsing an enum by
// name (settings/setting.h).
#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <vector>

#include "core/kernels/kernel.h"
#include "core/learners/example_order.h"
#include "core/learners/linear_learner.h"
#include "core/learners/perceptron.h"
#include "test_data.h"

namespace ml {
namespace learner_parts_test {

TEST(LearnerParts, RequireBinaryNamesTheLearnerAndTheClassCount) {
  const Dataset binary = test::tiny_dataset({{1, 0}, {0, 1}}, {1, -1});
  EXPECT_TRUE(require_binary(binary, "the Perceptron").ok());
  const Dataset three = test::class_dataset({{1, 0}, {0, 1}, {1, 1}}, {0, 1, 2}, 3);
  const Status st = require_binary(three, "the Perceptron");
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().code, "learner.needs_binary");
  EXPECT_EQ(st.error().message, "the Perceptron is a binary learner; the data have 3 classes");
}

TEST(LearnerParts, MakeSchemaListsTheParameterTable) {
  const LearnerSchema s = make_schema<PerceptronParams>("perceptron", "Perceptron", false);
  EXPECT_EQ(s.id, "perceptron");
  EXPECT_EQ(s.name, "Perceptron");
  EXPECT_FALSE(s.multiclass);
  ASSERT_EQ(s.params.size(), 2u);
  EXPECT_EQ(s.params[0].key, "normalize");
  EXPECT_EQ(s.params[1].key, "order");
}

TEST(LearnerParts, UpdateScalesAreInverseNormsAndOneForZeroRows) {
  const Dataset ds = test::tiny_dataset({{3, 4}, {0, 0}, {0, 2}}, {1, -1, 1});
  EXPECT_EQ(update_scales(ds.X, false), (std::vector<float>{1.0f, 1.0f, 1.0f}));
  EXPECT_EQ(update_scales(ds.X, true), (std::vector<float>{0.2f, 1.0f, 0.5f}));
}

TEST(LearnerParts, EndStepIsTrueOnlyAfterAnEpochWithoutMistakes) {
  ExampleOrder order;
  order.reset(2, false, 1);
  // Epoch 0: a mistake on the second example; the epoch ends, not clean.
  EXPECT_EQ(order.advance(), 0);
  EXPECT_FALSE(order.end_step(false));
  EXPECT_EQ(order.advance(), 1);
  EXPECT_FALSE(order.end_step(true));
  // Epoch 1: a mistake on the first example only; the count restarted, still not clean.
  order.advance();
  EXPECT_FALSE(order.end_step(true));
  order.advance();
  EXPECT_FALSE(order.end_step(false));
  // Epoch 2: no mistake; true exactly at its last example.
  order.advance();
  EXPECT_FALSE(order.end_step(false));
  order.advance();
  EXPECT_TRUE(order.end_step(false));
  // reset() forgets mistakes counted before it.
  order.reset(1, false, 1);
  order.advance();
  EXPECT_TRUE(order.end_step(false));
}

// A cyclic order's upcoming() is always the consecutive examples from its front (the Perceptron's cyclic
// loop counts them instead of loading them), across epoch ends and partial runs; shuffled() says which.
TEST(LearnerParts, CyclicUpcomingRunsAreConsecutiveExamples) {
  ExampleOrder order;
  order.reset(5, false, 1);
  EXPECT_FALSE(order.shuffled());
  int64_t seen = 0;
  for (const int64_t want : {3, 4, 1, 7, 2, 5}) {
    const std::span<const int> run = order.upcoming(want);
    ASSERT_FALSE(run.empty());
    for (size_t k = 0; k < run.size(); ++k) EXPECT_EQ(run[k], run.front() + static_cast<int>(k));
    EXPECT_EQ(run.front(), static_cast<int>(seen % 5));
    order.skip(static_cast<int64_t>(run.size()), 1);
    seen += static_cast<int64_t>(run.size());
  }
  order.reset(5, true, 1);
  EXPECT_TRUE(order.shuffled());
}

// The smallest learner on the linear base: w is set by hand.
class FixedLinear final : public LinearBinaryLearner<PerceptronParams> {
 public:
  explicit FixedLinear(Vector w) : LinearBinaryLearner("a fixed halfspace") { w_float_ = std::move(w); }
  Status start(const Problem&, const PerceptronParams&) override { return Status::Ok(); }
  StepResult step() override { return {}; }
  bool done() const override { return true; }
};

TEST(LearnerParts, LinearBinaryLearnerScoresZeroAndTheDotProduct) {
  Vector w(2);
  w << 1.0f, -2.0f;
  const FixedLinear learner(w);
  EXPECT_EQ(learner.num_classes(), 2);
  ASSERT_NE(learner.weights(), nullptr);
  EXPECT_EQ(*learner.weights(), w);
  const Dataset ds = test::tiny_dataset({{3, 1}, {1, 1}, {2, 1}}, {1, -1, 1});
  float s[2];
  learner.scores(ds.X.row(0).data(), s);
  EXPECT_EQ(s[0], 0.0f);
  EXPECT_EQ(s[1], 1.0f);  // 3 - 2
  std::vector<int> predicted;
  learner.predict_batch(ds.X, &predicted);
  EXPECT_EQ(predicted, (std::vector<int>{1, 0, 0}));  // scores 1, -1, 0: class 1 only when > 0
  Eigen::MatrixXf all;
  learner.scores_batch(ds.X, &all);
  ASSERT_EQ(all.rows(), 3);
  ASSERT_EQ(all.cols(), 2);
  EXPECT_EQ(all(1, 0), 0.0f);
  EXPECT_EQ(all(1, 1), -1.0f);
  EXPECT_EQ(all(2, 1), 0.0f);
}

TEST(LearnerParts, ParseEnumNameReadsTheDeclaredNames) {
  KernelKind k = KernelKind::linear;
  EXPECT_TRUE(parse_enum_name("gaussian", &k));
  EXPECT_EQ(k, KernelKind::gaussian);
  EXPECT_TRUE(parse_enum_name("poly", &k));
  EXPECT_EQ(k, KernelKind::polynomial);
  EXPECT_FALSE(parse_enum_name("rbf", &k));
  EXPECT_EQ(k, KernelKind::polynomial);  // untouched
}

}  // namespace learner_parts_test
}  // namespace ml
