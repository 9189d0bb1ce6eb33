// Tests of errors, margins and bounds (core/metrics/metrics.h): hand-computed values.
#include "core/metrics/metrics.h"
#include "tests/unit/test_data.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace ml {
namespace {

using test::tiny_dataset;

TEST(MetricsTest, ErrorRate) {
  EXPECT_DOUBLE_EQ(error_rate({1, 0, 1, 1}, {1, 1, 1, 0}), 0.5);
  EXPECT_TRUE(std::isnan(error_rate({}, {})));
}

TEST(MetricsTest, SampleMarginObservedAndTrue) {
  // w = (3,4), ||w|| = 5. x1 = (1,0): <w,x> = 3; x2 = (0,-1): -4; x3 = (1,1): 7.
  const Dataset ds = tiny_dataset({{1, 0}, {0, -1}, {1, 1}}, {+1, -1, -1}, {+1, -1, +1});
  Vector w(2);
  w << 3, 4;
  // observed: 3, 4, -7 -> min -7/5; true: 3, 4, 7 -> 3/5
  EXPECT_DOUBLE_EQ(sample_margin(w, ds, LabelSet::observed), -7.0 / 5.0);
  EXPECT_DOUBLE_EQ(sample_margin(w, ds, LabelSet::truth), 3.0 / 5.0);
  EXPECT_TRUE(std::isnan(sample_margin(Vector::Zero(2), ds, LabelSet::truth)));
  EXPECT_DOUBLE_EQ(max_radius(ds.X), std::sqrt(2.0));
  EXPECT_DOUBLE_EQ(norm2_double(w), 25.0);
}

TEST(MetricsTest, Bounds) {
  EXPECT_NEAR(perceptron_bound(1.0, 0.1), 100.0, 1e-9);
  EXPECT_NEAR(perceptron_bound(2.0, 0.5), 16.0, 1e-12);
  EXPECT_TRUE(std::isnan(perceptron_bound(1.0, 0.0)));
  EXPECT_NEAR(bylander_bound(0.4, 0.1), 10000.0, 1e-6);
  EXPECT_TRUE(std::isnan(bylander_bound(0.4, 0.0)));
  EXPECT_NEAR(halving_bound(1024), 10.0, 1e-12);
  EXPECT_NEAR(randomized_halving_bound(3), 1.0 + 0.5 + 1.0 / 3.0, 1e-15);
  EXPECT_TRUE(std::isnan(halving_bound(0)));
}

}  // namespace
}  // namespace ml
