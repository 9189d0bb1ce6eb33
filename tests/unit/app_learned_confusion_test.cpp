// The Confusion panel's learned Ĉ (app/models/learned_confusion.h), on hand-computed values.
#include <gtest/gtest.h>

#include <cmath>

#include "app/models/learned_confusion.h"

namespace ml::app {
namespace app_learned_confusion_test {

TEST(AppLearnedConfusionTest, ColumnsAreTrueClassesAndTheRateIsTheOffDiagonalNorm) {
  // True class 0: predicted 0, 0, 1 -> column 0 = (2/3, 1/3). True class 1: predicted 1 -> (0, 1).
  // Rate = sqrt((1/3)^2 + 0^2) / sqrt(2) = 1 / (3 sqrt 2).
  const LearnedConfusionValue v = learned_confusion({0, 0, 1, 1}, {0, 0, 0, 1}, 2);
  ASSERT_EQ(v.matrix.size(), 4u);
  EXPECT_DOUBLE_EQ(v.matrix[0], 2.0 / 3);  // C_00
  EXPECT_DOUBLE_EQ(v.matrix[1], 0);        // C_01
  EXPECT_DOUBLE_EQ(v.matrix[2], 1.0 / 3);  // C_10
  EXPECT_DOUBLE_EQ(v.matrix[3], 1);        // C_11
  EXPECT_DOUBLE_EQ(v.rate, 1.0 / (3 * std::sqrt(2.0)));
}

TEST(AppLearnedConfusionTest, AClassWithoutExamplesIsAZeroColumn) {
  // Q = 3, no example of class 2; every class-1 example predicted 2: C_21 = 1, rate = 1 / sqrt 3.
  const LearnedConfusionValue v = learned_confusion({0, 2, 2}, {0, 1, 1}, 3);
  EXPECT_DOUBLE_EQ(v.matrix[2 * 3 + 1], 1);
  EXPECT_DOUBLE_EQ(v.matrix[0 * 3 + 2] + v.matrix[1 * 3 + 2] + v.matrix[2 * 3 + 2], 0);
  EXPECT_DOUBLE_EQ(v.rate, 1 / std::sqrt(3.0));
}

TEST(AppLearnedConfusionTest, RefreshesOnANewSessionAtOnceAndOnUpdatesAtMostEvery300ms) {
  RefreshThrottle t;
  EXPECT_TRUE(t.due(1, 0, 10.0));   // first look
  EXPECT_FALSE(t.due(1, 0, 20.0));  // nothing changed
  EXPECT_FALSE(t.due(1, 5, 10.2));  // updates, but 0.2 s after the last refresh
  EXPECT_TRUE(t.due(1, 5, 10.31));  // updates, 0.31 s after
  EXPECT_TRUE(t.due(2, 5, 10.32));  // a new session: at once
}

}  // namespace app_learned_confusion_test
}  // namespace ml::app
