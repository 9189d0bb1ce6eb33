// marginlab — statistics over an experiment's rows: mean ± standard error per point, paired t-tests
// between the values of one axis, verdict sentences computed from them (experiment.h [SECTION] Statistics).
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <unordered_map>

#include "core/experiment/experiment.h"
#include "core/util/numbers.h"

namespace ml {

namespace {

// Continued fraction of the regularized incomplete beta function (modified Lentz), valid for
// x < (a + 1) / (a + b + 2).
double beta_continued_fraction(double a, double b, double x) {
  constexpr double tiny = 1e-300;
  double c = 1, d = 1 - (a + b) * x / (a + 1);
  if (std::fabs(d) < tiny) d = tiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= 300; ++m) {
    const double m2 = 2.0 * m;
    double aa = m * (b - m) * x / ((a - 1 + m2) * (a + m2));
    d = 1 + aa * d;
    if (std::fabs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2));
    d = 1 + aa * d;
    if (std::fabs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1 / d;
    const double step = d * c;
    h *= step;
    if (std::fabs(step - 1) < 1e-15) break;
  }
  return h;
}

// I_x(a, b), the regularized incomplete beta function.
double regularized_beta(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const double front =
      std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x));
  if (x < (a + 1) / (a + b + 2)) return front * beta_continued_fraction(a, b, x) / a;
  return 1 - front * beta_continued_fraction(b, a, 1 - x) / b;
}

std::string number_text(double x, const char* format = "%.4g") {
  if (std::isnan(x)) return "—";
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, format, x);
  return buffer;
}

// Indices of the axes that are not replicates, and of those that are.
void split_axes(const Experiment& e, std::vector<size_t>* points, std::vector<size_t>* replicates) {
  for (size_t k = 0; k < e.axes.size(); ++k) (is_replicate_key(e.axes[k].key) ? replicates : points)->push_back(k);
}

std::string tuple_key(const std::vector<std::string>& values, const std::vector<size_t>& which) {
  std::string key;
  for (size_t k : which) {
    key += values[k];
    key += '\x1f';
  }
  return key;
}

}  // namespace

MeanSe mean_se(const std::vector<double>& values) {
  MeanSe s;
  double sum = 0;
  for (double v : values)
    if (std::isfinite(v)) {
      sum += v;
      ++s.n;
    }
  if (s.n == 0) return {0, kNaN, kNaN};
  s.mean = sum / s.n;
  if (s.n < 2) {
    s.se = kNaN;
    return s;
  }
  double squares = 0;
  for (double v : values)
    if (std::isfinite(v)) squares += (v - s.mean) * (v - s.mean);
  s.se = std::sqrt(squares / (s.n - 1)) / std::sqrt(static_cast<double>(s.n));
  return s;
}

std::vector<std::string> point_keys(const Experiment& experiment) {
  std::vector<std::string> keys;
  for (const Axis& axis : experiment.axes)
    if (!is_replicate_key(axis.key)) keys.push_back(axis.key);
  return keys;
}

std::vector<SweepPoint> sweep_points(const Experiment& experiment, const std::vector<CellRow>& rows,
                                     std::string_view metric) {
  std::unordered_map<int64_t, const CellRow*> by_index;
  for (const CellRow& row : rows) by_index.emplace(row.index, &row);
  std::vector<size_t> point_axes, replicate_axes;
  split_axes(experiment, &point_axes, &replicate_axes);
  std::vector<SweepPoint> points;
  std::vector<std::vector<double>> samples;
  std::unordered_map<std::string, size_t> where;
  const int64_t count = cell_count(experiment);
  for (int64_t i = 0; i < count; ++i) {
    const std::vector<std::string> values = cell_values(experiment, i);
    const std::string key = tuple_key(values, point_axes);
    auto [it, added] = where.emplace(key, points.size());
    if (added) {
      SweepPoint p;
      for (size_t k : point_axes) p.values.push_back(values[k]);
      points.push_back(std::move(p));
      samples.emplace_back();
    }
    points[it->second].cells.push_back(i);
    const auto row = by_index.find(i);
    if (row != by_index.end()) samples[it->second].push_back(row->second->number(metric));
  }
  for (size_t p = 0; p < points.size(); ++p) points[p].stat = mean_se(samples[p]);
  return points;
}

double student_t_two_sided_p(double t, double dof) {
  if (std::isnan(t) || !(dof > 0)) return kNaN;
  if (std::isinf(t)) return 0;
  return regularized_beta(dof / 2, 0.5, dof / (dof + t * t));
}

