// Tests of the recent frame times (app/models/frame_times.h): the median of odd and even counts, the ring
// keeping only the last intervals, and values that are not times being ignored.
#include <gtest/gtest.h>

#include <cmath>

#include "app/models/frame_times.h"

namespace ml::app {
namespace {

TEST(FrameTimes, MedianOfTheLastIntervals) {
  FrameTimes t(3);
  EXPECT_EQ(t.median_ms(), 0.0);
  t.add(5);
  t.add(1);
  t.add(3);
  EXPECT_EQ(t.median_ms(), 3.0);   // {1, 3, 5}
  t.add(100);                      // replaces the oldest (5): {100, 1, 3}
  EXPECT_EQ(t.size(), 3u);
  EXPECT_EQ(t.median_ms(), 3.0);
  t.add(50);                       // replaces 1: {100, 50, 3}
  EXPECT_EQ(t.median_ms(), 50.0);
  t.add(-1);                       // not a time
  t.add(NAN);
  EXPECT_EQ(t.median_ms(), 50.0);
  FrameTimes even(10);
  for (double v : {4.0, 1.0, 3.0, 2.0}) even.add(v);
  EXPECT_EQ(even.median_ms(), 2.5);  // mean of the middle two
}

}  // namespace
}  // namespace ml::app
