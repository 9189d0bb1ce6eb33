// Tests of errors, margins and bounds (core/metrics/metrics.h): hand-computed values.
#include "core/metrics/metrics.h"
#include "tests/unit/test_data.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace ml {
namespace metrics_test {

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

// max_radius reads blocks of eight rows, four coordinates at a time: it is the largest row norm dot_double gives,
// bit for bit, wherever that row is (each lane of a block, and the rows past the last block) and whatever d is
// (a multiple of four, coordinates past the last four, fewer than four).
TEST(MetricsTest, MaxRadiusIsTheLargestRowNormBitForBit) {
  for (int d : {37, 64, 3}) {
    for (int largest : {0, 1, 2, 3, 4, 5, 6, 7, 8, 101, 102}) {
      FeatureMatrix X = test::random_points(103, d, 5, 1.0);
      X.row(largest) *= 3.0f;
      double r2 = 0;
      for (int i = 0; i < X.rows(); ++i) r2 = std::max(r2, dot_double(X.row(i).data(), X.row(i).data(), d));
      EXPECT_EQ(max_radius(X), std::sqrt(r2)) << "d " << d << ", largest row " << largest;
    }
  }
}

// The blocked dots are dot_double's numbers bit for bit, rows past the last block of eight and coordinates past
// the last four included. The values span six decades, so a sum taken in another order differs in its last bits.
TEST(MetricsTest, DotDoubleRowsIsDotDoubleBitForBit) {
  for (int d : {13, 16, 2}) {
    const int n = 19;
    FeatureMatrix X(n, d);
    Vector w(d);
    for (int j = 0; j < d; ++j) w[j] = 1.0f / static_cast<float>(j + 3) - 0.1f;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < d; ++j)
        X(i, j) = std::sin(static_cast<float>(i * d + j)) * 1e3f + 1e-3f * static_cast<float>(j);
    std::vector<double> dots(static_cast<size_t>(n));
    dot_double_rows(w.data(), X, dots.data());
    for (int i = 0; i < n; ++i)
      EXPECT_EQ(dots[static_cast<size_t>(i)], dot_double(w.data(), X.row(i).data(), d)) << "d " << d << ", row " << i;
  }
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

}  // namespace metrics_test
}  // namespace ml
