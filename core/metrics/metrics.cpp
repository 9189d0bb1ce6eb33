// marginlab — errors, margins and bounds (see metrics.h).
#include "core/metrics/metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "core/metrics/margins.h"
#include "core/util/detmath.h"
#include "core/util/numbers.h"

namespace ml {

double error_rate(const std::vector<int>& predictions, const std::vector<int>& labels) {
  if (labels.empty() || predictions.size() != labels.size()) return kNaN;
  size_t wrong = 0;
  for (size_t i = 0; i < labels.size(); ++i) wrong += predictions[i] != labels[i] ? 1 : 0;
  return static_cast<double>(wrong) / static_cast<double>(labels.size());
}

const std::vector<int>& labels_of(const Dataset& data, LabelSet labels) {
  return labels == LabelSet::observed ? data.label : data.true_label;
}

double dot_double(const float* a, const float* b, int d) {
  double s = 0;
  for (int j = 0; j < d; ++j) s += static_cast<double>(a[j]) * static_cast<double>(b[j]);
  return s;
}

namespace {
// dot_double(partner(x_i), x_i, d) for every row x_i of X, handed to sink(i, value): four rows at a time, each
// summed in coordinate order as dot_double sums it (the same bits), so that four chains of additions overlap
// instead of each waiting on the one before.
template <class Partner, class Sink>
void each_row_dot(const FeatureRef& X, Partner partner, Sink sink) {
  const int d = static_cast<int>(X.cols());
  const Eigen::Index n = X.rows();
  Eigen::Index i = 0;
  for (; i + 4 <= n; i += 4) {
    const float* r0 = X.row(i).data();
    const float* r1 = X.row(i + 1).data();
    const float* r2 = X.row(i + 2).data();
    const float* r3 = X.row(i + 3).data();
    const float *p0 = partner(r0), *p1 = partner(r1), *p2 = partner(r2), *p3 = partner(r3);
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int j = 0; j < d; ++j) {
      s0 += static_cast<double>(p0[j]) * static_cast<double>(r0[j]);
      s1 += static_cast<double>(p1[j]) * static_cast<double>(r1[j]);
      s2 += static_cast<double>(p2[j]) * static_cast<double>(r2[j]);
      s3 += static_cast<double>(p3[j]) * static_cast<double>(r3[j]);
    }
    sink(i, s0);
    sink(i + 1, s1);
    sink(i + 2, s2);
    sink(i + 3, s3);
  }
  for (; i < n; ++i) {
    const float* x = X.row(i).data();
    sink(i, dot_double(partner(x), x, d));
  }
}
}  // namespace

void dot_double_rows(const float* w, const FeatureRef& X, double* out) {
  each_row_dot(
      X, [w](const float*) { return w; }, [out](Eigen::Index i, double dot) { out[i] = dot; });
}

double norm2_double(const Vector& w) { return dot_double(w.data(), w.data(), static_cast<int>(w.size())); }

double sample_margin(const Vector& w, const Dataset& data, LabelSet labels) {
  if (data.rows() == 0 || w.size() != data.cols()) return kNaN;
  const double norm = std::sqrt(norm2_double(w));
  if (!(norm > 0)) return kNaN;
  const int d = data.cols();
  double lowest = std::numeric_limits<double>::infinity();
  for (int i = 0; i < data.rows(); ++i) {
    const int y = labels == LabelSet::observed ? data.sign(i) : data.true_sign(i);
    const double m = y * dot_double(w.data(), data.X.row(i).data(), d);
    if (m < lowest) lowest = m;
  }
  return lowest / norm;
}

