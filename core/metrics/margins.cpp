// marginlab — margins read off class scores (see margins.h).
#include "core/metrics/margins.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ml {

double score_margin(const Eigen::MatrixXf& scores, Eigen::Index i, int label, double norm) {
  const Eigen::Index q = scores.cols();
  if (q == 2) {
    double m = (label == 1 ? 1.0 : -1.0) * (static_cast<double>(scores(i, 1)) - scores(i, 0));
    if (norm > 0) m /= norm;
    return m;
  }
  double other = -INFINITY;
  for (Eigen::Index k = 0; k < q; ++k)
    if (k != label) other = std::max(other, static_cast<double>(scores(i, k)));
  return scores(i, label) - other;
}

double multiclass_margin(const Eigen::MatrixXf& scores, Eigen::Index i, int label, double norm) {
  const Eigen::Index q = scores.cols();
  if (!(norm > 0) || q < 2 || label < 0 || label >= q) return std::numeric_limits<double>::quiet_NaN();
  double other = -INFINITY;
  for (Eigen::Index k = 0; k < q; ++k)
    if (k != label) other = std::max(other, static_cast<double>(scores(i, k)));
  return (static_cast<double>(scores(i, label)) - other) / norm;
}

namespace {
// Below this many values nth_element on all of them is as fast as narrowing them first.
constexpr size_t kNarrowFrom = 4096;
// Every kSampleStride-th value brackets the rank.
constexpr size_t kSampleStride = 64;

// The k-th smallest of `values` as nth_element finds it.
double select(std::vector<double>& values, size_t k) {
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
  return values[k];
}

// The k-th smallest of `values`, narrowed first: two order statistics of an evenly spaced sample (the same positions
// every time) bracket rank k with eight standard deviations of room on each side; one pass counts the values below
// the bracket and keeps those inside it; nth_element finishes on those few. Any bracket gives the exact answer
// when rank k falls inside it, and a bracket that misses (a sample unlike the rest) falls back to all the values.
double select_narrowed(const std::vector<double>& values, size_t k) {
  const size_t n = values.size();
  std::vector<double> sample;
  sample.reserve(n / kSampleStride + 1);
  for (size_t i = kSampleStride / 2; i < n; i += kSampleStride) sample.push_back(values[i]);
  const double m = static_cast<double>(sample.size());
  const double position = (static_cast<double>(k) + 0.5) * m / static_cast<double>(n);
  const double room = 4 * std::sqrt(m) + 8;
  const double lowest = position - room >= 0 ? select(sample, static_cast<size_t>(position - room)) : -INFINITY;
  const double highest = position + room < m ? select(sample, static_cast<size_t>(position + room)) : INFINITY;
  size_t below = 0;
  std::vector<double> inside;
  inside.reserve(static_cast<size_t>(4 * room) * kSampleStride);
  for (double v : values) {
    if (v < lowest)
      ++below;
    else if (v <= highest)
      inside.push_back(v);
  }
  if (k >= below && k - below < inside.size()) return select(inside, k - below);
  std::vector<double> all = values;
  return select(all, k);
}
}  // namespace

size_t lower_quantile_rank(size_t n, double q) {
  const double rank = std::ceil(std::clamp(q, 0.0, 1.0) * static_cast<double>(n));  // values needed at or below
  return std::min(rank < 1 ? size_t{0} : static_cast<size_t>(rank) - 1, n - 1);
}

// Found without sorting (linear time: the margin plot asks for it several times a second over up to 20 000 training
// points, a tenth of a page's frame when sorted; a fit's report over 200 000).
double kth_smallest(const std::vector<double>& values, size_t k) {
  if (values.size() >= kNarrowFrom) return select_narrowed(values, k);
  std::vector<double> copy = values;
  return select(copy, k);
}

double lower_quantile(std::vector<double> values, double q) {
  values.erase(std::remove_if(values.begin(), values.end(), [](double v) { return !std::isfinite(v); }), values.end());
  if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
  const size_t rank = lower_quantile_rank(values.size(), q);
  return values.size() < kNarrowFrom ? select(values, rank) : select_narrowed(values, rank);
}

}  // namespace ml
