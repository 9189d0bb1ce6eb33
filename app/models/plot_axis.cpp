// marginlab app — axis arithmetic of the plot module (see plot_axis.h).
#include "app/models/plot_axis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ml::app {

double nice_step(double span, int max_ticks) {
  if (!(span > 0) || !std::isfinite(span) || max_ticks < 1) return 0;
  const double raw = span / max_ticks;
  // Start one decade below and walk 1, 2, 5, 10, 20, ... until the count fits. floor(log10) is
  // computed by repeated scaling so no libm transcendental is involved (exact on every platform).
  double decade = 1;
  while (decade > raw) decade /= 10;
  while (decade * 10 <= raw) decade *= 10;
  static const double kMultipliers[] = {1, 2, 5, 10};
  for (double m : kMultipliers) {
    const double step = m * decade;
    if (std::floor(span / step) <= max_ticks) return step;
  }
  return 10 * decade;
}

AxisTicks nice_ticks(double lo, double hi, int max_ticks) {
  AxisTicks t;
  if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo)) return t;
  t.step = nice_step(hi - lo, max_ticks);
  if (t.step <= 0) return t;
  const double first = std::ceil(lo / t.step - 1e-9);
  const double last = std::floor(hi / t.step + 1e-9);
  for (double k = first; k <= last && t.values.size() < 1000; k += 1) {
    double v = k * t.step;
    if (std::fabs(v) < t.step * 1e-9) v = 0;  // no -0 and no 1e-17 at the origin
    t.values.push_back(v);
  }
  // Digits: enough to print the step itself (0.25 is never a step; 0.5 -> 1, 0.02 -> 2).
  int decimals = 0;
  double s = t.step;
  while (decimals < 12 && std::fabs(s - std::round(s)) > 1e-9 * std::max(1.0, std::fabs(s))) {
    s *= 10;
    ++decimals;
  }
  t.decimals = decimals;
  return t;
}

AxisRange data_range(const std::vector<const std::vector<double>*>& series, bool include_zero) {
  double lo = INFINITY, hi = -INFINITY;
  for (const std::vector<double>* s : series) {
    if (!s) continue;
    for (double v : *s) {
      if (!std::isfinite(v)) continue;
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  if (!(lo <= hi)) return AxisRange{0, 1};
  if (include_zero) {
    lo = std::min(lo, 0.0);
    hi = std::max(hi, 0.0);
  }
  if (hi - lo <= 0) {
    const double pad = lo == 0 ? 1 : std::fabs(lo) * 0.5;
    if (lo == 0) return AxisRange{0, 1};
    return AxisRange{lo - pad, hi + pad};
  }
  const double margin = (hi - lo) * 0.04;
  return AxisRange{lo == 0 ? 0 : lo - margin, hi == 0 ? 0 : hi + margin};
}

std::string format_tick(double value, const AxisTicks& ticks) {
  char buf[48];
  if (value == 0) return "0";
  const double mag = std::fabs(value);
  if (ticks.step > 0 && ticks.step < 1e-4) {
    std::snprintf(buf, sizeof buf, "%.1e", value);
    return buf;
  }
  struct Unit {
    double scale;
    const char* suffix;
  };
  static const Unit kUnits[] = {{1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
  if (mag >= 1e4) {
    for (const Unit& u : kUnits) {
      if (mag >= u.scale) {
        // Digits of the step in this unit: 2500 in k needs one decimal when the step is 500.
        int decimals = 0;
        double s = ticks.step / u.scale;
        while (decimals < 3 && s > 0 && std::fabs(s - std::round(s)) > 1e-9) {
          s *= 10;
          ++decimals;
        }
        std::snprintf(buf, sizeof buf, "%.*f%s", decimals, value / u.scale, u.suffix);
        return buf;
      }
    }
  }
  std::snprintf(buf, sizeof buf, "%.*f", ticks.decimals, value);
  return buf;
}

std::string format_readout(double value) {
  char buf[48];
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (value == std::floor(value) && std::fabs(value) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", value == 0 ? 0.0 : value);
    return buf;
  }
  std::snprintf(buf, sizeof buf, "%.4g", value);
  return buf;
}

int nearest_index(const std::vector<double>& xs, double x) {
  if (xs.empty()) return -1;
  auto it = std::lower_bound(xs.begin(), xs.end(), x);
  if (it == xs.begin()) return 0;
  if (it == xs.end()) return static_cast<int>(xs.size()) - 1;
  const int hi = static_cast<int>(it - xs.begin());
  return (x - xs[static_cast<size_t>(hi - 1)] <= xs[static_cast<size_t>(hi)] - x) ? hi - 1 : hi;
}

int nearest_point(const std::vector<double>& xs, const std::vector<double>& ys, double x, double y, double radius) {
  int best = -1;
  double best_d2 = radius * radius;
  const size_t n = std::min(xs.size(), ys.size());
  for (size_t i = 0; i < n; ++i) {
    if (!std::isfinite(xs[i]) || !std::isfinite(ys[i])) continue;
    const double d2 = (xs[i] - x) * (xs[i] - x) + (ys[i] - y) * (ys[i] - y);
    if (d2 <= best_d2 && (best < 0 || d2 < best_d2)) {
      best = static_cast<int>(i);
      best_d2 = d2;
    }
  }
  return best;
}

std::vector<PlotBucket> plot_buckets(const std::vector<double>& xs, const std::vector<double>& ys, double x_lo,
                                     double x_hi, int columns) {
  std::vector<PlotBucket> out;
  const size_t n = std::min(xs.size(), ys.size());
  if (columns < 1 || !(x_hi > x_lo)) return out;
  const double width = (x_hi - x_lo) / columns;
  auto column_of = [&](double x) {
    return std::clamp(static_cast<int>(std::floor((x - x_lo) / width)), 0, columns - 1);
  };
  for (size_t i = 0; i < n; ++i) {
    if (std::isnan(ys[i]) || std::isnan(xs[i])) continue;
    const int column = column_of(xs[i]);
    if (out.empty() || out.back().column != column) {
      out.push_back({column, i, i, i, i});
      continue;
    }
    PlotBucket& b = out.back();
    if (ys[i] < ys[b.lo]) b.lo = i;
    if (ys[i] > ys[b.hi]) b.hi = i;
    b.last = i;
  }
  return out;
}

void envelope(const std::vector<double>& xs, const std::vector<double>& ys, double x_lo, double x_hi, int columns,
              std::vector<double>* out_x, std::vector<double>* out_y) {
  out_x->clear();
  out_y->clear();
  const size_t n = std::min(xs.size(), ys.size());
  if (!is_dense(n, columns) || !(x_hi > x_lo)) {
    for (size_t i = 0; i < n; ++i) {
      if (std::isnan(ys[i]) || std::isnan(xs[i])) continue;
      out_x->push_back(xs[i]);
      out_y->push_back(ys[i]);
    }
    return;
  }
  for (const PlotBucket& b : plot_buckets(xs, ys, x_lo, x_hi, columns)) {
    const size_t keep[4] = {b.first, std::min(b.lo, b.hi), std::max(b.lo, b.hi), b.last};
    size_t previous = n;
    for (size_t k : keep) {
      if (k == previous) continue;
      out_x->push_back(xs[k]);
      out_y->push_back(ys[k]);
      previous = k;
    }
  }
}

}  // namespace ml::app