namespace {

// True when noise left example i of `data` alone (every example is, when no corruption is recorded).
bool is_clean(const Dataset& data, size_t i) {
  return data.corruption.size() != data.label.size() || data.corruption[i] == Corruption::none;
}

// The four summaries of per-point margins m_i (observed labels; the lowest with the true labels found by the
// caller), each divided by `norm` at the end: dividing by a positive norm keeps the order, so the quantile of
// m_i / norm is the quantile of m_i / norm. Takes `observed` to find its quantile in place.
SampleMargins summarize_margins(std::vector<double> observed, double lowest_true, const Dataset& data, double norm) {
  SampleMargins out;
  if (observed.empty()) return out;
  double lowest = INFINITY, lowest_clean = INFINITY;
  for (size_t i = 0; i < observed.size(); ++i) {
    if (observed[i] < lowest) lowest = observed[i];
    if (is_clean(data, i) && observed[i] < lowest_clean) lowest_clean = observed[i];
  }
  out.observed = lowest / norm;
  out.truth = lowest_true / norm;
  if (std::isfinite(lowest_clean)) out.clean = lowest_clean / norm;
  out.quantile = lower_quantile(std::move(observed), kMarginQuantile) / norm;
  return out;
}

}  // namespace

SampleMargins halfspace_margins(const Vector& w, const Dataset& data) {
  if (data.rows() == 0 || w.size() != data.cols()) return {};
  const double norm = std::sqrt(norm2_double(w));
  if (!(norm > 0)) return {};
  std::vector<double> observed(static_cast<size_t>(data.rows()));
  dot_double_rows(w.data(), data.X, observed.data());  // <w, x_i>, signed below
  double lowest_true = INFINITY;
  for (int i = 0; i < data.rows(); ++i) {
    const double dot = observed[static_cast<size_t>(i)];
    lowest_true = std::min(lowest_true, data.true_sign(i) * dot);
    observed[static_cast<size_t>(i)] = data.sign(i) * dot;
  }
  return summarize_margins(std::move(observed), lowest_true, data, norm);
}

SampleMargins score_margins(const Eigen::MatrixXf& scores, const Dataset& data, double norm) {
  if (!(norm > 0) || data.rows() == 0 || scores.rows() != data.rows()) return {};
  std::vector<double> observed(static_cast<size_t>(data.rows()));
  double lowest_true = INFINITY;
  for (Eigen::Index i = 0; i < scores.rows(); ++i) {
    const size_t k = static_cast<size_t>(i);
    // Unscaled (norm 1): summarize_margins divides once, as for halfspaces.
    observed[k] = multiclass_margin(scores, i, data.label[k], 1.0);
    lowest_true = std::min(lowest_true, multiclass_margin(scores, i, data.true_label[k], 1.0));
  }
  return summarize_margins(std::move(observed), lowest_true, data, norm);
}

double max_radius(const FeatureRef& X) {
  double largest2 = 0;
  each_row_dot(
      X, [](const float* x) { return x; },
      [&largest2](Eigen::Index, double norm2) {
        if (norm2 > largest2) largest2 = norm2;
      });
  return std::sqrt(largest2);
}

double target_margin_on(const Dataset& data) {
  if (data.target.size() != data.cols() || data.rows() == 0) return kNaN;
  return sample_margin(data.target, data, LabelSet::truth);
}

double perceptron_bound(double radius, double delta) {
  if (!(radius > 0) || !(delta > 0)) return kNaN;
  const double r = radius / delta;
  return r * r;
}

double bylander_bound(double epsilon, double gamma) {
  if (!(epsilon > 0) || !(gamma > 0)) return kNaN;
  const double eg = epsilon * gamma;
  return 16.0 / (eg * eg);
}

double halving_bound(double concepts) {
  if (!(concepts >= 1)) return kNaN;
  return det::log(concepts) / det::log(2.0);
}

double randomized_halving_bound(double concepts) {
  if (!(concepts >= 1)) return kNaN;
  const auto n = static_cast<long long>(concepts);
  double h = 0;
  for (long long k = n; k >= 1; --k) h += 1.0 / static_cast<double>(k);  // small terms first
  return h;
}

}  // namespace ml
