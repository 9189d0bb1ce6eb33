// marginlab app — the View panel's margin histogram (see margin_histogram.h).
#include "app/models/margin_histogram.h"

#include <algorithm>
#include <cmath>

#include "core/metrics/margins.h"

namespace ml::app {

MarginHistogram margin_histogram(const Eigen::MatrixXf& scores, const Dataset& train, int stride, double w_norm) {
  MarginHistogram h;
  std::vector<double> margins;
  std::vector<char> corrupt;
  for (Eigen::Index k = 0; k < scores.rows(); ++k) {
    const size_t i = static_cast<size_t>(k) * static_cast<size_t>(stride);
    const double m = score_margin(scores, k, train.label[i], w_norm);
    if (!std::isfinite(m)) continue;
    margins.push_back(m);
    corrupt.push_back(train.corruption[i] != Corruption::none);
  }
  double extent = 0;
  for (double m : margins) extent = std::max(extent, std::fabs(m));
  if (!(extent > 0)) extent = 1;
  h.lo = -extent;
  h.hi = extent;
  h.clean.assign(kMarginBins, 0.0);
  h.corrupt.assign(kMarginBins, 0.0);
  for (size_t k = 0; k < margins.size(); ++k) {
    int b = static_cast<int>((margins[k] - h.lo) / (h.hi - h.lo) * kMarginBins);
    b = std::clamp(b, 0, kMarginBins - 1);
    (corrupt[k] ? h.corrupt : h.clean)[static_cast<size_t>(b)] += 1;
  }
  const std::string sample = stride > 1 ? " (every " + std::to_string(stride) + "th example)" : "";
  if (scores.cols() == 2) {
    h.title = std::string("Margins on the training set") + sample;
    h.x_label = w_norm > 0 ? "y <w,x> / ||w||  (observed labels)" : "y f(x)  (observed labels)";
  } else {
    h.title = std::string("Multiclass margins on the training set") + sample;
    h.x_label = "score of the observed class minus the best other";
  }
  return h;
}

MarginHistogram margin_histogram(const Learner& learner, const Dataset& train) {
  const int n = train.rows();
  const int stride = std::max(1, n / 20000);
  const Vector* w = learner.weights();
  const double wn = (w && w->size() == train.cols()) ? static_cast<double>(w->norm()) : 0.0;
  Eigen::MatrixXf scores;
  if (stride == 1) {
    learner.scores_batch(train.X, &scores);
  } else {
    FeatureMatrix rows((n + stride - 1) / stride, train.cols());
    for (Eigen::Index k = 0; k < rows.rows(); ++k) rows.row(k) = train.X.row(k * stride);
    learner.scores_batch(rows, &scores);
  }
  return margin_histogram(scores, train, stride, wn);
}

}  // namespace ml::app
