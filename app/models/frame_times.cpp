// marginlab app — recent frame times and frame costs (see frame_times.h).
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

double FrameTimes::percentile_ms(double p) const {
  if (kept_.empty() || !(p >= 0)) return 0;
  std::vector<double> v = kept_;
  const double at = std::min(1.0, p) * static_cast<double>(v.size() - 1);
  const size_t i = std::min(v.size() - 1, static_cast<size_t>(std::floor(at + 0.5)));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(i), v.end());
  return v[i];
}

double FrameCost::app_ms() const { return std::max(0.0, frame_ms - train_ms - gl_ms); }

void FrameCostStats::add(const FrameCost& cost) {
  if (!std::isfinite(cost.frame_ms) || !std::isfinite(cost.train_ms) || !std::isfinite(cost.gl_ms)) return;
  app_.add(cost.app_ms());
  train_.add(cost.train_ms);
  gl_.add(cost.gl_ms);
}

}  // namespace ml::app
