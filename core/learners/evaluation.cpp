// marginlab — a learner's error and confusion on a dataset (see evaluation.h).
#include "core/learners/evaluation.h"

#include <limits>
#include <vector>

#include "core/metrics/confusion_rate.h"

namespace ml {

double learner_error(const Learner& learner, const Dataset& data, LabelSet labels) {
  if (data.rows() == 0) return std::numeric_limits<double>::quiet_NaN();
  std::vector<int> predicted;
  learner.predict_batch(data.X, &predicted);
  return error_rate(predicted, labels_of(data, labels));
}

Eigen::MatrixXd learner_confusion(const Learner& learner, const Dataset& data, LabelSet labels) {
  std::vector<int> predicted;
  learner.predict_batch(data.X, &predicted);
  return prediction_confusion(predicted, labels_of(data, labels), learner.num_classes());
}

double learner_confusion_rate(const Learner& learner, const Dataset& data, LabelSet labels) {
  if (data.rows() == 0) return std::numeric_limits<double>::quiet_NaN();
  return confusion_rate(learner_confusion(learner, data, labels));
}

}  // namespace ml
