// marginlab app — the View panel's margin histogram, apart from drawing: the margins of the training
// examples under the learner's scores (core/metrics/margins.h), clean and corrupted counted apart, in 41
// bins over [-m, m] with m the largest |margin|. No ImGui.
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "core/data/dataset.h"
#include "core/learners/learner.h"

namespace ml::app {

// Bins of the margin histogram.
inline constexpr int kMarginBins = 41;

// A margin histogram and its labels.
struct MarginHistogram {
  std::vector<double> clean;    // counts of clean examples per bin
  std::vector<double> corrupt;  // counts of corrupted examples per bin
  double lo = -1, hi = 1;       // range of the bins
  std::string title;            // plot title
  std::string x_label;          // what the x axis shows
};

// The histogram of the margins of rows 0, stride, 2 stride, ... of `train` given their class scores
// (one row of `scores` per example used, in that order) and ||w|| (0 when the learner is not a halfspace:
// binary margins are then y f(x)). Non-finite margins are left out.
MarginHistogram margin_histogram(const Eigen::MatrixXf& scores, const Dataset& train, int stride, double w_norm);
// The learner's margin histogram on the training part: every example up to 20 000, else every stride-th
// (one scores_batch call).
MarginHistogram margin_histogram(const Learner& learner, const Dataset& train);

}  // namespace ml::app
