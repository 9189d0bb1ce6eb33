// marginlab — multiclass confusion metrics (see confusion_rate.h).
#include "core/metrics/confusion_rate.h"

#include <cassert>
#include <cmath>
#include <limits>

namespace ml {

Eigen::MatrixXd prediction_confusion(const std::vector<int>& predicted, const std::vector<int>& truth,
                                     int num_classes) {
  assert(predicted.size() == truth.size() && num_classes >= 0);
  Eigen::MatrixXd counts = Eigen::MatrixXd::Zero(num_classes, num_classes);
  std::vector<double> per_class(static_cast<size_t>(num_classes), 0.0);
  for (size_t i = 0; i < truth.size(); ++i) {
    const int p = predicted[i];
    const int q = truth[i];
    if (p < 0 || p >= num_classes || q < 0 || q >= num_classes) continue;
    counts(p, q) += 1.0;
    per_class[static_cast<size_t>(q)] += 1.0;
  }
  for (int q = 0; q < num_classes; ++q) {
    const double total = per_class[static_cast<size_t>(q)];
    if (total > 0) counts.col(q) /= total;
  }
  return counts;
}

double off_diagonal_norm(const Eigen::MatrixXd& c) {
  double sum = 0;
  for (Eigen::Index q = 0; q < c.cols(); ++q) {
    for (Eigen::Index p = 0; p < c.rows(); ++p) {
      if (p != q) sum += c(p, q) * c(p, q);
    }
  }
  return std::sqrt(sum);
}

double confusion_rate(const Eigen::MatrixXd& c_hat) {
  if (c_hat.rows() == 0) return 0.0;
  return off_diagonal_norm(c_hat) / std::sqrt(static_cast<double>(c_hat.rows()));
}

}  // namespace ml
