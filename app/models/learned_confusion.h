// marginlab app — the Confusion panel's learned Ĉ, apart from drawing: the learner's predictions on the
// test part (the training part when there is none) against the true labels, through core/metrics
// (prediction_confusion, confusion_rate), refreshed a few times a second while the hypothesis moves.
// No ImGui.
#pragma once

#include <cstdint>
#include <vector>

#include "core/session/session.h"

namespace ml::app {

// Ĉ as a row-major Q x Q list (column convention: column q is the true class) and its confusion rate.
struct LearnedConfusionValue {
  std::vector<double> matrix;  // Ĉ_pq at p * Q + q
  double rate = 0;             // ||Ĉ - diag(Ĉ)||_F / √Q
};

// Ĉ of these predictions against these true labels with Q = num_classes.
LearnedConfusionValue learned_confusion(const std::vector<int>& predicted, const std::vector<int>& truth,
                                        int num_classes);

// When the learned Ĉ is recomputed: a new session at once, new learner updates at most every 0.3 s.
class RefreshThrottle {
 public:
  // True when a refresh is due for this session (version) at `updates` learner updates and clock `now`;
  // records the refresh.
  bool due(uint64_t session_version, int64_t updates, double now);

 private:
  uint64_t version_ = 0;
  int64_t updates_ = -1;
  double time_ = -1;
};

// The learned Ĉ of the running session.
class LearnedConfusion {
 public:
  // Brings Ĉ up to date with the session (nullptr clears it).
  void refresh(const Session* session, uint64_t session_version, double now);
  // The latest value (empty matrix before the first refresh).
  const LearnedConfusionValue& value() const { return value_; }
  // True when Ĉ was measured on the test part (false: the training part, there is no test part).
  bool on_test() const { return on_test_; }
  // The session's step count when Ĉ was measured (the throttle lets it trail a fast run by up to 0.3 s).
  int64_t step() const { return step_; }

 private:
  RefreshThrottle throttle_;
  LearnedConfusionValue value_;
  bool on_test_ = true;
  int64_t step_ = 0;
};

}  // namespace ml::app
