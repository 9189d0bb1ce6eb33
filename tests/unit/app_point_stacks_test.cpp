// Tests of app/models/point_stacks: coinciding points in the 2-D view, counted by hand.
#include "app/models/point_stacks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <vector>

namespace ml::app {
namespace app_point_stacks_test {

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

// Many places, many points each: every count and the order (largest first, ties in the order the places first
// appear) equal a count made with std::map. 30 000 points on 1 200 places of a 40 x 30 grid, spread by a
// fixed multiplicative sequence so each place's count differs and places collide in the table.
TEST(AppPointStacks, ManyPlacesCountLikeAnOrderedMap) {
  std::vector<float> xy;
  uint32_t state = 12345;
  for (int i = 0; i < 30000; ++i) {
    state = state * 1664525u + 1013904223u;
    const uint32_t cell = (state >> 8) % 1200u;
    const uint32_t skew = (state >> 20) % 7u;  // uneven counts: low cells more often
    const uint32_t place = skew < 3 ? cell % 200u : cell;
    xy.push_back(static_cast<float>(place % 40) * 0.25f - 3.0f);
    xy.push_back(static_cast<float>(place / 40) * 0.5f + 1.0f);
  }
  std::map<std::pair<float, float>, std::pair<int, int>> count;  // place -> (count, first point)
  for (int i = 0; i < 30000; ++i) {
    auto [it, added] = count.try_emplace({xy[2 * i], xy[2 * i + 1]}, 0, i);
    it->second.first += 1;
  }
  std::vector<std::pair<std::pair<int, int>, std::pair<float, float>>> expected;  // ((-count, first), place)
  for (const auto& [place, cf] : count) expected.push_back({{-cf.first, cf.second}, place});
  std::sort(expected.begin(), expected.end());
  const std::vector<PointStack> s = point_stacks(xy, 0, 1, 5000);
  ASSERT_EQ(s.size(), expected.size());
  for (size_t k = 0; k < s.size(); ++k) {
    EXPECT_EQ(s[k].count, -expected[k].first.first) << k;
    EXPECT_EQ(s[k].x, expected[k].second.first) << k;
    EXPECT_EQ(s[k].y, expected[k].second.second) << k;
  }
}

}  // namespace app_point_stacks_test
}  // namespace ml::app
