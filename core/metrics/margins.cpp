// marginlab — margins read off class scores (see margins.h).
#include "core/metrics/margins.h"

#include <cmath>

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

}  // namespace ml
