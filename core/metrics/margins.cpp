// marginlab — margins read off class scores (see margins.h).
#include "core/metrics/margins.h"

#include <algorithm>
#include <bit>
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

// Ranges this short are sorted outright.
constexpr size_t kSortBelow = 16;

// Moves the values of [lo, hi) that are below `pivot` (below or equal, kOrEqual) to its front and returns where the
// others begin. Without a branch on the comparison, which falls at random on unordered values: each value swaps with
// the first of the others, a swap of two of the others when it is one of them itself.
template <bool kOrEqual>
size_t partition_below(double* v, size_t lo, size_t hi, double pivot) {
  size_t store = lo;
  for (size_t i = lo; i < hi; ++i) {
    const double x = v[i];
    v[i] = v[store];
    v[store] = x;
    store += kOrEqual ? (x <= pivot) : (x < pivot);
  }
  return store;
}

// The median of the range's first, middle and last values.
double median_of_three(const double* v, size_t lo, size_t hi) {
  const double a = v[lo], b = v[lo + (hi - lo) / 2], c = v[hi - 1];
  return std::max(std::min(a, b), std::min(std::max(a, b), c));
}

// The k-th smallest of `values` (no NaN among them), reordering them: quickselect with branch-free partitions
// (several times nth_element's speed on a trace row's few hundred margins), ending in a sort of a short range. A
// pivot that is its range's smallest value splits off the values equal to it, so every round shrinks the range;
// after 2 log2(n) rounds nth_element finishes, which bounds the time whatever the order of the values.
double select(std::vector<double>& values, size_t k) {
  double* v = values.data();
  size_t lo = 0, hi = values.size();
  for (int rounds = 2 * std::bit_width(values.size()); hi - lo > kSortBelow; --rounds) {
    if (rounds == 0) {
      std::nth_element(v + lo, v + k, v + hi);
      return v[k];
    }
    const double pivot = median_of_three(v, lo, hi);
    const size_t below = partition_below<false>(v, lo, hi, pivot);
    if (k < below) {
      hi = below;
    } else if (below > lo) {
      lo = below;
    } else {  // the pivot is the range's smallest value
      const size_t equal_end = partition_below<true>(v, lo, hi, pivot);
      if (k < equal_end) return pivot;
      lo = equal_end;
    }
  }
  std::sort(v + lo, v + hi);
  return v[k];
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
