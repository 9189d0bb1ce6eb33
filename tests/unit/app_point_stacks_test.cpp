// Tests of app/models/point_stacks: coinciding points in the 2-D view, counted by hand.
#include "app/models/point_stacks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace ml::app {
namespace {

// Five points at (1, 2), three at (0, 0) (one of them -0), two singles; the first point (index 0) is a test
// point the caller skips with first = 1.
TEST(AppPointStacks, CountsBitIdenticalPlacesLargestFirst) {
  const std::vector<float> xy = {1, 2,  // skipped
                                 0, 0, 1, 2, 3, 4, 1, 2, -0.0f, 0, 1, 2, 0, -0.0f, 1, 2, 5, 6, 1, 2, NAN, 1};
  const std::vector<PointStack> s = point_stacks(xy, 1, 2, 8);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].count, 5);
  EXPECT_EQ(s[0].x, 1.0f);
  EXPECT_EQ(s[0].y, 2.0f);
  EXPECT_EQ(s[1].count, 3);
  EXPECT_EQ(s[1].x, 0.0f);
  // With the skipped point counted, (1, 2) holds six; a higher threshold or a cap keeps the largest.
  EXPECT_EQ(point_stacks(xy, 0, 2, 8)[0].count, 6);
  EXPECT_EQ(point_stacks(xy, 1, 4, 8).size(), 1u);
  EXPECT_EQ(point_stacks(xy, 1, 2, 1).size(), 1u);
  EXPECT_EQ(point_stacks(xy, 1, 2, 1)[0].count, 5);
  // Points a hair apart are not one place.
  EXPECT_TRUE(point_stacks({1, 2, std::nextafter(1.0f, 2.0f), 2}, 0, 2, 8).empty());
}

}  // namespace
}  // namespace ml::app
