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

// Rows whose float dots with w = (a, -1, 1), a = 1 + 2^-12, order them otherwise than their exact dots: x = (a, c, 0)
// with c = 1 + 2^-11 has the exact dot a^2 - c = 2^-24, but its float dot is 0 (a^2 rounds to c, a tie to even);
// x = (0, 0, k 2^-25) has k 2^-25 in both. Twenty rows: that first row, k = 1 and k = 3, and seventeen rows at 1.
constexpr float kRoundingWeight = 1.0f + 0x1p-12f;
Dataset rounding_rows(const std::vector<int>& signs, const std::vector<int>& true_signs) {
  std::vector<std::vector<float>> rows = {{kRoundingWeight, 1.0f + 0x1p-11f, 0}, {0, 0, 0x1p-25f}, {0, 0, 0x3p-25f}};
  rows.resize(20, {0, 0, 1});
  return tiny_dataset(rows, signs, true_signs);
}

// read_halfspace's margins are halfspace_margins' bit for bit where the float dots rank rows wrongly: the smallest
// margin is the second row's 2^-25 though the first row's float dot (0) is smaller, and the quantile (rank 1 of 20)
// is the first row's 2^-24 though the float dots rank the second row there; the same with the true labels and over
// the clean rows. The first row predicts class 0: its float dot is 0, as LinearBinaryLearner predicts it.
TEST(MetricsTest, ReadHalfspaceFindsTheExactMarginsWhereFloatDotsRankRowsWrongly) {
  Vector w(3);
  w << kRoundingWeight, -1.0f, 1.0f;
  const std::vector<int> positive(20, +1);
  std::vector<int> second_flipped = positive;
  second_flipped[1] = -1;
  Dataset all_positive = rounding_rows(positive, positive);
  all_positive.corruption.assign(20, Corruption::none);
  all_positive.corruption[19] = Corruption::label;
  for (const Dataset& ds : {all_positive, rounding_rows(second_flipped, positive)}) {
    const SampleReadout read = read_halfspace(w, ds, max_radius(ds.X));
    const SampleMargins exact = halfspace_margins(w, ds);
    EXPECT_EQ(read.margins.observed, exact.observed);
    EXPECT_EQ(read.margins.truth, exact.truth);
    EXPECT_EQ(read.margins.clean, exact.clean);
    EXPECT_EQ(read.margins.quantile, exact.quantile);
    EXPECT_EQ(read.predicted[0], 0);
    EXPECT_EQ(std::count(read.predicted.begin(), read.predicted.end(), 1), 19);
  }
  const double norm = std::sqrt(norm2_double(w));
  const SampleMargins exact = halfspace_margins(w, all_positive);
  EXPECT_EQ(exact.observed, 0x1p-25 / norm);
  EXPECT_EQ(exact.clean, 0x1p-25 / norm);
  EXPECT_EQ(exact.quantile, 0x1p-24 / norm);
  EXPECT_EQ(halfspace_margins(w, rounding_rows(second_flipped, positive)).truth, 0x1p-25 / norm);
}

// A row whose float dot depends on the order of its sums: with w = (1, 1, 1, 1), x = (1, 2^-25, -1, 2^-25) sums to
// 2^-24 as (x0 + x2) + (x1 + x3), Eigen's order for one four-float packet, and to 0 as (x0 + x1) + (x2 + x3) (each
// 2^-25 is lost to a tie to even). read_halfspace's estimate is no prediction there: it predicts what the learner's
// float dot predicts, row by row, whatever order that dot sums in.
TEST(MetricsTest, ReadHalfspacePredictsWhatTheLearnersFloatDotPredicts) {
  const std::vector<float> tie = {1.0f, 0x1p-25f, -1.0f, 0x1p-25f};
  const std::vector<float> mirrored = {-1.0f, -0x1p-25f, 1.0f, -0x1p-25f};
  const Dataset ds =
      tiny_dataset({tie, mirrored, tie, tie, mirrored, {1, 1, 1, 1}, {-1, 0, 0, 0}}, {1, 1, 1, 1, 1, 1, 1});
  const Vector w = Vector::Ones(4);
  const SampleReadout read = read_halfspace(w, ds, max_radius(ds.X));
  for (int i = 0; i < ds.rows(); ++i)
    EXPECT_EQ(read.predicted[static_cast<size_t>(i)], ds.X.row(i).dot(w) > 0 ? 1 : 0) << i;
}

// On 5 000 random rows (the quantile narrowed by a sample) and with a radius so large that no float dot can be trusted
// (every row's double dot instead), read_halfspace is halfspace_margins and predict_batch's rule, bit for bit.
TEST(MetricsTest, ReadHalfspaceIsTheExactReadoutOnRandomRows) {
  const int n = 5000, d = 64;
  std::vector<std::vector<float>> rows(n, std::vector<float>(d));
  const FeatureMatrix X = test::random_points(n, d, 7, 1.0);
  std::vector<int> signs(n), true_signs(n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < d; ++j) rows[static_cast<size_t>(i)][static_cast<size_t>(j)] = X(i, j);
    true_signs[static_cast<size_t>(i)] = X(i, 0) + X(i, 1) > 0 ? 1 : -1;
    signs[static_cast<size_t>(i)] =
        i % 7 == 0 ? -true_signs[static_cast<size_t>(i)] : true_signs[static_cast<size_t>(i)];
  }
  const Dataset ds = tiny_dataset(rows, signs, true_signs);
  Vector w = test::random_points(1, d, 8, 1.0).row(0).transpose();
  const SampleMargins exact = halfspace_margins(w, ds);
  for (double radius : {max_radius(ds.X), 1e38}) {
    const SampleReadout read = read_halfspace(w, ds, radius);
    EXPECT_EQ(read.margins.observed, exact.observed) << radius;
    EXPECT_EQ(read.margins.truth, exact.truth) << radius;
    EXPECT_EQ(read.margins.quantile, exact.quantile) << radius;
    for (int i = 0; i < n; ++i) ASSERT_EQ(read.predicted[static_cast<size_t>(i)], ds.X.row(i).dot(w) > 0 ? 1 : 0) << i;
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
