// The View panel's margin histogram (app/models/margin_histogram.h) and core's score_margin
// (core/metrics/margins.h), on hand-computed values.
#include <gtest/gtest.h>

#include "app/models/margin_histogram.h"
#include "core/metrics/margins.h"
#include "test_data.h"

namespace ml::app {
namespace app_margin_histogram_test {

TEST(AppMarginHistogramTest, ScoreMarginBinaryAndMulticlass) {
  Eigen::MatrixXf s(2, 2);
  s << 0, 3, 1, -1;
  EXPECT_DOUBLE_EQ(score_margin(s, 0, 1, 0), 3);     // y = +1: s1 - s0
  EXPECT_DOUBLE_EQ(score_margin(s, 0, 0, 2), -1.5);  // y = -1, divided by ||w|| = 2
  EXPECT_DOUBLE_EQ(score_margin(s, 1, 0, 0), 2);     // -(-1 - 1)
  Eigen::MatrixXf m(1, 3);
  m << 1, 4, 2.5f;
  EXPECT_DOUBLE_EQ(score_margin(m, 0, 1, 0), 1.5);  // 4 - max(1, 2.5)
  EXPECT_DOUBLE_EQ(score_margin(m, 0, 0, 7), -3);   // 1 - 4 (no norm in the multiclass margin)
}

TEST(AppMarginHistogramTest, BinsCleanAndCorruptedApart) {
  // Four examples, margins y (s1 - s0) / ||w|| with ||w|| = 2: 2, -1, 0.5, 1 -> extent 2, 41 bins of
  // width 4/41 over [-2, 2]; bin of m = floor((m + 2) / 4 * 41): 2 -> 41 (clamped to 40), -1 -> 10,
  // 0.5 -> 25, 1 -> 30. Example 1 is corrupted.
  Dataset train = test::tiny_dataset({{0, 0}, {0, 0}, {0, 0}, {0, 0}}, {1, 1, -1, 1});
  train.corruption[1] = Corruption::label;
  Eigen::MatrixXf s(4, 2);
  s << 0, 4, 0, -2, 0, -1, 0, 2;
  const MarginHistogram h = margin_histogram(s, train, 1, 2.0);
  EXPECT_DOUBLE_EQ(h.lo, -2);
  EXPECT_DOUBLE_EQ(h.hi, 2);
  ASSERT_EQ(h.clean.size(), 41u);
  EXPECT_EQ(h.clean[40], 1);
  EXPECT_EQ(h.corrupt[10], 1);
  EXPECT_EQ(h.clean[25], 1);
  EXPECT_EQ(h.clean[30], 1);
  double total = 0;
  for (double c : h.clean) total += c;
  for (double c : h.corrupt) total += c;
  EXPECT_EQ(total, 4);
  EXPECT_EQ(h.x_label, "y <w,x> / ||w||  (observed labels)");
}

TEST(AppMarginHistogramTest, StrideReadsEveryKthLabelAndSkipsNonFinite) {
  // Stride 2: score rows 0 and 1 are examples 0 and 2; a NaN margin is left out; no norm: y f(x).
  const Dataset train = test::tiny_dataset({{0}, {0}, {0}, {0}}, {1, -1, -1, 1});
  Eigen::MatrixXf s(2, 2);
  s << 0, NAN, 0, 3;  // example 2 has y = -1: margin -3
  const MarginHistogram h = margin_histogram(s, train, 2, 0.0);
  EXPECT_DOUBLE_EQ(h.lo, -3);
  EXPECT_EQ(h.clean[0], 1);
  EXPECT_EQ(h.title, "Margins on the training set (every 2th example)");
  EXPECT_EQ(h.x_label, "y f(x)  (observed labels)");
}

}  // namespace app_margin_histogram_test
}  // namespace ml::app
