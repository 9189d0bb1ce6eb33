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

double lower_quantile(std::vector<double> values, double q) {
  values.erase(std::remove_if(values.begin(), values.end(), [](double v) { return !std::isfinite(v); }), values.end());
  if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
  const double n = static_cast<double>(values.size());
  const double rank = std::ceil(std::clamp(q, 0.0, 1.0) * n);  // values needed at or below
  const size_t index = std::min(rank < 1 ? size_t{0} : static_cast<size_t>(rank) - 1, values.size() - 1);
  // The index-th smallest value, found without sorting (linear time: the margin plot asks for it several
  // times a second over up to 20 000 training points, a tenth of a page's frame when sorted).
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(index), values.end());
  return values[index];
}

}  // namespace ml
