// Tests of the plot module's axis arithmetic (app/models/plot_axis.h): hand-computed 1-2-5 steps, tick
// positions and labels, data ranges that ignore NaN, the hover look-up and the drawing envelope.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "app/models/plot_axis.h"

namespace ml::app {
namespace app_plot_axis_test {

TEST(AppPlotAxis, NiceStepPicksTheSmallest125StepThatFits) {
  EXPECT_DOUBLE_EQ(nice_step(10, 5), 2);      // 10/1 = 10 ticks > 5; 10/2 = 5 fits
  EXPECT_DOUBLE_EQ(nice_step(1000, 4), 500);  // 100: 10, 200: 5, 500: 2
  EXPECT_DOUBLE_EQ(nice_step(1, 10), 0.1);
  EXPECT_DOUBLE_EQ(nice_step(0.03, 3), 0.01);
  EXPECT_DOUBLE_EQ(nice_step(7, 1), 5);    // one interval: floor(7/5) = 1
  EXPECT_DOUBLE_EQ(nice_step(25, 1), 20);  // 10 gives floor(2.5) = 2 intervals, 20 gives 1

  EXPECT_EQ(nice_step(0, 5), 0);
  EXPECT_EQ(nice_step(NAN, 5), 0);
}

TEST(AppPlotAxis, TicksAreMultiplesOfTheStepInsideTheRange) {
  const AxisTicks t = nice_ticks(-0.13, 0.92, 5);  // span 1.05: 0.1 gives 10 ticks, 0.2 gives 5
  EXPECT_DOUBLE_EQ(t.step, 0.2);
  ASSERT_EQ(t.values.size(), 5u);
  EXPECT_EQ(t.values[0], 0.0);
  EXPECT_FALSE(std::signbit(t.values[0]));  // never -0
  EXPECT_NEAR(t.values[4], 0.8, 1e-12);
}

TEST(AppPlotAxis, TickValuesAndDecimals) {
  AxisTicks t = nice_ticks(0, 1, 5);
  EXPECT_DOUBLE_EQ(t.step, 0.2);
  ASSERT_EQ(t.values.size(), 6u);
  EXPECT_DOUBLE_EQ(t.values[0], 0);
  EXPECT_NEAR(t.values[3], 0.6, 1e-12);
  EXPECT_DOUBLE_EQ(t.values[5], 1);
  EXPECT_EQ(t.decimals, 1);
  EXPECT_EQ(format_tick(t.values[3], t), "0.6");
  t = nice_ticks(-3, 17, 4);  // span 20: step 5, ticks 0, 5, 10, 15
  EXPECT_DOUBLE_EQ(t.step, 5);
  EXPECT_EQ(t.values, (std::vector<double>{0, 5, 10, 15}));
  EXPECT_EQ(t.decimals, 0);
  t = nice_ticks(-1, 1, 4);  // the origin is exactly 0, printed without a sign
  EXPECT_EQ(format_tick(t.values[1], t), "-0.5");
  EXPECT_EQ(format_tick(t.values[2], t), "0");
  EXPECT_TRUE(nice_ticks(1, 1, 5).values.empty());
  EXPECT_TRUE(nice_ticks(0, INFINITY, 5).values.empty());
}

TEST(AppPlotAxis, LargeAndTinyLabels) {
  AxisTicks t = nice_ticks(0, 40000, 4);  // step 10000
  EXPECT_EQ(format_tick(20000, t), "20k");
  t = nice_ticks(0, 3000000, 6);  // step 500000
  EXPECT_DOUBLE_EQ(t.step, 500000);
  EXPECT_EQ(format_tick(1500000, t), "1.5M");
  EXPECT_EQ(format_tick(2000000, t), "2.0M");
  t = nice_ticks(0, 2500, 5);  // step 500: below 1e4 stays plain
  EXPECT_EQ(format_tick(2500, t), "2500");
  t = nice_ticks(0, 0.0002, 4);  // step 5e-05: exponent form
  EXPECT_EQ(format_tick(0.0001, t), "1.0e-04");
}

TEST(AppPlotAxis, ReadoutsAreExactForIntegers) {
  EXPECT_EQ(format_readout(42), "42");
  EXPECT_EQ(format_readout(-0.0), "0");
  EXPECT_EQ(format_readout(0.123456), "0.1235");
  EXPECT_EQ(format_readout(NAN), "nan");
  EXPECT_EQ(format_readout(1e300 * 1e10), "inf");
}

TEST(AppPlotAxis, DataRangeIgnoresNaNAndStartsCountsAtZero) {
  const std::vector<double> a = {NAN, 2, 4, NAN};
  const std::vector<double> b = {3, 10};
  AxisRange r = data_range({&a, &b}, true);
  EXPECT_DOUBLE_EQ(r.lo, 0);  // include_zero, and 0 gets no margin
  EXPECT_DOUBLE_EQ(r.hi, 10 + 10 * 0.04);
  r = data_range({&a}, false);
  EXPECT_DOUBLE_EQ(r.lo, 2 - 2 * 0.04);
  EXPECT_DOUBLE_EQ(r.hi, 4 + 2 * 0.04);
  const std::vector<double> flat = {5, 5};
  r = data_range({&flat}, false);
  EXPECT_DOUBLE_EQ(r.lo, 2.5);
  EXPECT_DOUBLE_EQ(r.hi, 7.5);
  const std::vector<double> none = {NAN};
  r = data_range({&none}, true);
  EXPECT_DOUBLE_EQ(r.lo, 0);
  EXPECT_DOUBLE_EQ(r.hi, 1);
}

TEST(AppPlotAxis, NearestIndex) {
  const std::vector<double> xs = {0, 10, 20, 40};
  EXPECT_EQ(nearest_index(xs, -5), 0);
  EXPECT_EQ(nearest_index(xs, 14), 1);
  EXPECT_EQ(nearest_index(xs, 15), 1);  // ties go left
  EXPECT_EQ(nearest_index(xs, 31), 3);
  EXPECT_EQ(nearest_index(xs, 100), 3);
  EXPECT_EQ(nearest_index({}, 1), -1);
}

TEST(AppPlotAxis, EnvelopeKeepsEveryExtremeOfEachBucket) {
  // 1000 points, 10 columns: each bucket of 100 keeps first, min, max, last.
  std::vector<double> xs(1000), ys(1000);
  for (int i = 0; i < 1000; ++i) {
    xs[static_cast<size_t>(i)] = i;
    ys[static_cast<size_t>(i)] = (i % 100 == 37) ? 1000 + i : (i % 100 == 71 ? -1000 - i : 0);
  }
  std::vector<double> ox, oy;
  envelope(xs, ys, 0, 1000, 10, &ox, &oy);
  EXPECT_EQ(ox.size(), 40u);
  double top = -1e9, bottom = 1e9;
  for (double y : oy) {
    top = std::max(top, y);
    bottom = std::min(bottom, y);
  }
  EXPECT_EQ(top, 1000 + 937);
  EXPECT_EQ(bottom, -1000 - 971);
  for (size_t i = 1; i < ox.size(); ++i) EXPECT_LT(ox[i - 1], ox[i]);  // x order kept
  // Few points: returned as they are, NaN dropped.
  envelope({0, 1, 2}, {1, NAN, 3}, 0, 2, 10, &ox, &oy);
  EXPECT_EQ(ox, (std::vector<double>{0, 2}));
}

TEST(AppPlotAxis, BucketsKeepEachColumnsFirstLowestHighestAndLast) {
  // Five columns of width 2 over [0, 10): NaN skipped, column 3 empty, x = 10 joins the last column.
  const std::vector<double> xs = {0, 0.5, 1.5, 2, 5, 5.5, 9.9, 10};
  const std::vector<double> ys = {3, NAN, -1, 7, 2, 2, 4, 8};
  const std::vector<PlotBucket> b = plot_buckets(xs, ys, 0, 10, 5);
  ASSERT_EQ(b.size(), 4u);
  const int columns[] = {0, 1, 2, 4};
  const size_t first[] = {0, 3, 4, 6}, lo[] = {2, 3, 4, 6}, hi[] = {0, 3, 4, 7}, last[] = {2, 3, 5, 7};
  for (size_t k = 0; k < b.size(); ++k) {
    EXPECT_EQ(b[k].column, columns[k]) << k;
    EXPECT_EQ(b[k].first, first[k]) << k;
    EXPECT_EQ(b[k].lo, lo[k]) << k;  // ties keep the first: column 2's two 2s
    EXPECT_EQ(b[k].hi, hi[k]) << k;
    EXPECT_EQ(b[k].last, last[k]) << k;
  }
  EXPECT_TRUE(is_dense(11, 5));
  EXPECT_FALSE(is_dense(10, 5));  // two points a column are drawn as they are
  EXPECT_TRUE(plot_buckets(xs, ys, 5, 5, 5).empty());
}

TEST(AppPlotAxis, NearestPointWithinARadius) {
  const std::vector<double> xs = {10, 20, 30, NAN};
  const std::vector<double> ys = {10, 10, 10, 0};
  EXPECT_EQ(nearest_point(xs, ys, 19, 12, 8), 1);   // distance sqrt(5) to (20, 10)
  EXPECT_EQ(nearest_point(xs, ys, 15, 10, 8), 0);   // 5 from both: the first
  EXPECT_EQ(nearest_point(xs, ys, 25, 17, 8), -1);  // sqrt(74) > 8 from each
  EXPECT_EQ(nearest_point(xs, ys, 0, 0, 100), 0);   // the NaN point is never hit
  EXPECT_EQ(nearest_point({}, {}, 0, 0, 8), -1);
}

}  // namespace app_plot_axis_test
}  // namespace ml::app
