// Tests of the recent frame times (app/models/frame_times.h): the median of odd and even counts, the ring
// keeping only the last intervals, and values that are not times being ignored; the nearest-rank
// percentile; a frame's cost split into training, GL and the app's own work.
#include <gtest/gtest.h>

#include <cmath>

#include "app/models/frame_times.h"

namespace ml::app {
namespace app_frame_times_test {

TEST(FrameTimes, MedianOfTheLastIntervals) {
  FrameTimes t(3);
  EXPECT_EQ(t.median_ms(), 0.0);
  t.add(5);
  t.add(1);
  t.add(3);
  EXPECT_EQ(t.median_ms(), 3.0);  // {1, 3, 5}
  t.add(100);                     // replaces the oldest (5): {100, 1, 3}
  EXPECT_EQ(t.size(), 3u);
  EXPECT_EQ(t.median_ms(), 3.0);
  t.add(50);  // replaces 1: {100, 50, 3}
  EXPECT_EQ(t.median_ms(), 50.0);
  t.add(-1);  // not a time
  t.add(NAN);
  EXPECT_EQ(t.median_ms(), 50.0);
  FrameTimes even(10);
  for (double v : {4.0, 1.0, 3.0, 2.0}) even.add(v);
  EXPECT_EQ(even.median_ms(), 2.5);  // mean of the middle two
}

TEST(FrameTimes, PercentileByNearestRank) {
  FrameTimes t(100);
  EXPECT_EQ(t.percentile_ms(0.95), 0.0);
  for (int v = 20; v >= 1; --v) t.add(v);  // 1..20, added out of order
  EXPECT_EQ(t.percentile_ms(0.0), 1.0);
  EXPECT_EQ(t.percentile_ms(1.0), 20.0);
  EXPECT_EQ(t.percentile_ms(0.5), 11.0);   // index round(0.5 * 19) = 10 (9.5 rounds up, as JavaScript's Math.round)
  EXPECT_EQ(t.percentile_ms(0.95), 19.0);  // index round(18.05) = 18
  EXPECT_EQ(t.percentile_ms(2.0), 20.0);   // clamped
  EXPECT_EQ(t.percentile_ms(NAN), 0.0);
}

TEST(FrameCost, AppTimeIsTheFrameWithoutTrainingAndGl) {
  const FrameCost cost{12.0, 8.0, 1.5};
  EXPECT_DOUBLE_EQ(cost.app_ms(), 2.5);
  // Clocks of coarse resolution (the browser's 0.1 ms) can make the parts exceed the whole: never negative.
  EXPECT_EQ((FrameCost{1.0, 0.8, 0.3}).app_ms(), 0.0);

  FrameCostStats stats(4);
  stats.add({10, 8, 1});   // app 1
  stats.add({13, 8, 2});   // app 3
  stats.add({20, 8, 2});   // app 10
  stats.add({NAN, 8, 2});  // not a time: left out of every part
  EXPECT_EQ(stats.app().size(), 3u);
  EXPECT_EQ(stats.train().size(), 3u);
  EXPECT_EQ(stats.app().median_ms(), 3.0);
  EXPECT_EQ(stats.gl().median_ms(), 2.0);
  EXPECT_EQ(stats.train().median_ms(), 8.0);
  EXPECT_EQ(stats.app().percentile_ms(1.0), 10.0);
}

}  // namespace app_frame_times_test
}  // namespace ml::app