std::vector<PairedComparison> compare_paired(const Experiment& experiment, const std::vector<CellRow>& rows,
                                             std::string_view metric, std::string_view key, double alpha) {
  std::vector<PairedComparison> out;
  size_t compared = experiment.axes.size();
  for (size_t k = 0; k < experiment.axes.size(); ++k)
    if (experiment.axes[k].key == key && !is_replicate_key(key)) compared = k;
  if (compared == experiment.axes.size() || experiment.axes[compared].values.size() < 2) return out;
  std::unordered_map<int64_t, const CellRow*> by_index;
  for (const CellRow& row : rows) by_index.emplace(row.index, &row);
  std::vector<size_t> others, replicates;
  for (size_t k = 0; k < experiment.axes.size(); ++k) {
    if (k == compared) continue;
    (is_replicate_key(experiment.axes[k].key) ? replicates : others).push_back(k);
  }
  // metric by (other axes' values) -> (compared value) -> (replicate values).
  std::vector<std::string> group_order;
  std::map<std::string, std::vector<std::string>> group_at;
  std::map<std::string, std::map<std::string, std::map<std::string, double>>> table;
  const int64_t count = cell_count(experiment);
  for (int64_t i = 0; i < count; ++i) {
    const std::vector<std::string> values = cell_values(experiment, i);
    const std::string group = tuple_key(values, others);
    if (!group_at.count(group)) {
      group_order.push_back(group);
      std::vector<std::string> at;
      for (size_t k : others) at.push_back(experiment.axes[k].key + "=" + values[k]);
      group_at[group] = at;
    }
    const auto row = by_index.find(i);
    if (row == by_index.end()) continue;
    table[group][values[compared]][tuple_key(values, replicates)] = row->second->number(metric);
  }
  const std::vector<std::string>& levels = experiment.axes[compared].values;
  for (const std::string& group : group_order) {
    for (size_t b = 1; b < levels.size(); ++b) {
      PairedComparison c;
      c.key = std::string(key);
      c.a = levels[0];
      c.b = levels[b];
      c.at = group_at[group];
      std::vector<double> diffs;
      const auto& base = table[group][c.a];
      const auto& other = table[group][c.b];
      for (const auto& [replicate, value] : base) {
        const auto it = other.find(replicate);
        if (it != other.end() && std::isfinite(value) && std::isfinite(it->second)) diffs.push_back(it->second - value);
      }
      c.diff = mean_se(diffs);
      if (c.diff.n >= 2 && c.diff.se > 0)
        c.t = c.diff.mean / c.diff.se;
      else if (c.diff.n >= 2 && c.diff.mean != 0)
        c.t = c.diff.mean > 0 ? INFINITY : -INFINITY;
      else
        c.t = kNaN;
      c.p = student_t_two_sided_p(c.t, c.diff.n - 1);
      c.verdict = paired_verdict(c, metric, alpha);
      out.push_back(std::move(c));
    }
  }
  return out;
}

std::string paired_verdict(const PairedComparison& c_in, std::string_view metric, double alpha) {
  // A learner is named by its id; a value of any other axis by KEY=value (l.family=1, not 1).
  PairedComparison c = c_in;
  if (c.key != "learner") {
    c.a = c.key + "=" + c.a;
    c.b = c.key + "=" + c.b;
  }
  std::string where;
  for (const std::string& a : c.at) where += (where.empty() ? " at " : ", ") + a;
  const std::string replicates = "paired replicates";
  const std::string m(metric);
  const std::string alpha_text = number_text(alpha * 100, "%g") + " %";
  if (c.diff.n < 2)
    return c.b + " vs " + c.a + where + ": " + std::to_string(c.diff.n) + " paired replicate" +
           (c.diff.n == 1 ? "" : "s") + ", too few for a test.";
  if (c.diff.mean == 0 && !(c.diff.se > 0))
    return c.b + " and " + c.a + " have the same " + m + where + " in all " + std::to_string(c.diff.n) + " " +
           replicates + ".";
  const std::string numbers = number_text(c.diff.mean) + " ± " + number_text(c.diff.se) + " (paired t-test over " +
                              std::to_string(c.diff.n) + " " + replicates + ", t = " + number_text(c.t, "%.3g") +
                              ", p = " + number_text(c.p, "%.2g");
  if (c.p < alpha)
    return c.b + " has a " + (c.diff.mean < 0 ? "lower " : "higher ") + m + " than " + c.a + where + ": " + numbers +
           "; significant at " + alpha_text + ").";
  return "no significant difference in " + m + " between " + c.b + " and " + c.a + where + ": " + numbers +
         "; not significant at " + alpha_text + ").";
}

}  // namespace ml
