// marginlab app — recent frame times (see frame_times.h).
#include "app/models/frame_times.h"

#include <algorithm>
#include <cmath>

namespace ml::app {

void FrameTimes::add(double ms) {
  if (!std::isfinite(ms) || ms < 0) return;
  if (kept_.size() < capacity_) {
    kept_.push_back(ms);
    return;
  }
  kept_[next_] = ms;
  next_ = (next_ + 1) % capacity_;
}

double FrameTimes::median_ms() const {
  if (kept_.empty()) return 0;
  std::vector<double> v = kept_;
  const size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
  const double upper = v[mid];
  if (v.size() % 2 == 1) return upper;
  const double lower = *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid));
  return (lower + upper) / 2;
}

}  // namespace ml::app
