// marginlab app — decision boundaries as segments (see boundary.h).
#include "app/models/boundary.h"

#include <algorithm>

namespace ml::app {

namespace {

int winner(const float* s, int q) {
  int best = 0;
  for (int k = 1; k < q; ++k)
    if (s[k] > s[best]) best = k;
  return best;
}

}  // namespace

std::vector<BoundarySegment> boundary_segments(const std::vector<float>& scores, int w, int h, int q,
                                               const double lo[2], const double hi[2]) {
  std::vector<BoundarySegment> out;
  if (w < 2 || h < 2 || q < 2 ||
      scores.size() < static_cast<size_t>(w) * static_cast<size_t>(h) * static_cast<size_t>(q))
    return out;
  auto at = [&](int c, int r) {
    return scores.data() +
           (static_cast<size_t>(r) * static_cast<size_t>(w) + static_cast<size_t>(c)) * static_cast<size_t>(q);
  };
  std::vector<int> win(static_cast<size_t>(w) * static_cast<size_t>(h));
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < w; ++c)
      win[static_cast<size_t>(r) * static_cast<size_t>(w) + static_cast<size_t>(c)] = winner(at(c, r), q);
  auto wins = [&](int c, int r) {
    return win[static_cast<size_t>(r) * static_cast<size_t>(w) + static_cast<size_t>(c)];
  };
  auto px = [&](double c) { return lo[0] + (c + 0.5) / w * (hi[0] - lo[0]); };
  auto py = [&](double r) { return lo[1] + (r + 0.5) / h * (hi[1] - lo[1]); };
  // The crossing on the edge from centre (c0, r0) to (c1, r1), when their winners differ.
  auto crossing = [&](int c0, int r0, int c1, int r1, std::vector<std::pair<double, double>>* pts) {
    const int a = wins(c0, r0), b = wins(c1, r1);
    if (a == b) return;
    const double da = static_cast<double>(at(c0, r0)[a]) - at(c0, r0)[b];
    const double db = static_cast<double>(at(c1, r1)[a]) - at(c1, r1)[b];
    const double t = da - db > 0 ? std::clamp(da / (da - db), 0.0, 1.0) : 0.5;
    pts->emplace_back(px(c0 + t * (c1 - c0)), py(r0 + t * (r1 - r0)));
  };
  std::vector<std::pair<double, double>> pts;
  for (int r = 0; r + 1 < h; ++r) {
    for (int c = 0; c + 1 < w; ++c) {
      pts.clear();
      crossing(c, r, c + 1, r, &pts);          // bottom
      crossing(c + 1, r, c + 1, r + 1, &pts);  // right
      crossing(c, r + 1, c + 1, r + 1, &pts);  // top
      crossing(c, r, c, r + 1, &pts);          // left
      if (pts.size() == 2) {
        out.push_back({pts[0].first, pts[0].second, pts[1].first, pts[1].second});
      } else if (pts.size() > 2) {
        double mx = 0, my = 0;
        for (const auto& p : pts) {
          mx += p.first;
          my += p.second;
        }
        mx /= static_cast<double>(pts.size());
        my /= static_cast<double>(pts.size());
        for (const auto& p : pts) out.push_back({p.first, p.second, mx, my});
      }
    }
  }
  return out;
}

std::vector<BoundarySegment> boundary_segments(const DecisionGrid& grid) {
  if (!grid.ready()) return {};
  const int w = grid.width(), h = grid.height(), q = grid.classes();
  const int groups = (q + 3) / 4;
  const std::vector<float>& texels = grid.texels();
  std::vector<float> scores(static_cast<size_t>(w) * static_cast<size_t>(h) * static_cast<size_t>(q));
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < w; ++c)
      for (int k = 0; k < q; ++k) {
        const size_t texel =
            static_cast<size_t>(r) * static_cast<size_t>(w * groups) + static_cast<size_t>((k / 4) * w + c);
        scores[(static_cast<size_t>(r) * static_cast<size_t>(w) + static_cast<size_t>(c)) * static_cast<size_t>(q) +
               static_cast<size_t>(k)] = texels[texel * 4 + static_cast<size_t>(k % 4)];
      }
  return boundary_segments(scores, w, h, q, grid.lo(), grid.hi());
}

void BoundaryTracker::update(const Learner& learner, int64_t updates, const Projection& projection, const double lo[2],
                             const double hi[2], float width, float height, const ClockFn& now, double deadline,
                             double min_interval, float pixels_per_cell) {
  const double t = now ? now() : 0;
  const bool rect_changed = lo[0] != lo_[0] || lo[1] != lo_[1] || hi[0] != hi_[0] || hi[1] != hi_[1];
  if (rect_changed) grid_.cancel();
  if (!grid_.running() && (rect_changed || updates != updates_) && (rect_changed || t - last_start_ >= min_interval)) {
    // DecisionGrid sizes its grid at one cell per 3 pixels: scale the size it is given.
    const float f = 3.0f / std::max(1.0f, pixels_per_cell);
    grid_.start(lo, hi, width * f, height * f, learner.num_classes());
    updates_ = updates;
    for (int a = 0; a < 2; ++a) {
      lo_[a] = lo[a];
      hi_[a] = hi[a];
    }
    last_start_ = t;
  }
  if (!grid_.running()) return;
  const double cost = learner.predict_cost() > 0 ? learner.predict_cost() : projection.dims;
  const BatchScorer score = [&learner](const FeatureRef& X, Eigen::MatrixXf* out) { learner.scores_batch(X, out); };
  if (grid_.advance(score, projection, grid_.rows_per_call(cost), now, deadline)) segments_ = boundary_segments(grid_);
}

void BoundaryTracker::clear() {
  grid_.clear();
  segments_.clear();
  updates_ = -1;
  lo_[0] = lo_[1] = hi_[0] = hi_[1] = 0;
  last_start_ = -1e300;
}

}  // namespace ml::app
