// Tests of the averaging algorithm (core/learners/averaging.h; 003 §1.3): hand-computed running means,
// the online mistake flag (before folding the example in), one pass then done.
#include "core/learners/averaging.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/learners/evaluation.h"
#include "core/metrics/metrics.h"
#include "tests/unit/test_data.h"

namespace ml {
namespace averaging_test {

using test::tiny_dataset;

TEST(AveragingTest, HandComputedRunningMean) {
  // y x: (2,0), (0,-1)*(-1) = (0,1), (3,4): means (2,0), (1,0.5), (5/3, 5/3).
  const Dataset ds = tiny_dataset({{2, 0}, {0, -1}, {3, 4}}, {+1, -1, +1});
  Problem problem;
  problem.train = &ds;
  Averaging a;
  ASSERT_TRUE(a.reset(problem, {.normalize = false}).ok());
  EXPECT_EQ(a.next_example(), 0);
  StepResult r = a.step();
  EXPECT_TRUE(r.mistake);  // v = 0 errs
  EXPECT_TRUE(r.updated);
  EXPECT_FLOAT_EQ((*a.weights())[0], 2.0f);
  EXPECT_FLOAT_EQ((*a.weights())[1], 0.0f);
  r = a.step();  // <v,x2> = 0, y = -1: 0 <= 0, a mistake
  EXPECT_TRUE(r.mistake);
  EXPECT_FLOAT_EQ((*a.weights())[0], 1.0f);
  EXPECT_FLOAT_EQ((*a.weights())[1], 0.5f);
  r = a.step();  // <v,x3> = 3 + 2 = 5 > 0, y = +1: correct
  EXPECT_FALSE(r.mistake);
  EXPECT_FLOAT_EQ((*a.weights())[0], static_cast<float>(5.0 / 3.0));
  EXPECT_FLOAT_EQ((*a.weights())[1], static_cast<float>(5.0 / 3.0));
  EXPECT_TRUE(a.done());
  EXPECT_EQ(a.next_example(), -1);
  EXPECT_TRUE(std::isnan(a.bound()));
  ASSERT_EQ(a.counters().size(), 1u);
  EXPECT_EQ(a.counters()[0].value, 3.0);
}

TEST(AveragingTest, NormalizedAveragesUnitVectors) {
  const Dataset ds = tiny_dataset({{3, 4}, {0, -2}}, {+1, -1});
  Problem problem;
  problem.train = &ds;
  Averaging a;
  ASSERT_TRUE(a.reset(problem, {.normalize = true}).ok());
  a.step();
  a.step();
  // ((0.6,0.8) + (0,1)) / 2 = (0.3, 0.9)
  EXPECT_FLOAT_EQ((*a.weights())[0], 0.3f);
  EXPECT_FLOAT_EQ((*a.weights())[1], 0.9f);
  EXPECT_EQ(learner_error(a, ds, LabelSet::observed), 0.0);
}

}  // namespace averaging_test
}  // namespace ml
