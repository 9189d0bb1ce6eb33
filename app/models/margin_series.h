// marginlab app — the Plots panel's margin curves, apart from drawing. The trace records one margin, the
// minimum over every training point with the labels the learner saw, and only for binary halfspaces; this
// model computes, from the session's learner, the margins the margin plot shows for every linear learner:
// binary halfspaces y<w,x>/||w||, and UMA and the ultraconservative learners by 004 Def. 2,
// (<w_y,x> - max_{k != y} <w_k,x>) / ||W||_F (Assumption 1 normalizes ||W*||_F = 1; UMA's W lives in its
// feature space when it projects). Under noise one corrupted point sets the minimum (the plot sits at
// about -1), so it also keeps the minimum over the clean points (the ones noise left alone: the sample
// the papers assume separable with margin gamma or theta) and the 10 % quantile over all points. No ImGui.
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/data/dataset.h"
#include "core/learners/learner.h"

namespace ml {
class Session;
}

namespace ml::app {

// The quantile the margin plot reports beside the minimum: 10 % of the training points have a smaller margin.
inline constexpr double kMarginQuantile = 0.10;

// The margins of one state of the learner on the training sample (observed labels).
struct MarginSummary {
  double all_min = NAN;     // min over every point (a corrupted point may set it)
  double clean_min = NAN;   // min over the points whose corruption is none (NaN when none is clean)
  double quantile = NAN;    // kMarginQuantile quantile over every point
};

// ||w|| of a binary halfspace, ||W||_F of UMA's or an ultraconservative learner's W; 0 when the learner's
// hypothesis is not a linear classifier of the scores it writes (no margin is defined), or W = 0.
double linear_weight_norm(const Learner& learner);
// True when linear_weight_norm can be positive for this learner (it is a linear classifier at all).
bool is_linear_classifier(const Learner& learner);
// The summary from class scores (row r of `scores` is example rows[r] of `train`) and the weight norm.
MarginSummary margin_summary(const Eigen::MatrixXf& scores, const std::vector<int>& rows, const Dataset& train, double norm);
// The summary of the learner's current hypothesis on `train` (every example up to 20 000, else every
// stride-th; one scores_batch call); all NaN when the learner is not linear or W = 0.
MarginSummary margin_summary(const Learner& learner, const Dataset& train);

// The margin curves of a run, one point per observed state (recorded when the step count changes, at most
// every `min_interval` seconds except the first and a finished run's last state), thinned by halving past
// kMaxPoints.
class MarginSeries {
 public:
  static constexpr size_t kMaxPoints = 2048;
  // Records the session's current state when due; a new session_version starts the curves over.
  void refresh(const Session* session, uint64_t session_version, double now_seconds, double min_interval = 0.1);
  // Appends a point (what refresh() records; for tests).
  void add(double step, const MarginSummary& m);
  // The curves (same length).
  const std::vector<double>& steps() const { return steps_; }
  const std::vector<double>& all_min() const { return all_min_; }
  const std::vector<double>& clean_min() const { return clean_min_; }
  const std::vector<double>& quantile() const { return quantile_; }
  // The latest summary (all NaN before the first point).
  MarginSummary last() const;
  // True when the learner of the observed session is a linear classifier.
  bool linear() const { return linear_; }

 private:
  void thin();
  uint64_t version_ = 0;
  bool started_ = false;
  bool linear_ = false;
  int64_t last_step_ = -1;
  double last_time_ = -1e300;
  std::vector<double> steps_, all_min_, clean_min_, quantile_;
};

}  // namespace ml::app
