// marginlab app — axis arithmetic of the plot module: data ranges, "nice" 1-2-5 ticks, tick labels,
// and the hover look-up. Pure functions (no ImGui), so tests check them by hand-computed values.
#pragma once

#include <string>
#include <vector>

namespace ml::app {

// Tick positions of one axis and how to print them.
struct AxisTicks {
  std::vector<double> values;  // tick positions inside [lo, hi], increasing
  double step = 0;             // spacing (a 1, 2 or 5 times a power of ten)
  int decimals = 0;            // digits after the point that tell neighbouring ticks apart
};

// A data range to draw: [lo, hi] with hi > lo.
struct AxisRange {
  double lo = 0;
  double hi = 1;
};

// The smallest 1-2-5 step (times a power of ten) with floor(span / step) <= max_ticks, i.e. at most
// max_ticks intervals (max_ticks + 1 ticks) across the span.
double nice_step(double span, int max_ticks);
// Ticks on the multiples of nice_step(hi - lo, max_ticks) inside [lo, hi]; empty when the range is
// empty or not finite.
AxisTicks nice_ticks(double lo, double hi, int max_ticks);
// Range of the finite values of the series (NaN and infinities ignored); `include_zero` extends it to 0;
// a flat or empty range is widened so that it has a size; a 4% margin is added at both ends except at
// 0 when the data starts there (counts and errors sit on the axis).
AxisRange data_range(const std::vector<const std::vector<double>*>& series, bool include_zero);
// A tick label: fixed with ticks.decimals digits; large magnitudes as 12k / 1.5M / 2G; tiny steps
// (below 1e-4) in exponent form. "-0" never appears.
std::string format_tick(double value, const AxisTicks& ticks);
// A value for a read-out: integers exactly, else 4 significant digits ("nan" for NaN).
std::string format_readout(double value);
// Index of the element of increasing `xs` nearest to x (-1 when xs is empty).
int nearest_index(const std::vector<double>& xs, double x);

// Index of the point (xs[i], ys[i]) nearest to (x, y) within distance `radius`, -1 when none is that close;
// points with a NaN coordinate are skipped, ties go to the first (hit-testing a plot's markers in pixels).
int nearest_point(const std::vector<double>& xs, const std::vector<double>& ys, double x, double y, double radius);

// One x bucket of a dense series: its pixel column and, as indices into the series, its first, lowest,
// highest and last point.
struct PlotBucket {
  int column = 0;
  size_t first = 0, lo = 0, hi = 0, last = 0;
};
// True when a series of n points has more than 2 points per column: it is drawn from its buckets.
inline bool is_dense(size_t n, int columns) { return columns >= 1 && n > static_cast<size_t>(2 * columns); }
// The non-NaN points grouped into `columns` buckets of equal x width over [x_lo, x_hi) (xs increasing; a point
// at x_hi joins the last column), in x order; columns no point falls in are left out.
std::vector<PlotBucket> plot_buckets(const std::vector<double>& xs, const std::vector<double>& ys, double x_lo,
                                     double x_hi, int columns);

// Min/max envelope of a polyline for drawing: when there are more points than 2 * columns, the
// points are grouped into `columns` buckets of equal x width and each bucket keeps its first,
// minimum, maximum and last point (in x order), so spikes survive. NaN points are dropped.
void envelope(const std::vector<double>& xs, const std::vector<double>& ys, double x_lo, double x_hi, int columns,
              std::vector<double>* out_x, std::vector<double>* out_y);

}  // namespace ml::app
