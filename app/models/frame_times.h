// marginlab app — recent frame times for the status line and the end-to-end tests (the median of the last
// frames says whether the UI stays responsive while a sweep runs). No ImGui.
#pragma once

#include <cstddef>
#include <vector>

namespace ml::app {

// The intervals between the last `capacity` frames.
class FrameTimes {
 public:
  // Keeps the last `capacity` intervals (at least one).
  explicit FrameTimes(size_t capacity = 240) : capacity_(capacity < 1 ? 1 : capacity) {}
  // Records one interval in milliseconds (negative or non-finite values are ignored).
  void add(double ms);
  // Intervals recorded and kept.
  size_t size() const { return kept_.size(); }
  // The median of the kept intervals (the mean of the two middle ones for an even count; 0 when none).
  double median_ms() const;

 private:
  size_t capacity_;
  size_t next_ = 0;           // where the next interval goes once full
  std::vector<double> kept_;  // a ring of the last intervals
};

}  // namespace ml::app
