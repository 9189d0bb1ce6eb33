// marginlab — a learner's error and confusion on a dataset: one predict_batch, then core/metrics on the
// predictions. Here rather than in core/metrics because metrics know predictions and vectors, never learners
// (the module order, docs/architecture.md).
#pragma once

#include <Eigen/Core>

#include "core/data/dataset.h"
#include "core/learners/learner.h"
#include "core/metrics/metrics.h"

namespace ml {

// The learner's error on `data` against the observed or the true labels (one predict_batch); NaN when empty.
double learner_error(const Learner& learner, const Dataset& data, LabelSet labels);
// The learner's Ĉ on `data` against the observed or the true labels (one predict_batch), Q = the
// learner's num_classes() (core/metrics/confusion_rate.h, prediction_confusion).
Eigen::MatrixXd learner_confusion(const Learner& learner, const Dataset& data, LabelSet labels);
// The learner's confusion rate on `data` (NaN when `data` is empty).
double learner_confusion_rate(const Learner& learner, const Dataset& data, LabelSet labels);

}  // namespace ml
