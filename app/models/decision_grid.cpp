// marginlab app — the View panel's decision grid (see decision_grid.h).
#include "app/models/decision_grid.h"

#include <algorithm>
#include <cmath>

namespace ml::app {

int grid_cells(float pixels) { return std::clamp(static_cast<int>(pixels / 3), 24, 220); }

void DecisionGrid::start(const double lo[2], const double hi[2], float width, float height, int num_classes,
                         uint64_t hypothesis, double detail) {
  detail_ = std::clamp(detail, 0.0, 1.0);
  auto cells = [&](float pixels) {
    const int full = grid_cells(pixels);
    return detail_ >= 1.0 ? full : std::max(std::min(full, kMinGridCells), static_cast<int>(full * detail_));
  };
  gw_ = cells(width);
  gh_ = cells(height);
  hypothesis_ = hypothesis;
  calls_ = 0;
  q_ = std::max(2, num_classes);
  gw_ = std::min(gw_, 2048 / ((q_ + 3) / 4));  // WebGL2 guarantees textures 2048 texels wide
  scores_.assign(static_cast<size_t>(gw_) * static_cast<size_t>(gh_) * static_cast<size_t>(q_), 0.0f);
  next_row_ = 0;
  for (int a = 0; a < 2; ++a) {
    lo_[a] = lo[a];
    hi_[a] = hi[a];
  }
}

void DecisionGrid::clear() {
  next_row_ = -1;
  ready_ = false;
  texels_.clear();
}

int DecisionGrid::rows_per_call(double cost_per_point, double work) const {
  const double per_row = std::max(1.0, cost_per_point) * std::max(1, gw_);
  return static_cast<int>(std::clamp(work / per_row, 1.0, static_cast<double>(std::max(1, gh_))));
}

bool DecisionGrid::advance(const BatchScorer& score, const Projection& projection, int rows_per_call,
                           const ClockFn& now, double deadline, uint64_t hypothesis) {
  if (next_row_ < 0) return false;
  if (hypothesis != hypothesis_) {  // the learner changed since the pass started: its rows would not match
    next_row_ = -1;
    ++stale_passes_;
    return false;
  }
  ++calls_;
  const int q = q_;
  while (next_row_ < gh_) {
    const int r0 = next_row_, rows = std::min(std::max(1, rows_per_call), gh_ - next_row_);
    cells_.resize(static_cast<Eigen::Index>(rows) * gw_, projection.dims);
    for (int r = 0; r < rows; ++r) {
      const double b = lo_[1] + (r0 + r + 0.5) / gh_ * (hi_[1] - lo_[1]);
      for (int c = 0; c < gw_; ++c) {
        const double a = lo_[0] + (c + 0.5) / gw_ * (hi_[0] - lo_[0]);
        projection.lift(a, b, cells_.row(static_cast<Eigen::Index>(r) * gw_ + c).data());
      }
    }
    score(cells_, &batch_);
    float* out = scores_.data() + static_cast<size_t>(r0) * static_cast<size_t>(gw_) * static_cast<size_t>(q);
    for (Eigen::Index i = 0; i < cells_.rows(); ++i)
      for (int k = 0; k < q; ++k) {
        const float v = k < batch_.cols() ? batch_(i, k) : 0.0f;
        out[static_cast<size_t>(i) * static_cast<size_t>(q) + static_cast<size_t>(k)] = std::isfinite(v) ? v : 0.0f;
      }
    next_row_ += rows;
    if (next_row_ < gh_ && now && now() > deadline) return false;
  }
  finish();
  return true;
}

void DecisionGrid::finish() {
  // Scale so that the largest lead of the best class is 1, then lay the scores out in groups of four
  // classes per RGBA texel for the shader.
  next_row_ = -1;
  const int q = q_;
  const size_t cells = static_cast<size_t>(gw_) * static_cast<size_t>(gh_);
  float scale = 0;
  for (size_t i = 0; i < cells; ++i) {
    const float* sc = scores_.data() + i * static_cast<size_t>(q);
    float best = -INFINITY, second = -INFINITY;
    for (int k = 0; k < q; ++k) {
      if (sc[k] > best) {
        second = best;
        best = sc[k];
      } else if (sc[k] > second) {
        second = sc[k];
      }
    }
    scale = std::max(scale, best - second);
  }
  if (!(scale > 0) || !std::isfinite(scale)) {
    ready_ = false;  // no decision yet (w = 0): no regions rather than a wall of boundary
    return;
  }
  const int groups = (q + 3) / 4;
  texels_.assign(cells * static_cast<size_t>(groups) * 4, -1e30f);
  for (int r = 0; r < gh_; ++r)
    for (int c = 0; c < gw_; ++c)
      for (int k = 0; k < q; ++k) {
        const size_t src =
            (static_cast<size_t>(r) * static_cast<size_t>(gw_) + static_cast<size_t>(c)) * static_cast<size_t>(q) +
            static_cast<size_t>(k);
        const size_t texel =
            static_cast<size_t>(r) * static_cast<size_t>(gw_ * groups) + static_cast<size_t>((k / 4) * gw_ + c);
        texels_[texel * 4 + static_cast<size_t>(k % 4)] = scores_[src] / scale;
      }
  for (int a = 0; a < 2; ++a) {
    done_lo_[a] = lo_[a];
    done_hi_[a] = hi_[a];
  }
  done_w_ = gw_;
  done_h_ = gh_;
  done_q_ = q;
  done_hypothesis_ = hypothesis_;
  done_detail_ = detail_;
  done_calls_ = calls_;
  ready_ = true;
}

}  // namespace ml::app
